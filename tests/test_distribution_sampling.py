"""paddle.distribution sampling: shapes, dtypes, seeding, reparameterisation, and sample
moments within generous CLT bounds."""
import numpy as np
import pytest
from scipy import stats

import eagergraph as paddle

D = paddle.distribution
N = 20000


def T(a, dtype="float64"):
    return paddle.to_tensor(np.asarray(a), dtype=dtype)


LOC, SCALE, POS = [0.0, 1.0, -1.5], [1.0, 2.0, 0.5], [0.5, 1.0, 3.0]

CASES = {
    "Normal": (lambda: D.Normal(T(LOC), T(SCALE)), stats.norm(LOC, SCALE)),
    "LogNormal": (lambda: D.LogNormal(T([0.0, 0.2, -0.5]), T([0.3, 0.5, 0.2])),
                  stats.lognorm([0.3, 0.5, 0.2], scale=np.exp([0.0, 0.2, -0.5]))),
    "Uniform": (lambda: D.Uniform(T(LOC), T([2.0, 3.0, 0.0])), stats.uniform(LOC, [2.0, 2.0, 1.5])),
    "Exponential": (lambda: D.Exponential(T(POS)), stats.expon(scale=1 / np.array(POS))),
    "Gamma": (lambda: D.Gamma(T(POS), T(SCALE)), stats.gamma(POS, scale=1 / np.array(SCALE))),
    "Chi2": (lambda: D.Chi2(T([1.0, 2.0, 5.0])), stats.chi2([1.0, 2.0, 5.0])),
    "Laplace": (lambda: D.Laplace(T(LOC), T(SCALE)), stats.laplace(LOC, SCALE)),
    "Gumbel": (lambda: D.Gumbel(T(LOC), T(SCALE)), stats.gumbel_r(LOC, SCALE)),
    "Beta": (lambda: D.Beta(T(POS), T(SCALE)), stats.beta(POS, SCALE)),
    "Bernoulli": (lambda: D.Bernoulli(T([0.2, 0.5, 0.9])), stats.bernoulli([0.2, 0.5, 0.9])),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_sample_shape_dtype_moments(name):
    make, ref = CASES[name]
    paddle.seed(2024)
    d = make()
    s = d.sample([N])
    assert s.shape == [N, 3] and s.dtype == paddle.float64 and s.stop_gradient
    a = s.numpy()
    mean, var = ref.mean(), ref.var()
    np.testing.assert_array_less(np.abs(a.mean(0) - mean), 6 * np.sqrt(var / N) + 1e-12)
    # variance within 6 standard errors (4th moment from scipy)
    m4 = ref.moment(4) - 4 * mean * ref.moment(3) + 6 * mean ** 2 * ref.moment(2) - 3 * mean ** 4
    np.testing.assert_array_less(np.abs(a.var(0) - var), 6 * np.sqrt((m4 - var ** 2) / N) + 1e-4)
    assert d.sample().shape == [3] and d.sample([2, 4]).shape == [2, 4, 3]


def test_cauchy_sample_median():
    paddle.seed(1)
    s = D.Cauchy(T(LOC), T(SCALE)).sample([N]).numpy()
    assert s.shape == (N, 3)
    # median's standard error is pi * scale / (2 sqrt(N))
    np.testing.assert_array_less(np.abs(np.median(s, 0) - LOC), 6 * np.pi * np.array(SCALE) / (2 * np.sqrt(N)))


def test_dirichlet_and_categorical_samples():
    paddle.seed(3)
    c = np.array([0.5, 2.0, 3.0])
    s = D.Dirichlet(T(c)).sample([N])
    assert s.shape == [N, 3]
    np.testing.assert_allclose(s.numpy().sum(-1), 1.0, rtol=1e-12)
    np.testing.assert_allclose(s.numpy().mean(0), c / c.sum(), atol=0.01)
    w = np.array([[1.0, 2.0, 3.0], [3.0, 0.0, -1.0]])
    d = D.Categorical(T(w))
    k = d.sample([N])
    assert k.shape == [N, 2] and k.dtype == paddle.int64
    p = np.exp(w) / np.exp(w).sum(-1, keepdims=True)  # sampling uses softmax(logits)
    for b in range(2):
        freq = np.bincount(k.numpy()[:, b], minlength=3) / N
        np.testing.assert_allclose(freq, p[b], atol=6 * np.sqrt(0.25 / N))
    assert D.Categorical(T([1.0, 2.0])).sample([4, 5]).shape == [4, 5]


def test_seed_reproducible_and_float_args_shape():
    paddle.seed(7)
    a = D.Normal(T(LOC), T(SCALE)).sample([5]).numpy()
    paddle.seed(7)
    b = D.Normal(T(LOC), T(SCALE)).sample([5]).numpy()
    np.testing.assert_array_equal(a, b)
    s = D.Normal(0.0, 1.0).sample([3])
    assert s.shape == [3] and s.dtype == paddle.float32
    assert D.Uniform(0.0, 1.0).sample([2, 3]).shape == [2, 3]
    assert D.Normal(0.0, 1.0).sample().shape == []


@pytest.mark.parametrize("make,grad_of", [
    (lambda p: D.Normal(p[0], p[1]), lambda loc, scale: (1.0, None)),
    (lambda p: D.Laplace(p[0], p[1]), lambda loc, scale: (1.0, None)),
    (lambda p: D.Gumbel(p[0], p[1]), lambda loc, scale: (1.0, None)),
    (lambda p: D.LogNormal(p[0], p[1]), None),
])
def test_rsample_is_reparameterised(make, grad_of):
    """d E[x] / d loc from rsample matches the analytic derivative of the mean."""
    loc = T([0.3, -0.2])
    scale = T([0.5, 0.4])
    loc.stop_gradient = False
    scale.stop_gradient = False
    paddle.seed(11)
    d = make([loc, scale])
    x = d.rsample([N])
    assert x.shape == [N, 2] and not x.stop_gradient
    x.mean(0).sum().backward()
    if grad_of is not None:  # location families: d x / d loc == 1 exactly
        np.testing.assert_allclose(loc.grad.numpy(), [1.0, 1.0], rtol=1e-12)
    else:  # LogNormal mean exp(loc + s^2/2)
        ref = np.exp(np.array([0.3, -0.2]) + np.array([0.5, 0.4]) ** 2 / 2)
        np.testing.assert_allclose(loc.grad.numpy(), ref, rtol=0.05)
    assert scale.grad is not None


def test_exponential_rsample_gradient():
    rate = T([0.5, 2.0])
    rate.stop_gradient = False
    paddle.seed(5)
    x = D.Exponential(rate).rsample([N])
    x.mean(0).sum().backward()  # d(1/rate)/d rate = -1/rate^2
    np.testing.assert_allclose(rate.grad.numpy(), -1 / np.array([0.5, 2.0]) ** 2, rtol=0.05)


def test_bernoulli_relaxed_rsample():
    p = T([0.3, 0.8])
    paddle.seed(9)
    x = D.Bernoulli(p).rsample([N], temperature=0.5)
    assert x.shape == [N, 2]
    # (logistic noise + logit(p)) / t: P(x > 0) == p
    np.testing.assert_allclose((x.numpy() > 0).mean(0), [0.3, 0.8], atol=6 * np.sqrt(0.25 / N))


def test_which_samples_carry_gradients():
    """Paddle 3.3.1: Normal/Uniform/StudentT/LogNormal.sample stay differentiable; the other
    sample() calls (and every discrete one) are cut from the graph."""
    c = T([2.0, 3.0])
    r = T([1.0, 2.0])
    c.stop_gradient = False
    r.stop_gradient = False
    assert not D.Normal(c, r).sample([2]).stop_gradient
    assert not D.Uniform(c, c + r).sample([2]).stop_gradient
    assert not D.StudentT(c, c, r).sample([2]).stop_gradient
    assert not D.LogNormal(c, r).sample([2]).stop_gradient
    for d in (D.Exponential(r), D.Laplace(c, r), D.Gumbel(c, r), D.Gamma(c, r), D.Beta(c, r),
              D.Bernoulli(r / 3), D.Categorical(r), D.Poisson(r), D.MultivariateNormal(c, scale_tril=paddle.diag(r))):
        assert d.sample([2]).stop_gradient, type(d).__name__
