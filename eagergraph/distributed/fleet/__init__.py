"""paddle.distributed.fleet: collective data parallelism on the MPI backend (fleet.init,
distributed_model, distributed_optimizer, worker_index/worker_num/..., DistributedStrategy,
the role makers, CommunicateTopology / HybridCommunicateGroup, fleet.util), and activation
checkpointing (fleet.recompute.recompute / recompute_sequential, fleet.utils.recompute).
Tensor, pipeline, sharding and parameter-server parallelism are not implemented and raise
NotImplementedError saying so."""
from . import recompute
from . import utils
from . import data_generator
from .data_generator import MultiSlotDataGenerator, MultiSlotStringDataGenerator
from .base.role_maker import PaddleCloudRoleMaker, Role, UserDefinedRoleMaker
from .base.strategy import DistributedStrategy
from .base.topology import CommunicateTopology, HybridCommunicateGroup, ParallelMode
from .base.util import UtilBase
from .fleet import Fleet, distributed_model, distributed_optimizer, distributed_scaler, fleet

__all__ = ["CommunicateTopology", "UtilBase", "HybridCommunicateGroup", "UserDefinedRoleMaker",
           "DistributedStrategy", "Role", "PaddleCloudRoleMaker", "Fleet",
           "MultiSlotDataGenerator", "MultiSlotStringDataGenerator",
           # beyond Paddle's __all__, public all the same
           "ParallelMode", "distributed_model", "distributed_optimizer", "distributed_scaler",
           "recompute", "utils", "data_generator"]

init = fleet.init
is_first_worker = fleet.is_first_worker
worker_index = fleet.worker_index
worker_num = fleet.worker_num
node_num = fleet.node_num
rank = fleet.worker_index
nranks = fleet.worker_num
world_size = fleet.worker_num
local_device_ids = fleet.local_device_ids
world_device_ids = fleet.world_device_ids
local_rank = fleet.local_rank
rank_in_node = local_rank
is_worker = fleet.is_worker
is_coordinator = fleet.is_coordinator
worker_endpoints = fleet.worker_endpoints
server_num = fleet.server_num
server_index = fleet.server_index
server_endpoints = fleet.server_endpoints
is_server = fleet.is_server
util = fleet.util
barrier_worker = fleet.barrier_worker
all_reduce = fleet.all_reduce
init_worker = fleet.init_worker
init_server = fleet.init_server
run_server = fleet.run_server
stop_worker = fleet.stop_worker
minimize = fleet.minimize
get_hybrid_communicate_group = fleet.get_hybrid_communicate_group
