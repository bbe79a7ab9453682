"""The paddle.distributed names that need the auto-parallel engine, GPUs (group sharding, NCCL)
or a parameter server: each raises NotImplementedError naming what it is and what eagergraph
supports (eagergraph.distributed.auto_parallel.SUPPORTED)."""
import enum

from .auto_parallel import unsupported

_SHARD = "is group-sharded (ZeRO) data parallelism on GPUs"
_CKPT = ("is the sharded part of Paddle's distributed checkpoint (flex_checkpoint; "
         "save_state_dict / load_state_dict of whole, replicated tensors are implemented)")
_PS = "is a parameter-server dataset (fleet's PS training)"

FUNCTIONS = {n: unsupported(n) for n in (
    "shard_tensor", "dtensor_from_fn", "reshard", "shard_layer", "shard_optimizer",
    "shard_scaler", "shard_dataloader", "shard_op", "to_static", "unshard_dtensor",
    "parallelize", "to_distributed", "local_map", "enable_auto_dp")}
FUNCTIONS.update({n: unsupported(n, _SHARD) for n in ("group_sharded_parallel",
                                                       "save_group_sharded_model")})
FUNCTIONS.update({n: unsupported(n, _CKPT) for n in (
    "load_merged_state_dict", "build_sharded_state_dict", "shard_weight")})

CLASSES = {n: unsupported(n, cls=True) for n in (
    "DistAttr", "DistModel", "Strategy", "LocalLayer", "ShardingStage1", "ShardingStage2",
    "ShardingStage3", "ColWiseParallel", "RowWiseParallel", "ConvParallel", "ContextParallel",
    "PrepareContextParallel", "PrepareLayerInput", "PrepareLayerOutput",
    "SequenceParallelBegin", "SequenceParallelEnd", "SequenceParallelEnable",
    "SequenceParallelDisable")}
CLASSES["ShardedWeight"] = unsupported("ShardedWeight", _CKPT, cls=True)
CLASSES.update({n: unsupported(n, _PS, cls=True) for n in ("InMemoryDataset", "QueueDataset",
                                                            "BoxPSDataset")})


def in_auto_parallel_align_mode():
    """Paddle's flag for auto-parallel alignment runs: never on here."""
    return False


def create_nccl_config(nccl_config=None):
    """The NCCL configuration of a group: None, as in a Paddle build without NCCL."""
    return None


class SplitPoint(enum.Enum):
    """Where a pipeline stage splits a layer (Paddle's enum; pipeline parallelism itself is not
    implemented)."""
    BEGINNING = 0
    END = 1
