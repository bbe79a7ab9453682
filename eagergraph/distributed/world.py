"""init_parallel_env, get_rank, get_world_size (Paddle distributed/parallel.py)."""
import os
import warnings

from . import group as _group
from .backend import ProcessGroup
from .env import global_env, mpi_world

__all__ = ["init_parallel_env", "get_rank", "get_world_size"]


def init_parallel_env(nccl_config=None):
    """Join the job the launcher started: open the MPI world and make the global group (all
    ranks, id 0), which it returns. In a world of one it does nothing (a warning, None), as
    Paddle; called again, it returns the group it made."""
    env = global_env(refresh=True)
    if env.world_size < 2:
        warnings.warn("Currently not a parallel execution environment, "
                      "`paddle.distributed.init_parallel_env` will not do anything.")
        return None
    if _group.is_initialized():
        return _group.global_group()
    for var in ("PADDLE_TRAINER_ID", "PADDLE_CURRENT_ENDPOINT", "PADDLE_TRAINERS_NUM"):
        if os.getenv(var) is None:
            raise ValueError("paddle.distributed initialize error, "
                             f"environment variable {var} is needed, but not set.")
    rank, size = env.rank, env.world_size
    assert 0 <= rank < size, (
        "rank must be non-negative and world_size must be the maximum rank plus one. Moreover, "
        "at least two processes are required to create a process group.")
    comm = mpi_world(rank, size)
    g = _group.Group(rank, 0, list(range(size)), pg=ProcessGroup(comm), name="_default_pg")
    _group.set_global_group(g)
    return g


def get_rank(group=None):
    """This process's rank in `group` (the global rank when None; -1 off the group)."""
    if group:
        return group.rank
    return global_env().rank


def get_world_size(group=None):
    """The number of ranks in `group` (the job's when None)."""
    if group is None and _group.is_initialized():
        group = _group.global_group()
    if group:
        return group.world_size
    return global_env().world_size
