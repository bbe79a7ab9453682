"""Reductions (Paddle python/paddle/tensor/math.py, stat.py, search.py, logic.py): sum, mean,
max, min, prod, all, any, argmax, argmin, logsumexp, with Paddle's Python signatures; then the
scans (cumsum, cummax/cummin, cumprod, logcumsumexp), statistics (var, std, nan*, median,
nanmedian, quantile, nanquantile), counting (bincount, histogram, histogram_bin_edges), renorm
and trapezoid/cumulative_trapezoid.

`axis` may be None (every axis), an int, a list/tuple of ints, or an integer Tensor; it reaches
the op as a tuple, () meaning every axis."""
import numpy as np

from .._generated import dygraph_functions as _ad
from ..tensor import Tensor
from .._generated.eager_utils import parse_tensor, parse_bool, parse_dtype, errors_name_op, param_aliases
from ..phi.common import NP_TO_DTYPE, bool_, float32, int64
from .activation import softmax as _softmax
from ..param_alias import write_out
from ..eager.grad_mode import is_grad_enabled

__all__ = ["sum", "mean", "max", "min", "prod", "all", "any", "argmax", "argmin", "logsumexp",
           "softmax"]
TENSOR_METHODS = __all__


def softmax(input, dim=None, dtype=None):
    """paddle.softmax / Tensor.softmax, Paddle 3.x's torch-style form (F.softmax keeps
    (x, axis=-1, ...)): dim=None picks axis 0 for 0-, 1- and 3-D input and 1 otherwise, as
    Paddle 3.3.1 (and PyTorch's legacy implicit dim) does; dtype converts input first."""
    if dim is None:
        nd = input.ndim if isinstance(input, Tensor) else parse_tensor(input, "softmax", "x", 0).ndim
        dim = 0 if nd in (0, 1, 3) else 1
    return _softmax(input, dim, dtype)


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


def prod(x, axis=None, keepdim=False, dtype=None, out=None, name=None):
    """Product over `axis`, in x's dtype; `dtype` converts x first; out (Paddle 3.3.1's fifth
    positional parameter) receives the result."""
    x, keepdim = _prepare(x, keepdim, "prod", 2)
    x = _cast_to(x, dtype, "prod", 3)
    r = _ad.prod_ad_func(x, _axis(axis, "prod"), keepdim)
    if out is not None:
        write_out(out, r, "prod")
    return r


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


def _to_out(result, out):
    """Paddle's `out=`: the result assigned into `out`, which is returned."""
    if out is None:
        return result
    from .elementwise import assign
    return assign(result, out)


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


@errors_name_op
@param_aliases({"input": "x"})
def cumprod(x, dim=None, *, dtype=None, out=None, name=None):
    """Running product along dim (of the flattened x when dim is None)."""
    x, flat, dim = _scan_prepare(x, dim, dtype, "cumprod")
    if flat:
        x = _ad.flatten_ad_func(x, 0, -1)
    return _to_out(_ad.cumprod_ad_func(x, dim, False, False), out)


@errors_name_op
def cumprod_(x, dim=None, dtype=None, name=None):
    """x := cumprod(x, dim) (dim=None: x is flattened first, and stays so)."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "cumprod_", "x", 0)
    if dtype is not None:
        d = parse_dtype(dtype, "cumprod_", "dtype", 2)
        if NP_TO_DTYPE[x._data.dtype] is not d:
            x = _ad.cast__ad_func(x, d)
    if dim is None:  # x itself is flattened, as in Paddle
        _ad.reshape__ad_func(x, [-1])
        dim = -1
    return _ad.cumprod__ad_func(x, int(_arg_axis(dim, "cumprod_")), False, False)


@errors_name_op
def logcumsumexp(x, axis=None, dtype=None, name=None):
    """log(cumsum(exp(x))) along axis without overflow (of the flattened x when axis is None);
    integer x runs in float32."""
    x, flat, axis = _scan_prepare(x, axis, dtype, "logcumsumexp")
    return _ad.logcumsumexp_ad_func(x, axis, flat, False, False)


# ---- median, nanmedian (Paddle stat.py; ops there, compositions here): the value is computed
# exactly from the sorted rows, and the gradient goes where Paddle sends it through a weighted
# sum of x whose forward value is cancelled (value + (s - s)): to the element(s) selected, a
# tie of equal middle values shared evenly among all elements equal to it
__all__ += ["median", "nanmedian"]
TENSOR_METHODS = __all__


def _last_index(b, v):
    """Position of the last element of each row of b equal to v (NaN matches NaN); -1 if none."""
    eq = (b == v[..., None]) | (np.isnan(b) & np.isnan(v)[..., None]) if b.dtype.kind == "f" \
        else b == v[..., None]
    return np.where(eq, np.arange(b.shape[-1]), -1).max(-1)


def _onehot(n, i, dtype):
    return (np.arange(n) == i[..., None]).astype(dtype)


def _median_rows(b, mode, ignore_nan, out_dtype, need_w, split_min):
    """Rows b [..., n] -> (value, index of the selected element (mode 'min'), gradient weights
    [..., n] (need_w)). split_min: mode 'min' shares the gradient among the elements equal to
    the value instead of giving it to the index."""
    n = b.shape[-1]
    w_dt = out_dtype if np.dtype(out_dtype).kind == "f" else np.float64
    kept = b.shape[:-1]
    if n == 0:
        return (np.full(kept, np.nan, out_dtype), np.zeros(kept, np.int64),
                np.zeros(b.shape, w_dt))
    isnan = np.isnan(b) if b.dtype.kind == "f" else None
    sb = np.sort(b, -1)  # NaN last
    if ignore_nan and isnan is not None:  # the middle of the non-NaN values of each row
        k = n - isnan.sum(-1)
        allnan = k == 0
        k = np.where(allnan, n, k)
        lo, hi = (k - 1) // 2, k // 2
        v_lo = np.take_along_axis(sb, lo[..., None], -1)[..., 0]
        v_hi = np.take_along_axis(sb, hi[..., None], -1)[..., 0]
    else:
        allnan = None
        lo, hi = (n - 1) // 2, n // 2
        v_lo, v_hi = sb[..., lo], sb[..., hi]
    idx = w = None
    if mode == "min":
        value = v_lo.astype(out_dtype)
        idx = _last_index(b, v_lo)
    else:
        with np.errstate(invalid="ignore", over="ignore"):
            value = ((v_lo.astype(np.float64) + v_hi) / 2).astype(out_dtype)
    if need_w:
        with np.errstate(invalid="ignore"):
            eq_lo = (b == v_lo[..., None]).astype(w_dt)
            tie = eq_lo / np.maximum(eq_lo.sum(-1, keepdims=True), 1)
        i_lo = idx if idx is not None else _last_index(b, v_lo)
        if mode == "min":
            w = tie if split_min else _onehot(n, i_lo, w_dt)
        else:
            same = (v_lo == v_hi)[..., None]
            w = np.where(same, tie, 0.5 * (_onehot(n, i_lo, w_dt) +
                                           _onehot(n, _last_index(b, v_hi), w_dt)))
    if allnan is not None and allnan.any():
        # rows all NaN (nanmedian): NaN, the gradient to the middle positions of the row
        value = np.where(allnan, np.nan, value).astype(out_dtype)
        if need_w:
            sel = _onehot(n, lo, w_dt) if mode == "min" else \
                0.5 * (_onehot(n, lo, w_dt) + _onehot(n, hi, w_dt))
            w = np.where(allnan[..., None], sel, w)
    if not ignore_nan and isnan is not None:  # a NaN: NaN, with the first NaN's index and grad
        hasnan = isnan.any(-1)
        if hasnan.any():
            first = np.argmax(isnan, -1)
            value = np.where(hasnan, np.nan, value).astype(out_dtype)
            if idx is not None:
                idx = np.where(hasnan, first, idx)
            if need_w:
                w = np.where(hasnan[..., None], _onehot(n, first, w_dt), w)
    return value, (idx.astype(np.int64) if idx is not None else None), w


def _median(x, axes, keepdim, mode, ignore_nan, split_min=False):
    """median/nanmedian over `axes` (a list of non-negative ints): (values, int64 indices)."""
    a = x._data
    nd = a.ndim
    rest = [i for i in range(nd) if i not in axes]
    perm = rest + list(axes)
    kept = tuple(a.shape[i] for i in rest)
    n = int(np.prod([a.shape[i] for i in axes], dtype=np.int64))
    b = a.transpose(perm).reshape(kept + (n,)) if nd else a.reshape(1)
    out_dt = a.dtype
    need_w = not x.stop_gradient and out_dt.kind == "f" and is_grad_enabled()
    value, idx, w = _median_rows(b, mode, ignore_nan, out_dt, need_w, split_min)
    out_shape = tuple(1 if i in axes else n for i, n in enumerate(a.shape)) if keepdim else kept
    out = Tensor._wrap(np.asarray(value, out_dt).reshape(out_shape))
    if need_w:
        xt = _ad.reshape_ad_func(_ad.transpose_ad_func(x, perm), list(b.shape)) if nd else \
            _ad.reshape_ad_func(x, [1])
        sel = w != 0
        zero = _ad.full_like_ad_func(xt, 0.0, NP_TO_DTYPE[out_dt])
        # (an infinite value would make s - s NaN: those rows are inf/NaN anyway)
        xs = _ad.where_ad_func(Tensor._wrap(sel & ~np.isinf(b)), xt, zero)
        s = _ad.sum_ad_func(_ad.multiply_ad_func(xs, Tensor._wrap(w.astype(out_dt))), (-1,),
                            None, False)
        s = _ad.subtract_ad_func(s, Tensor._wrap(s._data.copy()))
        out = _ad.add_ad_func(out, _ad.reshape_ad_func(s, list(out_shape)))
    return out, None if idx is None else Tensor._wrap(idx.reshape(out_shape))


def _median_check(x, axis, mode, op):
    if not isinstance(x, Tensor):
        raise TypeError("In median, the input x should be a Tensor.")
    if isinstance(axis, (list, tuple)) and len(axis) == 0:
        raise ValueError("Axis list should not be empty.")
    if mode not in ("avg", "min"):
        raise ValueError(f"Mode {mode} is not supported. Must be avg or min.")


@errors_name_op
@param_aliases({"input": "x", "dim": "axis"}, {"mode": "min"})
def median(x, axis=None, keepdim=False, mode="avg", name=None, *, out=None):
    """Median over axis (None: all elements). mode='avg' averages the two middle values of an
    even count (in float32 unless x is float64); mode='min' takes the lower one and, with an
    axis, also returns its int64 index. A NaN makes the result NaN."""
    _median_check(x, axis, mode, "median")
    nd = x._data.ndim
    if nd == 0:
        assert axis in [-1, 0, None], "when input 0-D, axis can only be [-1, 0] or default None"
    elif axis is not None:
        if type(axis) is not int or not -nd <= axis < nd:
            raise ValueError("In median, axis should be none or an integer in range "
                             "[-rank(x), rank(x)).")
    if mode == "avg" and x._data.dtype != np.float64:
        x = _ad.cast_ad_func(x, float32)
    axes = list(range(nd)) if axis is None or nd == 0 else [axis % nd]
    values, indices = _median(x, axes, keepdim, mode, False)
    if mode == "min" and axis is not None:
        if out is not None:  # (values, indices) tensors
            return _to_out(values, out[0]), _to_out(indices, out[1])
        return values, indices
    return _to_out(values, out)


@errors_name_op
def nanmedian(x, axis=None, keepdim=False, mode="avg", name=None):
    """median ignoring NaN (all NaN: NaN), in x's dtype; axis may be a list of axes. mode='min'
    with an int axis also returns the int64 index."""
    _median_check(x, axis, mode, "nanmedian")
    nd = x._data.ndim
    need_index = axis is not None and not isinstance(axis, (list, tuple))
    axes = [axis] if isinstance(axis, int) else list(axis) if axis is not None else []
    r = nd or 1  # (the builtin max is shadowed here)
    for a in axes:
        if type(a) is not int or not -r <= a < r:
            raise ValueError(f"(InvalidArgument) Axis should be in range [-{r}, {r}), but got "
                             f"{a}.")
    axes = sorted({a % nd for a in axes}) if nd else []
    if not axes:
        axes = list(range(nd))
    # Paddle 3.3.1: with an int axis the gradient goes to the returned index, otherwise it is
    # shared among the elements equal to the value
    values, indices = _median(x, axes, keepdim, mode, True, split_min=not need_index)
    return (values, indices) if mode == "min" and need_index else values


# ---- quantile, nanquantile (Paddle stat.py _compute_quantile, the same composition: sort, take
# the neighbours of q * (n - 1) along axis and interpolate, so the gradient reaches them)
__all__ += ["quantile", "nanquantile"]
TENSOR_METHODS = __all__

_INTERPOLATIONS = ("linear", "lower", "higher", "nearest", "midpoint")


def _quantile(x, q, axis, keepdim, interpolation, ignore_nan):
    from .manipulation import moveaxis
    from .indexing import take_along_axis
    from .search import sort
    if not isinstance(x, Tensor):
        raise TypeError("input x should be a Tensor.")
    if isinstance(q, (int, float)) and not isinstance(q, bool):
        q = [q]
    elif isinstance(q, (list, tuple)):
        if len(q) <= 0:
            raise ValueError("q should not be empty")
    elif isinstance(q, Tensor):
        if q._data.ndim > 1:
            raise ValueError("q should be a 0-D tensor or a 1-D tensor")
        q = [q] if q._data.ndim == 0 else [float(v) for v in q._data]
    else:
        raise TypeError("Type of q should be int, float, list or tuple, or tensor")
    q = [float(v._data) if isinstance(v, Tensor) else v for v in q]
    for v in q:
        if v < 0 or v > 1:
            raise ValueError("q should be in range [0, 1]")
    if interpolation not in _INTERPOLATIONS:
        raise ValueError(f"interpolation must be one of 'linear', 'lower', 'higher', 'nearest' "
                         f"or 'midpoint', but got {interpolation}")
    dims = x._data.ndim
    out_shape = list(x._data.shape)
    bad_axis = ("Axis should be None, int, or a list, element should in range "
                "[-rank(x), rank(x)).")
    if axis is None:
        x, axis, out_shape = _ad.flatten_ad_func(x, 0, -1), 0, [1] * dims
    elif isinstance(axis, list):
        src = []
        for a in axis:
            if type(a) is not int or not -dims <= a < dims:
                raise ValueError(bad_axis)
            a = a + dims if a < 0 else a
            src.append(a)
            out_shape[a] = 1
        dst = list(range(-len(axis), 0))
        x = moveaxis(x, src, dst)
        if not dst:
            x, axis = _ad.flatten_ad_func(x, 0, -1), 0
        else:
            x = _ad.flatten_ad_func(x, dst[0], dst[-1])
            axis = x._data.ndim - 1  # the flattened axes, now the last
    else:
        if type(axis) is not int or not -dims <= axis < dims:
            raise ValueError(bad_axis)
        axis = axis + dims if axis < 0 else axis
        out_shape[axis] = 1
    a = x._data
    xd = NP_TO_DTYPE[a.dtype]
    mask = np.isnan(a) if a.dtype.kind == "f" else np.zeros(a.shape, bool)
    valid = np.sum(~mask, axis=axis, keepdims=True)
    sorted_x = sort(x, axis)
    outputs = []
    for v in q:
        with np.errstate(invalid="ignore"):
            index = (np.asarray(v, a.dtype) * (valid - 1)).astype(a.dtype)
        if not ignore_nan:
            index = np.where(mask.any(axis=axis, keepdims=True),
                             np.asarray(a.shape[axis] - 1, a.dtype), index)
        if interpolation == "nearest":
            ret = take_along_axis(sorted_x, Tensor._wrap(np.round(index).astype(np.int32)), axis)
        else:
            below = np.floor(index).astype(np.int32)
            upper = np.ceil(index).astype(np.int32)
            if interpolation in ("lower", "higher"):
                idx = below if interpolation == "lower" else upper
                ret = take_along_axis(sorted_x, Tensor._wrap(idx), axis)
            else:
                t_below = take_along_axis(sorted_x, Tensor._wrap(below), axis)
                t_upper = take_along_axis(sorted_x, Tensor._wrap(upper), axis)
                if interpolation == "midpoint":
                    ret = _ad.scale_ad_func(_ad.add_ad_func(t_upper, t_below), 0.5, 0.0, True)
                else:
                    if a.dtype.kind != "f":
                        raise RuntimeError(f"(NotFound) The kernel with key (CPU, "
                                           f"Undefined(AnyLayout), {xd.name}) of kernel `lerp` "
                                           f"is not registered.")
                    weight = Tensor._wrap((index - below.astype(a.dtype)).astype(a.dtype))
                    ret = _ad.lerp_ad_func(t_below, t_upper, weight)
        if not keepdim:
            ret = _ad.squeeze_ad_func(ret, [axis])
        else:
            ret = _ad.reshape_ad_func(ret, out_shape)
        outputs.append(ret)
    return _ad.stack_ad_func(outputs, 0) if len(outputs) > 1 else outputs[0]


@errors_name_op
@param_aliases({"input": "x", "dim": "axis"})
def quantile(x, q, axis=None, keepdim=False, interpolation="linear", name=None, *, out=None):
    """The q-th quantile(s) of x over axis (None: all elements; a list: those axes together);
    a list of q stacks the results on a new axis 0. A NaN makes the result NaN."""
    return _to_out(_quantile(x, q, axis, keepdim, interpolation, False), out)


@errors_name_op
def nanquantile(x, q, axis=None, keepdim=False, interpolation="linear"):
    """quantile ignoring NaN (all NaN: NaN)."""
    return _quantile(x, q, axis, keepdim, interpolation, True)


# ---- bincount, histogram (ops), histogram_bin_edges (Paddle linalg.py: linspace over the
# range, which is the data's when min == max == 0, widened by 0.5 each way when empty)
__all__ += ["bincount", "histogram", "histogram_bin_edges"]
TENSOR_METHODS = __all__


@errors_name_op
def bincount(x, weights=None, minlength=0, name=None):
    """How often each value of the 1-D non-negative integer x occurs (or the sum of its
    weights), at least minlength long."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "bincount", "x", 0)
    if x._data.dtype.kind not in "iu" or x._data.dtype.itemsize < 4:  # before the kernel
        raise TypeError("Elements in Input(x) should all be integers")
    if weights is not None and type(weights) is not Tensor:
        weights = parse_tensor(weights, "bincount", "weights", 1)
    if weights is not None and NP_TO_DTYPE[weights._data.dtype].name not in (
            "int32", "int64", "float32", "float64"):
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), "
                           f"{weights.dtype.name}) of kernel `bincount` is not registered. "
                           f"Paddle support following DataTypes: int32, int64, float64, "
                           f"float32.")
    if isinstance(minlength, Tensor):
        minlength = int(minlength._data)
    return _ad.bincount_ad_func(x, weights, int(minlength))


@errors_name_op
def histogram(input, bins=100, min=0.0, max=0.0, weight=None, density=False, name=None):
    """Counts of the elements of input in `bins` equal bins over [min, max] (min == max: the
    data's range); float32 with weight (summed per bin) or density (normalised)."""
    if type(input) is not Tensor:
        input = parse_tensor(input, "histogram", "input", 0)
    if weight is not None and type(weight) is not Tensor:
        weight = parse_tensor(weight, "histogram", "weight", 4)
    return _ad.histogram_ad_func(input, weight, int(bins), float(min), float(max),
                                 bool(density))


@errors_name_op
def histogram_bin_edges(input, bins=100, min=0.0, max=0.0, name=None):
    """The bins + 1 edges (float32) histogram uses for the same arguments."""
    from .creation import linspace
    if not isinstance(input, Tensor):
        raise TypeError(f"The type of 'input' in histogram_bin_edges must be <class "
                        f"'paddle.Tensor'>, but received {type(input)}. ")
    if NP_TO_DTYPE[input._data.dtype].name not in ("float32", "float64", "int32", "int64"):
        raise TypeError(f"The data type of 'input' in histogram_bin_edges must be ['float32', "
                        f"'float64', 'int32', 'int64'], but received "
                        f"{NP_TO_DTYPE[input._data.dtype].name}.")
    if type(bins) is not int:
        raise TypeError(f"The type of 'bins' in histogram_bin_edges must be <class 'int'>, but "
                        f"received {type(bins)}. ")
    a = input._data
    if max == 0.0 and min == 0.0:
        lo, hi = a.min(), a.max()
    else:
        if max < min:
            raise ValueError("max must be larger than min in range parameter")
        lo, hi = float(min), float(max)
    if lo - hi == 0:  # (the data's range in its dtype; a given range as Python floats)
        lo, hi = lo - 0.5, hi + 0.5
    return linspace(float(lo), float(hi), bins + 1)


# ---- renorm (Paddle math.py; an op there, a composition here): each slice along axis whose
# p-norm exceeds max_norm is scaled by max_norm / norm (Paddle's CPU kernel adds no epsilon);
# the gradient is the full derivative, through the norm, as Paddle's
__all__ += ["renorm", "renorm_"]
TENSOR_METHODS = __all__


def _renorm_check(x, p, axis, max_norm, op):
    if type(x) is not Tensor:
        x = parse_tensor(x, op, "x", 0)
    shape = x.shape
    if not axis < len(shape):
        raise ValueError(f"the axis:{axis} should be less then the shape's size {len(shape)}:"
                         f"{shape}")
    if not axis >= 0:
        if not axis >= -1 * len(shape):
            raise ValueError(f"the axis:{axis} should not be less than -1 * length of "
                             f"input_shape:{-1 * len(shape)}")
        axis += len(shape)
    if x._data.dtype.kind != "f":
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), "
                           f"{x.dtype.name}) of kernel `renorm` is not registered. Paddle "
                           f"support following DataTypes: float64, float32.")
    return x, float(p), axis, float(max_norm)


def _renorm(x, p, axis, max_norm):
    a = x._data
    others = tuple(i for i in range(a.ndim) if i != axis)
    with np.errstate(all="ignore"):
        norm = np.sum(np.abs(a.astype(np.float64)) ** p, axis=others, keepdims=True) ** (1 / p)
    big = Tensor._wrap(np.broadcast_to(norm > max_norm, norm.shape).copy())
    dt = NP_TO_DTYPE[a.dtype]
    s = _ad.sum_ad_func(_ad.pow_ad_func(_ad.abs_ad_func(x), p), others, None, True)
    one = _ad.full_like_ad_func(s, 1.0, dt)
    # slices under the limit keep factor 1, and their norm is never differentiated (no 0^(1/p-1))
    n = _ad.pow_ad_func(_ad.where_ad_func(big, s, one), 1.0 / p)
    scale = _ad.divide_ad_func(_ad.full_like_ad_func(n, max_norm, dt), n)
    return _ad.multiply_ad_func(x, _ad.where_ad_func(big, scale, one))


@errors_name_op
def renorm(x, p, axis, max_norm):
    """x with every slice along axis whose p-norm exceeds max_norm scaled down to it."""
    return _renorm(*_renorm_check(x, p, axis, max_norm, "renorm"))


@errors_name_op
def renorm_(x, p, axis, max_norm):
    """renorm in place."""
    from ..eager.inplace import check_inplace, inplace_input, commit_inplace
    x, p, axis, max_norm = _renorm_check(x, p, axis, max_norm, "renorm_")
    check_inplace(x, "renorm_")
    return commit_inplace(x, _renorm(inplace_input(x, True), p, axis, max_norm), "renorm_")


# ---- trapezoid, cumulative_trapezoid (Paddle math.py _trapezoid, the same composition)
__all__ += ["trapezoid", "cumulative_trapezoid"]
TENSOR_METHODS = __all__

_TRAPZ_MSG = ("The data type of input must be Tensor, and dtype should be one of "
              "['paddle.float16', 'paddle.float32', 'paddle.float64', "
              "'paddle.base.core.DataType.FLOAT16', 'paddle.base.core.DataType.FLOAT32', "
              "'paddle.base.core.DataType.FLOAT64'], but got {}")


def _neighbour_slices(t, axis, n):
    """t[1:] and t[:-1] along axis."""
    return (_ad.slice_ad_func(t, [axis], [1], [n], []),
            _ad.slice_ad_func(t, [axis], [0], [n - 1], []))


def _trapezoid(y, x, dx, axis, cumulative):
    if x is not None and dx is not None:
        raise ValueError("Not permitted to specify both x and dx input args.")
    if not isinstance(y, Tensor) or y.dtype.name not in ("float16", "float32", "float64"):
        raise TypeError(_TRAPZ_MSG.format(getattr(y, "dtype", type(y))))
    nd = y._data.ndim
    n = y._data.shape[axis]
    axis = axis + nd if axis < 0 else axis
    if x is None:
        d = Tensor._wrap(np.asarray(1.0 if dx is None else dx, np.float32))
    else:
        if not isinstance(x, Tensor) or x.dtype.name not in ("float16", "float32", "float64"):
            raise TypeError(_TRAPZ_MSG.format(getattr(x, "dtype", type(x))))
        if x._data.ndim == 1:
            hi, lo = _neighbour_slices(x, 0, x._data.shape[0])
            shape = [1] * nd
            shape[axis] = x._data.shape[0] - 1
            d = _ad.reshape_ad_func(_ad.subtract_ad_func(hi, lo), shape)
        else:
            hi, lo = _neighbour_slices(x, axis, x._data.shape[axis])
            d = _ad.subtract_ad_func(hi, lo)
    hi, lo = _neighbour_slices(y, axis, n)
    area = _ad.multiply_ad_func(_ad.add_ad_func(hi, lo), d)
    if cumulative:
        total = _ad.cumsum_ad_func(area, axis, False, False, False)
    else:
        total = _ad.sum_ad_func(area, (axis,), None, False)
    return _ad.scale_ad_func(total, 0.5, 0.0, True)


@errors_name_op
def trapezoid(y, x=None, dx=None, axis=-1, name=None):
    """The integral of y along axis by the trapezoidal rule, at sample points x (or spacing
    dx, default 1)."""
    return _trapezoid(y, x, dx, axis, False)


@errors_name_op
def cumulative_trapezoid(y, x=None, dx=None, axis=-1, name=None):
    """The running trapezoidal integral of y along axis (one element shorter)."""
    return _trapezoid(y, x, dx, axis, True)
