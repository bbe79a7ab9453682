"""t, moveaxis, unstack and meshgrid: compositions of existing ops in ops/manipulation.py (no
op-table row of their own), checked against NumPy and by central differences."""
import numpy as np
import pytest

import eagergraph as paddle
from tests.gradcheck import check_grads

RNG = np.random.default_rng(0)


def test_t():
    a = RNG.standard_normal((2, 3))
    np.testing.assert_array_equal(paddle.t(paddle.to_tensor(a)).numpy(), a.T)
    v = RNG.standard_normal(3)
    np.testing.assert_array_equal(paddle.to_tensor(v).t().numpy(), v)  # 0-D/1-D unchanged
    with pytest.raises(ValueError):
        paddle.t(paddle.zeros([2, 3, 4]))
    check_grads(lambda xs: paddle.t(xs[0]), [a])


def test_moveaxis():
    a = RNG.standard_normal((2, 3, 4))
    for src, dst in ((0, 2), ([0, 1], [2, 0]), (-1, 0)):
        got = paddle.moveaxis(paddle.to_tensor(a), src, dst).numpy()
        np.testing.assert_array_equal(got, np.moveaxis(a, src, dst))
    check_grads(lambda xs: paddle.moveaxis(xs[0], [0, 1], [2, 0]), [a])


def test_unstack():
    a = RNG.standard_normal((3, 2, 4))
    parts = paddle.unstack(paddle.to_tensor(a), axis=1)
    assert len(parts) == 2
    for i, p in enumerate(parts):
        np.testing.assert_array_equal(p.numpy(), a[:, i])
    check_grads(lambda xs: paddle.unstack(xs[0], axis=2), [a])


def test_meshgrid():
    x, y = RNG.standard_normal(3), RNG.standard_normal(4)
    gx, gy = paddle.meshgrid(paddle.to_tensor(x), paddle.to_tensor(y))
    ex, ey = np.meshgrid(x, y, indexing="ij")  # Paddle's meshgrid is 'ij'
    np.testing.assert_array_equal(gx.numpy(), ex)
    np.testing.assert_array_equal(gy.numpy(), ey)
    check_grads(lambda xs: paddle.meshgrid(xs[0], xs[1]), [x, y])
