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
