"""Reduction kernels (Paddle reduce_*_kernel.cc, arg_min_max_kernel.cc, logsumexp_kernel.cc).

`axis` is a tuple of ints that InferMeta has already checked; an empty tuple (or any axis of a
0-d input) reduces everything, which is NumPy's axis=None."""
import numpy as np

from ...kernel_registry import register_kernel
from ..fp_errors import quiet
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
    float32 (the kernel API casts the result to the dtype InferMeta gave)."""
    if dtype is None:
        d = _INT64 if x.dtype == np.bool_ or x.dtype == np.int32 else x.dtype
    else:
        d = dtype.np_dtype
        if d in _HALF:
            d = _F32
    return _add_reduce(x, _np_axis(x, axis), d, None, keepdim)


@register_kernel("mean", (bool_,) + NUM_32_64)
def mean(x, axis, keepdim):
    """Integer means truncate toward zero and bool means are "any element true", as Paddle's
    MeanFunctor computes them in the input type; an empty reduction gives nan."""
    ax = _np_axis(x, axis)
    kind = x.dtype.kind
    if kind == "b":
        return x.any(axis=ax, keepdims=keepdim)
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
    zero-stride view instead was ~7x slower than NumPy's np.full on 1e6 elements)."""
    n = x.size // max(out_grad.size, 1) if x.size else 1
    if n != 1:
        out_grad = np.multiply(out_grad, 1.0 / n, dtype=out_grad.dtype)
    return (_unreduce(out_grad, x.shape, axis),)


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
