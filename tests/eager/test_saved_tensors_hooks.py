"""paddle.autograd.saved_tensors_hooks(pack_hook, unpack_hook), checked against what Paddle 3.3.1
does for the same programs: pack runs in the forward, once per saved tensor that keeps its
buffer (not for no_need_buffer tensors, not when no node is built); unpack runs in the backward
each time a node needs the tensor, and what it returns is what the formula uses.
"""
import zlib

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.autograd import saved_tensors_hooks


def leaf(v, dtype="float64"):
    return paddle.to_tensor(np.asarray(v), dtype=dtype, stop_gradient=False)


class Recorder:
    """Identity hooks that log their calls."""

    def __init__(self):
        self.log = []

    def pack(self, t):
        self.log.append(("pack", tuple(t.shape), t.dtype.name))
        return t

    def unpack(self, t):
        self.log.append(("unpack",))
        return t

    def take(self):
        out, self.log = self.log, []
        return out


# ---- when the hooks run ----------------------------------------------------------------------
def test_pack_runs_in_forward_once_per_saved_tensor():
    rec = Recorder()
    x, y = leaf([1.0, 2.0, 3.0]), leaf([4.0, 5.0, 6.0])
    with saved_tensors_hooks(rec.pack, rec.unpack):
        z = x * y                      # saves x and y
        assert rec.take() == [("pack", (3,), "float64")] * 2
        e = paddle.exp(x)              # saves its output
        assert rec.take() == [("pack", (3,), "float64")]
        s = x + y                      # saves nothing
        c = paddle.cast(x, "float32")  # saves x with no_need_buffer: shape/dtype only
        assert rec.take() == []
    # Paddle 3.3.1: the same calls, and backward unpacks once per saved tensor it recovers
    (z.sum() + e.sum() + s.sum() + c.sum()).backward(retain_graph=True)
    assert rec.take() == [("unpack",)] * 3
    np.testing.assert_allclose(x.grad.numpy(), [4 + np.e + 2, 5 + np.e ** 2 + 2,
                                                6 + np.e ** 3 + 2])
    (z.sum()).backward()               # a second backward through retained nodes unpacks again
    assert rec.take() == [("unpack",)] * 2


def test_no_pack_without_a_grad_node():
    rec = Recorder()
    x = leaf([1.0, 2.0])
    with saved_tensors_hooks(rec.pack, rec.unpack):
        with paddle.no_grad():
            paddle.exp(x)
        paddle.exp(paddle.to_tensor([1.0, 2.0]))  # stop_gradient input: no node
    assert rec.take() == []


def test_hooks_apply_only_inside_the_context_and_can_be_reused():
    rec = Recorder()
    hooks = saved_tensors_hooks(rec.pack, rec.unpack)
    x = leaf([1.0])
    with hooks:
        paddle.exp(x)
    paddle.exp(x)
    with hooks:
        paddle.exp(x)
    assert rec.take() == [("pack", (1,), "float64")] * 2


def test_backward_uses_what_unpack_returns():
    x, y = leaf([1.0, 2.0, 3.0]), leaf([4.0, 5.0, 6.0])
    with saved_tensors_hooks(lambda t: t, lambda t: t * 2):
        z = x * y
    (gx,) = paddle.grad(z.sum(), [x])
    np.testing.assert_array_equal(gx.numpy(), [8.0, 10.0, 12.0])  # Paddle 3.3.1: [8, 10, 12]


def test_unpack_to_a_tensor_rebuilt_from_a_numpy_copy():
    x = leaf([0.5, 1.5])
    with saved_tensors_hooks(lambda t: t.numpy().copy(), lambda a: paddle.to_tensor(a)):
        out = paddle.tanh(x)  # saves its output
    out.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), 1 - np.tanh([0.5, 1.5]) ** 2)


# ---- the example of the issue: offload saved tensors to a compressed form ------------------------
def _compress(t):
    a = t.numpy()
    return zlib.compress(np.ascontiguousarray(a).tobytes()), a.shape, a.dtype


def _decompress(packed):
    data, shape, dtype = packed
    return paddle.to_tensor(np.frombuffer(zlib.decompress(data), dtype=dtype).reshape(shape))


def _mlp_grads(hooks, seed=0):
    rng = np.random.default_rng(seed)
    x = paddle.to_tensor(rng.standard_normal((8, 5)))
    w1 = leaf(rng.standard_normal((5, 16)))
    b1 = leaf(rng.standard_normal(16))
    w2 = leaf(rng.standard_normal((16, 3)))
    z = leaf(rng.standard_normal(3) + 1j * rng.standard_normal(3), "complex128")
    sizes = []

    def pack(t):
        p = _compress(t)
        sizes.append(len(p[0]))
        return p

    def run():
        h = paddle.tanh(paddle.matmul(x, w1) + b1)
        y = paddle.matmul(h, w2)
        y = y * paddle.sigmoid(y)
        loss = (y * y).mean() + (paddle.abs(z * paddle.cast(y.sum(0), "complex128")) ** 2).sum()
        loss.backward()

    if hooks:
        with saved_tensors_hooks(pack, _decompress):
            run()
    else:
        run()
    return [t.grad.numpy() for t in (w1, b1, w2, z)], sizes


def test_compressed_saved_tensors_give_bit_identical_gradients():
    plain, none_packed = _mlp_grads(hooks=False)
    packed, sizes = _mlp_grads(hooks=True)
    assert none_packed == [] and len(sizes) > 5
    for a, b in zip(plain, packed):
        assert a.dtype == b.dtype
        np.testing.assert_array_equal(a, b)  # bit for bit: the bytes round-trip exactly


# ---- Paddle behaviours (each once an xfail here) -----------------------------------------------
def test_nested_hooks_raise_value_error():
    rec = Recorder()
    with saved_tensors_hooks(rec.pack, rec.unpack):
        with pytest.raises(ValueError, match="only one pair of hooks is allowed at a time"):
            with saved_tensors_hooks(rec.pack, rec.unpack):
                pass


def test_ops_inside_pack_hook_are_not_recorded():
    seen = []

    def pack(t):
        u = t * 2.0
        seen.append(u.stop_gradient)
        return u

    x, y = leaf([1.0, 2.0, 3.0]), leaf([4.0, 5.0, 6.0])
    with saved_tensors_hooks(pack, lambda u: u / 2.0):
        z = x * y
    assert seen == [True, True]  # Paddle 3.3.1: [True, True]
    np.testing.assert_array_equal(paddle.grad(z.sum(), [x])[0].numpy(), [4.0, 5.0, 6.0])


def test_double_grad_through_hooked_saved_inputs():
    x, y = leaf([1.0, 2.0, 3.0]), leaf([4.0, 5.0, 6.0])
    with saved_tensors_hooks(lambda t: t.numpy(), lambda a: paddle.to_tensor(a)):
        z = x * y
    (gx,) = paddle.grad(z.sum(), x, create_graph=True)
    assert not gx.stop_gradient
    (gy,) = paddle.grad(gx.sum(), y)
    np.testing.assert_array_equal(gy.numpy(), [1.0, 1.0, 1.0])  # Paddle 3.3.1


def test_pack_receives_saved_output_requiring_grad():
    seen = []
    x = leaf([1.0, 2.0])
    with saved_tensors_hooks(lambda t: (seen.append(t.stop_gradient), t)[1], lambda t: t):
        paddle.exp(x)  # saves its output
    assert seen == [False]  # Paddle 3.3.1


def test_unpack_returning_non_tensor_raises_value_error():
    x = leaf([1.0, 2.0])
    with saved_tensors_hooks(lambda t: t.numpy(), lambda a: a):
        e = paddle.exp(x)
    with pytest.raises(ValueError):
        e.sum().backward()
