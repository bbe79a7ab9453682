"""StudentT and ContinuousBernoulli against SciPy / numerical integration, gradients by
central differences, sample moments."""
import numpy as np
import pytest
from scipy import integrate, stats

import eagergraph as paddle
from tests.gradcheck import check_grads

D = paddle.distribution
N = 20000


def T(a, dtype="float64"):
    return paddle.to_tensor(np.asarray(a), dtype=dtype)


def test_student_t():
    df, loc, scale = np.array([0.5, 1.5, 3.0, 10.0]), np.array([0.0, 1.0, -1.0, 2.0]), np.array([1.0, 2.0, 0.5, 1.0])
    x = np.array([0.3, -0.7, 1.5, 2.0])
    d = D.StudentT(T(df), T(loc), T(scale))
    ref = stats.t(df, loc, scale)
    np.testing.assert_allclose(d.log_prob(T(x)).numpy(), ref.logpdf(x), rtol=1e-10)
    np.testing.assert_allclose(d.prob(T(x)).numpy(), ref.pdf(x), rtol=1e-10)
    np.testing.assert_allclose(d.entropy().numpy(), ref.entropy(), rtol=1e-8)
    # mean undefined for df <= 1, variance infinite for 1 < df <= 2
    np.testing.assert_array_equal(np.isnan(d.mean.numpy()), [True, False, False, False])
    np.testing.assert_allclose(d.mean.numpy()[1:], loc[1:])
    v = d.variance.numpy()
    assert np.isnan(v[0]) and np.isinf(v[1])
    np.testing.assert_allclose(v[2:], ref.var()[2:], rtol=1e-12)
    check_grads(lambda ps: D.StudentT(ps[0], ps[1], ps[2]).log_prob(T(x)), [df, loc, scale], order=2)
    check_grads(lambda ps: D.StudentT(ps[0], ps[1], ps[2]).entropy(), [df, loc, scale], order=1)
    paddle.seed(0)
    s = D.StudentT(T([5.0, 10.0]), T([1.0, -1.0]), T([2.0, 0.5])).sample([N])
    assert s.shape == [N, 2] and s.dtype == paddle.float64
    r = stats.t([5.0, 10.0], [1.0, -1.0], [2.0, 0.5])
    np.testing.assert_array_less(np.abs(s.numpy().mean(0) - r.mean()), 6 * np.sqrt(r.var() / N))
    d32 = D.StudentT(3.0, 0.0, 1.0)
    assert d32.df.dtype == paddle.float32 and d32.df.shape == []
    assert D.StudentT(T([3.0, 5.0]), 0.0, 1.0).loc.dtype == paddle.float64  # floats follow the tensor
    with pytest.raises(ValueError, match="`df` should be nonnegative"):
        D.StudentT(T([-1.0]), T([0.0]), T([1.0]))
    with pytest.raises(ValueError, match="`scale` should be nonnegative"):
        D.StudentT(T([1.0]), T([0.0]), T([-1.0]))
    with pytest.raises(TypeError, match="must be float, list"):
        D.StudentT(1, 0.0, 1.0)


def _cb_ref(p):
    logC = np.log(2 * np.arctanh(1 - 2 * p) / (1 - 2 * p)) if p != 0.5 else np.log(2.0)
    logpdf = lambda x: logC + x * np.log(p) + (1 - x) * np.log1p(-p)
    mean = integrate.quad(lambda x: x * np.exp(logpdf(x)), 0, 1)[0]
    var = integrate.quad(lambda x: (x - mean) ** 2 * np.exp(logpdf(x)), 0, 1)[0]
    ent = -integrate.quad(lambda x: np.exp(logpdf(x)) * logpdf(x), 0, 1)[0]
    return logpdf, mean, var, ent


def test_continuous_bernoulli():
    p = np.array([0.2, 0.4995, 0.7, 0.999])  # 0.4995 is inside lims: Taylor branch
    x = np.array([0.3, 0.7, 0.1, 0.9])
    d = D.ContinuousBernoulli(T(p))
    for i, pi in enumerate(p):
        logpdf, mean, var, ent = _cb_ref(pi)
        np.testing.assert_allclose(d.log_prob(T(x)).numpy()[i], logpdf(x[i]), rtol=1e-6)
        np.testing.assert_allclose(d.mean.numpy()[i], mean, rtol=1e-6)
        np.testing.assert_allclose(d.variance.numpy()[i], var, rtol=1e-5)
        np.testing.assert_allclose(d.entropy().numpy()[i], ent, rtol=1e-5, atol=1e-7)
        cdf = integrate.quad(lambda t: np.exp(logpdf(t)), 0, x[i])[0]
        # inside lims Paddle's cdf/icdf use the uniform law (an O(|p - 1/2|) approximation)
        np.testing.assert_allclose(d.cdf(T(x)).numpy()[i], cdf, rtol=1e-6 if abs(pi - 0.5) > 1e-3 else 1e-3)
    np.testing.assert_allclose(d.icdf(d.cdf(T(x))).numpy(), x, rtol=1e-6)
    q = np.array([0.6, 0.3, 0.4995, 0.5])
    kl = D.kl_divergence(d, D.ContinuousBernoulli(T(q))).numpy()
    for i in range(4):
        lp, *_ = _cb_ref(p[i])
        lq, *_ = _cb_ref(q[i])
        want = integrate.quad(lambda t: np.exp(lp(t)) * (lp(t) - lq(t)), 0, 1)[0]
        np.testing.assert_allclose(kl[i], want, rtol=1e-5, atol=1e-7)
    pp = np.array([0.2, 0.7, 0.9])
    check_grads(lambda ps: D.ContinuousBernoulli(ps[0]).log_prob(T(x[:3])), [pp], order=1)
    check_grads(lambda ps: D.ContinuousBernoulli(ps[0]).entropy(), [pp], order=1)
    paddle.seed(1)
    s = D.ContinuousBernoulli(T([0.2, 0.8])).sample([N])
    assert s.shape == [N, 2] and s.stop_gradient
    m = np.array([_cb_ref(0.2)[1], _cb_ref(0.8)[1]])
    np.testing.assert_array_less(np.abs(s.numpy().mean(0) - m), 6 * np.sqrt(0.1 / N))
    assert D.ContinuousBernoulli(0.3).probs.shape == [1]
    with pytest.raises(ValueError, match="same `batch_shape`"):
        D.kl_divergence(d, D.ContinuousBernoulli(T([0.3])))
