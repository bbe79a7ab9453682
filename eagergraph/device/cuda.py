"""paddle.device.cuda on a CPU-only build: no CUDA devices; the queries that need one raise as in
a CPU build of Paddle 3.3.1, the housekeeping calls are no-ops."""
from .queries import device_count  # noqa: F401  (paddle.device.cuda.device_count() == 0)

__all__ = ["device_count", "empty_cache", "synchronize", "current_stream", "memory_allocated",
           "max_memory_allocated", "memory_reserved", "max_memory_reserved",
           "get_device_properties", "get_device_name", "get_device_capability", "manual_seed",
           "reset_max_memory_allocated", "reset_max_memory_reserved", "vmm_compact"]


def _no_cuda(what):
    raise RuntimeError(f"(Unavailable) eagergraph is not compiled with CUDA (it runs on the CPU "
                       f"only). Cannot visit device {what}.")


def _cpu_only(api, support="GPU or custom device"):
    """Paddle 3.3.1's CPU build's ValueError, word for word."""
    raise ValueError(f"The API paddle.device.cuda.{api} is not supported in CPU-only "
                     f"PaddlePaddle. Please reinstall PaddlePaddle with {support} support to "
                     f"call this API.")


def empty_cache():
    """Nothing is cached on a device: a no-op."""
    return None


def manual_seed(seed):
    """No CUDA generator to seed: a no-op (paddle.seed seeds the CPU generator)."""
    return None


def synchronize(device=None):
    _no_cuda("synchronize")


def current_stream(device=None):
    _no_cuda("current_stream")


def memory_allocated(device=None):
    _cpu_only("memory_allocated")


def max_memory_allocated(device=None):
    _cpu_only("max_memory_allocated")


def memory_reserved(device=None):
    _cpu_only("memory_reserved")


def max_memory_reserved(device=None):
    _cpu_only("max_memory_reserved")


def reset_max_memory_allocated(device=None):
    _cpu_only("reset_max_memory_allocated")


def reset_max_memory_reserved(device=None):
    _cpu_only("reset_max_memory_reserved")


def vmm_compact(device=None):
    _cpu_only("vmm_compact", "GPU")


def get_device_properties(device=None):
    _cpu_only("get_device_properties", "GPU")


def get_device_name(device=None):
    _cpu_only("get_device_properties", "GPU")  # Paddle's: it asks get_device_properties


def get_device_capability(device=None):
    _cpu_only("get_device_properties", "GPU")
