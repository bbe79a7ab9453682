"""Global framework state: default dtype, device, random seed (Paddle paddle.framework)."""
import numpy as np

from .phi.common import convert_dtype, float32, float64, float16, bfloat16, CPU_PLACE, CPUPlace

_default_dtype = float32


def get_default_dtype():
    """The default floating dtype as a string ('float32'), as Paddle returns it."""
    return _default_dtype.name


def default_float_dtype():
    return _default_dtype


def set_default_dtype(d):
    """Set the dtype Python floats and float creation ops use (float16, float32 or float64)."""
    global _default_dtype
    try:
        dt = convert_dtype(d)
    except TypeError:
        dt = None
    if dt not in (float16, float32, float64):
        raise TypeError(
            f"set_default_dtype only supports [float16, float32, float64], but received {d}")
    _default_dtype = dt


# ---- device -------------------------------------------------------------------------------
def set_device(device):
    """eagergraph runs on the CPU only: 'cpu' is accepted, anything else raises ValueError."""
    if isinstance(device, CPUPlace) or (isinstance(device, str) and device.lower() == "cpu"):
        return CPU_PLACE
    raise ValueError(
        f"The device should be 'cpu' in eagergraph (a CPU-only, NumPy-backed Paddle), "
        f"but received {device!r}.")


def get_device():
    return "cpu"


def is_compiled_with_cuda():
    return False


# ---- random -------------------------------------------------------------------------------
class _RandomState:
    generator = np.random.default_rng()


def seed(s):
    """paddle.seed: re-seed the global generator used by rand/randn/uniform/normal/randint."""
    if not isinstance(s, (int, np.integer)) or isinstance(s, bool):
        raise TypeError(f"paddle.seed() expects an int seed, but received {type(s).__name__}.")
    _RandomState.generator = np.random.default_rng(int(s) & 0xFFFFFFFFFFFFFFFF)
    return _RandomState.generator


def get_generator():
    return _RandomState.generator
