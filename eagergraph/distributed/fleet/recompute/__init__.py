"""paddle.distributed.fleet.recompute: activation checkpointing (recompute, recompute_sequential)."""
from .recompute import recompute, recompute_sequential

__all__ = ["recompute", "recompute_sequential"]
