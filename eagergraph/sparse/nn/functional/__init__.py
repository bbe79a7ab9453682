"""paddle.sparse.nn.functional."""
__all__ = []
