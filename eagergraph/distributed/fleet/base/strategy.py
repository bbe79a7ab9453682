"""fleet.DistributedStrategy (Paddle fleet/base/distributed_strategy.py, a protobuf there): the
switches and their `*_configs` dictionaries with Paddle 3.3.1's defaults. Assigning a configs
dict updates the keys given (an unknown key is Paddle's AssertionError); a switch takes a bool
(anything else is ignored with Paddle's warning); an unknown attribute is Paddle's TypeError.
eagergraph acts on the data-parallel ones (find_unused_parameters, fuse_grad_size_in_MB,
last_comm_group_size_MB, hybrid_configs degrees, amp/amp_configs); the others are kept."""
import copy
import json
import types
import warnings

import numpy as np

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
             "fuse_bn_act_ops": False, "enable_auto_fusion": False, "cudnn_exhaustive_search": False,
             "adam_d2sum": False, "auto_search": False, "elastic": False, "is_fl_ps_mode": False,
             "is_with_coordinator": False, "split_data": True,
             "use_hierarchical_allreduce": False}

_VALUES = {"fuse_grad_size_in_MB": 32, "last_comm_group_size_MB": 1.0, "nccl_comm_num": 1,
           "conv_workspace_size_limit": 512, "cudnn_batchnorm_spatial_persistent": False,
           "fuse_grad_size_in_num": 8, "hierarchical_allreduce_inter_nranks": 1,
           "fleet_desc_configs": [], "sparse_table_configs": []}
# values Paddle type-checks (a wrong type is ignored with its warning)
_INT32 = ("fuse_grad_size_in_num", "hierarchical_allreduce_inter_nranks")


def _f32(v):
    """A float the strategy protobuf stores as float32, read back as Paddle returns it."""
    return float(np.float32(v))


def _read_only():
    """The static-graph and parameter-server objects Paddle keeps on the strategy."""
    return {"build_strategy": _nested(fuse_elewise_add_act_ops=False, fuse_bn_act_ops=False,
                                      enable_auto_fusion=False, fuse_all_reduce_ops=True,
                                      fuse_relu_depthwise_conv=False, enable_addto=False),
            "fs_client_param": _nested(uri="", user="", passwd="", hadoop_bin="")}


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
        "lamb_configs": {"lamb_weight_decay": _f32(0.01), "exclude_from_weight_decay": []},
        "lars_configs": {"lars_coeff": _f32(0.001), "lars_weight_decay": _f32(0.0005),
                         "epsilon": 0.0, "exclude_from_weight_decay": []},
        "dgc_configs": {"rampup_begin_step": 0, "rampup_step": 1, "sparsity": []},
        "a_sync_configs": {"k_steps": -1, "max_merge_var_num": 1, "send_queue_size": 16,
                           "independent_recv_thread": False,
                           "min_send_grad_num_before_recv": 1, "thread_pool_size": 1,
                           "send_wait_times": 1, "runtime_split_send_recv": False,
                           "launch_barrier": True, "heter_worker_device_guard": "cpu",
                           "lr_decay_steps": 10, "use_ps_gpu": 0, "use_gpu_graph": 0},
        "adaptive_localsgd_configs": {"init_k_steps": 1, "begin_step": 1},
        "qat_configs": {"channel_wise_abs_max": True, "weight_bits": 8, "activation_bits": 8,
                        "not_quant_pattern": [], "algo": ""},
        "trainer_desc_configs": {"dump_fields_path": "", "dump_fields": [], "dump_param": [],
                                 "stat_var_names": [], "trainer": "", "device_worker": "",
                                 "local_sparse": [], "remote_sparse": []},
        "hybrid_configs": _hybrid_defaults(),
    }


class DistributedStrategy:
    """DistributedStrategy(): the configuration fleet.init and fleet.distributed_model read."""

    def __init__(self):
        state = {"_switches": dict(_SWITCHES), "_values": copy.deepcopy(_VALUES),
                 "_configs": _config_defaults(), "_read_only": _read_only(), "_set": {}}
        object.__setattr__(self, "_state", state)

    def __getattr__(self, name):
        state = object.__getattribute__(self, "_state")
        for kind in ("_switches", "_values", "_configs", "_read_only"):
            if name in state[kind]:
                return state[kind][name]
        raise AttributeError(f"'DistributedStrategy' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        state = self._state
        if name in state["_switches"]:
            if isinstance(value, bool):
                state["_switches"][name] = value
                state["_set"][name] = None
            else:
                warnings.warn(f"{name} should have value of bool type")
        elif name in state["_values"]:
            if name in _INT32 and (not isinstance(value, int) or isinstance(value, bool)):
                warnings.warn(f"{name} should have value of int32 type")
                return
            state["_values"][name] = value
            state["_set"][name] = None
        elif name in state["_configs"]:
            configs = state["_configs"][name]
            keys = state["_set"].setdefault(name, {})
            for key, v in dict(value).items():
                assert key in configs, f"key:{key} not in {name}"
                configs[key] = v
                keys[key] = None
        else:
            raise TypeError(f"{name} is not a attribute of DistributedStrategy")

    # ---- protobuf text format (what Paddle's save_to_prototxt writes and load_from_prototxt
    # reads): the fields that were set, `name: value` and `configs {\n  key: value\n}` blocks,
    # a repeated line per list element
    def save_to_prototxt(self, output):
        """Write the fields set on this strategy to the file `output`."""
        state, lines = self._state, []
        for name, keys in state["_set"].items():
            if keys is None:
                lines.append(f"{name}: {_text_value(getattr(self, name))}")
            else:
                lines.append(f"{name} {{")
                configs = state["_configs"][name]
                lines += _text_block({k: configs[k] for k in keys}, "  ")
                lines.append("}")
        with open(output, "w") as f:
            f.write("".join(line + "\n" for line in lines))

    def load_from_prototxt(self, pb_file):
        """Set the fields a prototxt file (save_to_prototxt's, or Paddle's) names."""
        with open(pb_file) as f:
            fields = _parse_text(f.read(), pb_file)
        for name, value in fields.items():
            if isinstance(value, dict):
                configs = self._state["_configs"].get(name)
                if configs is None:
                    raise TypeError(f"{name} is not a attribute of DistributedStrategy")
                plain = {}
                for k, v in value.items():
                    if isinstance(configs.get(k), types.SimpleNamespace) and isinstance(v, dict):
                        vars(configs[k]).update(v)
                    else:
                        plain[k] = _like(configs.get(k), v)
                setattr(self, name, plain)
            else:
                setattr(self, name, _like(self._state["_values"].get(name), value))

    def __deepcopy__(self, memo):
        new = DistributedStrategy()
        object.__setattr__(new, "_state", copy.deepcopy(self._state, memo))
        return new

    def __repr__(self):
        on = [k for k, v in self._state["_switches"].items() if v != _SWITCHES[k]]
        degrees = {k: v for k, v in self.hybrid_configs.items() if k.endswith("_degree")}
        return f"DistributedStrategy(changed switches={on}, hybrid degrees={degrees})"


def _like(default, v):
    """A parsed text value in the type of the field's default (1024 for a float field is
    1024.0; one line of a repeated field is a list)."""
    if isinstance(default, list) and not isinstance(v, list):
        return [v]
    if isinstance(default, float) and type(v) is int:
        return float(v)
    return v


def _text_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, float):
        return str(int(v)) if v.is_integer() else repr(v)
    return str(v)


def _text_block(d, indent):
    out = []
    for k, v in d.items():
        if isinstance(v, (list, tuple)):
            out += [f"{indent}{k}: {_text_value(e)}" for e in v]
        elif isinstance(v, (dict, types.SimpleNamespace)):
            out.append(f"{indent}{k} {{")
            out += _text_block(v if isinstance(v, dict) else vars(v), indent + "  ")
            out.append(f"{indent}}}")
        elif v is not None:
            out.append(f"{indent}{k}: {_text_value(v)}")
    return out


def _parse_scalar(text):
    if text in ("true", "false"):
        return text == "true"
    if text.startswith(("\"", "'")):
        return json.loads('"' + text[1:-1] + '"')
    try:
        return int(text)
    except ValueError:
        return float(text)


def _parse_text(text, where):
    """Protobuf text format (one field per line) -> nested dicts; a field seen twice becomes
    a list."""
    root = {}
    stack = [root]
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line == "}":
            if len(stack) == 1:
                raise ValueError(f"{where}:{n}: unbalanced '}}'")
            stack.pop()
        elif line.endswith("{"):
            block = {}
            stack[-1][line[:-1].strip().rstrip(":").strip()] = block
            stack.append(block)
        elif ":" in line:
            key, value = (p.strip() for p in line.split(":", 1))
            value = _parse_scalar(value)
            top = stack[-1]
            if key in top:
                top[key] = (top[key] if isinstance(top[key], list) else [top[key]]) + [value]
            else:
                top[key] = value
        else:
            raise ValueError(f"{where}:{n}: cannot parse {raw!r}")
    if len(stack) != 1:
        raise ValueError(f"{where}: a '{{' block is not closed")
    return root
