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


# ---- flags (paddle.set_flags / paddle.get_flags) --------------------------------------------
# The flags eagergraph implements, with their values. A module that implements one registers a
# watcher (`watch_flag`) that set_flags calls with the new value, so this low module never
# imports the module that acts on a flag.
_FLAGS = {"FLAGS_check_nan_inf": False}
_FLAG_TYPES = {"FLAGS_check_nan_inf": bool}
_FLAG_WATCHERS = {}


def watch_flag(name, fn):
    """Call `fn(value)` whenever set_flags changes flag `name`."""
    _FLAG_WATCHERS.setdefault(name, []).append(fn)


def set_flags(flags):
    """Set global flags, e.g. `paddle.set_flags({'FLAGS_check_nan_inf': 1})` (NaN/Inf in any op's
    output or gradient raises, naming the op and the line that called it)."""
    if not isinstance(flags, dict):
        raise TypeError("flags in set_flags should be a dict")
    for name in flags:
        if name not in _FLAGS:
            raise ValueError(f"Flag {name} cannot set its value through this function.")
    for name, value in flags.items():
        value = _FLAG_TYPES[name](value)
        _FLAGS[name] = value
        for fn in _FLAG_WATCHERS.get(name, ()):
            fn(value)


def get_flags(flags):
    """{name: value} of the flags named (a name or a list/tuple of names)."""
    if isinstance(flags, str):
        flags = [flags]
    elif not isinstance(flags, (list, tuple)):
        raise TypeError("Flags in get_flags should be a list, tuple or string.")
    out = {}
    for name in flags:
        if name not in _FLAGS:
            raise ValueError(f"Flag {name} cannot get its value through this function.")
        out[name] = _FLAGS[name]
    return out
