"""paddle.incubate.distributed.fleet: recompute_sequential (recompute_hybrid, which splits the
saved activations over a model-parallel group, is not provided)."""
from ....distributed.fleet.recompute import recompute_sequential

__all__ = ["recompute_sequential"]
