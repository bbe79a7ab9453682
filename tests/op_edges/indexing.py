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
