"""Pooling kernels (Paddle pool_kernel, max_pool_with_index, unpool) for any number of spatial
dims, with their grad kernels, vectorised over batch, channels and windows:
- regular windows (every pooling but adaptive pooling whose output does not divide its input)
  are strided views of the (padded) input, one per kernel offset: the max is np.maximum over
  the prod(kernel) views, the average their sum, and the grads are written back through the
  same views (the max's to the first element equal to the window's max, as Paddle's kernel);
- irregular (adaptive) windows and NaN maxima go through a gather of every window's elements
  by a cached table of flat positions (pool_window_index), reduced over its last axis, with
  bincount scatters for the grads; max_pool*_with_index always does (it needs the argmax).
Channel-last layouts are moved to channel-first and back. Average pooling divides by the number
of input elements in the window for `exclusive` and adaptive pooling, else as Paddle's kernel
(pool_divisor)."""
import itertools
from functools import lru_cache

import numpy as np

from ...kernel_registry import register_kernel
from ...infermeta.pool import (pool_geometry, pool_out_size, pool_window_index, pool_gather,
                               pool_argmax, pool_max, pool_first_equal, pool_divisor, LOWEST)
from ..dtype_groups import FLOAT
from ...transpose_copy import transpose_copy


@lru_cache(maxsize=256)
def _table(sp, k, s, pads, ceil_mode, adaptive):
    t = pool_window_index(list(sp), list(k), list(s), list(pads), ceil_mode, adaptive)
    t.setflags(write=False)
    return t


class _Geom:
    """The pooling of one call: spatial sizes, kernel, strides, paddings, output sizes."""

    def __init__(self, sp, kernel_size, strides, paddings, ceil_mode, global_pooling, adaptive,
                 algo):
        self.sp = tuple(int(v) for v in sp)
        k, s, pads = pool_geometry(self.sp, kernel_size, strides, paddings, global_pooling,
                                   algo, adaptive and not global_pooling)
        self.adaptive = adaptive and not global_pooling
        self.out = tuple(pool_out_size(self.sp, k, s, pads, ceil_mode, self.adaptive))
        self.k, self.s, self.pads, self.ceil = tuple(k), tuple(s), tuple(pads), ceil_mode
        if self.adaptive and all(n % o == 0 for n, o in zip(self.sp, self.out)):
            # adaptive cells that divide the input are windows of n / o with stride n / o
            self.k = self.s = tuple(n // o for n, o in zip(self.sp, self.out))
            self.adaptive = False
        self.regular = not self.adaptive

    def table(self):
        return _table(self.sp, self.k, self.s, self.pads, self.ceil, self.adaptive)

    def padded_sp(self):
        """Spatial sizes of the input with the paddings before and enough after for every
        window."""
        return tuple(max(b + n, (o - 1) * s + k) for b, n, o, s, k in
                     zip(self.pads[0::2], self.sp, self.out, self.s, self.k))

    def padded(self, x, fill):
        """x [N, C, *sp] padded to padded_sp() with `fill` (x itself when no window leaves
        it)."""
        before = self.pads[0::2]
        sp = self.padded_sp()
        if sp == self.sp:
            return x
        xp = np.full(x.shape[:2] + sp, fill, x.dtype)
        xp[self.inner(before)] = x
        return xp

    def inner(self, before):
        return (slice(None), slice(None)) + tuple(slice(b, b + n) for b, n in
                                                   zip(before, self.sp))

    def views(self):
        """Per kernel offset (row-major), the index of its elements of every window in the
        padded input: [N, C, *out] strided views."""
        for off in itertools.product(*[range(k) for k in self.k]):
            yield (slice(None), slice(None)) + tuple(
                slice(i, i + s * (o - 1) + 1, s) for i, s, o in zip(off, self.s, self.out))

    def unpad(self, xp):
        if xp.shape[2:] == self.sp:
            return xp
        return np.ascontiguousarray(xp[self.inner(self.pads[0::2])])

    def divisor(self, exclusive, dtype):
        """[*out] divisors of the average over regular windows (separable per dim)."""
        nd = len(self.sp)
        div = np.ones([1] * nd, np.int64)
        for i, n in enumerate(self.sp):
            start = np.arange(self.out[i]) * self.s[i] - self.pads[2 * i]
            if exclusive:
                d = np.maximum(np.minimum(start + self.k[i], n) - np.maximum(start, 0), 1)
            else:
                d = np.maximum(np.minimum(start + self.k[i], n + self.pads[2 * i]) - start, 1)
            shape = [1] * nd
            shape[i] = self.out[i]
            div = div * d.reshape(shape)
        return div.astype(dtype)


def _first(x, channel_last):
    return np.moveaxis(x, -1, 1) if channel_last else x


def _last(y, channel_last):
    if not channel_last:
        return y
    return transpose_copy(y, (0,) + tuple(range(2, y.ndim)) + (1,))  # channels last again


def _scatter(shape, plane_pos, w, dtype):
    """Zeros of `shape` [N, C, *sp] plus w [N, C, ...] added at in-plane positions plane_pos
    (broadcast against w; -1 drops the weight), each position's weights in their order in w
    (output after output, as Paddle's grad kernels add them)."""
    n, c = shape[:2]
    p = int(np.prod(shape[2:]))
    pos = np.broadcast_to(np.where(plane_pos < 0, p, plane_pos), w.shape).reshape(n * c, -1)
    flat = (pos + (np.arange(n * c) * (p + 1))[:, None]).ravel()
    if dtype == np.float64:  # bincount adds in float64, one weight after another
        out = np.bincount(flat, weights=w.ravel(), minlength=n * c * (p + 1))
    else:  # in the grad's dtype, in the same order (Paddle's kernels add in T)
        out = np.zeros(n * c * (p + 1), dtype)
        np.add.at(out, flat, w.ravel().astype(dtype, copy=False))
    return out.reshape(n * c, p + 1)[:, :p].astype(dtype, copy=False).reshape(shape)


def _window_max(xp, g):
    out = None
    for v in g.views():
        out = xp[v].copy() if out is None else np.maximum(out, xp[v], out=out)
    return out


def _max_forward(x, g):
    if g.regular:
        out = _window_max(g.padded(x, -np.inf), g)
        if not np.isnan(out).any():
            return np.maximum(out, x.dtype.type(LOWEST), out=out)
    table = g.table()
    return pool_max(pool_gather(x, table, -np.inf), table >= 0).reshape(x.shape[:2] + g.out)


def _avg_forward(x, g, exclusive):
    if g.regular:
        xp = g.padded(x, 0)
        out = None
        for v in g.views():
            out = xp[v].copy() if out is None else np.add(out, xp[v], out=out)
        with np.errstate(invalid="ignore"):
            return (out / g.divisor(exclusive, x.dtype)).astype(x.dtype, copy=False)
    table = g.table()
    s = pool_gather(x, table, 0).sum(axis=-1)
    with np.errstate(invalid="ignore"):
        out = s / pool_divisor(table, g.sp, g.k, g.s, g.pads, g.out, exclusive, g.adaptive,
                               x.dtype)
    return out.astype(x.dtype, copy=False).reshape(x.shape[:2] + g.out)


def _max_backward(x, out, dy, g):
    """Each window's grad to its first element equal to the window's max `out` (the forward's
    output), as Paddle's kernel: offsets in order, each taking what is left of the grad."""
    if g.regular and not np.isnan(out).any():
        xp = g.padded(x, -np.inf)
        gp = np.zeros(xp.shape, dy.dtype)
        disjoint = all(s >= k for s, k in zip(g.s, g.k))
        rest = dy.copy()
        finite = np.isfinite(dy).all()  # else multiplying by a mask would make 0 * inf = NaN
        takes = []
        for v in g.views():
            hit = xp[v] == out
            take = hit * rest if finite else np.where(hit, rest, dy.dtype.type(0))
            if disjoint:
                gp[v] = take
            else:
                takes.append((v, take))
            if finite:  # the grad goes to the first maximum only
                rest -= take
            else:
                np.copyto(rest, dy.dtype.type(0), where=hit)
        # overlapping windows: an input element takes the earlier outputs' grads first (Paddle
        # adds output after output), which are the later kernel offsets
        for v, take in reversed(takes):
            gp[v] += take
        return g.unpad(gp)
    table = g.table()
    vals = pool_gather(x, table, -np.inf)
    arg = pool_first_equal(vals, pool_max(vals, table >= 0))
    pos = np.where(arg < 0, -1, table[np.arange(table.shape[0]), arg])
    return _scatter(x.shape, pos, dy.reshape(pos.shape), dy.dtype)


def _avg_scale(div, dtype):
    """Paddle's AvgPoolGrad factor 1.0 / pool_size, as dtype. (Paddle 3.3.1 holds it in a float
    also for float64 grads, ~3e-8 off; here a float64 grad gets a float64 factor:
    docs/differences.md.)"""
    return (1.0 / np.maximum(div, 1).astype(np.float64)).astype(dtype)


def _avg_backward(x_shape, dy, g, exclusive):
    """dx += scale * dy for each window (Paddle's Pool2dGradFunctor), the windows in Paddle's
    order: where windows overlap an input element takes the earlier outputs' shares first,
    which are the later kernel offsets."""
    if g.regular:
        gd = dy * _avg_scale(g.divisor(exclusive, np.float64), dy.dtype)
        gp = np.zeros(x_shape[:2] + g.padded_sp(), dy.dtype)
        for v in reversed(list(g.views())):
            gp[v] += gd
        return g.unpad(gp)
    table = g.table()
    div = pool_divisor(table, g.sp, g.k, g.s, g.pads, g.out, exclusive, g.adaptive,
                       np.float64)
    per = dy.reshape(x_shape[:2] + (-1,))[..., None] * _avg_scale(div, dy.dtype)[:, None]
    w = np.where(table >= 0, per, dy.dtype.type(0))
    return _scatter(x_shape, table, w, dy.dtype)


def _pool(x, kernel_size, strides, paddings, ceil_mode, exclusive, data_format, pooling_type,
          global_pooling, adaptive, padding_algorithm):
    cl = data_format in ("NHWC", "NDHWC")
    x = _first(x, cl)
    g = _Geom(x.shape[2:], kernel_size, strides, paddings, ceil_mode, global_pooling, adaptive,
              padding_algorithm)
    if pooling_type == "max":
        return _last(_max_forward(x, g), cl)
    return _last(_avg_forward(x, g, exclusive), cl)


def _pool_grad(need, x, out, out_grad, kernel_size, strides, paddings, ceil_mode, exclusive,
               data_format, pooling_type, global_pooling, adaptive, padding_algorithm):
    cl = data_format in ("NHWC", "NDHWC")
    x, out, dy = _first(x, cl), _first(out, cl), _first(out_grad, cl)
    g = _Geom(x.shape[2:], kernel_size, strides, paddings, ceil_mode, global_pooling, adaptive,
              padding_algorithm)
    if pooling_type == "max":
        return (_last(_max_backward(x, out, dy, g), cl),)
    return (_last(_avg_backward(x.shape, dy, g, exclusive), cl),)


register_kernel("pool2d", FLOAT)(_pool)
register_kernel("pool3d", FLOAT)(_pool)
register_kernel("pool2d_grad", FLOAT)(_pool_grad)
register_kernel("pool3d_grad", FLOAT)(_pool_grad)


def _with_index(x, kernel_size, strides, paddings, global_pooling, adaptive, ceil_mode):
    g = _Geom(x.shape[2:], kernel_size, strides, paddings, ceil_mode, global_pooling, adaptive,
              "EXPLICIT")
    table = g.table()
    arg, out = pool_argmax(pool_gather(x, table, -np.inf))
    mask = np.where(arg < 0, -1, table[np.arange(table.shape[0]), arg])
    shape = x.shape[:2] + g.out
    return out.reshape(shape), mask.astype(np.int32).reshape(shape)


register_kernel("max_pool2d_with_index", FLOAT)(_with_index)
register_kernel("max_pool3d_with_index", FLOAT)(_with_index)


def _unpool(x, indices, ksize, strides, paddings, output_size, data_format):
    """Each x value written at its index in the output plane (later writes win)."""
    n, c = x.shape[:2]
    out_sp = tuple(int(v) for v in output_size)[-(x.ndim - 2):]
    p = int(np.prod(out_sp))
    idx = indices.reshape(n * c, -1).astype(np.int64)
    bad = (idx < 0) | (idx >= p)
    if bad.any():  # Paddle reports the first index out of the plane
        first = int(idx.ravel()[bad.ravel().argmax()])
        dims = "output tensor height * output tensor width"
        if x.ndim == 5:
            dims = "output tensor depth * " + dims
        raise ValueError(f"(InvalidArgument) index should less than {dims}. Expected {first} < "
                         f"{p}, but got {first} >= {p}. Please check input value.")
    out = np.zeros((n * c, p), x.dtype)
    np.put_along_axis(out, idx, x.reshape(n * c, -1), axis=1)
    return out.reshape((n, c) + out_sp)


register_kernel("unpool", FLOAT)(_unpool)
register_kernel("unpool3d", FLOAT)(_unpool)
