"""paddle.distributed.fleet, the single-process parts: activation checkpointing
(fleet.recompute.recompute / recompute_sequential, fleet.utils.recompute)."""
from . import recompute
from . import utils

__all__ = ["recompute", "utils"]
