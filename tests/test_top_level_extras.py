"""Paddle 3.3.1's smaller top-level names: paddle.conv2d and the other functional ops bound at
the top, bitwise_invert, positive, increment, tolist, reduce_as, and the torch-style autocast
getters. Expected values are worked out here from NumPy or from the ops they stand for."""
import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F
from tests.gradcheck import check_grads


def test_functional_ops_are_bound_at_the_top():
    for n in ("conv1d", "conv2d", "conv3d", "group_norm", "layer_norm", "adaptive_avg_pool1d"):
        assert getattr(paddle, n) is getattr(F, n), n


def test_bitwise_invert_positive_tolist():
    x = paddle.to_tensor([1, 2, -3])
    np.testing.assert_array_equal(paddle.bitwise_invert(x).numpy(), ~np.array([1, 2, -3]))
    y = paddle.to_tensor([5])
    paddle.bitwise_invert_(y)
    assert y.tolist() == [-6]
    assert paddle.positive(x) is x
    with pytest.raises(TypeError, match="on a bool tensor is not supported"):
        paddle.positive(paddle.to_tensor([True]))
    assert paddle.tolist(paddle.to_tensor([[1, 2], [3, 4]])) == [[1, 2], [3, 4]]


def test_increment_adds_in_place_to_one_element():
    x = paddle.to_tensor([1.5])
    out = paddle.increment(x, 2.0)
    assert out.tolist() == [3.5] and x.tolist() == [3.5]
    i = paddle.to_tensor([3])
    assert paddle.increment(i, 2.7).tolist() == [5] and i.dtype == paddle.int64  # value cast
    with pytest.raises(ValueError, match="number of elements in Input\\(X\\) should be 1"):
        paddle.increment(paddle.ones([2]))


def test_reduce_as_sums_the_broadcast_axes():
    a = np.random.default_rng(0).standard_normal((2, 3, 4))
    got = paddle.reduce_as(paddle.to_tensor(a), paddle.zeros([3, 1], "float64"))
    assert got.shape == [3, 1]
    np.testing.assert_allclose(got.numpy(), a.sum(axis=(0, 2))[:, None], rtol=1e-12)
    same = paddle.reduce_as(paddle.to_tensor(a), paddle.zeros([2, 3, 4], "float64"))
    np.testing.assert_array_equal(same.numpy(), a)
    check_grads(lambda ts: paddle.reduce_as(ts[0], paddle.zeros([1, 4], "float64")), [a[0]],
                order=2)
    with pytest.raises(ValueError, match="ReduceDims dimension mismatch"):
        paddle.reduce_as(paddle.to_tensor(a), paddle.zeros([5]))


def test_autocast_getters():
    assert paddle.get_autocast_cpu_dtype() == paddle.get_autocast_gpu_dtype() == "float16"
    assert paddle.get_autocast_cpu_dtype is paddle.get_autocast_dtype  # Paddle's is the same
    with paddle.autocast("cpu", dtype="bfloat16", enabled=False):
        assert paddle.get_autocast_cpu_dtype() == "float16"  # off: Paddle's default answer
