"""gloo_init_parallel_env / gloo_barrier / gloo_release (Paddle distributed/parallel_with_gloo.py)
on eagergraph's CPU backend, which is MPI rather than gloo: gloo_init_parallel_env joins the MPI
job the launcher started (its rank and size must be rank_id and rank_num; Paddle's own
rendezvous server is not needed) and gloo_barrier is a barrier over it."""
from . import world as _world
from .communication import barrier
from .env import global_env

__all__ = ["gloo_init_parallel_env", "gloo_barrier", "gloo_release"]

_ctx = None


def gloo_init_parallel_env(rank_id, rank_num, server_endpoint):
    """Initialise the CPU parallel environment of rank_id of rank_num ranks (server_endpoint,
    "ip:port", is accepted and unused: MPI needs no rendezvous server)."""
    global _ctx
    assert (rank_num < 2) is False, \
        "rank_num should greater than or equal to 2 for parallel environment initialization."
    env = global_env(refresh=True)
    if env.world_size != rank_num or env.rank != rank_id:
        raise RuntimeError(
            f"gloo_init_parallel_env(rank_id={rank_id}, rank_num={rank_num}): eagergraph's CPU "
            f"collectives run on MPI, and this process is rank {env.rank} of "
            f"{env.world_size}; start the {rank_num} ranks with `python -m "
            f"eagergraph.distributed.launch --nproc_per_node {rank_num} script.py` (or "
            f"paddle.distributed.spawn) and pass each its own rank.")
    _world.init_parallel_env()
    _ctx = (rank_id, rank_num, server_endpoint)


def gloo_barrier():
    """A barrier over the ranks gloo_init_parallel_env joined."""
    assert _ctx is not None, "gloo context is not initialized."
    barrier()


def gloo_release():
    """Release the context (the MPI world stays open for the other collectives)."""
    global _ctx
    _ctx = None
