"""The linalg family's Python wrappers (Paddle python/paddle/tensor/linalg.py, math.py): mm,
outer and inner, which Paddle composes from matmul, multiply and reshape; their gradients come
from those ops."""
import math

from .._generated import dygraph_functions as _ad

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
