"""fleet.DistributedStrategy (Paddle fleet/base/distributed_strategy.py, a protobuf there): the
switches and their `*_configs` dictionaries with Paddle 3.3.1's defaults. Assigning a configs
dict updates the keys given (an unknown key is Paddle's AssertionError); a switch takes a bool
(anything else is ignored with Paddle's warning); an unknown attribute is Paddle's TypeError.
eagergraph acts on the data-parallel ones (find_unused_parameters, fuse_grad_size_in_MB,
last_comm_group_size_MB, hybrid_configs degrees, amp/amp_configs); the others are kept."""
import copy
import types
import warnings

__all__ = ["DistributedStrategy"]


def _nested(**kw):
    return types.SimpleNamespace(**kw)


def _hybrid_defaults():
    return {"dp_degree": -1, "mp_degree": 1, "pp_degree": 1, "sharding_degree": 1,
            "sep_degree": 1, "mp_configs": _nested(), "enable_optimizer_timer": False,
            "pp_configs": _nested(dp_comm_overlap=False, sharding_comm_overlap=False,
                                  delay_scale_loss=False, use_dualpipev=False,
                                  enable_timer=False),
            "sharding_configs": _nested(), "split_norm_comm": False, "ep_degree": 1,
            "moe_sharding_degree": 1, "dp_configs": _nested(), "sep_configs": _nested(),
            "dp_sep_configs": _nested(), "pp_tp_configs": _nested(), "ep_configs": _nested(),
            "moe_sharding_configs": _nested(),
            "default_comm_group_configs": _nested(nccl_config=None), "cp_degree": 1,
            "cp_sharding_degree": 1, "cp_configs": _nested(), "cp_sharding_configs": _nested(),
            "dp_cp_configs": _nested(), "cp_mp_configs": _nested()}


_SWITCHES = {"amp": False, "recompute": False, "find_unused_parameters": False,
             "fuse_all_reduce_ops": True, "heter_ccl_mode": False, "gradient_merge": False,
             "pipeline": False, "sharding": False, "tensor_parallel": False, "lamb": False,
             "lars": False, "dgc": False, "localsgd": False, "adaptive_localsgd": False,
             "a_sync": True, "without_graph_optimization": True, "sync_batch_norm": False,
             "fuse_grad_merge": False, "sync_nccl_allreduce": True, "semi_auto": False,
             "auto": False, "asp": False, "qat": False, "fp16_allreduce": False,
             "sequential_execution": False, "fuse_elewise_add_act_ops": False,
             "fuse_bn_act_ops": False, "enable_auto_fusion": False, "cudnn_exhaustive_search": False}

_VALUES = {"fuse_grad_size_in_MB": 32, "last_comm_group_size_MB": 1.0, "nccl_comm_num": 1,
           "conv_workspace_size_limit": 512, "cudnn_batchnorm_spatial_persistent": False}


def _config_defaults():
    return {
        "amp_configs": {"init_loss_scaling": 32768.0, "incr_every_n_steps": 1000,
                        "decr_every_n_nan_or_inf": 2, "incr_ratio": 2.0,
                        "decr_ratio": 0.800000011920929, "use_dynamic_loss_scaling": True,
                        "custom_white_list": [], "custom_black_list": [],
                        "custom_black_varnames": [], "use_pure_fp16": False,
                        "use_fp16_guard": True, "use_optimizer_fp16": False,
                        "use_pure_bf16": False},
        "recompute_configs": {"checkpoints": [], "enable_offload": False,
                              "checkpoint_shape": [], "enable_tuning": False,
                              "refined_ops_patterns": []},
        "gradient_merge_configs": {"k_steps": 1, "avg": True},
        "pipeline_configs": {"micro_batch_size": 1, "accumulate_steps": 1,
                             "schedule_mode": "1F1B", "p2p_cache_shape": True,
                             "enable_partial_send_recv": True},
        "sharding_configs": {"sharding_segment_strategy": "segment_broadcast_MB",
                             "segment_broadcast_MB": 32.0, "segment_anchors": [],
                             "sharding_degree": 8, "mp_degree": 1, "dp_degree": 1,
                             "hybrid_dp": False, "gradient_merge_acc_step": 1,
                             "optimize_offload": False, "pp_allreduce_in_optimize": False,
                             "pp_degree": 1, "optimize_cast": False,
                             "_dp_as_optimizer_sharding": False, "stage": 1,
                             "enable_tuning": False, "use_calc_stream": False},
        "tensor_parallel_configs": {"tensor_parallel_degree": 1, "tensor_init_seed": -1},
        "gradient_scale_configs": {"scale_strategy": "avg", "scale_gradient": False},
        "localsgd_configs": {"k_steps": 1, "begin_step": 1},
        "lamb_configs": {"lamb_weight_decay": 0.01, "exclude_from_weight_decay": []},
        "lars_configs": {"lars_coeff": 0.001, "lars_weight_decay": 0.0005, "epsilon": 0.0,
                         "exclude_from_weight_decay": []},
        "dgc_configs": {"rampup_begin_step": 0, "rampup_step": 1, "sparsity": [0.999]},
        "a_sync_configs": {"k_steps": -1},
        "hybrid_configs": _hybrid_defaults(),
    }


class DistributedStrategy:
    """DistributedStrategy(): the configuration fleet.init and fleet.distributed_model read."""

    def __init__(self):
        state = {"_switches": dict(_SWITCHES), "_values": dict(_VALUES),
                 "_configs": _config_defaults()}
        object.__setattr__(self, "_state", state)

    def __getattr__(self, name):
        state = object.__getattribute__(self, "_state")
        for kind in ("_switches", "_values", "_configs"):
            if name in state[kind]:
                return state[kind][name]
        raise AttributeError(f"'DistributedStrategy' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        state = self._state
        if name in state["_switches"]:
            if isinstance(value, bool):
                state["_switches"][name] = value
            else:
                warnings.warn(f"{name} should have value of bool type")
        elif name in state["_values"]:
            state["_values"][name] = value
        elif name in state["_configs"]:
            configs = state["_configs"][name]
            for key, v in dict(value).items():
                assert key in configs, f"key:{key} not in {name}"
                configs[key] = v
        else:
            raise TypeError(f"{name} is not a attribute of DistributedStrategy")

    def __deepcopy__(self, memo):
        new = DistributedStrategy()
        object.__setattr__(new, "_state", copy.deepcopy(self._state, memo))
        return new

    def __repr__(self):
        on = [k for k, v in self._state["_switches"].items() if v != _SWITCHES[k]]
        degrees = {k: v for k, v in self.hybrid_configs.items() if k.endswith("_degree")}
        return f"DistributedStrategy(changed switches={on}, hybrid degrees={degrees})"
