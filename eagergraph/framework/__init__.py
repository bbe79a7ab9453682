"""Global framework state: default dtype and device (Paddle paddle.framework; the random seed is
phi/generator.py)."""
from ..phi.common import convert_dtype, float32, float64, float16, bfloat16, CPU_PLACE, CPUPlace
from ..phi import generator as _generator

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


# ---- dtype limits (Paddle paddle.finfo / paddle.iinfo) --------------------------------------
class finfo:
    """Limits of a floating dtype: min, max, eps, resolution, smallest_normal, tiny, bits,
    dtype (the dtype's name)."""

    def __init__(self, dtype):
        dt = convert_dtype(dtype)
        if not (dt.is_floating_point or dt.is_complex):
            raise ValueError(f"finfo(): dtype must be a floating or complex dtype, got {dt.name}")
        import ml_dtypes
        import numpy as np
        npd = dt.np_dtype
        if dt.is_complex:
            npd = np.dtype(np.float32 if dt.name == "complex64" else np.float64)
        info = ml_dtypes.finfo(npd) if dt.name == "bfloat16" else np.finfo(npd)
        self.dtype = npd.name if dt.name != "bfloat16" else "bfloat16"
        self.bits = int(info.bits)
        self.min, self.max = float(info.min), float(info.max)
        self.eps = float(info.eps)
        self.resolution = 10.0 ** -int(info.precision)
        self.smallest_normal = self.tiny = float(info.smallest_normal)

    def __repr__(self):
        return (f"paddle.finfo(min={self.min:g}, max={self.max:g}, eps={self.eps:g}, "
                f"resolution={self.resolution:g}, smallest_normal={self.smallest_normal:g}, "
                f"tiny={self.tiny:g}, bits={self.bits}, dtype={self.dtype})")


class iinfo:
    """Limits of an integer dtype: min, max, bits, dtype (the dtype's name)."""

    def __init__(self, dtype):
        import numpy as np
        dt = convert_dtype(dtype)
        if not dt.is_integer:
            raise ValueError(f"iinfo(): dtype must be an integer dtype, got {dt.name}")
        info = np.iinfo(dt.np_dtype)
        self.dtype, self.bits = dt.name, int(info.bits)
        self.min, self.max = int(info.min), int(info.max)

    def __repr__(self):
        return (f"paddle.iinfo(min={self.min}, max={self.max}, bits={self.bits}, "
                f"dtype={self.dtype})")


seed = _generator.seed  # paddle.framework.seed
