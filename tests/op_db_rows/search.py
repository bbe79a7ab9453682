"""Op-table rows: topk, argsort, searchsorted."""
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
