"""The paddle.distributed names that need the auto-parallel engine, GPUs (group sharding, NCCL)
or a parameter server: each raises NotImplementedError naming what it is and what eagergraph
supports (eagergraph.distributed.auto_parallel.SUPPORTED)."""
import enum

from .auto_parallel import unsupported

_SHARD = "is group-sharded (ZeRO) data parallelism on GPUs"
_CKPT = ("is the sharded part of Paddle's distributed checkpoint (flex_checkpoint; "
         "save_state_dict / load_state_dict of whole, replicated tensors are implemented)")
_PS = "is a parameter-server dataset (fleet's PS training)"

# the auto-parallel engine
shard_tensor = unsupported("shard_tensor")
dtensor_from_fn = unsupported("dtensor_from_fn")
reshard = unsupported("reshard")
shard_layer = unsupported("shard_layer")
shard_optimizer = unsupported("shard_optimizer")
shard_scaler = unsupported("shard_scaler")
shard_dataloader = unsupported("shard_dataloader")
shard_op = unsupported("shard_op")
to_static = unsupported("to_static")
unshard_dtensor = unsupported("unshard_dtensor")
parallelize = unsupported("parallelize")
to_distributed = unsupported("to_distributed")
local_map = unsupported("local_map")
enable_auto_dp = unsupported("enable_auto_dp")
# group sharding (ZeRO) on GPUs
group_sharded_parallel = unsupported("group_sharded_parallel", _SHARD)
save_group_sharded_model = unsupported("save_group_sharded_model", _SHARD)
# the sharded part of the distributed checkpoint
load_merged_state_dict = unsupported("load_merged_state_dict", _CKPT)
build_sharded_state_dict = unsupported("build_sharded_state_dict", _CKPT)
shard_weight = unsupported("shard_weight", _CKPT)
# the auto-parallel engine's classes
DistAttr = unsupported("DistAttr", cls=True)
DistModel = unsupported("DistModel", cls=True)
Strategy = unsupported("Strategy", cls=True)
LocalLayer = unsupported("LocalLayer", cls=True)
ShardingStage1 = unsupported("ShardingStage1", cls=True)
ShardingStage2 = unsupported("ShardingStage2", cls=True)
ShardingStage3 = unsupported("ShardingStage3", cls=True)
ColWiseParallel = unsupported("ColWiseParallel", cls=True)
RowWiseParallel = unsupported("RowWiseParallel", cls=True)
ConvParallel = unsupported("ConvParallel", cls=True)
ContextParallel = unsupported("ContextParallel", cls=True)
PrepareContextParallel = unsupported("PrepareContextParallel", cls=True)
PrepareLayerInput = unsupported("PrepareLayerInput", cls=True)
PrepareLayerOutput = unsupported("PrepareLayerOutput", cls=True)
SequenceParallelBegin = unsupported("SequenceParallelBegin", cls=True)
SequenceParallelEnd = unsupported("SequenceParallelEnd", cls=True)
SequenceParallelEnable = unsupported("SequenceParallelEnable", cls=True)
SequenceParallelDisable = unsupported("SequenceParallelDisable", cls=True)
ShardedWeight = unsupported("ShardedWeight", _CKPT, cls=True)
# parameter-server datasets
InMemoryDataset = unsupported("InMemoryDataset", _PS, cls=True)
QueueDataset = unsupported("QueueDataset", _PS, cls=True)
BoxPSDataset = unsupported("BoxPSDataset", _PS, cls=True)

# the names above, for paddle.distributed and its __all__
FUNCTIONS = ("shard_tensor", "dtensor_from_fn", "reshard", "shard_layer", "shard_optimizer",
             "shard_scaler", "shard_dataloader", "shard_op", "to_static", "unshard_dtensor",
             "parallelize", "to_distributed", "local_map", "enable_auto_dp",
             "group_sharded_parallel", "save_group_sharded_model", "load_merged_state_dict",
             "build_sharded_state_dict", "shard_weight")
CLASSES = ("DistAttr", "DistModel", "Strategy", "LocalLayer", "ShardingStage1", "ShardingStage2",
           "ShardingStage3", "ColWiseParallel", "RowWiseParallel", "ConvParallel",
           "ContextParallel", "PrepareContextParallel", "PrepareLayerInput", "PrepareLayerOutput",
           "SequenceParallelBegin", "SequenceParallelEnd", "SequenceParallelEnable",
           "SequenceParallelDisable", "ShardedWeight", "InMemoryDataset", "QueueDataset",
           "BoxPSDataset")


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
