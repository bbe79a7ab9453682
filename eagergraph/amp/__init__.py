"""paddle.amp: automatic mixed precision with Paddle's GPU semantics (docs/amp.md).

auto_cast (O1/O2/OD, float16/bfloat16, custom lists, use_promote), decorate (O2 parameters and
float32 master weights), GradScaler/AmpScaler (dynamic loss scaling), the op lists, and
debugging (an explainer of each op's AMP decision, and operator stats). The per-op decision
runs in the generated `<op>_ad_func`s through eagergraph/eager/amp_utils.py."""
from ..eager import amp_lists as _lists
from . import debugging
from .auto_cast import (auto_cast, amp_guard, autocast, is_autocast_enabled,
                        get_autocast_dtype, is_auto_cast_enabled, get_amp_dtype,
                        amp_global_state)
from .decorate import decorate, amp_decorate
from .grad_scaler import AmpScaler, GradScaler, OptimizerState

__all__ = ["auto_cast", "GradScaler", "decorate", "is_float16_supported",
           "is_bfloat16_supported", "is_autocast_enabled", "get_autocast_dtype",
           "get_autocast_cpu_dtype", "get_autocast_gpu_dtype"]

get_autocast_cpu_dtype = get_autocast_dtype
get_autocast_gpu_dtype = get_autocast_dtype


def white_list():
    """Paddle's {dtype: {level: white-list op names}}."""
    return {d: {lv: set(ops) for lv, ops in v.items()} for d, v in _lists.WHITE.items()}


def black_list():
    """Paddle's {dtype: {level: black-list op names}}."""
    return {d: {lv: set(ops) for lv, ops in v.items()} for d, v in _lists.BLACK.items()}


def is_float16_supported(device=None):
    """True: eagergraph runs float16 AMP everywhere (float16 kernels, or float32 kernels with
    the result rounded to float16)."""
    return True


def is_bfloat16_supported(device=None):
    """True: bfloat16 (ml_dtypes) runs everywhere, computed in float32 and rounded."""
    return True


__all__ += ["amp_guard", "autocast", "is_auto_cast_enabled", "get_amp_dtype",
            "amp_global_state", "amp_decorate", "AmpScaler", "OptimizerState", "debugging",
            "white_list", "black_list"]
