"""Initializers: Paddle's bounds, fan computation and defaults; draws repeat after paddle.seed."""
import math

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.nn import initializer as I


def make(shape, init, dtype="float32"):
    return paddle.create_parameter(shape, dtype, default_initializer=init)


def test_constant_and_assign():
    np.testing.assert_array_equal(make([2, 3], I.Constant(1.5)).numpy(), np.full((2, 3), 1.5))
    p = make([3], I.Constant(2), dtype="int64")
    assert p.dtype == paddle.int64 and p.numpy().tolist() == [2, 2, 2]
    np.testing.assert_array_equal(make([3], I.Assign([1, 2, 3])).numpy(), [1.0, 2.0, 3.0])
    np.testing.assert_array_equal(make([2], I.Assign(np.array([4.0, 5.0]))).numpy(), [4, 5])


def test_uniform_and_normal_bounds():
    paddle.seed(1)
    u = make([2000], I.Uniform(-0.5, 0.25)).numpy()
    assert u.min() >= -0.5 and u.max() < 0.25 and abs(u.mean() + 0.125) < 0.02
    n = make([20000], I.Normal(1.0, 2.0)).numpy()
    assert abs(n.mean() - 1.0) < 0.06 and abs(n.std() - 2.0) < 0.06
    tn = make([20000], I.TruncatedNormal(0.0, 1.0, -1.0, 1.5), dtype="float64").numpy()
    assert tn.min() >= -1.0 and tn.max() <= 1.5


def test_fans_xavier_kaiming():
    init = I.XavierUniform()
    assert init._compute_fans(paddle.zeros([3, 4])) == (3, 4)
    assert init._compute_fans(paddle.zeros([8, 3, 2, 5])) == (30, 80)  # conv [out, in, kh, kw]
    assert init._compute_fans(paddle.zeros([7])) == (7, 7)
    paddle.seed(2)
    limit = math.sqrt(6.0 / (30 + 40))
    w = make([30, 40], I.XavierUniform()).numpy()
    assert np.abs(w).max() <= limit and np.abs(w).max() > 0.9 * limit
    w = make([300, 400], I.XavierNormal()).numpy()
    assert abs(w.std() - math.sqrt(2.0 / 700)) < 0.003
    w = make([300, 40], I.KaimingUniform()).numpy()  # fan_in = 300, gain sqrt(2)
    limit = math.sqrt(2.0) * math.sqrt(3.0 / 300)
    assert np.abs(w).max() <= limit and np.abs(w).max() > 0.9 * limit
    w = make([400, 300], I.KaimingNormal(mode="fan_out")).numpy()
    assert abs(w.std() - math.sqrt(2.0) / math.sqrt(300)) < 0.003
    assert I.calculate_gain("tanh") == 5.0 / 3
    assert I.calculate_gain("leaky_relu", 0.2) == math.sqrt(2.0 / 1.04)
    with pytest.raises(ValueError, match="not supported"):
        I.calculate_gain("foo")
    with pytest.raises(ValueError, match="fan_in"):
        I.KaimingNormal(mode="bad")


def test_orthogonal():
    w = make([3, 5], I.Orthogonal(gain=2.0), dtype="float64").numpy()
    np.testing.assert_allclose(w @ w.T, 4.0 * np.eye(3), atol=1e-10)


def test_seed_repeats_draws():
    paddle.seed(7)
    a = paddle.nn.Linear(3, 4).weight.numpy()
    paddle.seed(7)
    b = paddle.nn.Linear(3, 4).weight.numpy()
    np.testing.assert_array_equal(a, b)


def test_default_initializers_and_dtype_errors():
    paddle.seed(3)
    w = paddle.create_parameter([10, 20], "float32")
    assert np.abs(w.numpy()).max() <= math.sqrt(6.0 / 30)  # XavierUniform
    b = paddle.create_parameter([5], "float64", is_bias=True)
    assert b.dtype == paddle.float64 and not b.numpy().any()
    with pytest.raises(TypeError, match="default initializer"):
        paddle.create_parameter([3], "int64")
