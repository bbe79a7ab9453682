"""Edge samples for sort/topk: NaN (Paddle puts it last ascending, first descending), ties
(stable index order), +-inf, k == 0 and k out of range, empty and 0-D tensors."""
import numpy as np

from . import Edge, INF, NAN
from .record import decode

_V = np.array([1.0, NAN, 3.0, 1.0, -INF, INF, 3.0, -0.0, 0.0, NAN])
_M = np.array([[2.0, 1.0, 2.0, NAN], [INF, -INF, 0.0, -0.0]])

EDGES = {
    "topk": [Edge([_V], {"k": 4}, desc="float64 nan ties inf largest"),
             Edge([_V], {"k": 4, "largest": False}, desc="float64 nan ties inf smallest"),
             Edge([_M], {"k": 2, "axis": 0}, desc="float64 axis 0 ties"),
             Edge([_M], {"k": 5}, desc="float64 k > size", grad=False),
             Edge([_V], {"k": 0}, desc="float64 k == 0"),
             Edge([np.array(2.0)], {"k": 1}, desc="float64 0-d"),
             Edge([np.array([3, 1, 3, -2, 1])], {"k": 3}, desc="int64 ties")],
    "argsort": [Edge([_V], {}, desc="float64 nan ties inf"),
                Edge([_V], {"descending": True}, desc="float64 nan ties inf descending"),
                Edge([_M], {"axis": 0}, desc="float64 axis 0"),
                Edge([np.zeros((2, 0))], {}, desc="float64 empty (2, 0)"),
                Edge([np.array(2.0)], {}, desc="float64 0-d"),
                Edge([_V], {"axis": 1}, desc="float64 axis out of range")],
}

XFAIL = {
    "topk": [(t, "eagergraph's topk is a stable sort (tied elements in index order); Paddle "
                 "3.3.1's partial sort returns ties in another order")
             for t in ("nan ties inf largest", "nan ties inf smallest", "int64 ties")],
}

# NaN in unique / unique_consecutive: Paddle 3.3.1 returns garbage (unique: the NaN's inverse is
# uninitialised memory and its count 0; unique_consecutive: a phantom leading NaN with count
# 0); eagergraph gives each NaN an entry of its own (NaN != NaN), counted once
_U_NAN = "Paddle 3.3.1's unique/unique_consecutive give a NaN garbage inverse/counts"
DIFFERS = {
    "unique": [("nan/inf/0", _U_NAN, lambda r: "out" in r and np.isnan(  # x's first is NaN
        decode(r["out"][0])[decode(r["out"][2]).reshape(-1)[0]]).any())],
    "unique_consecutive": [("nan/inf/0", _U_NAN, lambda r: "out" in r and all(
        c > 0 for c in r["out"][2]["data"]))],
    # the poisoned sorted_sequence (NaN, inf, -inf, 0 in front) is not sorted: where a binary
    # search lands is unspecified (Paddle's lower_bound vs NumPy's, which sorts NaN last)
    "searchsorted": [("nan/inf/0", "searchsorted of an unsorted sequence is unspecified",
                      lambda r: "out" in r and r["out"][0]["dtype"] == "int64")],
}
