"""paddle.distributed.fleet.recompute: activation checkpointing (recompute,
recompute_sequential, recompute_hybrid)."""
from .recompute import recompute, recompute_sequential
from .recompute_hybrid import recompute_hybrid

__all__ = ["recompute", "recompute_sequential", "recompute_hybrid"]
