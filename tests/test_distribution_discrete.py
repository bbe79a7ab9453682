"""Geometric, Poisson, Binomial, Multinomial against SciPy, gradients by central
differences, sample moments within CLT bounds."""
import numpy as np
import pytest
from scipy import stats

import eagergraph as paddle
from tests.gradcheck import check_grads

D = paddle.distribution
N = 20000


def T(a, dtype="float64"):
    return paddle.to_tensor(np.asarray(a), dtype=dtype)


def test_geometric():
    p, k = np.array([0.2, 0.5, 0.9]), np.array([0.0, 2.0, 5.0])
    d = D.Geometric(T(p))
    ref = stats.geom(p, loc=-1)  # failures before the first success
    np.testing.assert_allclose(d.pmf(T(k)).numpy(), ref.pmf(k), rtol=1e-12)
    np.testing.assert_allclose(d.log_pmf(T(k)).numpy(), ref.logpmf(k), rtol=1e-12)
    np.testing.assert_allclose(d.cdf(T(k)).numpy(), ref.cdf(k), rtol=1e-12)
    np.testing.assert_allclose(d.entropy().numpy(), ref.entropy(), rtol=1e-10)
    np.testing.assert_allclose(d.mean.numpy(), ref.mean(), rtol=1e-12)
    np.testing.assert_allclose(d.variance.numpy(), ref.var(), rtol=1e-12)
    q = np.array([0.6, 0.1, 0.3])
    # Paddle 3.3.1's Geometric KL is the KL of Bernoulli(p) || Bernoulli(q) (not the KL of the
    # geometric laws); eagergraph reproduces Paddle's value.
    want = stats.entropy([p, 1 - p], [q, 1 - q])
    np.testing.assert_allclose(D.kl_divergence(d, D.Geometric(T(q))).numpy(), want, rtol=1e-10)
    check_grads(lambda ps: D.Geometric(ps[0]).log_pmf(T(k)), [p], order=2)
    check_grads(lambda ps: D.Geometric(ps[0]).entropy(), [p], order=2)
    paddle.seed(0)
    s = d.sample([N])
    assert s.shape == [N, 3] and s.dtype == paddle.float64
    np.testing.assert_array_less(np.abs(s.numpy().mean(0) - ref.mean()), 6 * np.sqrt(ref.var() / N))
    with pytest.raises(TypeError, match="Expected type of probs"):
        D.Geometric([0.2])
    with pytest.raises(TypeError, match="Expected type of k"):
        d.pmf(0.5)


def test_poisson():
    r, k = np.array([0.5, 2.0, 7.0]), np.array([0.0, 2.0, 9.0])
    d = D.Poisson(T(r))
    ref = stats.poisson(r)
    np.testing.assert_allclose(d.log_prob(T(k)).numpy(), ref.logpmf(k), rtol=1e-12)
    np.testing.assert_allclose(d.prob(T(k)).numpy(), ref.pmf(k), rtol=1e-12)
    np.testing.assert_allclose(d.entropy().numpy(), ref.entropy(), rtol=1e-8)
    q = np.array([2.0, 1.0, 7.5])
    ks = np.arange(200)[:, None]
    want = np.sum(ref.pmf(ks) * (ref.logpmf(ks) - stats.poisson(q).logpmf(ks)), 0)
    np.testing.assert_allclose(D.kl_divergence(d, D.Poisson(T(q))).numpy(), want, rtol=1e-8)
    check_grads(lambda ps: D.Poisson(ps[0]).log_prob(T(k)), [r], order=2)
    check_grads(lambda ps: D.Poisson(ps[0]).entropy(), [r], order=1)
    assert D.Poisson(2.0).rate.shape == [1]  # Paddle wraps a Python number as a [1] tensor
    paddle.seed(1)
    s = d.sample([N])
    assert s.shape == [N, 3] and s.stop_gradient
    np.testing.assert_array_less(np.abs(s.numpy().mean(0) - r), 6 * np.sqrt(r / N))
    with pytest.raises(ValueError, match="same `batch_shape`"):
        D.kl_divergence(d, D.Poisson(T([1.0])))


def test_binomial():
    n, p, k = np.array([5.0, 10.0, 3.0]), np.array([0.2, 0.5, 0.9]), np.array([1.0, 5.0, 3.0])
    d = D.Binomial(T(n), T(p))
    ref = stats.binom(n.astype(int), p)
    np.testing.assert_allclose(d.log_prob(T(k)).numpy(), ref.logpmf(k), rtol=1e-10)
    np.testing.assert_allclose(d.entropy().numpy(), ref.entropy(), rtol=1e-10)
    np.testing.assert_allclose(d.mean.numpy(), ref.mean(), rtol=1e-12)
    np.testing.assert_allclose(d.variance.numpy(), ref.var(), rtol=1e-12)
    q = np.array([0.6, 0.1, 0.3])
    ks = np.arange(11)[:, None]
    pk = ref.pmf(ks)
    with np.errstate(invalid="ignore"):  # -inf - -inf outside a support, masked out below
        want = np.sum(np.where(pk > 0, pk * (ref.logpmf(ks) - stats.binom(n.astype(int), q).logpmf(ks)), 0), 0)
    np.testing.assert_allclose(D.kl_divergence(d, D.Binomial(T(n), T(q))).numpy(), want, rtol=1e-8)
    check_grads(lambda ps: D.Binomial(T(n), ps[0]).log_prob(T(k)), [p], order=2)
    check_grads(lambda ps: D.Binomial(T(n), ps[0]).entropy(), [p], order=1)
    paddle.seed(2)
    s = d.sample([N])
    assert s.shape == [N, 3] and s.dtype == paddle.float64
    np.testing.assert_array_less(np.abs(s.numpy().mean(0) - ref.mean()), 6 * np.sqrt(ref.var() / N))
    assert D.Binomial(10, 0.3).probs.dtype == paddle.float32


def test_multinomial():
    w = np.array([[0.2, 0.3, 0.5], [1.0, 0.5, 3.0]])
    p = w / w.sum(-1, keepdims=True)
    v = np.array([[1.0, 1.0, 3.0], [2.0, 0.0, 3.0]])
    d = D.Multinomial(5, T(w))
    assert tuple(d.batch_shape) == (2,) and tuple(d.event_shape) == (3,)
    for b in range(2):
        ref = stats.multinomial(5, p[b])
        np.testing.assert_allclose(d.log_prob(T(v)).numpy()[b], ref.logpmf(v[b]), rtol=1e-10)
        np.testing.assert_allclose(d.entropy().numpy()[b], ref.entropy(), rtol=1e-10)
    np.testing.assert_allclose(d.mean.numpy(), 5 * p, rtol=1e-12)
    # a zero count with a zero probability contributes nothing (not 0 * -inf)
    z = D.Multinomial(3, T([0.0, 1.0])).log_prob(T([0.0, 3.0]))
    np.testing.assert_allclose(z.numpy(), 0.0, atol=1e-12)
    check_grads(lambda ps: D.Multinomial(5, ps[0]).log_prob(T(v)), [w], order=2)
    check_grads(lambda ps: D.Multinomial(5, ps[0]).entropy(), [w], order=1)
    paddle.seed(3)
    s = d.sample([4000])
    assert s.shape == [4000, 2, 3] and s.dtype == paddle.float64
    np.testing.assert_allclose(s.numpy().sum(-1), 5.0)
    np.testing.assert_allclose(s.numpy().mean(0), 5 * p, atol=6 * np.sqrt(5 * 0.25 / 4000))
    with pytest.raises(ValueError, match="grater than zero"):
        D.Multinomial(0, T([0.5, 0.5]))
    with pytest.raises(ValueError, match="over one dimension"):
        D.Multinomial(2, T(0.5))
