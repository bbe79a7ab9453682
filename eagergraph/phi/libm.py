"""The C library's own scalar math functions, for the samplers that must round exactly as
Paddle's CPU kernels do (Paddle calls the system libm, so on the same machine these are its
values, whatever variant glibc picked for the CPU).

CPython's math.log, log1p, exp and pow call the C library; math.lgamma is CPython's own
algorithm, and the float versions (logf, log1pf, powf) are not in the math module: those come
from libm through ctypes (with a fallback where no libm can be loaded: CPython's lgamma, and the
double function rounded to float, which can differ in the last bit)."""
import array
import ctypes
import ctypes.util
import math

__all__ = ["log", "log1p", "exp", "pow", "lgamma", "logf", "log1pf", "powf", "f32"]

_INF = float("inf")
_NAN = float("nan")


_F32_CELL = array.array("f", [0.0])


def f32(x):
    """x (a Python float) rounded to float32 (nearest, ties to even; beyond the range, inf), as
    a Python float: stored into a C float and read back."""
    _F32_CELL[0] = x
    return _F32_CELL[0]


def log(x):
    if x > 0:
        return math.log(x)
    return -_INF if x == 0 else _NAN


def log1p(x):
    if x > -1:
        return math.log1p(x)
    return -_INF if x == -1 else _NAN


def exp(x):
    try:
        return math.exp(x)
    except OverflowError:
        return _INF


def pow(x, y):  # noqa: A001 (the C name)
    try:
        return math.pow(x, y)
    except (OverflowError, ValueError):
        return _NAN if x < 0 else _INF


def _load():
    for name in (ctypes.util.find_library("m"), "libm.so.6"):
        if name:
            try:
                return ctypes.CDLL(name)
            except OSError:
                pass
    return None


_LIBM = _load()


def _bind(name, ctype, nargs):
    fn = getattr(_LIBM, name, None) if _LIBM is not None else None
    if fn is not None:
        fn.restype = ctype
        fn.argtypes = [ctype] * nargs
    return fn


_lgamma = _bind("lgamma", ctypes.c_double, 1)
_logf = _bind("logf", ctypes.c_float, 1)
_log1pf = _bind("log1pf", ctypes.c_float, 1)
_powf = _bind("powf", ctypes.c_float, 2)

lgamma = _lgamma if _lgamma is not None else (
    lambda x: math.lgamma(x) if not (x <= 0 and x == math.floor(x)) else _INF)
logf = _logf if _logf is not None else (lambda x: f32(log(x)))
log1pf = _log1pf if _log1pf is not None else (lambda x: f32(log1p(x)))
powf = _powf if _powf is not None else (lambda x, y: f32(pow(x, y)))
