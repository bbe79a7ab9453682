"""Scatter-like writes composed of the differentiable index ops (Paddle python/paddle/tensor/
manipulation.py and search.py): scatter_nd, scatter_nd_add, index_put, index_fill,
masked_scatter, index_sample, and the inplace forms index_put_, index_fill_, masked_scatter_ and
Tensor.put_along_axis_.

Each write is turned into flat positions of x (NumPy, from the index values) and done on the
flattened x with one op whose gradients are Paddle's: `scatter` (overwrite: the overwritten
positions of x get no gradient, every update gets its out position's gradient, duplicates too,
as Paddle's index_put_grad and scatter_grad) or `index_add` (accumulate: x's gradient passes
through, each update gets its position's gradient). Second order comes with those ops.
"""
import numpy as np

from .._generated import dygraph_functions as _ad
from ..tensor import Tensor
from ..eager.inplace import check_inplace, inplace_input, commit_inplace
from ..eager_utils import parse_tensor, parse_int_array
from ..phi.common import NP_TO_DTYPE

__all__ = ["scatter_nd", "scatter_nd_add", "index_put", "index_put_", "index_fill",
           "index_fill_", "masked_scatter", "masked_scatter_", "index_sample"]
TENSOR_METHODS = __all__ + ["put_along_axis_"]


def _tensor(v, op, arg, pos):
    return v if isinstance(v, Tensor) else parse_tensor(v, op, arg, pos)


def _dtype_name(t):
    return NP_TO_DTYPE[t._data.dtype].name


def _put_flat(x, fp, value, accumulate):
    """x with value (broadcast to fp's shape) written at (accumulate: added to) the flat
    positions fp (an int64 ndarray, in range), as one scatter/index_add on the flattened x."""
    shape = x._data.shape
    if value._data.shape != fp.shape:
        value = _ad.expand_ad_func(value, list(fp.shape))
    flat = _ad.reshape_ad_func(x, [-1])
    idx = Tensor._wrap(np.ascontiguousarray(fp.reshape(-1), dtype=np.int64))
    value = _ad.reshape_ad_func(value, [-1])
    if accumulate:
        out = _ad.index_add_ad_func(flat, idx, value, 0)
    else:
        out = _ad.scatter_ad_func(flat, idx, value, True)
    return _ad.reshape_ad_func(out, list(shape))


def _inplace(x, op, fn, copy=False):
    """x := fn(x's current value) in place (leaf check first, version bump, history)."""
    check_inplace(x, op)
    return commit_inplace(x, fn(inplace_input(x, copy)), op)


# ------------------------------------------------------------------------ scatter_nd(_add)
def _nd_positions(shape, index, op):
    """Flat positions of x (shape) that scatter_nd_add writes: index [..., k] picks the
    slice x[i0, .., ik-1] (shape[k:]) for each leading index; result index.shape[:-1] +
    shape[k:]."""
    idx = index._data
    if idx.dtype.kind not in "iu":
        raise TypeError(f"(InvalidType) {op}(): the index must be an int32 or int64 Tensor, but "
                        f"received {_dtype_name(index)}.")
    k = idx.shape[-1] if idx.ndim else 0
    if idx.ndim == 0 or k > len(shape):
        raise ValueError(f"(InvalidArgument) {op}(): the last dimension of Input(Index)'s shape "
                         f"should be no greater than the rank of Input(X), but received "
                         f"{k} and rank {len(shape)}.")
    lead = np.asarray(shape[:k], np.int64)
    if idx.size and ((idx < -lead).any() or (idx >= lead).any()):
        bad = idx[(idx < -lead) | (idx >= lead)].flat[0]
        raise IndexError(f"(OutOfRange) {op}(): index {bad} is out of bounds for a shape "
                         f"{list(shape[:k])}.")
    idx = np.where(idx < 0, idx + lead, idx).astype(np.int64)
    rest = int(np.prod(shape[k:], dtype=np.int64))
    strides = (np.cumprod((list(shape[1:k]) + [1])[::-1])[::-1] * rest).astype(np.int64)
    base = idx @ strides if k else np.zeros(idx.shape[:-1], np.int64)
    return (base[..., None] + np.arange(rest, dtype=np.int64)).reshape(
        idx.shape[:-1] + tuple(shape[k:]))


def scatter_nd_add(x, index, updates, name=None):
    """x with each updates slice added at the position index[..., :] names (index [..., k],
    updates index.shape[:-1] + x.shape[k:]); repeated positions add up."""
    x = _tensor(x, "scatter_nd_add", "x", 0)
    index = _tensor(index, "scatter_nd_add", "index", 1)
    updates = _tensor(updates, "scatter_nd_add", "updates", 2)
    if x._data.dtype != updates._data.dtype:
        raise TypeError(f"x and updates must have same data type but x.dtype="
                        f"{_dtype_name(x)}, updates.dtype={_dtype_name(updates)}")
    fp = _nd_positions(x._data.shape, index, "scatter_nd_add")
    if updates._data.shape != fp.shape:
        raise ValueError(f"(InvalidArgument) scatter_nd_add(): Updates has wrong shape "
                         f"{list(updates._data.shape)}; it should be Index.shape[:-1] + "
                         f"X.shape[Index.shape[-1]:] = {list(fp.shape)}.")
    return _put_flat(x, fp, updates, True)


def scatter_nd(index, updates, shape, name=None):
    """zeros(shape) with updates slices added at index (scatter_nd_add into zeros)."""
    updates = _tensor(updates, "scatter_nd", "updates", 1)
    shape = [int(s) for s in parse_int_array(shape, "scatter_nd", "shape", 2)]
    zeros = Tensor._wrap(np.zeros(shape, updates._data.dtype))
    return scatter_nd_add(zeros, index, updates)


# -------------------------------------------------------------------------------- index_put
def _put_positions(x, indices, op):
    if not isinstance(indices, (tuple, list)):
        raise TypeError(f"{op}(): indices must be a tuple or list of Tensors")
    for i, t in enumerate(indices):
        if not isinstance(t, Tensor):
            raise TypeError(f"{op}(): indices[{i}] must be a Tensor, but got "
                            f"{type(t).__name__}")
    pos = Tensor._wrap(np.arange(x._data.size, dtype=np.int64).reshape(x._data.shape))
    return pos[tuple(indices)]._data


def _put_value(x, value, op):
    if not isinstance(value, Tensor):
        return Tensor._wrap(np.asarray(value, x._data.dtype))
    if value._data.dtype != x._data.dtype:
        raise TypeError(f"(InvalidType) {op}(): the value's dtype {_dtype_name(value)} must be "
                        f"the same as x's dtype {_dtype_name(x)}.")
    return value


def _index_put(x, indices, value, accumulate, op):
    fp = _put_positions(x, indices, op)
    value = _put_value(x, value, op)
    from ..phi.infermeta.common import broadcast_shape
    try:
        if broadcast_shape(value._data.shape, fp.shape) != fp.shape:
            raise ValueError
    except ValueError:
        raise ValueError(f"(InvalidArgument) {op}(): the value of shape "
                         f"{list(value._data.shape)} cannot be broadcast to the indexed shape "
                         f"{list(fp.shape)}.") from None
    return fp, value


def index_put(x, indices, value, accumulate=False, name=None):
    """A copy of x with x[indices] = value (accumulate: += value; repeated positions add up).
    indices: a tuple of int Tensors (broadcast together) or bool masks, as x[indices] reads."""
    x = _tensor(x, "index_put", "x", 0)
    fp, value = _index_put(x, indices, value, accumulate, "index_put")
    return _put_flat(x, fp, value, bool(accumulate))


def index_put_(x, indices, value, accumulate=False, name=None):
    """x[indices] = value (or += value) in place."""
    x = _tensor(x, "index_put_", "x", 0)
    fp, value = _index_put(x, indices, value, accumulate, "index_put_")
    return _inplace(x, "index_put_", lambda s: _put_flat(s, fp, value, bool(accumulate)))


# ------------------------------------------------------------------------------- index_fill
def _fill_args(x, index, axis, value, op):
    x = _tensor(x, op, "x", 0)
    if not isinstance(index, Tensor):
        raise ValueError("index must be Tensor")
    if isinstance(value, Tensor):
        if value._data.ndim > 0:
            raise ValueError("value must be scalar or 0-D tensor")
        if value._data.dtype != x._data.dtype:
            value = _ad.cast_ad_func(value, NP_TO_DTYPE[x._data.dtype])
    else:
        value = Tensor._wrap(np.asarray(value, x._data.dtype))
    n = x._data.ndim
    if type(axis) is not int or axis > n - 1 or axis < -n:
        raise ValueError("The axis should be int, and in range [-rank(x), rank(x))")
    axis %= n
    dim = x._data.shape[axis]
    idx = index._data.reshape(-1).astype(np.int64)
    if idx.size and (idx.max() >= dim or idx.min() < -dim):
        bad = idx[(idx >= dim) | (idx < -dim)][0]
        raise IndexError(f"(OutOfRange) {op}(): index {bad} is out of bounds for axis {axis} "
                         f"with size {dim}.")
    hit = np.zeros(dim, np.bool_)
    hit[idx] = True
    mask = [1] * n
    mask[axis] = dim
    return x, Tensor._wrap(hit.reshape(mask)), value, idx.size == 0


def index_fill(x, index, axis, value, name=None):
    """A copy of x with the slices at `index` along axis set to value (a scalar or 0-D
    Tensor, which then gets the sum of their gradients)."""
    x, mask, value, empty = _fill_args(x, index, axis, value, "index_fill")
    if empty:
        return _ad.assign_ad_func(x)
    return _ad.masked_fill_ad_func(x, mask, value)


def index_fill_(x, index, axis, value, name=None):
    """index_fill in place."""
    x, mask, value, empty = _fill_args(x, index, axis, value, "index_fill_")
    if empty:
        return x
    return _inplace(x, "index_fill_", lambda s: _ad.masked_fill_ad_func(s, mask, value))


# --------------------------------------------------------------------------- masked_scatter
def _masked_scatter_args(x, mask, value, op):
    x = _tensor(x, op, "x", 0)
    mask = _tensor(mask, op, "mask", 1)
    value = _tensor(value, op, "value", 2)
    if x._data.dtype != value._data.dtype:
        raise AssertionError(f"x and value must have the same dtype, but got x dtype is "
                             f"{x.dtype}, value dtype is {value.dtype}")
    if mask._data.dtype != np.bool_:
        raise AssertionError("mask must be a bool Tensor")
    from ..phi.infermeta.common import broadcast_shape
    shape = broadcast_shape(x._data.shape, mask._data.shape)
    fp = np.flatnonzero(np.broadcast_to(mask._data, shape))
    if fp.size > value._data.size:
        raise AssertionError(f"mask true nums must be <= value size, but got mask true nums is "
                             f"{fp.size}, value size is {value._data.size}")
    vals = _ad.slice_ad_func(_ad.reshape_ad_func(value, [-1]), [0], [0], [fp.size], [])
    return x, shape, fp, vals


def masked_scatter(x, mask, value, name=None):
    """x (broadcast with mask) with its positions where mask is True filled, in order, by the
    first elements of value (flattened)."""
    x, shape, fp, vals = _masked_scatter_args(x, mask, value, "masked_scatter")
    if x._data.shape != shape:
        x = _ad.expand_ad_func(x, list(shape))
    return _put_flat(x, fp, vals, False)


def masked_scatter_(x, mask, value, name=None):
    """masked_scatter in place (mask must broadcast to x's shape)."""
    x, shape, fp, vals = _masked_scatter_args(x, mask, value, "masked_scatter_")
    if x._data.shape != shape:
        raise ValueError(f"(InvalidArgument) masked_scatter_(): The shape of broadcast output "
                         f"{list(shape)} is different from that of inplace tensor "
                         f"{list(x._data.shape)} in the Inplace operation.")
    return _inplace(x, "masked_scatter_", lambda s: _put_flat(s, fp, vals, False))


# ----------------------------------------------------------------------------- index_sample
def index_sample(x, index):
    """out[i, j] = x[i, index[i, j]] for a 2-D x [N, M] and int index [N, K]."""
    x = _tensor(x, "index_sample", "x", 0)
    index = _tensor(index, "index_sample", "index", 1)
    xs, js = x._data.shape, index._data.shape
    if len(xs) != 2 or len(js) != 2:
        raise ValueError(f"(InvalidArgument) Inputs(X) and Inputs(Index) of index_sample should "
                         f"be 2-D, but received X of shape {list(xs)} and Index of shape "
                         f"{list(js)}.")
    if xs[0] != js[0]:
        raise ValueError(f"(InvalidArgument) Inputs(X)'s value of dimension 0 must same with "
                         f"Inputs(Index)'s value of dimension 0, but got {xs[0]} of Inputs(X), "
                         f"and got {js[0]} of Inputs(Index), please check Inputs shape.")
    if index._data.dtype not in (np.int32, np.int64):
        raise TypeError(f"(InvalidType) index_sample(): Input(Index) holds the wrong type, it "
                        f"holds {_dtype_name(index)}, but desires to be int32 or int64.")
    return _ad.take_along_axis_ad_func(x, index, 1)


# ------------------------------------------------------------------------- put_along_axis_
def put_along_axis_(arr, indices, values, axis, reduce="assign", include_self=True,
                    broadcast=True):
    """Tensor.put_along_axis_: put_along_axis into arr itself (Paddle 3.3.1 has no
    paddle.put_along_axis_)."""
    from .indexing import put_along_axis
    arr = _tensor(arr, "put_along_axis_", "arr", 0)
    if isinstance(values, Tensor) and values._data.dtype != arr._data.dtype:
        values = _ad.cast_ad_func(values, NP_TO_DTYPE[arr._data.dtype])
    return _inplace(arr, "put_along_axis_", lambda s: put_along_axis(
        s, indices, values, axis, reduce, include_self, broadcast), copy=True)

