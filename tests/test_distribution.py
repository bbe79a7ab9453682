"""paddle.distribution densities, entropies, moments and CDFs against SciPy, and their
gradients w.r.t. the parameters by central differences (float64)."""
import numpy as np
import pytest
from scipy import special, stats

import eagergraph as paddle
from tests.gradcheck import check_grads

D = paddle.distribution
RNG = np.random.default_rng(0)


def T(a, dtype="float64"):
    return paddle.to_tensor(np.asarray(a), dtype=dtype)


LOC = np.array([0.0, 1.0, -1.5])
SCALE = np.array([1.0, 2.0, 0.5])
POS = np.array([0.5, 1.0, 3.0])
X = np.array([0.3, 0.7, 1.5])

# name -> (constructor from float64 tensors, parameter arrays, scipy frozen dist, value)
CONTINUOUS = {
    "Normal": (lambda a, b: D.Normal(a, b), [LOC, SCALE], stats.norm(LOC, SCALE), X),
    "LogNormal": (lambda a, b: D.LogNormal(a, b), [LOC, SCALE], stats.lognorm(SCALE, scale=np.exp(LOC)), X),
    "Uniform": (lambda a, b: D.Uniform(a, b), [LOC - 1, LOC + 4], stats.uniform(LOC - 1, 5.0), X),
    "Exponential": (lambda r: D.Exponential(r), [POS], stats.expon(scale=1 / POS), X),
    "Gamma": (lambda c, r: D.Gamma(c, r), [POS, SCALE], stats.gamma(POS, scale=1 / SCALE), X),
    "Chi2": (lambda k: D.Chi2(k), [POS * 2], stats.chi2(POS * 2), X),
    "Laplace": (lambda a, b: D.Laplace(a, b), [LOC, SCALE], stats.laplace(LOC, SCALE), X),
    "Cauchy": (lambda a, b: D.Cauchy(a, b), [LOC, SCALE], stats.cauchy(LOC, SCALE), X),
    "Gumbel": (lambda a, b: D.Gumbel(a, b), [LOC, SCALE], stats.gumbel_r(LOC, SCALE), X),
    "Beta": (lambda a, b: D.Beta(a, b), [POS, SCALE], stats.beta(POS, SCALE), np.array([0.2, 0.5, 0.9])),
}


@pytest.mark.parametrize("name", sorted(CONTINUOUS))
def test_log_prob_prob_entropy_match_scipy(name):
    make, params, ref, x = CONTINUOUS[name]
    d = make(*[T(p) for p in params])
    lp = d.log_prob(T(x))
    assert lp.dtype == paddle.float64 and lp.shape == [3]
    np.testing.assert_allclose(lp.numpy(), ref.logpdf(x), rtol=1e-10)
    np.testing.assert_allclose(d.prob(T(x)).numpy(), ref.pdf(x), rtol=1e-10)
    np.testing.assert_allclose(d.entropy().numpy(), ref.entropy(), rtol=1e-10)
    assert tuple(d.batch_shape) == (3,) and tuple(d.event_shape) == ()
    if name not in ("Cauchy", "Uniform"):
        np.testing.assert_allclose(d.mean.numpy(), ref.mean(), rtol=1e-10)
        np.testing.assert_allclose(d.variance.numpy(), ref.var(), rtol=1e-10)


@pytest.mark.parametrize("name", ["Exponential", "Laplace", "Cauchy", "Gumbel"])
def test_cdf_matches_scipy(name):
    make, params, ref, x = CONTINUOUS[name]
    d = make(*[T(p) for p in params])
    np.testing.assert_allclose(d.cdf(T(x)).numpy(), ref.cdf(x), rtol=1e-10)
    if hasattr(d, "icdf"):
        q = np.array([0.1, 0.5, 0.8])
        np.testing.assert_allclose(d.icdf(T(q)).numpy(), ref.ppf(q), rtol=1e-10)


@pytest.mark.parametrize("name", sorted(set(CONTINUOUS) - {"Uniform"}))
def test_log_prob_and_entropy_gradients(name):
    make, params, _, x = CONTINUOUS[name]
    check_grads(lambda ps: make(*ps).log_prob(T(x)), params, order=1)
    check_grads(lambda ps: make(*ps).entropy(), params, order=1)


def test_uniform_gradients_and_support():
    low, high = LOC - 1, LOC + 4
    check_grads(lambda ps: D.Uniform(ps[0], ps[1]).log_prob(T(X)), [low, high], order=2)
    out = D.Uniform(T([0.0]), T([1.0])).log_prob(T([-0.5, 0.5, 1.5]))
    np.testing.assert_array_equal(out.numpy(), [-np.inf, 0.0, -np.inf])
    p = D.Uniform(T([0.0]), T([2.0])).probs(T([-0.5, 0.5, 2.0]))
    np.testing.assert_array_equal(p.numpy(), [0.0, 0.5, 0.0])  # open interval


def test_normal_second_order_and_kl_gradients():
    check_grads(lambda ps: D.Normal(ps[0], ps[1]).log_prob(T(X)), [LOC, SCALE], order=2)
    check_grads(lambda ps: D.Normal(ps[0], ps[1]).kl_divergence(D.Normal(ps[2], ps[3])),
                [LOC, SCALE, LOC[::-1].copy(), SCALE[::-1].copy()], order=2)


def test_dirichlet_matches_scipy_and_gradients():
    c = np.array([[0.5, 2.0, 3.0], [1.0, 1.5, 0.7]])
    v = np.array([[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]])
    d = D.Dirichlet(T(c))
    assert tuple(d.batch_shape) == (2,) and tuple(d.event_shape) == (3,)
    for i in range(2):
        ref = stats.dirichlet(c[i])
        np.testing.assert_allclose(d.log_prob(T(v)).numpy()[i], ref.logpdf(v[i]), rtol=1e-10)
        np.testing.assert_allclose(d.entropy().numpy()[i], ref.entropy(), rtol=1e-10)
        np.testing.assert_allclose(d.mean.numpy()[i], ref.mean(), rtol=1e-10)
        np.testing.assert_allclose(d.variance.numpy()[i], ref.var(), rtol=1e-10)
    check_grads(lambda ps: D.Dirichlet(ps[0]).log_prob(T(v)), [c], order=1)
    check_grads(lambda ps: D.Dirichlet(ps[0]).entropy(), [c], order=1)


def test_bernoulli():
    p = np.array([0.2, 0.5, 0.9])
    v = np.array([0.0, 1.0, 1.0])
    d = D.Bernoulli(T(p))
    np.testing.assert_allclose(d.log_prob(T(v)).numpy(), stats.bernoulli(p).logpmf(v), rtol=1e-10)
    np.testing.assert_allclose(d.prob(T(v)).numpy(), stats.bernoulli(p).pmf(v), rtol=1e-10)
    np.testing.assert_allclose(d.entropy().numpy(), stats.bernoulli(p).entropy(), rtol=1e-10)
    np.testing.assert_allclose(d.mean.numpy(), p)
    np.testing.assert_allclose(d.variance.numpy(), p * (1 - p))
    np.testing.assert_allclose(d.cdf(T([-1.0, 0.5, 2.0])).numpy(), [0.0, 0.5, 1.0])
    np.testing.assert_allclose(d.logits.numpy(), special.logit(p), rtol=1e-10)
    check_grads(lambda ps: D.Bernoulli(ps[0]).log_prob(T(v)), [p], order=2)
    check_grads(lambda ps: D.Bernoulli(ps[0]).entropy(), [p], order=1)
    # probabilities are clipped into [eps, 1 - eps] so log_prob stays finite
    e = D.Bernoulli(T([0.0, 1.0])).log_prob(T([1.0, 0.0])).numpy()
    assert np.all(np.isfinite(e))


def test_categorical_paddle_conventions():
    w = np.array([[0.2, 0.3, 0.5], [1.0, 2.0, 3.0]])
    d = D.Categorical(T(w))
    idx = np.array([[0, 2, 1], [1, 1, 0]])
    # probs/log_prob normalise the weights linearly ...
    ref = np.take_along_axis(w / w.sum(-1, keepdims=True), idx, axis=-1)
    got = d.probs(paddle.to_tensor(idx))
    np.testing.assert_allclose(got.numpy(), ref, rtol=1e-12)
    np.testing.assert_allclose(d.log_prob(paddle.to_tensor(idx)).numpy(), np.log(ref), rtol=1e-12)
    # ... while entropy / kl use softmax(logits)
    sm = special.softmax(w, axis=-1)
    np.testing.assert_allclose(d.entropy().numpy(), -(sm * np.log(sm)).sum(-1), rtol=1e-12)
    # 1-D logits with an index tensor of any shape; a 1-D index for batched logits
    d1 = D.Categorical(T(w[1]))
    np.testing.assert_allclose(d1.probs(paddle.to_tensor([[2, 0]])).numpy(), [[0.5, 1 / 6]])
    np.testing.assert_allclose(d.probs(paddle.to_tensor([2])).numpy(), [[0.5], [0.5]])
    check_grads(lambda ps: D.Categorical(ps[0]).log_prob(paddle.to_tensor(idx)), [w], order=2)
    check_grads(lambda ps: D.Categorical(ps[0]).entropy(), [w], order=2)


def test_exponential_family_bregman_entropy():
    """ExponentialFamily.entropy (autograd over the log-normaliser, carrier measure 0 for the
    exponential) equals the closed form 1 - log(rate), and stays differentiable."""
    from eagergraph.distribution import ExponentialFamily

    class Expo(D.Exponential):
        _mean_carrier_measure = 0.0
        entropy = ExponentialFamily.entropy

    np.testing.assert_allclose(Expo(T(POS)).entropy().numpy(), 1 - np.log(POS), rtol=1e-12)


def test_float_arguments_give_float32_0d():
    for d in (D.Normal(0.5, 2.0), D.Uniform(0.0, 2.0), D.Exponential(2.0), D.Laplace(0.0, 2.0),
              D.Bernoulli(0.3), D.Beta(2.0, 3.0), D.Gamma(2.0, 3.0), D.Cauchy(0.0, 1.0)):
        e = d.entropy()
        assert e.dtype == paddle.float32 and e.shape == [], type(d).__name__
    # Normal/Uniform keep a float64 ndarray's dtype; lists become float32
    assert D.Normal(np.array([0.0, 1.0]), 2.0).loc.dtype == paddle.float64
    assert D.Normal([0.0, 1.0], [1.0, 3.0]).loc.dtype == paddle.float32
    assert D.Uniform(np.array([0.0]), 1.0).low.dtype == paddle.float64
    # a value of another float dtype is cast to the parameters' dtype
    with pytest.warns(UserWarning):
        lp = D.Normal(T([0.0], "float32"), T([1.0], "float32")).log_prob(T([0.5]))
    assert lp.dtype == paddle.float32


def test_errors():
    with pytest.raises(ValueError, match="all arguments should be Tensor"):
        D.Normal(T([0.0]), 1.0)
    with pytest.raises(TypeError, match="must be float, list, tuple"):
        D.Exponential(1)
    with pytest.raises(TypeError, match="Expected type of loc"):
        D.Laplace([0.0], 1.0)
    with pytest.raises(ValueError, match="no mean"):
        D.Cauchy(0.0, 1.0).mean
    with pytest.raises(TypeError, match="Expected type of value"):
        D.Cauchy(0.0, 1.0).log_prob(0.5)
    with pytest.raises(ValueError, match="at least one dimensional"):
        D.Dirichlet(T(1.0))
    with pytest.raises(ValueError, match="must be positive"):
        D.Chi2(T([-1.0]))
    with pytest.raises(TypeError, match="Iterable"):
        D.Normal(0.0, 1.0).sample(3)
    with pytest.raises(NotImplementedError):  # Paddle's Uniform has no mean
        D.Uniform(0.0, 1.0).mean


def test_complex_normal():
    """Paddle's circular complex Gaussian: density exp(-|z - loc|^2 / s^2) / (pi s^2)."""
    loc = np.array([1 + 2j, -0.5j])
    scale = np.array([1.0, 2.0])
    z = np.array([0.5 + 1j, 1 - 1j])
    d = D.Normal(T(loc, "complex128"), T(scale))
    want = -np.abs(z - loc) ** 2 / scale ** 2 - np.log(np.pi * scale ** 2)
    lp = d.log_prob(T(z, "complex128"))
    assert lp.dtype == paddle.complex128
    np.testing.assert_allclose(lp.numpy(), want, rtol=1e-12)
    np.testing.assert_allclose(d.prob(T(z, "complex128")).numpy(), np.exp(want), rtol=1e-12)
    np.testing.assert_allclose(d.entropy().numpy(), 1 + np.log(np.pi * scale ** 2), rtol=1e-12)
    q = D.Normal(T([0j, 1j], "complex128"), T([2.0, 0.5]))
    kl = (scale / np.array([2.0, 0.5])) ** 2
    want_kl = kl + np.abs((loc - np.array([0j, 1j])) / np.array([2.0, 0.5])) ** 2 - 1 - np.log(kl)
    np.testing.assert_allclose(D.kl_divergence(d, q).numpy(), want_kl, rtol=1e-12)
    check_grads(lambda ps: D.Normal(ps[0], ps[1]).log_prob(T(z, "complex128")).real(), [loc, scale], order=1)
    paddle.seed(0)
    s = d.sample([20000]).numpy()
    assert s.dtype == np.complex128 and s.shape == (20000, 2)
    # E|x - loc|^2 = scale^2, split evenly between the real and imaginary parts
    np.testing.assert_allclose(s.real.var(0), scale ** 2 / 2, rtol=0.06)
    np.testing.assert_allclose(s.imag.var(0), scale ** 2 / 2, rtol=0.06)
    assert D.Normal(1 + 2j, 2.0).loc.dtype == paddle.complex64
    with pytest.raises(ValueError, match="same number field"):
        D.kl_divergence(d, D.Normal(T([0.0, 1.0]), T([2.0, 0.5])))
