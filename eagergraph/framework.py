"""Global framework state: default dtype and device (Paddle paddle.framework; the random seed is
phi/generator.py)."""
from .phi.common import convert_dtype, float32, float64, float16, bfloat16, CPU_PLACE, CPUPlace

_default_dtype = float32


def get_default_dtype():
    """The default floating dtype as a string ('float32'), as Paddle returns it."""
    return _default_dtype.name


def default_float_dtype():
    return _default_dtype


_DEFAULT_CHOICES = (float16, float32, float64, bfloat16)


def set_default_dtype(d):
    """Set the dtype that Python floats and float creation ops use: float16, float32, float64
    or bfloat16 (a name, a paddle dtype, or a NumPy float type)."""
    global _default_dtype
    dt = None
    if not isinstance(d, str) or d in ("float16", "float32", "float64", "bfloat16"):
        try:
            dt = convert_dtype(d)
        except (TypeError, ValueError):
            pass
    if dt not in _DEFAULT_CHOICES:
        raise TypeError(
            f"set_default_dtype only supports [float16, float32, float64, bfloat16] , but "
            f"received {d}")
    _default_dtype = dt


# ---- device -------------------------------------------------------------------------------
_ACCELERATORS = {"gpu": "CUDA", "dcu": "CUDA", "xpu": "XPU", "npu": "NPU", "ipu": "IPU"}


def _convert_to_place(device):
    """'cpu' or a CPUPlace -> CPU_PLACE. eagergraph is CPU-only (NumPy): accelerator names raise
    ValueError as in a Paddle build without that accelerator; anything else is not a device."""
    if isinstance(device, CPUPlace):
        return CPU_PLACE
    if not isinstance(device, str):
        raise ValueError(f"The device must be 'cpu' or paddle.CPUPlace(), but received "
                         f"{device!r} of type {type(device).__name__}.")
    name = device.lower().replace("cuda", "gpu")
    if name == "cpu":
        return CPU_PLACE
    kind, _, index = name.partition(":")
    if kind in _ACCELERATORS and (not index or index.isdigit()):
        raise ValueError(
            f"The device should not be {device!r}, since eagergraph is not compiled with "
            f"{_ACCELERATORS[kind]}: it runs on the CPU only (NumPy). Use 'cpu'.")
    raise ValueError(
        f"The device must be a string which is like 'cpu', 'gpu', 'gpu:x', 'dcu', 'dcu:x', "
        f"'xpu', 'xpu:x', 'npu', 'npu:x', but received {device!r}.")


def set_device(device):
    """Select the device ops run on; only 'cpu' exists in eagergraph. Returns the Place."""
    return _convert_to_place(device)


def get_device():
    return "cpu"


def is_compiled_with_cuda():
    return False
