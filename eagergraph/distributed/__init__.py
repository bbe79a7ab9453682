"""paddle.distributed on MPI: the parallel environment, groups, collectives on Tensors,
DataParallel, spawn, fleet's data parallelism, and the launcher (python -m
eagergraph.distributed.launch). Outside a launcher a
process is a world of one and everything runs without MPI (mpi4py is imported lazily)."""
from .backend import ReduceOp
from .env import ParallelEnv
from .group import Group, is_initialized, destroy_process_group, get_group, new_group, \
    get_backend
from .world import init_parallel_env, get_rank, get_world_size
from .communication import (all_reduce, broadcast, reduce, all_gather, all_gather_object,
                            gather, scatter, reduce_scatter, alltoall, alltoall_single, send,
                            recv, isend, irecv, barrier, wait, broadcast_object_list,
                            scatter_object_list)
from .parallel import DataParallel
from .spawn import spawn
from ..io import DistributedBatchSampler
from . import fleet

__all__ = ["ReduceOp", "ParallelEnv", "Group", "is_initialized", "destroy_process_group",
           "get_group", "new_group", "get_backend", "init_parallel_env", "get_rank",
           "get_world_size", "all_reduce", "broadcast", "reduce", "all_gather",
           "all_gather_object", "gather", "scatter", "reduce_scatter", "alltoall",
           "alltoall_single", "send", "recv", "isend", "irecv", "barrier", "wait",
           "broadcast_object_list", "scatter_object_list", "DataParallel",
           "DistributedBatchSampler", "fleet", "spawn"]
