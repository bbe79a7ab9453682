"""Geometric kernels: segment reductions (segment_pool) and message passing (send_u_recv).

Both reduce rows of a (messages) array into output rows named by an index; rows that receive
nothing are 0. Integer MEAN truncates toward zero, as Paddle's C++ division does."""
import numpy as np

from ...kernel_registry import register_kernel
from ...common import int32, int64, float32, float64

_DTYPES = (int32, int64, float32, float64)
_UFUNC = {"MAX": np.maximum, "MIN": np.minimum}


def _reduce_rows(vals, dst, rows, how, nan_sticks=False):
    """(out, counts): vals' rows reduced into `rows` output rows at dst. MAX/MIN propagate NaN;
    with nan_sticks only a NaN arriving first in its row does (send_u_recv's out = first
    message, then out = max(out, next) in C++, where a comparison with NaN is false)."""
    counts = np.bincount(dst, minlength=rows)[:rows]
    out_shape = (rows,) + vals.shape[1:]
    if how in ("SUM", "MEAN"):
        out = np.zeros(out_shape, vals.dtype)  # summed in order, in x's dtype, as Paddle
        np.add.at(out, dst, vals)
        if how == "MEAN":
            c = np.maximum(counts, 1).reshape((rows,) + (1,) * (vals.ndim - 1))
            if out.dtype.kind in "iu":
                out = np.sign(out) * (np.abs(out) // c)  # C++ division: toward zero
            else:
                out = out / c
    else:
        fill = np.inf if how == "MIN" else -np.inf
        if vals.dtype.kind in "iu":
            info = np.iinfo(vals.dtype)
            fill = info.max if how == "MIN" else info.min
        out = np.full(out_shape, fill, vals.dtype)
        if nan_sticks and vals.dtype.kind == "f":
            first = np.zeros(len(dst), bool)
            first[np.unique(dst, return_index=True)[1]] = True
            later_nan = np.isnan(vals) & ~first.reshape((-1,) + (1,) * (vals.ndim - 1))
            vals = np.where(later_nan, fill, vals)
        _UFUNC[how].at(out, dst, vals)
        out[counts == 0] = 0
    return out.astype(vals.dtype, copy=False), counts


def _counts(counts, x):
    c = np.maximum(counts, 1).reshape((len(counts),) + (1,) * (x.ndim - 1))
    return c.astype(x.dtype)


@register_kernel("segment_pool", _DTYPES)
def segment_pool(x, segment_ids, pooltype):
    ids = segment_ids.reshape(-1).astype(np.int64)
    rows = int(ids[-1]) + 1 if ids.size else 0
    out, counts = _reduce_rows(x, ids, rows, pooltype)
    return out, _counts(counts, x)


@register_kernel("send_u_recv", _DTYPES)
def send_u_recv(x, src_index, dst_index, reduce_op, out_size):
    rows = int(out_size[0]) if int(out_size[0]) > 0 else x.shape[0]
    out, counts = _reduce_rows(x[src_index], dst_index.astype(np.int64), rows, reduce_op, True)
    return out, _counts(counts, x)
