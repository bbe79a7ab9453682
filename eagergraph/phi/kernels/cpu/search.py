"""Search kernels: topk, argsort, unique, unique_consecutive, searchsorted."""
import numpy as np

from ...kernel_registry import register_kernel
from ..dtype_groups import REAL
from ...common import int32, int64, float32, float64


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


def _unique_rows(x, axis):
    """x as rows to compare: the flattened x ([n]) or its slices along axis ([n, rest])."""
    if not axis:
        return x.reshape(-1), None
    a = axis[0] % x.ndim
    m = np.moveaxis(x, a, 0)
    return m.reshape(m.shape[0], -1), a


def _unique_parts(x, axis):
    """(values, first index, inverse, counts) of x, as the `unique` op returns them."""
    rows, a = _unique_rows(x, axis)
    if a is None:
        return np.unique(rows, return_index=True, return_inverse=True, return_counts=True,
                         equal_nan=False)
    out, first, inv, counts = np.unique(rows, return_index=True, return_inverse=True,
                                        return_counts=True, axis=0)
    m = np.moveaxis(x, a, 0)
    out = np.moveaxis(out.reshape((len(out),) + m.shape[1:]), 0, a)
    return out, first, inv, counts


@register_kernel("unique", (int32, int64, float32, float64))
def unique(x, axis, dtype):
    d = dtype.np_dtype  # int32/int64 (InferMeta checked)
    out, first, inv, counts = _unique_parts(x, axis)
    return (np.ascontiguousarray(out), first.astype(d), inv.reshape(-1).astype(d),
            counts.astype(d))


def _consecutive_starts(x, axis):
    """Where each run of equal values (or slices along axis) starts, as a bool mask."""
    rows, _ = _unique_rows(x, axis)
    new = np.ones(len(rows), bool)
    if len(rows) > 1:
        diff = rows[1:] != rows[:-1]
        new[1:] = diff if diff.ndim == 1 else diff.any(1)
    return new


@register_kernel("unique_consecutive", (int32, int64, float32, float64))
def unique_consecutive(x, axis, dtype):
    d = dtype.np_dtype  # int32/int64 (InferMeta checked)
    new = _consecutive_starts(x, axis)
    starts = np.flatnonzero(new)
    if axis:
        out = np.take(x, starts, axis=axis[0])
    else:
        out = x.reshape(-1)[starts]
    counts = np.diff(np.append(starts, len(new)))
    return (np.ascontiguousarray(out), (np.cumsum(new) - 1).astype(d), counts.astype(d))

@register_kernel("searchsorted", (int32, int64, float32, float64))
def searchsorted(sorted_sequence, values, out_int32, right):
    """std::lower_bound (upper_bound with right) of each value in its row of sorted_sequence,
    as Paddle's kernel: values are cast to the sequence's dtype first, a NaN value goes to the
    end, and the binary search makes the same comparisons (so a NaN in the sequence misleads it
    the same way). Vectorised: one step of every search at a time, log2(M) steps."""
    seq = sorted_sequence
    m = seq.shape[-1]
    v = values.astype(seq.dtype, copy=False)
    dt = np.int32 if out_int32 else np.int64
    if seq.ndim == 1 and (seq.dtype.kind != "f" or not np.isnan(seq).any()):
        # without NaN in the sequence NumPy's search is the same (a NaN value goes to the end)
        return np.searchsorted(seq, v, "right" if right else "left").astype(dt)
    b = int(np.prod(seq.shape[:-1], dtype=np.int64))
    rows = seq.reshape(b, m)
    vals = v.reshape(1, v.size) if seq.ndim == 1 else v.reshape(b, v.shape[-1])
    lo = np.zeros(vals.shape, np.int64)
    count = np.full(vals.shape, m, np.int64)
    with np.errstate(invalid="ignore"):
        while m and count.any():
            step = count // 2
            it = lo + step
            s = np.take_along_axis(rows, np.minimum(it, m - 1), 1)
            go = ~(vals < s) if right else s < vals
            go &= count > 0
            lo = np.where(go, it + 1, lo)
            count = np.where(go, count - step - 1, step)
        if vals.dtype.kind == "f":
            lo[np.isnan(vals)] = m
    return lo.reshape(values.shape).astype(dt)
