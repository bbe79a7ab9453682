"""paddle.distribution.geometric: where Paddle keeps Geometric (eagergraph defines it in discrete.py)."""
from .discrete import Geometric

__all__ = ["Geometric"]
