"""Op-table rows: matmul, over the 1-D, batched and transposed cases (shapes from Paddle 3.3)."""
import numpy as np

import eagergraph as paddle
from ..op_db import OpInfo, Sample, make_array

# (x shape, y shape, kwargs)
CASES = [((3,), (3,), {}), ((3,), (3, 4), {}), ((2, 3), (3,), {}), ((2, 3), (3, 4), {}),
         ((5, 2, 3), (3, 4), {}), ((3,), (5, 3, 4), {}), ((5, 1, 2, 3), (4, 3, 2), {}),
         ((1, 2, 3), (3, 3, 4), {}), ((3, 2), (3, 4), {"transpose_x": True}),
         ((2, 3), (4, 3), {"transpose_y": True}),
         ((2, 3, 2), (4, 3), {"transpose_x": True, "transpose_y": True}),
         ((3,), (4, 3), {"transpose_x": True, "transpose_y": True}), ((0, 3), (3, 2), {})]


def _samples(rng, dt):
    return [Sample([make_array(rng, a, dt), make_array(rng, b, dt)], dict(kw),
                   desc=f"{a}@{b} {kw}") for a, b, kw in CASES]


def _ref(x, y, transpose_x=False, transpose_y=False):
    if transpose_x and x.ndim > 1:
        x = np.swapaxes(x, -1, -2)
    if transpose_y and y.ndim > 1:
        y = np.swapaxes(y, -1, -2)
    return np.matmul(x, y)


ROWS = [
    OpInfo("matmul", paddle.matmul, _ref, ("int32", "int64", "float16", "bfloat16", "float32",
                                           "float64", "complex64", "complex128"),
           arity=2, sample_inputs=_samples),
]

ALLD = ("bool", "int32", "int64", "float16", "bfloat16", "float32", "float64", "complex64",
        "complex128")


def _tri_samples(rng, dt):
    return [Sample([make_array(rng, s, dt)], kw, desc=f"{s} {kw}")
            for s, kw in [((3, 3), {}), ((3, 4), {"diagonal": 1}), ((2, 4, 3), {"diagonal": -1}),
                          ((4, 2), {"diagonal": 5}), ((0, 3), {})]]


def _dot_samples(rng, dt):
    return [Sample([make_array(rng, s, dt), make_array(rng, s, dt)], desc=str(s))
            for s in [(4,), (2, 3), (0,)]]


ROWS += [
    OpInfo("tril", paddle.tril, lambda x, diagonal=0: np.tril(x, diagonal), ALLD,
           sample_inputs=_tri_samples),
    OpInfo("triu", paddle.triu, lambda x, diagonal=0: np.triu(x, diagonal), ALLD,
           sample_inputs=_tri_samples),
    OpInfo("dot", paddle.dot, lambda x, y: np.einsum("...i,...i->...", x, y),
           ("int32", "int64", "float32", "float64", "complex64", "complex128"),
           sample_inputs=_dot_samples),
]

FL = ("float32", "float64")
FLC = ("float32", "float64", "complex64", "complex128")


def _wellcond(rng, shape, dt):
    """Random matrices plus n * I: far from singular, so finite differences stay accurate."""
    a = make_array(rng, shape, dt, (-1.0, 1.0))
    if a.size:
        a = a + shape[-1] * np.eye(shape[-1], dtype=a.dtype)
    return a


def _bmm_samples(rng, dt):
    return [Sample([make_array(rng, a, dt), make_array(rng, b, dt)], desc=f"{a}@{b}")
            for a, b in [((2, 3, 4), (2, 4, 5)), ((1, 1, 2), (1, 2, 3)), ((0, 2, 3), (0, 3, 1))]]


def _mv_samples(rng, dt):
    return [Sample([make_array(rng, a, dt), make_array(rng, b, dt)], desc=f"{a}@{b}")
            for a, b in [((3, 4), (4,)), ((1, 1), (1,)), ((0, 3), (3,))]]


def _addmm_samples(rng, dt):
    return [Sample([make_array(rng, i, dt), make_array(rng, a, dt), make_array(rng, b, dt)], kw,
                   desc=f"{i}+{a}@{b} {kw}")
            for i, a, b, kw in [((2, 4), (2, 3), (3, 4), {}),
                                ((4,), (2, 3), (3, 4), {"beta": 0.5, "alpha": 2.0}),
                                ((1, 1), (2, 3), (3, 4), {"alpha": -1.5}),
                                ((2, 1), (2, 3), (3, 4), {"beta": 2.0}),
                                ((1,), (2, 3), (3, 4), {})]]


def _square_samples(rng, dt):
    return [Sample([_wellcond(rng, s, dt)], desc=str(s)) for s in [(3, 3), (2, 3, 3), (1, 1),
                                                                    (2, 1, 2, 2), (0, 2, 2)]]


def _solve_samples(rng, dt):
    out = []
    for a, b, kw in [((3, 3), (3,), {}), ((2, 3, 3), (3,), {}), ((2, 3, 3), (2, 3), {}),
                     ((3, 3), (2, 3, 2), {}), ((2, 3, 3), (3, 2), {}), ((2, 1, 2, 2), (3, 2, 1), {}),
                     ((3, 3), (2, 3), {"left": False}), ((2, 3, 3), (4, 3), {"left": False})]:
        out.append(Sample([_wellcond(rng, a, dt), make_array(rng, b, dt)], kw,
                          desc=f"{a}\\{b} {kw}"))
    return out


def _solve_ref(x, y, left=True):
    if not left:
        return np.swapaxes(_solve_ref(np.swapaxes(x, -1, -2), np.swapaxes(y, -1, -2)), -1, -2)
    vec = y.ndim == 1 or y.shape == x.shape[:-1]
    yy = y[..., None] if vec else y
    batch = np.broadcast_shapes(x.shape[:-2], yy.shape[:-2])
    out = np.linalg.solve(np.broadcast_to(x, batch + x.shape[-2:]),
                          np.broadcast_to(yy, batch + yy.shape[-2:]))
    return out[..., 0] if vec else out


def _trace_samples(rng, dt):
    return [Sample([make_array(rng, s, dt)], kw, desc=f"{s} {kw}")
            for s, kw in [((3, 3), {}), ((2, 3, 4), {"offset": 1}),
                          ((2, 3, 4), {"axis1": -1, "axis2": 0}),
                          ((3, 4), {"offset": -2}), ((3, 4), {"offset": 5}),
                          ((2, 4, 3), {"offset": -1, "axis1": 2, "axis2": 1})]]


ROWS += [
    OpInfo("bmm", paddle.bmm, np.matmul, FL, sample_inputs=_bmm_samples),
    OpInfo("mv", paddle.mv, np.matmul, FL, sample_inputs=_mv_samples),
    OpInfo("addmm", paddle.addmm,
           lambda i, x, y, beta=1.0, alpha=1.0: beta * i + alpha * np.matmul(x, y), FL,
           sample_inputs=_addmm_samples),
    OpInfo("inverse", paddle.inverse, np.linalg.inv, FLC, sample_inputs=_square_samples),
    OpInfo("det", paddle.linalg.det, np.linalg.det, FLC, sample_inputs=_square_samples),
    OpInfo("solve", paddle.linalg.solve, _solve_ref, FL, sample_inputs=_solve_samples),
    OpInfo("trace", paddle.trace,
           lambda x, offset=0, axis1=0, axis2=1: np.trace(x, offset, axis1, axis2, dtype=x.dtype),
           ("int32", "int64", "float16", "float32", "float64", "complex64", "complex128"),
           sample_inputs=_trace_samples),
]

# diagonals, kron, cross
DIAGD = ("int32", "int64", "float16", "float32", "float64", "complex64", "complex128")


def _diagonal_samples(rng, dt):
    return [Sample([make_array(rng, s, dt)], kw, desc=f"{s} {kw}")
            for s, kw in [((3, 3), {}), ((2, 3, 4), {"offset": 1, "axis1": 1, "axis2": 2}),
                          ((2, 3, 4), {"offset": -1, "axis1": 2, "axis2": 0}),
                          ((3, 4), {"offset": 2}), ((3, 4), {"offset": -5}), ((0, 2), {})]]


def _diag_embed_samples(rng, dt):
    return [Sample([make_array(rng, s, dt)], kw, desc=f"{s} {kw}")
            for s, kw in [((3,), {}), ((2, 3), {"offset": 1}),
                          ((2, 3), {"offset": -2, "dim1": 0, "dim2": 2}),
                          ((2, 3, 2), {"offset": 1, "dim1": 3, "dim2": 1}), ((0,), {})]]


def _diag_embed_ref(x, offset=0, dim1=-2, dim2=-1):
    k = x.shape[-1]
    n = k + abs(offset)
    out = np.zeros(x.shape[:-1] + (n, n), dtype=x.dtype)
    for i in range(k):
        r, c = (i, i + offset) if offset >= 0 else (i - offset, i)
        out[..., r, c] = x[..., i]
    return np.moveaxis(out, (-2, -1), (dim1 % (x.ndim + 1), dim2 % (x.ndim + 1)))


def _diag_samples(rng, dt):
    return [Sample([make_array(rng, s, dt)], kw, desc=f"{s} {kw}")
            for s, kw in [((3,), {}), ((3,), {"offset": 1, "padding_value": 2}),
                          ((2,), {"offset": -2}), ((), {}), ((3, 4), {}), ((3, 4), {"offset": 2}),
                          ((4, 3), {"offset": -1}), ((2, 3), {"offset": 4})]]


def _diag_ref(x, offset=0, padding_value=0):
    if x.ndim == 2:
        return np.diagonal(x, offset)
    out = np.diag(x.reshape(-1), offset)
    out[np.diag(np.ones(x.size, bool), offset) == 0] = padding_value
    return out


def _kron_samples(rng, dt):
    return [Sample([make_array(rng, a, dt), make_array(rng, b, dt)], desc=f"{a}x{b}")
            for a, b in [((2, 3), (3, 2)), ((2, 3, 2), (3, 2)), ((3,), (2, 1, 2)), ((), (2,)),
                         ((0, 2), (2, 2))]]


def _cross_samples(rng, dt):
    return [Sample([make_array(rng, a, dt), make_array(rng, a, dt)], kw, desc=f"{a} {kw}")
            for a, kw in [((3,), {}), ((2, 3), {}), ((3, 3), {"axis": 0}), ((4, 3, 2), {"axis": -2}),
                          ((0, 3), {})]]


def _cross_ref(x, y, axis=9):
    if axis == 9:
        axis = list(x.shape).index(3)
    return np.cross(x, y, axis=axis)


ROWS += [
    OpInfo("diagonal", paddle.diagonal,
           lambda x, offset=0, axis1=0, axis2=1: np.diagonal(x, offset, axis1, axis2), ALLD,
           sample_inputs=_diagonal_samples),
    OpInfo("diag_embed", paddle.diag_embed, _diag_embed_ref, ("int32", "int64", "float32",
                                                              "float64"),
           sample_inputs=_diag_embed_samples),
    OpInfo("diag", paddle.diag, _diag_ref, DIAGD, sample_inputs=_diag_samples),
    OpInfo("kron", paddle.kron, np.kron, DIAGD, sample_inputs=_kron_samples),
    OpInfo("cross", paddle.cross, _cross_ref, ("int32", "int64", "float32", "float64",
                                               "complex64", "complex128"),
           sample_inputs=_cross_samples),
]

# cholesky, slogdet


def _spd(rng, shape, dt):
    """Symmetric positive definite: A A^T + n I."""
    a = make_array(rng, shape, dt, (-1.0, 1.0))
    return (np.matmul(a, np.swapaxes(a, -1, -2)) + shape[-1] * np.eye(shape[-1])).astype(dt)


def _cholesky_samples(rng, dt):
    return [Sample([_spd(rng, s, dt)], kw, desc=f"{s} {kw}")
            for s, kw in [((3, 3), {}), ((2, 3, 3), {"upper": True}), ((1, 1), {}),
                          ((0, 2, 2), {})]]


def _sym(a):
    """Cholesky reads one triangle; the row symmetrises its input so that finite differences
    in any direction see the function the gradient (symmetric, as Paddle's) describes."""
    return (a + paddle.transpose(a, list(range(a.ndim - 2)) + [a.ndim - 1, a.ndim - 2])) * 0.5


def _cholesky_ref(a, upper=False):
    low = np.linalg.cholesky(a)
    return np.swapaxes(low, -1, -2) if upper else low


def _slogdet_samples(rng, dt):
    return [Sample([_wellcond(rng, s, dt)], desc=str(s)) for s in [(3, 3), (2, 3, 3), (1, 1),
                                                                    (2, 1, 2, 2)]] + \
        [Sample([-_wellcond(rng, (3, 3), dt)], desc="negative det")]


ROWS += [
    OpInfo("cholesky", lambda a, upper=False: paddle.linalg.cholesky(_sym(a), upper),
           _cholesky_ref, FL, sample_inputs=_cholesky_samples),
    OpInfo("slogdet", paddle.linalg.slogdet,
           lambda a: np.stack([np.linalg.slogdet(a)[0], np.linalg.slogdet(a)[1]]), FLC,
           sample_inputs=_slogdet_samples),
]


def _matrix_power_samples(rng, dt):
    return [Sample([_wellcond(rng, s, dt) * 0.5], {"n": n}, desc=f"{s} n={n}")
            for s, n in [((3, 3), 2), ((2, 3, 3), 3), ((2, 2), 0), ((2, 2), 1), ((3, 3), -1),
                         ((2, 2, 2), -2), ((0, 2, 2), 2)]]


ROWS += [
    OpInfo("matrix_power", paddle.linalg.matrix_power, np.linalg.matrix_power, FLC,
           sample_inputs=_matrix_power_samples),
]


def _multi_dot_samples(rng, dt):
    return [Sample([make_array(rng, s, dt) for s in shapes], desc=str(shapes))
            for shapes in [[(2, 3), (3, 4)], [(2, 3), (3, 4), (4, 2)], [(3,), (3, 4), (4,)],
                           [(3,), (3, 2), (2, 4), (4, 2)], [(2, 3), (3,)], [(0, 3), (3, 2)]]]


ROWS += [
    OpInfo("multi_dot", lambda *xs: paddle.linalg.multi_dot(list(xs)),
           lambda *xs: np.linalg.multi_dot(xs), FL, sample_inputs=_multi_dot_samples),
]


# baddbmm, p_norm, triangular_solve


def _baddbmm_samples(rng, dt):
    return [Sample([make_array(rng, i, dt), make_array(rng, a, dt), make_array(rng, b, dt)], kw,
                   desc=f"{i} {a}@{b} {kw}")
            for i, a, b, kw in [((2, 3, 4), (2, 3, 5), (2, 5, 4), {}),
                                ((2, 1, 4), (2, 3, 5), (2, 5, 4), {"beta": 0.5, "alpha": 2.0}),
                                ((1, 1, 4), (1, 2, 3), (1, 3, 4), {"beta": -1.0}),
                                ((2, 4), (2, 3, 5), (2, 5, 4), {"alpha": 0.5}),
                                ((2, 1), (2, 3, 5), (2, 5, 4), {})]]


def _baddbmm_ref(input, x, y, beta=1.0, alpha=1.0):
    if input.ndim == 2:  # Paddle reads a 2-D input [b, n] as [b, 1, n]
        input = input[:, None, :]
    return beta * input + alpha * np.matmul(x, y)


def _p_norm_samples(rng, dt):
    out = []
    for s, kw in [((3,), {}), ((2, 3), {"porder": 1.0, "axis": 0}),
                  ((2, 3), {"porder": 3.0, "axis": -1, "keepdim": True}),
                  ((2, 3, 2), {"porder": 0.5, "asvector": True}),
                  ((2, 3), {"porder": float("inf"), "axis": 1}),
                  ((2, 3), {"porder": float("-inf"), "asvector": True, "keepdim": True}),
                  ((2, 3), {"porder": 0.0, "axis": 1}), ((3, 2), {"porder": -1.0, "axis": 0})]:
        a = make_array(rng, s, dt, (0.5, 2.0)) * np.where(rng.random(s) > 0.5, 1, -1)
        out.append(Sample([a.astype(dt)], kw, desc=f"{s} {kw}"))
    return out


def _p_norm_ref(x, porder=2.0, axis=-1, epsilon=1e-12, keepdim=False, asvector=False):
    a = None if asvector else axis
    ax = np.abs(x)
    if porder == 0:
        r = np.sum(ax != 0, axis=a, keepdims=keepdim).astype(x.dtype)
    elif np.isinf(porder):
        r = (np.max if porder > 0 else np.min)(ax, axis=a, keepdims=keepdim)
    else:
        # Paddle's kernel raises to 1.0f / porder: the reciprocal in float32
        r = np.sum(ax ** porder, axis=a, keepdims=keepdim) ** float(np.float32(1.0) / np.float32(porder))
    return np.asarray(r, x.dtype)


def _p_norm(x, porder=2.0, axis=-1, epsilon=1e-12, keepdim=False, asvector=False):
    return paddle._C_ops.p_norm(x, porder, axis, epsilon, keepdim, asvector)


def _tri_solve_samples(rng, dt):
    out = []
    for a, b, kw in [((3, 3), (3, 2), {}), ((3, 3), (3, 1), {"upper": False}),
                     ((2, 3, 3), (3, 2), {"transpose": True}),
                     ((3, 3), (2, 3, 2), {"upper": False, "transpose": True}),
                     ((2, 1, 3, 3), (4, 3, 2), {"unitriangular": True}),
                     ((3, 3), (3, 2), {"upper": False, "unitriangular": True, "transpose": True})]:
        out.append(Sample([_wellcond(rng, a, dt), make_array(rng, b, dt)], kw,
                          desc=f"{a}\\{b} {kw}"))
    return out


def _tri_solve_ref(x, y, upper=True, transpose=False, unitriangular=False):
    import scipy.linalg as sl
    batch = np.broadcast_shapes(x.shape[:-2], y.shape[:-2])
    return sl.solve_triangular(np.broadcast_to(x, batch + x.shape[-2:]),
                               np.broadcast_to(y, batch + y.shape[-2:]), trans=int(transpose),
                               lower=not upper, unit_diagonal=unitriangular)


ROWS += [
    OpInfo("baddbmm", paddle.baddbmm, _baddbmm_ref, FL, sample_inputs=_baddbmm_samples),
    OpInfo("p_norm", _p_norm, _p_norm_ref, FL, sample_inputs=_p_norm_samples),
    OpInfo("triangular_solve", paddle.linalg.triangular_solve, _tri_solve_ref, FLC,
           sample_inputs=_tri_solve_samples),
]

# svd, qr, eigh, eig, lu, lstsq. Singular vectors and eigenvectors are defined up to a phase
# per column (a gauge): the svd and eigh rows check gauge-invariant functions of them
# (U f(S) U^H, V f(S) V^H, U S V^H; V f(w) V^H), which is what finite differences can see.
_REAL = {"float32": "float32", "float64": "float64", "complex64": "float32",
         "complex128": "float64"}


def _svd_samples(rng, dt):
    return [Sample([make_array(rng, s, dt)], kw, desc=f"{s} {kw}")
            for s, kw in [((3, 3), {}), ((4, 2), {}), ((2, 4), {}), ((2, 4, 3), {}),
                          ((4, 3), {"full_matrices": True}), ((2, 3), {"full_matrices": True})]]


def _svd_op(a, full_matrices=False):
    u, s, vh = paddle.linalg.svd(a, full_matrices)
    k = s.shape[-1]
    if full_matrices:
        u = paddle.slice(u, [u.ndim - 1], [0], [k])
        vh = paddle.slice(vh, [vh.ndim - 2], [0], [k])
    ct = lambda t: paddle.conj(t).transpose(list(range(t.ndim - 2)) + [t.ndim - 1, t.ndim - 2])
    cu = paddle.cast(s, u.dtype)
    return [s, paddle.matmul(u * (cu * cu).unsqueeze(-2), ct(u)),
            paddle.matmul(ct(vh), vh * cu.unsqueeze(-1)), paddle.matmul(u * cu.unsqueeze(-2), vh)]


def _svd_ref(a, full_matrices=False):
    u, s, vh = np.linalg.svd(a, full_matrices=False)
    ct = lambda t: np.swapaxes(t.conj(), -1, -2)
    return [s, (u * (s * s)[..., None, :]) @ ct(u), ct(vh) @ (vh * s[..., :, None]),
            (u * s[..., None, :]) @ vh]


def _qr_samples(rng, dt):
    return [Sample([make_array(rng, s, dt)], kw, desc=f"{s} {kw}")
            for s, kw in [((3, 3), {}), ((4, 2), {}), ((2, 4), {}), ((2, 4, 3), {}),
                          ((3, 3), {"mode": "complete"}), ((2, 3), {"mode": "complete"})]]


def _qr_ref(a, mode="reduced"):
    return list(np.linalg.qr(a, mode=mode))


def _eigh_op(a, UPLO="L"):
    h = (a + paddle.conj(a).transpose(list(range(a.ndim - 2)) + [a.ndim - 1, a.ndim - 2])) * 0.5
    w, v = paddle.linalg.eigh(h, UPLO)
    vh = paddle.conj(v).transpose(list(range(v.ndim - 2)) + [v.ndim - 1, v.ndim - 2])
    f = paddle.cast(paddle.exp(w), v.dtype).unsqueeze(-2)
    return [w, paddle.matmul(v * f, vh)]


def _eigh_ref(a, UPLO="L"):
    h = (a + np.swapaxes(a.conj(), -1, -2)) * 0.5
    w, v = np.linalg.eigh(h)
    return [w, (v * np.exp(w)[..., None, :]) @ np.swapaxes(v.conj(), -1, -2)]


def _eigh_samples(rng, dt):
    return [Sample([make_array(rng, s, dt)], kw, desc=f"{s} {kw}")
            for s, kw in [((3, 3), {}), ((2, 4, 4), {"UPLO": "U"}), ((1, 1), {})]]


def _eig_op(a):
    w, v = paddle.linalg.eig(a)
    return [w, paddle.matmul(v * (w * w).unsqueeze(-2), paddle.inverse(v))]


def _eig_ref(a):
    w, v = np.linalg.eig(a)
    return [w, (v * (w * w)[..., None, :]) @ np.linalg.inv(v) if v.size else v]


def _lu_samples(rng, dt):
    return [Sample([make_array(rng, s, dt)], desc=str(s))
            for s in [(3, 3), (2, 4, 4), (3, 4), (4, 2), (0, 3, 3)]]


def _lu_ref(a):
    import scipy.linalg as sl
    m, n = a.shape[-2:]
    k = min(m, n)
    if a.size == 0:
        return [a, np.broadcast_to(np.arange(1, k + 1, dtype=np.int32), a.shape[:-2] + (k,)),
                np.zeros(a.shape[:-2], np.int32)]
    lu, piv = sl.lu_factor(a)
    return [lu, piv[..., :k] + 1, np.zeros(a.shape[:-2], np.int32)]


def _lstsq_samples(rng, dt):
    return [Sample([make_array(rng, a, dt), make_array(rng, b, dt)], kw, desc=f"{a} {b} {kw}")
            for a, b, kw in [((5, 3), (5, 2), {"driver": "gelsd"}),
                             ((2, 3, 5), (2, 3, 1), {"driver": "gelss"}),
                             ((4, 4), (4, 2), {"driver": "gels"}),
                             ((2, 5, 3), (2, 5, 2), {"driver": "gelsy"})]]


def _lstsq_op(x, y, driver="gelsy"):
    return paddle._C_ops.lstsq(x, y, 1e-10, driver)


def _lstsq_ref(x, y, driver="gelsy"):
    sol = np.linalg.pinv(x) @ y
    m, n = x.shape[-2:]
    s = np.linalg.svd(x, compute_uv=False)
    res = np.sum((x @ sol - y) ** 2, axis=-2) if m > n and driver != "gelsy" else \
        np.zeros((0,), x.dtype)
    sv = s if driver in ("gelsd", "gelss") else np.zeros((0,), x.dtype)
    return [sol, res, np.full(x.shape[:-2], min(m, n), np.int32), sv]


ROWS += [
    OpInfo("svd", _svd_op, _svd_ref, FLC, sample_inputs=_svd_samples, rtol=1e-5, atol=1e-5,
           out_dtype=lambda d: [_REAL[d], d, d, d]),
    OpInfo("qr", lambda a, mode="reduced": list(paddle.linalg.qr(a, mode)), _qr_ref, FLC,
           sample_inputs=_qr_samples, rtol=1e-5, atol=1e-5),
    OpInfo("eigh", _eigh_op, _eigh_ref, FLC, sample_inputs=_eigh_samples, rtol=1e-5, atol=1e-5,
           out_dtype=lambda d: [_REAL[d], d]),
    OpInfo("eig", _eig_op, _eig_ref, FLC, sample_inputs=_square_samples, rtol=1e-6, atol=1e-6,
           out_dtype=lambda d: {"float32": "complex64", "float64": "complex128"}.get(d, d)),
    OpInfo("lu", lambda a: list(paddle.linalg.lu(a, get_infos=True)), _lu_ref, FLC,
           sample_inputs=_lu_samples, out_dtype=lambda d: [d, "int32", "int32"]),
    OpInfo("lstsq", _lstsq_op, _lstsq_ref, FL, sample_inputs=_lstsq_samples, grad=0,
           rtol=1e-5, atol=1e-5, out_dtype=lambda d: [d, d, "int32", d]),
]
