"""LKJCholesky: log_prob normalisation (d = 2 by quadrature, d > 2 against SciPy's
multigammaln), gradients, and samples that are valid correlation Cholesky factors."""
import numpy as np
import pytest
from scipy import integrate, special

import eagergraph as paddle
from tests.gradcheck import check_grads

D = paddle.distribution


def T(a, dtype="float64"):
    return paddle.to_tensor(np.asarray(a), dtype=dtype)


def _chol2(r):
    return np.array([[1.0, 0.0], [r, np.sqrt(1 - r * r)]])


@pytest.mark.parametrize("eta", [0.7, 1.0, 2.5])
def test_log_prob_normalised_for_dim2(eta):
    d = D.LKJCholesky(2, T(eta))
    total = integrate.quad(lambda r: float(np.exp(d.log_prob(T(_chol2(r))).numpy())), -1, 1)[0]
    np.testing.assert_allclose(total, 1.0, rtol=1e-7)


def _ref_log_prob(L, eta, dim):
    diag = np.diagonal(L, axis1=-2, axis2=-1)[..., 1:]
    order = 2 * (eta - 1) + dim - np.arange(2, dim + 1)
    alpha = eta + 0.5 * (dim - 1)
    norm = (0.5 * (dim - 1) * np.log(np.pi) + special.multigammaln(alpha - 0.5, dim - 1)
            - (dim - 1) * special.gammaln(alpha))
    return (order * np.log(diag)).sum(-1) - norm


def test_log_prob_and_gradient_dim4():
    rng = np.random.default_rng(0)
    A = rng.standard_normal((4, 4))
    C = A @ A.T + 4 * np.eye(4)
    s = np.sqrt(np.diag(C))
    L = np.linalg.cholesky(C / s[:, None] / s[None, :])
    for eta in (0.5, 1.5, 3.0):
        got = D.LKJCholesky(4, T(eta)).log_prob(T(L)).numpy()
        np.testing.assert_allclose(got, _ref_log_prob(L, eta, 4), rtol=1e-10)
    check_grads(lambda ps: D.LKJCholesky(4, ps[0]).log_prob(T(L)), [np.array([0.7, 2.0])], order=1)
    assert D.LKJCholesky(4, T([0.7, 2.0])).log_prob(T(L)).shape == [2]


@pytest.mark.parametrize("method", ["onion", "cvine"])
def test_samples_are_correlation_cholesky_factors(method):
    paddle.seed(0)
    d = D.LKJCholesky(4, T([2.0, 5.0]), method)
    assert tuple(d.batch_shape) == (2,) and tuple(d.event_shape) == (4, 4)
    L = d.sample([3000]).numpy()
    assert L.shape == (3000, 2, 4, 4)
    np.testing.assert_array_equal(np.triu(L, 1), 0.0)
    assert np.all(np.diagonal(L, axis1=-2, axis2=-1) > 0)
    C = L @ np.swapaxes(L, -1, -2)
    np.testing.assert_allclose(np.diagonal(C, axis1=-2, axis2=-1), 1.0, rtol=1e-10)
    # the first off-diagonal correlation of LKJ(eta) has variance 1 / (2 eta + d - 1)
    for b, eta in enumerate((2.0, 5.0)):
        v = C[:, b, 1, 0].var()
        np.testing.assert_allclose(v * (2 * eta + 3), 1.0, atol=0.15)
        if method == "cvine":  # every correlation has that marginal
            rows, cols = np.tril_indices(4, -1)
            np.testing.assert_allclose(C[:, b, rows, cols].var(0) * (2 * eta + 3), 1.0, atol=0.15)
    assert D.LKJCholesky(3, 2.0, method).sample().shape == [3, 3]


def test_errors():
    with pytest.raises(ValueError, match="greater than or equal to 2"):
        D.LKJCholesky(1, 1.0)
    with pytest.raises(ValueError, match="must be positive"):
        D.LKJCholesky(3, -1.0)
    with pytest.raises(ValueError, match="one of 'cvine' or 'onion'"):
        D.LKJCholesky(3, 1.0, "foo")
    with pytest.raises(TypeError, match="Sequence"):
        D.LKJCholesky(3, 1.0).sample(3)
