"""paddle.distributed.fleet.utils, the part dygraph training uses: recompute."""
from ..recompute import recompute

__all__ = ["recompute"]
