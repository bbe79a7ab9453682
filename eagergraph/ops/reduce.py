"""Reductions (Paddle python/paddle/tensor/math.py, stat.py, search.py, logic.py): sum, mean,
max, min, prod, all, any, argmax, argmin, logsumexp, with Paddle's Python signatures.

`axis` may be None (every axis), an int, a list/tuple of ints, or an integer Tensor; it reaches
the op as a tuple, () meaning every axis."""
import numpy as np

from .._generated import dygraph_functions as _ad
from ..tensor import Tensor
from ..eager_utils import parse_tensor, parse_bool, parse_dtype
from ..phi.common import NP_TO_DTYPE, float32
from .activation import softmax

__all__ = ["sum", "mean", "max", "min", "prod", "all", "any", "argmax", "argmin", "logsumexp",
           "softmax"]
TENSOR_METHODS = __all__


def _tname(v):
    return type(v).__name__


def _axis(axis, op):
    """Paddle's axis argument -> tuple of ints; TypeError (InvalidType) for anything else."""
    if axis is None:
        return ()
    t = type(axis)
    if t is int:
        return (axis,)
    if t is list or t is tuple:
        for a in axis:
            if type(a) is not int:
                return tuple(_one_axis(a, op) for a in axis)
        return tuple(axis)
    if isinstance(axis, Tensor):
        if axis._data.dtype.kind not in "iu":
            raise TypeError(f"(InvalidType) {op}(): argument 'axis' (position 1) must be an "
                            f"integer Tensor, but got a {NP_TO_DTYPE[axis._data.dtype].name} "
                            f"Tensor")
        return tuple(int(a) for a in axis._data.reshape(-1))
    if isinstance(axis, np.integer):
        return (int(axis),)
    raise TypeError(f"(InvalidType) {op}(): argument 'axis' (position 1) must be list, tuple, "
                    f"int, or Tensor, but got {_tname(axis)}")


def _one_axis(a, op):
    if isinstance(a, (int, np.integer)) and not isinstance(a, (bool, np.bool_)):
        return int(a)
    if isinstance(a, Tensor) and a._data.dtype.kind in "iu" and a._data.size == 1:
        return int(a._data.reshape(()))
    raise TypeError(f"(InvalidType) {op}(): argument 'axis' (position 1) must be a list of "
                    f"ints, but it contains {_tname(a)}")


def _prepare(x, keepdim, op, keepdim_pos):
    if type(x) is not Tensor:
        x = parse_tensor(x, op, "x", 0)
    if keepdim is not True and keepdim is not False:
        keepdim = parse_bool(keepdim, op, "keepdim", keepdim_pos)
    return x, keepdim


def _cast_to(x, dtype, op, pos):
    """x cast to `dtype` (through the cast op, so gradients flow) when dtype is given."""
    if dtype is None:
        return x
    d = parse_dtype(dtype, op, "dtype", pos)
    if NP_TO_DTYPE[x._data.dtype] is not d:
        x = _ad.cast_ad_func(x, d)
    return x


def sum(x, axis=None, dtype=None, keepdim=False, name=None):  # noqa: A001
    """Sum over `axis`. Without `dtype`, bool and int32 inputs sum to int64 (like Paddle);
    with it, the elements are converted to `dtype` and summed in it."""
    x, keepdim = _prepare(x, keepdim, "sum", 3)
    if dtype is not None:
        dtype = parse_dtype(dtype, "sum", "dtype", 2)
    return _ad.sum_ad_func(x, _axis(axis, "sum"), dtype, keepdim)


def mean(x, axis=None, keepdim=False, name=None, *, dtype=None):
    """Arithmetic mean over `axis`, in x's dtype: integer means truncate toward zero, as in
    Paddle. `dtype` converts x first."""
    x, keepdim = _prepare(x, keepdim, "mean", 2)
    x = _cast_to(x, dtype, "mean", 4)
    return _ad.mean_ad_func(x, _axis(axis, "mean"), keepdim)


def max(x, axis=None, keepdim=False, name=None):  # noqa: A001
    """Largest element over `axis` (nan if the slice has one); a reduced axis may not be empty."""
    x, keepdim = _prepare(x, keepdim, "max", 2)
    return _ad.max_ad_func(x, _axis(axis, "max"), keepdim)


def min(x, axis=None, keepdim=False, name=None):  # noqa: A001
    """Smallest element over `axis` (nan if the slice has one); a reduced axis may not be empty."""
    x, keepdim = _prepare(x, keepdim, "min", 2)
    return _ad.min_ad_func(x, _axis(axis, "min"), keepdim)


def prod(x, axis=None, keepdim=False, dtype=None, name=None):
    """Product over `axis`, in x's dtype; `dtype` converts x first."""
    x, keepdim = _prepare(x, keepdim, "prod", 2)
    x = _cast_to(x, dtype, "prod", 3)
    return _ad.prod_ad_func(x, _axis(axis, "prod"), keepdim)


def all(x, axis=None, keepdim=False, name=None):  # noqa: A001
    """Whether every element over `axis` is nonzero (bool result)."""
    x, keepdim = _prepare(x, keepdim, "all", 2)
    return _ad.all_ad_func(x, _axis(axis, "all"), keepdim)


def any(x, axis=None, keepdim=False, name=None):  # noqa: A001
    """Whether some element over `axis` is nonzero (bool result)."""
    x, keepdim = _prepare(x, keepdim, "any", 2)
    return _ad.any_ad_func(x, _axis(axis, "any"), keepdim)


def _arg_axis(axis, op):
    if type(axis) is int:
        return axis
    if isinstance(axis, Tensor):
        if axis._data.size != 1:
            raise ValueError(f"(InvalidArgument) {op}(): argument 'axis' (position 1) must be a "
                             f"scalar; a Tensor with {axis._data.size} elements was given")
        return int(axis._data.reshape(()))
    if isinstance(axis, (int, float, np.integer, np.floating, np.bool_)):
        return int(axis)
    raise TypeError(f"(InvalidType) {op}(): argument 'axis' (position 1) must be int, float, "
                    f"bool or Tensor, but got {_tname(axis)}")


def _arg_min_max(op, ad_func):
    def fn(x, axis=None, keepdim=False, dtype="int64", name=None):
        x, keepdim = _prepare(x, keepdim, op, 2)
        if dtype is None:
            raise ValueError(f"(InvalidArgument) {op}(): the value of 'dtype' in argmax and "
                             f"argmin could not be None; use 'int32' or 'int64'.")
        dtype = parse_dtype(dtype, op, "dtype", 3)
        if axis is None:
            return ad_func(x, -1, keepdim, True, dtype)
        return ad_func(x, _arg_axis(axis, op), keepdim, False, dtype)
    fn.__name__ = fn.__qualname__ = op
    return fn


argmax = _arg_min_max("argmax", _ad.argmax_ad_func)
argmax.__doc__ = ("Index of the largest element along `axis` (of the flattened x when axis is "
                  "None; the first one on ties), as int64 or `dtype` ('int32'/'int64').")
argmin = _arg_min_max("argmin", _ad.argmin_ad_func)
argmin.__doc__ = ("Index of the smallest element along `axis` (of the flattened x when axis is "
                  "None; the first one on ties), as int64 or `dtype` ('int32'/'int64').")


def logsumexp(x, axis=None, keepdim=False, name=None):
    """log(sum(exp(x))) over `axis`, computed stably (max subtracted first). Integer inputs are
    computed in float32, as Paddle does."""
    x, keepdim = _prepare(x, keepdim, "logsumexp", 2)
    if x._data.dtype.kind in "iu":
        x = _ad.cast_ad_func(x, float32)
    return _ad.logsumexp_ad_func(x, _axis(axis, "logsumexp"), keepdim)
