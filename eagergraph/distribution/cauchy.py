"""paddle.distribution.cauchy: where Paddle keeps Cauchy (eagergraph defines it in location_scale.py)."""
from .location_scale import Cauchy

__all__ = ["Cauchy"]
