"""Paddle 3.x call forms (variadic shapes, out=, device=, requires_grad=, pin_memory=,
paddle.tensor(...), the compat defaults of softmax / clip_ / uniform_ / seed) against what
Paddle 3.3.1 does with the same expressions (tests/fixtures/paddle331_call_forms.json, captured
by tools/paddle_call_forms.py)."""
import importlib.util
import inspect
import json
import os

import numpy as np
import pytest

import eagergraph as paddle

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location(
    "paddle_call_forms", os.path.join(ROOT, "tools", "paddle_call_forms.py"))
forms = importlib.util.module_from_spec(spec)
spec.loader.exec_module(forms)

with open(os.path.join(ROOT, "tests", "fixtures", "paddle331_call_forms.json")) as fh:
    FIXTURE = json.load(fh)

# errors whose message is Paddle's word for word (the others match in type)
EXACT = {"paddle.zeros([2], device='gpu:0')", "paddle.zeros([2], pin_memory=True)",
         "x.broadcast_to(2, 2, 3)",
         "paddle.to_tensor([1, 2], dtype='int8') << 1.5",
         "paddle.device.max_memory_allocated()", "paddle.device.reset_peak_memory_stats()",
         "paddle.device.ipc_collect()", "paddle.device.cuda.get_device_name()",
         "paddle.device.cuda.memory_allocated()", "paddle.device.cuda.vmm_compact()",
         "paddle.utils.dlpack.to_dlpack(3)",
         "paddle.nn.functional.interpolate(x.reshape([1, 1, 2, 3]), size=[1, 2], mode='nearest', "
         "antialias=True)",
         "paddle.nn.LayerNorm(2, epsilon=1e-5, eps=1e-5)",
         "paddle.nn.GroupNorm(1, 2, epsilon=1e-5, eps=1e-5)",
         "paddle.nn.functional.layer_norm(x, [3], epsilon=1e-5, eps=1e-5)",
         "paddle.median(x, axis=0, dim=0)", "paddle.quantile(x, 0.5, axis=0, dim=0)",
         "paddle.nn.functional.normalize(x, axis=0, dim=0)",
         "paddle.cumprod(x, input=x, dim=0)"}


def test_fixture_lists_every_form():
    assert FIXTURE["paddle_version"] == "3.3.1"
    assert list(FIXTURE["forms"]) == forms.FORMS


@pytest.mark.parametrize("expr", forms.FORMS)
def test_form_behaves_as_in_paddle(expr):
    theirs = FIXTURE["forms"][expr]
    paddle.seed(0)
    mine = forms.outcome(expr, forms.namespace(paddle))
    assert mine[0] == theirs[0], (mine, theirs)
    if theirs[0] == "error":
        assert mine[1] == theirs[1], (mine, theirs)
        if expr in EXACT:
            assert mine[2] == theirs[2], (mine, theirs)
    elif theirs[0] == "tensor":
        assert mine[1:4] == theirs[1:4], (mine, theirs)
        if theirs[4] is not None:
            np.testing.assert_allclose(np.array(mine[4], dtype=float),
                                       np.array(theirs[4], dtype=float), rtol=1e-6)
    else:
        assert mine == theirs


def test_out_shares_the_result_and_its_gradient():
    a = paddle.to_tensor([1.0, 2.0, 3.0], stop_gradient=False)
    o = paddle.zeros([1])
    r = paddle.multiply(a, a, out=o)
    np.testing.assert_array_equal(o.numpy(), [1.0, 4.0, 9.0])
    assert r is not o and not o.stop_gradient  # as Paddle: a second Tensor on the same data
    assert o.inplace_version == 0  # Paddle 3.3.1 does not bump it
    (o * paddle.to_tensor([1.0, 1.0, 2.0])).sum().backward()
    np.testing.assert_allclose(a.grad.numpy(), [2.0, 4.0, 12.0])
    with pytest.raises(TypeError, match="'out' must be a Tensor"):
        paddle.add(a, a, out=5)


def test_extras_in_the_signature_where_paddle_has_them():
    for fn in (paddle.zeros, paddle.ones, paddle.rand, paddle.empty):
        ps = inspect.signature(fn).parameters
        assert [p for p in ps if ps[p].kind is inspect.Parameter.KEYWORD_ONLY] == \
            ["out", "device", "requires_grad", "pin_memory"]
    assert "out" in inspect.signature(paddle.add).parameters
    assert list(inspect.signature(paddle.reshape).parameters) == ["x", "shape", "name"]


def test_variadic_values():
    a = np.arange(24.0).reshape(2, 3, 4)
    x = paddle.to_tensor(a)
    np.testing.assert_array_equal(x.reshape(4, 6).numpy(), a.reshape(4, 6))
    np.testing.assert_array_equal(x.permute(2, 0, 1).numpy(), a.transpose(2, 0, 1))
    np.testing.assert_array_equal(x.transpose(0, 2).numpy(), a.swapaxes(0, 2))
    np.testing.assert_array_equal(paddle.transpose(x, dim0=1, dim1=2).numpy(), a.swapaxes(1, 2))
    np.testing.assert_array_equal(x.repeat(1, 2, 1).numpy(), np.tile(a, (1, 2, 1)))
    np.testing.assert_array_equal(x[0, 0].expand(2, 4).numpy(), np.broadcast_to(a[0, 0], (2, 4)))
    np.testing.assert_array_equal(x.view(-1, 4).numpy(), a.reshape(-1, 4))
    assert paddle.zeros(2, 3, 4, dtype="int32").numpy().tolist() == np.zeros((2, 3, 4), int).tolist()


def test_softmax_default_dim_as_paddle():
    a = np.random.default_rng(0).standard_normal((2, 3, 4))

    def ref(v, axis):
        e = np.exp(v - v.max(axis, keepdims=True))
        return e / e.sum(axis, keepdims=True)
    np.testing.assert_allclose(paddle.softmax(paddle.to_tensor(a)).numpy(), ref(a, 0))  # 3-D: 0
    np.testing.assert_allclose(paddle.softmax(paddle.to_tensor(a[0])).numpy(), ref(a[0], 1))
    np.testing.assert_allclose(paddle.to_tensor(a).softmax(dim=2).numpy(), ref(a, 2))


def test_tensor_is_a_function_and_a_namespace():
    t = paddle.tensor([1.0, 2.0], requires_grad=True)
    assert not t.stop_gradient and t.dtype == paddle.float32
    assert paddle.tensor.math.add is paddle.add
    with pytest.raises(RuntimeError, match="Pinning memory"):
        paddle.tensor([1.0], pin_memory=True)


def test_small_names_gradients():
    """The compositions Paddle 3.x added (gammaln, ldexp, polar, scatter_add, scatter_reduce):
    gradients by central differences, first and second order."""
    from tests.gradcheck import check_grads
    rng = np.random.default_rng(0)
    a = rng.uniform(0.5, 2.0, (2, 3))
    b = rng.uniform(-1.0, 1.0, (2, 3))
    idx = paddle.to_tensor([[0, 0], [1, 2]])
    check_grads(lambda xs: paddle.gammaln(xs[0]), [a])
    check_grads(lambda xs: paddle.ldexp(xs[0], xs[1]), [a, b])
    check_grads(lambda xs: paddle.as_real(paddle.polar(xs[0], xs[1])), [a, b])
    check_grads(lambda xs: paddle.scatter_add(xs[0], 1, idx, xs[1][:, :2]), [a, b])
    check_grads(lambda xs: paddle.scatter_reduce(xs[0], 1, idx, xs[1][:, :2], "sum"), [a, b])
    check_grads(lambda xs: paddle.scatter_reduce(xs[0], 1, idx, xs[1][:, :2], "prod"), [a, a])
    lg = np.vectorize(__import__("math").lgamma)
    np.testing.assert_allclose(paddle.gammaln(paddle.to_tensor(a)).numpy(), lg(a))
    np.testing.assert_allclose(paddle.ldexp(paddle.to_tensor(a), paddle.to_tensor(b)).numpy(),
                               a * 2.0 ** b)


def test_device_rng_state_round_trip():
    assert paddle.device.manual_seed(7) is None
    state = paddle.device.get_rng_state()
    a = paddle.rand([4]).numpy()
    paddle.device.set_rng_state(state)
    np.testing.assert_array_equal(paddle.rand([4]).numpy(), a)
    paddle.device.manual_seed(7)
    np.testing.assert_array_equal(paddle.rand([4]).numpy(), a)
    with pytest.raises(TypeError):
        paddle.device.set_rng_state(3)
