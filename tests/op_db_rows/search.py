"""Op-table rows: topk, argsort, unique, unique_consecutive, searchsorted."""
import numpy as np

import eagergraph as paddle
from ..op_db import OpInfo, Sample


def _ref(x, k, axis=-1, largest=True):
    idx = np.argsort(-x if largest else x, axis=axis, kind="stable")
    idx = np.take(idx, np.arange(k), axis=axis)
    return np.take_along_axis(x, idx, axis=axis), idx


def _samples(rng, dt):
    # distinct values (a permutation) so the order, and so the gradient, is well defined
    def perm(shape):
        return (rng.permutation(int(np.prod(shape))).reshape(shape) * 0.5 - 2).astype(dt)
    return [Sample([perm((5,))], {"k": 2}), Sample([perm((3, 4))], {"k": 3, "axis": 0}),
            Sample([perm((2, 3, 4))], {"k": 1, "axis": 1, "largest": False})]


ROWS = [
    OpInfo("topk", lambda x, **kw: paddle.topk(x, **kw), _ref,
           ("float32", "float64", "int32", "int64"), sample_inputs=_samples,
           out_dtype=lambda d: (d, "int64")),
]


def _argsort_ref(x, axis=-1, descending=False, stable=False):
    if x.ndim == 0:
        return x.copy(), np.zeros((), np.int64)
    if descending:
        n = x.shape[axis]
        idx = n - 1 - np.flip(np.argsort(np.flip(x, axis), axis=axis, kind="stable"), axis)
    else:
        idx = np.argsort(x, axis=axis, kind="stable")
    return np.take_along_axis(x, idx, axis=axis), idx


def _argsort_samples(rng, dt):
    def perm(shape):
        return np.asarray((rng.permutation(int(np.prod(shape))).reshape(shape) * 0.5 - 2)
                          .astype(dt))
    return [Sample([perm((5,))]), Sample([perm((3, 4))], {"axis": 0, "descending": True}),
            Sample([perm((2, 3, 4))], {"axis": 1, "stable": True}), Sample([perm(())])] + [
            # ties (integers only: at a tie the order, so the gradient, jumps)
            Sample([np.array([2, 1, 2, 0, 1]).astype(dt)], kw)
            for kw in ({"descending": True}, {"stable": True}) if np.dtype(dt).kind in "iu"]


ROWS += [
    OpInfo("argsort", lambda x, **kw: (paddle.sort(x, **kw), paddle.argsort(x, **kw)),
           _argsort_ref, ("float16", "float32", "float64", "int32", "int64", "uint8"),
           sample_inputs=_argsort_samples, out_dtype=lambda d: (d, "int64")),
]


# unique / unique_consecutive: every output asked for, against NumPy (NaN never equals NaN)
def _unique_ref(x, return_index=True, return_inverse=True, return_counts=True, axis=None):
    if axis is None:
        out, first, inv, counts = np.unique(x.reshape(-1), True, True, True, equal_nan=False)
        return out, first, inv.reshape(-1), counts
    out, first, inv, counts = np.unique(x, True, True, True, axis=axis)
    return out, first, inv.reshape(-1), counts


def _unique_consecutive_ref(x, return_inverse=True, return_counts=True, axis=None):
    rows = x.reshape(-1) if axis is None else np.moveaxis(x, axis, 0).reshape(x.shape[axis], -1)
    new = np.array([True] + [bool(np.any(rows[i] != rows[i - 1])) for i in range(1, len(rows))]
                   if len(rows) else [], bool)
    starts = np.flatnonzero(new)
    out = rows[starts] if axis is None else np.take(x, starts, axis=axis)
    return out, np.cumsum(new) - 1, np.diff(np.append(starts, len(rows)))


def _unique_samples(rng, dt):
    def small(shape):  # few distinct values, so there are repeats
        return rng.integers(0, 3, shape).astype(dt)
    out = [Sample([small((7,))], {}, desc="1-D"), Sample([small((3, 4))], {}, desc="2-D flat"),
           Sample([small((4, 2))], {"axis": 0}, desc="rows"),
           Sample([small((2, 5))], {"axis": -1}, desc="columns"),
           Sample([small(())], {}, desc="0-D"), Sample([small((0,))], {}, desc="empty")]
    if np.dtype(dt).kind == "f":
        a = small((6,))
        a[[1, 4]] = np.nan
        out.append(Sample([a], {}, desc="NaN"))
    return out


def _all_outputs(fn, **flags):
    return lambda x, **kw: fn(x, **flags, **kw)


ROWS += [
    OpInfo("unique", _all_outputs(paddle.unique, return_index=True, return_inverse=True,
                                  return_counts=True), _unique_ref,
           ("int32", "int64", "float32", "float64"), sample_inputs=_unique_samples,
           out_dtype=lambda d: (d, "int64", "int64", "int64"), grad=0),
    OpInfo("unique_consecutive", _all_outputs(paddle.unique_consecutive, return_inverse=True,
                                              return_counts=True), _unique_consecutive_ref,
           ("int32", "int64", "float32", "float64"), sample_inputs=_unique_samples,
           out_dtype=lambda d: (d, "int64", "int64"), grad=0),
]


def _searchsorted_ref(seq, values, out_int32=False, right=False):
    side = "right" if right else "left"
    dt = np.int32 if out_int32 else np.int64
    if seq.ndim == 1:
        return np.searchsorted(seq, values, side=side).astype(dt)
    rows, vals = seq.reshape(-1, seq.shape[-1]), values.reshape(-1, values.shape[-1])
    return np.stack([np.searchsorted(r, v, side=side) for r, v in zip(rows, vals)]).reshape(
        values.shape).astype(dt)


def _searchsorted_samples(rng, dt):
    def srt(shape):  # sorted along the last axis, with repeats so `right` matters
        return np.sort(rng.integers(-4, 5, shape), axis=-1).astype(dt)

    def vals(shape):
        return rng.integers(-6, 7, shape).astype(dt)
    return [Sample([srt((6,)), vals((3, 4))]),
            Sample([srt((6,)), vals((5,))], {"right": True}),
            Sample([srt((2, 3, 5)), vals((2, 3, 4))]),
            Sample([srt((2, 5)), vals((2, 3))], {"right": True}),
            Sample([srt((4,)), vals(())]), Sample([srt((0,)), vals((3,))]),
            Sample([srt((5,)), vals((0,))])]


ROWS += [
    OpInfo("searchsorted", lambda s, v, **kw: paddle.searchsorted(s, v, **kw), _searchsorted_ref,
           ("float32", "float64", "int32", "int64"), sample_inputs=_searchsorted_samples,
           out_dtype=lambda d: "int64", grad=0),
]
