"""paddle.amp.decorate (Paddle 3.3.1 auto_cast.py amp_decorate) for level O2: the models'
floating parameters become float16/bfloat16, except BatchNorm layers (and, for float16,
LayerNorm/InstanceNorm), layers whose `_cast_to_low_precision` is False and excluded layers;
the optimizers update through float32 master weights (multi-precision); save_dtype casts what
state_dict returns. Level O1 returns the models and optimizers unchanged."""
from .. import nn
from ..autograd import no_grad
from ..ops import cast
from ..optimizer import Optimizer
from ..distributed.parallel import DataParallel
from .auto_cast import amp_global_state

__all__ = ["decorate", "amp_decorate", "StateDictHook"]

_BATCH_NORMS = (nn.BatchNorm, nn.BatchNorm1D, nn.BatchNorm2D, nn.BatchNorm3D,
                nn.SyncBatchNorm)
_FP16_KEPT_NORMS = (nn.LayerNorm, nn.InstanceNorm1D, nn.InstanceNorm2D, nn.InstanceNorm3D)


def _need_keep_fp32(layer, dtype):
    if not getattr(layer, "_cast_to_low_precision", True):
        return True
    if isinstance(layer, _BATCH_NORMS):
        return True
    return str(getattr(layer, "_dtype", "")) in ("float16", "paddle.float16") or (
        dtype == "float16" and isinstance(layer, _FP16_KEPT_NORMS))


def _set_excluded_layers(models, excluded_layers):
    message = ("excluded_layers must be either a nn.Layer instance/type or a list of nn.Layer "
               "instances/types.")
    instances, types = [], []
    if excluded_layers is None:
        pass
    elif isinstance(excluded_layers, nn.Layer):
        instances = [excluded_layers]
    elif isinstance(excluded_layers, type) and issubclass(excluded_layers, nn.Layer):
        types = [excluded_layers]
    elif isinstance(excluded_layers, list):
        for item in excluded_layers:
            if isinstance(item, nn.Layer):
                instances.append(item)
            elif isinstance(item, type) and issubclass(item, nn.Layer):
                types.append(item)
            else:
                raise TypeError(message)
    else:
        raise TypeError(message)
    for inst in instances:
        for layer in inst.sublayers(include_self=True):
            layer._cast_to_low_precision = False
    types = tuple(types)
    for model in models:
        for layer in model.sublayers(include_self=True):
            if types and isinstance(layer, types):
                layer._cast_to_low_precision = False


def _amp_initialize(models, dtype, excluded_layers):
    _set_excluded_layers(models, excluded_layers)
    for model in models:
        for layer in model.sublayers(include_self=True):
            if _need_keep_fp32(layer, dtype):
                continue
            layer._to_impl(dtype=dtype, include_sublayers=False, floating_only=True)
    return models


class StateDictHook:
    """Casts the floating tensors of a state_dict to save_dtype (the layer keeps its own)."""

    def __init__(self, save_dtype):
        self._save_dtype = save_dtype

    def __call__(self, state_dict):
        with no_grad():
            for key in state_dict:
                param = state_dict[key]
                if param.dtype.is_floating_point:
                    out = cast(param, self._save_dtype)
                    out.name = param.name
                    state_dict[key] = out


def decorate(models, optimizers=None, level="O1", dtype="float16", master_weight=None,
             save_dtype=None, master_grad=False, excluded_layers=None):
    """Paddle's paddle.amp.decorate. Returns models (and optimizers when given) in the form
    they were passed (one or a list)."""
    if level not in ("O1", "O2"):
        raise ValueError("level should be O1 or O2, O1 represent AMP train mode, O2 represent "
                         "Pure fp16 train mode.")
    if dtype not in ("float16", "bfloat16"):
        raise ValueError("dtype only support float16 or bfloat16.")
    if level == "O1":
        return models if optimizers is None else (models, optimizers)
    if isinstance(models, nn.Layer):
        models_is_list, models = False, [models]
    elif isinstance(models, list):
        models_is_list = True
    else:
        raise TypeError("models must be either a single model or a list of models.")
    for model in models:
        if not isinstance(model, nn.Layer):
            raise RuntimeError(f"Current train mode is pure fp16, models should be "
                               f"paddle.nn.Layer, but receive {type(model)}.")
        if isinstance(model, DataParallel):
            raise RuntimeError("For distributed AMP training, you should first use "
                               "paddle.amp.decorate() to decorate origin model, and then call "
                               "paddle.DataParallel get distributed model.")
    _amp_initialize(models, dtype, excluded_layers)
    if optimizers is not None:
        if isinstance(optimizers, Optimizer):
            optimizers_is_list, optimizers = False, [optimizers]
        elif isinstance(optimizers, list):
            optimizers_is_list = True
        else:
            raise TypeError("optimizers must be either a single optimizer or a list of "
                            "optimizers.")
        for opt in optimizers:
            if not isinstance(opt, Optimizer):
                raise RuntimeError(f"Current train mode is pure fp16, optimizers should be "
                                   f"paddle.optimizer.Optimizer or DygraphShardingOptimizer, "
                                   f"but receive {type(opt)}.")
            opt._multi_precision = master_weight is not False
    if master_grad:
        amp_global_state().use_master_grad = True
        for model in models:
            amp_global_state().model_parameters.extend(model.parameters())
    if save_dtype is not None:
        if save_dtype not in ("float16", "bfloat16", "float32", "float64"):
            raise ValueError(f"save_dtype can only be float16 float32 or float64, but your "
                             f"input save_dtype is {save_dtype}.")
        for model in models:
            for layer in model.sublayers(include_self=True):
                layer.register_state_dict_hook(StateDictHook(save_dtype))
    models = models if models_is_list else models[0]
    if optimizers is None:
        return models
    return models, (optimizers if optimizers_is_list else optimizers[0])


amp_decorate = decorate
