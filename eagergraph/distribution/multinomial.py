"""paddle.distribution.multinomial: where Paddle keeps Multinomial (eagergraph defines it in discrete.py)."""
from .discrete import Multinomial

__all__ = ["Multinomial"]
