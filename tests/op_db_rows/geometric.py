"""Op-table rows: the geometric family (segment_pool, send_u_recv). The public functions
(paddle.geometric.*) and their compositions are compared with Paddle in
tests/test_geometric.py; these rows check the ops against NumPy loops, every dtype, and the
gradients by finite differences (random float data, so MAX/MIN have no ties)."""
import numpy as np

import eagergraph as paddle
from ..op_db import OpInfo, Sample, make_array

_DTYPES = ("float32", "float64", "int32", "int64")


def _np_reduce(rows_in, dst, rows, how):
    """The reduction as a plain loop: out[i] = reduce of rows_in[k] with dst[k] == i."""
    out = np.zeros((rows,) + rows_in.shape[1:], rows_in.dtype)
    for i in range(rows):
        part = rows_in[dst == i]
        if len(part) == 0:
            continue
        if how == "SUM":
            out[i] = part.sum(0)
        elif how == "MEAN":
            s = part.sum(0)
            out[i] = (np.trunc(s / len(part)) if s.dtype.kind in "iu" else s / len(part))
        else:
            out[i] = part.max(0) if how == "MAX" else part.min(0)
    return out


def _np_segment(x, ids, pooltype="SUM"):
    rows = int(ids[-1]) + 1 if ids.size else 0
    return _np_reduce(x, ids, rows, pooltype)


def _np_send_u_recv(x, src, dst, reduce_op="SUM", out_size=(0,)):
    rows = out_size[0] if out_size[0] > 0 else x.shape[0]
    return _np_reduce(x[src], dst, rows, reduce_op)


def _segment_samples(rng, dt):
    out = []
    for p in ("SUM", "MEAN", "MAX", "MIN"):
        out.append(Sample([make_array(rng, (5, 3), dt), np.array([0, 0, 2, 2, 3])],
                          {"pooltype": p}, desc=p))
        out.append(Sample([make_array(rng, (4,), dt), np.array([0, 1, 1, 1], np.int32)],
                          {"pooltype": p}, desc=f"{p} 1-D int32 ids"))
    out.append(Sample([make_array(rng, (3, 2, 2), dt), np.array([1, 1, 1])],
                      {"pooltype": "MAX"}, desc="3-D, segment 0 empty"))
    return out


def _send_samples(rng, dt):
    src, dst = np.array([0, 1, 2, 0, 3, 1]), np.array([1, 2, 1, 0, 1, 3])
    out = []
    for r in ("SUM", "MEAN", "MAX", "MIN"):
        out.append(Sample([make_array(rng, (4, 3), dt), src, dst], {"reduce_op": r}, desc=r))
        out.append(Sample([make_array(rng, (4,), dt), src.astype(np.int32),
                           dst.astype(np.int32)], {"reduce_op": r, "out_size": [6]},
                          desc=f"{r} out_size 6, int32"))
    out.append(Sample([make_array(rng, (4, 2, 2), dt), src, dst], {"reduce_op": "MAX"},
                      desc="3-D"))
    return out


ROWS = [
    OpInfo("segment_pool", lambda x, ids, pooltype="SUM":
           getattr(paddle.geometric, "segment_" + pooltype.lower())(x, ids), _np_segment,
           _DTYPES, sample_inputs=_segment_samples),
    OpInfo("send_u_recv", lambda x, src, dst, reduce_op="SUM", out_size=(0,):
           paddle.geometric.send_u_recv(x, src, dst, reduce_op.lower(), out_size[0]),
           _np_send_u_recv, _DTYPES, sample_inputs=_send_samples),
]
