"""Matrix product kernel (Paddle matmul_kernel.cc). InferMeta has checked the shapes."""
import numpy as np

from ...kernel_registry import register_kernel
from ...common import int32, int64
from ..dtype_groups import ALL, NUMERIC, FLOAT, FLOAT_COMPLEX
from ..fp_errors import quiet
from ...cpu_features import mkl_avx512
from ...transpose_copy import swapped_last, transpose_copy

_F32 = np.dtype(np.float32)
_BLOCK_K = 384  # MKL's sgemm K block in Paddle 3.3.1 on an AVX-512 CPU, as measured


def _k_blocks(k):
    """The K blocks Paddle's sgemm (MKL) adds in turn: 384 while at least 768 remain, then the
    rest in two halves (the larger first) if over 384 (GotoBLAS's rule)."""
    out = []
    while k > 0:
        n = _BLOCK_K if k >= 2 * _BLOCK_K else (k + 1) // 2 if k > _BLOCK_K else k
        out.append(n)
        k -= n
    return out


# output columns in whole SIMD vectors (AVX-512: 16 float32, 8 float64): there NumPy's
# OpenBLAS adds each product in MKL's order either way round
_LANES = {np.dtype(np.float32): 16, np.dtype(np.float64): 8}


def _transposed(x):
    """Whether x's last two axes are a transposed view (column-major: the rows' elements apart,
    the columns' adjacent), as NumPy hands it to BLAS with a transpose flag."""
    st = x.strides
    return st[-1] != x.itemsize and st[-2] == x.itemsize


def _product(a, b):
    """a @ b as Paddle's MKL accumulates it. MKL is column-major, so it computes the product the
    other way round, (b^T a^T)^T; OpenBLAS given the operands that way (as transposed views)
    adds each element's terms in MKL's order. Measured against Paddle 3.3.1 (float32 and
    float64, 2 or more rows and columns): with both operands row-major the plain product differs
    in about one shape in three whose column count is not a whole number of SIMD vectors, the
    product the other way round in none; with b transposed (a @ w^T, a linear layer's input
    gradient) the plain product differs unless rows and columns are whole vectors and the
    columns at least two vectors, b laid out row-major first and then the product the other
    way round in 2 of 160 shapes (a few rows); a transposed a is added as MKL does either way (and two
    transposed operands are not matched). A single row or column is MKL's GEMV (not matched).
    The result is made C-contiguous again."""
    lanes = _LANES.get(a.dtype)
    if lanes is None or b.dtype != a.dtype or a.ndim < 2 or b.ndim < 2:
        return np.matmul(a, b)
    m, n = a.shape[-2], b.shape[-1]
    if m < 2 or n < 2 or a.shape[-1] < 2 or _transposed(a):
        return np.matmul(a, b)
    if _transposed(b):
        if m % lanes == 0 and n % lanes == 0 and n >= 2 * lanes:
            return np.matmul(a, b)
        swap = swapped_last(b.ndim)
        b = transpose_copy(b.transpose(swap), swap)
    elif n % lanes == 0:
        return np.matmul(a, b)
    t = np.matmul(np.swapaxes(b, -1, -2), np.swapaxes(a, -1, -2))
    return transpose_copy(t, swapped_last(t.ndim))


def mkl_gemm(a, b):
    """np.matmul(a, b) in the order Paddle's CPU matmul (MKL's AVX-512 path) adds: each product
    the other way round where that matters (_product), and a float32 product over more than 384
    terms (M >= 2, N >= 16) summed in MKL's K blocks, each block's product added to the sum of
    the earlier ones, so it agrees with Paddle's bit for bit (NumPy's OpenBLAS blocks K
    otherwise). Within a block both libraries accumulate the same way."""
    k = a.shape[-1]
    if (k <= _BLOCK_K or a.dtype != _F32 or b.dtype != _F32 or a.ndim < 2 or b.ndim < 2
            or a.shape[-2] < 2 or b.shape[-1] < 16):
        return _product(a, b)
    out, start = None, 0
    for n in _k_blocks(k):
        part = _product(a[..., start:start + n], b[..., start:start + n, :])
        out = part if out is None else np.add(out, part, out=out)
        start += n
    return out


# the products of every kernel: MKL's order where Paddle's MKL takes its AVX-512 path (an
# Intel CPU), elsewhere NumPy's own (Paddle's MKL adds in an order eagergraph does not emulate
# there: eagergraph.phi.cpu_features), which is the faster
gemm = mkl_gemm if mkl_avx512() else np.matmul


@register_kernel("matmul", (int32, int64) + FLOAT_COMPLEX)
@quiet  # inf * 0 is NaN without a NumPy warning (AMP overflows to inf routinely)
def matmul(x, y, transpose_x, transpose_y):
    """np.matmul after swapping the last two axes of an operand whose flag is set; a transpose
    flag on a 1-D operand changes nothing, as in Paddle."""
    if transpose_x and x.ndim > 1:
        x = np.swapaxes(x, -1, -2)
    if transpose_y and y.ndim > 1:
        y = np.swapaxes(y, -1, -2)
    return gemm(x, y)


# ---- grad kernels (backward.yaml `kernel:`): fn(need, *saved arrays, *out_grad arrays,
# *attrs) -> one array per forward input, None where need[i] is False; grads at the output's
# shape, complex ones in Paddle's convention (out_grad * conj(df/dx))


def _t(a):
    return a.swapaxes(-1, -2)


@register_kernel("matmul_grad", FLOAT_COMPLEX)
@quiet
def matmul_grad(need, x, y, out_grad, transpose_x, transpose_y):
    x2 = x[None, :] if x.ndim == 1 else x
    y2 = y[:, None] if y.ndim == 1 else y
    g = out_grad
    if x.ndim == 1:
        g = g[..., None, :] if y.ndim != 1 else g[None]
    if y.ndim == 1:
        g = g[..., None]
    tx = transpose_x and x.ndim > 1
    ty = transpose_y and y.ndim > 1
    xe = _t(x2) if tx else x2
    ye = _t(y2) if ty else y2
    if xe.dtype.kind == "c":
        xe, ye = np.conj(xe), np.conj(ye)
    dx = dy = None
    if need[0]:
        dx = gemm(g, _t(ye))
        if tx:
            dx = _t(dx)
        if x.ndim == 1:
            dx = dx[..., 0, :]
    if need[1]:
        dy = gemm(_t(xe), g)
        if ty:
            dy = _t(dy)
        if y.ndim == 1:
            dy = dy[..., 0]
    return dx, dy


@register_kernel("tril", ALL)
def tril(x, diagonal):
    return np.tril(x, diagonal)


@register_kernel("triu", ALL)
def triu(x, diagonal):
    return np.triu(x, diagonal)


@register_kernel("dot", NUMERIC)
def dot(x, y):
    return np.einsum("...i,...i->...", x, y)


# ---- batched/vector products, square-matrix ops (Paddle bmm_kernel, mv_kernel, addmm_kernel,
# inverse_kernel, determinant_kernel, solve_kernel, trace_kernel)


@register_kernel("bmm", FLOAT)
def bmm(x, y):
    return np.matmul(x, y)


@register_kernel("mv", FLOAT)
def mv(x, vec):
    return np.matmul(x, vec)


@register_kernel("addmm", FLOAT)
def addmm(input, x, y, beta, alpha):
    dt = x.dtype.type
    return (dt(beta) * input + dt(alpha) * np.matmul(x, y)).astype(x.dtype, copy=False)


def _not_invertible():
    return ValueError("(InvalidArgument) Input is not invertible.")


@register_kernel("inverse", FLOAT_COMPLEX)
def inverse(x):
    try:
        return np.linalg.inv(x)
    except np.linalg.LinAlgError:
        raise _not_invertible() from None


@register_kernel("det", FLOAT_COMPLEX)
def det(x):
    return np.asarray(np.linalg.det(x), dtype=x.dtype)


@register_kernel("solve", FLOAT)
def solve(x, y):
    vec = y.ndim == 1 or y.shape == x.shape[:-1]
    yy = y[..., None] if vec else y
    batch = np.broadcast_shapes(x.shape[:-2], yy.shape[:-2])
    xb = np.broadcast_to(x, batch + x.shape[-2:])
    yb = np.broadcast_to(yy, batch + yy.shape[-2:])
    try:
        out = np.linalg.solve(xb, yb)
    except np.linalg.LinAlgError:
        raise _not_invertible() from None
    return out[..., 0] if vec else out


@register_kernel("trace", NUMERIC)
def trace(x, offset, axis1, axis2):
    return np.trace(x, offset, axis1, axis2, dtype=x.dtype)


# ---- diagonals, kron, cross (Paddle diagonal_kernel, diag_embed_kernel, diag_kernel,
# kron_kernel, cross_kernel)


@register_kernel("diagonal", ALL)
def diagonal(x, offset, axis1, axis2):
    return np.diagonal(x, offset, axis1, axis2).copy()


def _embed(x, offset, dim1, dim2):
    """x's last axis on the offset diagonal of a new (dim1, dim2) plane, zeros elsewhere."""
    k = x.shape[-1]
    n = k + abs(offset)
    out = np.zeros(x.shape[:-1] + (n, n), dtype=x.dtype)
    i = np.arange(k)
    r, c = (i, i + offset) if offset >= 0 else (i - offset, i)
    out[..., r, c] = x
    nd = x.ndim + 1
    d1, d2 = dim1 % nd, dim2 % nd
    if d1 > d2:
        d1, d2 = d2, d1
        out = np.swapaxes(out, -1, -2)
    return np.moveaxis(out, (-2, -1), (d1, d2))


@register_kernel("diag_embed", (int32, int64) + FLOAT)
def diag_embed(input, offset, dim1, dim2):
    return np.ascontiguousarray(_embed(input, offset, dim1, dim2))


@register_kernel("diag", (int32, int64) + FLOAT_COMPLEX)
def diag(x, offset, padding_value):
    if x.ndim == 2:
        return np.diagonal(x, offset).copy()
    v = x.reshape(-1)
    k = v.shape[0]
    n = k + abs(offset)
    out = np.full((n, n), padding_value, dtype=x.dtype)
    i = np.arange(k)
    out[(i, i + offset) if offset >= 0 else (i - offset, i)] = v
    return out


@register_kernel("kron", (int32, int64) + FLOAT_COMPLEX)
def kron(x, y):
    return np.kron(x, y).astype(x.dtype, copy=False)


@register_kernel("cross", (int32, int64) + FLOAT_COMPLEX)
def cross(x, y, axis):
    if axis == 9:  # the first axis of size 3 (InferMeta has checked there is one)
        axis = list(x.shape).index(3)
    return np.cross(x, y, axis=axis).astype(x.dtype, copy=False)


# ---- cholesky, slogdet (Paddle cholesky_kernel, slogdeterminant_kernel)


@register_kernel("cholesky", FLOAT)
def cholesky(x, upper):
    try:
        out = np.linalg.cholesky(x)
    except np.linalg.LinAlgError:
        bad = 0
        for i, m in enumerate(x.reshape((-1,) + x.shape[-2:])):
            try:
                np.linalg.cholesky(m)
            except np.linalg.LinAlgError:
                bad = i
                break
        raise ValueError(f"(InvalidArgument) Cholesky decomposition was not successful. The "
                         f"{bad}-th input matrice might not be not be positive definite.") from None
    return np.ascontiguousarray(np.swapaxes(out, -1, -2).conj()) if upper else out


@register_kernel("slogdet", FLOAT_COMPLEX)
def slogdet(x):
    sign, logabs = np.linalg.slogdet(x)
    if x.dtype.kind == "f":  # Paddle's sign of a NaN determinant (inf/nan entries) is 0
        sign = np.where(np.isnan(logabs), 0.0, sign)
    return np.stack([sign.astype(x.dtype), logabs.astype(x.dtype)])


@register_kernel("matrix_power", FLOAT_COMPLEX)
def matrix_power(x, n):
    if n < 0 and x.size:
        x = inverse(x)
        n = -n
    if x.size == 0:
        return x.copy()
    return np.linalg.matrix_power(x, n).astype(x.dtype, copy=False)


@register_kernel("multi_dot", FLOAT)
def multi_dot(x):
    return np.asarray(np.linalg.multi_dot(x), dtype=x[0].dtype)


# ---- baddbmm, p_norm, triangular_solve (Paddle baddbmm_kernel, p_norm_kernel,
# triangular_solve_kernel)


@register_kernel("baddbmm", FLOAT)
def baddbmm(input, x, y, beta, alpha):
    dt = x.dtype.type
    if input.ndim == 2:  # [b, n] is [b, 1, n]
        input = input[:, None, :]
    return (dt(beta) * input + dt(alpha) * np.matmul(x, y)).astype(x.dtype, copy=False)


@register_kernel("p_norm", FLOAT)
def p_norm(x, porder, axis, epsilon, keepdim, asvector):
    if asvector:
        a = None
    else:
        a = axis % x.ndim if x.ndim else None
    ax = np.abs(x)
    with np.errstate(all="ignore"):
        if porder == 0:
            out = np.sum(ax != 0, axis=a, keepdims=keepdim).astype(x.dtype)
        elif porder == np.inf:
            out = np.max(ax, axis=a, keepdims=keepdim, initial=0)
        elif porder == -np.inf:
            out = np.min(ax, axis=a, keepdims=keepdim, initial=np.inf)
        else:
            # Paddle's kernel raises to `1.0f / porder`: the reciprocal in float32 (1/3 is
            # 0.3333333433), also for float64 x
            inv = float(np.float32(1.0) / np.float32(porder))
            out = np.sum(ax ** porder, axis=a, keepdims=keepdim) ** x.dtype.type(inv)
    if asvector and keepdim:
        out = np.reshape(out, (1,) * x.ndim)
    return np.asarray(out, dtype=x.dtype)


def _tri_operand(x, upper, unitriangular):
    t = np.triu(x) if upper else np.tril(x)
    if unitriangular:
        n = x.shape[-1]
        t = t.copy()
        t[..., np.arange(n), np.arange(n)] = 1
    return t


@register_kernel("triangular_solve", FLOAT_COMPLEX)
def triangular_solve(x, y, upper, transpose, unitriangular):
    import scipy.linalg as sl
    batch = np.broadcast_shapes(x.shape[:-2], y.shape[:-2])
    xb = np.broadcast_to(x, batch + x.shape[-2:])
    yb = np.broadcast_to(y, batch + y.shape[-2:])
    if xb.size == 0 or yb.size == 0:
        return np.zeros(batch + y.shape[-2:], x.dtype)
    try:
        with np.errstate(all="ignore"):
            out = sl.solve_triangular(xb, yb, trans=1 if transpose else 0, lower=not upper,
                                      unit_diagonal=unitriangular, check_finite=False)
    except np.linalg.LinAlgError:  # a zero on the diagonal: inf/nan as Paddle's trsm gives
        out = _substitute(_tri_operand(xb, upper, unitriangular), yb, upper, transpose)
    return np.asarray(out, dtype=x.dtype)


def _substitute(t, y, upper, transpose):
    """Forward/back substitution, one row at a time (vectorised over batch and columns), for
    the singular systems LAPACK refuses."""
    if transpose:
        t, upper = np.swapaxes(t, -1, -2), not upper
    n = t.shape[-1]
    out = np.zeros(np.broadcast_shapes(t.shape[:-2], y.shape[:-2]) + y.shape[-2:],
                   np.result_type(t, y))
    order = range(n - 1, -1, -1) if upper else range(n)
    with np.errstate(all="ignore"):
        for i in order:
            acc = y[..., i, :] - np.einsum("...j,...jk->...k", t[..., i, :], out)
            out[..., i, :] = acc / t[..., i, i, None]
    return out


# ---- svd, qr, eigh, eig, lu, lstsq (Paddle svd_kernel, qr_kernel, eigh_kernel, eig_kernel,
# lu_kernel, lstsq_kernel): LAPACK through NumPy/SciPy, batched over the leading axes


def _lapack_error(op, x):
    """What Paddle 3.3.1 raises where LAPACK fails (NumPy's LinAlgError must not leak): svd
    rejects inf/nan (gesdd's argument check, ValueError); eigh and lstsq report a LAPACK info
    that is not zero (RuntimeError)."""
    if op == "svd" and not np.isfinite(x).all():
        return ValueError("(InvalidArgument) svd: the input contains inf or nan (LAPACK gesdd: "
                          "This -4-th argument has an illegal value).")
    if op == "svd":
        return RuntimeError("(PreconditionNotMet) svd: LAPACK gesdd did not converge.")
    what = "did not converge" if op == "eigh" else "Lapack info is not zero"
    extra = " (the input contains inf or nan)" if not np.isfinite(x).all() else ""
    return RuntimeError(f"(PreconditionNotMet) {op}: {what}{extra}.")


def _empty_batch(x):
    return x.size == 0


@register_kernel("svd", FLOAT_COMPLEX)
def svd(x, full_matrices):
    m, n = x.shape[-2:]
    b = x.shape[:-2]
    if x.size == 0:
        k = min(m, n)
        u = np.zeros(b + ((m, m) if full_matrices else (m, k)), x.dtype)
        vh = np.zeros(b + ((n, n) if full_matrices else (k, n)), x.dtype)
        if full_matrices:
            u[...] = np.eye(m, dtype=x.dtype)
            vh[...] = np.eye(n, dtype=x.dtype)
        return u, np.zeros(b + (k,), x.real.dtype), vh
    try:
        u, s, vh = np.linalg.svd(x, full_matrices=full_matrices)
    except np.linalg.LinAlgError:
        raise _lapack_error("svd", x) from None
    return u.astype(x.dtype, copy=False), s.astype(x.real.dtype, copy=False), \
        vh.astype(x.dtype, copy=False)


@register_kernel("qr", FLOAT_COMPLEX)
def qr(x, mode):
    m, n = x.shape[-2:]
    b = x.shape[:-2]
    k = min(m, n)
    if x.size == 0:
        q = np.zeros(b + ((m, m) if mode == "complete" else (m, k)), x.dtype)
        if mode == "complete":
            q[...] = np.eye(m, dtype=x.dtype)
        r = np.zeros(b + ((m, n) if mode == "complete" else (k, n)), x.dtype)
        return (np.zeros((0,), x.dtype) if mode == "r" else q), r
    if mode == "r":
        return np.zeros((0,), x.dtype), np.linalg.qr(x, mode="r").astype(x.dtype, copy=False)
    q, r = np.linalg.qr(x, mode=mode)
    return q.astype(x.dtype, copy=False), r.astype(x.dtype, copy=False)


@register_kernel("eigh", FLOAT_COMPLEX)
def eigh(x, UPLO):
    if x.size == 0:
        return np.zeros(x.shape[:-1], x.real.dtype), np.zeros(x.shape, x.dtype)
    try:
        w, v = np.linalg.eigh(x, UPLO=UPLO)
    except np.linalg.LinAlgError:
        raise _lapack_error("eigh", x) from None
    return w.astype(x.real.dtype, copy=False), v.astype(x.dtype, copy=False)


@register_kernel("eig", FLOAT_COMPLEX)
def eig(x):
    c = np.result_type(x.dtype, np.complex64)
    if x.size == 0:
        return np.zeros(x.shape[:-1], c), np.zeros(x.shape, c)
    if x.shape[-1] == 1:  # LAPACK's answer, also for inf/nan (Paddle: nan, nan+nanj for inf)
        d = x[..., 0].astype(c)
        d = np.where(np.isinf(d), complex(np.nan, np.nan), d)
        return d, np.ones(x.shape, c)
    if not np.isfinite(x).all():  # Paddle 3.3.1's geev aborts the process (DGEBAL parameter 3)
        raise ValueError("(InvalidArgument) eig: the input contains inf or nan.")
    w, v = np.linalg.eig(x)
    return w.astype(c), v.astype(c)


def _amax(col):
    """Reference BLAS i?amax: the first entry of largest |re| + |im|, by a strict > (a leading
    NaN stays chosen; a later one never is)."""
    mag = np.abs(col.real) + np.abs(col.imag) if col.dtype.kind == "c" else np.abs(col)
    p, best = 0, mag[0]
    for i in range(1, mag.size):
        if mag[i] > best:
            p, best = i, mag[i]
    return p


def _getrf2(t, piv):
    """LAPACK's recursive ?getrf2 in place on one m x n matrix t (piv: 0-based rows): column
    halves, the top-right block by a unit-lower trsm (which skips a zero, as reference BLAS
    does), the trailing block by a gemm (which does not)."""
    m, n = t.shape
    if m == 1:
        piv[0] = 0
        return
    if n == 1:
        p = _amax(t[:, 0])
        piv[0] = p
        if t[p, 0] != 0:
            if p:
                t[[0, p]] = t[[p, 0]]
            t[1:, 0] *= 1 / t[0, 0]
        return
    n1 = min(m, n) // 2
    _getrf2(t[:, :n1], piv[:n1])
    for i in range(n1):
        if piv[i] != i:
            t[[i, piv[i]], n1:] = t[[piv[i], i], n1:]
    for k in range(n1):  # trsm: B(i, j) -= B(k, j) A(i, k) only where B(k, j) != 0
        nz = n1 + np.flatnonzero(t[k, n1:] != 0)
        t[k + 1:n1, nz] -= np.outer(t[k + 1:n1, k], t[k, nz])
    t[n1:, n1:] -= t[n1:, :n1] @ t[:n1, n1:]
    sub = piv[n1:]
    _getrf2(t[n1:, n1:], sub)
    for i in range(min(m, n) - n1):
        if sub[i] != i:
            r, q = n1 + i, n1 + sub[i]
            t[[r, q], :n1] = t[[q, r], :n1]
        sub[i] += n1


def _getf2(x):
    """LU of matrices with inf/nan as LAPACK's ?getrf2 with reference BLAS computes it (SciPy's
    OpenBLAS skips NaN pivots and the NaN scaling): NaN propagates as in Paddle's getrf."""
    a = np.array(x, copy=True)
    m, n = a.shape[-2:]
    k = min(m, n)
    piv = np.zeros(a.shape[:-2] + (k,), np.int64)
    flat, pflat = a.reshape((-1, m, n)), piv.reshape((-1, k))
    with np.errstate(all="ignore"):
        for b in range(flat.shape[0]):
            _getrf2(flat[b], pflat[b])
    return a, piv


@register_kernel("lu", FLOAT_COMPLEX)
def lu(x, pivot):
    import scipy.linalg as sl
    m, n = x.shape[-2:]
    b = x.shape[:-2]
    k = min(m, n)
    if x.size == 0:
        return x.copy(), np.broadcast_to(np.arange(1, k + 1, dtype=np.int32), b + (k,)).copy(), \
            np.zeros(b, np.int32)
    import warnings
    if not np.isfinite(x).all():
        out, piv = _getf2(x)
    else:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", sl.LinAlgWarning)  # a singular x: infos says so
            out, piv = sl.lu_factor(x, check_finite=False)
    out = np.asarray(out, dtype=x.dtype)
    diag = np.diagonal(out, axis1=-2, axis2=-1)
    zero = diag == 0
    # LAPACK's info: the 1-based index of the first zero pivot of U, 0 when there is none
    infos = np.where(zero.any(-1), np.argmax(zero, -1) + 1, 0).astype(np.int32)
    return out, (piv[..., :k] + 1).astype(np.int32), infos


@register_kernel("lstsq", FLOAT)
def lstsq(x, y, rcond, driver):
    m, n = x.shape[-2:]
    k = y.shape[-1]
    b = x.shape[:-2]
    yb = np.broadcast_to(y, b + y.shape[-2:])
    if x.size == 0:
        sol = np.zeros(b + (n, k), x.dtype)
        s_ = np.zeros(b + (min(m, n),), x.real.dtype)
        rank = np.zeros(b, np.int32)
    else:
        # the minimum-norm solution through the SVD, singular values below rcond * s_max cut
        finite = np.isfinite(x).all()
        if not finite and driver == "gels":  # Paddle's QR solve runs through: all NaN
            x = np.zeros(x.shape, x.dtype)
        try:
            u, s_, vh = np.linalg.svd(x, full_matrices=False)
        except np.linalg.LinAlgError:
            raise _lapack_error("lstsq", x) from None
        keep = s_ > rcond * s_[..., :1]
        inv = np.where(keep, 1.0 / np.where(keep, s_, 1.0), 0.0)
        with np.errstate(invalid="ignore"):  # NaN in y propagates, silently as in Paddle
            uty = np.matmul(np.swapaxes(u.conj(), -1, -2), yb)
            sol = np.matmul(np.swapaxes(vh.conj(), -1, -2), inv[..., None] * uty).astype(
                x.dtype)
        if not finite:
            sol[...] = np.nan
        rank = keep.sum(-1).astype(np.int32)
    sv = s_
    if m > n and driver != "gelsy":
        r = np.sum(np.abs(np.matmul(x, sol) - y) ** 2, axis=-2).astype(x.dtype)
    else:
        r = np.zeros((0,), x.dtype)
    if driver not in ("gelsd", "gelss"):
        sv = np.zeros((0,), x.real.dtype)
    else:
        sv = sv.astype(x.real.dtype)
    return sol, r, rank, sv
