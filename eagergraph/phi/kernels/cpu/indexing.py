"""Slicing and index kernels: slice, strided_slice, gather, index_select, gather_nd,
masked_select, nonzero. slice and strided_slice return views of their input."""
import numpy as np

from ...kernel_registry import register_kernel
from ..dtype_groups import ALL_WITH_HALF
from ...infermeta.indexing import slice_bounds


@register_kernel("slice", ALL_WITH_HALF)
def slice_(input, axes, starts, ends, decrease_axis):
    shape = input.shape
    idx = [slice(None)] * len(shape)
    for a, s, e in zip(axes, starts, ends):
        lo, hi = slice_bounds(shape[a], s, e)
        idx[a] = slice(lo, hi)
    for a in decrease_axis:  # InferMeta checked these have length 1: index them away
        sl = idx[a]
        if type(sl) is slice:
            idx[a] = sl.start or 0
    return input[tuple(idx)]


@register_kernel("strided_slice", ALL_WITH_HALF)
def strided_slice(x, axes, starts, ends, strides):
    idx = [slice(None)] * x.ndim
    for a, s, e, st in zip(axes, starts, ends, strides):
        idx[a] = slice(s, e, st)
    return x[tuple(idx)]


def _take(x, index, axis, exc):
    """np.take (which bound-checks and accepts negative indices) with Paddle's error type."""
    try:
        return np.take(x, index, axis=axis)
    except IndexError:
        dim = x.shape[axis]
        bad = index[(index >= dim) | (index < -dim)].flat[0]
        raise exc(f"(OutOfRange) index {bad} is out of bounds for axis {axis} with size {dim}; "
                  f"valid indices are in [{-dim}, {dim}).") from None


@register_kernel("gather", ALL_WITH_HALF)
def gather(x, index, axis):
    if index.ndim == 2:
        index = index.reshape(-1)
    return _take(x, index, int(axis) % x.ndim if x.ndim else 0, IndexError)


@register_kernel("index_select", ALL_WITH_HALF)
def index_select(x, index, axis):
    return _take(x, index, axis % x.ndim if x.ndim else 0, ValueError)


@register_kernel("gather_nd", ALL_WITH_HALF)
def gather_nd(x, index):
    if index.shape[-1] == 0:
        return np.broadcast_to(x, index.shape[:-1] + x.shape).copy()
    try:
        return x[tuple(np.moveaxis(index, -1, 0))]
    except IndexError as e:
        raise ValueError(f"(InvalidArgument) Input(index) has a wrong value: {e}.") from None


@register_kernel("masked_select", ALL_WITH_HALF)
def masked_select(x, mask):
    if x.shape != mask.shape:
        x, mask = np.broadcast_arrays(x, mask)
    return x[mask]


@register_kernel("nonzero", ALL_WITH_HALF)
def nonzero(condition):
    return np.argwhere(condition)
