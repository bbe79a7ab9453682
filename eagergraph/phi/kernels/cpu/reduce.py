"""Reduction kernels (Paddle reduce_*_kernel.cc, arg_min_max_kernel.cc, logsumexp_kernel.cc).

`axis` is a tuple of ints that InferMeta has already checked; an empty tuple (or any axis of a
0-d input) reduces everything, which is NumPy's axis=None."""
import numpy as np

from ...kernel_registry import register_kernel
from ..fp_errors import quiet
from ...sum_order import LANES as _LANES, in_paddle_order, axis_sum, mean_all_lanes
from ...common import (bool_, uint8, int16, int32, int64, float16, bfloat16, float32, float64,
                       complex64, complex128)
from ..dtype_groups import ALL, FLOAT, FLOAT_COMPLEX, NUMERIC

_INT64 = np.dtype(np.int64)
_F32 = np.dtype(np.float32)
_HALF = {float16.np_dtype, bfloat16.np_dtype}

REAL_32_64 = (int32, int64, float32, float64)
NUM_32_64 = REAL_32_64 + (complex64, complex128)


_add_reduce = np.add.reduce  # x.sum() without NumPy's Python-level _methods wrapper


def _np_axis(x, axis):
    return axis if axis and x.ndim else None


@register_kernel("sum", ALL)
def sum_(x, axis, dtype, keepdim):
    """Bool and int32 sum to int64 unless `dtype` says otherwise; half dtypes accumulate in
    float32 (the kernel API casts the result to the dtype InferMeta gave). Float partial sums
    add in Paddle's order (phi/sum_order.py)."""
    if dtype is None:
        d = _INT64 if x.dtype == np.bool_ or x.dtype == np.int32 else x.dtype
    else:
        d = dtype.np_dtype
        if d in _HALF:
            d = _F32
    if axis and in_paddle_order(x, axis):  # (a full sum keeps NumPy's order: sum_order.py)
        return axis_sum(x, axis[0], d, keepdim)
    return _add_reduce(x, _np_axis(x, axis), d, None, keepdim)


@register_kernel("mean", (bool_,) + NUM_32_64)
def mean(x, axis, keepdim):
    """Integer means truncate toward zero and bool means are "any element true", as Paddle's
    MeanFunctor computes them in the input type; an empty reduction gives nan."""
    ax = _np_axis(x, axis)
    kind = x.dtype.kind
    if kind == "b":
        return x.any(axis=ax, keepdims=keepdim)
    if kind == "f" and x.size and x.dtype in _LANES and (ax is None or len(set(
            a % x.ndim for a in ax)) == x.ndim):
        out = mean_all_lanes(x)  # Paddle's full mean, bit for bit
        return out.reshape((1,) * x.ndim) if keepdim else out
    if in_paddle_order(x, ax):
        s = axis_sum(x, ax[0], x.dtype, keepdim)
    else:
        s = x.sum(axis=ax, dtype=_INT64 if kind in "iu" else None, keepdims=keepdim)
    n = x.size // s.size if s.size else 1
    if kind in "iu":
        if n == 0:
            return np.zeros(np.shape(s), x.dtype)
        q = np.abs(s) // n
        return np.where(s < 0, -q, q).astype(x.dtype)
    if n == 0:
        with np.errstate(invalid="ignore"):
            return s / n
    return s / n


@register_kernel("mean_all", FLOAT_COMPLEX)
def mean_all(x):
    """mean over every element (paddle.mean's all-axes case, nan for an empty x)."""
    return mean(x, (), False)


@register_kernel("max", REAL_32_64)
def max_(x, axis, keepdim):
    return x.max(axis=_np_axis(x, axis), keepdims=keepdim)


@register_kernel("min", REAL_32_64)
def min_(x, axis, keepdim):
    return x.min(axis=_np_axis(x, axis), keepdims=keepdim)


@register_kernel("prod", NUM_32_64)
def prod(x, axis, keepdim):
    return x.prod(axis=_np_axis(x, axis), dtype=x.dtype, keepdims=keepdim)


@register_kernel("all", (bool_,) + NUM_32_64)
def all_(x, axis, keepdim):
    return x.all(axis=_np_axis(x, axis), keepdims=keepdim)


@register_kernel("any", (bool_,) + NUM_32_64)
def any_(x, axis, keepdim):
    return x.any(axis=_np_axis(x, axis), keepdims=keepdim)


_ARG_DTYPES = (uint8, int16, int32, int64, float32, float64)


def _arg_min_max(x, i, axis, keepdim, flatten, dtype):
    """i: ndarray.argmax or ndarray.argmin (the first index on ties)."""
    if flatten:
        return np.full((1,) * x.ndim if keepdim else (), i(x.reshape(-1)), dtype.np_dtype)
    if x.ndim == 0:
        return np.zeros((1,) if keepdim else (), dtype.np_dtype)
    return i(x, axis=axis, keepdims=keepdim).astype(dtype.np_dtype, copy=False)


@register_kernel("argmax", _ARG_DTYPES)
def argmax(x, axis, keepdim, flatten, dtype):
    return _arg_min_max(x, np.ndarray.argmax, axis, keepdim, flatten, dtype)


@register_kernel("argmin", _ARG_DTYPES)
def argmin(x, axis, keepdim, flatten, dtype):
    return _arg_min_max(x, np.ndarray.argmin, axis, keepdim, flatten, dtype)


@register_kernel("logsumexp", FLOAT)
@quiet
def logsumexp(x, axis, keepdim):
    """max + log(sum(exp(x - max))). Like Paddle, an all -inf or a +inf slice gives nan."""
    ax = _np_axis(x, axis)
    if x.size == 0:
        return np.log(np.exp(x).sum(axis=ax, keepdims=keepdim))
    m = x.max(axis=ax, keepdims=True)
    out = np.log(np.exp(x - m).sum(axis=ax, keepdims=keepdim))
    return out + (m if keepdim else m.reshape(np.shape(out)))


# ---- grad kernels (backward.yaml `kernel:`): fn(need, *saved arrays, *out_grad arrays,
# *attrs) -> one array per forward input, None where need[i] is False; grads at the output's
# shape, complex ones in Paddle's convention (out_grad * conj(df/dx))


def _unreduce(g, shape, axis):
    nd = len(shape)
    if nd == 0:
        return g.reshape(())
    if not axis and g.size == 1 and 0 not in shape:  # a full reduction: all strides are 0
        out = np.ndarray(shape, g.dtype, g, 0, (0,) * nd)
        out.flags.writeable = False
        return out
    axes = range(nd) if not axis else [a % nd for a in axis]
    keep = tuple(1 if i in axes else n for i, n in enumerate(shape))
    return broadcast_view(g.reshape(keep), shape)


def broadcast_view(g, shape):
    """np.broadcast_to(g, shape) for g of the same rank: a read-only view with zero strides on
    the broadcast axes, no copy; built directly, at a quarter of broadcast_to's cost."""
    if g.size == 0 or not g.flags.c_contiguous:
        return np.broadcast_to(g, shape)
    strides = tuple(0 if n != m else s for n, m, s in zip(g.shape, shape, g.strides))
    out = np.ndarray(shape, g.dtype, g, 0, strides)
    out.flags.writeable = False
    return out


@register_kernel("sum_grad", NUMERIC)
def sum_grad(need, x, out_grad, axis, dtype, keepdim):
    return (_unreduce(out_grad, x.shape, axis),)


@register_kernel("mean_grad", FLOAT_COMPLEX)
def mean_grad(need, x, out_grad, axis, keepdim):
    """out_grad / n broadcast back over the reduced axes: the division on the small reduced
    array, then a broadcast view (as sum_grad), so no pass over x's size here (multiplying the
    zero-stride view instead was ~7x slower than NumPy's np.full on 1e6 elements). A division,
    as Paddle's kernel does."""
    n = x.size // max(out_grad.size, 1) if x.size else 1
    if n != 1:  # Paddle divides (a multiply by 1/n differs in the last bit)
        out_grad = np.divide(out_grad, n, dtype=out_grad.dtype)
    return (_unreduce(out_grad, x.shape, axis),)


@register_kernel("mean_all_grad", FLOAT_COMPLEX)
def mean_all_grad(need, x, out_grad):
    return mean_grad(need, x, out_grad, (), False)


@register_kernel("cumsum", NUM_32_64)
def cumsum(x, axis, flatten, exclusive, reverse):
    shape = x.shape
    if flatten or x.ndim == 0:
        x, axis = x.reshape(-1), 0
    if reverse:
        x = np.flip(x, axis)
    out = np.cumsum(x, axis=axis, dtype=x.dtype)
    if exclusive:
        out = out - x
    out = np.ascontiguousarray(np.flip(out, axis)) if reverse else out
    return out if flatten else out.reshape(shape)


def _cum_extremum(x, axis, dtype, better):
    """Running max (better=np.greater_equal) or min along axis with the index of each: a later
    equal value takes over, and a NaN, once seen, stays (with its own index)."""
    shape = x.shape
    if x.ndim == 0:
        x, axis = x.reshape(1), 0
    xm = np.moveaxis(x, axis, -1)
    out = np.empty_like(xm)
    idx = np.empty(xm.shape, dtype)
    if xm.shape[-1]:
        cur = xm[..., 0].copy()
        cur_i = np.zeros(cur.shape, dtype)
        out[..., 0], idx[..., 0] = cur, cur_i
        for j in range(1, xm.shape[-1]):
            v = xm[..., j]
            take = better(v, cur) | (np.isnan(v) if xm.dtype.kind in "fc" else False)
            if xm.dtype.kind in "fc":
                take &= ~np.isnan(cur)
            cur = np.where(take, v, cur)
            cur_i = np.where(take, j, cur_i).astype(dtype)
            out[..., j], idx[..., j] = cur, cur_i
    return (np.moveaxis(out, -1, axis).reshape(shape),
            np.moveaxis(idx, -1, axis).reshape(shape))


@register_kernel("cummax", REAL_32_64)
def cummax(x, axis, dtype):
    return _cum_extremum(x, axis, dtype.np_dtype, np.greater_equal)


@register_kernel("cummin", REAL_32_64)
def cummin(x, axis, dtype):
    return _cum_extremum(x, axis, dtype.np_dtype, np.less_equal)


def _scan_last(x, axis, reverse):
    """x with `axis` moved last (and flipped for a reverse scan), as a 1-D row for a 0-d x."""
    x = x.reshape(1) if x.ndim == 0 else np.moveaxis(x, axis, -1)
    return x[..., ::-1] if reverse else x


def _scan_back(out, shape, axis, reverse):
    if reverse:
        out = out[..., ::-1]
    if not shape:  # np.ascontiguousarray would make a 0-d result 1-d
        return out.reshape(shape).copy()
    return np.ascontiguousarray(np.moveaxis(out, -1, axis))


@register_kernel("cumprod", NUM_32_64)
def cumprod(x, dim, exclusive, reverse):
    """Running product along dim (exclusive: of the elements before each one)."""
    xl = _scan_last(x, dim, reverse)
    out = np.cumprod(xl, axis=-1, dtype=x.dtype)
    if exclusive:
        out = np.concatenate([np.ones(out.shape[:-1] + (1,), x.dtype), out[..., :-1]], -1)
    return _scan_back(out, x.shape, dim, reverse)


@register_kernel("cumprod_grad", NUM_32_64)
def cumprod_grad(need, x, out, out_grad, dim, exclusive, reverse):
    """sum_j g_j conj(d out_j / d x_i), exact where x has zeros: before the first zero z it is
    the reverse cumsum of g * conj(out) over conj(x_i); at z the products skip x_z; after z
    every product holds x_z = 0. An exclusive scan is the inclusive one with g shifted left."""
    xl = _scan_last(x, dim, reverse)
    g = _scan_last(out_grad, dim, reverse)
    n = xl.shape[-1]
    if exclusive:
        g = np.concatenate([g[..., 1:], np.zeros(g.shape[:-1] + (1,), g.dtype)], -1)
    if n == 0:
        return (np.zeros(x.shape, x.dtype),)
    cx = np.conj(xl) if xl.dtype.kind == "c" else xl
    if not np.isfinite(cx).all():
        # inf/nan: no division but every product d out_j / d x_i = prod_{k<=j, k!=i} x_k
        # itself (O(n^2)), so d out_0 / d x_0 is 1 even at x_0 = nan and a 0 * inf inside one
        # product is NaN, as in Paddle
        with np.errstate(invalid="ignore", over="ignore"):
            pair = np.cumprod(np.where(np.eye(n, dtype=bool), 1, cx[..., None, :]), -1)
            later = np.arange(n)[None, :] >= np.arange(n)[:, None]  # [i, j]: j >= i
            dx = np.sum(np.where(later, g[..., None, :] * pair, 0), -1)
        return (_scan_back(dx.astype(x.dtype, copy=False), x.shape, dim, reverse),)
    iz = cx == 0
    pos = np.arange(n)
    z = np.where(iz.any(-1), iz.argmax(-1), n)[..., None]
    before = pos < z
    rc = np.flip(np.cumsum(np.flip(g * np.cumprod(cx, -1), -1), -1), -1)
    dx = np.where(before, rc / np.where(before, cx, 1), 0)
    at = pos == z
    if at.any():
        skip = np.cumprod(np.where(at, 1, cx), -1)
        dz = np.sum(np.where(pos >= z, g * skip, 0), -1, keepdims=True)
        dx = np.where(at, dz, dx)
    return (_scan_back(dx.astype(x.dtype, copy=False), x.shape, dim, reverse),)


@register_kernel("logcumsumexp", (float32, float64))
def logcumsumexp(x, axis, flatten, exclusive, reverse):
    """log of the running sum of exp along axis, by logaddexp (no overflow); like Paddle, a
    -inf running value is the dtype's lowest finite number."""
    shape = (x.size,) if flatten else x.shape
    if flatten or x.ndim == 0:
        x, axis = x.reshape(-1), 0
    xl = _scan_last(x, axis, reverse)
    with np.errstate(invalid="ignore"):
        out = np.logaddexp.accumulate(xl, axis=-1) if xl.shape[-1] else xl.copy()
    if exclusive:
        out = np.concatenate([np.full(out.shape[:-1] + (1,), -np.inf, x.dtype), out[..., :-1]],
                             -1)
    out = np.maximum(out, np.finfo(x.dtype).min)
    out = _scan_back(out, x.shape, axis, reverse)
    return out.reshape(shape)


@register_kernel("bincount", (int32, int64))
def bincount(x, weights, minlength):
    """Occurrences of each value of x (or the sum of its weights), at least minlength long."""
    if weights is None:
        return np.bincount(x, minlength=minlength).astype(np.int64, copy=False)
    dt = np.float32 if weights.dtype == np.float32 else np.float64
    return np.bincount(x, weights.astype(np.float64), minlength).astype(dt)


@register_kernel("histogram", (int32, int64, float32, float64))
def histogram(input, weight, bins, min, max, density):
    """As Paddle's kernel: bin = (x - min) * bins / (max - min) in input's dtype (integer
    division for integers), the top edge in the last bin, values outside [min, max] dropped."""
    x = input.reshape(-1)
    lo, hi = input.dtype.type(min), input.dtype.type(max)
    if lo == hi and x.size:
        lo, hi = x.min(), x.max()
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    if input.dtype.kind == "f" and not np.isfinite(hi - lo):
        raise ValueError(f"(InvalidArgument) The range of max - min is out of range for target "
                         f"type, but now min is {lo:f}, max is {hi:f}.")
    keep = (x >= lo) & (x <= hi)
    xs = x[keep]
    with np.errstate(all="ignore"):
        if input.dtype.kind == "f":
            idx = ((xs - lo) * input.dtype.type(bins) / (hi - lo)).astype(np.int64)
        else:
            idx = (xs.astype(np.int64) - int(lo)) * bins // (int(hi) - int(lo))
    idx = np.minimum(idx, bins - 1)
    if weight is None and not density:
        return np.bincount(idx, minlength=bins).astype(np.int64)
    w = None if weight is None else weight.reshape(-1)[keep].astype(np.float32)
    out = np.bincount(idx, w, minlength=bins).astype(np.float32)
    if density:
        width = np.float32((np.float64(hi) - np.float64(lo)) / bins)
        out = out * (np.float32(1) / (out.sum(dtype=np.float32) * width))  # Paddle's rounding
    return out.astype(np.float32)
