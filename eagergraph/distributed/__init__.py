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
from .fleet.base.topology import ParallelMode
from .collective import (is_available, shutdown_process_group, restart_process_group,
                         ReduceType, split)
from .p2p import send_object_list, recv_object_list, P2POp, batch_isend_irecv
from .parallel_with_gloo import gloo_init_parallel_env, gloo_barrier, gloo_release
from .entry_attr import ProbabilityEntry, CountFilterEntry, ShowClickEntry
from .auto_parallel import ProcessMesh, Placement, Shard, Replicate, Partial, set_mesh, get_mesh
# the names that need the auto-parallel engine, GPUs or a parameter server: each raises
from .unsupported import (SplitPoint, in_auto_parallel_align_mode, create_nccl_config, shard_tensor,
                          dtensor_from_fn, reshard, shard_layer, shard_optimizer, shard_scaler,
                          shard_dataloader, shard_op, to_static, unshard_dtensor, parallelize,
                          to_distributed, local_map, enable_auto_dp, group_sharded_parallel,
                          save_group_sharded_model, load_merged_state_dict,
                          build_sharded_state_dict, shard_weight, DistAttr, DistModel, Strategy,
                          LocalLayer, ShardingStage1, ShardingStage2, ShardingStage3,
                          ColWiseParallel, RowWiseParallel, ConvParallel, ContextParallel,
                          PrepareContextParallel, PrepareLayerInput, PrepareLayerOutput,
                          SequenceParallelBegin, SequenceParallelEnd, SequenceParallelEnable,
                          SequenceParallelDisable, ShardedWeight, InMemoryDataset, QueueDataset,
                          BoxPSDataset)
from . import stream, collective, entry_attr, parallel_with_gloo, auto_parallel, io
from .launch.main import launch as _launch_main
from .flex_checkpoint import save_state_dict, load_state_dict

ShardedStateDict = dict  # Paddle's typing alias: dict[str, ShardedWeight]


def launch():
    """paddle.distributed.launch(): run `python -m paddle.distributed.launch`'s job from the
    command-line arguments in sys.argv (eagergraph's launcher: MPI ranks); exits with the job's
    code when it fails."""
    rc = _launch_main()
    if rc:
        raise SystemExit(rc)

__all__ = ["ReduceOp", "ParallelEnv", "Group", "is_initialized", "destroy_process_group",
           "get_group", "new_group", "get_backend", "init_parallel_env", "get_rank",
           "get_world_size", "all_reduce", "broadcast", "reduce", "all_gather",
           "all_gather_object", "gather", "scatter", "reduce_scatter", "alltoall",
           "alltoall_single", "send", "recv", "isend", "irecv", "barrier", "wait",
           "broadcast_object_list", "scatter_object_list", "DataParallel",
           "DistributedBatchSampler", "fleet", "spawn", "ParallelMode", "is_available",
           "shutdown_process_group", "restart_process_group", "ReduceType", "split",
           "send_object_list", "recv_object_list", "P2POp", "batch_isend_irecv",
           "gloo_init_parallel_env", "gloo_barrier", "gloo_release", "ProbabilityEntry",
           "CountFilterEntry", "ShowClickEntry", "ProcessMesh", "Placement", "Shard",
           "Replicate", "Partial", "set_mesh", "get_mesh", "SplitPoint",
           "in_auto_parallel_align_mode", "create_nccl_config", "launch", "ShardedStateDict",
           "stream", "collective", "entry_attr", "parallel_with_gloo", "auto_parallel", "io",
           "save_state_dict", "load_state_dict"]
__all__ += ["build_sharded_state_dict", "dtensor_from_fn", "enable_auto_dp",
            "group_sharded_parallel", "load_merged_state_dict", "local_map", "parallelize",
            "reshard", "save_group_sharded_model", "shard_dataloader", "shard_layer", "shard_op",
            "shard_optimizer", "shard_scaler", "shard_tensor", "shard_weight", "to_distributed",
            "to_static", "unshard_dtensor", "BoxPSDataset", "ColWiseParallel", "ContextParallel",
            "ConvParallel", "DistAttr", "DistModel", "InMemoryDataset", "LocalLayer",
            "PrepareContextParallel", "PrepareLayerInput", "PrepareLayerOutput", "QueueDataset",
            "RowWiseParallel", "SequenceParallelBegin", "SequenceParallelDisable",
            "SequenceParallelEnable", "SequenceParallelEnd", "ShardedWeight", "ShardingStage1",
            "ShardingStage2", "ShardingStage3", "Strategy"]
