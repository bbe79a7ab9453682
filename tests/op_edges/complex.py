"""Edge samples for complex ops: the generic ones (see tests/op_edges/__init__.py)."""
XFAIL = {
    "angle": [(t, "eagergraph's angle gradient i g z / |z|^2 is "
                                       "nan+nanj at z = inf or nan; Paddle 3.3.1's kernel keeps "
                                       "one part finite")
              for t in ("complex128 nan/inf/0 (3,)", "complex128 nan/inf/0 (2, 3)")],
}
