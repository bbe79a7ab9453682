"""What this build was compiled with, answered for eagergraph: a CPU-only NumPy build (the
answers a CPU build of Paddle 3.3.1 gives for the accelerators)."""


def is_compiled_with_cuda():
    return False


def is_compiled_with_rocm():
    return False


def is_compiled_with_xpu():
    return False


def is_compiled_with_ipu():
    return False


def is_compiled_with_cinn():
    return False


def is_compiled_with_distribute():
    """False: eagergraph has no paddle.distributed."""
    return False


def is_compiled_with_custom_device(device_type):
    return False


def device_count():
    """Accelerator devices: none."""
    return 0


def get_cudnn_version():
    """None: no cuDNN."""
    return None


def is_bf16_supported(including_emulation=True):
    """True, as Paddle 3.3.1's CPU build answers (bfloat16 tensors compute here through
    float32)."""
    return True


def is_current_stream_capturing():
    """False: no stream is capturing a graph."""
    return False


def _not_on_cpu(api):
    """Paddle 3.3.1's CPU build's ValueError for the accelerator memory queries."""
    raise ValueError(f"The API paddle.device.{api} is not supported in CPU PaddlePaddle. Please "
                     f"reinstall PaddlePaddle with GPU or XPU support to call this API.")


def max_memory_allocated(device=None):
    _not_on_cpu("max_memory_allocated")


def max_memory_reserved(device=None):
    _not_on_cpu("max_memory_reserved")


def reset_max_memory_allocated(device=None):
    _not_on_cpu("reset_max_memory_allocated")


def reset_max_memory_reserved(device=None):
    _not_on_cpu("reset_max_memory_reserved")


def reset_peak_memory_stats(device=None):
    _not_on_cpu("reset_max_memory_allocated")  # Paddle's: it calls that one


def get_device_properties(device=None):
    """Paddle 3.3.1's CPU build fails here with a NameError (a bug); eagergraph raises the
    ValueError of the other accelerator queries instead (docs/differences.md)."""
    _not_on_cpu("get_device_properties")


def get_device_name(device=None):
    _not_on_cpu("get_device_name")


def get_device_capability(device=None):
    _not_on_cpu("get_device_capability")


def ipc_collect():
    raise RuntimeError("(Unavailable) Paddle is not compiled with CUDA/XPU, so `ipc_collect` "
                       "cannot be used.")
