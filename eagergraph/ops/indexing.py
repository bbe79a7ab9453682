"""Slicing, gathering and `Tensor.__getitem__` (Paddle python/paddle/tensor/manipulation.py,
search.py, and the dygraph indexing of pybind/slice_utils.h), and the writes into a copy
(masked_fill, index_add, put_along_axis, the scatter-like writes at the end).

Indexing is built from differentiable ops only: basic indices (ints, slices, None, Ellipsis,
Python bools) become one `slice` (or `strided_slice` + `squeeze`) and one `unsqueeze`; advanced
indices (int lists/arrays/Tensors, bool masks) then select from that result with `gather`,
`masked_select` or `gather_nd` (bool masks through `nonzero`).

Like Paddle, basic indices are applied first and advanced indices index the result, so an int
never joins the advanced indices: x[0, :, [1, 2]] has shape [3, 2, ...] where NumPy gives
[2, 3, ...]. Advanced indices then follow NumPy: adjacent ones put their broadcast shape in
place, separated ones put it first. Paddle 3.3 mishandles advanced indices after None (it indexes
the inserted dim) and does not bound-check them; here they index the dim they are written
against and out-of-range values raise IndexError.
"""
import numpy as np

from .._generated import ops_api as _C_ops
from .._generated import dygraph_functions as _ad
from ..tensor import Tensor
from .._generated.eager_utils import (parse_tensor, parse_int, parse_int_array, check_kernel_dtype,
                           names_errors, errors_name_op)
from ..eager.inplace import check_inplace, inplace_input, commit_inplace
from ..phi.infermeta.common import broadcast_shape
from ..phi.common import int64, bool_ as _bool, NP_TO_DTYPE
from ..param_alias import write_out

__all__ = ["slice", "gather", "nonzero"]

_slice = slice  # the builtin, shadowed by the public op below


def slice(input, axes, starts, ends):
    """input[starts[i]:ends[i]] along each axes[i]; bounds are clamped into the dim, negative
    bounds count from its end."""
    if not isinstance(axes, (list, tuple)):
        raise ValueError(f"slice(): input axes must be a python list or tuple, but received "
                         f"{type(axes).__name__}")
    if not axes:
        raise ValueError("slice(): input axes should not be an empty list/tuple.")
    if len(axes) > 1 and isinstance(input, Tensor) and _repeats_an_axis(input, axes):
        # Paddle applies the entries in turn (each slices what the previous ones left)
        starts, ends = _bounds_list(starts), _bounds_list(ends)
        if len(starts) == len(axes) == len(ends):
            for axis, start, end in zip(axes, starts, ends):
                input = _C_ops.slice(input, [axis], [start], [end])
            return input
    return _C_ops.slice(input, axes, starts, ends)


def _repeats_an_axis(x, axes):
    nd = x._data.ndim
    seen = set()
    for a in axes:
        if type(a) is not int or not -nd <= a < nd:
            return False  # the op's own error
        seen.add(a % nd)
    return len(seen) != len(axes)


def _bounds_list(v):
    if isinstance(v, Tensor):
        return [int(b) for b in np.asarray(v._data).reshape(-1)]
    return list(v) if isinstance(v, (list, tuple)) else v


def gather(x, index, axis=None, name=None, out=None):
    """Rows of x along axis (default 0) at `index` (0-D, 1-D or [N, 1] int Tensor); out (Paddle
    3.3.1's fifth positional parameter) receives the result."""
    return _out(_C_ops.gather(x, index, 0 if axis is None else axis), out, "gather")


def _out(result, out, op):
    if out is not None:
        write_out(out, result, op)
    return result


__all__ += ["scatter"]


def scatter(x, index, updates, overwrite=True, name=None, out=None):
    """x with the rows at `index` replaced by (overwrite=True) or summed with `updates`; out
    (Paddle 3.3.1's sixth positional parameter) receives the result."""
    return _out(_C_ops.scatter(x, index, updates, overwrite), out, "scatter")


def nonzero(x, as_tuple=False):
    """Indices of the nonzero elements of x: an int64 Tensor [N, x.ndim], or with as_tuple=True
    a tuple of x.ndim 1-D Tensors (one per dim)."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "nonzero", "x", 0)
    out = _ad.nonzero_ad_func(x)
    try:
        flag = bool(as_tuple)
    except AssertionError as e:  # a multi-element Tensor: Paddle's AssertionError, op named
        raise AssertionError(f"nonzero(): argument 'as_tuple': {e}") from None
    if not flag:
        return out
    return tuple(_ad.slice_ad_func(out, [1], (j,), (j + 1,), [1]) for j in range(x._data.ndim))


# ---------------------------------------------------------------------------------- __getitem__
_INT, _SLICE, _NONE, _BOOL, _ELLIPSIS, _ADV, _MASK = range(7)
_INDEX_DTYPES = (np.dtype(np.int32), np.dtype(np.int64))
_ALLOWED = ("Currently, Tensor.__getitem__ only allows indexing by Boolean, Integers, Slices, "
            "Ellipsis, None, Tuples of these types and List / Tensor of Bool and Integers")


def _bad_index_dtype(dtype):
    return ValueError(f"(InvalidArgument) Index holds the wrong type, it holds [{dtype}], but "
                      f"desires to be [int64], [int32] or [bool].")


def _slice_bound(v, pos):
    if v is None or type(v) is int:
        return v
    if isinstance(v, (int, np.integer)):
        return int(v)
    if isinstance(v, Tensor) and v._data.dtype.kind in "iu" and v._data.size == 1:
        return int(v._data.reshape(()).item())
    raise ValueError(f"(InvalidArgument) Currently, slice indices only allow None, integers, "
                     f"tensor(int) and numpy(int) in slice item, but received "
                     f"{type(v).__name__} in the {pos}th slice item.")


def _array_index(arr, pos):
    """A list/tuple/ndarray index -> (kind, Tensor or scalar)."""
    if arr.ndim == 0:
        v = arr.item()
        return (_BOOL, v) if arr.dtype == np.bool_ else _classify(v, pos)
    if arr.dtype == np.bool_:
        return _MASK, Tensor._wrap(arr)
    if arr.dtype.kind in "iu":
        return _ADV, Tensor._wrap(arr.astype(np.int64, copy=False))
    if arr.size == 0:
        return _ADV, Tensor._wrap(arr.astype(np.int64))
    raise _bad_index_dtype(arr.dtype)


def _classify(item, pos):
    t = type(item)
    if t is int:
        return _INT, item
    if t is _slice:
        return _SLICE, (_slice_bound(item.start, pos), _slice_bound(item.stop, pos),
                        _slice_bound(item.step, pos))
    if item is None:
        return _NONE, None
    if item is Ellipsis:
        return _ELLIPSIS, None
    if t is bool or t is np.bool_:
        return _BOOL, bool(item)
    if isinstance(item, np.integer):
        return _INT, int(item)
    if isinstance(item, Tensor):
        d = item._data
        if d.dtype == np.bool_:
            return (_BOOL, bool(d)) if d.ndim == 0 else (_MASK, item)
        if d.dtype not in _INDEX_DTYPES:
            raise _bad_index_dtype(item.dtype.name)
        return (_INT, int(d)) if d.ndim == 0 else (_ADV, item)
    if t is range:  # Paddle accepts a range as an integer index list
        return _array_index(np.asarray(item, dtype=np.int64), pos)
    if isinstance(item, (list, tuple)):
        return _array_index(np.asarray([x._data if isinstance(x, Tensor) else x for x in item]),
                            pos)
    if isinstance(item, np.ndarray):
        return _array_index(item, pos)
    raise ValueError(f"(InvalidArgument) {_ALLOWED}, but received {t.__name__} in the {pos}th "
                     f"slice item.")


def _consumed(kind, val):
    if kind is _INT or kind is _SLICE or kind is _ADV:
        return 1
    if kind is _MASK:
        return val._data.ndim
    return 0


def _out_of_range(i, dim, axis):
    return IndexError(f"(OutOfRange) index {i} is out of bounds for axis {axis} with size {dim}; "
                      f"it should be in the range of [{-dim}, {dim}).")


def _check_index_range(t, dim, axis):
    d = t._data
    if d.size and (d.max() >= dim or d.min() < -dim):
        raise _out_of_range(d[(d >= dim) | (d < -dim)].flat[0], dim, axis)


def __getitem__(self, item):
    """Paddle's Tensor indexing (see the module docstring for the rules)."""
    shape = self._data.shape
    if type(item) is int:  # fast path: x[i]
        if not shape:
            raise IndexError(f"(OutOfRange) index {item} is out of bounds: a 0-D tensor has no "
                             f"axis to index.")
        d = shape[0]
        if not -d <= item < d:
            raise _out_of_range(item, d, 0)
        if item < 0:
            item += d
        return _ad.slice_ad_func(self, [0], (item,), (item + 1,), [0])
    items = item if type(item) is tuple else (item,)
    parsed = [_classify(it, pos) for pos, it in enumerate(items)]
    ndim = len(shape)
    kinds = [k for k, _ in parsed]
    if kinds.count(_ELLIPSIS) > 1:
        raise ValueError("(InvalidArgument) An index can only have a single ellipsis ('...').")
    used = sum(_consumed(k, v) for k, v in parsed)
    if used > ndim:
        dim = 0
        for k, v in parsed:
            if k is _INT and dim >= ndim:
                raise IndexError(f"(OutOfRange) index {v} is out of bounds for axis {dim}: the "
                                 f"tensor has only {ndim} dimensions (shape {list(shape)}).")
            dim += _consumed(k, v)
        raise ValueError(f"(InvalidArgument) Too many indices ({used}) for tensor of dimension "
                         f"{ndim}.")

    axes, starts, ends, steps, decrease = [], [], [], [], []
    new_axes, empty_axes, advanced = [], [], []
    in_dim = out_dim = 0
    for kind, val in parsed:
        if kind is _INT:
            d = shape[in_dim]
            if not -d <= val < d:
                raise _out_of_range(val, d, in_dim)
            val = val + d if val < 0 else val
            axes.append(in_dim)
            starts.append(val)
            ends.append(val + 1)
            steps.append(1)
            decrease.append(in_dim)
            in_dim += 1
        elif kind is _SLICE:
            start, stop, step = val
            if step == 0:
                raise ValueError("(InvalidArgument) slice step cannot be zero.")
            if not (start is None and stop is None and (step is None or step == 1)):
                d = shape[in_dim]
                s, e, st = _slice(start, stop, step).indices(d)
                if st < 0:  # encode "through index 0" and empty ranges for strided_slice
                    if s < 0:
                        s = e = 0
                    elif e < 0:
                        e = -d - 1
                axes.append(in_dim)
                starts.append(s)
                ends.append(e)
                steps.append(st)
            in_dim += 1
            out_dim += 1
        elif kind is _NONE or kind is _BOOL:
            new_axes.append(out_dim)
            if val is False:
                empty_axes.append(out_dim)
            out_dim += 1
        elif kind is _ELLIPSIS:
            in_dim += ndim - used
            out_dim += ndim - used
        else:
            advanced.append((out_dim, kind, val))
            k = _consumed(kind, val)
            in_dim += k
            out_dim += k

    out = self
    if axes:
        if all(s == 1 for s in steps):
            out = _ad.slice_ad_func(self, axes, starts, ends, decrease)
        else:
            out = _ad.strided_slice_ad_func(self, axes, starts, ends, steps)
            if decrease:
                out = _ad.squeeze_ad_func(out, decrease)
    if new_axes:
        out = _ad.unsqueeze_ad_func(out, new_axes)
    if empty_axes:
        out = _ad.slice_ad_func(out, empty_axes, [0] * len(empty_axes), [0] * len(empty_axes),
                                [])
    if advanced:
        out = _advanced_index(out, advanced)
    if out is self:  # x[...], x[()]: a new Tensor over the same data
        out = _ad.slice_ad_func(self, [], (), (), [])
    return out


def _advanced_index(x, advanced):
    """Select with int/bool index tensors at result dims `pos` (NumPy's advanced indexing)."""
    shape = x._data.shape
    dims, index = [], []
    for pos, kind, t in advanced:
        if kind is _MASK:
            ms = t._data.shape
            for j, m in enumerate(ms):
                if m != shape[pos + j]:
                    raise IndexError(f"(OutOfRange) The shape of boolean index {m} did not match "
                                     f"indexed tensor {shape[pos + j]} along axis {pos + j}.")
            if len(advanced) == 1 and pos == 0 and len(ms) == len(shape):
                return _ad.masked_select_ad_func(x, t)
            nz = _ad.nonzero_ad_func(t)
            for j in range(len(ms)):
                index.append(_ad.slice_ad_func(nz, [1], (j,), (j + 1,), [1]))
                dims.append(pos + j)
        else:
            index.append(t)
            dims.append(pos)
    if len(index) == 1 and index[0]._data.ndim == 1:  # gather bound-checks with IndexError
        return _ad.gather_ad_func(x, index[0], dims[0])
    for t, pos in zip(index, dims):
        _check_index_range(t, shape[pos], pos)
    bshape = index[0]._data.shape
    for t in index[1:]:
        bshape = broadcast_shape(bshape, t._data.shape)
    for i, t in enumerate(index):
        if t._data.dtype != np.int64:
            t = _ad.cast_ad_func(t, int64)
        if t._data.shape != bshape:
            t = _ad.expand_ad_func(t, bshape)
        index[i] = t
    m = len(dims)
    perm = dims + [i for i in range(len(shape)) if i not in dims]
    if perm != list(range(len(shape))):
        x = _ad.transpose_ad_func(x, perm)
    out = _ad.gather_nd_ad_func(x, _ad.stack_ad_func(index, -1))
    p = dims[0]
    if p > 0 and dims == list(range(p, p + m)):  # adjacent: the index dims go where they were
        nb = len(bshape)
        perm = list(range(nb, nb + p)) + list(range(nb)) + list(range(nb + p, out._data.ndim))
        out = _ad.transpose_ad_func(out, perm)
    return out


# ------------------------------------------- writes into a copy (Paddle manipulation.py)
__all__ += ["masked_fill", "index_add", "index_add_", "take_along_axis", "put_along_axis"]


def _value_tensor(value, x, op):
    if isinstance(value, Tensor):
        return value
    if not isinstance(value, (int, float, complex, bool, np.generic, np.ndarray, list, tuple)):
        raise TypeError(f"{op}(): argument 'value' must be a number or a Tensor, but got "
                        f"{type(value).__name__}")
    return Tensor._wrap(np.asarray(value).astype(x._data.dtype))


def masked_fill(x, mask, value, name=None):
    """x with `value` (a scalar or 0-D Tensor) where the bool mask (broadcast against x) is
    True."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "masked_fill", "x", 0)
    if type(mask) is not Tensor:
        mask = parse_tensor(mask, "masked_fill", "mask", 1)
    if mask._data.dtype != np.bool_:
        mask = _ad.cast_ad_func(mask, _bool)
    return _ad.masked_fill_ad_func(x, mask, _value_tensor(value, x, "masked_fill"))


def _index_add_args(x, index, axis, value, alpha, op):
    if type(x) is not Tensor:
        x = parse_tensor(x, op, "x", 0)
    if type(index) is not Tensor:
        index = parse_tensor(index, op, "index", 1)
    axis = parse_int(axis, op, "axis", 2)
    n = x._data.ndim
    if n and -n <= axis < n and index._data.size:
        dim, i = x._data.shape[axis], index._data
        bad = i[(i >= dim) | (i < -dim)]
        if bad.size:
            raise ValueError(f"(InvalidArgument) Variable value (index) of OP(index_add) "
                             f"expected >= {-dim} and < {dim}, but got {bad.flat[0]}. Please "
                             f"check input value.")
    if type(value) is not Tensor:
        value = parse_tensor(value, op, "value", 3)
    if alpha != 1:
        value = _ad.scale_ad_func(value, float(alpha), 0.0, True)
    return x, index, value, int(axis)


def index_add(x, index, axis, value, alpha=1, name=None):
    """x with value * alpha added at `index` along axis (repeated indices add up)."""
    x, index, value, axis = _index_add_args(x, index, axis, value, alpha, "index_add")
    return _ad.index_add_ad_func(x, index, value, axis)


def index_add_(x, index, axis, value, alpha=1, name=None):
    """x += value * alpha at `index` along axis, in place."""
    x, index, value, axis = _index_add_args(x, index, axis, value, alpha, "index_add_")
    return _ad.index_add__ad_func(x, index, value, axis)


def _along_axis_prepare(arr, indices, axis, op):
    if type(arr) is not Tensor:
        arr = parse_tensor(arr, op, "arr", 0)
    if type(indices) is not Tensor:
        indices = parse_tensor(indices, op, "indices", 1)
    axis = parse_int(axis, op, "axis", 2)
    n = arr._data.ndim
    if indices._data.ndim != n:
        raise ValueError(f"{op}(): `indices` and `arr` must have the same number of dimensions!")
    if n and not -n <= axis < n:
        raise ValueError(f"(InvalidArgument) {op}(): axis {axis} is out of range for an input "
                         f"of {n} dims.")
    return arr, indices, (axis % n if n else 0)


def take_along_axis(arr, indices, axis, broadcast=True):
    """arr's values at `indices` along axis (indices has arr's rank; with broadcast=True the
    other dims of arr and indices broadcast against each other)."""
    arr, indices, axis = _along_axis_prepare(arr, indices, axis, "take_along_axis")
    if broadcast and arr._data.ndim:
        a, k = arr._data.shape, indices._data.shape
        shape = [0 if a[i] == 0 or k[i] == 0 else max(a[i], k[i]) for i in range(len(a))]
        shape[axis] = k[axis]
        if tuple(shape) != k:
            indices = _ad.expand_ad_func(indices, shape)
        shape[axis] = a[axis]
        if tuple(shape) != a:
            arr = _ad.expand_ad_func(arr, shape)
    return _ad.take_along_axis_ad_func(arr, indices, axis)


def put_along_axis(arr, indices, values, axis, reduce="assign", include_self=True,
                   broadcast=True):
    """A copy of arr with `values` put (or reduced: 'add', 'mul'/'multiply', 'mean', 'amin',
    'amax') at `indices` along axis."""
    arr, indices, axis = _along_axis_prepare(arr, indices, axis, "put_along_axis")
    values = _value_tensor(values, arr, "put_along_axis")
    if values._data.dtype != arr._data.dtype and not isinstance(values, Tensor):
        values = _ad.cast_ad_func(values, NP_TO_DTYPE[arr._data.dtype])
    if broadcast:
        a, k = arr._data.shape, indices._data.shape
        if arr._data.ndim and all(a[i] >= k[i] for i in range(len(a))):
            shape = list(a)
            shape[axis] = k[axis]
            if tuple(shape) != k:
                indices = _ad.expand_ad_func(indices, shape)
        else:
            shape = list(k)
        if tuple(values._data.shape) != tuple(shape):
            values = _ad.expand_ad_func(values, shape)
    elif values._data.size == 1 and tuple(values._data.shape) != indices._data.shape:
        values = _ad.expand_ad_func(values, list(indices._data.shape))
    return _ad.put_along_axis_ad_func(arr, indices, values, axis, reduce, include_self)


# ---- take (Paddle math.py: the same composition over index_select of the flattened x)
__all__ += ["take"]
TENSOR_METHODS = __all__ + ["__getitem__"]


@errors_name_op
def take(x, index, mode="raise", name=None):
    """x flattened, at `index` (any shape; the result has its shape). mode: 'raise' (negative
    indices count from the end), 'wrap' (modulo the size) or 'clip' (into range)."""
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"'mode' in 'take' should be 'raise', 'wrap', 'clip', but received "
                         f"{mode}.")
    if not isinstance(index, Tensor):
        raise TypeError(f"The type of 'index' must be Tensor, but got {type(index)}")
    if index.dtype.name not in ("int32", "int64"):
        raise TypeError(f"The data type of 'index' must be one of ['int32', 'int64'], but got "
                        f"{index.dtype}")
    x = parse_tensor(x, "take", "x", 0)
    flat = _ad.reshape_ad_func(x, [-1])
    n = flat._data.shape[0]
    i = index._data.reshape(-1).astype(np.int64)
    if mode == "raise":
        i = np.where(i < 0, i + n, i)
        bad = (i < -n) | (i >= n)
        if bad.any():
            raise ValueError(f"(InvalidArgument) Variable value (index) of OP(index_select) "
                             f"expected >= -{n} and < {n}, but got {int(i[bad][0])}. Please "
                             f"check input value.")
        i = np.where(i < 0, i + n, i)
    elif mode == "wrap":
        i = np.mod(i, n) if n else i
    else:
        i = np.clip(i, 0, n - 1)
    out = _ad.index_select_ad_func(flat, Tensor._wrap(i.astype(index._data.dtype)), 0)
    return _ad.reshape_ad_func(out, list(index._data.shape))

# ------------------------------------------------------------------------ scatter-like writes
# Scatter-like writes composed of the differentiable index ops (Paddle python/paddle/tensor/
# manipulation.py and search.py): scatter_nd, scatter_nd_add, index_put, index_fill,
# masked_scatter, index_sample, and the inplace forms index_put_, index_fill_, masked_scatter_ and
# Tensor.put_along_axis_.
#
# Each write is turned into flat positions of x (NumPy, from the index values) and done on the
# flattened x with one op whose gradients are Paddle's: `scatter` (overwrite: the overwritten
# positions of x get no gradient, every update gets its out position's gradient, duplicates too,
# as Paddle's index_put_grad and scatter_grad) or `index_add` (accumulate: x's gradient passes
# through, each update gets its position's gradient). Second order comes with those ops.
__all__ += ["scatter_nd", "scatter_nd_add", "index_put", "index_put_", "index_fill",
            "index_fill_", "masked_scatter", "masked_scatter_", "index_sample"]
TENSOR_METHODS = __all__ + ["__getitem__", "put_along_axis_"]


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
def _nd_rows(shape, index, op):
    """scatter_nd_add's index [..., k] as row numbers of x viewed as [prod(shape[:k]),
    *shape[k:]] (one row per slice x[i0, .., ik-1]), bound-checked, negatives counted from the
    end."""
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
    if (idx < -lead).any() or (idx >= lead).any():
        bad = idx[(idx < -lead) | (idx >= lead)].flat[0]
        raise IndexError(f"(OutOfRange) {op}(): index {bad} is out of bounds for a shape "
                         f"{list(shape[:k])}.")
    idx = np.where(idx < 0, idx + lead, idx).astype(np.int64)
    rows = idx[..., 0] if k == 1 else np.ravel_multi_index(tuple(np.moveaxis(idx, -1, 0)),
                                                            tuple(shape[:k]))
    return rows.reshape(-1), k, idx.shape[:-1]


@names_errors("scatter_nd_add")
def scatter_nd_add(x, index, updates, name=None):
    """x with each updates slice added at the position index[..., :] names (index [..., k],
    updates index.shape[:-1] + x.shape[k:]); repeated positions add up. One index_add of the
    slices along the rows of x viewed as [prod(x.shape[:k]), *x.shape[k:]]."""
    x = _tensor(x, "scatter_nd_add", "x", 0)
    index = _tensor(index, "scatter_nd_add", "index", 1)
    updates = _tensor(updates, "scatter_nd_add", "updates", 2)
    if x._data.dtype != updates._data.dtype:
        raise TypeError(f"x and updates must have same data type but x.dtype="
                        f"{_dtype_name(x)}, updates.dtype={_dtype_name(updates)}")
    if index._data.size == 0:  # Paddle's Python: nothing to scatter, x + updates (broadcast)
        return _ad.add_ad_func(x, updates)
    check_kernel_dtype(x, "scatter_nd_add", ("float64", "float32", "int64", "int32", "uint8"))
    shape = list(x._data.shape)
    rows, k, lead = _nd_rows(shape, index, "scatter_nd_add")
    want = tuple(lead) + tuple(shape[k:])
    if updates._data.shape != want:
        raise ValueError(f"(InvalidArgument) scatter_nd_add(): Updates has wrong shape "
                         f"{list(updates._data.shape)}; it should be Index.shape[:-1] + "
                         f"X.shape[Index.shape[-1]:] = {list(want)}.")
    if len(lead) != 1:
        updates = _ad.reshape_ad_func(updates, [rows.size] + shape[k:])
    if k == 1:
        return _ad.index_add_ad_func(x, Tensor._wrap(rows), updates, 0)
    x2 = _ad.reshape_ad_func(x, [int(np.prod(shape[:k], dtype=np.int64))] + shape[k:])
    return _ad.reshape_ad_func(_ad.index_add_ad_func(x2, Tensor._wrap(rows), updates, 0), shape)


@names_errors("scatter_nd")
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
    if not indices:
        raise ValueError(f"(InvalidArgument) {op}(): argument 'indices' (position 1) must be "
                         f"list of Tensors, but got empty list")
    if len(indices) > x._data.ndim:
        raise ValueError(f"(InvalidArgument) {op}(): too many indices ({len(indices)}) for a "
                         f"tensor of {x._data.ndim} dimensions.")
    idx = []
    for t in indices:
        d = t._data
        if d.dtype != np.bool_ and d.dtype not in _INDEX_DTYPES:
            raise _bad_index_dtype(t.dtype.name)
        idx.append(d)
    try:  # the indices are all advanced and lead: NumPy's rules are Paddle's here
        return _positions_of(x)[tuple(idx)]
    except IndexError as e:
        raise IndexError(f"(OutOfRange) {op}(): {e}") from None


def _put_value(x, value, op):
    if not isinstance(value, Tensor):
        return Tensor._wrap(np.asarray(value, x._data.dtype))
    if value._data.dtype != x._data.dtype:
        raise ValueError(f"(InvalidArgument) {op}(): The data type of tensor value must be "
                         f"same to the data type of tensor x ({_dtype_name(value)} vs "
                         f"{_dtype_name(x)}).")
    return value


def _index_put(x, indices, value, accumulate, op):
    """fn(x) -> the written copy of x. One 1-D int index (x[i] = v, the common case) writes
    whole rows with one scatter/index_add on x itself; other indices go through flat
    positions."""
    value = _put_value(x, value, op)
    rows = (isinstance(indices, (tuple, list)) and len(indices) == 1
            and isinstance(indices[0], Tensor) and indices[0]._data.ndim == 1
            and indices[0]._data.dtype in _INDEX_DTYPES and x._data.ndim >= 1)
    if rows:
        idx = indices[0]._data
        dim = x._data.shape[0]
        if idx.size and (idx.max() >= dim or idx.min() < -dim):
            raise _out_of_range(idx[(idx >= dim) | (idx < -dim)][0], dim, 0)
        target = idx.shape + x._data.shape[1:]
    else:
        fp = _put_positions(x, indices, op)
        target = fp.shape
    from ..phi.infermeta.common import broadcast_shape
    try:
        if broadcast_shape(value._data.shape, target) != target:
            raise ValueError
    except ValueError:
        raise ValueError(f"(InvalidArgument) {op}(): the value of shape "
                         f"{list(value._data.shape)} cannot be broadcast to the indexed shape "
                         f"{list(target)}.") from None
    if not rows:
        return lambda s: _put_flat(s, fp, value, accumulate)
    if value._data.shape != target:
        value = _ad.expand_ad_func(value, list(target))
    index = indices[0]
    if accumulate:
        return lambda s: _ad.index_add_ad_func(s, index, value, 0)
    return lambda s: _ad.scatter_ad_func(s, index, value, True)


@names_errors("index_put")
def index_put(x, indices, value, accumulate=False, name=None):
    """A copy of x with x[indices] = value (accumulate: += value; repeated positions add up).
    indices: a tuple of int Tensors (broadcast together) or bool masks, as x[indices] reads."""
    x = _tensor(x, "index_put", "x", 0)
    return _index_put(x, indices, value, bool(accumulate), "index_put")(x)


@names_errors("index_put_")
def index_put_(x, indices, value, accumulate=False, name=None):
    """x[indices] = value (or += value) in place."""
    x = _tensor(x, "index_put_", "x", 0)
    return _inplace(x, "index_put_", _index_put(x, indices, value, bool(accumulate),
                                                "index_put_"))


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


@names_errors("index_fill")
def index_fill(x, index, axis, value, name=None):
    """A copy of x with the slices at `index` along axis set to value (a scalar or 0-D
    Tensor, which then gets the sum of their gradients)."""
    x, mask, value, empty = _fill_args(x, index, axis, value, "index_fill")
    if empty:
        return _ad.assign_ad_func(x)
    return _ad.masked_fill_ad_func(x, mask, value)


@names_errors("index_fill_")
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


@names_errors("masked_scatter")
def masked_scatter(x, mask, value, name=None):
    """x (broadcast with mask) with its positions where mask is True filled, in order, by the
    first elements of value (flattened)."""
    x, shape, fp, vals = _masked_scatter_args(x, mask, value, "masked_scatter")
    if x._data.shape != shape:
        x = _ad.expand_ad_func(x, list(shape))
    return _put_flat(x, fp, vals, False)


@names_errors("masked_scatter_")
def masked_scatter_(x, mask, value, name=None):
    """masked_scatter in place (mask must broadcast to x's shape)."""
    x, shape, fp, vals = _masked_scatter_args(x, mask, value, "masked_scatter_")
    if x._data.shape != shape:
        raise ValueError(f"(InvalidArgument) masked_scatter_(): The shape of broadcast output "
                         f"{list(shape)} is different from that of inplace tensor "
                         f"{list(x._data.shape)} in the Inplace operation.")
    return _inplace(x, "masked_scatter_", lambda s: _put_flat(s, fp, vals, False))


# ----------------------------------------------------------------------------- index_sample
@names_errors("index_sample")
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
    check_kernel_dtype(x, "index_sample", ("float32", "float64", "int32", "int64", "complex64",
                                           "complex128"))
    return _ad.take_along_axis_ad_func(x, index, 1)


# ------------------------------------------------------------------------- put_along_axis_
@names_errors("put_along_axis_")
def put_along_axis_(arr, indices, values, axis, reduce="assign", include_self=True,
                    broadcast=True):
    """Tensor.put_along_axis_: put_along_axis into arr itself (Paddle 3.3.1 has no
    paddle.put_along_axis_)."""
    arr = _tensor(arr, "put_along_axis_", "arr", 0)
    if isinstance(values, Tensor) and values._data.dtype != arr._data.dtype:
        values = _ad.cast_ad_func(values, NP_TO_DTYPE[arr._data.dtype])
    return _inplace(arr, "put_along_axis_", lambda s: put_along_axis(
        s, indices, values, axis, reduce, include_self, broadcast), copy=True)



# ------------------------------------ slice_scatter, select_scatter, diagonal_scatter, argwhere
# Paddle's set_value_with_tensor / fill_diagonal_tensor, composed as index_put is: the flat
# positions of the slice (the diagonal) from an arange of x's shape, then one scatter.
__all__ += ["slice_scatter", "select_scatter", "diagonal_scatter", "argwhere"]
TENSOR_METHODS = __all__ + ["__getitem__", "put_along_axis_"]


def _positions_of(x):
    return np.arange(x._data.size, dtype=np.int64).reshape(x._data.shape)


def _scatter_into_copy(x, fp, value, op):
    """x with value (cast to x's dtype, broadcast to fp's shape) written at flat positions fp;
    value must broadcast to the written region's shape."""
    if value._data.dtype != x._data.dtype:
        value = _ad.cast_ad_func(value, NP_TO_DTYPE[x._data.dtype])
    from ..phi.infermeta.common import broadcast_shape
    try:
        ok = broadcast_shape(value._data.shape, fp.shape) == fp.shape
    except ValueError:
        ok = False
    if not ok:
        raise ValueError(f"(InvalidArgument) {op}(): the value of shape {list(value._data.shape)} "
                         f"does not match the shape {list(fp.shape)} of the part of x it "
                         f"replaces.")
    return _put_flat(x, fp, value, False)


@names_errors("slice_scatter")
def slice_scatter(x, value, axes, starts, ends, strides, name=None):
    """A copy of x with x[starts:ends:strides] (along axes) replaced by value."""
    x = _tensor(x, "slice_scatter", "x", 0)
    value = _tensor(value, "slice_scatter", "value", 1)
    if not (len(axes) == len(starts) == len(ends) == len(strides)):
        raise ValueError("slice_scatter(): axes, starts, ends and strides must have the same "
                         "length.")
    n = x._data.ndim
    idx = [_slice(None)] * n
    for a, s, e, st in zip(axes, starts, ends, strides):
        if st == 0:
            raise ValueError("(InvalidArgument) slice_scatter(): a step of 0 is not allowed.")
        idx[a % n] = _slice(int(s), int(e), int(st))
    return _scatter_into_copy(x, _positions_of(x)[tuple(idx)], value, "slice_scatter")


@names_errors("select_scatter")
def select_scatter(x, values, axis, index, name=None):
    """A copy of x with the slice at `index` along axis replaced by values (which has x's shape
    without that axis)."""
    x = _tensor(x, "select_scatter", "x", 0)
    values = _tensor(values, "select_scatter", "values", 1)
    shape = list(x._data.shape)
    if index < 0:
        index += shape[axis]
    if axis < 0:
        axis += len(shape)
    del shape[axis]
    if shape != list(values._data.shape):
        raise RuntimeError(f"expected values to have a size equal to the slice of x. value size "
                           f"= {list(values._data.shape)} slice size = {shape}")
    fp = np.take(_positions_of(x), index, axis)
    return _scatter_into_copy(x, fp, values, "select_scatter")


@names_errors("diagonal_scatter")
def diagonal_scatter(x, y, offset=0, axis1=0, axis2=1, name=None):
    """A copy of x with its offset diagonal in the (axis1, axis2) plane replaced by y (shaped as
    paddle.diagonal(x, offset, axis1, axis2): the other dims, then the diagonal)."""
    x = _tensor(x, "diagonal_scatter", "x", 0)
    y = _tensor(y, "diagonal_scatter", "y", 1)
    n = x._data.ndim
    # Paddle 3.3.1 checks these with Python asserts (its _fill_diagonal_tensor_impl)
    if not -n <= axis1 < n:
        raise AssertionError("dim1 should between [-rank,rank) in fill_diagonal_tensor_")
    if not -n <= axis2 < n:
        raise AssertionError("dim2 should between [-rank,rank) in fill_diagonal_tensor_")
    if n < 2:
        raise AssertionError("Tensor dims should >= 2 in fill_diagonal_tensor_")
    a1, a2 = axis1 % n, axis2 % n
    if a1 == a2:  # Paddle fails its y-shape assert here
        raise AssertionError(f"diagonal_scatter(): axis1 and axis2 must differ, but both are "
                             f"{axis1}.")
    fp = np.diagonal(_positions_of(x), offset, a1, a2)
    if y._data.shape != fp.shape:
        raise AssertionError(f"the y shape should be {list(fp.shape)}")
    return _scatter_into_copy(x, fp, y, "diagonal_scatter")


@names_errors("argwhere")
def argwhere(input):
    """The indices of the nonzero elements of input, an int64 Tensor [N, input.ndim]."""
    return nonzero(_tensor(input, "argwhere", "input", 0), as_tuple=False)
