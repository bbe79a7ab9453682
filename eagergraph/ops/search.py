"""Search ops (Paddle python/paddle/tensor/search.py): topk."""
from .._generated import dygraph_functions as _ad
from ..tensor import Tensor
from ..eager_utils import parse_tensor, parse_int, parse_bool

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
