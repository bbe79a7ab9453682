"""The error contract (issue 8) and the flags Paddle type-checks.

1. Examples from the issue, each checked against paddlepaddle 3.3.1 (the comment says what
   Paddle does; where Paddle itself leaks an internal error or aborts, we raise the nearest
   Paddle type with a message naming the op, see docs/differences.md).
2. A property test (hypothesis): every public op (eagergraph.ops.__all__) fed wrong types, bad
   shapes and out-of-range axes either works or raises one of the exception types Paddle uses,
   never a NumPy/internal one (AttributeError, KeyError, ZeroDivisionError, OverflowError,
   MemoryError, numpy.AxisError, RecursionError, ...), never hangs, and the message names the op.
   Derandomized, a bounded number of examples per op and a deadline, so CI is fast and stable.
3. PyLayer grads and the .grad they make on leaves carry Paddle's stop_gradient flags.
"""
import inspect
import signal

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import eagergraph as paddle
from eagergraph import ops as _ops
from eagergraph.autograd import PyLayer

PADDLE_TYPES = (ValueError, TypeError, IndexError, RuntimeError, NotImplementedError,
                AssertionError)
# subclasses of the allowed types that are internal leaks all the same
LEAKS = (RecursionError, UnboundLocalError, np.exceptions.AxisError, KeyError,
         np.exceptions.DTypePromotionError)


def _check_contract(op, e):
    leak = f"{op}: leaked {type(e).__module__}.{type(e).__name__}: {e}"
    assert isinstance(e, PADDLE_TYPES), leak
    assert not isinstance(e, LEAKS), leak
    assert not type(e).__module__.startswith("numpy"), f"{op}: NumPy exception {type(e)}: {e}"
    if op not in NAME_GAPS_COMMITTED and op not in NAME_GAPS_IN_FLIGHT:
        assert _names(op, str(e)), (f"{op}: the message does not name the op: "
                                    f"{type(e).__name__}: {e}")


# ops whose errors come from the op they are spelled with (Paddle's aliases and inplace forms)
ALIAS = {"mod": "remainder", "floor_mod": "remainder", "less": "less_than",
         "greater": "greater_than", "mm": "matmul", "standard_normal": "randn",
         "split": "split_with_num", "chunk": "split_with_num", "broadcast_to": "expand",
         "expand_as": "expand", "zeros": "full", "ones": "full", "empty": "full",
         "zeros_like": "full_like", "ones_like": "full_like", "rand": "uniform",
         "randn": "gaussian", "normal": "gaussian", "sgn": "sign", "neg": "scale",
         # composed ops whose errors come from the op they are built on
         "amax": "max", "amin": "min", "std": "var", "sort": "argsort", "where": "nonzero",
         # Paddle 3.x's other spellings (ops/alias.py)
         "cat": "concat", "concatenate": "concat", "clamp": "clip", "eq": "equal",
         "ne": "not_equal", "gt": "greater_than", "ge": "greater_equal", "lt": "less_than",
         "le": "less_equal", "div": "divide", "sub": "subtract", "mul": "multiply",
         "true_divide": "divide", "negative": "scale", "swapaxes": "transpose",
         "swapdims": "transpose", "permute": "transpose", "take_along_dim": "take_along_axis",
         "reverse": "flip", "ger": "outer", "manual_seed": "seed", "floor_mod_": "remainder",
         "mod_": "remainder", "ravel": "flatten", "msort": "argsort",
         "matrix_transpose": "transpose", "row_stack": "vstack", "log_normal": "gaussian",
         "broadcast_shape": "broadcast_shapes", "rand_like": "uniform", "randn_like": "gaussian",
         "less_": "less_than"}


# Known gaps, checked for the exception types only (the message names an inner op, or none):
# reported, to be fixed where the ops are defined. NAME_GAPS_COMMITTED are in committed wrappers;
# NAME_GAPS_IN_FLIGHT are ops being added while this test was written (elementwise/reduce/linalg
# compositions whose errors come from the ops they are built on).
NAME_GAPS_COMMITTED = {"assign", "cast", "masked_fill_", "normal", "randint", "standard_normal",
                       "log_normal"}  # log_normal: normal's messages
NAME_GAPS_IN_FLIGHT = {"count_nonzero", "frac", "frac_", "gcd", "gcd_", "hypot", "hypot_",
                       "inner", "lcm", "lcm_", "lerp", "logaddexp", "mm", "ger", "vecdot",
                       "nanmean", "nansum", "outer", "polygamma", "polygamma_", "sgn", "sinc",
                       "sinc_", "std", "var"}
# in-flight ops that still leak an AttributeError on a non-Tensor argument
LEAKS_IN_FLIGHT = {"inner", "outer", "mm", "lerp"}


def _names(op, msg):
    base = op[:-1] if op.endswith("_") and op != "_" else op
    names = {op, base, ALIAS.get(op, op), ALIAS.get(base, base)}
    return any(f"{n}(" in msg or f"'{n}'" in msg or f"`{n}`" in msg or f" {n} " in msg
               for n in names)


class _Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise _Timeout()


def _call(op, fn, args, kwargs):
    """fn(*args, **kwargs) under a 10 s alarm: returns normally or checks the exception."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(10)
    try:
        fn(*args, **kwargs)
    except _Timeout:
        pytest.fail(f"{op} hung on args={args!r} kwargs={kwargs!r}")
    except Exception as e:  # noqa: BLE001  (the contract is about which)
        _check_contract(op, e)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


# ---- 2. the property test ----------------------------------------------------------------------
BAD_VALUES = st.sampled_from([
    "abc", None, object(), {"a": 1}, [1, "x"], [[1, 2], [3]], 1.5, -1, 10 ** 20, -10 ** 20,
    True, 1 + 2j, float("nan"), (), [], np.zeros((2, 2, 2)), [-1, -1], [0, -5], [2 ** 40] * 3,
])
AXES = st.sampled_from([2, 3, -3, -7, 100, 10 ** 20, [0, 0], [0, 5], (1, -3), 1.5, "x", [None]])


def _tensors():
    """Tensors that are valid elsewhere but wrong for many ops: odd shapes and dtypes."""
    return st.sampled_from([
        ("float32", [2, 3]), ("float32", [5]), ("float32", []), ("float32", [0, 3]),
        ("int64", [2, 3]), ("bool", [2, 3]), ("complex64", [2, 3]), ("float64", [3, 1, 2]),
        ("int32", [4]),
    ]).map(lambda dt: paddle.to_tensor(np.arange(int(np.prod(dt[1]))).reshape(dt[1]) % 3 + 1)
           .astype(dt[0]))


def _arguments(fn):
    try:
        params = [p for p in inspect.signature(fn).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
                  and p.name != "name"]
    except (TypeError, ValueError):
        params = []
    return params


@st.composite
def _call_args(draw, fn):
    params = _arguments(fn)
    args = []
    for p in params:
        if p.default is not inspect.Parameter.empty and not draw(st.booleans()):
            break  # leave the rest at their defaults
        if p.name in ("axis", "dim", "perm", "axes", "start_axis", "stop_axis"):
            args.append(draw(st.one_of(AXES, BAD_VALUES)))
        elif p.name in ("x", "y", "input", "other", "condition", "index", "mask", "weight"):
            args.append(draw(st.one_of(_tensors(), _tensors(), BAD_VALUES)))
        elif p.name in ("shape", "repeat_times", "num_or_sections", "starts", "ends",
                        "strides", "chunks"):
            args.append(draw(st.one_of(BAD_VALUES, AXES)))
        else:
            args.append(draw(st.one_of(BAD_VALUES, _tensors())))
    return args


_PUBLIC = sorted(_ops.__all__)


# var/std of generated inputs with too few elements warn, as in Paddle
@pytest.mark.filterwarnings("ignore:Degrees of freedom is <= 0:UserWarning")
@pytest.mark.parametrize("op", [
    pytest.param(op, marks=pytest.mark.xfail(reason="in-flight op leaks AttributeError",
                                             strict=False))
    if op in LEAKS_IN_FLIGHT else op for op in _PUBLIC])
def test_public_op_raises_only_paddle_errors_naming_the_op(op):
    fn = getattr(paddle, op)

    @settings(max_examples=12, derandomize=True, deadline=2000, database=None,
              suppress_health_check=list(HealthCheck))
    @given(args=_call_args(fn))
    def check(args):
        _call(op, fn, args, {})

    check()


# ---- 1. examples from the issue, against Paddle 3.3.1 ----------------------------------------
X = [1.0, 2.0, 3.0]


def test_uniform_min_not_below_max_is_valueerror():
    # Paddle: ValueError "(InvalidArgument) The uniform_random's min must less then max"
    with pytest.raises(ValueError, match=r"uniform_\(\).*min must less then max"):
        paddle.zeros([3]).uniform_(1.5, 1.0)
    with pytest.raises(ValueError, match=r"uniform_\(\)"):
        paddle.zeros([3]).uniform_(1.0, 1.0)


def test_normal_with_negative_std_draws_like_paddle():
    # Paddle accepts std < 0 (mean + std * z); NumPy's normal() refuses it
    paddle.seed(3)
    a = paddle.zeros([1000]).normal_(0.0, -2.0).numpy()
    paddle.seed(3)
    b = paddle.zeros([1000]).normal_(0.0, 2.0).numpy()
    np.testing.assert_allclose(a, -b)
    assert 1.5 < a.std() < 2.5


def test_tile_repeat_beyond_int64_is_valueerror():
    # Paddle: ValueError (the repeat wraps to -1: "must be positive integers")
    for reps in (10 ** 20, [10 ** 20]):
        with pytest.raises(ValueError, match=r"tile\(\).*repeat_times"):
            paddle.tile(paddle.to_tensor(X), reps)


def test_arange_beyond_int64_is_typeerror():
    # Paddle: TypeError (from its isfinite check on the too-large int)
    with pytest.raises(TypeError, match=r"arange\(\).*'start'"):
        paddle.arange(10 ** 20, 5)
    with pytest.raises(TypeError, match=r"arange\(\).*'end'"):
        paddle.arange(0, 10 ** 20)


@pytest.mark.parametrize("op", ["bitwise_and", "bitwise_or", "bitwise_xor"])
def test_bitwise_ops_on_floats_are_runtimeerror(op):
    # Paddle: RuntimeError (NotFound) the kernel for float32 is not registered
    x = paddle.to_tensor(X)
    with pytest.raises(RuntimeError, match=rf"`{op}` is not registered"):
        getattr(paddle, op)(x, x)
    with pytest.raises(RuntimeError, match=r"`bitwise_not` is not registered"):
        paddle.bitwise_not(x)


def test_hessian_and_jacobian_of_a_non_tensor_are_typeerror():
    # Paddle: AttributeError ('int' object has no attribute 'numel' / 'shape'): an internal
    # error; here a TypeError naming the function and the argument
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    with pytest.raises(TypeError, match=r"hessian\(\): 'ys'"):
        paddle.autograd.hessian(-1, x)
    with pytest.raises(TypeError, match=r"jacobian\(\): 'ys'"):
        paddle.autograd.jacobian(-1, x)
    with pytest.raises(TypeError, match=r"jacobian\(\): 'xs'"):
        paddle.autograd.jacobian(x * 2, "x")


def test_multi_element_tensor_as_a_flag():
    # Paddle aborts the process (pybind11::error_already_set); here a ValueError naming it
    x = paddle.to_tensor(X)
    with pytest.raises(ValueError, match=r"sum\(\): argument 'keepdim'.*2 elements"):
        paddle.sum(x, keepdim=paddle.to_tensor([True, False]))


@pytest.mark.parametrize("value", ["abc", 1, 0, 1.0, np.True_, paddle.to_tensor(True)])
def test_tensor_flags_are_type_checked(value):
    # Paddle: TypeError "(InvalidType) argument (position 1) must be bool, but got str"
    t = paddle.to_tensor([1.0])
    with pytest.raises(TypeError, match=r"Tensor.stop_gradient.*must be bool"):
        t.stop_gradient = value
    with pytest.raises(TypeError, match=r"Tensor.persistable.*must be bool"):
        t.persistable = value
    assert t.stop_gradient is True and t.persistable is False


def test_tensor_flags_accept_bools_and_none():
    t = paddle.to_tensor([1.0])
    t.stop_gradient = False
    assert t.stop_gradient is False
    t.stop_gradient = None  # Paddle: None is False
    assert t.stop_gradient is False
    t.persistable = True
    assert t.persistable is True
    # to_tensor's stop_gradient is truth-tested, as in Paddle ('abc' -> True, '' -> False)
    assert paddle.to_tensor([1.0], stop_gradient="abc").stop_gradient is True
    assert paddle.to_tensor([1.0], stop_gradient="").stop_gradient is False


@pytest.mark.parametrize("value", ["yes", 1, np.True_])
def test_backward_retain_graph_is_type_checked(value):
    # Paddle: Tensor.backward TypeError "(InvalidType) argument (position 3) must be bool";
    # paddle.autograd.backward and paddle.grad: AssertionError
    t = paddle.to_tensor([1.0], stop_gradient=False)
    with pytest.raises(TypeError, match=r"backward\(\): argument 'retain_graph'.*must be bool"):
        (t * 2).sum().backward(retain_graph=value)
    with pytest.raises(AssertionError, match=r"retain_graph must be True or False"):
        paddle.autograd.backward([(t * 2).sum()], retain_graph=value)
    for kw, text in [("retain_graph", "retain_graph must be None, True or False"),
                     ("create_graph", "create_graph must be True or False"),
                     ("allow_unused", "allow_unused must be True or False"),
                     ("only_inputs", "only_inputs must be True or False")]:
        with pytest.raises(AssertionError, match=rf"paddle.grad: {text}"):
            paddle.grad((t * 2).sum(), t, **{kw: value})
    assert t.grad is None


def test_backward_retain_graph_none_is_false():
    t = paddle.to_tensor([1.0], stop_gradient=False)
    (t * 2).sum().backward(retain_graph=None)
    assert t.grad.numpy().tolist() == [2.0]
    assert paddle.grad((t * 3).sum(), t, retain_graph=None)[0].numpy().tolist() == [3.0]


def test_grad_argument_checks_are_paddles_assertions():
    t = paddle.to_tensor([1.0], stop_gradient=False)
    y = (t * 2).sum()
    with pytest.raises(AssertionError, match="outputs cannot be empty"):
        paddle.grad([], t)
    with pytest.raises(AssertionError, match="Elements of inputs must be Tensor"):
        paddle.grad(y, [t, 1])
    with pytest.raises(AssertionError, match="no_grad_vars must be None, Tensor or"):
        paddle.grad(y, t, no_grad_vars="abc")
    with pytest.raises(AssertionError, match="only_inputs=False is not supported"):
        paddle.grad(y, t, only_inputs=False)
    with pytest.raises(AssertionError, match="tensors cannot be empty"):
        paddle.autograd.backward([])


# ---- 3. PyLayer grads and stop_gradient (Paddle 3.3.1's values) -----------------------------
class Double(PyLayer):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        Double.seen = g.stop_gradient
        return g * 2


class DoubleNeedsGrad(PyLayer):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        r = g * 2
        r.stop_gradient = False
        return r


def _leaf():
    return paddle.to_tensor([1.0, 2.0], stop_gradient=False)


def test_pylayer_grad_on_a_leaf_stops_gradient():
    x = _leaf()
    Double.apply(x).sum().backward()
    assert x.grad.stop_gradient is True and x.grad.numpy().tolist() == [2.0, 2.0]
    Double.apply(x).sum().backward()  # accumulating keeps the flag
    assert x.grad.stop_gradient is True and x.grad.numpy().tolist() == [4.0, 4.0]
    (x * 2).sum().backward()
    assert x.grad.stop_gradient is True


def test_plain_grad_first_keeps_stop_gradient_false():
    x = _leaf()
    (x * 2).sum().backward()
    Double.apply(x).sum().backward()
    assert x.grad.stop_gradient is False


def test_first_grad_to_arrive_in_one_backward_decides():
    x = _leaf()
    (Double.apply(x) + x * 3).sum().backward()
    assert x.grad.stop_gradient is True and x.grad.numpy().tolist() == [5.0, 5.0]
    x = _leaf()
    (x * 3 + Double.apply(x)).sum().backward()
    assert x.grad.stop_gradient is False and x.grad.numpy().tolist() == [5.0, 5.0]


def test_pylayer_grad_through_an_op_or_returned_needing_grad():
    x = _leaf()
    Double.apply(x * 1).sum().backward()
    assert x.grad.stop_gradient is False
    x = _leaf()
    DoubleNeedsGrad.apply(x).sum().backward()
    assert x.grad.stop_gradient is False


def test_hook_sees_the_pylayer_flag():
    x = _leaf()
    seen = []
    x.register_hook(lambda g: seen.append(g.stop_gradient))
    Double.apply(x).sum().backward()
    assert seen == [True] and x.grad.stop_gradient is True


def test_pylayer_backward_receives_grads_that_need_grad():
    for create_graph in (False, True):
        x = _leaf()
        g, = paddle.grad(Double.apply(x).sum(), x, create_graph=create_graph)
        assert Double.seen is False
        assert g.stop_gradient is (not create_graph)
        assert g.numpy().tolist() == [2.0, 2.0]


def test_pylayer_flag_does_not_outlive_paddle_grad():
    x = _leaf()
    paddle.grad(Double.apply(x).sum(), x)
    (x * 2).sum().backward()
    assert x.grad.stop_gradient is False
