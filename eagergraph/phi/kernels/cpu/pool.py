"""Pooling kernels (Paddle pool_kernel): max and average over sliding windows of the padded
input (a strided view, no copy), kh * kw vectorized steps; the grad kernel beside the forward.
Layout NCHW inside; NHWC is transposed in and out. Average pooling with `exclusive` divides by
the number of input elements in the window (padding excluded), else by kh * kw."""
import numpy as np

from ...kernel_registry import register_kernel
from ...infermeta.pool import pool_geometry
from ..dtype_groups import FLOAT
from .conv import windows, col2im


def _setup(x, kernel_size, strides, paddings, data_format, global_pooling, padding_algorithm):
    x = x if data_format == "NCHW" else x.transpose(0, 3, 1, 2)
    k, s, pads = pool_geometry(x.shape[2:], kernel_size, strides, paddings, global_pooling,
                               padding_algorithm)
    return x, k, s, pads


def _divisor(x, k, s, pads, ceil_mode, exclusive, dtype):
    """[oh, ow] divisors of average pooling (at least 1: a window over padding only gives 0)."""
    if not exclusive:
        return dtype.type(k[0] * k[1])
    ones = np.ones((1, 1) + x.shape[2:], dtype)
    win, _ = windows(ones, k, s, pads, (1, 1), ceil_mode)
    return np.maximum(win.sum(axis=(2, 3))[0, 0], 1)


def _argmax(win):
    """Per window, the flat position (i * kw + j) of its first maximum and the maximum, in kh * kw
    vectorized steps; as Paddle's kernel (a strict `>` from -inf), NaN is never the maximum."""
    kh, kw = win.shape[2:4]
    best = np.full(win.shape[:2] + win.shape[4:], -np.inf, win.dtype)
    idx = np.zeros(best.shape, np.intp)
    for i in range(kh):
        for j in range(kw):
            v = win[:, :, i, j]
            better = v > best
            np.copyto(best, v, where=better)
            np.copyto(idx, i * kw + j, where=better)
    return idx, best


def _out(y, data_format):
    return y if data_format == "NCHW" else np.ascontiguousarray(y.transpose(0, 2, 3, 1))


@register_kernel("pool2d", FLOAT)
def pool2d(x, kernel_size, strides, paddings, ceil_mode, exclusive, data_format, pooling_type,
           global_pooling, adaptive, padding_algorithm):
    x, k, s, pads = _setup(x, kernel_size, strides, paddings, data_format, global_pooling,
                           padding_algorithm)
    if pooling_type == "max":
        win, _ = windows(x, k, s, pads, (1, 1), ceil_mode, value=-np.inf)
        return _out(_argmax(win)[1], data_format)
    win, _ = windows(x, k, s, pads, (1, 1), ceil_mode)
    out = win.sum(axis=(2, 3)) / _divisor(x, k, s, pads, ceil_mode, exclusive, x.dtype)
    return _out(out.astype(x.dtype, copy=False), data_format)


@register_kernel("pool2d_grad", FLOAT)
def pool2d_grad(need, x, out_grad, kernel_size, strides, paddings, ceil_mode, exclusive,
                data_format, pooling_type, global_pooling, adaptive, padding_algorithm):
    x, k, s, pads = _setup(x, kernel_size, strides, paddings, data_format, global_pooling,
                           padding_algorithm)
    g = out_grad if data_format == "NCHW" else out_grad.transpose(0, 3, 1, 2)
    kh, kw = k
    if pooling_type == "max":
        win, _ = windows(x, k, s, pads, (1, 1), ceil_mode, value=-np.inf)
        idx, _ = _argmax(win)
        cols = np.empty(g.shape[:2] + (kh, kw) + g.shape[2:], g.dtype)
        zero = g.dtype.type(0)
        for i in range(kh):  # each grad at its window's argmax
            for j in range(kw):
                np.copyto(cols[:, :, i, j], np.where(idx == i * kw + j, g, zero))
    else:
        gd = g / _divisor(x, k, s, pads, ceil_mode, exclusive, g.dtype)
        cols = np.broadcast_to(gd[:, :, None, None].astype(g.dtype, copy=False),
                               g.shape[:2] + (kh, kw) + g.shape[2:])
    return (_out(col2im(cols, x.shape[2:], k, s, pads, (1, 1)), data_format),)
