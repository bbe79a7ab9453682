"""paddle.tensordot as Paddle 3.3.1 computes it (python/paddle/tensor/manipulation.py): negative
axes, the shorter axes list extended with the longer one's tail, size-1 axes broadcast against
the other side (summed there), Tensor axes, and its error types (captured from Paddle 3.3.1).
Values against NumPy; with real paddle installed, also against it."""
import numpy as np
import pytest

import eagergraph as paddle
from tests.gradcheck import check_grads

RNG = np.random.RandomState(0)
X = RNG.rand(2, 3, 4, 5)
Y = RNG.rand(5, 3, 4, 5)


def _np(x, y, ax, ay):
    """NumPy's tensordot after Paddle's broadcast of size-1 contracted axes."""
    for a, b in zip(ax, ay):
        if x.shape[a] == 1 and y.shape[b] != 1:
            y = y.sum(b, keepdims=True)
        elif y.shape[b] == 1 and x.shape[a] != 1:
            x = x.sum(a, keepdims=True)
    return np.tensordot(x, y, (ax, ay))


@pytest.mark.parametrize("axes,ax,ay", [
    ([[-1], [-1]], [3], [3]),
    ([[-1, -3], [-1, -3]], [3, 1], [3, 1]),
    ([[3, 2], [3]], [3, 2], [3, 2]),            # y's list extended with x's tail
    ([[1], [1, 3]], [1, 3], [1, 3]),            # and the other way
    ([1], [1], [1]),
    ((1,), [1], [1]),
    ([[]], [], []),
    ([], [], []),
])
def test_axes_forms(axes, ax, ay):
    x, y = X, Y
    got = paddle.tensordot(paddle.to_tensor(x), paddle.to_tensor(y), axes).numpy()
    np.testing.assert_allclose(got, _np(x, y, ax, ay), rtol=1e-12)


def test_tensor_axes():
    x, y = paddle.to_tensor(X), paddle.to_tensor(Y)
    for axes in (paddle.to_tensor([1]), [paddle.to_tensor([1, 2]), paddle.to_tensor([1, 2])],
                 paddle.to_tensor([[3, 2], [3, 2]])):
        lists = axes.tolist() if isinstance(axes, paddle.Tensor) else [a.tolist() for a in axes]
        ax, ay = (lists, lists) if isinstance(lists[0], int) else lists
        np.testing.assert_allclose(paddle.tensordot(x, y, axes).numpy(), _np(X, Y, ax, ay),
                                   rtol=1e-12)


def test_size_one_axes_broadcast_with_gradients():
    b, c = RNG.rand(1, 3, 1, 5), RNG.rand(2, 1, 4, 1)
    for axes in ([[0, 1, 2, 3], [0, 1, 2, 3]], [[3, 1], [3, 1]], [[0], [0]]):
        ax, ay = axes
        got = paddle.tensordot(paddle.to_tensor(b), paddle.to_tensor(c), axes)
        np.testing.assert_allclose(got.numpy(), _np(b, c, ax, ay), rtol=1e-12)
        check_grads(lambda xs, axes=axes: paddle.tensordot(xs[0], xs[1], axes), [b, c])


@pytest.mark.parametrize("axes,err", [
    ([[[0], [1]]], TypeError), (0.1, TypeError), (True, TypeError), (-1, AssertionError),
    (100, IndexError), ([[1, 2], [0, 0]], AssertionError), ([[0, 1], [1]], AssertionError),
])
def test_errors(axes, err):
    with pytest.raises(err):
        paddle.tensordot(paddle.rand([2, 3, 4, 5]), paddle.rand([4, 3, 2, 5]), axes)


def test_repeated_axis_is_a_transpose_error():
    with pytest.raises(ValueError):  # Paddle: transpose's InvalidArgument on perm
        paddle.tensordot(paddle.rand([2, 3, 4]), paddle.rand([3, 3, 2]), [[1, 1], [0, 1]])


def test_against_paddle():
    real = pytest.importorskip("paddle")
    if getattr(real, "_eagergraph", None) is not None:
        pytest.skip("paddle is eagergraph's alias in this process")
    b, c = RNG.rand(1, 3, 1, 5), RNG.rand(2, 1, 4, 1)
    for x, y, axes in ((X, Y, [[3, 2], [3]]), (X, Y, [[-1, -3], [-1, -3]]), (b, c, [[0, 3], [0, 3]])):
        want = real.tensordot(real.to_tensor(x), real.to_tensor(y), axes).numpy()
        got = paddle.tensordot(paddle.to_tensor(x), paddle.to_tensor(y), axes).numpy()
        np.testing.assert_allclose(got, want, rtol=1e-12)
