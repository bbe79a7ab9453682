"""MultivariateNormal against scipy.stats.multivariate_normal (log_prob, entropy), the
closed-form Gaussian KL in NumPy, gradients by central differences and sample moments."""
import numpy as np
import pytest
from scipy import stats

import eagergraph as paddle
from tests.gradcheck import check_grads

D = paddle.distribution
RNG = np.random.default_rng(0)
C = np.array([[2.0, 0.5, 0.1], [0.5, 1.0, 0.3], [0.1, 0.3, 1.5]])
MU = np.array([0.0, 1.0, -1.0])
X = np.array([[0.3, 0.2, 0.1], [1.0, -1.0, 0.5]])


def T(a, dtype="float64"):
    return paddle.to_tensor(np.asarray(a), dtype=dtype)


@pytest.mark.parametrize("param", ["covariance_matrix", "precision_matrix", "scale_tril"])
def test_log_prob_entropy_match_scipy(param):
    m = {"covariance_matrix": C, "precision_matrix": np.linalg.inv(C), "scale_tril": np.linalg.cholesky(C)}[param]
    d = D.MultivariateNormal(T(MU), **{param: T(m)})
    ref = stats.multivariate_normal(MU, C)
    assert tuple(d.batch_shape) == () and tuple(d.event_shape) == (3,)
    np.testing.assert_allclose(d.log_prob(T(X)).numpy(), ref.logpdf(X), rtol=1e-10)
    np.testing.assert_allclose(d.prob(T(X)).numpy(), ref.pdf(X), rtol=1e-10)
    np.testing.assert_allclose(d.entropy().numpy(), ref.entropy(), rtol=1e-10)
    np.testing.assert_allclose(d.variance.numpy(), np.diag(C), rtol=1e-10)
    np.testing.assert_allclose(d._unbroadcasted_scale_tril.numpy(), np.linalg.cholesky(C), rtol=1e-10, atol=1e-14)


def test_batched_and_kl():
    C2 = np.stack([C, 2 * C + np.eye(3)])
    d = D.MultivariateNormal(T(MU), covariance_matrix=T(C2))
    assert tuple(d.batch_shape) == (2,) and d.loc.shape == [2, 3]
    lp = d.log_prob(T(X[:, None, :]))  # (2 values) x (2 batch)
    assert lp.shape == [2, 2]
    for b in range(2):
        np.testing.assert_allclose(lp.numpy()[:, b], stats.multivariate_normal(MU, C2[b]).logpdf(X), rtol=1e-10)
    assert d.entropy().shape == [2]
    mu2, S2 = np.array([1.0, 0.0, 0.5]), np.stack([3 * C, C])
    q = D.MultivariateNormal(T(mu2), covariance_matrix=T(S2))
    got = D.kl_divergence(d, q).numpy()
    for b in range(2):
        S2i = np.linalg.inv(S2[b])
        want = 0.5 * (np.trace(S2i @ C2[b]) + (mu2 - MU) @ S2i @ (mu2 - MU) - 3
                      + np.log(np.linalg.det(S2[b]) / np.linalg.det(C2[b])))
        np.testing.assert_allclose(got[b], want, rtol=1e-10)


def _cov(m):
    return paddle.matmul(m, m.t()) + paddle.eye(3, dtype="float64")


def test_gradients():
    M = RNG.standard_normal((3, 3))
    check_grads(lambda ps: D.MultivariateNormal(ps[0], covariance_matrix=_cov(ps[1])).log_prob(T(X)),
                [MU, M], order=1)
    check_grads(lambda ps: D.MultivariateNormal(ps[0], precision_matrix=_cov(ps[1])).log_prob(T(X)),
                [MU, M], order=1)
    check_grads(lambda ps: D.MultivariateNormal(T(MU), covariance_matrix=_cov(ps[0])).entropy(), [M], order=1)
    check_grads(lambda ps: D.kl_divergence(D.MultivariateNormal(ps[0], covariance_matrix=_cov(ps[1])),
                                           D.MultivariateNormal(T(MU), covariance_matrix=_cov(ps[2]))),
                [MU + 1, M, M.T.copy()], order=1)


def test_rsample_moments_and_gradient():
    paddle.seed(0)
    n = 20000
    loc = T(MU)
    loc.stop_gradient = False
    d = D.MultivariateNormal(loc, covariance_matrix=T(C))
    s = d.rsample([n])
    assert s.shape == [n, 3] and s.dtype == paddle.float64 and not s.stop_gradient
    a = s.numpy()
    np.testing.assert_array_less(np.abs(a.mean(0) - MU), 6 * np.sqrt(np.diag(C) / n))
    np.testing.assert_allclose(np.cov(a.T), C, atol=0.1)
    s.mean(0).sum().backward()
    np.testing.assert_allclose(loc.grad.numpy(), np.ones(3), rtol=1e-12)
    assert d.sample([2]).stop_gradient and d.sample().shape == [3]


def test_errors_and_dtypes():
    with pytest.raises(ValueError, match="Exactly one of"):
        D.MultivariateNormal(T([0.0]))
    with pytest.raises(ValueError, match="Exactly one of"):
        D.MultivariateNormal(T([0.0]), covariance_matrix=T([[1.0]]), scale_tril=T([[1.0]]))
    with pytest.raises(ValueError, match="at least two-dimensional"):
        D.MultivariateNormal(T([0.0]), covariance_matrix=T([1.0]))
    with pytest.raises(TypeError, match="Sequence"):
        D.MultivariateNormal(T(MU), covariance_matrix=T(C)).sample(3)
    d = D.MultivariateNormal(1.0, covariance_matrix=T([[2.0]]))  # float -> [1] float32 loc
    assert d.loc.dtype == paddle.float32 and d.loc.shape == [1]
    assert d.covariance_matrix.dtype == paddle.float32
