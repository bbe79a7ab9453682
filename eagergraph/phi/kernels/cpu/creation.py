"""Creation kernels: full, full_like, empty, empty_like, arange, linspace, eye
(Paddle phi/kernels/cpu/{full,arange,linspace,eye}_kernel.cc).

Their dtype comes from the DataType attribute, which every kernel here receives. `empty` and
`empty_like` return zeros: Paddle leaves the memory uninitialised, so any values are valid and
zeros are the deterministic choice."""
import math
import sys

import ml_dtypes
import numpy as np

from ...common import float16, bfloat16, float32, float64, int32, int64, complex64, complex128
from ...infermeta.creation import range_params
from ...kernel_registry import register_kernel
from ..dtype_groups import ALL_WITH_HALF

_F32_MAX = float(np.finfo(np.float32).max)
_FLOAT_MAX = {float16.np_dtype: 65504.0,
              bfloat16.np_dtype: float(ml_dtypes.finfo(ml_dtypes.bfloat16).max),
              float32.np_dtype: _F32_MAX}


def _scalar_to(value, np_dtype):
    """Paddle's Scalar::to<T>(): a C++ static_cast, as x86 does it. Complex -> real keeps the
    real part; nonzero -> True; floats round to the nearest value of a float type (inf beyond
    it); float -> int truncates, and a non-finite or out-of-range float gives the smallest
    int32/int64 before narrowing; ints wrap to the width (full([2], -1, 'uint8') is 255)."""
    kind = np_dtype.kind
    if kind == "c":
        if np_dtype.itemsize == 8 and max(abs(value.real), abs(value.imag)) > _F32_MAX:
            with np.errstate(over="ignore"):
                return np.array(value, np.complex128).astype(np_dtype)[()]
        return value
    if type(value) is complex:
        value = value.real
    if kind == "b":
        return value != 0
    if kind in "iu":
        if type(value) is float:
            limit = 2.0 ** (63 if np_dtype.itemsize == 8 else 31)
            value = int(value) if -limit <= value < limit else -int(limit)
        bits = np_dtype.itemsize * 8
        value &= (1 << bits) - 1
        if kind == "i" and value >> (bits - 1):
            value -= 1 << bits
        return value
    fmax = _FLOAT_MAX.get(np_dtype)
    if fmax is not None and abs(value) > fmax:  # IEEE rounding decides between max and inf
        with np.errstate(over="ignore"):
            return np.array(value, np.float64).astype(np_dtype)[()]
    return value


def _fill_range(d):
    """(lowest, max) of a real DataType as full_like compares them: in float32, or in double
    for float64 (Paddle's CommonType)."""
    np_dtype = d.np_dtype
    if np_dtype.kind == "b":
        return 0.0, 1.0
    if np_dtype.kind in "iu":
        info = np.iinfo(np_dtype)
        lo, hi = float(info.min), float(info.max)
    else:
        hi = _FLOAT_MAX.get(np_dtype, sys.float_info.max)
        lo = -hi
    if np_dtype == np.float64:
        return lo, hi
    return float(np.float32(lo)), float(np.float32(hi))


_FILL_RANGE = {d.np_dtype: _fill_range(d) for d in ALL_WITH_HALF if not d.is_complex}


def _check_fill_range(value, dtype):
    """full_like's range check (Paddle FullLikeKernel): a finite value must lie in the target
    type's range, compared in float32 (double for float64)."""
    lo, hi = _FILL_RANGE[dtype.np_dtype]
    if lo <= value <= hi or not math.isfinite(value):
        return
    if dtype.np_dtype != np.float64:  # the value rounds to float32 first
        with np.errstate(over="ignore"):
            value = float(np.float32(value))
        if lo <= value <= hi:
            return
    raise ValueError(
        f"(InvalidArgument) The filled value is out of range for target type, current kernel "
        f"type is {dtype.name}, the range should between {lo:f} and {hi:f}, but now value is "
        f"{value:f}.")


def _alloc(shape, np_dtype):
    """np.zeros(shape), with Paddle's MemoryError (not NumPy's _ArrayMemoryError) when the
    allocation fails."""
    try:
        return np.zeros(shape, np_dtype)
    except MemoryError:
        n = np.dtype(np_dtype).itemsize
        for d in shape:
            n *= int(d)
        raise MemoryError(f"(ResourceExhausted) Fail to alloc memory of {n} size, error code is "
                          f"12.") from None


def _filled(shape, value, np_dtype):
    out = _alloc(shape, np_dtype)
    if value != 0:
        out.fill(_scalar_to(value, np_dtype))
    return out


@register_kernel("full", ALL_WITH_HALF)
def full(shape, value, dtype):
    return _filled(shape, value, dtype.np_dtype)


@register_kernel("full_like", ALL_WITH_HALF)
def full_like(x, value, dtype):
    np_dtype = dtype.np_dtype
    if np_dtype.kind != "c":
        # Paddle goes through double here: full_like(x, 2**63 - 1, 'int64') is INT64_MIN
        value = float(value.real if type(value) is complex else value)
        _check_fill_range(value, dtype)
    return _filled(x.shape, value, np_dtype)


@register_kernel("empty", ALL_WITH_HALF)
def empty(shape, dtype):
    return _alloc(shape, dtype.np_dtype)


@register_kernel("empty_like", ALL_WITH_HALF)
def empty_like(x, dtype):
    return _alloc(x.shape, dtype.np_dtype)


@register_kernel("arange", (int32, int64, float32, float64))
def arange(start, end, step, dtype):
    np_dtype = dtype.np_dtype
    start, step, size = range_params(start, end, step, np_dtype)
    out = _alloc((size,), np_dtype)
    if np_dtype.kind in "iu":
        out[:] = np.arange(size, dtype=np_dtype)
        return out * np_dtype.type(step) + np_dtype.type(start)
    # Paddle accumulates value += step in the output type; add.accumulate does the same.
    out.fill(step)
    if size:
        out[0] = start
    return np.add.accumulate(out, out=out)


@register_kernel("linspace", (int32, int64, float32, float64))
def linspace(start, stop, num, dtype):
    np_dtype = dtype.np_dtype
    # Paddle converts start/stop to the output type, then counts the first half up from start
    # and the second half down from stop; floats compute in the output type, integers in double
    # and truncate.
    work = np.float64 if np_dtype.kind in "iu" else np_dtype.type
    start = work(np_dtype.type(_scalar_to(start, np_dtype)))
    stop = work(np_dtype.type(_scalar_to(stop, np_dtype)))
    if num <= 1:
        return np.full(num, start, np_dtype)
    step = (stop - start) / work(num - 1)
    i = np.arange(num, dtype=work)
    half = num // 2
    out = np.empty(num, work)
    out[:half] = start + step * i[:half]
    out[half:] = stop - step * (work(num - 1) - i[half:])
    return out.astype(np_dtype, copy=False)


@register_kernel("eye", (int32, int64, float32, float64, complex64, complex128))
def eye(num_rows, num_columns, dtype):
    cols = num_rows if num_columns == -1 else num_columns
    out = _alloc((num_rows, cols), dtype.np_dtype)
    np.fill_diagonal(out, 1)
    return out
