"""Slicing and index kernels: slice, strided_slice, gather, index_select, gather_nd,
masked_select, nonzero (slice and strided_slice return views of their input), and beside them
the grad ops of each (slice_grad, gather_grad, ...: ops of their own in ops.yaml)."""
import numpy as np

from ...kernel_registry import register_kernel
from ..dtype_groups import ALL_WITH_HALF, FLOAT_COMPLEX, ALL
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


# ---- grad ops of slicing and gathering (ops of their own in ops.yaml)
@register_kernel("slice_grad", FLOAT_COMPLEX)
def slice_grad(input, out_grad, axes, starts, ends, decrease_axis):
    shape = input.shape
    idx = [slice(None)] * len(shape)
    for a, s, e in zip(axes, starts, ends):
        lo, hi = slice_bounds(shape[a], s, e)
        idx[a] = slice(lo, hi)
    for a in decrease_axis:  # the forward indexed these length-1 dims away: index them here too
        sl = idx[a]
        if type(sl) is slice:
            idx[a] = sl.start or 0
    g = np.zeros(shape, out_grad.dtype)
    g[tuple(idx)] = out_grad
    return g


@register_kernel("strided_slice_grad", FLOAT_COMPLEX)
def strided_slice_grad(x, out_grad, axes, starts, ends, strides):
    idx = [slice(None)] * x.ndim
    for a, s, e, st in zip(axes, starts, ends, strides):
        idx[a] = slice(s, e, st)
    g = np.zeros(x.shape, out_grad.dtype)
    g[tuple(idx)] = out_grad
    return g


def _add_at(shape, index, out_grad, axis, exc):
    """zeros(shape) with out_grad's slices along axis added at index (np.add.at, which
    accumulates repeated indices and accepts negative ones), out-of-range indices raising the
    forward op's error type."""
    g = np.zeros(shape or (1,), out_grad.dtype)
    try:
        np.add.at(g, (slice(None),) * axis + (index,), out_grad)
    except IndexError:
        dim = g.shape[axis]
        bad = index[(index >= dim) | (index < -dim)].flat[0]
        raise exc(f"(OutOfRange) index {bad} is out of bounds for axis {axis} with size {dim}; "
                  f"valid indices are in [{-dim}, {dim}).") from None
    return g.reshape(shape) if not shape else g


@register_kernel("gather_grad", FLOAT_COMPLEX)
def gather_grad(x, index, out_grad, axis):
    if index.ndim == 2:
        index = index.reshape(-1)
    return _add_at(x.shape, index, out_grad, int(axis) % x.ndim if x.ndim else 0, IndexError)


@register_kernel("index_select_grad", ALL)  # all dtypes: __setitem__ scatters with it
def index_select_grad(x, index, out_grad, axis):
    return _add_at(x.shape, index, out_grad, axis % x.ndim if x.ndim else 0, ValueError)


@register_kernel("gather_nd_grad", FLOAT_COMPLEX)
def gather_nd_grad(x, index, out_grad):
    if index.shape[-1] == 0:  # the forward broadcast all of x to each index position
        return out_grad.sum(axis=tuple(range(index.ndim - 1)))
    g = np.zeros(x.shape, out_grad.dtype)
    try:
        np.add.at(g, tuple(np.moveaxis(index, -1, 0)), out_grad)
    except IndexError as e:
        raise ValueError(f"(InvalidArgument) Input(index) has a wrong value: {e}.") from None
    return g


@register_kernel("masked_select_grad", FLOAT_COMPLEX)
def masked_select_grad(x, mask, out_grad):
    xs = x.shape
    if xs == mask.shape:
        g = np.zeros(xs, out_grad.dtype)
        g[mask] = out_grad
        return g
    bs = np.broadcast_shapes(xs, mask.shape)
    g = np.zeros(bs, out_grad.dtype)
    g[np.broadcast_to(mask, bs)] = out_grad
    # the forward broadcast x up to bs: sum the copies back onto x's elements
    lead = len(bs) - len(xs)
    axes = tuple(range(lead)) + tuple(lead + i for i, d in enumerate(xs)
                                      if d == 1 and bs[lead + i] != 1)
    return g.sum(axis=axes).reshape(xs) if axes else g


# ------------------------------------------------------ writes into a copy: scatter, index_add,
# masked_fill, take_along_axis / put_along_axis
def _bounded(index, dim, what):
    """index with negatives counted from the end; out-of-range raises Paddle's IndexError."""
    index = np.asarray(index, np.int64)
    bad = (index >= dim) | (index < -dim)
    if bad.any():
        raise IndexError(f"(OutOfRange) {what} {index[bad].flat[0]} is out of bounds for a "
                         f"dimension of size {dim}; valid indices are in [{-dim}, {dim}).")
    return np.where(index < 0, index + dim, index)


@register_kernel("scatter", ALL)
def scatter(x, index, updates, overwrite):
    idx = _bounded(index.reshape(-1), x.shape[0], "index")
    out = x.copy()
    if overwrite:
        out[idx] = updates.reshape((idx.size,) + x.shape[1:])
    else:
        out[idx] = 0
        np.add.at(out, idx, updates.reshape((idx.size,) + x.shape[1:]))
    return out


@register_kernel("index_add", ALL)
def index_add(x, index, add_value, axis):
    a = axis % x.ndim
    idx = _bounded(index, x.shape[a], "index")
    out = x.copy()
    np.add.at(out, (slice(None),) * a + (idx,), add_value)
    return out


@register_kernel("masked_fill", ALL)
def masked_fill(x, mask, value):
    shape = np.broadcast_shapes(x.shape, mask.shape)
    return np.where(mask, value.reshape(()).astype(x.dtype), x).reshape(shape).astype(x.dtype,
                                                                                     copy=False)


def _along(arr, indices, axis):
    """Full index tuple for positions `indices` along axis (indices' extent elsewhere)."""
    if arr.ndim == 0:
        return ()
    idx = _bounded(indices, arr.shape[axis], "index")
    grids = list(np.indices(indices.shape, sparse=True))
    grids[axis] = idx
    return tuple(grids)


@register_kernel("take_along_axis", ALL)
def take_along_axis(arr, indices, axis):
    if arr.ndim == 0:
        return arr.copy()
    return arr[_along(arr, indices, axis % arr.ndim)]


@register_kernel("put_along_axis", ALL)
def put_along_axis(arr, indices, values, axis, reduce, include_self):
    out = arr.copy()
    if arr.ndim == 0:
        pos = ()
        values = values.reshape(())
    else:
        pos = _along(arr, indices, axis % arr.ndim)
        values = values[tuple(slice(0, k) for k in indices.shape)]
    if reduce == "assign":
        out[pos] = values
    elif reduce == "add":
        if not include_self:
            out[pos] = 0
        np.add.at(out, pos, values)
    elif reduce in ("mul", "multiply"):
        if not include_self:
            out[pos] = 1
        np.multiply.at(out, pos, values)
    elif reduce == "mean":
        count = np.zeros(arr.shape, np.int64)
        np.add.at(count, pos, 1)
        if not include_self:
            out[pos] = 0
        np.add.at(out, pos, values)
        n = count + (1 if include_self else 0)
        hit = count > 0
        if out.dtype.kind in "iub":
            out[hit] = out[hit] // n[hit]
        else:
            out[hit] = out[hit] / n[hit]
    else:  # amin / amax
        if not include_self:
            out[pos] = values.max() if reduce == "amin" else values.min()
        (np.minimum if reduce == "amin" else np.maximum).at(out, pos, values)
    return out
