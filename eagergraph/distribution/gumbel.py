"""paddle.distribution.gumbel: where Paddle keeps Gumbel (eagergraph defines it in location_scale.py)."""
from .location_scale import Gumbel

__all__ = ["Gumbel"]
