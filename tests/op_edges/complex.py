"""Edge samples for complex ops: the generic ones (see tests/op_edges/__init__.py)."""
