"""Paddle 3.x's other spellings and compositions without an op-table row of their own: aliases
(cat, clamp, eq, sub, permute, ...), attribute queries (rank, shape, numel, is_empty), NumPy-style
stacking and broadcasting, range/as_tensor/from_numpy, tensordot/vecdot, deg2rad/rad2deg,
finfo/iinfo and the torch-style dtype names. Values against NumPy, gradients by central
differences."""
import math

import numpy as np
import pytest

import eagergraph as paddle
from tests.gradcheck import check_grads

RNG = np.random.default_rng(0)


def T(a, **kw):
    return paddle.to_tensor(a, **kw)


def test_aliases_are_the_same_functions():
    assert paddle.cat is paddle.concat and paddle.concatenate is paddle.concat
    assert paddle.clamp is paddle.clip and paddle.take_along_dim is paddle.take_along_axis
    # mul and true_divide are functions of their own in Paddle 3.3.1 (their keyword aliases fail
    # differently from multiply's and divide's when given twice), with the same values
    a, b = T([1.0, 2.0]), T([3.0, 4.0])
    np.testing.assert_array_equal(paddle.mul(a, b).numpy(), paddle.multiply(a, b).numpy())
    np.testing.assert_array_equal(paddle.true_divide(a, b).numpy(), paddle.divide(a, b).numpy())
    assert paddle.swapaxes is paddle.transpose and paddle.manual_seed is paddle.seed
    assert paddle.float is paddle.float32 and paddle.long is paddle.int64
    assert paddle.double is paddle.float64 and paddle.cdouble is paddle.complex128
    assert (paddle.e, paddle.pi, paddle.newaxis) == (math.e, math.pi, None)
    assert math.isinf(paddle.inf) and math.isnan(paddle.nan)


def test_comparison_aliases_and_equal_with_a_scalar():
    a = RNG.standard_normal((2, 3)).astype("float32")
    b = RNG.standard_normal((2, 3)).astype("float32")
    for name, ref in [("eq", np.equal), ("ne", np.not_equal), ("gt", np.greater),
                      ("ge", np.greater_equal), ("lt", np.less), ("le", np.less_equal)]:
        np.testing.assert_array_equal(getattr(paddle, name)(T(a), T(b)).numpy(), ref(a, b))
        np.testing.assert_array_equal(getattr(T(a), name)(T(b)).numpy(), ref(a, b))
    # paddle.equal (and only it) also takes a Python scalar, as a 0-D tensor of x's dtype
    np.testing.assert_array_equal(paddle.equal(T(a), float(a[0, 0])).numpy(), a == a[0, 0])
    np.testing.assert_array_equal(paddle.equal(T([1, 2]), 2.7).numpy(), [False, True])
    with pytest.raises(ValueError):
        paddle.greater_than(T(a), 0)
    with pytest.raises(TypeError):
        paddle.equal(T(a), "x")


def test_div_sub_and_their_inplace_forms():
    a = np.array([[1.5, -2.0], [3.0, -4.5]])
    b = np.array([2.0, -2.0])
    np.testing.assert_allclose(paddle.div(T(a), T(b)).numpy(), a / b)
    np.testing.assert_array_equal(paddle.div(T(a), T(b), rounding_mode="trunc").numpy(),
                                  np.trunc(a / b))
    np.testing.assert_array_equal(paddle.div(T(a), T(b), rounding_mode="floor").numpy(),
                                  np.floor(a / b))
    with pytest.raises(ValueError):
        paddle.div(T(a), T(b), rounding_mode="round")
    np.testing.assert_allclose(paddle.sub(T(a), T(b), alpha=3).numpy(), a - 3 * b)
    x = T(a.copy())
    assert x.div_(T(b), rounding_mode="floor") is x
    np.testing.assert_array_equal(x.numpy(), np.floor(a / b))
    x = T(a.copy())
    x.sub_(T(b), alpha=2)
    np.testing.assert_allclose(x.numpy(), a - 2 * b)
    x = T(a.copy())
    x.mul_(T(b))
    np.testing.assert_allclose(x.numpy(), a * b)
    x = T(a.copy())
    x.clamp_(-1.0, 2.0)
    np.testing.assert_allclose(x.numpy(), np.clip(a, -1, 2))
    check_grads(lambda xs: paddle.sub(xs[0], xs[1], alpha=2.5), [a, b])


def test_shape_adaptors():
    a = RNG.standard_normal((2, 3, 4))
    x = T(a)
    np.testing.assert_array_equal(paddle.permute(x, 2, 0, 1).numpy(), a.transpose(2, 0, 1))
    np.testing.assert_array_equal(x.permute([1, 0, 2]).numpy(), a.transpose(1, 0, 2))
    np.testing.assert_array_equal(paddle.swapaxes(x, 0, 2).numpy(), np.swapaxes(a, 0, 2))
    np.testing.assert_array_equal(paddle.ravel(x).numpy(), a.ravel())
    np.testing.assert_array_equal(paddle.narrow(x, -1, 1, 2).numpy(), a[..., 1:3])
    np.testing.assert_array_equal(x.narrow(0, T(1), 1).numpy(), a[1:2])
    with pytest.raises(ValueError):
        paddle.narrow(x, 1, 2, 5)
    np.testing.assert_array_equal(paddle.msort(x).numpy(), np.sort(a, axis=0))
    np.testing.assert_array_equal(x.matrix_transpose().numpy(), np.swapaxes(a, -1, -2))
    np.testing.assert_array_equal(paddle.reverse(x, 1).numpy(), a[:, ::-1])
    np.testing.assert_allclose(paddle.ger(T(a[0, 0]), T(a[1, 1])).numpy(),
                               np.outer(a[0, 0], a[1, 1]))
    parts = x.split_with_sizes([1, 2], dim=1)
    assert [p.shape for p in parts] == [[2, 1, 4], [2, 2, 4]]
    check_grads(lambda xs: paddle.narrow(paddle.permute(xs[0], 2, 0, 1), 0, 1, 2), [a])


def test_attribute_queries():
    x = T(np.zeros((2, 3)))
    r = paddle.rank(x)
    assert r.dtype == paddle.int32 and r.shape == [] and int(r) == 2 and int(x.rank()) == 2
    s = paddle.shape(x)
    assert s.dtype == paddle.int64 and s.numpy().tolist() == [2, 3]
    n = paddle.numel(x)
    assert n.dtype == paddle.int64 and int(n) == 6
    assert bool(paddle.is_empty(T(np.zeros((0, 2))))) and not bool(x.is_empty())
    assert paddle.is_floating_point(x) and not paddle.is_integer(x)
    assert paddle.is_integer(T([1], dtype="uint8")) and not paddle.is_integer(T([True]))
    with pytest.raises(TypeError):
        paddle.rank([1, 2])


def test_numpy_style_stacking():
    a, b = RNG.standard_normal((2, 3)), RNG.standard_normal((2, 3))
    u, v = RNG.standard_normal(3), RNG.standard_normal(3)
    for name in ("hstack", "vstack", "dstack", "column_stack", "row_stack"):
        ref = np.vstack if name == "row_stack" else getattr(np, name)
        np.testing.assert_array_equal(getattr(paddle, name)([T(a), T(b)]).numpy(), ref([a, b]))
        np.testing.assert_array_equal(getattr(paddle, name)([T(u), T(v)]).numpy(), ref([u, v]))
        check_grads(lambda xs, name=name: getattr(paddle, name)(xs), [a, b], order=1)
    assert not hasattr(paddle.Tensor, "hstack")


def test_broadcasting_helpers():
    assert paddle.broadcast_shape([2, 1], [3]) == [2, 3]
    assert paddle.broadcast_shapes([2, 1], [3], [1, 1]) == [2, 3]
    with pytest.raises(ValueError):
        paddle.broadcast_shape([2, 3], [4])
    a, b = RNG.standard_normal((2, 1)), RNG.standard_normal(3)
    outs = paddle.broadcast_tensors([T(a), T(b)])
    ra, rb = np.broadcast_arrays(a, b)
    np.testing.assert_array_equal(outs[0].numpy(), ra)
    np.testing.assert_array_equal(outs[1].numpy(), rb)
    check_grads(lambda xs: paddle.broadcast_tensors(xs)[0] * paddle.broadcast_tensors(xs)[1],
                [a, b])


def test_range_and_conversions():
    r = paddle.range(1, 4, 1.5)
    np.testing.assert_allclose(r.numpy(), [1.0, 2.5, 4.0])
    assert r.dtype == paddle.float32
    assert paddle.range(3, dtype="int64").numpy().tolist() == [0, 1, 2, 3]
    assert paddle.as_tensor([1, 2]).dtype == paddle.int64
    assert paddle.asarray([1.0, 2.0]).dtype == paddle.float32
    t = T([1.0])
    assert paddle.as_tensor(t) is t
    assert not paddle.as_tensor([1.0], requires_grad=True).stop_gradient
    arr = np.arange(3.0)
    f = paddle.from_numpy(arr)
    assert f.dtype == paddle.float64 and f.numpy().tolist() == [0.0, 1.0, 2.0]
    with pytest.raises(TypeError):
        paddle.from_numpy([1, 2])


def test_tensordot_and_vecdot():
    a, b = RNG.standard_normal((2, 3, 4)), RNG.standard_normal((3, 4, 5))
    for axes, np_axes in [(2, 2), ([[1, 2], [0, 1]], ([1, 2], [0, 1])), (0, 0)]:
        np.testing.assert_allclose(paddle.tensordot(T(a), T(b), axes).numpy(),
                                   np.tensordot(a, b, np_axes), rtol=1e-12)
    m = RNG.standard_normal((3, 3))
    np.testing.assert_allclose(paddle.tensordot(T(m), T(m), axes=[0]).numpy(),
                               np.tensordot(m, m, ([0], [0])))
    check_grads(lambda xs: paddle.tensordot(xs[0], xs[1], [[1, 2], [0, 1]]), [a, b])
    with pytest.raises(AssertionError):  # Paddle 3.3.1 asserts the sizes (test_tensordot.py)
        paddle.tensordot(T(a), T(b), [[0], [0]])
    c = RNG.standard_normal((2, 3)) + 1j * RNG.standard_normal((2, 3))
    d = RNG.standard_normal((2, 3)) + 1j * RNG.standard_normal((2, 3))
    np.testing.assert_allclose(paddle.vecdot(T(c), T(d)).numpy(), (np.conj(c) * d).sum(-1))
    check_grads(lambda xs: paddle.vecdot(xs[0], xs[1], axis=0), [c, d])


def test_deg2rad_rad2deg():
    a = RNG.standard_normal((2, 3))
    np.testing.assert_allclose(paddle.deg2rad(T(a)).numpy(), np.deg2rad(a))
    np.testing.assert_allclose(T(a).rad2deg().numpy(), np.rad2deg(a))
    assert paddle.rad2deg(T([1])).dtype == paddle.float32
    check_grads(lambda xs: paddle.deg2rad(xs[0]), [a])


def test_finfo_iinfo():
    for name in ("float16", "float32", "float64"):
        f, ref = paddle.finfo(name), np.finfo(name)
        assert (f.min, f.max, f.eps, f.bits) == (float(ref.min), float(ref.max),
                                                 float(ref.eps), ref.bits)
        assert f.tiny == f.smallest_normal == float(ref.smallest_normal)
        assert f.dtype == name
    assert paddle.finfo(paddle.float16).resolution == 0.001
    assert paddle.finfo("bfloat16").eps == 2.0 ** -7 and paddle.finfo("bfloat16").bits == 16
    i = paddle.iinfo(paddle.uint8)
    assert (i.min, i.max, i.bits, i.dtype) == (0, 255, 8, "uint8")
    assert paddle.iinfo("int64").min == np.iinfo(np.int64).min
    with pytest.raises(ValueError):
        paddle.iinfo("float32")
    with pytest.raises(ValueError):
        paddle.finfo("int32")


@pytest.mark.parametrize("name,args,ref", [
    ("equal_", ([1.0, 3.0],), lambda a, b: a == b),
    ("not_equal_", ([1.0, 3.0],), lambda a, b: a != b),
    ("less_than_", ([2.0, 2.0],), lambda a, b: a < b),
    ("less_", ([2.0, 2.0],), lambda a, b: a < b),
    ("less_equal_", ([2.0, 2.0],), lambda a, b: a <= b),
    ("greater_than_", ([0.0, 3.0],), lambda a, b: a > b),
    ("greater_equal_", ([1.0, 3.0],), lambda a, b: a >= b),
    ("logical_and_", ([1.0, 0.0],), np.logical_and),
    ("logical_or_", ([0.0, 0.0],), np.logical_or),
    ("logical_xor_", ([1.0, 1.0],), np.logical_xor),
    ("logical_not_", (), np.logical_not),
])
def test_bool_inplace_forms_turn_x_into_bool(name, args, ref):
    a = np.array([1.0, 2.0])
    x = T(a)
    v = x.inplace_version
    out = getattr(x, name)(*[T(np.array(b)) for b in args])
    assert out is x and x.dtype == paddle.bool and x.inplace_version == v + 1
    np.testing.assert_array_equal(x.numpy(), ref(a, *[np.array(b) for b in args]))
    assert callable(getattr(paddle, name))
    leaf = T(a, stop_gradient=False)
    with pytest.raises(ValueError):
        getattr(leaf, name)(*[T(np.array(b)) for b in args])


def test_bitwise_and_transpose_inplace_forms():
    x = T(np.array([5, 3]))
    assert x.bitwise_and_(T(np.array([1, 1]))) is x and x.numpy().tolist() == [1, 1]
    y = T(np.array([5, 3]))
    assert paddle.bitwise_not_(y) is y and y.numpy().tolist() == [-6, -4]
    a = RNG.standard_normal((2, 3))
    z = T(a)
    assert z.transpose_([1, 0]) is z and z.shape == [3, 2]
    np.testing.assert_array_equal(z.numpy(), a.T)
    leaf = T(a, stop_gradient=False)
    h = leaf * 1
    h.transpose_([1, 0])
    (h * T(np.arange(6.0).reshape(3, 2))).sum().backward()
    np.testing.assert_array_equal(leaf.grad.numpy(), np.arange(6.0).reshape(3, 2).T)


def test_unfold_windows_of_one_axis():
    a = RNG.standard_normal((3, 7))
    for axis, size, step in [(1, 2, 1), (1, 3, 2), (0, 2, 1), (-1, 7, 1), (1, 0, 3)]:
        got = paddle.unfold(T(a), axis, size, step).numpy()
        ref = np.lib.stride_tricks.sliding_window_view(a, size, axis=axis)
        ref = np.take(ref, np.arange(0, ref.shape[axis], step), axis=axis)
        np.testing.assert_array_equal(got, ref)
    np.testing.assert_array_equal(T(a).unfold(0, 2, 1).numpy()[1], a[1:3].T)
    # overlapping windows add their gradients (each element once per window it is in)
    check_grads(lambda xs: paddle.unfold(xs[0], 1, 3, 1), [a])
    with pytest.raises(ValueError):
        paddle.unfold(T(a), 1, 8, 1)
    with pytest.raises(ValueError):
        paddle.unfold(T(a), 1, 2, 0)


def test_nan_to_num():
    a = np.array([np.nan, np.inf, -np.inf, 1.5, -2.0])
    for kw in ({}, {"nan": 1.0, "posinf": 2.0}, {"neginf": -3.0}):
        np.testing.assert_array_equal(paddle.nan_to_num(T(a), **kw).numpy(),
                                      np.nan_to_num(a, **kw))
    f32 = paddle.nan_to_num(T(a.astype("float32")))
    assert f32.dtype == paddle.float32 and f32.numpy()[1] == np.finfo(np.float32).max
    x = T(a, stop_gradient=False)
    paddle.nan_to_num(x).sum().backward()
    assert x.grad.numpy().tolist() == [0.0, 0.0, 0.0, 1.0, 1.0]
    y = T(a.copy())
    assert y.nan_to_num_(nan=7.0) is y and y.numpy()[0] == 7.0 and y.inplace_version == 1
    with pytest.raises(AssertionError):
        paddle.nan_to_num(T([1, 2]))
