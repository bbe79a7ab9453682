"""rot90, repeat_interleave, tensor_split, hsplit, vsplit, dsplit and diff (compositions in
ops/manipulation.py, no op-table row of their own), and the searchsorted/bucketize wrappers:
NumPy values, central-difference gradients to second order (float64 and complex128 where
Paddle has complex), Paddle's argument errors."""
import numpy as np
import pytest

import eagergraph as paddle
from tests.gradcheck import check_grads

RNG = np.random.default_rng(1)
A = RNG.standard_normal((3, 4))
C = A + 1j * RNG.standard_normal((3, 4))
X = np.arange(60.0).reshape(3, 4, 5)


@pytest.mark.parametrize("x", [A, C], ids=["float64", "complex128"])
@pytest.mark.parametrize("k", [-3, -1, 0, 1, 2, 5])
def test_rot90(x, k):
    got = paddle.rot90(paddle.to_tensor(x), k)
    np.testing.assert_array_equal(got.numpy(), np.rot90(x, k, (0, 1)))
    got = paddle.rot90(paddle.to_tensor(x), k, [1, 0])
    np.testing.assert_array_equal(got.numpy(), np.rot90(x, k, (1, 0)))
    check_grads(lambda t: paddle.rot90(t[0], k, [1, 0]), [x])


def test_rot90_3d_and_errors():
    got = paddle.rot90(paddle.to_tensor(X), 1, [0, -1])
    np.testing.assert_array_equal(got.numpy(), np.rot90(X, 1, (0, 2)))
    for axes in ([0], [0, 0], [0, 2], [0, -2]):
        with pytest.raises(ValueError):
            paddle.rot90(paddle.to_tensor(A), 1, axes)
    with pytest.raises(ValueError):
        paddle.rot90(paddle.to_tensor(A[0]))
    with pytest.raises(TypeError):
        paddle.rot90(paddle.to_tensor(A), 1, 0)


@pytest.mark.parametrize("x", [A, X[:2, :2, :3]], ids=["2d", "3d"])
def test_repeat_interleave(x):
    np.testing.assert_array_equal(paddle.repeat_interleave(paddle.to_tensor(x), 2).numpy(),
                                  np.repeat(x, 2))
    np.testing.assert_array_equal(
        paddle.repeat_interleave(paddle.to_tensor(x), 3, -1).numpy(), np.repeat(x, 3, -1))
    reps = np.arange(x.shape[0]) % 3  # a zero count drops that slice
    got = paddle.repeat_interleave(paddle.to_tensor(x), paddle.to_tensor(reps), 0)
    np.testing.assert_array_equal(got.numpy(), np.repeat(x, reps, 0))
    check_grads(lambda t: paddle.repeat_interleave(t[0], paddle.to_tensor(reps), 0), [x])
    check_grads(lambda t: paddle.repeat_interleave(t[0], 2), [x])


def test_repeat_interleave_edges_and_errors():
    x = paddle.to_tensor(A)
    np.testing.assert_array_equal(paddle.repeat_interleave(paddle.to_tensor(1.5), 3).numpy(),
                                  [1.5, 1.5, 1.5])
    one = paddle.repeat_interleave(paddle.to_tensor([2.0]), paddle.to_tensor(3))  # 0-D repeats
    np.testing.assert_array_equal(one.numpy(), [2.0, 2.0, 2.0])
    # output_size truncates the repeated index, as Paddle's kernel does
    np.testing.assert_array_equal(paddle.repeat_interleave(x, 2, 0, output_size=3).numpy(),
                                  np.repeat(A, 2, 0)[:3])
    with pytest.raises(ValueError):
        paddle.repeat_interleave(x, 0, 0)
    with pytest.raises(IndexError):
        paddle.repeat_interleave(x, 1, 2)
    with pytest.raises(ValueError):
        paddle.repeat_interleave(x, paddle.to_tensor([1, 2]), 0)
    with pytest.raises(ValueError):
        paddle.repeat_interleave(x, paddle.to_tensor([1, -1, 1]), 0)
    with pytest.raises(RuntimeError, match="NotFound"):  # Paddle has no complex kernel
        paddle.repeat_interleave(paddle.to_tensor(C), 2)


def _np_tensor_split(x, spec, axis):
    return np.array_split(x, spec, axis) if isinstance(spec, int) else np.split(
        x, [min(max(i if i >= 0 else x.shape[axis] + i, 0), x.shape[axis]) for i in spec], axis)


@pytest.mark.parametrize("spec,axis", [(3, 1), (7, 2), ([1, -1, 10], -1), ((1, 3), 0), (2, 0)])
def test_tensor_split(spec, axis):
    parts = paddle.tensor_split(paddle.to_tensor(X), spec, axis)
    if isinstance(spec, int):
        want = np.array_split(X, spec, axis)
    else:
        want = []
        start = 0
        n = X.shape[axis]
        for end in [*spec, n]:
            s = start if start >= 0 else n + start
            e = end if end >= 0 else n + end
            want.append(np.take(X, np.arange(s, max(s, min(e, n))), axis))
            start = end
    assert len(parts) == len(want)
    for p, w in zip(parts, want):
        np.testing.assert_array_equal(p.numpy(), w)
    check_grads(lambda t: paddle.tensor_split(t[0], spec, axis), [X[:, :3, :4] * 0.1]
                if isinstance(spec, int) and spec > 4 else [X * 0.1])


def test_hsplit_vsplit_dsplit():
    for f, ax, spec in ((paddle.hsplit, 1, 2), (paddle.vsplit, 0, [1]), (paddle.dsplit, 2, 5)):
        for p, w in zip(f(paddle.to_tensor(X), spec), np.array_split(X, spec, ax)
                        if isinstance(spec, int) else np.split(X, spec, ax)):
            np.testing.assert_array_equal(p.numpy(), w)
    v = np.arange(5.0)
    for p, w in zip(paddle.hsplit(paddle.to_tensor(v), [2]), np.split(v, [2])):  # 1-D: axis 0
        np.testing.assert_array_equal(p.numpy(), w)
    with pytest.raises(ValueError):
        paddle.vsplit(paddle.to_tensor(v), 2)
    with pytest.raises(ValueError):
        paddle.dsplit(paddle.to_tensor(A), 2)
    with pytest.raises(ValueError):
        paddle.hsplit(paddle.to_tensor(1.0), 2)
    with pytest.raises(ValueError):
        paddle.tensor_split(paddle.to_tensor(X), 0)
    with pytest.raises(ValueError):
        paddle.tensor_split(paddle.to_tensor(X), 2.5)
    with pytest.raises(ValueError):
        paddle.tensor_split(paddle.to_tensor(X), 2, 3)


@pytest.mark.parametrize("x", [A, C], ids=["float64", "complex128"])
def test_diff(x):
    np.testing.assert_allclose(paddle.diff(paddle.to_tensor(x)).numpy(), np.diff(x))
    np.testing.assert_allclose(paddle.diff(paddle.to_tensor(x), 2, 0).numpy(), np.diff(x, 2, 0))
    pre, app = np.ones((3, 2), x.dtype), np.zeros((3, 1), x.dtype)
    got = paddle.diff(paddle.to_tensor(x), 1, 1, paddle.to_tensor(pre), paddle.to_tensor(app))
    np.testing.assert_allclose(got.numpy(), np.diff(x, 1, 1, prepend=pre, append=app))
    check_grads(lambda t: paddle.diff(t[0], 3, -1), [x])
    check_grads(lambda t: paddle.diff(t[0], 1, 1, t[1], t[2]), [x, pre, app])


def test_diff_int_bool_and_errors():
    got = paddle.diff(paddle.to_tensor([1, 4, 9, 16]))
    assert got.numpy().tolist() == [3, 5, 7] and got.dtype == paddle.int64
    b = paddle.diff(paddle.to_tensor([True, False, False, True]))
    assert b.numpy().tolist() == [True, False, True] and b.dtype == paddle.bool
    assert paddle.diff(paddle.to_tensor([1.0, 2.0]), 3).shape == [0]
    with pytest.raises(ValueError):
        paddle.diff(paddle.to_tensor(A), 0)


# ---------------------------------------------------------------- searchsorted and bucketize
def test_searchsorted_and_bucketize():
    s = np.array([1.0, 3, 3, 5, 7])
    v = np.array([[0.0, 3, 4], [7, 8, -1]])
    for right in (False, True):
        side = "right" if right else "left"
        for out_int32 in (False, True):
            got = paddle.searchsorted(paddle.to_tensor(s), paddle.to_tensor(v), out_int32, right)
            np.testing.assert_array_equal(got.numpy(), np.searchsorted(s, v, side))
            assert got.dtype == (paddle.int32 if out_int32 else paddle.int64)
            got = paddle.bucketize(paddle.to_tensor(v), paddle.to_tensor(s), out_int32, right)
            np.testing.assert_array_equal(got.numpy(), np.searchsorted(s, v, side))
    got = paddle.searchsorted(paddle.to_tensor(s), paddle.to_tensor(v), side="right")
    np.testing.assert_array_equal(got.numpy(), np.searchsorted(s, v, "right"))
    # sorter: the indices that sort the sequence
    got = paddle.searchsorted(paddle.to_tensor([5.0, 1, 3]), paddle.to_tensor([2.0, 4]),
                              sorter=paddle.to_tensor([1, 2, 0]))
    assert got.numpy().tolist() == [1, 2]
    # values are cast to the sequence's dtype first (Paddle: 2.5 -> 2 in an int sequence)
    got = paddle.searchsorted(paddle.to_tensor([1, 3, 5]), paddle.to_tensor([2.5, 3.0]))
    assert got.numpy().tolist() == [1, 1]
    # a NaN value goes to the end, left or right (Paddle's kernel)
    got = paddle.searchsorted(paddle.to_tensor(s), paddle.to_tensor([np.nan, 2.0]))
    assert got.numpy().tolist() == [5, 1]
    assert paddle.bucketize(paddle.to_tensor(2.0, "float64"), paddle.to_tensor(s)).shape == []


def test_searchsorted_errors():
    with pytest.raises(RuntimeError):  # leading dims differ
        paddle.searchsorted(paddle.to_tensor([[1.0, 2]]), paddle.to_tensor([[1.0], [2]]))
    with pytest.raises(ValueError):  # a 0-D sequence
        paddle.searchsorted(paddle.to_tensor(1.0), paddle.to_tensor([1.0]))
    with pytest.raises(ValueError):
        paddle.bucketize(paddle.to_tensor([1.0]), paddle.to_tensor([[1.0]]))
    with pytest.raises(RuntimeError, match="NotFound"):
        paddle.searchsorted(paddle.to_tensor([1.0, 2], "float16"),
                            paddle.to_tensor([1.0], "float16"))
    assert not hasattr(paddle.Tensor, "searchsorted")  # as Paddle 3.3.1


# ------------------------------------------------------------ view, view_as, unflatten, crop
def test_view_view_as_unflatten():
    np.testing.assert_array_equal(paddle.view(paddle.to_tensor(X), [4, -1]).numpy(),
                                  X.reshape(4, -1))
    x = paddle.to_tensor(X)
    assert paddle.view(x, "float64") is x
    np.testing.assert_array_equal(paddle.view(x, "int64").numpy(), X.view("int64"))
    np.testing.assert_array_equal(x.view(-1).numpy(), X.reshape(-1))
    np.testing.assert_array_equal(x.view_as(paddle.zeros([6, 10])).numpy(), X.reshape(6, 10))
    np.testing.assert_array_equal(paddle.unflatten(x, -1, [5, -1]).numpy(),
                                  X.reshape(3, 4, 5, 1))
    np.testing.assert_array_equal(x.unflatten(1, paddle.to_tensor([2, 2])).numpy(),
                                  X.reshape(3, 2, 2, 5))
    check_grads(lambda t: paddle.unflatten(t[0], 1, [2, 2]), [X * 0.1])
    check_grads(lambda t: paddle.view(t[0], [5, 12]), [X * 0.1])
    with pytest.raises(AssertionError):
        paddle.unflatten(x, 3, [2, 2])
    with pytest.raises(TypeError):
        paddle.unflatten(x, 1, 4)


def test_crop():
    x = paddle.to_tensor(X)
    np.testing.assert_array_equal(paddle.crop(x, [1, 2, -1], [1, 0, 2]).numpy(), X[1:2, 0:2, 2:])
    np.testing.assert_array_equal(paddle.crop(x, offsets=[0, 0, 0]).numpy(), X)
    with pytest.raises(ValueError):  # shape defaults to x's: an offset runs past the end
        paddle.crop(x, offsets=[0, 1, 1])
    np.testing.assert_array_equal(
        paddle.crop(x, paddle.to_tensor([1, 1, 1]), paddle.to_tensor([1, 1, 1])).numpy(),
        X[1:2, 1:2, 1:2])
    check_grads(lambda t: paddle.crop(t[0], [2, 2, 3], [1, 1, 0]), [X * 0.1])
    with pytest.raises(ValueError):
        paddle.crop(x, [1, 4, 3], [1, 1, 1])
    with pytest.raises(ValueError):
        paddle.crop(x, [1, 3], [1, 1])
    assert not hasattr(paddle.Tensor, "crop")


def test_as_strided():
    a = np.arange(12.0)
    x = paddle.to_tensor(a)
    np.testing.assert_array_equal(paddle.as_strided(x, [2, 2], [4, 1]).numpy(),
                                  np.lib.stride_tricks.as_strided(a, (2, 2), (32, 8)))
    # the offset counts bytes, as in Paddle 3.3.1 (8 bytes: one float64)
    np.testing.assert_array_equal(x.as_strided([2, 2], [1, 2], 8).numpy(), [[1, 3], [2, 4]])
    check_grads(lambda t: paddle.as_strided(t[0], [3, 2], [1, 1]), [a])  # overlapping windows
    with pytest.raises(ValueError):
        paddle.as_strided(x, [3, 3], [4, 2])  # reaches element 12 of 12
    with pytest.raises(ValueError):
        paddle.as_strided(x, [2], [1], 3)
