"""recompute_hybrid (Paddle fleet/recompute/recompute_hybrid.py): recompute for hybrid
(model-parallel) jobs. ctx['mp_group'] is required as in Paddle; ctx['offload'] (move the saved
inputs to host memory) and ctx['partition'] (keep 1/mp of each saved input, all-gathered again
in backward) change only where the saved activations live, never the values or gradients, so
eagergraph, with no device memory and data parallelism only, runs them as plain recompute
with the RNG state preserved (Paddle's hybrid recompute always preserves it)."""
from .recompute import recompute

__all__ = ["recompute_hybrid"]


def recompute_hybrid(ctx, function, *args, **kwargs):
    """recompute_hybrid(ctx, function, *args, **kwargs): `function(*args, **kwargs)` with its
    activations recomputed in backward; ctx = {'mp_group': group, 'offload': bool,
    'partition': bool}."""
    mp_group = ctx.get("mp_group", None)
    assert mp_group is not None, "ctx must contains mp_group and mp_group can not be None."
    for key in ("offload", "partition"):
        if not isinstance(ctx.get(key, False), bool):
            raise TypeError(f"ctx['{key}'] should be a bool, but got {type(ctx[key]).__name__}")
    kwargs.pop("preserve_rng_state", None)
    return recompute(function, *args, preserve_rng_state=True, **kwargs)
