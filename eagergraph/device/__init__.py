"""paddle.device, answering for the CPU: eagergraph runs on NumPy, so 'cpu' is the one device,
the accelerator queries answer as a CPU build of Paddle 3.3.1 does, and asking for an
accelerator raises ValueError."""
import contextlib

from ..framework import set_device as _set_device, get_device as _get_device
from ..phi.common import CPUPlace
from ..tensor import Tensor
from .places import CUDAPlace, CUDAPinnedPlace, XPUPlace, IPUPlace, CustomPlace
from .queries import (is_compiled_with_cuda, is_compiled_with_rocm, is_compiled_with_xpu,
                      is_compiled_with_ipu, is_compiled_with_cinn, is_compiled_with_distribute,
                      is_compiled_with_custom_device, device_count, get_cudnn_version,
                      is_bf16_supported, is_current_stream_capturing, max_memory_allocated,
                      max_memory_reserved, reset_max_memory_allocated,
                      reset_max_memory_reserved, reset_peak_memory_stats,
                      get_device_properties, get_device_name, get_device_capability,
                      ipc_collect)
from . import cuda, xpu

__all__ = ["set_device", "get_device", "get_default_device", "set_default_device",
           "current_device", "device_count", "is_available", "get_all_device_type",
           "get_all_custom_device_type", "get_available_device", "get_available_custom_device",
           "device_guard", "synchronize", "is_compiled_with_cuda", "is_compiled_with_rocm",
           "is_compiled_with_xpu", "is_compiled_with_ipu", "is_compiled_with_cinn",
           "is_compiled_with_distribute", "is_compiled_with_custom_device", "CPUPlace",
           "CUDAPlace", "CUDAPinnedPlace", "XPUPlace", "IPUPlace", "CustomPlace", "cuda", "xpu",
           "get_cudnn_version", "is_bf16_supported", "is_current_stream_capturing",
           "max_memory_allocated", "max_memory_reserved", "reset_max_memory_allocated",
           "reset_max_memory_reserved", "reset_peak_memory_stats", "get_device_properties",
           "get_device_name", "get_device_capability", "ipc_collect", "current_stream"]


def set_device(device):
    """Select the device: 'cpu', a CPUPlace, or device index 0 (Paddle reads an int as an index
    of the current device type, here the CPU). Returns the Place."""
    if isinstance(device, int):
        if device == 0 and not isinstance(device, bool):
            return CPUPlace()
        raise ValueError(f"CPU device only supports index 0, got {device}")
    return _set_device(device)


def get_device(input=None):
    """'cpu'. Given a tensor, its device id as Paddle gives it: -1 for a CPU tensor."""
    if input is not None:
        if not isinstance(input, Tensor):
            raise TypeError(f"get_device(): input must be a Tensor or None, got "
                            f"{type(input).__name__}")
        return -1
    return _get_device()


def get_default_device():
    return "cpu"


def set_default_device(device):
    set_device(device)


def current_device():
    return 0


def is_available():
    """False: no accelerator."""
    return False


def get_all_device_type():
    """Accelerator device types this build supports: none (Paddle's CPU build answers [])."""
    return []


def get_all_custom_device_type():
    return []


def get_available_device():
    return []


def get_available_custom_device():
    return []


@contextlib.contextmanager
def device_guard(device=None):
    """Run a block on `device`: only the CPU exists, so this checks the name and does nothing."""
    if device is not None:
        set_device(device)
    yield


def synchronize(device=None):
    raise TypeError("device should be gpu, xpu, or a custom device: synchronize() waits for an "
                    "accelerator, and eagergraph runs on the CPU only")


def current_stream(device=None):
    raise TypeError("device should be gpu, xpu, or a custom device: streams belong to an "
                    "accelerator, and eagergraph runs on the CPU only")


# ---- the default generator, as Paddle 3.3.1's paddle.device (one CPU generator)
__all__ += ["manual_seed", "get_rng_state", "set_rng_state"]


def manual_seed(seed):
    """Re-seed the default generator (paddle.seed); returns None, as Paddle's."""
    from ..phi.generator import seed as _seed
    _seed(int(seed))


def get_rng_state(device=None):
    """The CPU generator's GeneratorState (paddle.get_rng_state()'s list holds the same)."""
    from ..phi.generator import default_cpu_generator
    return default_cpu_generator().get_state()


def set_rng_state(new_state, device=None):
    """Restore a state from get_rng_state(): the following draws repeat."""
    from ..phi.generator import default_cpu_generator
    default_cpu_generator().set_state(new_state)  # Paddle's TypeError for anything else
