"""Edge samples for complex ops: the generic ones (see tests/op_edges/__init__.py)."""
PENDING = {
    "angle": [("complex128 nan/inf/0", "angle'(z) at z = inf or nan: Paddle keeps one part "
                                       "finite, eagergraph gives nan+nanj")],
}
