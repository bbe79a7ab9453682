"""paddle.distribution.chi2: where Paddle keeps Chi2 (eagergraph defines it in gamma.py)."""
from .gamma import Chi2

__all__ = ["Chi2"]
