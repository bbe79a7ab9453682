"""slice_grad, strided_slice_grad, gather_grad, index_select_grad, gather_nd_grad and
masked_select_grad are the exact adjoints of their forward ops: <v, fwd(u)> == <grad(v), u>
for random u, v (bilinear, so complex values check it too); plus their shapes, dtypes and
errors."""
import numpy as np
import pytest

import eagergraph as paddle

C = paddle._C_ops
T = paddle.to_tensor


def _idx(values, dtype="int64"):
    return T(np.asarray(values, dtype))


# (forward(x), grad(x, out_grad), x shape); forward and grad close over the attributes
def _slice(shape, axes, starts, ends, decrease_axis=()):
    d = list(decrease_axis)
    return (lambda x: C.slice(x, axes, starts, ends, d),
            lambda x, g: C.slice_grad(x, g, axes, starts, ends, d), shape)


def _strided(shape, axes, starts, ends, strides):
    return (lambda x: C.strided_slice(x, axes, starts, ends, strides),
            lambda x, g: C.strided_slice_grad(x, g, axes, starts, ends, strides), shape)


def _gather(shape, index, axis=0):
    return (lambda x: C.gather(x, index, axis),
            lambda x, g: C.gather_grad(x, index, g, axis), shape)


def _index_select(shape, index, axis=0):
    return (lambda x: C.index_select(x, index, axis),
            lambda x, g: C.index_select_grad(x, index, g, axis), shape)


def _gather_nd(shape, index):
    return (lambda x: C.gather_nd(x, index),
            lambda x, g: C.gather_nd_grad(x, index, g), shape)


def _masked(shape, mask):
    m = T(np.asarray(mask, bool))
    return (lambda x: C.masked_select(x, m),
            lambda x, g: C.masked_select_grad(x, m, g), shape)


CASES = {
    "slice-two-axes": _slice((2, 3, 4), [0, 2], [0, 1], [1, 3]),
    "slice-negative-start-big-end": _slice((2, 3, 4), [1], [-2], [100]),
    "slice-very-negative-start": _slice((2, 3, 4), [-1], [-100], [-1]),
    "slice-start-after-end": _slice((2, 3, 4), [1], [2], [1]),
    "slice-decrease": _slice((2, 3, 4), [0, 2], [1, -1], [2, 4], [0, 2]),
    "slice-decrease-negative": _slice((2, 3, 4), [1], [0], [1], [-2]),
    "slice-decrease-to-0d": _slice((2, 3), [0, 1], [1, 2], [2, 3], [0, 1]),
    "slice-tensor-starts": _slice((4, 5), [1], _idx([1]), [4]),
    "slice-no-axes": _slice((2, 3), [], [], []),
    "strided-reverse": _strided((2, 3, 4), [2], [3], [0], [-1]),
    "strided-reverse-clamped": _strided((2, 3, 4), [2], [-1], [-100], [-1]),
    "strided-step2": _strided((2, 3, 4), [0, 2], [0, 0], [2, 4], [1, 2]),
    "strided-negative-steps": _strided((2, 5, 7), [1, 2], [-1, 6], [-6, -8], [-2, -3]),
    "strided-empty": _strided((2, 3), [1], [1], [1], [1]),
    "gather-repeated": _gather((3, 4), _idx([2, 0, 2, 2])),
    "gather-axis1-negative": _gather((2, 3, 4), _idx([0, 2, -1, 0]), 1),
    "gather-0d-index": _gather((2, 3, 4), _idx(3), -1),
    "gather-Nx1-int32": _gather((2, 3), _idx([[1], [-1], [1]], "int32"), 1),
    "gather-empty-index": _gather((2, 3), _idx([]), 1),
    "gather-tensor-axis": _gather((2, 3, 4), _idx([1, 1]), T(2)),
    "gather-0d-x": _gather((), _idx([0, -1, 0])),
    "index_select-repeated": _index_select((3, 4), _idx([2, 0, 2])),
    "index_select-negative-axis": _index_select((2, 3, 4), _idx([0, -1, 3, 3], "int32"), -1),
    "index_select-empty": _index_select((2, 3), _idx([]), 1),
    "gather_nd-pairs-repeated": _gather_nd((2, 3, 4), _idx([[0, 1], [1, -1], [0, 1]])),
    "gather_nd-1d-index": _gather_nd((2, 3, 4), _idx([1])),
    "gather_nd-full-rank": _gather_nd((2, 3, 4), _idx([[[0, 1, 2]], [[1, 2, 3]], [[0, 1, 2]]])),
    "gather_nd-int32": _gather_nd((3, 4), _idx([[-1], [0], [-1]], "int32")),
    "gather_nd-empty-last-dim": _gather_nd((2, 3), _idx(np.zeros((4, 0)))),
    "gather_nd-0d-x": _gather_nd((), _idx(np.zeros((3, 0)))),
    "masked-same-shape": _masked((2, 3), [[True, False, True], [False, True, True]]),
    "masked-broadcast-mask": _masked((2, 3), [True, False, True]),
    "masked-broadcast-x": _masked((3,), [[True, False, True], [True, True, False]]),
    "masked-broadcast-both": _masked((2, 1), [[True, False, True]]),
    "masked-x-size-1-dim": _masked((1, 3), [[True, False, True], [True, True, True]]),
    "masked-0d-x": _masked((), [[True, False], [True, True]]),
    "masked-all-false": _masked((2, 3), np.zeros((2, 3))),
    "masked-empty": _masked((0, 3), np.ones((0, 3))),
}


def _rand(rng, shape, dtype):
    a = rng.standard_normal(shape)
    if dtype.startswith("complex"):
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


@pytest.mark.parametrize("dtype", ["float64", "complex128"])
@pytest.mark.parametrize("name", list(CASES))
def test_grad_op_is_adjoint_of_forward(name, dtype):
    fwd, grad, shape = CASES[name]
    rng = np.random.default_rng(0)
    for _ in range(3):
        u = _rand(rng, shape, dtype)
        y = fwd(T(u))._data
        v = _rand(rng, y.shape, dtype)
        gx = grad(T(u), T(v))
        assert tuple(gx.shape) == shape and gx.dtype.name == dtype
        lhs = np.sum(v * y)
        rhs = np.sum(gx._data * u)
        np.testing.assert_allclose(rhs, lhs, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("name", list(CASES))
def test_grad_op_does_not_read_x_values(name):
    fwd, grad, shape = CASES[name]
    rng = np.random.default_rng(1)
    x = _rand(rng, shape, "float64")
    g = T(_rand(rng, fwd(T(x))._data.shape, "float64"))
    np.testing.assert_array_equal(grad(T(x), g)._data, grad(T(np.zeros(shape)), g)._data)


def test_gather_grad_accumulates_repeated_indices():
    g = C.gather_grad(paddle.zeros([3, 2]), _idx([2, 0, 2, -1]), T([[1., 2.], [3., 4.], [5., 6.],
                                                                     [7., 8.]]), 0)
    np.testing.assert_array_equal(g._data, [[3., 4.], [0., 0.], [13., 16.]])


def test_gather_nd_grad_accumulates_repeated_indices():
    g = C.gather_nd_grad(paddle.zeros([2, 2]), _idx([[0, 1], [0, 1], [1, 0]]), T([1., 2., 4.]))
    np.testing.assert_array_equal(g._data, [[0., 3.], [4., 0.]])


def test_masked_select_grad_sums_broadcast_x():
    # the forward read x[0] twice and x[1], x[2] once each (Paddle 3.3 gives [2, 3, 1])
    m = T([[True, False, True], [True, True, False]])
    g = C.masked_select_grad(T([1., 2., 3.]), m, T([0., 1., 2., 3.]))
    np.testing.assert_array_equal(g._data, [2., 3., 1.])


def test_slice_grad_reinserts_decreased_axes():
    g = C.slice_grad(paddle.zeros([2, 3]), T([5., 6., 7.]), [0], [1], [2], [0])
    np.testing.assert_array_equal(g._data, [[0., 0., 0.], [5., 6., 7.]])


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float32", "float64", "complex64",
                                   "complex128"])
def test_output_dtype_is_out_grad_dtype(dtype):
    x = paddle.zeros([3, 4], "float64")
    g = paddle.ones([2, 4]).astype(dtype)
    idx = _idx([0, 2])
    outs = [C.slice_grad(x, g, [0], [0], [2]),
            C.strided_slice_grad(x, g, [0], [0], [3], [2]),
            C.gather_grad(x, idx, g, 0),
            C.index_select_grad(x, idx, g, 0),
            C.gather_nd_grad(x, idx.reshape([2, 1]), g),
            C.masked_select_grad(x, T(np.arange(12).reshape(3, 4) < 8), g.reshape([8]))]
    for out in outs:
        assert out.dtype.name == dtype and out.shape == [3, 4]
        d = out._data.real if out._data.dtype.kind == "c" else out._data
        assert d.astype(np.float64).sum() == 8


BAD_OUT_GRAD = [
    ("slice_grad", lambda x, g: C.slice_grad(x, g, [0], [0], [2])),
    ("strided_slice_grad", lambda x, g: C.strided_slice_grad(x, g, [1], [0], [4], [2])),
    ("gather_grad", lambda x, g: C.gather_grad(x, _idx([0, 1]), g, 1)),
    ("index_select_grad", lambda x, g: C.index_select_grad(x, _idx([0, 1]), g, 1)),
    ("gather_nd_grad", lambda x, g: C.gather_nd_grad(x, _idx([[0], [1]]), g)),
    ("masked_select_grad", lambda x, g: C.masked_select_grad(x, T([True, False, True, True]), g)),
]


@pytest.mark.parametrize("op,call", BAD_OUT_GRAD, ids=[b[0] for b in BAD_OUT_GRAD])
def test_wrong_out_grad_shape_raises(op, call):
    with pytest.raises(ValueError, match=rf"^{op}\(\): .*out_grad .*shape"):
        call(paddle.zeros([3, 4]), paddle.ones([5]))


# index_select_grad is registered for every dtype: __setitem__ scatters with it
NO_INT_KERNEL = [b for b in BAD_OUT_GRAD if b[0] != "index_select_grad"]


@pytest.mark.parametrize("op,call", NO_INT_KERNEL, ids=[b[0] for b in NO_INT_KERNEL])
def test_integer_out_grad_has_no_kernel(op, call):
    with pytest.raises(RuntimeError, match=f"{op}"):
        call(paddle.zeros([3, 4]), paddle.ones([5], "int64"))


def test_forward_validation_applies():
    x, g = paddle.zeros([3, 4]), paddle.ones([2, 4])
    with pytest.raises(ValueError, match=r"^gather_grad\(\): .*int32 or int64"):
        C.gather_grad(x, T([0., 1.]), g, 0)
    with pytest.raises(IndexError, match=r"^gather_grad\(\): .*axis"):
        C.gather_grad(x, _idx([0, 1]), g, 2)
    with pytest.raises(ValueError, match=r"^masked_select_grad\(\): .*bool"):
        C.masked_select_grad(x, _idx([1, 0, 1, 0]), g)
    with pytest.raises(ValueError, match=r"^strided_slice_grad\(\): .*stride"):
        C.strided_slice_grad(x, g, [0], [0], [2], [0])


def test_out_of_range_index_raises_forward_error_type():
    x, g = paddle.zeros([3, 4]), paddle.ones([2, 4])
    with pytest.raises(IndexError, match=r"^gather_grad\(\): .*index 3 is out of bounds"):
        C.gather_grad(x, _idx([0, 3]), g, 0)
    with pytest.raises(ValueError, match=r"^index_select_grad\(\): .*index -4 is out of bounds"):
        C.index_select_grad(x, _idx([-4, 0]), g, 0)
    with pytest.raises(ValueError, match=r"^gather_nd_grad\(\): .*wrong value"):
        C.gather_nd_grad(x, _idx([[0], [3]]), g)
