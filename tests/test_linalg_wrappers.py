"""paddle.linalg's compositions (eagergraph/ops/linalg.py, no op-table row of their own): norm,
vector_norm, matrix_norm, dist, cdist, cond, einsum, cholesky_solve, svdvals, eigvalsh, eigvals,
pinv, matrix_rank, lstsq, lu_unpack. Values against NumPy/SciPy, gradients (first and second
order, real and complex where Paddle takes complex) by central differences."""
import numpy as np
import pytest
import scipy.linalg as sl

import eagergraph as paddle
from tests.gradcheck import check_grads

RNG = np.random.default_rng(0)
L = paddle.linalg
INF = float("inf")


def _t(a):
    return paddle.to_tensor(a)


def _c(shape):
    return RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)


def _close(got, want, tol=1e-10):
    np.testing.assert_allclose(got.numpy(), want, rtol=tol, atol=tol)


# ---- norms

VECTOR_CASES = [(None, None, False), (2, 1, False), (1, -1, True), (3, [0, 2], False),
                (0.5, 0, True), (INF, None, False), (-INF, 2, False), (INF, [0, 1], True),
                (-INF, [1, 2], False), (0, 1, False), (0, [0, 1], False), (-1, 1, False)]


@pytest.mark.parametrize("p,axis,keepdim", VECTOR_CASES)
def test_vector_norms_match_numpy(p, axis, keepdim):
    a = RNG.standard_normal((2, 3, 4))
    pp = 2 if p is None else p
    ax = tuple(axis) if isinstance(axis, list) else axis
    if ax is None:
        want = np.linalg.norm(a.ravel(), pp)
        want = np.reshape(want, (1, 1, 1)) if keepdim else want
    elif isinstance(ax, tuple):
        b = np.abs(a)
        if pp == INF:
            want = b.max(ax, keepdims=keepdim)
        elif pp == -INF:
            want = b.min(ax, keepdims=keepdim)
        elif pp == 0:
            want = (b != 0).sum(ax, keepdims=keepdim).astype(a.dtype)
        else:
            want = (b ** pp).sum(ax, keepdims=keepdim) ** (1 / pp)
    else:
        want = np.linalg.norm(a, pp, axis=ax, keepdims=keepdim)
    _close(L.vector_norm(_t(a), 2.0 if p is None else p, axis=axis, keepdim=keepdim), want)
    if p is not None and not isinstance(axis, list):
        _close(L.norm(_t(a), p, axis=axis, keepdim=keepdim), want)
    if p not in (0,) and not (isinstance(p, float) and np.isinf(p)):
        check_grads(lambda xs: L.vector_norm(xs[0], 2.0 if p is None else p, axis=axis,
                                             keepdim=keepdim), [a])


@pytest.mark.parametrize("p", ["fro", "nuc", 1, -1, 2, -2, INF, -INF])
def test_matrix_norms_match_numpy(p):
    a = RNG.standard_normal((2, 4, 3))
    want = np.linalg.norm(a, p, axis=(1, 2))
    _close(L.matrix_norm(_t(a), p, axis=[1, 2]), want)
    _close(L.norm(_t(a), p, axis=[1, 2]), want)
    kept = L.norm(_t(a), p, axis=[2, 0], keepdim=True)
    np.testing.assert_allclose(kept.numpy(), np.linalg.norm(a, p, axis=(2, 0), keepdims=True),
                               rtol=1e-10)
    check_grads(lambda xs: L.matrix_norm(xs[0], p, axis=[1, 2]), [a])


@pytest.mark.parametrize("p", ["fro", "nuc", 2, -2])
def test_complex_matrix_norms(p):
    a = _c((2, 3, 3))
    _close(L.matrix_norm(_t(a), p), np.linalg.norm(a, p, axis=(-2, -1)))
    check_grads(lambda xs: L.matrix_norm(xs[0], p), [a])


def test_norm_dispatch_as_paddle():
    a = RNG.standard_normal((2, 3, 4))
    # p=None: the 2-norm of all of x; 'fro' with an int axis or none: the vector 2-norm
    _close(paddle.norm(_t(a)), np.linalg.norm(a.ravel()))
    _close(_t(a).norm("fro", axis=1), np.linalg.norm(a, axis=1))
    # a string p with axis=None: a matrix norm over every axis (two here)
    b = a[0]
    _close(L.norm(_t(b), "nuc"), np.linalg.norm(b, "nuc"))
    # a one-element list axis is an int
    # (one axis: Paddle's p_norm kernel, which raises to the float32 reciprocal 1.0f / p)
    _close(L.norm(_t(a), 3, axis=[1]), ((np.abs(a) ** 3).sum(1)) ** float(np.float32(1 / 3)))
    c = _c((3, 4))
    _close(L.norm(_t(c)), np.linalg.norm(c))
    assert L.norm(_t(c)).dtype == paddle.float64
    check_grads(lambda xs: L.vector_norm(xs[0], 3, axis=[0, 1]), [c])
    with pytest.raises(ValueError):
        L.norm(_t(b), 3, axis=[0, 1])
    with pytest.raises(ValueError):
        L.vector_norm(_t(b), "fro")
    with pytest.raises(TypeError):
        L.matrix_norm(_t(b), axis=0)


def test_norm_keyword_aliases():
    a = RNG.standard_normal((3, 4))
    _close(paddle.norm(input=_t(a), ord=1, dim=1), np.linalg.norm(a, 1, axis=1))
    _close(L.norm(A=_t(a), ord="fro"), np.linalg.norm(a))
    _close(L.vector_norm(_t(a), ord=3, dim=[0, 1]), (np.abs(a) ** 3).sum() ** (1 / 3))
    with pytest.raises(ValueError, match="Cannot specify both 'p' and its alias 'ord'"):
        L.norm(_t(a), p=1, ord=2)


def test_norm_subgradients_at_zero_are_paddles():
    z = paddle.to_tensor(np.zeros(3), stop_gradient=False)
    for p in (2, 1, 3, INF):
        g, = paddle.grad(L.vector_norm(z, p), z)
        np.testing.assert_array_equal(g.numpy(), np.zeros(3))
    x = paddle.to_tensor(np.array([2.0, -2.0, 1.0]), stop_gradient=False)
    g, = paddle.grad(L.vector_norm(x, INF), x)  # every tie gets sign(x)
    np.testing.assert_array_equal(g.numpy(), [1.0, -1.0, 0.0])
    m = paddle.to_tensor(np.zeros((2, 2)), stop_gradient=False)
    g, = paddle.grad(L.norm(m, "nuc"), m)  # U V^H of the zero matrix's SVD
    np.testing.assert_allclose(g.numpy(), np.eye(2))


def test_dist_and_cdist():
    x, y = RNG.standard_normal((2, 3, 4)), RNG.standard_normal((3, 4))
    for p in (2, 1, 3, INF, -INF, 0):
        d = (x - y).ravel()
        want = np.count_nonzero(d) if p == 0 else np.linalg.norm(d, p)
        if p == 3:  # Paddle's p_norm kernel raises to the float32 reciprocal 1.0f / p
            want = np.sum(np.abs(d) ** 3) ** float(np.float32(1 / 3))
        _close(paddle.dist(_t(x), _t(y), p), want)
    check_grads(lambda xs: paddle.dist(xs[0], xs[1], 3), [x, y])
    a, b = RNG.standard_normal((2, 4, 3)), RNG.standard_normal((2, 5, 3))
    for p in (2.0, 1.0, 3.0, INF):
        want = np.linalg.norm(a[:, :, None, :] - b[:, None, :, :], p, axis=-1)
        if p == 3.0:  # p_norm's float32 reciprocal, as Paddle's cdist
            want = (np.abs(a[:, :, None, :] - b[:, None, :, :]) ** 3).sum(-1) ** \
                float(np.float32(1 / 3))
        _close(paddle.cdist(_t(a), _t(b), p), want)
    check_grads(lambda xs: paddle.cdist(xs[0], xs[1]), [a, b])
    with pytest.raises(AssertionError):
        paddle.cdist(_t(a), _t(RNG.standard_normal((2, 5, 4))))
    # Paddle's matmul form for p = 2 (forced, or past 25 rows): same distances
    want = np.linalg.norm(a[:, :, None, :] - b[:, None, :, :], axis=-1)
    _close(paddle.cdist(_t(a), _t(b), compute_mode="use_mm_for_euclid_dist"), want, 1e-9)
    check_grads(lambda xs: paddle.cdist(xs[0], xs[1], compute_mode="use_mm_for_euclid_dist"),
                [a, b])
    big = RNG.standard_normal((30, 3))
    _close(paddle.cdist(_t(big), _t(b[0])),
           np.linalg.norm(big[:, None, :] - b[0][None], axis=-1), 1e-9)
    with pytest.raises(ValueError):
        paddle.cdist(_t(a), _t(b), compute_mode="x")
    with pytest.raises(AssertionError):
        paddle.cdist(_t(a), _t(b), p=-1.0)


@pytest.mark.parametrize("p", [None, 2, -2, "fro", "nuc", 1, -1, INF, -INF])
def test_cond(p):
    a = RNG.standard_normal((2, 3, 3)) + 2 * np.eye(3)
    _close(L.cond(_t(a), p), np.linalg.cond(a, p), 1e-9)
    check_grads(lambda xs: L.cond(xs[0], p), [a])


def test_cond_errors_and_wide_matrices():
    w = RNG.standard_normal((3, 5))
    _close(L.cond(_t(w)), np.linalg.cond(w))
    with pytest.raises(ValueError):
        L.cond(_t(w), 1)
    with pytest.raises(ValueError):
        L.cond(_t(RNG.standard_normal(3)))
    with pytest.raises(ValueError):
        L.cond(_t(RNG.standard_normal((3, 3))), 3)


# ---- einsum

EINSUM_CASES = [("ij,jk->ik", [(2, 3), (3, 4)]), ("bij,bjk->bik", [(2, 2, 3), (2, 3, 4)]),
                ("ij,jk", [(2, 3), (3, 4)]), ("ii", [(3, 3)]), ("ii->i", [(3, 3)]),
                ("ij->", [(2, 3)]), ("ijk->kji", [(2, 3, 4)]), ("i,j->ij", [(3,), (4,)]),
                ("i,i->", [(3,), (3,)]), ("...ij,...jk", [(2, 2, 3), (3, 4)]),
                ("...j,j->...", [(2, 3, 4), (4,)]), ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 2)]),
                ("bii->bi", [(2, 3, 3)]), ("ijk,jl->ikl", [(2, 3, 2), (3, 4)]),
                ("i...,i...->...", [(3, 2, 2), (3, 1, 2)]), ("ji", [(2, 3)])]


@pytest.mark.parametrize("eq,shapes", EINSUM_CASES, ids=[c[0] for c in EINSUM_CASES])
def test_einsum_matches_numpy(eq, shapes):
    arrs = [RNG.standard_normal(s) for s in shapes]
    _close(paddle.einsum(eq, *[_t(a) for a in arrs]), np.einsum(eq, *arrs))
    check_grads(lambda xs: paddle.einsum(eq, *xs), arrs)


def test_einsum_broadcast_label_and_repeated_output():
    # Paddle broadcasts a contracted label of size 1, and writes 'ii' outputs on the diagonal
    a, b = RNG.standard_normal((2, 1)), RNG.standard_normal((3, 4))
    _close(paddle.einsum("ij,jk", _t(a), _t(b)), a * b.sum(0))
    check_grads(lambda xs: paddle.einsum("ij,jk", *xs), [a, b])
    c = RNG.standard_normal((3, 3))
    _close(paddle.einsum("ij->ii", _t(c)), np.diag(c.sum(1)))
    check_grads(lambda xs: paddle.einsum("ij->ii", xs[0]), [c])


def test_einsum_complex_and_errors():
    a, b = _c((2, 3)), _c((3, 2))
    _close(paddle.einsum("ij,jk->ik", _t(a), _t(b)), a @ b)
    check_grads(lambda xs: paddle.einsum("ij,jk->ki", *xs), [a, b])
    with pytest.raises(AssertionError):
        paddle.einsum("ij,jk", _t(a))
    with pytest.raises(AssertionError):
        paddle.einsum("ijk", _t(a))
    with pytest.raises(ValueError):
        paddle.einsum("ij,jk", _t(a), _t(a))


# ---- solvers and decompositions built from the ops


@pytest.mark.parametrize("upper", [False, True])
def test_cholesky_solve(upper):
    m = RNG.standard_normal((2, 3, 3))
    spd = m @ np.swapaxes(m, -1, -2) + 3 * np.eye(3)
    c = np.linalg.cholesky(spd)
    c = np.swapaxes(c, -1, -2) if upper else c
    b = RNG.standard_normal((2, 3, 2))
    _close(L.cholesky_solve(_t(b), _t(c), upper), np.linalg.solve(spd, b), 1e-9)
    _close(_t(b).cholesky_solve(_t(c), upper), np.linalg.solve(spd, b), 1e-9)
    tri = np.triu if upper else np.tril
    check_grads(lambda xs: L.cholesky_solve(xs[0], paddle.triu(xs[1]) if upper
                                            else paddle.tril(xs[1]), upper), [b, tri(c)])
    with pytest.raises(ValueError):
        L.cholesky_solve(_t(b), _t(RNG.standard_normal((2, 4, 4))))
    # complex (beyond Paddle's CPU kernels): A = L L^H or U^H U
    m = _c((3, 3))
    hpd = m @ m.conj().T + 3 * np.eye(3)
    c = np.linalg.cholesky(hpd)
    c = c.conj().T if upper else c
    bc = _c((3, 2))
    _close(L.cholesky_solve(_t(bc), _t(c), upper), np.linalg.solve(hpd, bc), 1e-9)


def test_svdvals_eigvalsh_eigvals():
    a = RNG.standard_normal((2, 4, 3))
    _close(L.svdvals(_t(a)), np.linalg.svd(a, compute_uv=False))
    check_grads(lambda xs: L.svdvals(xs[0]), [a])
    h = _c((3, 3))
    h = h + h.conj().T
    _close(paddle.eigvalsh(_t(h)), np.linalg.eigvalsh(h))
    _close(_t(h).eigvalsh("U"), np.linalg.eigvalsh(h, "U"))
    check_grads(lambda xs: L.eigvalsh((xs[0] + paddle.conj(xs[0]).t()) * 0.5), [h])
    s = RNG.standard_normal((3, 3))
    w = L.eigvals(_t(s))
    assert w.dtype == paddle.complex128
    np.testing.assert_allclose(np.sort_complex(w.numpy()), np.sort_complex(np.linalg.eigvals(s)))
    x = paddle.to_tensor(s, stop_gradient=False)
    assert L.eigvals(x).stop_gradient  # no gradient, as in Paddle


@pytest.mark.parametrize("shape", [(4, 3), (3, 5), (2, 3, 3)])
def test_pinv(shape):
    a = RNG.standard_normal(shape)
    _close(L.pinv(_t(a)), np.linalg.pinv(a), 1e-9)
    check_grads(lambda xs: L.pinv(xs[0]), [a])
    c = _c(shape)
    _close(L.pinv(_t(c)), np.linalg.pinv(c), 1e-9)
    check_grads(lambda xs: L.pinv(xs[0]), [c])


def test_pinv_hermitian_rcond_and_empty():
    m = RNG.standard_normal((3, 3))
    h = m + m.T
    _close(L.pinv(_t(h), hermitian=True), np.linalg.pinv(h, hermitian=True), 1e-9)
    check_grads(lambda xs: L.pinv((xs[0] + xs[0].t()) * 0.5, hermitian=True), [h])
    a = RNG.standard_normal((4, 3))
    _close(L.pinv(_t(a), rcond=0.5), np.linalg.pinv(a, rcond=0.5), 1e-9)
    assert tuple(L.pinv(paddle.zeros([0, 3], "float64")).shape) == (3, 0)


def test_matrix_rank():
    u = RNG.standard_normal((2, 5, 2))
    a = u @ np.swapaxes(u, -1, -2)  # rank 2, symmetric
    r = L.matrix_rank(_t(a))
    assert r.dtype == paddle.int64
    np.testing.assert_array_equal(r.numpy(), [2, 2])
    np.testing.assert_array_equal(L.matrix_rank(_t(a), hermitian=True).numpy(), [2, 2])
    s = np.linalg.svd(a[0], compute_uv=False)
    tol = (s[0] + s[1]) / 2
    assert int(L.matrix_rank(_t(a[0]), tol=float(tol))) == 1
    assert int(L.matrix_rank(_t(a[0]), atol=float(tol))) == 1
    assert int(L.matrix_rank(_t(a[0]), rtol=float(tol / s[0]))) == 1
    # atol alone keeps the default rtol (eps * max(m, n)), so round-off is not rank
    assert int(L.matrix_rank(_t(a[0]), atol=1e-30)) == 2
    np.testing.assert_array_equal(
        L.matrix_rank(_t(a), atol=paddle.to_tensor([1e-30, 1e6])).numpy(), [2, 0])
    with pytest.raises(ValueError):
        L.matrix_rank(_t(a), tol=1.0, atol=1.0)
    with pytest.raises(ValueError):
        L.matrix_rank(_t(RNG.standard_normal(3)))


@pytest.mark.parametrize("driver", [None, "gels", "gelsy", "gelsd", "gelss"])
def test_lstsq_returns_paddles_tuple(driver):
    x, y = RNG.standard_normal((2, 5, 3)), RNG.standard_normal((2, 5, 2))
    sol, res, rank, sv = L.lstsq(_t(x), _t(y), driver=driver)
    _close(sol, np.linalg.pinv(x) @ y, 1e-9)
    d = driver or "gelsy"
    if d == "gelsy":
        assert tuple(res.shape) == (0,)
    else:
        _close(res, ((x @ sol.numpy() - y) ** 2).sum(-2), 1e-9)
    if d == "gels":
        assert tuple(rank.shape) == (0,) and rank.dtype == paddle.int64
    else:
        np.testing.assert_array_equal(rank.numpy(), [3, 3])
    if d in ("gelsd", "gelss"):
        _close(sv, np.linalg.svd(x, compute_uv=False))
    else:
        assert tuple(sv.shape) == (0,)
    with pytest.raises(ValueError):
        L.lstsq(_t(x), _t(y), driver="x")
    with pytest.raises(ValueError):
        L.lstsq(_t(_c((5, 3))), _t(_c((5, 2))))


@pytest.mark.parametrize("shape", [(3, 3), (2, 4, 4), (4, 2), (2, 5)])
def test_lu_unpack(shape):
    a = RNG.standard_normal(shape)
    lu, piv = L.lu(_t(a))
    p, low, up = L.lu_unpack(lu, piv)
    _close(paddle.matmul(p, paddle.matmul(low, up)), a)
    flat = a.reshape((-1,) + shape[-2:])
    for i, m in enumerate(flat):
        pp, ll, uu = sl.lu(m)
        np.testing.assert_allclose(p.numpy().reshape(flat.shape[:1] + (shape[-2],) * 2)[i], pp)
        np.testing.assert_allclose(low.numpy().reshape((len(flat),) + ll.shape)[i], ll,
                                   atol=1e-12)
        np.testing.assert_allclose(up.numpy().reshape((len(flat),) + uu.shape)[i], uu,
                                   atol=1e-12)
    check_grads(lambda xs: list(L.lu_unpack(*L.lu(xs[0]))[1:]), [a])


def test_lu_unpack_parts_left_out_are_empty_float32():
    lu, piv = L.lu(_t(RNG.standard_normal((2, 3, 3))))
    p, low, up = L.lu_unpack(lu, piv, unpack_ludata=False)
    assert tuple(p.shape) == (2, 3, 3) and tuple(low.shape) == (0,) == tuple(up.shape)
    assert low.dtype == paddle.float32
    p, low, up = L.lu_unpack(lu, piv, unpack_pivots=False)
    assert tuple(p.shape) == (0,) and tuple(low.shape) == (2, 3, 3)


def test_lu_infos_and_singular():
    out, piv, info = L.lu(paddle.zeros([2, 2], "float64"), get_infos=True)
    assert piv.dtype == paddle.int32 and info.dtype == paddle.int32
    assert int(info) == 1
    x = L.triangular_solve(paddle.zeros([2, 2], "float64"), _t(np.ones((2, 1))))
    assert not np.isfinite(x.numpy()).any()


def test_public_names_and_inplace_baddbmm():
    for name in ("norm", "dist", "cdist", "einsum", "eigvalsh", "baddbmm", "baddbmm_"):
        assert hasattr(paddle, name), name
    for name in ("norm", "dist", "cdist", "cond", "cholesky_solve", "qr", "eigvalsh", "eig",
                 "eigvals", "pinv", "lstsq", "lu", "lu_unpack", "baddbmm", "baddbmm_"):
        assert hasattr(paddle.Tensor, name), name
    for name in ("svd", "eigh", "matrix_rank", "vector_norm", "matrix_norm", "svdvals",
                 "triangular_solve", "einsum"):
        assert not hasattr(paddle.Tensor, name), name
    i, x, y = (RNG.standard_normal(s) for s in ((2, 3, 4), (2, 3, 5), (2, 5, 4)))
    t = _t(i)
    out = t.baddbmm_(_t(x), _t(y), beta=0.5, alpha=2.0)
    assert out is t
    _close(t, 0.5 * i + 2.0 * x @ y)


def test_qr_modes_and_the_gradients_paddle_refuses():
    a = RNG.standard_normal((4, 3))
    r = L.qr(_t(a), mode="r")
    np.testing.assert_allclose(np.abs(r.numpy()), np.abs(np.linalg.qr(a, mode="r")), atol=1e-12)
    x = paddle.to_tensor(a, stop_gradient=False)
    with pytest.raises(ValueError, match="mode='r'"):
        paddle.grad(L.qr(x, mode="r").sum(), x)
    q, r = L.qr(x, mode="complete")
    assert tuple(q.shape) == (4, 4) and tuple(r.shape) == (4, 3)
    with pytest.raises(ValueError, match="mode='complete' and 4 > 3"):
        paddle.grad(q.sum() + r.sum(), x)


def test_p_norm_takes_the_float32_reciprocal_of_p_as_paddle():
    # Paddle's p_norm computes sum(|x|^p)^(1.0f / p): 1/3 in float32, for float64 x too
    # (values from Paddle 3.3.1)
    x = np.array([[1.0, -2.0, 0.5], [3.0, 0.25, -1.0]])
    np.testing.assert_array_equal(L.norm(_t(x), p=3, axis=-1).numpy(),
                                  [2.0896696440891422, 3.037153809093727])
    np.testing.assert_allclose(L.norm(_t(x.astype("float32")), p=3, axis=-1).numpy(),
                               [2.089669704437256, 3.037153720855713], rtol=3e-7)
