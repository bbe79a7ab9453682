"""swish, hardshrink, softshrink, thresholded_relu, logsigmoid, glu, maxout, rrelu and their
layers: values against NumPy formulas written here, gradients to second order."""
import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn as nn
import eagergraph.nn.functional as F
from tests.gradcheck import check_grads

X = np.array([-2.0, -0.7, -0.3, 0.2, 0.6, 1.5, 3.0])
F32 = np.float32  # Paddle keeps these float attributes as float32 (0.4 -> 0.4000000059604645)


def _sig(x):
    return 1 / (1 + np.exp(-x))


CASES = {
    "swish": (F.swish, {}, lambda x: x * _sig(x)),
    "hardshrink": (F.hardshrink, {"threshold": 0.5}, lambda x: np.where(np.abs(x) > 0.5, x, 0)),
    "softshrink": (F.softshrink, {"threshold": 0.4},
                   lambda x: np.where(x > 0.4, x - F32(0.4), np.where(x < -0.4, x + F32(0.4), 0))),
    "thresholded_relu": (F.thresholded_relu, {"threshold": 0.5, "value": -1.0},
                         lambda x: np.where(x > 0.5, x, -1.0)),
    "logsigmoid": (F.logsigmoid, {}, lambda x: np.log(_sig(x))),
    "rrelu_eval": (F.rrelu, {"training": False},
                   lambda x: np.where(x >= 0, x, x * float((F32(1 / 8) + F32(1 / 3)) / 2))),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_values_and_grads(name):
    fn, kw, ref = CASES[name]
    np.testing.assert_allclose(fn(paddle.to_tensor(X), **kw).numpy(), ref(X), rtol=1e-12)
    check_grads(lambda xs: fn(xs[0], **kw), [X[[0, 1, 3, 5, 6]]])  # away from the kinks


def test_glu_and_maxout():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((2, 4, 3))
    a, b = x[:, :2], x[:, 2:]
    np.testing.assert_allclose(F.glu(paddle.to_tensor(x), axis=1).numpy(), a * _sig(b),
                               rtol=1e-12)
    check_grads(lambda xs: F.glu(xs[0]), [rng.standard_normal((3, 4))])
    with pytest.raises(ValueError, match="range of `axis`"):
        F.glu(paddle.to_tensor(x), axis=3)
    m = rng.standard_normal((2, 6, 2, 3))
    ref = m.reshape(2, 3, 2, 2, 3).max(2)  # output channel c: max of channels 2c, 2c+1
    np.testing.assert_allclose(F.maxout(paddle.to_tensor(m), 2).numpy(), ref)
    nhwc = np.transpose(m, (0, 2, 3, 1))
    np.testing.assert_allclose(F.maxout(paddle.to_tensor(nhwc), 2, axis=-1).numpy(),
                               np.transpose(ref, (0, 2, 3, 1)))
    check_grads(lambda xs: F.maxout(xs[0], 3), [m])
    with pytest.raises(ValueError, match="Attr\\(axis\\)"):
        F.maxout(paddle.to_tensor(m), 2, axis=2)


def test_rrelu_training_slopes_lie_in_range():
    paddle.seed(3)
    x = paddle.to_tensor(-np.ones(1000))
    slopes = -F.rrelu(x, 0.1, 0.3).numpy()
    assert slopes.min() >= 0.1 and slopes.max() <= 0.3 and slopes.std() > 0.03
    layer = nn.RReLU(0.1, 0.3)
    layer.eval()
    np.testing.assert_allclose(layer(x).numpy(), -0.2 * np.ones(1000))
    with pytest.raises(ValueError, match="upper value must be greater"):
        F.rrelu(x, 0.3, 0.1)
    with pytest.raises(TypeError, match="must be float"):
        F.rrelu(x, 0, 0.3)


def test_errors_and_layers():
    x = paddle.to_tensor(X)
    with pytest.raises(ValueError, match="threshold must be no less than zero"):
        F.softshrink(x, -1.0)
    for layer, fn in [(nn.Swish(), F.swish), (nn.Hardshrink(0.3), lambda t: F.hardshrink(t, 0.3)),
                      (nn.Softshrink(), F.softshrink),
                      (nn.ThresholdedReLU(0.5, 2.0), lambda t: F.thresholded_relu(t, 0.5, 2.0)),
                      (nn.GLU(0), lambda t: F.glu(t, 0)[:3])]:
        out = layer(x if not isinstance(layer, nn.GLU) else x[:6])
        np.testing.assert_allclose(out.numpy(), fn(x if not isinstance(layer, nn.GLU) else
                                                   x[:6]).numpy())
    assert nn.Maxout(2)(paddle.to_tensor(np.ones((1, 4, 1, 1)))).shape == [1, 2, 1, 1]


def test_functional_inplace_forms_match_their_out_of_place_ops():
    """F.hardtanh_ and F.thresholded_relu_ (F only, as Paddle 3.3.1) write into x: same values as
    the out-of-place op, one version bump, and the same gradient through x's history."""
    a = np.array([-2.0, 0.5, 1.0, 1.5, 3.0])
    w = paddle.to_tensor([1.0, 2.0, 3.0, 4.0, 5.0])
    for inplace, op in ((F.hardtanh_, F.hardtanh), (F.thresholded_relu_, F.thresholded_relu)):
        x1 = paddle.to_tensor(a, stop_gradient=False)
        y1 = op(x1 * 1.0)
        (y1 * w).sum().backward()
        x2 = paddle.to_tensor(a, stop_gradient=False)
        h = x2 * 1.0
        assert inplace(h) is h and h.inplace_version == 1
        np.testing.assert_array_equal(h.numpy(), y1.numpy())
        (h * w).sum().backward()
        np.testing.assert_array_equal(x2.grad.numpy(), x1.grad.numpy())
        assert not hasattr(paddle, inplace.__name__)
    np.testing.assert_array_equal(F.hardtanh(paddle.to_tensor(a)).numpy(), np.clip(a, -1, 1))
    np.testing.assert_array_equal(F.thresholded_relu(paddle.to_tensor(a)).numpy(),
                                  np.where(a > 1.0, a, 0.0))
