"""Reductions (Paddle python/paddle/tensor/math.py, stat.py, search.py, logic.py): sum, mean,
max, min, prod, all, any, argmax, argmin, logsumexp, with Paddle's Python signatures.

`axis` may be None (every axis), an int, a list/tuple of ints, or an integer Tensor; it reaches
the op as a tuple, () meaning every axis."""
import numpy as np

from .._generated import dygraph_functions as _ad
from ..tensor import Tensor
from ..eager_utils import parse_tensor, parse_bool, parse_dtype
from ..phi.common import NP_TO_DTYPE, bool_, float32, int64
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


# ---- cumsum (Paddle math.py): axis=None scans the flattened x; without dtype, small integer
# types are scanned in int64
__all__ += ["cumsum", "cumsum_"]
TENSOR_METHODS = __all__

_SMALL_INTS = ("uint8", "int8", "int16", "int32")


def _cum_args(x, axis, dtype, op):
    if type(x) is not Tensor:
        x = parse_tensor(x, op, "x", 0)
    flatten = axis is None
    axis = -1 if axis is None else int(_arg_axis(axis, op))
    return x, axis, flatten


def cumsum(x, axis=None, dtype=None, name=None):
    """Running sum along axis (of the flattened x when axis is None)."""
    x, axis, flatten = _cum_args(x, axis, dtype, "cumsum")
    if dtype is None:
        if NP_TO_DTYPE[x._data.dtype].name in _SMALL_INTS:
            x = _ad.cast_ad_func(x, int64)
    else:
        x = _cast_to(x, dtype, "cumsum", 2)
    return _ad.cumsum_ad_func(x, axis, flatten, False, False)


def cumsum_(x, axis=None, dtype=None, name=None):
    """x := cumsum(x) (flattened when axis is None)."""
    x, axis, flatten = _cum_args(x, axis, dtype, "cumsum_")
    if dtype is not None:
        d = parse_dtype(dtype, "cumsum_", "dtype", 2)
        if NP_TO_DTYPE[x._data.dtype] is not d:
            x = _ad.cast__ad_func(x, d)
    return _ad.cumsum__ad_func(x, axis, flatten, False, False)


# ---- statistics that Paddle composes in Python (stat.py, math.py): var, std, nansum, nanmean,
# count_nonzero; amax/amin, whose values and gradients (shared evenly among ties) are max/min's
__all__ += ["var", "std", "nansum", "nanmean", "count_nonzero", "amax", "amin"]
TENSOR_METHODS = __all__


def _const(value, dtype):
    return Tensor._wrap(np.asarray(value, dtype))


def var(x, axis=None, unbiased=None, keepdim=False, name=None, *, correction=1):
    """Variance over axis, divided by n - correction (unbiased=True/False: correction 1/0)."""
    import warnings
    if unbiased is not None and correction != 1:
        raise ValueError("Only one of unbiased and correction may be given")
    corr = (1.0 if unbiased else 0.0) if unbiased is not None else float(correction)
    x, keepdim = _prepare(x, keepdim, "var", 3)
    ax = _axis(axis, "var")
    u = _ad.mean_ad_func(x, ax, True)
    np_dt = np.float32 if x._data.dtype == np.float16 else x._data.dtype
    dt = NP_TO_DTYPE[np.dtype(np_dt)]
    sq = _ad.pow_ad_func(_ad.subtract_ad_func(x, u), 2)
    out = _ad.sum_ad_func(sq, ax, dt, keepdim)
    n = x._data.size / out._data.size if out._data.size else float("nan")
    if corr != 0:
        n = n - corr if n - corr > 0 else 0.0
        if not n > 0:
            warnings.warn("Degrees of freedom is <= 0.", stacklevel=2)
    with np.errstate(all="ignore"):
        out = _ad.divide_ad_func(out, _const(n, np_dt)) if out._data.dtype.kind in "fc" else \
            _ad.floor_divide_ad_func(out, _const(n, np_dt)) if n else out
    if 0 in x._data.shape:
        out = _ad.add_ad_func(_ad.scale_ad_func(out, 0.0, 0.0, True),
                              _const(np.full(out._data.shape, np.nan), out._data.dtype))
    if x._data.ndim == 0 and corr == 0:
        out = _const(0, np.int64)
    if out._data.dtype != x._data.dtype:
        out = _ad.cast_ad_func(out, NP_TO_DTYPE[x._data.dtype])
    return out


def std(x, axis=None, unbiased=True, keepdim=False, name=None):
    """Standard deviation: the square root of var."""
    return _ad.sqrt_ad_func(var(x, axis, unbiased, keepdim))


def nansum(x, axis=None, dtype=None, keepdim=False, name=None):
    """sum over axis with NaN counted as 0."""
    x, keepdim = _prepare(x, keepdim, "nansum", 3)
    zero = _ad.full_like_ad_func(x, 0, NP_TO_DTYPE[x._data.dtype])
    return sum(_ad.where_ad_func(_ad.isnan_ad_func(x), zero, x), axis, dtype, keepdim)


def nanmean(x, axis=None, keepdim=False, name=None):
    """mean over axis of the elements that are not NaN."""
    x, keepdim = _prepare(x, keepdim, "nanmean", 2)
    if isinstance(axis, int):
        axis = [axis]
    cnt = sum(_ad.logical_not_ad_func(_ad.isnan_ad_func(x)), axis, None, keepdim)
    return _ad.divide_ad_func(nansum(x, axis, None, keepdim),
                              _ad.cast_ad_func(cnt, NP_TO_DTYPE[x._data.dtype]))


def count_nonzero(x, axis=None, keepdim=False, name=None):
    """How many elements over axis are not zero (int64)."""
    x, keepdim = _prepare(x, keepdim, "count_nonzero", 2)
    if isinstance(axis, int):
        axis = [axis]
    b = _ad.cast_ad_func(_ad.cast_ad_func(x, bool_), int64)
    return sum(b, axis, None, keepdim)


def amax(x, axis=None, keepdim=False, name=None):
    """Largest element over axis; the gradient is shared evenly among the positions that reach
    it (as paddle.amax, and as paddle.max in Paddle 3.3.1)."""
    x, keepdim = _prepare(x, keepdim, "amax", 2)
    return _ad.max_ad_func(x, _axis(axis, "amax"), keepdim)


def amin(x, axis=None, keepdim=False, name=None):
    """Smallest element over axis; the gradient is shared evenly among the positions that reach
    it."""
    x, keepdim = _prepare(x, keepdim, "amin", 2)
    return _ad.min_ad_func(x, _axis(axis, "amin"), keepdim)


# ---- cummax / cummin (Paddle math.py): axis=None scans the flattened x
__all__ += ["cummax", "cummin"]
TENSOR_METHODS = __all__


def _cum_extremum(x, axis, dtype, op):
    if type(x) is not Tensor:
        x = parse_tensor(x, op, "x", 0)
    if axis is None:
        x, axis = _ad.flatten_ad_func(x, 0, -1), -1
    d = parse_dtype(dtype, op, "dtype", 2)
    return getattr(_ad, op + "_ad_func")(x, int(_arg_axis(axis, op)), d)


def cummax(x, axis=None, dtype="int64", name=None):
    """Running max along axis and the index of each (of the flattened x when axis is None)."""
    return _cum_extremum(x, axis, dtype, "cummax")


def cummin(x, axis=None, dtype="int64", name=None):
    """Running min along axis and the index of each (of the flattened x when axis is None)."""
    return _cum_extremum(x, axis, dtype, "cummin")


# ---- cumprod, logcumsumexp (Paddle math.py): dim/axis None scans the flattened x, dtype casts
# x first
__all__ += ["cumprod", "cumprod_", "logcumsumexp"]
TENSOR_METHODS = __all__


def _scan_prepare(x, axis, dtype, op):
    if type(x) is not Tensor:
        x = parse_tensor(x, op, "x", 0)
    if dtype is not None:
        x = _cast_to(x, dtype, op, 2)
    return x, axis is None, -1 if axis is None else int(_arg_axis(axis, op))


def cumprod(x, dim=None, dtype=None, name=None, *, out=None):
    """Running product along dim (of the flattened x when dim is None)."""
    x, flat, dim = _scan_prepare(x, dim, dtype, "cumprod")
    if flat:
        x = _ad.flatten_ad_func(x, 0, -1)
    return _ad.cumprod_ad_func(x, dim, False, False)


def cumprod_(x, dim=None, dtype=None, name=None):
    """x := cumprod(x, dim) (dim=None: of the flattened x, reshaped back)."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "cumprod_", "x", 0)
    if dtype is not None:
        d = parse_dtype(dtype, "cumprod_", "dtype", 2)
        if NP_TO_DTYPE[x._data.dtype] is not d:
            x = _ad.cast__ad_func(x, d)
    if dim is None:
        shape = list(x._data.shape)
        _ad.reshape__ad_func(x, [-1])
        _ad.cumprod__ad_func(x, -1, False, False)
        return _ad.reshape__ad_func(x, shape)
    return _ad.cumprod__ad_func(x, int(_arg_axis(dim, "cumprod_")), False, False)


def logcumsumexp(x, axis=None, dtype=None, name=None):
    """log(cumsum(exp(x))) along axis without overflow (of the flattened x when axis is None);
    integer x runs in float32."""
    x, flat, axis = _scan_prepare(x, axis, dtype, "logcumsumexp")
    return _ad.logcumsumexp_ad_func(x, axis, flat, False, False)
