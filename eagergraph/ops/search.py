"""Search ops (Paddle python/paddle/tensor/search.py): topk, sort, argsort, searchsorted,
bucketize."""
from .._generated import dygraph_functions as _ad
from ..tensor import Tensor
from ..eager_utils import parse_tensor, parse_int, parse_bool, check_kernel_dtype, names_errors

__all__ = ["topk"]
TENSOR_METHODS = __all__


def topk(x, k, axis=None, largest=True, sorted=True, name=None):
    """(values, indices) of the k largest (largest=False: smallest) entries along axis
    (default: the last)."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "topk", "x", 0)
    k = parse_int(k, "topk", "k", 1)
    axis = -1 if axis is None else parse_int(axis, "topk", "axis", 2)
    return _ad.topk_ad_func(x, k, axis, parse_bool(largest, "topk", "largest", 3),
                            parse_bool(sorted, "topk", "sorted", 4))


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
def bucketize(x, sorted_sequence, out_int32=False, right=False, name=None, *, out=None):
    """The bucket of each element of x among the boundaries of a 1-D sorted_sequence
    (searchsorted(sorted_sequence, x))."""
    if type(sorted_sequence) is not Tensor:
        sorted_sequence = parse_tensor(sorted_sequence, "bucketize", "sorted_sequence", 1)
    if sorted_sequence._data.ndim != 1:
        raise ValueError(f"sorted_sequence tensor must be 1 dimension, but got dim "
                         f"{sorted_sequence._data.ndim}")
    return searchsorted(sorted_sequence, x, out_int32, right)
