"""The elementwise family's Python wrappers: math (Paddle python/paddle/tensor/math.py), then
comparison, logical and bitwise (logic.py)."""
import numpy as np

from .._generated import ops_api as _C_ops, dygraph_functions as _ad
from ..tensor import Tensor
from ..phi.common import (convert_dtype, NP_TO_DTYPE, bool_, int32, int64, float16, bfloat16,
                          float32, float64, complex64, complex128)
from .._generated.eager_utils import (parse_tensor, parse_scalar, parse_scalar_float32, errors_name_op,
                           param_aliases)
from ..framework import default_float_dtype
from ..param_alias import write_out
from ..eager.inplace import check_inplace, commit_inplace, inplace_input

# add, exp, tanh, ... are the generated functions themselves (ops.yaml `public:`)
mod = _C_ops.remainder  # Paddle's aliases
floor_mod = _C_ops.remainder

__all__ = ["mod", "floor_mod", "pow", "scale", "clip", "cast", "assign"]
TENSOR_METHODS = ["mod", "floor_mod", "pow", "scale", "clip", "clip_", "cast", "astype"]


def pow(x, y, name=None):
    """x ** y: y a Python scalar (`pow` op) or a Tensor (`elementwise_pow`)."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "pow", "x", 0)
    if isinstance(y, Tensor):
        return _ad.elementwise_pow_ad_func(x, y)
    if isinstance(y, (bool, np.bool_)):
        y = int(y)  # Paddle: x ** True is x ** 1
    if isinstance(y, (int, float, np.integer, np.floating)):
        return _ad.pow_ad_func(x, parse_scalar_float32(y, "pow", "y", 1))  # Paddle: float y
    raise TypeError(f"pow(): y must be a scalar or a Tensor, but got {type(y).__name__}")


def equal(x, y, name=None):
    """x == y elementwise (bool); y may be a Python int, float or bool, which becomes a 0-D
    tensor of x's dtype, as in Paddle (the other comparisons take Tensors only)."""
    if not isinstance(y, Tensor):
        if not isinstance(y, (bool, int, float, np.bool_, np.integer, np.floating)):
            raise TypeError(f"equal(): Type of input args must be float, bool, int or Tensor, "
                            f"but received type {type(y)}")
        if type(x) is not Tensor:
            x = parse_tensor(x, "equal", "x", 0)
        y = Tensor._wrap(np.asarray(y, x._data.dtype))
    return _C_ops.equal(x, y)


__all__ += ["equal"]
TENSOR_METHODS += ["equal"]


def scale(x, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
    """out = scale * x + bias (or scale * (x + bias) when bias_after_scale is False)."""
    out = _C_ops.scale(x, scale, bias, bias_after_scale)
    if act is not None:  # the activation op by name, as Paddle's _append_activation_in_dygraph
        out = getattr(_C_ops, act)(out)
    return out


def clip(x, min=None, max=None, name=None):
    """Clamp x into [min, max]; None means unbounded on that side. Integer x with float bounds
    computes in the default float dtype, as Paddle does."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "clip", "x", 0)
    lo = None if min is None else parse_scalar(min, "clip", "min", 1)
    hi = None if max is None else parse_scalar(max, "clip", "max", 2)
    if x._data.dtype.kind in "iu" and (isinstance(lo, float) or isinstance(hi, float)):
        x = _ad.cast_ad_func(x, default_float_dtype())
    kind = x._data.dtype.kind
    if lo is None:
        lo = -np.inf if kind == "f" else np.iinfo(x._data.dtype).min if kind in "iu" else 0
    if hi is None:
        hi = np.inf if kind == "f" else np.iinfo(x._data.dtype).max if kind in "iu" else 0
    return _ad.clip_ad_func(x, lo, hi)


# ---- the generated add/subtract/divide/bitwise_* with Paddle 3.3.1's Python extras: alpha=,
# rounding_mode=, and the bitwise ops' positional out
__all__ += ["add", "subtract", "divide", "bitwise_and", "bitwise_or", "bitwise_xor",
            "bitwise_not"]
TENSOR_METHODS += ["add", "subtract", "divide", "bitwise_and", "bitwise_or", "bitwise_xor",
                   "bitwise_not"]


def _scaled(y, alpha):
    if alpha == 1:
        return y
    if type(y) is not Tensor:
        y = parse_tensor(y, "add", "y", 1)
    return y * alpha


def add(x, y, name=None, *, alpha=1):
    """x + alpha * y."""
    return _C_ops.add(x, _scaled(y, alpha))


def subtract(x, y, name=None, *, alpha=1):
    """x - alpha * y."""
    return _C_ops.subtract(x, _scaled(y, alpha))


def divide(x, y, name=None, *, rounding_mode=None):
    """x / y; rounding_mode 'trunc' rounds the quotient toward zero, 'floor' down."""
    if rounding_mode is None:
        return _C_ops.divide(x, y)
    if rounding_mode == "trunc":
        q = _C_ops.divide(x, y)
        return _C_ops.trunc(q) if q.dtype.is_floating_point else q
    if rounding_mode == "floor":
        return _C_ops.floor_divide(x, y)
    raise ValueError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but "
                     f"found '{rounding_mode}'.")


__all__ += ["subtract_", "divide_"]  # Paddle 3.3.1 has no paddle.add_ / paddle.scale_
TENSOR_METHODS += ["add_", "subtract_", "divide_", "scale_"]


def add_(x, y, name=None, *, alpha=1):
    """x += alpha * y in place."""
    return _C_ops.add_(x, _scaled(y, alpha))


def subtract_(x, y, name=None, *, alpha=1):
    """x -= alpha * y in place."""
    return _C_ops.subtract_(x, _scaled(y, alpha))


def divide_(x, y, name=None, *, rounding_mode=None):
    """x /= y in place; rounding_mode 'trunc' / 'floor' round the quotient."""
    if rounding_mode is None:
        return _C_ops.divide_(x, y)
    if rounding_mode not in ("trunc", "floor"):
        raise ValueError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' "
                         f"but found '{rounding_mode}'.")
    if rounding_mode == "floor":
        return _C_ops.floor_divide_(x, y)
    q = _C_ops.divide_(x, y)
    return _C_ops.trunc_(q) if q.dtype.is_floating_point else q


def scale_(x, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
    """x := scale * x + bias in place. `act` is accepted and not applied, as in Paddle 3.3.1's
    scale_ (paddle.scale applies it)."""
    return _C_ops.scale_(x, scale, bias, bias_after_scale)


def _bitwise(op, out, *args):
    r = getattr(_C_ops, op)(*args)
    if out is not None:  # Paddle 3.3.1 ignores it (README: Differences from Paddle)
        write_out(out, r, op)
    return r


def bitwise_and(x, y, out=None, name=None):
    return _bitwise("bitwise_and", out, x, y)


def bitwise_or(x, y, out=None, name=None):
    return _bitwise("bitwise_or", out, x, y)


def bitwise_xor(x, y, out=None, name=None):
    return _bitwise("bitwise_xor", out, x, y)


def bitwise_not(x, out=None, name=None):
    return _bitwise("bitwise_not", out, x)


__all__ += ["bitwise_left_shift", "bitwise_right_shift", "bitwise_left_shift_",
            "bitwise_right_shift_"]
TENSOR_METHODS += ["bitwise_left_shift", "bitwise_right_shift", "bitwise_left_shift_",
                   "bitwise_right_shift_"]


def bitwise_left_shift(x, y, is_arithmetic=True, out=None, name=None):
    """x << y elementwise on integer tensors; a shift by a negative amount or by at least the
    bit width gives 0 (Paddle's kernel). `is_arithmetic` only matters for right shifts."""
    return _bitwise("bitwise_left_shift", out, x, y, is_arithmetic)


def bitwise_right_shift(x, y, is_arithmetic=True, out=None, name=None):
    """x >> y elementwise: arithmetic (sign fill) by default, logical (the bits as unsigned)
    with is_arithmetic=False; a shift out of [0, width) gives the fill (Paddle's kernel)."""
    return _bitwise("bitwise_right_shift", out, x, y, is_arithmetic)


def bitwise_left_shift_(x, y, is_arithmetic=True, out=None, name=None):
    """x <<= y in place (`out` accepted and unused, as in Paddle 3.3.1)."""
    return _C_ops.bitwise_left_shift_(x, y, is_arithmetic)


def bitwise_right_shift_(x, y, is_arithmetic=True, out=None, name=None):
    """x >>= y in place (`out` accepted and unused, as in Paddle 3.3.1)."""
    return _C_ops.bitwise_right_shift_(x, y, is_arithmetic)


_F32_MIN, _F32_MAX = float(np.finfo(np.float32).min), float(np.finfo(np.float32).max)


def clip_(x, min=None, max=None, name=None):
    """x clamped into [min, max] in place; a bound of None is float32's lowest / highest value
    (as Paddle 3.3.1's clip_; for an integer x, the dtype's, where Paddle fails)."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "clip_", "x", 0)
    if isinstance(min, Tensor):
        min = min.item()
    if isinstance(max, Tensor):
        max = max.item()
    if x._data.dtype.kind in "iu":
        info = np.iinfo(x._data.dtype)
        lo, hi = info.min, info.max
    else:
        lo, hi = _F32_MIN, _F32_MAX
    return _C_ops.clip_(x, lo if min is None else min, hi if max is None else max)


def cast(x, dtype):
    """A copy of x converted to dtype ('float32', paddle.float32, np.float32...)."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "cast", "x", 0)
    return _ad.cast_ad_func(x, convert_dtype(dtype))


astype = cast


def assign(x, output=None):
    """Copy x (a Tensor, NumPy array, list or scalar) into a new Tensor, or into `output`.
    A sparse x gives a sparse copy (x.clone(), differentiable); Paddle 3.3.1 raises an internal
    OSError there."""
    layout = getattr(type(x), "_sparse_layout", None)
    if layout is not None:
        if output is not None:
            raise TypeError(f"assign(): output= is not supported for a sparse {layout} x; "
                            f"use y = paddle.assign(x)")
        return x.clone()
    if not isinstance(x, Tensor):
        from ..creation import to_tensor
        x = to_tensor(x)
    if output is not None:
        if not isinstance(output, Tensor):
            raise TypeError(f"assign(): output must be a Tensor, got {type(output).__name__}")
        from ..eager.inplace import check_inplace, commit_inplace
        check_inplace(output, "assign")
        return commit_inplace(output, _ad.assign_ad_func(x), "assign", rebind=True)
    return _ad.assign_ad_func(x)


def _dtype_name(t):
    return NP_TO_DTYPE[t._data.dtype].name


# ---- comparison, logical and bitwise (Paddle python/paddle/tensor/logic.py)
# equal, less_than, logical_and, bitwise_or, ... are the generated functions (ops.yaml `public:`)
less = _C_ops.less_than  # Paddle's aliases
greater = _C_ops.greater_than

__all__ += ["less", "greater", "is_tensor"]
TENSOR_METHODS += ["less", "greater"]


# ---- inplace comparisons and logical ops: Paddle writes their bool result into x, which becomes a
# bool tensor (the leaf check still runs first)
def _bool_inplace(op, binary, public=None):
    op_ = public or op + "_"
    fn = getattr(_C_ops, op)

    def inplace_binary(x, y, name=None):
        if type(x) is not Tensor:
            x = parse_tensor(x, op_, "x", 0)
        check_inplace(x, op_)
        return commit_inplace(x, fn(x, y), op_, rebind=True)

    def inplace_unary(x, name=None):
        if type(x) is not Tensor:
            x = parse_tensor(x, op_, "x", 0)
        check_inplace(x, op_)
        return commit_inplace(x, fn(x), op_, rebind=True)
    inplace = inplace_binary if binary else inplace_unary
    inplace.__name__ = op_
    inplace.__doc__ = f"x := {op}(x{', y' if binary else ''}) in place; x becomes bool."
    return inplace


equal_ = _bool_inplace("equal", True)
not_equal_ = _bool_inplace("not_equal", True)
greater_equal_ = _bool_inplace("greater_equal", True)
greater_than_ = _bool_inplace("greater_than", True)
less_equal_ = _bool_inplace("less_equal", True)
less_than_ = _bool_inplace("less_than", True)
logical_and_ = _bool_inplace("logical_and", True)
logical_or_ = _bool_inplace("logical_or", True)
logical_xor_ = _bool_inplace("logical_xor", True)
logical_not_ = _bool_inplace("logical_not", False)
less_ = _bool_inplace("less_than", True, "less_")
_BOOL_INPLACE = ["equal_", "not_equal_", "greater_equal_", "greater_than_", "less_equal_",
                 "less_than_", "logical_and_", "logical_or_", "logical_xor_", "logical_not_",
                 "less_"]
__all__ += _BOOL_INPLACE
TENSOR_METHODS += _BOOL_INPLACE


def is_tensor(x):
    """True for a paddle Tensor."""
    return isinstance(x, Tensor)


# ---- angle conversion (Paddle math.py): a scale of x, in the default float dtype for integers
def _angle_scale(x, factor, op):
    if type(x) is not Tensor:
        x = parse_tensor(x, op, "x", 0)
    if x._data.dtype.kind in "biu":
        x = _C_ops.cast(x, default_float_dtype())
    return _C_ops.scale(x, factor, 0.0, True)


def deg2rad(x, name=None):
    """Degrees to radians: x * pi / 180."""
    return _angle_scale(x, np.pi / 180.0, "deg2rad")


def rad2deg(x, name=None):
    """Radians to degrees: x * 180 / pi."""
    return _angle_scale(x, 180.0 / np.pi, "rad2deg")


__all__ += ["deg2rad", "rad2deg"]
TENSOR_METHODS += ["deg2rad", "rad2deg"]


# ---- add_n and equal_all (Paddle math.py and logic.py), composed from add, assign, equal and
# all so their gradients and dtype rules come from those ops; the checks are their own (no type
# promotion, same shapes)
__all__ += ["add_n", "equal_all"]
TENSOR_METHODS += ["add_n", "equal_all"]

_ADD_N_DTYPES = (int32, int64, float16, bfloat16, float32, float64, complex64, complex128)
_EQUAL_ALL_DTYPES = (bool_, int32, int64, float32, float64)


def _check_dtype(op, t, supported):
    if t.dtype not in supported:
        names = ", ".join(d.name for d in supported)
        raise RuntimeError(f"(NotFound) {op}(): the kernel is not registered for dtype "
                           f"{t.dtype.name}; {op} supports: {names}.")


def add_n(inputs, name=None):
    """The elementwise sum of a list of tensors of one dtype and one shape (a single Tensor is a
    list of one). The result is a new tensor; the gradient flows to every input."""
    if isinstance(inputs, Tensor):
        inputs = [inputs]
    if not isinstance(inputs, (list, tuple)):
        raise ValueError(f"(InvalidArgument) add_n(): argument 'inputs' (position 0) must be "
                         f"list of Tensors, but got {type(inputs).__name__}")
    if not inputs:
        raise ValueError("(InvalidArgument) add_n(): argument 'inputs' (position 0) must be "
                         "list of Tensors, but got empty list")
    for i, t in enumerate(inputs):
        if not isinstance(t, Tensor):
            raise ValueError(f"(InvalidArgument) add_n(): argument 'inputs' (position 0) must "
                             f"be list of Tensors, but element {i} is {type(t).__name__}")
    first = inputs[0]
    _check_dtype("add_n", first, _ADD_N_DTYPES)
    for i, t in enumerate(inputs[1:], 1):
        if t.dtype is not first.dtype:
            raise ValueError(f"(InvalidArgument) add_n(): all inputs must have one dtype, but "
                             f"inputs[0] is {first.dtype.name} and inputs[{i}] is "
                             f"{t.dtype.name}")
        if list(t.shape) != list(first.shape):
            raise ValueError(f"(InvalidArgument) add_n(): the input tensors must have the same "
                             f"shape, but inputs[0]'s shape = {list(first.shape)}, inputs[{i}]'s "
                             f"shape = {list(t.shape)}")
    out = _ad.assign_ad_func(first)
    for t in inputs[1:]:
        out = _ad.add_ad_func(out, t)
    return out


def equal_all(x, y, name=None):
    """A 0-D bool tensor: True when x and y have the same shape and equal elements (NaN is never
    equal). Shapes are not broadcast: different shapes give False. The dtypes must match."""
    for arg, pos, t in (("x", 0, x), ("y", 1, y)):
        if not isinstance(t, Tensor):
            raise ValueError(f"(InvalidArgument) equal_all(): argument '{arg}' (position {pos}) "
                             f"must be Tensor, but got {type(t).__name__}")
    if x.dtype is not y.dtype:
        raise ValueError(f"(InvalidArgument) equal_all(): x and y must have one dtype, but x is "
                         f"{x.dtype.name} and y is {y.dtype.name}")
    _check_dtype("equal_all", x, _EQUAL_ALL_DTYPES)
    if list(x.shape) != list(y.shape):
        return Tensor._wrap(np.array(False))
    return _ad.all_ad_func(_ad.equal_ad_func(x, y), [], False)


# ---- unary math that Paddle composes in Python (math.py): polygamma's checks, neg, frac, sinc,
# sgn; their gradients come from the ops they are made of
__all__ += ["polygamma", "polygamma_", "neg", "neg_", "frac", "frac_", "sinc", "sinc_", "sgn",
            "multigammaln", "multigammaln_", "gammaincc", "gammainc", "gammaincc_", "gammainc_", "stanh"]
TENSOR_METHODS += ["polygamma", "polygamma_", "neg", "neg_", "frac", "frac_", "sinc", "sinc_",
                   "sgn", "multigammaln", "multigammaln_", "gammaincc", "gammainc", "gammaincc_",
                   "gammainc_", "stanh"]


def _check_n(n):
    if not isinstance(n, int):
        raise TypeError(f"The input of n must be int type, but received: {type(n)} ")
    if n < 0:
        raise ValueError(f"The input of n must be greater than or equal to 0. But received n = "
                         f"{n}")


def polygamma(x, n, name=None):
    """The n-th derivative of digamma (n = 0: digamma itself)."""
    _check_n(n)
    return _C_ops.digamma(x) if n == 0 else _C_ops.polygamma(x, n)


def polygamma_(x, n, name=None):
    """polygamma written into x."""
    _check_n(n)
    return _C_ops.digamma_(x) if n == 0 else _C_ops.polygamma_(x, n)


def _multigammaln_parts(x, p):
    if not isinstance(p, (int, np.integer)) or isinstance(p, bool):
        raise TypeError(f"multigammaln(): p must be an int, but got {type(p).__name__}")
    if p < 1:
        raise AssertionError(f"The p must be greater than or equal to 1, But received p is {p}.\n")
    import math
    c = 0.25 * p * (p - 1) * math.log(math.pi)
    dt = x._data.dtype
    b = Tensor._wrap(np.arange(1 - p, 1).astype(dt) * dt.type(0.5))
    return c, b


def multigammaln(x, p, name=None):
    """log of the multivariate gamma function: sum_j lgamma(x + (1 - p + j) / 2) (j < p) +
    p (p - 1) / 4 * log(pi), composed as Paddle's math.py does."""
    x = parse_tensor(x, "multigammaln", "x", 0)
    if x._data.dtype.kind not in "fc" and x.dtype.name != "bfloat16":
        raise TypeError(f"multigammaln(): x must be a floating tensor, but got {x.dtype.name}")
    c, b = _multigammaln_parts(x, p)
    return _C_ops.sum(_C_ops.lgamma(_C_ops.unsqueeze(x, [-1]) + b), [-1], None, False) + c


def multigammaln_(x, p, name=None):
    """multigammaln written into x."""
    x = parse_tensor(x, "multigammaln_", "x", 0)
    check_inplace(x, "multigammaln_")
    return commit_inplace(x, multigammaln(inplace_input(x, False), p), "multigammaln_")


multigammaln = errors_name_op(multigammaln, "multigammaln", ValueError)
multigammaln_ = errors_name_op(multigammaln_, "multigammaln_", ValueError)


def _gamma_args(x, y, op):
    x = parse_tensor(x, op, "x", 0)
    y = parse_tensor(y, op, "y", 1)
    with np.errstate(invalid="ignore"):
        if not np.all(x._data >= 0):
            raise ValueError("The input argument x must be greater than or equal to 0.")
        if not np.all(y._data >= 0):
            raise ValueError("The input argument y must be greater than or equal to 0.")
    return x, y


def gammaincc(x, y, name=None):
    """The regularized upper incomplete gamma function Q(x, y) = Gamma(x, y) / Gamma(x), for
    x, y >= 0; differentiable in y (Paddle gives x no gradient)."""
    x, y = _gamma_args(x, y, "gammaincc")
    return _C_ops.gammaincc(x, y)


def gammainc(x, y, name=None):
    """The regularized lower incomplete gamma function P(x, y) = 1 - Q(x, y)."""
    x, y = _gamma_args(x, y, "gammainc")
    return 1 - _C_ops.gammaincc(x, y)


def gammaincc_(x, y, name=None):
    """gammaincc written into x."""
    x, y = _gamma_args(x, y, "gammaincc_")
    check_inplace(x, "gammaincc_")
    return commit_inplace(x, _C_ops.gammaincc(inplace_input(x, False), y), "gammaincc_")


def gammainc_(x, y, name=None):
    """gammainc written into x."""
    x, y = _gamma_args(x, y, "gammainc_")
    check_inplace(x, "gammainc_")
    return commit_inplace(x, 1 - _C_ops.gammaincc(inplace_input(x, False), y), "gammainc_")


gammaincc = errors_name_op(gammaincc, "gammaincc", ValueError)
gammainc = errors_name_op(gammainc, "gammainc", ValueError)
gammaincc_ = errors_name_op(gammaincc_, "gammaincc_", ValueError)
gammainc_ = errors_name_op(gammainc_, "gammainc_", ValueError)


def stanh(x, scale_a=0.67, scale_b=1.7159, name=None):
    """scale_b * tanh(scale_a * x), Paddle's scaled tanh; the scales are float32 attributes
    and integer x runs in float32, as Paddle's kernel."""
    from .._generated.eager_utils import parse_float32
    x = parse_tensor(x, "stanh", "x", 0)
    if x._data.dtype.kind in "biu":
        x = _C_ops.cast(x, "float32")
    a, b = parse_float32(scale_a, "stanh", "scale_a", 1), parse_float32(scale_b, "stanh", "scale_b", 2)
    return _C_ops.scale(_C_ops.tanh(_C_ops.scale(x, a, 0.0, True)), b, 0.0, True)


stanh = errors_name_op(stanh, "stanh", ValueError)


def neg(x, name=None):
    """-x (Paddle: scale(x, -1))."""
    return _C_ops.scale(x, -1.0, 0.0, True)


def neg_(x, name=None):
    """x := -x."""
    return _C_ops.scale_(x, -1.0, 0.0, True)


_FRAC_DTYPES = (int32, int64, float32, float64, float16)


def _check_frac(x):
    if type(x) is not Tensor:
        x = parse_tensor(x, "frac", "x", 0)
    if NP_TO_DTYPE[x._data.dtype] not in _FRAC_DTYPES:
        raise TypeError(f"The data type of input must be one of ['int32', 'int64', 'float32', "
                        f"'float64', 'float16'], but got {_paddle_dtype(x)}")
    return x


def _paddle_dtype(x):
    return f"paddle.{_dtype_name(x)}"


def frac(x, name=None):
    """The fractional part x - trunc(x) (0 for integers)."""
    x = _check_frac(x)
    return _ad.subtract_ad_func(x, _ad.trunc_ad_func(x))


def frac_(x, name=None):
    """x := x - trunc(x)."""
    x = _check_frac(x)
    return _ad.subtract__ad_func(x, _ad.trunc_ad_func(x))


def _sinc(x, op):
    if not isinstance(x, Tensor):
        raise TypeError(f"x must be tensor type, but got {type(x)}")
    if NP_TO_DTYPE[x._data.dtype] not in (float16, bfloat16, float32, float64):
        raise TypeError(f"The type of 'x' in {op} must be ['uint16', 'float16', 'float32', "
                        f"'float64'], but received {_dtype_name(x)}. ")
    return x


def _sinc_of(x):
    """sin(pi x) / (pi x), 1 at x = 0, as Paddle composes it (0 replaced by 1e-20)."""
    d = NP_TO_DTYPE[x._data.dtype]
    nz = _ad.not_equal_ad_func(x, _ad.full_like_ad_func(x, 0.0, d))
    t = _ad.where_ad_func(nz, x, _ad.full_like_ad_func(x, 1.0e-20, d))
    t = _ad.scale_ad_func(t, np.pi, 0.0, True)
    t = _ad.divide_ad_func(_ad.sin_ad_func(t), t)
    return _ad.where_ad_func(_ad.logical_not_ad_func(_ad.isnan_ad_func(t)), t,
                             _ad.full_like_ad_func(x, 1.0, d))


def sinc(x, name=None):
    """Normalized sinc: sin(pi x) / (pi x), and 1 at 0."""
    return _sinc_of(_sinc(x, "sinc"))


def sinc_(x, name=None):
    """x := sinc(x)."""
    from ..eager.inplace import check_inplace, inplace_input, commit_inplace
    x = _sinc(x, "sinc_")
    check_inplace(x, "sinc_")
    return commit_inplace(x, _sinc_of(inplace_input(x, False)), "sinc_")


def sgn(x, name=None):
    """sign(x) for real x; x / |x| (0 at 0) for complex x."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "sgn", "x", 0)
    if NP_TO_DTYPE[x._data.dtype] not in (float16, float32, float64, complex64, complex128):
        raise TypeError(f"The data type of input must be one of ['float16', 'float32', "
                        f"'float64', 'complex64', 'complex128'], but got {_paddle_dtype(x)}")
    if x._data.dtype.kind != "c":
        return _ad.sign_ad_func(x)
    xr = _ad.as_real_ad_func(x)
    a = _ad.unsqueeze_ad_func(_ad.abs_ad_func(x), (-1,))
    out = _ad.divide_ad_func(xr, a)
    out = _ad.where_ad_func(_ad.isnan_ad_func(out), _ad.full_like_ad_func(out, 0.0, NP_TO_DTYPE[
        out._data.dtype]), out)
    return _ad.as_complex_ad_func(out)


# ---- inplace forms Paddle has on one side only (expm1_: paddle.expm1_; erfinv_: Tensor.erfinv_)
__all__ += ["expm1_"]
TENSOR_METHODS += ["erfinv_"]


def _inplace_of(ad_func, op):
    def fn(x, name=None):
        from ..eager.inplace import check_inplace, inplace_input, commit_inplace
        if type(x) is not Tensor:
            x = parse_tensor(x, op, "x", 0)
        check_inplace(x, op)
        return commit_inplace(x, ad_func(inplace_input(x, False)), op)
    fn.__name__ = fn.__qualname__ = op
    fn.__doc__ = f"{op[:-1]}(x) written into x."
    return fn


expm1_ = _inplace_of(_ad.expm1_ad_func, "expm1_")
erfinv_ = _inplace_of(_ad.erfinv_ad_func, "erfinv_")


# ---- binary math that Paddle's Python composes or prepares: lerp (float weight), logaddexp,
# hypot, gcd, lcm
__all__ += ["lerp", "logaddexp", "hypot", "hypot_", "gcd", "gcd_", "lcm", "lcm_"]
TENSOR_METHODS += ["lerp", "lerp_", "logaddexp", "hypot", "hypot_", "gcd", "gcd_", "lcm",
                   "lcm_"]


def _lerp_weight(x, weight):
    if isinstance(weight, float):
        return Tensor._wrap(np.asarray(weight, x._data.dtype))
    return weight


def lerp(x, y, weight, name=None):
    """x + weight * (y - x); a float weight is a 0-D tensor of x's dtype."""
    return _ad.lerp_ad_func(x, y, _lerp_weight(x, weight))


def lerp_(x, y, weight, name=None):
    """x := x + weight * (y - x); the broadcast result must have x's shape."""
    from ..eager.inplace import check_inplace, inplace_input, commit_inplace
    from ..phi.infermeta.common import broadcast_shape
    if not isinstance(weight, (float, Tensor)):
        raise TypeError(f"The type of 'weight' in lerp must be (<class 'float'>, <class "
                        f"'paddle.Tensor'>), but received {type(weight)}. ")
    shape = broadcast_shape(tuple(x.shape), tuple(y.shape))
    if isinstance(weight, Tensor):
        shape = broadcast_shape(shape, tuple(weight.shape))
    if list(shape) != list(x.shape):
        raise ValueError(f"The shape of broadcast output {list(shape)} is different from that "
                         f"of inplace tensor {list(x.shape)} in the Inplace operation.")
    weight = Tensor._wrap(np.asarray([weight], x._data.dtype)) if isinstance(weight, float) \
        else weight
    check_inplace(x, "lerp_")
    return commit_inplace(x, _ad.lerp_ad_func(inplace_input(x, False), y, weight), "lerp_")


def logaddexp(x, y, name=None):
    """log(exp(x) + exp(y)), as Paddle composes it: log1p(exp(-|x - y|)) + max(x, y)."""
    log_1p = _C_ops.log1p(_C_ops.exp(neg(_C_ops.abs(_C_ops.subtract(x, y)))))
    m = _C_ops.maximum(x, y)
    if m._data.dtype.kind in "iu":
        m = _ad.cast_ad_func(m, NP_TO_DTYPE[log_1p._data.dtype])
    return _C_ops.add(log_1p, m)


def _check_tensors(x, y):
    if not isinstance(x, Tensor):
        raise TypeError(f"x must be tensor type, but got {type(x)}")
    if not isinstance(y, Tensor):
        raise TypeError(f"y must be tensor type, but got {type(y)}")


def hypot(x, y, name=None):
    """sqrt(x^2 + y^2)."""
    _check_tensors(x, y)
    return _C_ops.sqrt(_C_ops.add(pow(x, 2), pow(y, 2)))


def hypot_(x, y, name=None):
    """x := sqrt(x^2 + y^2)."""
    _check_tensors(x, y)
    return _C_ops.sqrt_(_C_ops.add_(_C_ops.pow_(x, 2), pow(y, 2)))


def _gcd_arrays(x, y):
    """Euclid on |x|, |y| broadcast together, as Paddle's loop (not differentiable)."""
    from .manipulation import broadcast_to
    from ..phi.infermeta.common import broadcast_shape
    shape = broadcast_shape(tuple(x.shape), tuple(y.shape))
    a = np.abs(broadcast_to(x, shape)._data)
    b = np.abs(broadcast_to(y, shape)._data)
    with np.errstate(all="ignore"):
        while np.any(b != 0):
            nz = b != 0
            safe = np.where(nz, b, np.ones((), b.dtype))
            a, b = np.where(nz, b, a), np.where(nz, np.mod(a, safe), np.zeros((), b.dtype))
            a, b = np.where(a < b, b, a), np.where(a < b, a, b)
    return a


def gcd(x, y, name=None):
    """Greatest common divisor of |x| and |y| (0 where both are 0)."""
    _check_tensors(x, y)
    return Tensor._wrap(_gcd_arrays(x, y))


def lcm(x, y, name=None):
    """Least common multiple of |x| and |y| (0 where either is 0)."""
    _check_tensors(x, y)
    d = _gcd_arrays(x, y)
    prod = np.abs(np.multiply(x._data, y._data))
    with np.errstate(all="ignore"):
        out = np.where(d == 0, np.zeros((), d.dtype), prod // np.where(d == 0, 1, d))
    return Tensor._wrap(out.astype(d.dtype))


def _write_(x, value, op):
    from ..eager.inplace import check_inplace, inplace_input, commit_inplace
    if list(value.shape) != list(x.shape):
        raise ValueError(f"The shape of broadcast output {list(value.shape)} is different from "
                         f"that of inplace tensor {list(x.shape)} in the Inplace operation.")
    check_inplace(x, op)
    zero = _ad.scale_ad_func(inplace_input(x, False), 0, 0.0, True)
    return commit_inplace(x, _ad.add_ad_func(zero, value), op)


def gcd_(x, y, name=None):
    """x := gcd(x, y)."""
    return _write_(x, gcd(x, y), "gcd_")


def lcm_(x, y, name=None):
    """x := lcm(x, y)."""
    return _write_(x, lcm(x, y), "lcm_")


# ---- isclose, allclose (Paddle logic.py): Paddle's kernel takes rtol/atol as doubles only
__all__ += ["isclose", "allclose"]
TENSOR_METHODS += ["isclose", "allclose"]


def _close_args(x, y, rtol, atol, equal_nan, op):
    x = parse_tensor(x, op, "x", 0)
    y = parse_tensor(y, op, "y", 1)
    for name, v in (("Rtol", rtol), ("Atol", atol)):
        if not isinstance(v, float):
            raise ValueError(f"(InvalidArgument) Input({name}) type must be double")
    if not isinstance(equal_nan, (bool, np.bool_)):
        raise TypeError(f"(InvalidType) {op}(): argument 'equal_nan' (position 4) must be bool, "
                        f"but got {type(equal_nan).__name__}")
    xs, ys = x._data.shape, y._data.shape
    if xs != ys:  # (InferMeta checks it too; here the message names the op)
        raise RuntimeError(f"(PreconditionNotMet) {op}(): Input(Input) {list(xs)} and "
                           f"Input(Other) {list(ys)} must have the same shape.")
    return x, y, float(rtol), float(atol), bool(equal_nan)


@errors_name_op
def isclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    """Elementwise x == y or |x - y| <= atol + rtol * |y| (bool, x's shape; no broadcasting)."""
    return _ad.isclose_ad_func(*_close_args(x, y, rtol, atol, equal_nan, "isclose"))


@errors_name_op
def allclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    """Whether isclose holds everywhere (a 0-D bool Tensor)."""
    return _ad.allclose_ad_func(*_close_args(x, y, rtol, atol, equal_nan, "allclose"))


# ---- signbit, copysign(_), isin, isneginf, isposinf, isreal, clone (Paddle math.py/logic.py:
# Python compositions there too; signbit reads the sign bit with NumPy, as Paddle's does)
__all__ += ["signbit", "copysign", "copysign_", "isin", "isneginf", "isposinf", "isreal", "clone"]
TENSOR_METHODS += ["signbit", "copysign", "copysign_", "isin", "isneginf", "isposinf", "isreal"]

_SIGNBIT_DTYPES = ("uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64",
                   "bfloat16")


def _check_real(x, op, pos=0, arg="x"):
    if not isinstance(x, Tensor):
        raise TypeError(f"The type of '{arg}' in {op} must be <class 'paddle.Tensor'>, but "
                        f"received {type(x)}. ")
    if x.dtype.name == "bool":  # Paddle's composition reaches the sign kernel
        raise RuntimeError("(NotFound) The kernel with key (CPU, Undefined(AnyLayout), bool) of "
                           "kernel `sign` is not registered.")
    if x.dtype.name not in _SIGNBIT_DTYPES:
        raise TypeError(f"The data type of '{arg}' in {op} must be {list(_SIGNBIT_DTYPES)}, but "
                        f"received {x.dtype.name}.")


@errors_name_op
def signbit(x, name=None):
    """Whether the sign bit is set (True for -0.0 and a negative NaN)."""
    _check_real(x, "signbit")
    return Tensor._wrap(np.signbit(x._data))


def _copysign(x, y, op):
    x = parse_tensor(x, op, "x", 0)
    if not isinstance(y, Tensor):
        y = Tensor._wrap(np.asarray(y, x._data.dtype))
    # |x| times +-1 by y's sign bit (in y's dtype, so the two promote as x and y do); the
    # gradient is g sign(x) +-1, 0 at x == 0, as Paddle's
    sign = Tensor._wrap(np.where(np.signbit(y._data), -1, 1).astype(y._data.dtype))
    return _ad.multiply_ad_func(_ad.abs_ad_func(x), sign)


@errors_name_op
def copysign(x, y, name=None):
    """|x| with the sign of y (broadcast; y may be a number)."""
    return _copysign(x, y, "copysign")


@errors_name_op
def copysign_(x, y, name=None):
    """x := copysign(x, y)."""
    from ..eager.inplace import check_inplace, inplace_input, commit_inplace
    x = parse_tensor(x, "copysign_", "x", 0)
    check_inplace(x, "copysign_")
    return commit_inplace(x, _copysign(inplace_input(x, True), y, "copysign_"), "copysign_")


@errors_name_op
@param_aliases({"elements": "x", "test_elements": "test_x"})
def isin(x, test_x, assume_unique=False, invert=False, name=None):
    """Whether each element of x occurs in test_x (invert: does not); NaN occurs nowhere."""
    x = parse_tensor(x, "isin", "x", 0)
    test_x = parse_tensor(test_x, "isin", "test_x", 1)
    flat = _ad.reshape_ad_func(test_x, [1] * x._data.ndim + [-1])
    hit = _ad.any_ad_func(_ad.equal_ad_func(_ad.unsqueeze_ad_func(x, [-1]), flat), (-1,), False)
    return _ad.logical_not_ad_func(hit) if invert else hit


def _isinf_signed(x, op, cmp):
    x = parse_tensor(x, op, "x", 0)
    if x._data.dtype.kind != "f" and x.dtype.name not in ("float16", "bfloat16"):
        return _ad.full_like_ad_func(x, False, bool_)
    zero = _ad.full_like_ad_func(x, 0, NP_TO_DTYPE[x._data.dtype])
    return _ad.logical_and_ad_func(_ad.isinf_ad_func(x), cmp(x, zero))


@errors_name_op
def isneginf(x, name=None):
    """Whether each element is -inf."""
    return _isinf_signed(x, "isneginf", _ad.less_than_ad_func)


@errors_name_op
def isposinf(x, name=None):
    """Whether each element is +inf."""
    return _isinf_signed(x, "isposinf", _ad.greater_than_ad_func)


@errors_name_op
def isreal(x, name=None):
    """Whether each element has no imaginary part (always, for a real dtype)."""
    x = parse_tensor(x, "isreal", "x", 0)
    if x._data.dtype.kind != "c":
        return _ad.full_like_ad_func(x, True, bool_)
    im = _ad.imag_ad_func(x)
    return _ad.equal_ad_func(im, _ad.full_like_ad_func(im, 0, NP_TO_DTYPE[im._data.dtype]))


@errors_name_op
def clone(x, name=None):
    """A copy of x that gradients flow through (x.clone())."""
    return parse_tensor(x, "clone", "x", 0).clone()


# ---- nan_to_num (Paddle math.py): NaN, +inf and -inf replaced, composed of where so the
# replaced elements get no gradient and the others pass it through
__all__ += ["nan_to_num", "nan_to_num_"]
TENSOR_METHODS += ["nan_to_num", "nan_to_num_"]


def _nan_to_num_parts(x, nan, posinf, neginf, op):
    if type(x) is not Tensor:
        x = parse_tensor(x, op, "x", 0)
    if x.dtype not in (float16, bfloat16, float32, float64):
        raise AssertionError(f"{op}(): x must be float16, bfloat16, float32 or float64, got "
                             f"{x.dtype.name}")
    info = np.finfo(np.float32 if x.dtype in (float16, bfloat16) else x._data.dtype)
    posinf = float(info.max) if posinf is None else float(posinf)
    neginf = float(info.min) if neginf is None else float(neginf)
    a = x._data
    with np.errstate(invalid="ignore"):
        masks = (np.isnan(a), np.isposinf(a), np.isneginf(a))
    return x, masks, (float(nan), posinf, neginf)


def _replaced(out, masks, values):
    for m, v in zip(masks, values):
        if m.any():
            fill = Tensor._wrap(np.full(m.shape, v, out._data.dtype))
            out = _ad.where_ad_func(Tensor._wrap(m), fill, out)
    return out


@errors_name_op
def nan_to_num(x, nan=0.0, posinf=None, neginf=None, name=None):
    """x with NaN -> nan, +inf -> posinf (default: the dtype's max), -inf -> neginf (the
    dtype's lowest)."""
    x, masks, values = _nan_to_num_parts(x, nan, posinf, neginf, "nan_to_num")
    return _replaced(x, masks, values)


@errors_name_op
def nan_to_num_(x, nan=0.0, posinf=None, neginf=None, name=None):
    """nan_to_num in place."""
    x, masks, values = _nan_to_num_parts(x, nan, posinf, neginf, "nan_to_num_")
    check_inplace(x, "nan_to_num_")
    out = _replaced(inplace_input(x, False), masks, values)
    return commit_inplace(x, _ad.assign_ad_func(out) if out._data is x._data else out,
                          "nan_to_num_")


__all__ += ["frexp"]
TENSOR_METHODS += ["frexp"]


@errors_name_op
def frexp(x, name=None):
    """(mantissa, exponent), x = mantissa * 2 ** exponent with 0.5 <= |mantissa| < 1 (0 for 0),
    both in x's dtype: Paddle 3.3.1's composition, so its gradient (mantissa through abs and
    divide, exponent through floor) is Paddle's."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "frexp", "x", 0)
    if x.dtype not in (float32, float64):
        raise TypeError(f"The data type of input must be one of ['float32', 'float64'], "
                        f"but got {x.dtype}")
    dt = x.dtype
    ax = _C_ops.abs(x)
    e = _C_ops.floor(_C_ops.log2(ax))
    e = _C_ops.where(_C_ops.isinf(e), _C_ops.full_like(e, 0.0, dt), e)
    two = _C_ops.full_like(e, 2.0, dt)
    m = _C_ops.divide(ax, _C_ops.elementwise_pow(two, e))
    big = _C_ops.greater_equal(m, _C_ops.full_like(m, 1.0, dt))
    e = _C_ops.where(big, _C_ops.add(e, _C_ops.full_like(e, 1.0, dt)), e)
    m = _C_ops.where(big, _C_ops.divide(m, two), m)
    m = _C_ops.where(_C_ops.less_than(x, _C_ops.full_like(x, 0.0, dt)),
                     _C_ops.scale(m, -1.0, 0.0, True), m)
    return m, e
