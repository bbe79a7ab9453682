"""Search kernels: topk."""
import numpy as np

from ...kernel_registry import register_kernel
from ..dtype_groups import REAL


@register_kernel("topk", REAL)
def topk(x, k, axis, largest, sorted):
    """The k largest (smallest) values along axis and their int64 indices; ties keep the lower
    index first, as a stable sort does; NaN counts as the largest value, as in Paddle."""
    if x.ndim == 0:
        return x.copy(), np.zeros((), np.int64)
    if not largest:
        idx = np.argsort(x, axis=axis, kind="stable")  # NaN sorts last, as in Paddle
    elif x.dtype.kind in "iub":
        # ~x orders descending without the overflow of -x at INT64_MIN
        idx = np.argsort(~x, axis=axis, kind="stable")
    else:  # largest floats: NaN first (as Paddle), then descending
        idx = np.lexsort((-x, ~np.isnan(x)), axis=axis)
    idx = np.take(idx, np.arange(k), axis=axis)
    return np.take_along_axis(x, idx, axis=axis), idx.astype(np.int64)


@register_kernel("argsort", REAL)
def argsort(x, axis, descending, stable):
    """Sorted values and int64 indices along axis; NaN sorts as the largest value. Descending
    keeps equal values in their original order (the ascending order of the reversed array,
    reversed)."""
    if x.ndim == 0:
        return x.copy(), np.zeros((), np.int64)
    a = axis % x.ndim
    if descending:
        n = x.shape[a]
        idx = n - 1 - np.flip(np.argsort(np.flip(x, a), axis=a, kind="stable"), a)
    else:
        idx = np.argsort(x, axis=a, kind="stable")
    idx = np.ascontiguousarray(idx).astype(np.int64)
    return np.take_along_axis(x, idx, axis=a), idx
