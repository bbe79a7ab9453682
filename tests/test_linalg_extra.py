"""The remaining paddle.linalg functions (cholesky_inverse, lu_solve, matrix_exp, cov, corrcoef,
householder_product, ormqr, svd_lowrank, pca_lowrank): compositions of existing ops in
ops/linalg.py, checked against NumPy/SciPy and by central differences to second order."""
import numpy as np
import pytest
import scipy.linalg as sl

import eagergraph as paddle
from tests.gradcheck import check_grads

L = paddle.linalg
RNG = np.random.default_rng(0)


def T(a):
    return paddle.to_tensor(a)


def _crandn(*shape):
    return RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)


def test_public_names():
    for n in ("cholesky_inverse", "lu_solve", "matrix_exp", "cov", "corrcoef",
              "householder_product", "ormqr", "svd_lowrank", "pca_lowrank"):
        assert callable(getattr(L, n))
        assert not hasattr(paddle, n)  # paddle.linalg-only in Paddle 3.3.1
    for n in ("cholesky_inverse", "cov", "corrcoef", "householder_product", "ormqr",
              "svd_lowrank", "pca_lowrank"):
        assert hasattr(paddle.Tensor, n)
    assert not hasattr(paddle.Tensor, "lu_solve") and not hasattr(paddle.Tensor, "matrix_exp")


@pytest.mark.parametrize("upper", [False, True])
@pytest.mark.parametrize("cplx", [False, True])
def test_cholesky_inverse(upper, cplx):
    a = RNG.standard_normal((4, 4)) + (1j * RNG.standard_normal((4, 4)) if cplx else 0)
    f = np.tril(a) + 4 * np.eye(4)
    if upper:
        f = f.T.copy()
    prod = f.T @ f if upper else f @ f.T  # Paddle: plain transpose, also for complex
    np.testing.assert_allclose(L.cholesky_inverse(T(f), upper=upper).numpy(),
                               np.linalg.inv(prod), rtol=1e-10, atol=1e-12)
    check_grads(lambda xs: L.cholesky_inverse(xs[0], upper), [f])
    with pytest.raises(ValueError, match="2-dimensional"):
        L.cholesky_inverse(T(np.stack([f, f])))
    with pytest.raises(ValueError, match="square"):
        L.cholesky_inverse(T(f[:3]))


@pytest.mark.parametrize("trans", ["N", "T", "C"])
def test_lu_solve(trans):
    a = RNG.standard_normal((2, 4, 4))
    b = RNG.standard_normal((2, 4, 3))
    lu, piv = L.lu(T(a))
    out = L.lu_solve(T(b), lu, piv, trans=trans)
    op = a if trans == "N" else np.swapaxes(a, -1, -2)  # 'C' is 'T' in Paddle
    np.testing.assert_allclose(out.numpy(), np.linalg.solve(op, b), rtol=1e-10, atol=1e-12)
    check_grads(lambda xs: L.lu_solve(xs[0], xs[1], piv, trans=trans), [b, lu.numpy()])
    # b broadcast over lu's batch
    np.testing.assert_allclose(L.lu_solve(T(b[0]), lu, piv).numpy(),
                               np.linalg.solve(a, b[0]), rtol=1e-10, atol=1e-12)


def test_lu_solve_errors():
    lu, piv = L.lu(T(RNG.standard_normal((4, 4))))
    with pytest.raises(ValueError, match="rows of `b`"):
        L.lu_solve(T(np.ones((3, 2))), lu, piv)
    with pytest.raises(ValueError, match="`b` dimension"):
        L.lu_solve(T(np.ones(4)), lu, piv)


@pytest.mark.parametrize("scale", [0.1, 1.0, 8.0, 60.0])
def test_matrix_exp(scale):
    a = scale * RNG.standard_normal((2, 3, 3))
    want = np.stack([sl.expm(m) for m in a])
    np.testing.assert_allclose(L.matrix_exp(T(a)).numpy(), want, rtol=1e-10, atol=1e-12)
    if scale <= 8:
        check_grads(lambda xs: L.matrix_exp(xs[0]), [a], rtol=1e-4, atol=1e-5)


def test_matrix_exp_edges():
    a = RNG.standard_normal((3, 3)).astype("float32")
    out = L.matrix_exp(T(a))
    assert out.dtype == paddle.float32
    np.testing.assert_allclose(out.numpy(), sl.expm(a.astype(np.float64)), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(L.matrix_exp(T(np.array(0.5))).numpy(), np.exp(0.5))
    np.testing.assert_allclose(L.matrix_exp(T(np.array([[0.5]]))).numpy(), [[np.exp(0.5)]])
    with pytest.raises(ValueError, match="at least two-dimensional"):
        L.matrix_exp(T(np.ones(3)))
    with pytest.raises(ValueError, match="square"):
        L.matrix_exp(T(np.ones((2, 3))))
    with pytest.raises(ValueError, match="float32 or float64"):
        L.matrix_exp(T(np.ones((2, 2), np.complex128)))


def test_cov():
    x = RNG.standard_normal((3, 6))
    fw = np.array([1, 2, 0, 3, 1, 2])
    aw = RNG.random(6)
    np.testing.assert_allclose(L.cov(T(x)).numpy(), np.cov(x), rtol=1e-12)
    np.testing.assert_allclose(L.cov(T(x), rowvar=False).numpy(), np.cov(x, rowvar=False),
                               rtol=1e-12)
    np.testing.assert_allclose(L.cov(T(x), ddof=False).numpy(), np.cov(x, ddof=0), rtol=1e-12)
    np.testing.assert_allclose(L.cov(T(x), fweights=T(fw), aweights=T(aw)).numpy(),
                               np.cov(x, fweights=fw, aweights=aw), rtol=1e-12)
    np.testing.assert_allclose(L.cov(T(x), ddof=False, aweights=T(aw)).numpy(),
                               np.cov(x, ddof=0, aweights=aw), rtol=1e-12)
    one = L.cov(T(x[0]))
    assert one.shape == [] and np.isclose(one.numpy(), np.cov(x[0]))
    assert L.cov(T(x.astype("float32"))).dtype == paddle.float32
    check_grads(lambda xs: L.cov(xs[0]), [x])
    check_grads(lambda xs: L.cov(xs[0], fweights=T(fw), aweights=xs[1]), [x, aw])
    with pytest.raises(ValueError, match="1<=N<=2"):
        L.cov(T(np.ones((2, 2, 2))))
    with pytest.raises(ValueError, match="negative"):
        L.cov(T(x), fweights=T(-fw))
    with pytest.raises(ValueError, match="integer"):
        L.cov(T(x), fweights=T(fw + 0.5))
    with pytest.raises(ValueError, match="dim\\[1\\]"):
        L.cov(T(x), aweights=T(aw[:3]))


def test_corrcoef():
    x = RNG.standard_normal((3, 6))
    np.testing.assert_allclose(L.corrcoef(T(x)).numpy(), np.corrcoef(x), rtol=1e-12)
    np.testing.assert_allclose(T(x.T.copy()).corrcoef(rowvar=False).numpy(), np.corrcoef(x),
                               rtol=1e-12)
    assert L.corrcoef(T(x[0])).numpy() == 1.0
    check_grads(lambda xs: L.corrcoef(xs[0]), [x])


def _householder_ref(a, tau):
    m, n = a.shape
    q = np.eye(m, dtype=a.dtype)
    for i in range(len(tau)):
        v = np.zeros(m, a.dtype)
        v[i], v[i + 1:] = 1, a[i + 1:, i]
        q = q @ (np.eye(m) - tau[i] * np.outer(v, v.conj()))
    return q[:, :n]


@pytest.mark.parametrize("cplx", [False, True])
def test_householder_product(cplx):
    a = _crandn(5, 3) if cplx else RNG.standard_normal((5, 3))
    tau = _crandn(3) if cplx else RNG.standard_normal(3)
    np.testing.assert_allclose(L.householder_product(T(a), T(tau)).numpy(),
                               _householder_ref(a, tau), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(L.householder_product(T(a), T(tau[:2])).numpy(),
                               _householder_ref(a, tau[:2]), rtol=1e-12, atol=1e-12)
    check_grads(lambda xs: L.householder_product(xs[0], xs[1]), [a, tau])
    # LAPACK's geqrf reflectors give back the Q of the QR factorisation
    qr_a, tau_r = sl.qr(a, mode="raw")[0]
    q = L.householder_product(T(np.asarray(qr_a)), T(tau_r)).numpy()
    np.testing.assert_allclose(q, sl.qr(a, mode="economic")[0], rtol=1e-10, atol=1e-12)


def test_householder_product_batch_and_errors():
    a, tau = RNG.standard_normal((2, 5, 3)), RNG.standard_normal((2, 3))
    got = L.householder_product(T(a), T(tau)).numpy()
    for i in range(2):
        np.testing.assert_allclose(got[i], _householder_ref(a[i], tau[i]), rtol=1e-12)
    with pytest.raises(AssertionError):
        L.householder_product(T(a[0].T.copy()), T(tau[0]))
    with pytest.raises(AssertionError):
        L.householder_product(T(a[0]), T(tau[0].astype("float32")))


@pytest.mark.parametrize("left", [True, False])
@pytest.mark.parametrize("transpose", [True, False])
def test_ormqr(left, transpose):
    x, tau = RNG.standard_normal((5, 5)), RNG.standard_normal(5)
    y = RNG.standard_normal((5, 4) if left else (4, 5))
    q = _householder_ref(x, tau)
    q = q.T if transpose else q
    want = q @ y if left else y @ q
    got = L.ormqr(T(x), T(tau), T(y), left=left, transpose=transpose).numpy()
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)
    check_grads(lambda xs: L.ormqr(xs[0], xs[1], xs[2], left, transpose), [x, tau, y])
    with pytest.raises(AssertionError):
        L.ormqr(T(x), T(tau), T(y.T.copy()), left=left, transpose=transpose)


def test_ormqr_complex():
    x, tau, y = _crandn(4, 4), _crandn(4), _crandn(4, 3)
    want = _householder_ref(x, tau).T @ y
    np.testing.assert_allclose(L.ormqr(T(x), T(tau), T(y), transpose=True).numpy(), want,
                               rtol=1e-12, atol=1e-12)
    check_grads(lambda xs: L.ormqr(xs[0], xs[1], xs[2]), [x, tau, y])


@pytest.mark.parametrize("shape,rank", [((8, 5), 3), ((5, 8), 3), ((2, 7, 6), 2)])
def test_svd_lowrank(shape, rank):
    a = RNG.standard_normal(shape[:-1] + (rank,)) @ RNG.standard_normal(
        shape[:-2] + (rank, shape[-1]))
    for q in (None, rank):
        u, s, v = L.svd_lowrank(T(a), q=q)
        k = min(6, *shape[-2:]) if q is None else q
        assert u.shape == list(shape[:-1]) + [k] and v.shape == list(shape[:-2]) + [
            shape[-1], k] and s.shape == list(shape[:-2]) + [k]
        rec = (u.numpy() * s.numpy()[..., None, :]) @ np.swapaxes(v.numpy(), -1, -2)
        np.testing.assert_allclose(rec, a, atol=1e-10)
        np.testing.assert_allclose(s.numpy()[..., :rank],
                                   np.linalg.svd(a, compute_uv=False)[..., :rank], rtol=1e-10)
    u, s, v = L.pca_lowrank(T(a), q=rank + 1)
    c = a - a.mean(-2, keepdims=True)
    np.testing.assert_allclose((u.numpy() * s.numpy()[..., None, :]) @ np.swapaxes(
        v.numpy(), -1, -2), c, atol=1e-10)


def test_svd_lowrank_M_complex_and_errors():
    a, m = RNG.standard_normal((6, 4)), RNG.standard_normal((6, 4))
    u, s, v = L.svd_lowrank(T(a), q=4, M=T(m))
    np.testing.assert_allclose((u.numpy() * s.numpy()) @ v.numpy().T, a - m, atol=1e-10)
    ac = _crandn(6, 4)
    u, s, v = L.svd_lowrank(T(ac), q=4)
    assert s.dtype == paddle.float64
    np.testing.assert_allclose((u.numpy() * s.numpy()) @ v.numpy().conj().T, ac, atol=1e-10)
    with pytest.raises(ValueError, match="q\\(=5\\)"):
        L.svd_lowrank(T(a), q=5)
    with pytest.raises(ValueError, match="niter"):
        L.pca_lowrank(T(a), niter=-1)
    with pytest.raises(ValueError, match="must be tensor"):
        L.svd_lowrank(a)


def test_svd_lowrank_grad_of_singular_values():
    # s of a full-rank q = min(m, n) approximation is the exact spectrum: d sum(s) / dA = U V^T
    a = RNG.standard_normal((5, 3))
    x = paddle.to_tensor(a, stop_gradient=False)
    s = L.svd_lowrank(x, q=3)[1]
    (g,) = paddle.grad(s.sum(), [x])
    u, _, vh = np.linalg.svd(a, full_matrices=False)
    np.testing.assert_allclose(g.numpy(), u @ vh, rtol=1e-8, atol=1e-10)


def test_dtype_edges():
    with pytest.raises(TypeError):
        L.cov(paddle.ones([2, 3], "int64"))
    with pytest.raises(RuntimeError):  # Paddle fails at its real-only clip
        L.cov(T(np.ones((2, 3)) + 1j))
    x = RNG.standard_normal((2, 5))
    aw = np.array([1, 2, 1, 3, 1])  # integer analytic weights are cast, as in Paddle
    np.testing.assert_allclose(L.cov(T(x), aweights=T(aw)).numpy(), np.cov(x, aweights=aw),
                               rtol=1e-12)
    assert L.matrix_exp(T(np.zeros((0, 3, 3)))).shape == [0, 3, 3]
