"""Edge samples for shape ops: bad shapes and axes (error types), empty tensors."""
import numpy as np

from . import Edge

_X = np.arange(6.0).reshape(2, 3)
EDGES = {
    "reshape": [Edge([_X], {"shape": [4, -1]}, desc="float64 does not divide"),
                Edge([_X], {"shape": [-1, -1]}, desc="float64 two -1"),
                Edge([np.zeros((2, 0))], {"shape": [0, 5]}, desc="float64 empty to (0, 5)")],
    "transpose": [Edge([_X], {"perm": [0, 0]}, desc="float64 repeated perm")],
    "squeeze": [Edge([_X], {"axis": 5}, desc="float64 axis out of range")],
    "concat": [Edge([_X, np.ones((2, 2))], {"axis": 0}, desc="float64 shapes disagree"),
               Edge([_X, np.zeros((0, 3))], {"axis": 0}, desc="float64 with empty")],
    "stack": [Edge([_X, np.ones((3, 2))], desc="float64 shapes disagree")],
    "expand": [Edge([np.ones((2, 3))], {"shape": [4, 3], "out_shape": (4, 3)},
                    desc="float64 not broadcastable")],
    "flip": [Edge([_X], {"axis": [2]}, desc="float64 axis out of range")],
    "where": [Edge([np.array([True, False]), np.ones(3), np.zeros(3)],
                   desc="float64 shapes disagree")],
}

NO_PADDLE = {"broadcast_view": "eagergraph's internal operand of the norms' composites; Paddle "
                               "has fused norm kernels instead"}
