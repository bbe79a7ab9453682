"""paddle.distribution.laplace: where Paddle keeps Laplace (eagergraph defines it in location_scale.py)."""
from .location_scale import Laplace

__all__ = ["Laplace"]
