"""Search ops (Paddle python/paddle/tensor/search.py): topk, sort, argsort, kthvalue, mode,
searchsorted, bucketize."""
from typing import NamedTuple

import numpy as np

from .._generated import dygraph_functions as _ad
from ..tensor import Tensor
from .._generated.eager_utils import (parse_tensor, parse_int, parse_bool, parse_dtype, errors_name_op,
                           check_kernel_dtype, names_errors,
                           param_aliases)


__all__ = ["topk"]
TENSOR_METHODS = __all__


class TopKRetType(NamedTuple):
    """What topk returns (Paddle 3.3.1's named tuple): values, indices."""
    values: Tensor
    indices: Tensor


TopKRetType.__module__ = "paddle.tensor.search"


def topk(x, k, axis=None, largest=True, sorted=True, name=None):
    """(values, indices) of the k largest (largest=False: smallest) entries along axis
    (default: the last), as a TopKRetType."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "topk", "x", 0)
    k = parse_int(k, "topk", "k", 1)
    axis = -1 if axis is None else parse_int(axis, "topk", "axis", 2)
    return TopKRetType(*_ad.topk_ad_func(x, k, axis, parse_bool(largest, "topk", "largest", 3),
                                         parse_bool(sorted, "topk", "sorted", 4)))


# ---- sort and argsort: one argsort op gives both the sorted values and the indices
__all__ += ["sort", "argsort"]
TENSOR_METHODS = __all__


def _argsort(x, axis, descending, stable, op):
    if type(x) is not Tensor:
        x = parse_tensor(x, op, "x", 0)
    return _ad.argsort_ad_func(x, parse_int(axis, op, "axis", 1),
                               parse_bool(descending, op, "descending", 2),
                               parse_bool(stable, op, "stable", 3))


def sort(x, axis=-1, descending=False, stable=False, name=None):
    """x sorted along axis (descending: largest first); NaN sorts as the largest value."""
    return _argsort(x, axis, descending, stable, "sort")[0]


def argsort(x, axis=-1, descending=False, stable=False, name=None):
    """The int64 indices that sort x along axis; equal values keep their order."""
    return _argsort(x, axis, descending, stable, "argsort")[1]


# ---- kthvalue, mode (Paddle ops; compositions here): the index is found on the values, and the
# value is taken there with take_along_axis, so the gradient goes to that element as Paddle's
__all__ += ["kthvalue", "mode"]
TENSOR_METHODS = __all__


def _select_axis(x, axis, op):
    if type(x) is not Tensor:
        x = parse_tensor(x, op, "x", 0)
    nd = x._data.ndim
    r = nd or 1
    axis = parse_int(axis, op, "axis", 2)
    if not -r <= axis < r:
        raise ValueError(f"(InvalidArgument) the axis must be [{-r}, {r}), but received "
                         f"{axis} .")
    return x, axis % r


def _take_selected(x, idx, axis, keepdim):
    """x's elements at idx (x's shape with axis of size 1) and the indices, keepdim or not."""
    from .indexing import take_along_axis
    if x._data.ndim == 0:
        return x, Tensor._wrap(np.zeros((), np.int64))
    vals = take_along_axis(x, Tensor._wrap(idx), axis)
    if not keepdim:
        vals = _ad.squeeze_ad_func(vals, [axis])
        idx = np.squeeze(idx, axis)
    return vals, Tensor._wrap(np.array(idx))  # (a copy; keeps a 0-d index 0-d)


@errors_name_op
def kthvalue(x, k, axis=None, keepdim=False, name=None):
    """(values, int64 indices) of the k-th smallest element along axis (default the last);
    among equal values the k-th in order of position, NaN largest."""
    x, axis = _select_axis(x, -1 if axis is None else axis, "kthvalue")
    k = parse_int(k, "kthvalue", "k", 1)
    if k < 1:
        raise ValueError(f"(InvalidArgument) the k in the kthvalue must >= 1, but received {k} .")
    a = x._data
    n = a.shape[axis] if a.ndim else 1
    if n < k:
        raise ValueError(f"(InvalidArgument) input of kthvalue must have >= {k} columns in axis "
                         f"of {axis}")
    if a.ndim == 0:
        return _take_selected(x, None, axis, keepdim)
    order = np.argsort(a, axis=axis, kind="stable")
    idx = np.take(order, [k - 1], axis=axis).astype(np.int64)
    return _take_selected(x, idx, axis, keepdim)


@errors_name_op
def mode(x, axis=-1, keepdim=False, name=None):
    """(values, int64 indices) of the most frequent value along axis: the smallest of equally
    frequent ones, and the position of its last occurrence."""
    x, axis = _select_axis(x, axis, "mode")
    a = x._data
    if a.ndim == 0:
        return _take_selected(x, None, axis, keepdim)
    b = np.moveaxis(a, axis, -1)
    n = b.shape[-1]
    rows = b.reshape(-1, n)
    s = np.sort(rows, -1)
    # runs of equal values in each sorted row (NaN != NaN: every NaN a run of its own)
    new = np.ones(s.shape, bool)
    new[:, 1:] = s[:, 1:] != s[:, :-1]
    run = np.cumsum(new, -1) - 1
    flat = run + np.arange(len(s))[:, None] * n
    count = np.bincount(flat.reshape(-1), minlength=s.size)[flat]
    best = np.take_along_axis(s, np.argmax(count, -1)[:, None], -1)
    eq = (rows == best) | (np.isnan(rows) & np.isnan(best)) if rows.dtype.kind == "f" \
        else rows == best
    last = np.where(eq, np.arange(n), -1).max(-1).astype(np.int64)
    idx = np.moveaxis(last.reshape(b.shape[:-1] + (1,)), -1, axis)
    return _take_selected(x, idx, axis, keepdim)


# ---- unique, unique_consecutive (Paddle manipulation.py): one op computes every output; these
# return the ones asked for, in Paddle's order
__all__ += ["unique", "unique_consecutive"]
TENSOR_METHODS = __all__


def _unique_axis(x, axis, op):
    if type(x) is not Tensor:
        x = parse_tensor(x, op, "x", 0)
    if axis is None:
        return x, []
    return x, [parse_int(axis, op, "axis", 4)]


@errors_name_op
def unique(x, return_index=False, return_inverse=False, return_counts=False, axis=None,
           dtype="int64", sorted=True, name=None):
    """The sorted distinct values of x (flattened, or the distinct slices along axis), and as
    asked: the index of the first occurrence of each, the inverse (which one each element is),
    the counts; those in `dtype` (int32/int64)."""
    x, ax = _unique_axis(x, axis, "unique")
    d = parse_dtype(dtype, "unique", "dtype", 5)
    out, first, inverse, counts = _ad.unique_ad_func(x, ax, d)
    extra = [t for t, want in ((first, return_index), (inverse, return_inverse),
                               (counts, return_counts)) if want]
    return tuple([out] + extra) if extra else out


@errors_name_op
@param_aliases({"input": "x", "dim": "axis"})
def unique_consecutive(x, return_inverse=False, return_counts=False, axis=None, dtype="int64",
                       name=None):
    """The first of each run of equal consecutive values (or slices along axis), and as asked
    the inverse and the run lengths (in `dtype`)."""
    x, ax = _unique_axis(x, axis, "unique_consecutive")
    d = parse_dtype(dtype, "unique_consecutive", "dtype", 4)
    out, inverse, counts = _ad.unique_consecutive_ad_func(x, ax, d)
    extra = [t for t, want in ((inverse, return_inverse), (counts, return_counts)) if want]
    return tuple([out] + extra) if extra else out

# ---- searchsorted and bucketize: one searchsorted op
__all__ += ["searchsorted", "bucketize"]
TENSOR_METHODS = [n for n in __all__ if n != "searchsorted"]  # Paddle has no Tensor.searchsorted


@names_errors("searchsorted")
def searchsorted(sorted_sequence, values, out_int32=False, right=False, name=None, *,
                 side=None, out=None, sorter=None):
    """Indices at which `values` would be inserted into the last axis of sorted_sequence to
    keep it sorted (right=True / side='right': after equal entries). sorter: indices that sort
    sorted_sequence along its last axis."""
    if type(sorted_sequence) is not Tensor:
        sorted_sequence = parse_tensor(sorted_sequence, "searchsorted", "sorted_sequence", 0)
    if type(values) is not Tensor:
        values = parse_tensor(values, "searchsorted", "values", 1)
    check_kernel_dtype(sorted_sequence, "searchsorted", ("float32", "float64", "int32", "int64"))
    if side is not None and side == "right":
        right = True
    if sorter is not None:
        from .indexing import take_along_axis
        sorted_sequence = take_along_axis(sorted_sequence, sorter, -1)
    return _ad.searchsorted_ad_func(sorted_sequence, values,
                                    parse_bool(out_int32, "searchsorted", "out_int32", 2),
                                    parse_bool(right, "searchsorted", "right", 3))


@names_errors("bucketize")
def bucketize(x, sorted_sequence, out_int32=False, right=False, name=None):
    """The bucket of each element of x among the boundaries of a 1-D sorted_sequence
    (searchsorted(sorted_sequence, x))."""
    if type(sorted_sequence) is not Tensor:
        sorted_sequence = parse_tensor(sorted_sequence, "bucketize", "sorted_sequence", 1)
    if sorted_sequence._data.ndim != 1:
        raise ValueError(f"sorted_sequence tensor must be 1 dimension, but got dim "
                         f"{sorted_sequence._data.ndim}")
    return searchsorted(sorted_sequence, x, out_int32, right)
