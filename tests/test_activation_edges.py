"""Activation wrappers at their boundaries, NaN and infinities, as Paddle 3.3.1's kernels compute
them (checked against real Paddle; the references here are those kernel formulas in NumPy):

* hardshrink: x * (x <= -t or x >= t) -- the bounds are kept, NaN stays NaN;
* softshrink: (x > t) * (x - t) + (x < -t) * (x + t) -- +-inf give NaN;
* thresholded_relu: (x > t) * x + (x <= t) * value -- NaN and -inf give NaN;
* rrelu (eval): NaN takes the identity branch (gradient 1);
* celu / selu: the gradient at 0 is the negative branch's (1 and scale * alpha).
"""
import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F

V = np.array([0.5, -0.5, np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 0.3, -0.3, 2.5, -2.5,
              0.49999, -0.50001])
T32 = float(np.float32(0.5))


def run(fn, v=V):
    x = paddle.to_tensor(v, dtype="float64", stop_gradient=False)
    y = fn(x)
    (g,) = paddle.grad(y, [x], grad_outputs=paddle.ones_like(y))
    return y.numpy(), g.numpy()


def same(a, b):
    """Equal with NaNs in the same places and the same signs (so -0.0 is not 0.0)."""
    return np.array_equal(a, b, equal_nan=True) and np.array_equal(np.signbit(a), np.signbit(b))


def f(b):
    return b.astype(np.float64)


def test_hardshrink():
    y, g = run(lambda x: F.hardshrink(x, 0.5))
    keep = f((V <= -T32) | (V >= T32))
    with np.errstate(invalid="ignore"):
        assert same(y, V * keep)
    assert same(g, keep)
    assert y[0] == 0.5 and np.isnan(y[2])


def test_softshrink():
    y, g = run(lambda x: F.softshrink(x, 0.5))
    with np.errstate(invalid="ignore"):
        ref = f(V > T32) * (V - T32) + f(V < -T32) * (V + T32)
    assert same(y, ref)
    assert same(g, f(V > T32) + f(V < -T32))
    assert np.isnan(y[3]) and np.isnan(y[4])


@pytest.mark.parametrize("inplace", [False, True])
@pytest.mark.parametrize("value", [0.0, 0.3])
def test_thresholded_relu(value, inplace):
    fn = F.thresholded_relu_ if inplace else F.thresholded_relu
    y, g = run(lambda x: fn(x * 1.0, 0.5, value))
    v32 = float(np.float32(value))
    with np.errstate(invalid="ignore"):
        ref = f(V > T32) * V + f(V <= T32) * v32
    assert same(y, ref)
    assert same(g, f(V > T32))


def test_thresholded_relu_inplace_writes_into_x():
    x = paddle.to_tensor([0.2, 0.9, -1.0], dtype="float64")
    ver = x.inplace_version
    out = F.thresholded_relu_(x, 0.5, 0.25)
    assert out is x and x.inplace_version > ver
    np.testing.assert_array_equal(x.numpy(), [0.25, 0.9, 0.25])


def test_rrelu_eval_nan_takes_the_identity_gradient():
    y, g = run(lambda x: F.rrelu(x, 0.1, 0.3, training=False))
    slope = float((np.float32(0.1) + np.float32(0.3)) / np.float32(2))
    with np.errstate(invalid="ignore"):
        assert same(y, np.where(V < 0, V * slope, V))
    assert same(g, np.where(V < 0, slope, 1.0))


def test_celu_selu_gradient_at_zero():
    z = np.array([0.0, -0.0])
    _, g = run(lambda x: F.celu(x, 1.0), z)
    np.testing.assert_array_equal(g, [1.0, 1.0])
    scale, alpha = 1.0507009873554805, 1.6732632423543772
    _, g = run(lambda x: F.selu(x, scale, alpha), z)
    want = float(np.float32(scale)) * float(np.float32(alpha))
    np.testing.assert_allclose(g, [want, want], rtol=1e-15)
