"""Edge samples for linear algebra: the generic ones (see tests/op_edges/__init__.py)."""
DIFFERS = {
    "diag_embed": [("float", "Paddle 3.3.1 gives diag_embed's input no gradient; eagergraph's "
                             "is checked by finite differences", "grads"),
                   ("complex", "as for float", "grads")],
}
PENDING = {
    "matmul": [("complex128 nan/inf/0", "complex inf/nan propagation (NumPy vs Paddle)")],
    "inverse": [("nan/inf/0", "Paddle raises ValueError for a matrix with inf/nan (singular "
                              "check); eagergraph returns NaNs")],
    "solve": [("nan/inf/0", "Paddle raises ValueError for a matrix with inf/nan; eagergraph "
                            "returns NaNs")],
    "det": [("nan/inf/0", "Paddle's det gradient raises ValueError for a matrix with inf/nan")],
    "slogdet": [("nan/inf/0", "slogdet sign of a matrix with inf/nan: Paddle 0, eagergraph 1"),
                ("complex128", "complex slogdet of non-finite matrices")],
    "matrix_power": [("nan/inf/0", "matrix_power gradient with inf entries: Paddle +-inf, "
                                   "eagergraph NaN"),
                     ("complex128", "the complex matrix_power gradient differs from Paddle's "
                                    "(conjugation convention?): look at it")],
}

import numpy as np  # noqa: E402

from . import Edge, INF, NAN  # noqa: E402

_A = np.array([[1.0, INF], [0.0, NAN]])
EDGES = {
    "matmul": [Edge([np.ones((2, 3)), np.ones((2, 3))], desc="float64 shape mismatch"),
               Edge([np.ones((2, 0)), np.ones((0, 3))], desc="float64 empty inner (zeros)"),
               Edge([np.ones((0, 2)), np.ones((2, 3))], desc="float64 empty outer"),
               Edge([np.array(2.0), np.ones(3)], desc="float64 0-d operand"),
               Edge([_A, np.array([[0.0, 1.0], [1.0, 0.0]])], desc="float64 0 * inf")],
    "dot": [Edge([np.ones(3), np.ones(2)], desc="float64 length mismatch"),
            Edge([np.zeros(0), np.zeros(0)], desc="float64 empty"),
            Edge([np.array([INF, 1.0]), np.array([0.0, 1.0])], desc="float64 0 * inf")],
    "inverse": [Edge([np.array([[1.0, 2.0], [2.0, 4.0]])], desc="float64 singular"),
                Edge([np.ones((2, 3))], desc="float64 not square")],
    "det": [Edge([np.array([[1.0, 2.0], [2.0, 4.0]])], desc="float64 singular"),
            Edge([np.zeros((0, 0))], desc="float64 empty 0x0")],
    "trace": [Edge([np.zeros((0, 3))], desc="float64 empty")],
    "cross": [Edge([np.ones((2, 2)), np.ones((2, 2))], desc="float64 no axis of size 3")],
}
PENDING["det"].append(("singular", "Paddle 3.3.1 gives the gradient of det at a singular matrix; "
                                   "eagergraph's backward (through the inverse) raises ValueError"))
