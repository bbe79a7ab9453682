"""paddle.framework.random (Paddle 3.3.1 python/paddle/framework/random.py): the generator
functions paddle.seed & co. are, and `_manual_program_seed`, which seeds static Programs only.
Loaded once eagergraph is imported (framework_exports), as it names ops-level functions."""
from ..phi.generator import Generator, seed
from ..ops.random import get_rng_state, set_rng_state, get_cuda_rng_state, set_cuda_rng_state

__all__ = ["Generator", "seed", "get_rng_state", "set_rng_state", "get_cuda_rng_state",
           "set_cuda_rng_state", "_manual_program_seed"]


def _manual_program_seed(seed):
    """Paddle sets the random_seed of the default main/startup Programs: static graphs only, so
    in dygraph (here always) the generator's stream is left as it is, as in Paddle."""
    return None
