"""Edge samples for reductions: the generic ones (see tests/op_edges/__init__.py)."""
_NAN = ("nan/inf/0", "README: argmax/argmin do not skip NaN specially (NaN wins, as in NumPy); "
        "Paddle 3.3.1 ignores it", "ref")
DIFFERS = {"argmax": [_NAN], "argmin": [_NAN]}
