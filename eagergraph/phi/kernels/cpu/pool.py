"""Pooling kernels (Paddle pool_kernel, max_pool_with_index, unpool) for any number of spatial
dims, with their grad kernels. Two paths, both vectorised over batch, channels and windows:
- tiled: windows that tile the input (stride == kernel, no padding; adaptive pooling whose
  output divides the input) are a reshape [N, C, o1, k1, o2, k2, ...] of the input, reduced over
  the k axes; the max grad is a broadcast compare (taken only when every window has a single
  maximum: Paddle gives the whole grad to the first one);
- general: a gather of every window's elements through a cached table of flat positions
  (pool_window_index), reduced over the last axis; grads are bincount scatters.
Channel-last layouts are moved to channel-first and back. Average pooling divides by the number
of input elements in the window for `exclusive` and adaptive pooling, else by the kernel size."""
from functools import lru_cache

import numpy as np

from ...kernel_registry import register_kernel
from ...infermeta.pool import (pool_geometry, pool_out_size, pool_window_index, pool_gather,
                               pool_argmax, pool_max, pool_first_equal, pool_divisor, LOWEST)
from ..dtype_groups import FLOAT


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
        self.tile = self._tile()

    def _tile(self):
        """The window size when the windows tile (part of) the input, else None."""
        if self.adaptive:
            if all(n % o == 0 for n, o in zip(self.sp, self.out)):
                return tuple(n // o for n, o in zip(self.sp, self.out))
            return None
        if (self.s == self.k and not any(self.pads)
                and all(o * k <= n for o, k, n in zip(self.out, self.k, self.sp))):
            return self.k
        return None

    def table(self):
        return _table(self.sp, self.k, self.s, self.pads, self.ceil, self.adaptive)

    def blocks(self, x):
        """x [N, C, *sp] cropped to the tiles and reshaped [N, C, o1, k1, o2, k2, ...]."""
        crop = x[(slice(None), slice(None)) + tuple(slice(0, o * k) for o, k in
                                                     zip(self.out, self.tile))]
        return crop.reshape(x.shape[:2] + tuple(v for o, k in zip(self.out, self.tile)
                                                for v in (o, k)))

    def axes(self):
        return tuple(3 + 2 * i for i in range(len(self.sp)))

    def unblocks(self, b, shape, dtype):
        """The adjoint of `blocks`: [N, C, o1, k1, ...] back at x's shape (zeros off the tiles)."""
        crop = b.reshape(shape[:2] + tuple(o * k for o, k in zip(self.out, self.tile)))
        if crop.shape == tuple(shape):
            return np.ascontiguousarray(crop, dtype)
        out = np.zeros(shape, dtype)
        out[(slice(None), slice(None)) + tuple(slice(0, n) for n in crop.shape[2:])] = crop
        return out


def _first(x, channel_last):
    return np.moveaxis(x, -1, 1) if channel_last else x


def _last(y, channel_last):
    return np.ascontiguousarray(np.moveaxis(y, 1, -1)) if channel_last else y


def _scatter(shape, plane_pos, w, dtype):
    """Zeros of `shape` [N, C, *sp] plus w [N, C, ...] added at in-plane positions plane_pos
    (broadcast against w; -1 drops the weight)."""
    n, c = shape[:2]
    p = int(np.prod(shape[2:]))
    pos = np.broadcast_to(np.where(plane_pos < 0, p, plane_pos), w.shape).reshape(n * c, -1)
    flat = (pos + (np.arange(n * c) * (p + 1))[:, None]).ravel()
    out = np.bincount(flat, weights=w.ravel(), minlength=n * c * (p + 1))
    return out.reshape(n * c, p + 1)[:, :p].astype(dtype, copy=False).reshape(shape)


def _max_forward(x, g):
    if g.tile is not None:
        out = g.blocks(x).max(axis=g.axes())
        if not np.isnan(out).any():
            return np.maximum(out, x.dtype.type(LOWEST), out=out)
    table = g.table()
    return pool_max(pool_gather(x, table, -np.inf), table >= 0).reshape(x.shape[:2] + g.out)


def _avg_forward(x, g, exclusive):
    if g.tile is not None:
        return g.blocks(x).mean(axis=g.axes()).astype(x.dtype, copy=False)
    table = g.table()
    s = pool_gather(x, table, 0).sum(axis=-1)
    with np.errstate(invalid="ignore"):
        out = s / pool_divisor(table, g.sp, g.k, g.s, g.pads, g.out, exclusive, g.adaptive, x.dtype)
    return out.astype(x.dtype, copy=False).reshape(x.shape[:2] + g.out)


def _max_backward(x, dy, g):
    if g.tile is not None:
        b = g.blocks(x)
        ax = g.axes()
        top = b.max(axis=ax, keepdims=True)
        hit = b == top
        if hit.sum(axis=ax).max(initial=0) <= 1 and not np.isnan(top).any():
            return g.unblocks(hit * np.expand_dims(dy, ax), x.shape, dy.dtype)
    table = g.table()
    vals = pool_gather(x, table, -np.inf)
    arg = pool_first_equal(vals, pool_max(vals, table >= 0))
    pos = np.where(arg < 0, -1, table[np.arange(table.shape[0]), arg])
    return _scatter(x.shape, pos, dy.reshape(pos.shape), dy.dtype)


def _avg_backward(x_shape, dy, g, exclusive):
    if g.tile is not None:
        k = np.prod(g.tile)
        b = np.broadcast_to(np.expand_dims(dy / dy.dtype.type(k), g.axes()),
                            x_shape[:2] + tuple(v for o, t in zip(g.out, g.tile) for v in (o, t)))
        return g.unblocks(b, x_shape, dy.dtype)
    table = g.table()
    div = pool_divisor(table, g.sp, g.k, g.s, g.pads, g.out, exclusive, g.adaptive,
                       dy.dtype)
    per = dy.reshape(x_shape[:2] + (-1,))[..., None] / np.maximum(div, 1)[:, None]
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


def _pool_grad(need, x, out_grad, kernel_size, strides, paddings, ceil_mode, exclusive,
               data_format, pooling_type, global_pooling, adaptive, padding_algorithm):
    cl = data_format in ("NHWC", "NDHWC")
    x, dy = _first(x, cl), _first(out_grad, cl)
    g = _Geom(x.shape[2:], kernel_size, strides, paddings, ceil_mode, global_pooling, adaptive,
              padding_algorithm)
    if pooling_type == "max":
        return (_last(_max_backward(x, dy, g), cl),)
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
