"""InferMeta for slicing and index ops: slice, strided_slice, gather, index_select, gather_nd,
masked_select, nonzero (Paddle phi/infermeta/{unary,binary}.cc), and of their grad ops
(slice_grad, ...: Paddle backward.cc).

masked_select and nonzero have data-dependent output shapes; their InferMeta counts the mask
(Paddle's InferMeta leaves -1 there and the kernel resizes; here the shape is exact up front)."""
import numpy as np

from ..common import NP_TO_DTYPE, int64
from .common import normalize_axis, broadcast_shape


__all__ = ["SliceInferMeta", "StridedSliceInferMeta", "GatherInferMeta", "IndexSelectInferMeta",
           "GatherNdInferMeta", "MaskedSelectInferMeta", "NonzeroInferMeta"]

_INDEX_KINDS = (np.dtype(np.int32), np.dtype(np.int64))


def _check_index_dtype(index, arg="index"):
    if index._data.dtype not in _INDEX_KINDS:
        raise ValueError(
            f"(InvalidArgument) Input({arg}) holds the wrong type, it holds "
            f"{NP_TO_DTYPE[index._data.dtype].name}, but desires to be int32 or int64.")


def _check_lengths(axes, *named):
    for name, v in named:
        if len(v) != len(axes):
            raise ValueError(
                f"(InvalidArgument) The length of axes ({len(axes)}) and length of {name} "
                f"({len(v)}) should be the same.")


def slice_bounds(dim, start, end):
    """Paddle's slice clamping: negative bounds count from the end, then clamp into [0, dim]."""
    if start < 0:
        start = max(start + dim, 0)
    elif start > dim:
        start = dim
    if end < 0:
        end = max(end + dim, 0)
    elif end > dim:
        end = dim
    return start, max(end, start)


def SliceInferMeta(input, axes, starts, ends, decrease_axis):
    xs = input._data.shape
    n = len(xs)
    if len(starts) != len(axes) or len(ends) != len(axes):
        _check_lengths(axes, ("starts", starts), ("ends", ends))
    out = list(xs)
    for a, s, e in zip(axes, starts, ends):
        if not -n <= a < n:
            raise ValueError(
                f"(InvalidArgument) Each value of 'axes' should be in [{-n}, {n}) for an input of "
                f"shape {list(xs)}, but received axes = {list(axes)}.")
        lo, hi = slice_bounds(xs[a], s, e)
        out[a] = hi - lo
    if decrease_axis:
        for a in decrease_axis:
            a = normalize_axis(a, n, "decrease_axis")
            if out[a] != 1:
                raise ValueError(
                    f"(InvalidArgument) decrease dim should be 1, but got {out[a]} at axis {a}.")
        for a in sorted({a % n for a in decrease_axis}, reverse=True):
            del out[a]
    return (tuple(out), NP_TO_DTYPE[input._data.dtype])


def StridedSliceInferMeta(x, axes, starts, ends, strides):
    xs = x._data.shape
    n = len(xs)
    _check_lengths(axes, ("starts", starts), ("ends", ends), ("strides", strides))
    out = list(xs)
    for a, s, e, st in zip(axes, starts, ends, strides):
        if st == 0:
            raise ValueError("(InvalidArgument) stride in strided_slice must not be 0.")
        a = normalize_axis(a, n, "axes")
        out[a] = len(range(*slice(s, e, st).indices(xs[a])))
    return (tuple(out), NP_TO_DTYPE[x._data.dtype])


def gather_index_shape(index):
    """gather takes a 0-D, 1-D or [N, 1] index."""
    s = index._data.shape
    if len(s) == 2 and s[1] == 1:
        return s[:1]
    if len(s) > 1:
        raise ValueError(
            f"(InvalidArgument) The index of gather must be 0-D, 1-D, or 2-D with last dim 1, but "
            f"received an index of shape {list(s)}.")
    return s


def GatherInferMeta(x, index, axis):
    xs = x._data.shape
    _check_index_dtype(index)
    n = len(xs)
    a = int(axis)
    if not -n <= a < max(n, 1):
        raise IndexError(
            f"(OutOfRange) 'axis' is out of range, it's expected to be in range of "
            f"[{-n}, {n - 1}]. But received axis = {a}.")
    a = a % n if n else 0
    return (xs[:a] + gather_index_shape(index) + xs[a + 1:], NP_TO_DTYPE[x._data.dtype])


def IndexSelectInferMeta(x, index, axis):
    xs = x._data.shape
    n = len(xs)
    if not -n <= axis < max(n, 1):
        raise IndexError(
            f"(OutOfRange) 'axis' is out of range, it's expected to be in range of "
            f"[{-n}, {n - 1}]. But received axis = {axis}.")
    if index._data.ndim != 1:
        raise ValueError(
            f"(InvalidArgument) The 'shape' of Input(Index) must be 1-D tensor. But received an "
            f"index of shape {list(index._data.shape)}.")
    _check_index_dtype(index)
    a = axis % n if n else 0
    return (xs[:a] + index._data.shape + xs[a + 1:], NP_TO_DTYPE[x._data.dtype])


def GatherNdInferMeta(x, index):
    xs, ids = x._data.shape, index._data.shape
    _check_index_dtype(index)
    if not ids or ids[-1] > len(xs):
        raise ValueError(
            f"(InvalidArgument) Input(Index).shape[-1] should be no greater than Input(X).rank, "
            f"but received index of shape {list(ids)} for x of shape {list(xs)}.")
    return (ids[:-1] + xs[ids[-1]:], NP_TO_DTYPE[x._data.dtype])


def MaskedSelectInferMeta(x, mask):
    xs, ms = x._data.shape, mask._data.shape
    m = mask._data
    if m.dtype.kind != "b":
        raise ValueError(
            f"(InvalidArgument) 'mask' must be a bool Tensor, but got "
            f"{NP_TO_DTYPE[m.dtype].name}.")
    if ms != xs:
        try:
            shape = broadcast_shape(xs, ms)
        except ValueError as e:  # Paddle's masked_select broadcasts in its kernel: RuntimeError
            msg = str(e).replace("(InvalidArgument) ", "")
            raise RuntimeError(f"(PreconditionNotMet) masked_select(): {msg}") from None
        m = np.broadcast_to(m, shape)
    return ((int(np.count_nonzero(m)),), NP_TO_DTYPE[x._data.dtype])


def NonzeroInferMeta(condition):
    c = condition._data
    if c.ndim == 0:
        raise ValueError(
            "(InvalidArgument) Input(Condition) should have number of dimension at least 1, but "
            "received a 0-D tensor.")
    return ((int(np.count_nonzero(c)), c.ndim), int64)


# ---- the grad ops of slicing and gathering (Paddle backward.cc)
__all__ += ["SliceGradInferMeta", "StridedSliceGradInferMeta", "GatherGradInferMeta",
           "IndexSelectGradInferMeta", "GatherNdGradInferMeta", "MaskedSelectGradInferMeta"]


def _grad_meta(x, out_grad, fwd_meta, arg="x"):
    gs = out_grad._data.shape
    if gs != fwd_meta[0]:
        raise ValueError(
            f"(InvalidArgument) out_grad must have the shape of the forward output, "
            f"{list(fwd_meta[0])} for {arg} of shape {list(x._data.shape)}, but received "
            f"out_grad of shape {list(gs)}.")
    return (x._data.shape, NP_TO_DTYPE[out_grad._data.dtype])


def SliceGradInferMeta(input, out_grad, axes, starts, ends, decrease_axis):
    return _grad_meta(input, out_grad,
                      SliceInferMeta(input, axes, starts, ends, decrease_axis), "input")


def StridedSliceGradInferMeta(x, out_grad, axes, starts, ends, strides):
    return _grad_meta(x, out_grad, StridedSliceInferMeta(x, axes, starts, ends, strides))


def GatherGradInferMeta(x, index, out_grad, axis):
    return _grad_meta(x, out_grad, GatherInferMeta(x, index, axis))


def IndexSelectGradInferMeta(x, index, out_grad, axis):
    return _grad_meta(x, out_grad, IndexSelectInferMeta(x, index, axis))


def GatherNdGradInferMeta(x, index, out_grad):
    return _grad_meta(x, out_grad, GatherNdInferMeta(x, index))


def MaskedSelectGradInferMeta(x, mask, out_grad):
    return _grad_meta(x, out_grad, MaskedSelectInferMeta(x, mask))


__all__ += ["ScatterInferMeta", "IndexAddInferMeta", "MaskedFillInferMeta",
            "TakeAlongAxisInferMeta", "PutAlongAxisInferMeta"]


def _same_dtype(x, y, op, what):
    if x._data.dtype != y._data.dtype:
        raise ValueError(
            f"(InvalidArgument) {op}(): the dtype of {what} ({NP_TO_DTYPE[y._data.dtype].name}) "
            f"must be the same as x's ({NP_TO_DTYPE[x._data.dtype].name}).")


def ScatterInferMeta(x, index, updates, overwrite):
    """x's shape and dtype; index is 0-D, 1-D or [N, 1]; updates [N, *x.shape[1:]]."""
    _check_index_dtype(index, "Ids")
    xs, us, ish = x._data.shape, updates._data.shape, index._data.shape
    if len(ish) == 2 and ish[1] != 1:
        raise ValueError(f"(InvalidArgument) The last dim of the index should be 1 when the "
                         f"index is a 2D tensor, but we get {ish[1]}.")
    if len(ish) > 2:
        raise ValueError(f"(InvalidArgument) The index should be a 0D or 1D tensor when the "
                         f"index is not a 2D tensor, but we get {len(ish)}.")
    if len(xs) == 0 or len(us) != len(xs) or tuple(us[1:]) != tuple(xs[1:]):
        raise ValueError(f"(InvalidArgument) The dimensions of Input(Updates) {list(us)} and "
                         f"Input(X) {list(xs)} must match after the first axis.")
    _same_dtype(x, updates, "scatter", "updates")
    return (xs, NP_TO_DTYPE[x._data.dtype])


def IndexAddInferMeta(x, index, add_value, axis):
    _check_index_dtype(index, "Index")
    xs, vs = x._data.shape, add_value._data.shape
    n = len(xs)
    if not -n <= axis < n:
        raise ValueError(f"(InvalidArgument) The axis is expected to be in range of [{-n}, "
                         f"{n}), but got {axis}")
    a = axis % n
    if len(index._data.shape) != 1:
        raise ValueError(f"(InvalidArgument) The index must be a 1-D Tensor, but got "
                         f"{len(index._data.shape)}-D.")
    want = xs[:a] + (index._data.shape[0],) + xs[a + 1:]
    if tuple(vs) != want:
        raise ValueError(f"(InvalidArgument) The shape of add_value {list(vs)} must be "
                         f"{list(want)}.")
    _same_dtype(x, add_value, "index_add", "add_value")
    return (xs, NP_TO_DTYPE[x._data.dtype])


def MaskedFillInferMeta(x, mask, value):
    if mask._data.dtype != np.bool_:
        raise TypeError("masked_fill(): mask must be a bool Tensor")
    if value._data.size != 1:
        raise ValueError(f"(InvalidArgument) masked_fill(): value must be a scalar or a 0-D "
                         f"Tensor, but got shape {list(value._data.shape)}.")
    out = broadcast_shape(x._data.shape, mask._data.shape)
    return (tuple(out), NP_TO_DTYPE[x._data.dtype])


def _along_axis_checks(arr, indices, axis, op):
    _check_index_dtype(indices, "Index")
    n = len(arr._data.shape)
    if len(indices._data.shape) != n:
        raise ValueError("`indices` and `arr` must have the same number of dimensions!")
    if not -n <= axis < n and not (n == 0 and axis in (0, -1)):
        raise ValueError(f"(InvalidArgument) {op}(): axis {axis} is out of range for an input "
                         f"of {n} dims.")
    a = axis % n if n else 0
    for i, (d, k) in enumerate(zip(arr._data.shape, indices._data.shape)):
        if i != a and k > d:
            raise RuntimeError(f"Size does not match at dimension {i} expected index "
                               f"{list(indices._data.shape)} to be smaller than self "
                               f"{list(arr._data.shape)} apart from dimension {a}")
    return a


def TakeAlongAxisInferMeta(arr, indices, axis):
    _along_axis_checks(arr, indices, axis, "take_along_axis")
    return (indices._data.shape, NP_TO_DTYPE[arr._data.dtype])


_REDUCES = ("assign", "add", "mul", "multiply", "mean", "amin", "amax")


def PutAlongAxisInferMeta(arr, indices, values, axis, reduce, include_self):
    _along_axis_checks(arr, indices, axis, "put_along_axis")
    if reduce not in _REDUCES:
        raise ValueError(f"(InvalidArgument) put_along_axis(): reduce must be one of "
                         f"{list(_REDUCES)}, but got '{reduce}'.")
    for i, (k, v) in enumerate(zip(indices._data.shape, values._data.shape)):
        if k > v:
            raise RuntimeError(f"Size does not match at dimension {i} expected index "
                               f"{list(indices._data.shape)} to be smaller size than values "
                               f"{list(values._data.shape)}")
    _same_dtype(arr, values, "put_along_axis", "values")
    return (arr._data.shape, NP_TO_DTYPE[arr._data.dtype])
