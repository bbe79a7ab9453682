"""Edge samples: the geometric family (segment_pool, send_u_recv): ties, empty segments, rows
that receive nothing, and the index errors Paddle raises. (An empty x crashes Paddle 3.3.1's
segment_pool, so it is not captured; eagergraph returns an empty result,
tests/test_geometric.py.)"""
import numpy as np

from . import Edge, NAN

_X = np.array([[1.0, 2.0], [1.0, -1.0], [3.0, 3.0], [NAN, 0.0]])
_IDS = np.array([0, 0, 2, 2])
_SRC, _DST = np.array([0, 1, 2, 3, 0]), np.array([1, 1, 0, 0, 3])

EDGES = {
    "segment_pool": [
        Edge([_X, _IDS], {"pooltype": p}, desc=f"float64 ties and nan {p}")
        for p in ("SUM", "MEAN", "MAX", "MIN")] + [
        Edge([_X, np.array([1, 0, 2, 2])], desc="unsorted ids", grad=False),
        Edge([_X, np.array([0.0, 0.0, 1.0, 1.0])], desc="float ids", grad=False),
        Edge([_X, np.array([0, 0, 1])], desc="ids shorter than x", grad=False),
        Edge([_X, np.array([[0, 0, 1, 1]])], desc="2-D ids", grad=False),
        Edge([np.nan_to_num(_X).astype(np.int64) * 3 - 1, _IDS], {"pooltype": "MEAN"}, desc="int64 mean truncates",
             grad=False),
    ],
    "send_u_recv": [
        Edge([_X, _SRC, _DST], {"reduce_op": r}, desc=f"float64 ties and nan {r}")
        for r in ("SUM", "MEAN", "MAX", "MIN")] + [
        Edge([_X, _SRC, _DST], {"out_size": (-3,)}, desc="negative out_size: x's rows"),
        Edge([_X, _SRC, _DST], {"out_size": (2,)}, desc="out_size below dst", grad=False),
        Edge([_X, np.array([0, 9]), np.array([0, 1])], desc="src out of range", grad=False),
        Edge([_X, np.array([0, 1]), np.array([0, 1, 2])], desc="index lengths differ",
             grad=False),
        Edge([_X, np.array([0, 1]), np.array([0, -1])], desc="negative dst", grad=False),
        Edge([_X, np.zeros(0, np.int64), np.zeros(0, np.int64)], desc="no edges"),
        Edge([np.nan_to_num(_X).astype(np.int32) * 3 - 1, _SRC.astype(np.int32), _DST.astype(np.int32)],
             {"reduce_op": "MEAN"}, desc="int32 mean", grad=False),
    ],
}
