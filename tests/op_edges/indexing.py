"""Edge samples for index ops: the generic ones (see tests/op_edges/__init__.py)."""
_NO_COMPLEX = ("complex128", "Paddle 3.3.1's CPU kernel has no complex128 (RuntimeError); "
               "eagergraph's row supports it (checked by the op table)", lambda r: "out" in r)
_SEL = ("Paddle 3.3.1's index_select gradient puts a negative index's gradient at the wrong "
        "element; eagergraph's is checked by finite differences", lambda r: "grads" in r)
DIFFERS = {
    "index_select": [(("float", "{'axis': 2}"),) + _SEL, (("complex", "{'axis': 2}"),) + _SEL],
    "scatter": [_NO_COMPLEX], "index_add": [_NO_COMPLEX], "take_along_axis": [_NO_COMPLEX],
    "put_along_axis": [_NO_COMPLEX],
}

import numpy as np  # noqa: E402

from . import Edge, NAN  # noqa: E402

_X = np.array([[1.0, NAN, 3.0], [4.0, 5.0, -6.0]])
EDGES = {
    "gather": [Edge([_X, np.array([0, 0, 1])], desc="float64 repeated index (grads add)"),
               Edge([_X, np.array([2])], desc="float64 index out of range"),
               Edge([_X, np.array([-1])], desc="float64 negative index"),
               Edge([_X, np.zeros((0,), np.int64)], desc="float64 empty index"),
               Edge([_X, np.array([0.0])], desc="float64 float index", grad=False)],
    "index_select": [Edge([_X, np.array([3]), 1], desc="float64 index out of range"),
                     Edge([_X, np.array([1, 1]), 1], desc="float64 repeated index")],
    "masked_fill": [Edge([_X, np.array([True, False, True]), NAN], desc="float64 fill nan"),
                    Edge([_X, np.zeros((2, 3), bool)], desc="float64 nothing masked")],
    "masked_select": [Edge([_X, np.zeros((2, 3), bool)], desc="float64 nothing selected"),
                      Edge([_X, np.array([True, False])], desc="float64 mask does not broadcast")],
    "take_along_axis": [Edge([_X, np.array([[3]]), 1], desc="float64 index out of range")],
}
