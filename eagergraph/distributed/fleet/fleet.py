"""fleet's collective data parallelism (Paddle fleet/fleet.py, fleet/model.py,
fleet/optimizer.py) on eagergraph's MPI backend.

`fleet.init(is_collective=True, strategy=None)` reads the role from the launcher's environment,
joins the job (init_parallel_env) and builds the HybridCommunicateGroup (data parallel only: a
strategy asking for tensor, pipeline, sharding or sequence parallelism raises
NotImplementedError). `fleet.distributed_model(model)` is paddle.DataParallel with the
strategy's bucket sizes and find_unused_parameters; `fleet.distributed_optimizer(opt)` returns
`opt` itself in a world of one and a HybridParallelOptimizer around it otherwise (its step is
the inner optimizer's: DataParallel already averaged the gradients)."""
import copy
import warnings

from ...framework_mode import in_dynamic_mode
from ..env import global_env
from ..world import init_parallel_env
from .base.role_maker import PaddleCloudRoleMaker, RoleMakerBase
from .base.strategy import DistributedStrategy
from .base.topology import CommunicateTopology, HybridCommunicateGroup
from .base.util import UtilBase

__all__ = ["Fleet", "HybridParallelOptimizer", "distributed_model", "distributed_optimizer",
           "distributed_scaler"]

_NOT_DP = ("mp_degree", "pp_degree", "sharding_degree", "sep_degree", "cp_degree", "ep_degree")


class Fleet:
    """The fleet singleton (`paddle.distributed.fleet.fleet`) whose bound methods are the
    module-level functions fleet.init, fleet.worker_index, ..."""

    def __init__(self):
        self._role_maker = None
        self._is_collective = False
        self._user_defined_strategy = DistributedStrategy()
        self._hcg = None
        self.user_defined_optimizer = None
        self._context = {}
        self.util = UtilBase()

    def init(self, role_maker=None, is_collective=False, strategy=None, log_level="INFO"):
        """Initialise the job: role, parallel environment, hybrid communicate group."""
        if strategy is None:
            strategy = DistributedStrategy()
        self._user_defined_strategy = copy.deepcopy(strategy)
        if role_maker is None:
            if not isinstance(is_collective, bool):
                raise ValueError(f"`is_collective` should be instance of `bool`, but got "
                                 f"{type(is_collective)}")
            self._is_collective = is_collective
            self._role_maker = PaddleCloudRoleMaker(is_collective=is_collective)
        elif isinstance(role_maker, RoleMakerBase):
            self._role_maker = role_maker
            self._is_collective = role_maker._is_collective
        else:
            raise ValueError(f"`role_maker` should be subclass of `RoleMakerBase`, but got "
                             f"{type(role_maker)}")
        self._role_maker._generate_role()
        self.util._set_role_maker(self._role_maker)
        if global_env(refresh=True).world_size > 1:
            init_parallel_env()
        if self._is_collective:
            self._init_hybrid_parallel_env()
        return self

    def _init_hybrid_parallel_env(self):
        hybrid = self._user_defined_strategy.hybrid_configs
        world = global_env().world_size
        others = 1
        for key in _NOT_DP:
            others *= hybrid[key]
        dp = hybrid["dp_degree"]
        if dp < 0:
            dp = max(world // others, 1)
        assert world == dp * others, (
            f"The product of degree({dp * others}) should be equal to global_world_size"
            f"({world}) in current fleet.init: dp_degree={dp}, "
            + ", ".join(f"{k}={hybrid[k]}" for k in _NOT_DP))
        wide = {k: hybrid[k] for k in _NOT_DP if hybrid[k] > 1}
        if wide:
            raise NotImplementedError(
                f"eagergraph's fleet runs data parallelism only; the strategy's hybrid_configs "
                f"ask for {wide} (tensor, pipeline, sharding, sequence, context and expert "
                f"parallelism are not implemented)")
        topo = CommunicateTopology(["data", "pipe", "sharding", "sep", "context", "model"],
                                   [dp, 1, 1, 1, 1, 1])
        self._hcg = HybridCommunicateGroup(topo)

    def _role(self):
        if self._role_maker is None:       # Paddle: the role maker of an un-initialised fleet
            self._role_maker = PaddleCloudRoleMaker(is_collective=False)
            self._role_maker._generate_role()
        return self._role_maker

    def is_first_worker(self):
        return self._role()._is_first_worker()

    def worker_index(self):
        return self._role()._worker_index()

    def worker_num(self):
        return self._role()._worker_num()

    def node_num(self):
        return self._role()._node_num()

    def local_rank(self):
        return self._role()._get_local_rank()

    def local_device_ids(self):
        return self._role()._get_local_device_ids()

    def world_device_ids(self):
        return self._role()._get_world_device_ids()

    def is_worker(self):
        return self._role()._is_worker()

    def is_server(self):
        return self._role()._is_server()

    def is_coordinator(self):
        return self._role()._is_coordinator()

    def worker_endpoints(self, to_string=False):
        endpoints = self._role()._get_trainer_endpoints()
        return ",".join(endpoints) if to_string else endpoints

    def server_num(self):
        return self._role()._server_num()

    def server_index(self):
        return self._role()._server_index()

    def server_endpoints(self, to_string=False):
        endpoints = self._role()._get_pserver_endpoints()
        return ",".join(endpoints) if to_string else endpoints

    def barrier_worker(self):
        self.util.barrier("worker")

    def all_reduce(self, value, mode="sum"):
        return self.util.all_reduce(value, mode, "worker")

    def get_hybrid_communicate_group(self):
        return self._hcg

    def init_worker(self, scopes=None):
        """Nothing to do for collective workers (Paddle: the parameter-server client)."""

    def stop_worker(self):
        """Nothing to do for collective workers."""

    def _no_ps(self, *args, **kwargs):
        raise NotImplementedError("parameter-server training (init_server / run_server) is "
                                  "not supported by eagergraph; use fleet.init("
                                  "is_collective=True) for data parallelism")

    init_server = run_server = _no_ps

    def distributed_optimizer(self, optimizer, strategy=None):
        """Record `optimizer` (and a replacement strategy) and return this fleet (Paddle's
        static-graph form; in dygraph code `fleet.distributed_optimizer` is the module-level
        function, which returns the optimizer to step)."""
        self._set_optimizer(optimizer, strategy)
        return self

    def _set_optimizer(self, optimizer, strategy):
        self.user_defined_optimizer = optimizer
        if strategy is not None:
            if self._is_collective:
                warnings.warn(
                    "It is recommended to use DistributedStrategy in fleet.init(). The "
                    "strategy here is only for compatibility. If the strategy in "
                    "fleet.distributed_optimizer() is not None, then it will overwrite the "
                    "DistributedStrategy in fleet.init(), which will take effect in "
                    "distributed training.")
            self._user_defined_strategy = copy.deepcopy(strategy)
        self._context = {}

    def minimize(self, loss, startup_program=None, parameter_list=None, no_grad_set=None):
        return self.user_defined_optimizer.minimize(loss, startup_program, parameter_list,
                                                    no_grad_set)


fleet = Fleet()


class HybridParallelOptimizer:
    """The optimizer of a multi-rank fleet job: every attribute is the inner optimizer's;
    step/minimize run it (gradients are already averaged by DataParallel's reducer, as in
    Paddle's pure data-parallel mode)."""

    def __init__(self, optimizer, hcg, strategy):
        self._inner_opt = optimizer
        self._hcg = hcg
        self._strategy = strategy
        self._use_dp_mode = True
        self._need_dp = hcg.get_data_parallel_world_size() > 1
        self._dp_enable = False

    def step(self):
        self._inner_opt.step()

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        return self._inner_opt.minimize(loss, startup_program, parameters, no_grad_set)

    def __getattr__(self, item):
        return getattr(self._inner_opt, item)


def _require_init():
    if fleet._hcg is None:
        raise RuntimeError("fleet.init(is_collective=True) must be called before "
                           "fleet.distributed_model / fleet.distributed_optimizer")


def distributed_model(model):
    """`model` wrapped for data parallelism: paddle.DataParallel with the strategy's
    fuse_grad_size_in_MB, last_comm_group_size_MB and find_unused_parameters (in a world of one
    too, where Paddle 3.3.1 fails with an AssertionError for a plain Layer)."""
    assert model is not None, "model should not be None"
    _require_init()
    strategy = fleet._user_defined_strategy
    if strategy.amp:
        model = _amp_model(model, strategy)
    from ..parallel import DataParallel
    group = fleet._hcg.get_data_parallel_group() if global_env().world_size > 1 else None
    return DataParallel(model, comm_buffer_size=strategy.fuse_grad_size_in_MB,
                        last_comm_buffer_size=strategy.last_comm_group_size_MB,
                        find_unused_parameters=strategy.find_unused_parameters, group=group)


_grad_scaler = None


def _amp_model(model, strategy):
    """strategy.amp: O2 decorates the model; the GradScaler of amp_configs is kept for
    distributed_scaler (as Paddle's fleet/model.py)."""
    from ... import amp
    global _grad_scaler
    cfg = strategy.amp_configs
    if cfg["use_pure_fp16"] or cfg["use_pure_bf16"]:
        model = amp.decorate(models=model, optimizers=None, level="O2", master_weight=None,
                             save_dtype=None,
                             dtype="float16" if cfg["use_pure_fp16"] else "bfloat16")
    _grad_scaler = amp.GradScaler(
        init_loss_scaling=cfg["init_loss_scaling"], incr_ratio=cfg["incr_ratio"],
        decr_ratio=cfg["decr_ratio"], incr_every_n_steps=cfg["incr_every_n_steps"],
        decr_every_n_nan_or_inf=cfg["decr_every_n_nan_or_inf"],
        use_dynamic_loss_scaling=cfg["use_dynamic_loss_scaling"])
    return model


def distributed_optimizer(optimizer, strategy=None):
    """The optimizer to step: `optimizer` itself in a world of one, else a
    HybridParallelOptimizer around it."""
    if not in_dynamic_mode():
        return fleet.distributed_optimizer(optimizer, strategy)
    fleet._set_optimizer(optimizer, strategy)
    if fleet.worker_num() > 1:
        _require_init()
        return HybridParallelOptimizer(optimizer, fleet._hcg, fleet._user_defined_strategy)
    return optimizer


def distributed_scaler(scaler):
    """The GradScaler for a data-parallel job: `scaler` itself (DataParallel averaged the
    gradients, so every rank sees the same found-inf decision)."""
    return scaler
