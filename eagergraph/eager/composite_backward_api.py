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
