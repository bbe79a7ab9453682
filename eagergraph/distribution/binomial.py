"""paddle.distribution.binomial: where Paddle keeps Binomial (eagergraph defines it in discrete.py)."""
from .discrete import Binomial

__all__ = ["Binomial"]
