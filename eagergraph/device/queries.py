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
