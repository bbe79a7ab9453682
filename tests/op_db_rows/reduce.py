"""Op-table rows: reductions. Output dtypes and the 0-d / keepdim shapes are Paddle 3.3's
(checked against it): sum of bool/int32 is int64, mean of an integer tensor truncates toward zero
in its own dtype, all/any are bool, argmax/argmin int64."""
import numpy as np
from scipy import special

import eagergraph as paddle
from ..op_db import OpInfo, Sample, make_array

H = ("float16", "bfloat16")
F = H + ("float32", "float64")
C = ("complex64", "complex128")
I32_64 = ("int32", "int64")
ALL = ("bool", "uint8", "int8", "int16") + I32_64 + F + C
BOOL = lambda d: "bool"  # noqa: E731

# (shape, kwargs): every axis form Paddle accepts, keepdim, 0-d inputs
CASES = [((), {}), ((), {"axis": 0}), ((), {"axis": [-1], "keepdim": True}), ((4,), {}),
         ((4,), {"axis": 0, "keepdim": True}), ((2, 3, 4), {}), ((2, 3, 4), {"axis": 1}),
         ((2, 3, 4), {"axis": -1, "keepdim": True}), ((2, 3, 4), {"axis": [0, 2]}),
         ((2, 3, 4), {"axis": (-1, 0, 1), "keepdim": True}), ((2, 3, 4), {"axis": []}),
         ((2, 3, 4), {"keepdim": True})]


def _samples(domain=(-2.0, 2.0), zeros=False):
    """zeros: set about a third of the elements to 0 (for all/any)."""
    def fn(rng, dt):
        out = []
        for shape, kw in CASES:
            a = make_array(rng, shape, dt, domain)
            if zeros:
                a = np.where(rng.random(shape) < 0.35, np.zeros((), dt), a).astype(dt)
            out.append(Sample([a], dict(kw), desc=f"{shape} {kw}"))
        return out
    return fn


def np_axis(x, axis):
    """Paddle's axis (None, [], int, list) -> NumPy's for x."""
    if axis is None or x.ndim == 0 or (isinstance(axis, (list, tuple)) and not axis):
        return None
    return tuple(axis) if isinstance(axis, (list, tuple)) else axis


def _ref(fn, **extra):
    def ref(x, axis=None, keepdim=False):
        return fn(x, axis=np_axis(x, axis), keepdims=keepdim, **extra)
    return ref


def _sum_ref(x, axis=None, keepdim=False):
    d = np.int64 if x.dtype in (np.bool_, np.int32) else x.dtype
    return np.sum(x, axis=np_axis(x, axis), keepdims=keepdim, dtype=d)


def _mean_ref(x, axis=None, keepdim=False):
    ax = np_axis(x, axis)
    if x.dtype == np.bool_:
        return np.any(x, axis=ax, keepdims=keepdim)
    if x.dtype.kind in "iu":
        return np.trunc(np.mean(x.astype(np.float64), axis=ax, keepdims=keepdim)).astype(x.dtype)
    return np.mean(x, axis=ax, keepdims=keepdim)


def _logsumexp_ref(x, axis=None, keepdim=False):
    if x.ndim == 0:  # scipy returns shape (1,) for a 0-d input with keepdims
        return x.copy()
    return special.logsumexp(x, axis=np_axis(x, axis), keepdims=keepdim)


def _arg_ref(fn):
    def ref(x, axis=None, keepdim=False):
        if axis is None:
            return np.full((1,) * x.ndim if keepdim else (), fn(x.reshape(-1)), np.int64)
        if x.ndim == 0:
            return np.zeros((1,) if keepdim else (), np.int64)
        return fn(x, axis=axis, keepdims=keepdim)
    return ref


def _arg_samples(rng, dt):
    out = []
    for shape, kw in [((), {}), ((), {"axis": 0, "keepdim": True}), ((5,), {}),
                      ((2, 3, 4), {}), ((2, 3, 4), {"keepdim": True}), ((2, 3, 4), {"axis": 1}),
                      ((2, 3, 4), {"axis": -1, "keepdim": True}), ((3, 4), {"axis": 0})]:
        out.append(Sample([make_array(rng, shape, dt, (-5, 5))], dict(kw), desc=f"{shape} {kw}"))
    return out


ROWS = [
    OpInfo("sum", paddle.sum, _sum_ref, ALL, sample_inputs=_samples(),
           out_dtype=lambda d: "int64" if d in ("bool", "int32") else d),
    OpInfo("mean", paddle.mean, _mean_ref, ("bool",) + I32_64 + F + C, sample_inputs=_samples()),
    OpInfo("mean_all", paddle._C_ops.mean_all, np.mean, ("bfloat16", "float32", "float64") + C),
    OpInfo("max", paddle.max, _ref(np.max), I32_64 + F, sample_inputs=_samples()),
    OpInfo("min", paddle.min, _ref(np.min), I32_64 + F, sample_inputs=_samples()),
    OpInfo("prod", paddle.prod, _ref(np.prod), I32_64 + F + C,
           sample_inputs=_samples(domain=(0.5, 1.5))),
    OpInfo("all", paddle.all, _ref(np.all), ("bool",) + I32_64 + ("float32", "float64") + C,
           sample_inputs=_samples(zeros=True), out_dtype=BOOL, grad=0),
    OpInfo("any", paddle.any, _ref(np.any), ("bool",) + I32_64 + ("float32", "float64") + C,
           sample_inputs=_samples(zeros=True), out_dtype=BOOL, grad=0),
    OpInfo("argmax", paddle.argmax, _arg_ref(np.argmax), ("uint8", "int16") + I32_64 + F,
           sample_inputs=_arg_samples, out_dtype=lambda d: "int64", grad=0),
    OpInfo("argmin", paddle.argmin, _arg_ref(np.argmin), ("uint8", "int16") + I32_64 + F,
           sample_inputs=_arg_samples, out_dtype=lambda d: "int64", grad=0),
    OpInfo("logsumexp", paddle.logsumexp, _logsumexp_ref, F, sample_inputs=_samples()),
]


def _cumsum_ref(x, axis=None, dtype=None):
    if axis is None:
        x, axis = x.reshape(-1), 0
    if x.ndim == 0:
        return x.copy()
    d = np.int64 if x.dtype.kind in "iu" and x.dtype != np.int64 else x.dtype
    return np.cumsum(x, axis=axis, dtype=d)


def _cumsum_samples(rng, dt):
    return [Sample([make_array(rng, s, dt)], kw, desc=f"{s} {kw}")
            for s, kw in [((), {}), ((), {"axis": 0}), ((5,), {}), ((2, 3, 4), {}),
                          ((2, 3, 4), {"axis": 1}), ((2, 3, 4), {"axis": -1}), ((3, 0), {"axis": 0})]]


ROWS += [
    OpInfo("cumsum", paddle.cumsum, _cumsum_ref, ("uint8", "int16") + I32_64 + F + C,
           sample_inputs=_cumsum_samples,
           out_dtype=lambda d: "int64" if d in ("uint8", "int16", "int32") else d),
]


def _cum_extremum_ref(better):
    def ref(x, axis=None):
        if axis is None:
            x, axis = x.reshape(-1), 0
        xm = np.moveaxis(x, axis, -1)
        out, idx = xm.copy(), np.zeros(xm.shape, np.int64)
        for j in range(1, xm.shape[-1]):
            take = better(xm[..., j], out[..., j - 1])
            out[..., j] = np.where(take, xm[..., j], out[..., j - 1])
            idx[..., j] = np.where(take, j, idx[..., j - 1])
        return np.moveaxis(out, -1, axis), np.moveaxis(idx, -1, axis)
    return ref


def _cum_extremum_samples(rng, dt):
    return [Sample([make_array(rng, s, dt)], kw, desc=f"{s} {kw}")
            for s, kw in [((5,), {}), ((2, 3, 4), {}), ((2, 3, 4), {"axis": 1}),
                          ((3, 4), {"axis": -1}), ((3, 0), {"axis": 0})]]


ROWS += [
    OpInfo("cummax", paddle.cummax, _cum_extremum_ref(np.greater_equal), I32_64 + F,
           sample_inputs=_cum_extremum_samples, out_dtype=lambda d: (d, "int64")),
    OpInfo("cummin", paddle.cummin, _cum_extremum_ref(np.less_equal), I32_64 + F,
           sample_inputs=_cum_extremum_samples, out_dtype=lambda d: (d, "int64")),
]


def _cumprod_ref(x, dim=None, dtype=None):
    if dtype is not None:
        x = x.astype(dtype)
    if dim is None:
        x, dim = x.reshape(-1), 0
    if x.ndim == 0:
        return x.copy()
    return np.cumprod(x, axis=dim, dtype=x.dtype)


def _cumprod_samples(rng, dt):
    out = [Sample([make_array(rng, s, dt)], kw, desc=f"{s} {kw}")
           for s, kw in [((), {}), ((), {"dim": 0}), ((5,), {"dim": 0}), ((2, 3, 4), {}),
                         ((2, 3, 4), {"dim": 1}), ((2, 3, 4), {"dim": -1}),
                         ((3, 0), {"dim": 0})]]
    # zeros, one and two in a row, and a row without any (the grad is exact at zeros)
    a = make_array(rng, (3, 5), dt)
    a[0, 1] = a[1, 0] = a[1, 3] = a[2, 4] = 0
    out.append(Sample([a], {"dim": 1}, desc="zeros dim=1"))
    out.append(Sample([a], {"dim": 0}, desc="zeros dim=0"))
    return out


def _logcumsumexp_ref(x, axis=None, dtype=None):
    if dtype is not None:
        x = x.astype(dtype)
    if x.dtype.kind in "iu":
        x = x.astype(np.float32)
    if axis is None:
        x, axis = x.reshape(-1), 0
    if x.ndim == 0:
        return x.copy()
    return np.logaddexp.accumulate(x, axis=axis)


def _logcumsumexp_samples(rng, dt):
    out = [Sample([make_array(rng, s, dt)], kw, desc=f"{s} {kw}")
           for s, kw in [((), {}), ((), {"axis": 0}), ((5,), {}), ((2, 3, 4), {}),
                         ((2, 3, 4), {"axis": 1}), ((2, 3, 4), {"axis": -1}),
                         ((3, 0), {"axis": 0})]]
    if np.dtype(dt).kind == "f":  # far apart values: exp would overflow/underflow
        a = np.array([[-300.0, 2.0, 400.0], [5.0, -1.0, 0.5]], dt) if np.dtype(dt).itemsize == 8 \
            else np.array([[-30.0, 2.0, 40.0], [5.0, -1.0, 0.5]], dt)
        out.append(Sample([a], {"axis": 1}, desc="far apart"))
    return out


ROWS += [
    OpInfo("cumprod", paddle.cumprod, _cumprod_ref, I32_64 + F + C,
           sample_inputs=_cumprod_samples,
           notes="second order through composite formulas (Paddle 3.3.1 has no cumprod double "
                 "grad)"),
    OpInfo("logcumsumexp", paddle.logcumsumexp, _logcumsumexp_ref, I32_64 + F,
           sample_inputs=_logcumsumexp_samples,
           out_dtype=lambda d: "float32" if d in I32_64 else d,
           notes="second order through the invoke formula (Paddle 3.3.1 has no double grad)"),
]


def _bincount_samples(rng, dt):
    return [Sample([rng.integers(0, 6, (9,)).astype(dt)], {}, desc="counts"),
            Sample([rng.integers(0, 3, (4,)).astype(dt)], {"minlength": 7}, desc="minlength"),
            Sample([np.zeros((0,), dt)], {}, desc="empty")]


def _histogram_ref(x, bins=100, min=0.0, max=0.0):
    lo, hi = (x.min(), x.max()) if min == max else (min, max)
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    return np.histogram(x, bins, (lo, hi))[0].astype(np.int64)


def _histogram_samples(rng, dt):
    return [Sample([make_array(rng, (3, 5), dt, (-4, 4))], {"bins": 4}, desc="data range"),
            Sample([make_array(rng, (11,), dt, (-4, 4))], {"bins": 3, "min": -2, "max": 3},
                   desc="given range"),
            Sample([np.full((3,), 2, dt)], {"bins": 5}, desc="one value")]


ROWS += [
    OpInfo("bincount", paddle.bincount, lambda x, minlength=0: np.bincount(x, None, minlength),
           I32_64, sample_inputs=_bincount_samples, out_dtype=lambda d: "int64", grad=0),
    OpInfo("histogram", paddle.histogram, _histogram_ref, I32_64 + ("float32", "float64"),
           sample_inputs=_histogram_samples, out_dtype=lambda d: "int64", grad=0),
]
