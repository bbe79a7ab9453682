"""The linalg family's Python wrappers (Paddle python/paddle/tensor/linalg.py, math.py): mm,
outer and inner, which Paddle composes from matmul, multiply and reshape; their gradients come
from those ops."""
import functools
import math

import numpy as np

from .._generated import dygraph_functions as _ad
from .._generated.eager_utils import parse_tensor
from ..tensor import Tensor

__all__ = ["mm", "outer", "inner"]
TENSOR_METHODS = __all__


def mm(input, mat2, name=None):
    """The matrix product input @ mat2 (matmul without transposes)."""
    return _ad.matmul_ad_func(input, mat2, False, False)


def outer(x, y, name=None):
    """The outer product of x and y, flattened first: [x.size, y.size]."""
    for arg, pos, t in (("x", 0, x), ("y", 1, y)):
        if isinstance(t, np.ndarray):  # Paddle reshapes it, then multiply rejects it
            parse_tensor(t, "multiply", arg, pos)
    nx = _ad.reshape_ad_func(x, (0, 1) if math.prod(x.shape) == 0 else (-1, 1))
    ny = _ad.reshape_ad_func(y, (1, 0) if math.prod(y.shape) == 0 else (1, -1))
    return _ad.multiply_ad_func(nx, ny)


def inner(x, y, name=None):
    """Sum of products over the last axes of x and y: shape x.shape[:-1] + y.shape[:-1]."""
    xs, ys = list(x.shape), list(y.shape)
    if x.size == 1 or y.size == 1:
        return _ad.multiply_ad_func(x, y)
    if xs[-1] != ys[-1]:
        raise ValueError(f"After performing an optional transpose, Input X's last dim should "
                         f"be equal to Y's last dim for multiplication prerequisites. But "
                         f"received X's shape: {xs}, Y's shape: {ys}\n")
    dst = xs[:-1] + ys[:-1]
    nx = _ad.reshape_ad_func(x, (math.prod(xs[:-1]), 0) if xs[-1] == 0 else (-1, xs[-1]))
    ny = _ad.reshape_ad_func(y, (math.prod(ys[:-1]), 0) if ys[-1] == 0 else (-1, ys[-1]))
    return _ad.reshape_ad_func(_ad.matmul_ad_func(nx, ny, False, True), tuple(dst))


def tensordot(x, y, axes=2, name=None):
    """Sum of products over the given axes (Paddle 3.3.1 python/paddle/tensor/manipulation.py,
    followed step by step, errors included): axes=n contracts x's last n axes with y's first n;
    [ax, ay] pairs them up, the shorter list extended with the longer one's tail; one list (or
    ints) uses the same axes for both; a Tensor is read with tolist(). A contracted axis of size
    1 on one side broadcasts: the other side is summed over it first."""
    x = parse_tensor(x, "tensordot", "x", 0)
    y = parse_tensor(y, "tensordot", "y", 1)
    axes_x, axes_y = [], []
    if np.issubdtype(type(axes), np.integer):
        assert axes >= 0, (f"The 'axes' in tensordot should not be negative, but received "
                           f"axes={axes}.")
        if axes > x.ndim + y.ndim:  # (Paddle's index lists then fail on a shape index)
            raise IndexError(f"tensordot(): axes={axes} is out of range for a {x.ndim}-D and "
                             f"a {y.ndim}-D tensor.")
        axes_x, axes_y = range(x.ndim - axes, x.ndim), range(axes)
    else:
        if not isinstance(axes, (Tensor, list, tuple)):
            raise TypeError(f"tensordot(): axes should be an int, a list/tuple of ints or "
                            f"of two lists of ints, or a Tensor, but received "
                            f"{type(axes).__name__}.")
        if isinstance(axes, Tensor):
            axes = axes.tolist()
        if not axes or np.issubdtype(type(axes[0]), np.integer):
            axes_x = axes
        else:
            axes_x = axes[0]
            if len(axes) > 1:
                axes_y = axes[1]
            if isinstance(axes_x, Tensor):
                axes_x = axes_x.tolist()
            if isinstance(axes_y, Tensor):
                axes_y = axes_y.tolist()
    axes_x, axes_y = list(axes_x), list(axes_y)
    if len(axes_x) < len(axes_y):
        axes_x.extend(axes_y[len(axes_x):])
    elif len(axes_y) < len(axes_x):
        axes_y.extend(axes_x[len(axes_y):])
    shape_x, shape_y = list(x.shape), list(y.shape)
    contracted_x, contracted_y = [False] * x.ndim, [False] * y.ndim
    contraction_size = 1
    for dim_x, dim_y in zip(axes_x, axes_y):
        sx, sy = shape_x[dim_x], shape_y[dim_y]
        if sx == 1:
            shape_y[dim_y] = 1
            y = _ad.reshape_ad_func(_ad.sum_ad_func(y, (dim_y,), y.dtype, False), shape_y)
        elif sy == 1:
            shape_x[dim_x] = 1
            x = _ad.reshape_ad_func(_ad.sum_ad_func(x, (dim_x,), x.dtype, False), shape_x)
        else:
            assert sx == sy, (f"The dimensional size for 'x' and 'y' in tensordot should match "
                              f"each other, but 'x' has size {sx} in dim {dim_x} while 'y' has "
                              f"size {sy} in dim {dim_y}.")
        contracted_x[dim_x] = contracted_y[dim_y] = True
        contraction_size *= shape_x[dim_x]
    perm_x = [i for i in range(x.ndim) if not contracted_x[i]]
    shape_out = [shape_x[i] for i in perm_x]
    free_y = [i for i in range(y.ndim) if not contracted_y[i]]
    shape_out += [shape_y[i] for i in free_y]
    m = math.prod(shape_x[i] for i in perm_x)
    n = math.prod(shape_y[i] for i in free_y)
    x = _ad.reshape_ad_func(_ad.transpose_ad_func(x, perm_x + axes_x), [m, contraction_size])
    y = _ad.reshape_ad_func(_ad.transpose_ad_func(y, axes_y + free_y), [contraction_size, n])
    return _ad.reshape_ad_func(_ad.matmul_ad_func(x, y, False, False), shape_out)


def vecdot(x, y, axis=-1, name=None):
    """The dot product of vectors along axis, conj(x) . y for complex inputs (broadcasting)."""
    x = parse_tensor(x, "vecdot", "x", 0)
    y = parse_tensor(y, "vecdot", "y", 1)
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"vecdot(): axis must be an int, got {type(axis).__name__}")
    if x.is_complex():
        x = _ad.conj_ad_func(x)
    return _ad.sum_ad_func(_ad.multiply_ad_func(x, y), (axis,), None, False)


__all__ = __all__ + ["tensordot", "vecdot"]
TENSOR_METHODS = TENSOR_METHODS + ["tensordot"]


# Paddle's paddle.linalg-only functions (not paddle.X); solve is also a Tensor method
TENSOR_METHODS = TENSOR_METHODS + ["solve", "cholesky", "slogdet"]  # matrix_power: generated


def det(x, name=None):
    """The determinant of the square matrices in the last two axes of x."""
    return _ad.det_ad_func(x)


def _transpose_last_2dim(x):
    perm = list(range(len(x.shape)))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return _ad.transpose_ad_func(x, perm)


def solve(x, y, left=True, name=None):
    """X^-1 Y (left=True) or Y X^-1 (left=False) for the square matrices in x's last two axes;
    y may be a vector (1-D, or shaped x.shape[:-1]) per matrix."""
    if not left:
        xs = x.shape[-2:]
        if len(y.shape) == 1:
            raise ValueError(f"Incompatible shapes of X and Y for the equation Out * X = Y, "
                             f"where input X's matrix shape is {xs} andinput Y's matrix shape "
                             f"is None")
        if xs[0] != y.shape[-1]:
            raise ValueError(f"Incompatible shapes of X and Y for the equation Out * X = Y, "
                             f"where input X's matrix shape is {xs} andinput Y's matrix shape "
                             f"is {y.shape[-2:]}")
        x, y = _transpose_last_2dim(x), _transpose_last_2dim(y)
    out = _ad.solve_ad_func(x, y)
    xd, od = x._data, out._data
    if xd.dtype.kind == "f" and not np.isfinite(xd).all() and np.isnan(od).any():
        # Paddle's LU check (min |pivot| > 0) fails on the NaN pivot of a real matrix with
        # inf/nan entries, seen here as a NaN in the solution
        raise ValueError("(InvalidArgument) Input is not invertible.")
    return out if left else _transpose_last_2dim(out)


def cholesky(x, upper=False, name=None):
    """The Cholesky factor of the symmetric positive-definite matrices in x's last two axes:
    lower L with x = L L^H, or upper U = L^H. The shape check is Paddle's Python assert."""
    if not isinstance(x, Tensor):
        raise TypeError(f"cholesky(): x must be a Tensor, but received {type(x).__name__}")
    s = x.shape
    if len(s) < 2 or s[-1] != s[-2]:
        raise AssertionError("cholesky(): Shape must have at least 2 dimensions and last two "
                             "dimensions must be equal.")
    return _ad.cholesky_ad_func(x, upper)


def slogdet(x, name=None):
    """[sign, log|det|] of the square matrices in x's last two axes, stacked: [2, *batch]."""
    return _ad.slogdet_ad_func(x)


__all__ = __all__ + ["cholesky"]  # paddle.cholesky too; slogdet is paddle.linalg-only


def matrix_power(x, n, name=None):
    """x to the integer power n (n < 0: the inverse's power) for the square matrices in x's
    last two axes."""
    return _ad.matrix_power_ad_func(x, n)


def multi_dot(x, name=None):
    """x[0] @ x[1] @ ... (the first and last may be 1-D), in the cheapest order."""
    return _ad.multi_dot_ad_func(x)


# ---- norms (Paddle python/paddle/tensor/linalg.py: norm, vector_norm, matrix_norm, dist,
# cond, cdist): compositions of p_norm, abs, pow, sum, max/min and svd, as Paddle composes them

__all__ = __all__ + ["norm", "dist", "cdist", "einsum", "eigvalsh"]
TENSOR_METHODS = TENSOR_METHODS + ["norm", "dist", "cdist", "cond", "cholesky_solve", "qr",
                                   "eigvalsh", "eig", "eigvals", "pinv", "lstsq", "lu",
                                   "lu_unpack"]
INF = float("inf")


def _is_complex(x):
    return x._data.dtype.kind == "c"


_PADDLE_ERRORS = (ValueError, TypeError, IndexError, RuntimeError, AssertionError)


def _named(op, tensors=1, aliases=None):
    """Errors of a composed public function name it (`op(): ...`, as the kernel API names an
    op), the inner op's message kept; its first `tensors` arguments must be Tensors. `aliases`
    maps Paddle's torch-style keyword names (its ParamAliasDecorator) to the parameters."""
    def wrap(fn):
        @functools.wraps(fn)
        def call(*args, **kwargs):
            if aliases and kwargs:
                for alt in [k for k in kwargs if k in aliases]:
                    if aliases[alt] in kwargs:
                        raise ValueError(f"{op}(): Cannot specify both '{aliases[alt]}' and "
                                         f"its alias '{alt}'")
                    kwargs[aliases[alt]] = kwargs.pop(alt)
                if tensors and not args and "x" in kwargs:
                    args = (kwargs.pop("x"),)
            for i, a in enumerate(args[:tensors]):
                if not isinstance(a, Tensor):
                    raise TypeError(f"{op}(): argument {i} must be a Tensor, but received "
                                    f"{type(a).__name__}")
            try:
                return fn(*args, **kwargs)
            except _PADDLE_ERRORS as e:
                if str(e).startswith(f"{op}(): "):
                    raise
                raise type(e)(f"{op}(): {e}") from None
        return call
    return wrap


def _p_norm(x, p, axis, keepdim, asvector):
    return _ad.p_norm_ad_func(x, float(p), axis, 1e-12, keepdim, asvector)


@_named("vector_norm", 1, {"ord": "p", "dim": "axis"})
def vector_norm(x, p=2.0, axis=None, keepdim=False, name=None, *, dtype=None, out=None):
    """The p-norm of x's entries along `axis` (an int, a list, or None: all of x). p = 0 counts
    the nonzeros, +-inf takes the max/min of |x|."""
    if not isinstance(p, (int, float)):
        raise ValueError(f"only valid p type is int and float, found {type(p)}")
    if dtype is not None:
        x = x.astype(dtype)
    asvector = False
    if axis is None:
        axis, asvector = -1, True
    if isinstance(axis, tuple):
        axis = list(axis)
    if isinstance(axis, list) and len(axis) == 1:
        axis = axis[0]
    ax = _ad.abs_ad_func(x) if _is_complex(x) else x
    if isinstance(axis, int):
        res = _p_norm(ax, p, axis, keepdim, asvector)
    elif p == INF or p == -INF:
        a = _ad.abs_ad_func(ax)
        res = (_ad.max_ad_func if p == INF else _ad.min_ad_func)(a, tuple(axis), keepdim)
    elif p == 0:
        # sign(|x|) counts the nonzeros and, as Paddle's count, passes back zero grads
        res = _ad.sum_ad_func(_ad.sign_ad_func(_ad.abs_ad_func(ax)), tuple(axis), None, keepdim)
    else:
        s = _ad.sum_ad_func(_ad.pow_ad_func(_ad.abs_ad_func(ax), float(p)), tuple(axis), None,
                            keepdim)
        res = _ad.pow_ad_func(s, float(1.0 / p))
    return _assign_out(res, out)


def _assign_out(res, out):
    if out is None:
        return res
    from .elementwise import assign
    assign(res, output=out)
    return out


def _permute(x, perm):
    """transpose, skipped when perm is the identity."""
    return x if perm == list(range(len(perm))) else _ad.transpose_ad_func(x, perm)


def _backshift(x, axis):
    nd = x.ndim
    a0, a1 = axis[0] % nd, axis[1] % nd
    perm = [i for i in range(nd) if i != a0 and i != a1] + [a0, a1]
    return _permute(x, perm), perm


def _restore_keepdim(res, perm):
    """A reduction over the last two (back-shifted) axes, kept as 1s where they stood."""
    inv = [perm.index(i) for i in range(len(perm))]
    return _ad.transpose_ad_func(_ad.unsqueeze_ad_func(_ad.unsqueeze_ad_func(res, (-1,)), (-1,)),
                                 inv)


def _svdvals(x):
    return _ad.svd_ad_func(x, False)[1]


@_named("matrix_norm", 1)
def matrix_norm(x, p="fro", axis=[-2, -1], keepdim=False, name=None):
    """Matrix norms over the two axes in `axis`: 'fro', 'nuc', +-1 (column sums), +-inf (row
    sums), +-2 (extreme singular values)."""
    if isinstance(axis, tuple):
        axis = list(axis)
    if not (isinstance(axis, list) and len(axis) == 2):
        if not isinstance(axis, list):
            raise TypeError(f"object of type '{type(axis).__name__}' has no len()")
        raise ValueError(f"except axis type int or list (length of list == 2), found "
                         f"{len(axis)}")
    if p == "fro":
        t, perm = _backshift(x, axis)
        t = _ad.abs_ad_func(t) if _is_complex(t) else t
        flat = _ad.reshape_ad_func(t, tuple(t.shape[:-2]) + (-1,)) if t.size else \
            _ad.reshape_ad_func(t, tuple(t.shape[:-2]) + (0,))
        res = _p_norm(flat, 2.0, -1, False, False)
        return _restore_keepdim(res, perm) if keepdim else res
    if p == "nuc" or p in (2, -2):
        t, perm = _backshift(x, axis)
        s = _svdvals(t)
        if p == "nuc":
            res = _ad.sum_ad_func(s, (-1,), None, False)
        else:
            res = (_ad.max_ad_func if p > 0 else _ad.min_ad_func)(s, (-1,), False)
        return _restore_keepdim(res, perm) if keepdim else res
    if p in (1, -1, INF, -INF):
        rank = x.ndim
        d0, d1 = (d % rank for d in axis)
        if abs(p) == INF:
            d0, d1 = d1, d0
        if not keepdim and d0 < d1:
            d1 -= 1
        return (_ad.max_ad_func if p > 0 else _ad.min_ad_func)(
            vector_norm(x, 1.0, axis=d0, keepdim=keepdim), (d1,), keepdim)
    raise ValueError(f"just support p value 'fro','nuc',1,-1,inf,-inf,2,-2 if axis is 2D, "
                     f"found {p}")


@_named("norm", 1, {"input": "x", "A": "x", "ord": "p", "dim": "axis"})
def norm(x, p=None, axis=None, keepdim=False, out=None, dtype=None, name=None):
    """paddle.norm / paddle.linalg.norm, dispatched as Paddle 3.3.1 does: a string p ('fro',
    'nuc') or a two-axis `axis` is a matrix norm (except 'fro' over one axis or all of x, the
    vector 2-norm), anything else a vector norm (p=None: 2)."""
    if isinstance(axis, tuple):
        axis = list(axis)
    elif isinstance(axis, list) and len(axis) == 1:
        axis = axis[0]
    if dtype is not None:
        x = x.astype(dtype)
    if isinstance(p, str):
        if p == "fro" and (axis is None or isinstance(axis, int)):
            res = vector_norm(x, p=2, axis=axis, keepdim=keepdim)
        else:
            if axis is None:
                axis = list(range(x.ndim))
            res = matrix_norm(x, p=p, axis=axis, keepdim=keepdim)
    else:
        p = 2.0 if p is None else p
        if isinstance(axis, list) and len(axis) == 2:
            res = matrix_norm(x, p=p, axis=axis, keepdim=keepdim)
        else:
            res = vector_norm(x, p=p, axis=axis, keepdim=keepdim)
    return _assign_out(res, out)


@_named("dist", 2)
def dist(x, y, p=2, name=None):
    """The p-norm of x - y (broadcast), over all its entries."""
    return _p_norm(_ad.subtract_ad_func(x, y), p, -1, False, True)


@_named("cdist", 2)
def cdist(x, y, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary", name=None):
    """p-norm distances between the rows of x [*, P, M] and of y [*, R, M]: [*, P, R]. For p = 2
    with more than 25 rows (or compute_mode 'use_mm_for_euclid_dist') Paddle's matmul form
    sqrt(clip(|x|^2 - 2 x y^T + |y|^2, 0)), else the norm of the differences."""
    for t, n in ((x, "x"), (y, "y")):
        if t.dtype.name not in ("float32", "float64"):
            raise TypeError(f"The data type of '{n}' in cdist must be ['float32', 'float64'], "
                            f"but received {t.dtype.name}.")
    if not isinstance(p, (float, int)):
        raise TypeError(f"The type of 'p' in cdist must be (<class 'float'>, <class 'int'>), "
                        f"but received {type(p)}.")
    modes = ("use_mm_for_euclid_dist_if_necessary", "use_mm_for_euclid_dist",
             "donot_use_mm_for_euclid_dist")
    if compute_mode not in modes:
        raise ValueError(f"The compute_mode should be 'use_mm_for_euclid_dist_if_necessary', "
                         f"'use_mm_for_euclid_dist' or 'donot_use_mm_for_euclid_dist', but "
                         f"received compute_mode is {compute_mode}.")
    if x.ndim < 2:
        raise AssertionError(f"The x must be at least 2-dimensional, But received Input x's "
                             f"dimensional is {x.ndim}.\n")
    if y.ndim < 2:
        raise AssertionError(f"The y must be at least 2-dimensional, But received Input y's "
                             f"dimensional is {y.ndim}.\n")
    if x.shape[-1] != y.shape[-1]:
        raise AssertionError(f"The x and y must have same last dimension, But received Input "
                             f"x's last dimension is {x.shape[-1]}, Input y's last dimension is "
                             f"{y.shape[-1]}.\n")
    if p < 0:
        raise AssertionError(f"The p must be greater than or equal to 0, But received p is "
                             f"{p}.\n")
    r1, r2, c1 = x.shape[-2], y.shape[-2], x.shape[-1]
    p = float(p)
    if r1 == 0 or r2 == 0:  # Paddle's shape here has no batch axes
        return _ad.full_ad_func((r1, r2), 0, x.dtype)
    if c1 == 0:
        return _ad.full_ad_func((r1, r2), 0, x.dtype)
    mode = modes.index(compute_mode)
    if p == 2.0 and (mode == 1 or (mode == 0 and (r1 > 25 or r2 > 25))):
        xn = _ad.sum_ad_func(_ad.pow_ad_func(x, 2.0), (-1,), None, True)
        yn = _ad.sum_ad_func(_ad.pow_ad_func(y, 2.0), (-1,), None, True)
        res = _ad.add_ad_func(_ad.add_ad_func(
            _ad.scale_ad_func(_ad.matmul_ad_func(x, y, False, True), -2.0, 0.0, True),
            _transpose_last_2dim(yn)), xn)
        return _ad.sqrt_ad_func(_ad.clip_ad_func(res, 0.0, float("inf")))
    d = _ad.subtract_ad_func(_ad.unsqueeze_ad_func(x, (-2,)), _ad.unsqueeze_ad_func(y, (-3,)))
    return vector_norm(d, p, axis=-1)


@_named("cond", 1)
def cond(x, p=None, name=None):
    """The condition number of the matrices in x's last two axes under norm p (None: 2)."""
    shape = list(x.shape)
    if len(shape) < 2:
        raise ValueError(f"input should be a matrix or batches of matrices, but the dimension "
                         f"of received input is {len(shape)}")
    if p is None:
        p = 2
    empty = 0 in shape
    if p in ("fro", "nuc", 1, -1, INF, -INF):
        if shape[-1] != shape[-2]:
            raise ValueError(f"only support p is {p} when input is a square matrix or batches "
                             f"of square matrices")
        if empty:
            return _ad.full_ad_func(tuple(shape[:-2]), 0, x.dtype)
        xi = _ad.inverse_ad_func(x)

        def one(t):
            if p == "fro":
                s = _ad.sum_ad_func(_ad.pow_ad_func(t, 2.0), (-1,), None, False)
                return _ad.pow_ad_func(_ad.sum_ad_func(s, (-1,), None, False), 0.5)
            if p == "nuc":
                return _ad.sum_ad_func(_svdvals(t), (-1,), None, False)
            s = _ad.sum_ad_func(_ad.abs_ad_func(t), (-2,) if p in (1, -1) else (-1,), None, False)
            return (_ad.max_ad_func if p > 0 else _ad.min_ad_func)(s, (-1,), False)
        return _ad.multiply_ad_func(one(x), one(xi))
    if p in (2, -2):
        if empty:
            return _ad.full_ad_func(tuple(shape[:-2]), 0, x.dtype)
        s = _svdvals(x)
        mx, mn = _ad.max_ad_func(s, (-1,), False), _ad.min_ad_func(s, (-1,), False)
        return _ad.divide_ad_func(mx, mn) if p == 2 else _ad.divide_ad_func(mn, mx)
    raise ValueError(f"unsupported {p} for p, only supporting ('fro', 'nuc', 1, -1, 2, -2, inf, "
                     f"-inf) or none")


# ---- decompositions and solvers (Paddle python/paddle/tensor/linalg.py)


def _check_tensor(x, fn):
    if not isinstance(x, Tensor):
        raise TypeError(f"{fn}(): x must be a Tensor, but received {type(x).__name__}")


def triangular_solve(x, y, upper=True, transpose=False, unitriangular=False, name=None):
    """op(x)^-1 y for the triangular matrices in x's last two axes (op: transpose when
    `transpose`); batch axes broadcast."""
    return _ad.triangular_solve_ad_func(x, y, upper, transpose, unitriangular)


def cholesky_solve(x, y, upper=False, name=None):
    """Solves A out = x where y is A's Cholesky factor (lower L, A = L L^H; or upper U,
    A = U^H U): two triangular solves, so the gradient is theirs."""
    if y.ndim < 2:
        raise ValueError("(InvalidArgument) the rank of input Y must greater or equal to 2")
    if y.shape[-1] != y.shape[-2]:
        raise ValueError(f"(InvalidArgument) input Matrix Y should be square matrix,But Got "
                         f"last shape of {y.shape[-2]} x {y.shape[-1]}")
    if x.ndim < 2:
        raise ValueError("(InvalidArgument) the rank of input X must greater or equal to 2")
    if x.shape[-2] != y.shape[-2]:
        raise ValueError(f"(InvalidArgument) the first dim of Matrix X must be equal to the "
                         f"first dim of Matrix Y,But Got {x.shape[-2]} and {y.shape[-2]}")
    yc = _ad.conj_ad_func(y) if _is_complex(y) else y  # op(conj(y)) = y^H
    if upper:
        t = _ad.triangular_solve_ad_func(yc, x, True, True, False)
        return _ad.triangular_solve_ad_func(y, t, True, False, False)
    t = _ad.triangular_solve_ad_func(y, x, False, False, False)
    return _ad.triangular_solve_ad_func(yc, t, False, True, False)


def svd(x, full_matrices=False, name=None, *, out=None):
    """x = u diag(s) vh, s descending: (u, s, vh)."""
    return tuple(_ad.svd_ad_func(x, full_matrices))


def svdvals(x, name=None):
    """The singular values of the matrices in x's last two axes, descending."""
    return _svdvals(x)


def qr(x, mode="reduced", name=None):
    """x = q r: (q, r) for mode 'reduced' or 'complete'; r alone for mode 'r'."""
    q, r = _ad.qr_ad_func(x, mode)
    return r if mode == "r" else (q, r)


def eigh(x, UPLO="L", name=None):
    """(eigenvalues ascending, eigenvectors) of the Hermitian matrices whose UPLO triangle x
    holds."""
    s = x.shape
    if len(s) < 2:
        raise ValueError(f"Input(input) only support >=2 tensor, but received length of "
                         f"Input(input) is {len(s)}.")
    if s[-1] != s[-2]:
        raise ValueError(f"The input matrix must be batches of square matrices. But received "
                         f"x's dimension: [{', '.join(map(str, s))}]")
    if UPLO not in ("L", "U"):
        raise ValueError(f"UPLO must be L or U. But received UPLO is: {UPLO}")
    return tuple(_ad.eigh_ad_func(x, UPLO))


@_named("eigvalsh", 1)
def eigvalsh(x, UPLO="L", name=None):
    """The eigenvalues (ascending) of the Hermitian matrices whose UPLO triangle x holds."""
    return _ad.eigh_ad_func(x, UPLO)[0]


def eig(x, name=None):
    """(eigenvalues, eigenvectors), complex, of the square matrices in x's last two axes."""
    return tuple(_ad.eig_ad_func(x))


def eigvals(x, name=None):
    """The eigenvalues (complex) of the square matrices in x's last two axes; not
    differentiable, as in Paddle."""
    if not isinstance(x, Tensor):
        raise TypeError(f"The input x should be a Tensor, but received {type(x).__name__}")
    s = x.shape
    if len(s) < 2:
        raise ValueError(f"The dimension of Input(x) should be at least 2, but received x's "
                         f"dimension = {len(s)}, x's shape = {list(s)}")
    if s[-1] != s[-2]:
        raise ValueError(f"The last two dimensions of Input(x) should be equal, but received "
                         f"x's shape = {list(s)}")
    from ..autograd import no_grad
    with no_grad():  # Paddle's eigvals has no gradient (paddle.linalg.eig has one)
        return _ad.eig_ad_func(x)[0]


def pinv(x, rcond=1e-15, hermitian=False, name=None):
    """The Moore-Penrose pseudo-inverse, composed as Paddle does: through svd (or eigh when
    hermitian), singular values at or below rcond * the largest dropped."""
    if x.ndim >= 2 and x.size == 0:
        t = list(x.shape)
        t[-1], t[-2] = t[-2], t[-1]
        return _ad.full_ad_func(tuple(t), 0, x.dtype)
    if not hermitian:
        u, s, vh = _ad.svd_ad_func(x, False)
        smax = _ad.max_ad_func(s, (-1,), True)
        cut = _ad.scale_ad_func(smax, float(rcond), 0.0, True)
        keep = _ad.greater_than_ad_func(s, cut)
        sinv = _ad.where_ad_func(keep, _ad.divide_ad_func(_ad.full_like_ad_func(s, 1, s.dtype),
                                                          s), _ad.full_like_ad_func(s, 0, s.dtype))
        # V diag(1/s) U^H = (diag(1/s) V^H)^H U^H
        vs = _ad.multiply_ad_func(_ad.unsqueeze_ad_func(sinv, (-1,)), vh)
        if _is_complex(x):
            vs, u = _ad.conj_ad_func(vs), _ad.conj_ad_func(u)
        return _ad.matmul_ad_func(vs, u, True, True)
    w, v = _ad.eigh_ad_func(x, "L")
    aw = _ad.abs_ad_func(w)
    cut = _ad.scale_ad_func(_ad.max_ad_func(aw, (-1,), True), float(rcond), 0.0, True)
    keep = _ad.greater_than_ad_func(aw, cut)
    winv = _ad.where_ad_func(keep, _ad.divide_ad_func(_ad.full_like_ad_func(w, 1, w.dtype), w),
                             _ad.full_like_ad_func(w, 0, w.dtype))
    vw = _ad.multiply_ad_func(v, _ad.unsqueeze_ad_func(winv, (-2,)))
    return _ad.matmul_ad_func(vw, _ad.conj_ad_func(v) if _is_complex(v) else v, False, True)


def matrix_rank(x, tol=None, hermitian=False, atol=None, rtol=None, name=None):
    """The number of singular values (|eigenvalues| when hermitian) above the tolerance: int64.
    tol is absolute; atol/rtol give max(atol, rtol * sigma_max), rtol defaulting to
    eps * max(m, n) (also when atol is given, as in Paddle)."""
    from ..autograd import no_grad
    if tol is not None and (atol is not None or rtol is not None):
        raise ValueError("Only support to use tol alone or use atol and rtol without tol.")
    if x.ndim < 2:
        raise ValueError("(InvalidArgument) The dims of input must be greater than 2.")
    with no_grad():
        if hermitian:
            s = _ad.abs_ad_func(_ad.eigh_ad_func(x, "L")[0])
        else:
            s = _svdvals(x)
        smax = _ad.max_ad_func(s, (-1,), True) if s.size else s
        if tol is not None:
            cut = tol if isinstance(tol, Tensor) else _ad.full_like_ad_func(smax, float(tol),
                                                                            s.dtype)
            cut = _ad.unsqueeze_ad_func(cut, (-1,)) if isinstance(tol, Tensor) else cut
        else:
            import numpy as np
            if rtol is None:  # Paddle's default, with or without atol
                rtol = float(np.finfo(s._data.dtype).eps) * max(x.shape[-2], x.shape[-1])
            a = 0.0 if atol is None else atol
            r = 0.0 if rtol is None else rtol
            at = a if isinstance(a, Tensor) else _ad.full_like_ad_func(smax, float(a), s.dtype)
            rt = r if isinstance(r, Tensor) else _ad.full_like_ad_func(smax, float(r), s.dtype)
            if isinstance(a, Tensor):
                at = _ad.unsqueeze_ad_func(_ad.cast_ad_func(at, s.dtype), (-1,))
            if isinstance(r, Tensor):
                rt = _ad.unsqueeze_ad_func(_ad.cast_ad_func(rt, s.dtype), (-1,))
            cut = _ad.maximum_ad_func(at, _ad.multiply_ad_func(rt, smax))
        from ..phi.common import int64
        big = _ad.cast_ad_func(_ad.greater_than_ad_func(s, cut), int64)
        return _ad.sum_ad_func(big, (-1,), int64, False)


def lstsq(x, y, rcond=None, driver=None, name=None):
    """The least-squares solution of x out = y: (solution, residuals, rank, singular_values) as
    Paddle returns them per driver (default 'gelsy' on the CPU)."""
    if driver is None:
        driver = "gelsy"
    elif driver not in ("gels", "gelss", "gelsd", "gelsy"):
        raise ValueError(f"Only support valid driver is 'gels', 'gelss', 'gelsd', 'gelsy' or "
                         f"None for CPU inputs. But got {driver}")
    if not (x.dtype == y.dtype and x.dtype.name in ("float32", "float64")):
        raise ValueError("Only support x and y have the same dtype such as 'float32' and "
                         "'float64'.")
    if x.ndim < 2:
        raise ValueError(f"The shape of x should be (*, M, N), but received ndim is "
                         f"[{x.ndim} < 2]")
    if y.ndim < 2:
        raise ValueError(f"The shape of y should be (*, M, K), but received ndim is "
                         f"[{y.ndim} < 2]")
    if x.shape[-2] != y.shape[-2]:
        raise ValueError(f"x with shape (*, M = {x.shape[-2]}, N) and y with shape (*, M = "
                         f"{y.shape[-2]}, K) should have same M.")
    if rcond is None:
        rcond = (1e-7 if x.dtype.name == "float32" else 1e-15) * max(x.shape[-2], x.shape[-1])
    sol, res, rank, sv = _ad.lstsq_ad_func(x, y, float(rcond), driver)
    if driver == "gels":
        from ..phi.common import int64
        rank = _ad.full_ad_func((0,), 0, int64)
    return sol, res, rank, sv


def lu(x, pivot=True, get_infos=False, name=None):
    """The pivoted LU factorisation packed into one matrix (L's unit diagonal left out) with
    1-based int32 pivots, and the LAPACK infos when get_infos."""
    out, pivots, infos = _ad.lu_ad_func(x, pivot)
    return (out, pivots, infos) if get_infos else (out, pivots)


def lu_unpack(x, y, unpack_ludata=True, unpack_pivots=True, name=None):
    """(P, L, U) from lu's packed x and pivots y: x = P L U. L and U are differentiable
    (triangles of x); P, a permutation, is not."""
    from ..phi.infermeta.backward import lu_permutation_matrix
    m, n = x.shape[-2], x.shape[-1]
    k = min(m, n)
    nd = x.ndim
    p = l = u = None
    if unpack_ludata:
        lx = _ad.slice_ad_func(x, [nd - 1], [0], [k], []) if n != k else x
        ux = _ad.slice_ad_func(x, [nd - 2], [0], [k], []) if m != k else x
        l = _ad.add_ad_func(_ad.tril_ad_func(lx, -1), _ad.eye_ad_func(m, k, x.dtype))
        u = _ad.triu_ad_func(ux, 0)
    if unpack_pivots:
        pm = lu_permutation_matrix(y._data, m).astype(x._data.dtype)
        p = Tensor._wrap(pm)
    if p is None or l is None:  # what is not unpacked is an empty float32 tensor, as in Paddle
        from ..phi.common import float32
        empty = _ad.full_ad_func((0,), 0, float32)
        p, l, u = (empty if p is None else p), (empty if l is None else l), \
            (empty if u is None else u)
    return p, l, u


# ---- einsum (Paddle python/paddle/tensor/einsum.py), composed of diagonal, sum, transpose,
# reshape and matmul, so its gradients (of any order) are theirs. The plan (which op with which
# arguments, found from the equation and the shapes alone) is cached; a call replays it.


def _einsum_parse(equation, shapes):
    eq = equation.replace(" ", "")
    if "->" in eq:
        lhs, rhs = eq.split("->")
        explicit = True
    else:
        lhs, rhs, explicit = eq, "", False
    terms = lhs.split(",")
    if len(terms) != len(shapes):
        raise AssertionError(f"Invalid equation: the number of operands is {len(shapes)}, "
                             f"but found {len(terms)} segments in the label equation.")
    used = set(c for c in eq if c.isalpha())
    free = [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" if c not in used]
    nell = 0
    for t, shape in zip(terms, shapes):
        if "..." in t:
            nell = max(nell, len(shape) - len(t.replace("...", "")))
    ell = "".join(free[:nell])
    out_terms = []
    for t, shape in zip(terms, shapes):
        bad = next((c for c in t if not (c.isalpha() or c == ".")), None)
        if bad is not None:
            raise AssertionError(f"Invalid equation: {bad} is not a valid label, which should "
                                 f"be letters.")
        if "..." in t:
            k = len(shape) - len(t.replace("...", ""))
            t = t.replace("...", ell[nell - k:] if k else "")
        if len(t) > len(shape):
            raise AssertionError(f"Invalid equation: the label string '{t}' misses "
                                 f"dimensions.")
        if len(t) < len(shape):
            raise AssertionError(f"Invalid equation: the label string '{t}' misses "
                                 f"dimensions.")
        out_terms.append(t)
    sizes = {}
    for t, shape in zip(out_terms, shapes):
        for c, d in zip(t, shape):
            if c in sizes and sizes[c] != d and 1 not in (d, sizes[c]):
                raise ValueError(f"(InvalidArgument) Same label have different shapes for "
                                 f"label: `{c}`")
            sizes[c] = d if sizes.get(c, 1) == 1 else sizes[c]
    if explicit:
        rhs = rhs.replace("...", ell)
        if any(c not in sizes for c in rhs):
            raise ValueError("(InvalidArgument) Must in all_labels.")
    else:
        counts = {}
        for t in out_terms:
            for c in t:
                counts[c] = counts.get(c, 0) + 1
        rhs = ell + "".join(sorted(c for c, n in counts.items() if n == 1 and c not in ell))
    return out_terms, rhs


def _plan_reduce_one(steps, shape, t, keep):
    """Repeated labels of one operand to their diagonal, labels not in `keep` summed: appends
    the steps, returns the new shape and labels."""
    shape = list(shape)
    while True:
        rep = next((c for c in t if t.count(c) > 1), None)
        if rep is None:
            break
        i = t.index(rep)
        j = t.index(rep, i + 1)
        steps.append(("diagonal", i, j))
        d = min(shape[i], shape[j])
        shape = [n for k, n in enumerate(shape) if k not in (i, j)] + [d]
        t = "".join(c for k, c in enumerate(t) if k not in (i, j)) + rep
    drop = tuple(i for i, c in enumerate(t) if c not in keep)
    if drop:
        steps.append(("sum", drop))
        shape = [n for i, n in enumerate(shape) if i not in drop]
        t = "".join(c for c in t if c in keep)
    return shape, t


def _plan_permute(steps, shape, perm):
    if perm != list(range(len(perm))):
        steps.append(("transpose", perm))
    return [shape[i] for i in perm]


def _plan_reshape(steps, shape, new):
    if list(shape) != list(new):
        steps.append(("reshape", tuple(new)))
    return list(new)


def _plan_pair(sa, ta, sb, tb, keep):
    """Steps for a, steps for b and steps after their matmul, contracting the labels they
    share that `keep` lacks."""
    st_a, st_b, st_o = [], [], []
    # a contracted label of size 1 on one side broadcasts: sum it out of both sides first
    odd = [c for c in ta if c in tb and c not in keep and sa[ta.index(c)] != sb[tb.index(c)]]
    if odd:
        ia, ib = tuple(ta.index(c) for c in odd), tuple(tb.index(c) for c in odd)
        st_a.append(("sum", ia))
        st_b.append(("sum", ib))
        sa = [n for i, n in enumerate(sa) if i not in ia]
        sb = [n for i, n in enumerate(sb) if i not in ib]
        ta = "".join(c for c in ta if c not in odd)
        tb = "".join(c for c in tb if c not in odd)
    batch = [c for c in ta if c in tb and c in keep]
    contract = [c for c in ta if c in tb and c not in keep]
    a_only = [c for c in ta if c not in tb]
    b_only = [c for c in tb if c not in ta]
    sa = _plan_permute(st_a, sa, [ta.index(c) for c in batch + a_only + contract])
    sb = _plan_permute(st_b, sb, [tb.index(c) for c in batch + contract + b_only])
    nb = len(batch)
    bsh = [max(p, q) for p, q in zip(sa[:nb], sb[:nb])]
    a_dims, b_dims = sa[nb:nb + len(a_only)], sb[nb + len(contract):]
    pc = math.prod(sa[nb + len(a_only):])
    _plan_reshape(st_a, sa, sa[:nb] + [math.prod(a_dims), pc])
    _plan_reshape(st_b, sb, sb[:nb] + [pc, math.prod(b_dims)])
    out = _plan_reshape(st_o, bsh + [math.prod(a_dims), math.prod(b_dims)],
                        bsh + a_dims + b_dims)
    return st_a, st_b, st_o, out, "".join(batch + a_only + b_only)


@functools.lru_cache(maxsize=256)
def _einsum_plan(equation, shapes):
    terms, rhs = _einsum_parse(equation, shapes)
    n = len(terms)
    first = []  # per operand: its own diagonals and sums
    cur = []
    for i in range(n):
        keep = set(rhs).union(*(set(t) for j, t in enumerate(terms) if j != i))
        steps = []
        sh, t = _plan_reduce_one(steps, shapes[i], terms[i], keep)
        first.append(tuple(steps))
        cur.append((sh, t))
    merges = []
    sh, t = cur[0]
    for i in range(1, n):
        keep = set(rhs).union(*(set(tt) for tt in terms[i + 1:]))
        st_a, st_b, st_o, sh, t = _plan_pair(sh, t, cur[i][0], cur[i][1], keep)
        sh, t = _plan_reduce_one(st_o, sh, t, keep)
        merges.append((tuple(st_a), tuple(st_b), tuple(st_o)))
    last = []
    sh, t = _plan_reduce_one(last, sh, t, set(rhs))
    uniq = "".join(c for i, c in enumerate(rhs) if c not in rhs[:i])
    sh = _plan_permute(last, sh, [t.index(c) for c in uniq])
    # an output label given twice ('ij->ii') puts the values on that diagonal
    t = uniq
    for i, c in enumerate(rhs):
        if i < len(t) and t[i] == c:
            continue
        q = t.index(c)
        mask = [1] * (len(t) + 1)
        mask[q] = mask[i] = sh[q]
        last.append(("diag_out", i, sh[q], tuple(mask)))
        t = t[:i] + c + t[i:]
        sh = sh[:i] + [sh[q]] + sh[i:]
    return tuple(first), tuple(merges), tuple(last)


def _run(x, steps):
    for step in steps:
        kind = step[0]
        if kind == "transpose":
            x = _ad.transpose_ad_func(x, step[1])
        elif kind == "reshape":
            x = _ad.reshape_ad_func(x, step[1]) if 0 not in step[1] else \
                _ad.full_ad_func(step[1], 0, x.dtype)  # an empty result: Paddle's 0 means copy
        elif kind == "sum":
            x = _ad.sum_ad_func(x, step[1], None, False)
        elif kind == "diag_out":
            eye = _ad.reshape_ad_func(_ad.eye_ad_func(step[2], step[2], x.dtype), step[3])
            x = _ad.multiply_ad_func(_ad.unsqueeze_ad_func(x, (step[1],)), eye)
        else:
            x = _ad.diagonal_ad_func(x, 0, step[1], step[2])
    return x


@_named("einsum", 0)
def einsum(equation, *operands):
    """Einstein summation: labels per operand (repeated: a diagonal; '...': broadcast axes),
    '->' and the output labels, or implicitly the labels seen once, sorted."""
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    if len(operands) < 1:
        raise AssertionError("Required at least one operand in Einsum API, but received 0")
    if not isinstance(equation, str):
        raise TypeError(f"The equation should be a str, but received "
                        f"{type(equation).__name__}")
    for o in operands:
        if not isinstance(o, Tensor):
            raise TypeError(f"The operands should be Tensors, but received {type(o).__name__}")
    first, merges, last = _einsum_plan(equation, tuple(tuple(o.shape) for o in operands))
    x = _run(operands[0], first[0])
    for i, (st_a, st_b, st_o) in enumerate(merges):
        b = _run(_run(operands[i + 1], first[i + 1]), st_b)
        x = _run(_ad.matmul_ad_func(_run(x, st_a), b, False, False), st_o)
    return _run(x, last)


# ---- the remaining paddle.linalg functions (Paddle python/paddle/tensor/linalg.py), each a
# composition of existing differentiable ops (matmul, solve, triangular_solve, inverse, qr, svd),
# so their gradients of any order are those ops'.

# paddle.linalg-only (exported from eagergraph/linalg.py); most are Tensor methods too
TENSOR_METHODS = TENSOR_METHODS + ["cholesky_inverse", "cov", "corrcoef", "householder_product",
                                   "ormqr", "svd_lowrank", "pca_lowrank"]


def _mT(x):
    """x with its last two axes swapped."""
    perm = list(range(x.ndim))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return _ad.transpose_ad_func(x, perm)


def _mH(x):
    """The conjugate transpose of the matrices in x's last two axes."""
    t = _mT(x)
    return _ad.conj_ad_func(t) if _is_complex(t) else t


def cholesky_inverse(x, upper=False, name=None):
    """The inverse of A from its Cholesky factor x (A = x x^T, or x^T x when upper), as Paddle:
    inv of the product (plain transpose, also for complex x); 2-D x only."""
    if x.ndim != 2:
        raise ValueError("The input tensor must be 2-dimensional")
    if x.shape[0] != x.shape[1]:
        raise ValueError("The input tensor must be square matrix")
    a = _ad.matmul_ad_func(x, x, True, False) if upper else _ad.matmul_ad_func(x, x, False, True)
    return _ad.inverse_ad_func(a)


def _broadcast_batch(t, batch, tail):
    shape = tuple(batch) + tuple(t.shape[-tail:])
    return t if tuple(t.shape) == shape else _ad.expand_ad_func(t, list(shape))


def lu_solve(b, lu, pivots, trans="N", name=None):
    """Solves A out = b (trans 'N') or A^T out = b (any other trans, 'C' included, as Paddle)
    from lu's packed factorisation A = P L U and its 1-based int32 pivots. Differentiable in b
    and lu (solves with lu's triangles); pivots are constant."""
    import numpy as np
    if b.ndim < 2:
        raise ValueError(f"`b` dimension must be gather than 2, but got {len(b.shape)}")
    if lu.ndim < 2:
        raise ValueError(f"`lu` dimension must be gather than 2, but got {len(lu.shape)}")
    if pivots.ndim < 1:
        raise ValueError(f"`pivots` dimension must be gather than 1, but got "
                         f"{len(pivots.shape)}")
    if b.shape[-2] != lu.shape[-2]:
        raise ValueError(f"the rows of `b` must be equal to the rows of `lu`, but got "
                         f"{b.shape[-2]} and {lu.shape[-2]}")
    if lu.shape[-1] != lu.shape[-2]:
        raise ValueError(f"`lu` shape[-1] must be equal to `lu` shape[-2], but got "
                         f"{lu.shape[-1]} and {lu.shape[-2]}")
    if pivots.shape[-1] != lu.shape[-1]:
        raise ValueError(f"`pivots` shape[-1] must be equal to `lu` shape[-1], but got "
                         f"{pivots.shape[-1]} and {lu.shape[-1]}")
    batch = np.broadcast_shapes(tuple(b.shape[:-2]), tuple(lu.shape[:-2]),
                                tuple(pivots.shape[:-1]))
    b, lu = _broadcast_batch(b, batch, 2), _broadcast_batch(lu, batch, 2)
    from ..phi.infermeta.backward import lu_permutation_matrix
    n = lu.shape[-1]
    piv = np.broadcast_to(pivots._data, tuple(batch) + (n,))
    p = Tensor._wrap(lu_permutation_matrix(piv, n).astype(lu._data.dtype))  # A = P L U
    # the triangles through solve (LAPACK gesv on a triangular matrix: exact, and ~100x faster
    # here than the scipy solve_triangular behind triangular_solve for small matrices)
    low = _ad.add_ad_func(_ad.tril_ad_func(lu, -1), _ad.eye_ad_func(n, n, lu.dtype))
    up = _ad.triu_ad_func(lu, 0)
    if trans == "N":  # out = U^-1 L^-1 P^T b
        t = _ad.solve_ad_func(low, _ad.matmul_ad_func(p, b, True, False))
        return _ad.solve_ad_func(up, t)
    # A^T = U^T L^T P^T: out = P L^-T U^-T b
    t = _ad.solve_ad_func(_mT(up), b)
    return _ad.matmul_ad_func(p, _ad.solve_ad_func(_mT(low), t), False, False)


# Pade [13/13] coefficients of exp (Higham 2005), and the 1-norm up to which it needs no scaling
_PADE13 = (64764752532480000.0, 32382376266240000.0, 7771770303897600.0, 1187353796428800.0,
           129060195264000.0, 10559470521600.0, 670442572800.0, 33522128640.0, 1323241920.0,
           40840800.0, 960960.0, 16380.0, 182.0, 1.0)
_THETA13 = 5.371920351148152


def matrix_exp(x, name=None):
    """exp of the square matrices in x's last two axes (float32/float64): scaling and squaring
    with the [13/13] Pade approximant, composed of matmul and solve, so its gradients of any
    order are theirs. The number of squarings comes from the largest 1-norm of the batch."""
    import numpy as np
    if not isinstance(x, Tensor):
        x = _ad_to_tensor(x)
    if x.dtype.name not in ("float32", "float64"):
        raise ValueError(f"The input tensor's dtype must be float32 or float64, but got "
                         f"{x.dtype.name}")
    if x.ndim == 0:
        return _ad.exp_ad_func(x)
    if x.ndim < 2:
        raise ValueError("The input tensor must be at least two-dimensional")
    if x.shape[-1] != x.shape[-2]:
        raise ValueError("Last 2 dimensions of the tensor must be square")
    if tuple(x.shape[-2:]) == (1, 1):
        return _ad.exp_ad_func(x)
    n = x.shape[-1]
    if x.size == 0:
        return _ad.full_ad_func(tuple(x.shape), 0, x.dtype)
    norm = float(np.abs(x._data).sum(axis=-2).max()) if x.size else 0.0
    if not np.isfinite(norm):
        return _ad.full_ad_func(tuple(x.shape), float("nan"), x.dtype)
    s = max(0, int(np.ceil(np.log2(norm / _THETA13)))) if norm > _THETA13 else 0
    a = _ad.scale_ad_func(x, 0.5 ** s, 0.0, True) if s else x
    eye = _ad.eye_ad_func(n, n, x.dtype)
    b = _PADE13
    mm = _ad.matmul_ad_func
    a2 = mm(a, a, False, False)
    a4 = mm(a2, a2, False, False)
    a6 = mm(a4, a2, False, False)

    def lin(c6, c4, c2, c0=None):
        t = _ad.add_ad_func(_ad.add_ad_func(_ad.scale_ad_func(a6, c6, 0.0, True),
                                            _ad.scale_ad_func(a4, c4, 0.0, True)),
                            _ad.scale_ad_func(a2, c2, 0.0, True))
        return t if c0 is None else _ad.add_ad_func(t, _ad.scale_ad_func(eye, c0, 0.0, True))

    u = mm(a, _ad.add_ad_func(mm(a6, lin(b[13], b[11], b[9]), False, False),
                              lin(b[7], b[5], b[3], b[1])), False, False)
    v = _ad.add_ad_func(mm(a6, lin(b[12], b[10], b[8]), False, False), lin(b[6], b[4], b[2], b[0]))
    r = _ad.solve_ad_func(_ad.subtract_ad_func(v, u), _ad.add_ad_func(v, u))
    for _ in range(s):
        r = mm(r, r, False, False)
    return r


def _ad_to_tensor(x):
    from ..creation import to_tensor
    return to_tensor(x)


def _check_cov_input(x, fn):
    if len(x.shape) > 2 or len(x.shape) < 1:
        raise ValueError(f"Input(x) only support N-D (1<=N<=2) tensor in {fn}, but received "
                         f"length of Input(input) is {len(x.shape)}.")
    if x.dtype.name in ("complex64", "complex128"):  # Paddle fails at its real-only clip
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), "
                           f"{x.dtype.name}) of kernel `clip` is not registered.")
    if x.dtype.name not in ("float32", "float64"):
        raise TypeError(f"The data type of 'dtype' in {fn} must be ['float32', 'float64'], but "
                        f"received {x.dtype.name}. ")


def cov(x, rowvar=True, ddof=True, fweights=None, aweights=None, name=None):
    """The covariance matrix of x's variables (rows when rowvar, else columns), with frequency
    and/or analytic observation weights, as Paddle composes it (a 0-D result for one variable)."""
    import numpy as np
    _check_cov_input(x, "cov")
    nx = _ad.reshape_ad_func(x, [1, -1]) if x.ndim == 1 else x
    if not rowvar and nx.shape[0] != 1:
        nx = _mT(nx)
    nobs = nx.shape[1]
    w = None
    if fweights is not None:
        if len(fweights.shape) > 1:
            raise ValueError(f"Input(fweights) only support N-D (N<=1) tensor in cov, but "
                             f"received shape of Input(input) is {len(fweights.shape)}.")
        if fweights.shape[0] != nobs:
            raise ValueError(f"The number of Input(fweights) should equal to x's dim[1]: {nobs}, "
                             f"but received size of Input(fweights) is {fweights.shape[0]}.")
        fw = fweights._data
        if fw.size and fw.min() < 0:
            raise ValueError(f"The value of Input(fweights) cannot be negative, but received "
                             f"min of Input(fweights) is {fweights.min()}.")
        if not np.all(fw == np.round(fw.astype(np.float64)).astype(fw.dtype)):
            raise ValueError("Input(fweights) must be integer ")
        w = _ad.cast_ad_func(fweights, nx.dtype)
    if aweights is not None:
        if len(aweights.shape) > 1:
            raise ValueError(f"Input(aweights) only support N-D (N<=1) tensor in cov, but "
                             f"received length of Input(input) is {len(aweights.shape)}.")
        if aweights.shape[0] != nobs:
            raise ValueError(f"The number of Input(aweights) should equal to x's dim[1]: {nobs}, "
                             f"but received size of Input(aweights) is {aweights.shape[0]}.")
        if aweights.size and aweights._data.min() < 0:
            raise ValueError(f"The value of Input(aweights) cannot be negative, but received "
                             f"min of Input(aweights) is {aweights.min()}.")
        aw = _ad.cast_ad_func(aweights, nx.dtype)
        w = aw if w is None else _ad.multiply_ad_func(w, aw)
    if w is not None:
        w_sum = _ad.sum_ad_func(w, (), None, False)
        if float(w_sum._data) == 0:
            raise ValueError("The sum of weights is zero, can't be normalized.")
        nx_w = _ad.multiply_ad_func(nx, w)
    else:
        w_sum = _ad.full_ad_func((), nobs, nx.dtype)
        nx_w = nx
    avg = _ad.divide_ad_func(_ad.sum_ad_func(nx_w, (1,), None, False), w_sum)
    if w is not None and aweights is not None and ddof:
        wa = _ad.sum_ad_func(_ad.multiply_ad_func(w, _ad.cast_ad_func(aweights, w.dtype)),
                             (), None, False)
        norm = _ad.subtract_ad_func(w_sum, _ad.divide_ad_func(wa, w_sum))
    else:
        norm = _ad.scale_ad_func(w_sum, 1.0, -float(bool(ddof)), True)
    norm = _ad.clip_ad_func(norm, 0.0, float("inf"))
    nx = _ad.subtract_ad_func(nx, _ad.unsqueeze_ad_func(avg, (1,)))
    xxt = _ad.matmul_ad_func(nx, nx_w, False, True)
    return _ad.squeeze_ad_func(_ad.divide_ad_func(xxt, norm), ())


def corrcoef(x, rowvar=True, name=None):
    """Pearson correlation coefficients: cov(x, rowvar) scaled by the standard deviations and
    clipped to [-1, 1]; c / c (1, or nan) for a single variable, as Paddle."""
    _check_cov_input(x, "corrcoef")
    c = cov(x, rowvar)
    if c.ndim == 0:
        return _ad.divide_ad_func(c, c)
    std = _ad.sqrt_ad_func(_ad.diagonal_ad_func(c, 0, 0, 1))
    c = _ad.divide_ad_func(c, _ad.unsqueeze_ad_func(std, (1,)))
    c = _ad.divide_ad_func(c, _ad.unsqueeze_ad_func(std, (0,)))
    return _ad.clip_ad_func(c, -1.0, 1.0)


def householder_product(x, tau, name=None):
    """The first n columns of Q = H_1 ... H_k, H_i = I - tau_i v_i v_i^H, v_i = x's column i below
    the diagonal with a unit at i (LAPACK orgqr); batched over the leading axes."""
    if x.dtype != tau.dtype:
        raise AssertionError("The input x must have the same dtype with input tau.\n")
    if not (x.ndim >= 2 and tau.ndim >= 1 and x.ndim == tau.ndim + 1):
        raise AssertionError("The input x must have more than 2 dimensions, and input tau must "
                             "have more than 1 dimension,and the dimension of x is 1 larger "
                             "than the dimension of tau\n")
    m, n = x.shape[-2:]
    if m < n:
        raise AssertionError("The rows of input x must be greater than or equal to the columns "
                             "of input x.\n")
    k = tau.shape[-1]
    if n < k:
        raise AssertionError("The last dim of x must be greater than tau.\n")
    if tuple(x.shape[:-2]) != tuple(tau.shape[:-1]):
        raise AssertionError("The input x must have the same batch dimensions with input tau.\n")
    import numpy as np
    nd = x.ndim
    batch = list(x.shape[:-2])
    below = Tensor._wrap(np.tril(np.ones((m, n), x._data.dtype), -1))
    unit = Tensor._wrap(np.eye(m, n, dtype=x._data.dtype))
    vs = _ad.add_ad_func(_ad.multiply_ad_func(x, below), unit)  # columns v_i
    q = _ad.expand_ad_func(_ad.eye_ad_func(m, m, x.dtype), batch + [m, m]) if batch else \
        _ad.eye_ad_func(m, m, x.dtype)
    for i in range(min(k, n)):
        v = _ad.slice_ad_func(vs, [nd - 1], [i], [i + 1], [])  # (..., m, 1)
        ti = _ad.unsqueeze_ad_func(_ad.slice_ad_func(tau, [nd - 2], [i], [i + 1], []), (-1,))
        qv = _ad.matmul_ad_func(q, v, False, False)  # Q v
        vh = _mH(v)
        q = _ad.subtract_ad_func(q, _ad.multiply_ad_func(_ad.matmul_ad_func(qv, vh, False, False),
                                                         ti))
    return _ad.slice_ad_func(q, [nd - 1], [0], [n], []) if n != m else q


def ormqr(x, tau, y, left=True, transpose=False, name=None):
    """op(Q) y (left) or y op(Q), Q = householder_product(x, tau), op the transpose when
    `transpose` (Paddle transposes without conjugating)."""
    for v, nm in ((left, "left"), (transpose, "transpose")):
        if not isinstance(v, bool):
            raise TypeError(f"The type of '{nm}' in ormqr must be <class 'bool'>, but received "
                            f"{type(v)}. ")
    if not (x.dtype == tau.dtype and x.dtype == y.dtype):
        raise AssertionError("The input tau and y must have the same dtype with the x.\n")
    if not (x.ndim >= 2 and y.ndim >= 2 and tau.ndim >= 1):
        raise AssertionError("The input x and y must have more than 2 dimensions, and input tau "
                             "must have more than 1 dimension")
    if not (x.ndim == tau.ndim + 1 and x.ndim == y.ndim):
        raise AssertionError("the dimension of x is 1 larger than the dimension of tau\n and the "
                             "dimension of x is equal to the dimension of input")
    if x.shape[-1] != tau.shape[-1]:
        raise AssertionError("The innermost dimension of x and tau should be the same")
    checks = {(True, True): (x.shape[-2], y.shape[-2], "The row dimensions of x and y should be "
                             "the same"),
              (False, True): (x.shape[-1], y.shape[-2], "The column dimension of x and the row "
                              "dimension of y should be the same"),
              (True, False): (x.shape[-2], y.shape[-1], "The row dimension of x and the column "
                              "dimension of y should be the same"),
              (False, False): (x.shape[-1], y.shape[-1], "The column dimensions of Impt and "
                               "Osser's should be the same")}
    a, b, msg = checks[(bool(transpose), bool(left))]
    if a != b:
        raise AssertionError(msg)
    if x.ndim == 3 and not (x.shape[0] == y.shape[0] and x.shape[0] == tau.shape[0]):
        raise AssertionError("The input and tau and y parameters should have the same batch")
    q = householder_product(x, tau)
    if transpose:
        q = _mT(q)
    return _ad.matmul_ad_func(q, y, False, False) if left else _ad.matmul_ad_func(y, q, False,
                                                                                  False)


def _approximate_basis(x, q, niter, m_=None):
    """An orthonormal basis of (about) x's range: randomised subspace iteration (Halko et al.),
    as Paddle's _get_approximate_basis: a standard normal (n, q) start, niter power steps."""
    from .random import randn
    qr_ = _ad.qr_ad_func
    mm = _ad.matmul_ad_func
    r = randn((x.shape[-1], q), dtype=x.dtype)

    def prod(a, z, ma=None):
        out = mm(a, z, False, False)
        return out if ma is None else _ad.subtract_ad_func(out, mm(ma, z, False, False))
    a_h = _mH(x)
    m_h = None if m_ is None else _mH(m_)
    basis = qr_(prod(x, r, m_), "reduced")[0]
    for _ in range(niter):
        basis = qr_(prod(a_h, basis, m_h), "reduced")[0]
        basis = qr_(prod(x, basis, m_), "reduced")[0]
    return basis


def _conj(x):
    return _ad.conj_ad_func(x) if _is_complex(x) else x


def svd_lowrank(x, q=None, niter=2, M=None, name=None):
    """A rank-q approximate svd (u, s, v) of x - M, x ~ u diag(s) v^H, by randomised subspace
    iteration (random as Paddle's: the start matrix is drawn from paddle.randn)."""
    if not isinstance(x, Tensor):
        raise ValueError(f"Input must be tensor, but got {type(x)}")
    m, n = x.shape[-2:]
    if q is None:
        q = min(6, m, n)
    elif min(m, n) != 0 and not (0 <= q <= min(m, n)):
        raise ValueError(f"q(={q}) must be non-negative integer and not greater than "
                         f"min(m, n)={min(m, n)}")
    if not niter >= 0:
        raise ValueError(f"niter(={niter}) must be non-negative integer")
    m_t = None
    if M is not None:
        M = _ad.expand_ad_func(M, list(x.shape)) if tuple(M.shape) != tuple(x.shape) else M
        m_t = _mT(M)
    a_t = _mT(x)
    mm = _ad.matmul_ad_func
    if m < n or n > q:
        basis = _approximate_basis(a_t, q, niter, m_t)
        bc = _conj(basis)
        b_t = mm(x, bc, False, False)
        if M is not None:
            b_t = _ad.subtract_ad_func(b_t, mm(M, bc, False, False))
        u, s, vh = _ad.svd_ad_func(b_t, False)
        v = mm(basis, _mH(vh), False, False)
    else:
        basis = _approximate_basis(x, q, niter, M)
        bc = _conj(basis)
        b = mm(a_t, bc, False, False)
        if M is not None:
            b = _ad.subtract_ad_func(b, mm(m_t, bc, False, False))
        u, s, vh = _ad.svd_ad_func(_mT(b), False)
        v = _mH(vh)
        u = mm(basis, u, False, False)
    return u, s, v


def pca_lowrank(x, q=None, center=True, niter=2, name=None):
    """svd_lowrank of x less its column means (center) or of x: (u, s, v), the principal
    directions in v."""
    if not isinstance(x, Tensor):
        raise ValueError(f"Input must be tensor, but got {type(x)}")
    m, n = x.shape[-2:]
    if q is None:
        q = min(6, m, n)
    elif not (0 <= q <= min(m, n)):
        raise ValueError(f"q(={q}) must be non-negative integer and not greater than "
                         f"min(m, n)={min(m, n)}")
    if not niter >= 0:
        raise ValueError(f"niter(={niter}) must be non-negative integer")
    if not center:
        return svd_lowrank(x, q, niter=niter)
    c = _ad.mean_ad_func(x, (-2,), True)
    return svd_lowrank(_ad.subtract_ad_func(x, c), q, niter=niter)
