"""paddle.distribution.poisson: where Paddle keeps Poisson (eagergraph defines it in discrete.py)."""
from .discrete import Poisson

__all__ = ["Poisson"]
