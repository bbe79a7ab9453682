"""paddle.distribution.exponential: where Paddle keeps Exponential (eagergraph defines it in gamma.py)."""
from .gamma import Exponential

__all__ = ["Exponential"]
