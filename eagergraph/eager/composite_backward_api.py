"""Helpers that backward.yaml formulas call by name (Paddle prim composite_backward_api.h).

Each is written with ops (`<op>_ad_func`), so it is differentiable like the formulas that use it.
A formula name resolves here first, then to an op of ops.yaml."""
import numpy as np

from ..tensor import Tensor
from .._generated import dygraph_functions as F


def conj(x):
    """conj for complex tensors; real tensors pass through (no copy, no op)."""
    if x._data.dtype.kind == "c":
        return F.conj_ad_func(x)
    return x


def zeros_like_meta(meta):
    return Tensor._wrap(np.zeros(meta.shape, meta.np_dtype))


def fill_zero(g, meta):
    """The grad of an output that received none: zeros of its shape and dtype."""
    return zeros_like_meta(meta) if g is None else g


def fill_zero_list(gs, metas):
    return [zeros_like_meta(m) if g is None else g for g, m in zip(gs, metas)]


def _mask(cond, like):
    """A constant 0/1 tensor (no graph: its derivative is zero) of `like`'s dtype."""
    return Tensor._wrap(cond.astype(like._data.dtype))


def greater_mask(x, y, like):
    return _mask(x._data > y._data, like)


def less_mask(x, y, like):
    return _mask(x._data < y._data, like)


def greater_equal_mask(x, y, like):
    return _mask(x._data >= y._data, like)


def less_equal_mask(x, y, like):
    return _mask(x._data <= y._data, like)


def clip_mask(x, lo, hi, like):
    """1 where lo < x < hi (Paddle's clip_grad passes the grad strictly inside the range)."""
    d = x._data
    return _mask((d > lo) & (d < hi), like)


def abs_grad(x, out_grad):
    """out_grad * x / |x| (real: out_grad * sign(x)), and 0 where x == 0."""
    if x._data.dtype.kind != "c":
        return F.multiply_ad_func(out_grad, F.sign_ad_func(x))
    a = F.abs_ad_func(x)
    zero = a._data == 0
    if zero.any():
        a = F.add_ad_func(a, _mask(zero, a))  # |x| -> 1 where x == 0 (x is 0 there anyway)
    return F.divide_ad_func(F.multiply_ad_func(out_grad, x), a)
