"""The linalg family's Python wrappers (Paddle python/paddle/tensor/linalg.py, math.py): mm,
outer and inner, which Paddle composes from matmul, multiply and reshape; their gradients come
from those ops."""
import math

from .._generated import dygraph_functions as _ad
from ..eager_utils import parse_tensor
from ..tensor import Tensor

__all__ = ["mm", "outer", "inner"]
TENSOR_METHODS = __all__


def mm(input, mat2, name=None):
    """The matrix product input @ mat2 (matmul without transposes)."""
    return _ad.matmul_ad_func(input, mat2, False, False)


def outer(x, y, name=None):
    """The outer product of x and y, flattened first: [x.size, y.size]."""
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
    """Sum of products over the given axes: axes=n contracts x's last n axes with y's first n;
    [ax, ay] lists pair them up; one list uses the same axes for both."""
    x = parse_tensor(x, "tensordot", "x", 0)
    y = parse_tensor(y, "tensordot", "y", 1)
    if isinstance(axes, Tensor):
        axes = axes.tolist()
    if not _int_or_nested_ints(axes):
        raise TypeError(f"tensordot(): axes must be an int or (nested) lists of ints, got "
                        f"{axes!r}")
    if isinstance(axes, int):
        if axes < 0:
            raise ValueError(f"tensordot(): axes should be non-negative, got {axes}")
        ax, ay = list(range(x.ndim - axes, x.ndim)), list(range(axes))
    else:
        axes = list(axes)
        if len(axes) == 1 or not isinstance(axes[0], (list, tuple)):
            first = axes[0] if len(axes) == 1 else axes
            ax = ay = list(first) if isinstance(first, (list, tuple)) else [first]
        else:
            ax, ay = list(axes[0]), list(axes[1])
            n = min(len(ax), len(ay))  # Paddle pairs up the shorter list's length
            ax, ay = ax[:n], ay[:n]
    for a, nd, which in [(a, x.ndim, "x") for a in ax] + [(a, y.ndim, "y") for a in ay]:
        if not -nd <= a < max(nd, 1):
            raise ValueError(f"tensordot(): axis {a} is out of range for {which} with {nd} "
                             f"dimensions")
    ax = [a % x.ndim for a in ax]
    ay = [a % y.ndim for a in ay]
    for a, b in zip(ax, ay):
        if x.shape[a] != y.shape[b]:
            raise ValueError(f"tensordot(): x's axis {a} (size {x.shape[a]}) and y's axis {b} "
                             f"(size {y.shape[b]}) must have the same size")
    free_x = [i for i in range(x.ndim) if i not in ax]
    free_y = [i for i in range(y.ndim) if i not in ay]
    k = math.prod(x.shape[a] for a in ax)
    xt = _ad.transpose_ad_func(x, free_x + ax) if free_x + ax != list(range(x.ndim)) else x
    yt = _ad.transpose_ad_func(y, ay + free_y) if ay + free_y != list(range(y.ndim)) else y
    m = math.prod(x.shape[i] for i in free_x)
    n = math.prod(y.shape[i] for i in free_y)
    out = _ad.matmul_ad_func(_ad.reshape_ad_func(xt, (m, k)), _ad.reshape_ad_func(yt, (k, n)),
                             False, False)
    return _ad.reshape_ad_func(out, tuple([x.shape[i] for i in free_x]
                                          + [y.shape[i] for i in free_y]))


def _int_or_nested_ints(v):
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return True
    return isinstance(v, (list, tuple)) and all(_int_or_nested_ints(e) for e in v)


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
