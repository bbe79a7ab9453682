"""kl_divergence / register_kl: closed forms against numerical integration of
p log(p/q) with SciPy densities, gradients by central differences, and dispatch rules."""
import warnings

import numpy as np
import pytest
from scipy import integrate, special, stats

import eagergraph as paddle
from tests.gradcheck import check_grads

D = paddle.distribution


def T(a, dtype="float64"):
    return paddle.to_tensor(np.asarray(a), dtype=dtype)


def _kl_quad(p, q, lo, hi):
    f = lambda x: p.pdf(x) * (p.logpdf(x) - q.logpdf(x)) if p.pdf(x) > 0 else 0.0
    return integrate.quad(f, lo, hi, limit=200)[0]


A, B = [0.7, 2.0], [1.5, 0.6]
PAIRS = {  # name -> (make(params), params p, params q, scipy(params), support)
    "Normal": (D.Normal, [[0.0, 1.0], [1.0, 2.0]], [[1.0, -0.5], [0.5, 3.0]], lambda a, b: stats.norm(a, b), (-np.inf, np.inf)),
    "LogNormal": (D.LogNormal, [[0.0, 0.5], [1.0, 0.7]], [[0.3, -0.5], [0.5, 1.2]],
                  lambda a, b: stats.lognorm(b, scale=np.exp(a)), (0, np.inf)),
    "Laplace": (D.Laplace, [[0.0, 1.0], [1.0, 2.0]], [[1.0, -0.5], [0.5, 3.0]], lambda a, b: stats.laplace(a, b), (-80, 80)),
    "Cauchy": (D.Cauchy, [[0.0, 1.0], [1.0, 2.0]], [[1.0, -0.5], [0.5, 3.0]], lambda a, b: stats.cauchy(a, b), (-np.inf, np.inf)),
    "Exponential": (D.Exponential, [[0.5, 2.0]], [[1.0, 3.0]], lambda r: stats.expon(scale=1 / r), (0, np.inf)),
    "Gamma": (D.Gamma, [A, B], [B, A], lambda c, r: stats.gamma(c, scale=1 / r), (0, np.inf)),
    "Beta": (D.Beta, [A, B], [B, A], lambda a, b: stats.beta(a, b), (0, 1)),
}


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_kl_matches_numerical_integral_and_grads(name):
    make, pp, qp, ref, (lo, hi) = PAIRS[name]
    p, q = make(*[T(a) for a in pp]), make(*[T(a) for a in qp])
    got = D.kl_divergence(p, q).numpy()
    for i in range(2):
        want = _kl_quad(ref(*[a[i] for a in pp]), ref(*[a[i] for a in qp]), lo, hi)
        np.testing.assert_allclose(got[i], want, rtol=1e-6, atol=1e-9)
    n = len(pp)
    check_grads(lambda ps: D.kl_divergence(make(*ps[:n]), make(*ps[n:])),
                [np.asarray(a) for a in pp + qp], order=1)


def test_kl_discrete_and_dirichlet():
    pb, qb = np.array([0.2, 0.7]), np.array([0.5, 0.1])
    want = pb * np.log(pb / qb) + (1 - pb) * np.log((1 - pb) / (1 - qb))
    np.testing.assert_allclose(D.kl_divergence(D.Bernoulli(T(pb)), D.Bernoulli(T(qb))).numpy(), want, rtol=1e-10)
    check_grads(lambda ps: D.kl_divergence(D.Bernoulli(ps[0]), D.Bernoulli(ps[1])), [pb, qb], order=2)
    lp, lq = np.array([[0.2, 0.3, 0.5]]), np.array([[1.0, 2.0, 3.0]])
    sp, sq = special.softmax(lp, -1), special.softmax(lq, -1)
    got = D.kl_divergence(D.Categorical(T(lp)), D.Categorical(T(lq)))
    assert got.shape == [1, 1]  # Paddle keeps the last axis
    np.testing.assert_allclose(got.numpy()[:, 0], (sp * np.log(sp / sq)).sum(-1), rtol=1e-10)
    check_grads(lambda ps: D.kl_divergence(D.Categorical(ps[0]), D.Categorical(ps[1])), [lp, lq], order=2)
    cp, cq = np.array([0.5, 2.0, 1.0]), np.array([2.0, 1.0, 3.0])
    # Dirichlet KL by Monte-Carlo-free identity: E_p[log p - log q] with E_p[log x_i] = psi(a_i) - psi(a0)
    elog = special.digamma(cp) - special.digamma(cp.sum())
    logB = lambda a: special.gammaln(a).sum() - special.gammaln(a.sum())
    want = -logB(cp) + logB(cq) + ((cp - cq) * elog).sum()
    np.testing.assert_allclose(D.kl_divergence(D.Dirichlet(T(cp)), D.Dirichlet(T(cq))).numpy(), want, rtol=1e-10)
    check_grads(lambda ps: D.kl_divergence(D.Dirichlet(ps[0]), D.Dirichlet(ps[1])), [cp, cq], order=1)


def test_kl_exponential_family_bregman_fallback():
    """A user ExponentialFamily without its own registration goes through the Bregman
    divergence of its log-normaliser: check it on an exponential-distribution clone."""
    from eagergraph.distribution import ExponentialFamily

    class Expo(ExponentialFamily):
        def __init__(self, rate):
            self.rate = rate
            super().__init__(rate.shape)

        @property
        def _natural_parameters(self):
            return (-self.rate,)

        def _log_normalizer(self, x):
            return -paddle.log(-x)

    r1, r2 = np.array([0.5, 2.0]), np.array([1.0, 3.0])
    got = D.kl_divergence(Expo(T(r1)), Expo(T(r2)))
    np.testing.assert_allclose(got.numpy(), np.log(r1 / r2) + r2 / r1 - 1, rtol=1e-12)


def test_register_kl_dispatch_and_errors():
    class MyNormal(D.Normal):
        pass

    p, q = MyNormal(T([0.0]), T([1.0])), D.Normal(T([1.0]), T([2.0]))
    # falls back to the (Normal, Normal) registration
    np.testing.assert_allclose(D.kl_divergence(p, q).numpy(), D.Normal(T([0.0]), T([1.0])).kl_divergence(q).numpy())

    @D.register_kl(MyNormal, D.Normal)
    def _custom(a, b):
        return paddle.to_tensor(42.0)

    assert float(D.kl_divergence(p, q)) == 42.0
    with pytest.raises(TypeError, match="subclass of Distribution"):
        D.register_kl(int, D.Normal)
    with pytest.raises(NotImplementedError):  # no (Normal, Laplace) pair
        D.kl_divergence(D.Normal(0.0, 1.0), D.Laplace(0.0, 1.0))
    with pytest.raises(NotImplementedError):  # Paddle's Uniform has no KL of its own
        D.kl_divergence(D.Uniform(0.0, 1.0), D.Uniform(0.0, 2.0))
    with pytest.raises(TypeError, match="Expected type of other is Cauchy"):
        D.Cauchy(0.0, 1.0).kl_divergence(D.Normal(0.0, 1.0))

    class A1(D.Normal):
        pass

    class B1(D.Normal):
        pass

    D.register_kl(A1, D.Normal)(lambda a, b: paddle.to_tensor(1.0))
    D.register_kl(D.Normal, B1)(lambda a, b: paddle.to_tensor(2.0))
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        D.kl_divergence(A1(T([0.0]), T([1.0])), B1(T([0.0]), T([1.0])))
    assert any("Ambiguous" in str(x.message) for x in w)
