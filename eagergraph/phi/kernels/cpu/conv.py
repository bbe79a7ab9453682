"""Convolution kernels (Paddle conv_kernel, conv_transpose_kernel, unfold_kernel, fold_kernel)
for any number of spatial dims: im2col as a strided view of the padded input copied once into
[N, groups, C/G * K, L] columns, one batched matrix product with the filter; col2im (the input
grad, and the transposed convolution's output) as one strided addition per kernel offset (one
strided assignment when windows do not overlap); the grad kernels beside the forward ones.
Layout channel-first inside; channel-last inputs are moved in and out."""
import math

import numpy as np
from numpy.lib.stride_tricks import as_strided

from ...kernel_registry import register_kernel
from ...infermeta.conv import (CHANNEL_LAST, conv_paddings, conv_transpose_geometry,
                               unfold_paddings, window_out_size)
from ..dtype_groups import FLOAT


def pad_nd(x, pads, value=0):
    """x [N, C, *spatial] padded by pads = [before_0, after_0, before_1, ...] with `value`."""
    if not any(pads):
        return x
    sp = x.shape[2:]
    out = np.full(x.shape[:2] + tuple(n + pads[2 * i] + pads[2 * i + 1] for i, n in enumerate(sp)),
                  value, x.dtype)
    out[(slice(None), slice(None)) + tuple(slice(pads[2 * i], pads[2 * i] + n)
                                           for i, n in enumerate(sp))] = x
    return out


pad_hw = pad_nd


def windows(x, k, s, pads, d, ceil_mode=False, value=0):
    """The sliding windows of x [N, C, *spatial] as a read-only view [N, C, *k, *out] of the
    padded input (no copy), and the output sizes."""
    sp = x.shape[2:]
    nd = len(sp)
    o = tuple(window_out_size(sp[i], k[i], s[i], pads[2 * i], pads[2 * i + 1], d[i], ceil_mode)
              for i in range(nd))
    full = list(pads)
    for i in range(nd):  # ceil_mode: the last window may overhang the padded input; pad it too
        full[2 * i + 1] += max((o[i] - 1) * s[i] + d[i] * (k[i] - 1) + 1
                               - (sp[i] + pads[2 * i] + pads[2 * i + 1]), 0)
    xp = pad_nd(x, full, value)
    st = xp.strides
    view = as_strided(xp, x.shape[:2] + tuple(k) + o,
                      st[:2] + tuple(st[2 + i] * d[i] for i in range(nd))
                      + tuple(st[2 + i] * s[i] for i in range(nd)), writeable=False)
    return view, o


def col2im(cols, sizes, k, s, pads, d):
    """The adjoint of `windows`: cols [N, C, *k, *out] summed into [N, C, *sizes]."""
    nd = len(sizes)
    k, o = cols.shape[2:2 + nd], cols.shape[2 + nd:]
    padded = tuple(max(sizes[i] + pads[2 * i] + pads[2 * i + 1],
                       (o[i] - 1) * s[i] + d[i] * (k[i] - 1) + 1) for i in range(nd))
    out = np.zeros(cols.shape[:2] + padded, cols.dtype)
    if all(d[i] * (k[i] - 1) < s[i] and (k[i] == 1 or d[i] == 1) for i in range(nd)):
        # windows that never overlap: each padded element is in at most one; one assignment
        st = out.strides
        view = as_strided(out, cols.shape, st[:2] + tuple(st[2 + i] * d[i] for i in range(nd))
                          + tuple(st[2 + i] * s[i] for i in range(nd)))
        view[...] = cols
    else:
        lead = (slice(None), slice(None))
        for idx in np.ndindex(*k):
            out[lead + tuple(slice(idx[i] * d[i], idx[i] * d[i] + s[i] * (o[i] - 1) + 1, s[i])
                             for i in range(nd))] += cols[lead + idx]
    if all(padded[i] == sizes[i] for i in range(nd)):
        return out
    return np.ascontiguousarray(out[(slice(None), slice(None)) + tuple(
        slice(pads[2 * i], pads[2 * i] + sizes[i]) for i in range(nd))])


def _expand(v, n):
    v = list(v)
    return v * n if len(v) == 1 else v


@register_kernel("unfold", FLOAT)
def unfold(x, kernel_sizes, strides, paddings, dilations):
    nd = x.ndim - 2
    win, o = windows(x, _expand(kernel_sizes, nd), _expand(strides, nd),
                     unfold_paddings(paddings, nd), _expand(dilations, nd))
    return win.reshape(x.shape[0], -1, math.prod(o))


@register_kernel("fold", FLOAT)
def fold(x, output_sizes, kernel_sizes, strides, paddings, dilations):
    nd = max(len(output_sizes), 2)
    sizes = _expand(output_sizes, nd)
    k, s, d = _expand(kernel_sizes, nd), _expand(strides, nd), _expand(dilations, nd)
    pads = unfold_paddings(paddings, nd)
    o = [window_out_size(sizes[i], k[i], s[i], pads[2 * i], pads[2 * i + 1], d[i])
         for i in range(nd)]
    cols = x.reshape(x.shape[0], -1, *k, *o)
    return col2im(cols, sizes, k, s, pads, d)


# ---- convolution: x [N, C, *in] (channel-first), w [OC, C / G, *k]

def _first(a, channel_last):
    return np.moveaxis(a, -1, 1) if channel_last else a


def _last(a, channel_last):
    return np.ascontiguousarray(np.moveaxis(a, 1, -1)) if channel_last else a


def _cols(x, k, s, pads, d, groups):
    """im2col: [N, G, C/G * K, L] (one copy of the windows view), and the output sizes."""
    win, o = windows(x, k, s, pads, d)
    return win.reshape(x.shape[0], groups, -1, math.prod(o)), o


def _correlate(x, w, k, s, pads, d, groups):
    """The convolution (cross-correlation) of channel-first x with w [OC, C/G, *k]."""
    cols, o = _cols(x, k, s, pads, d, groups)
    oc = w.shape[0]
    out = np.matmul(w.reshape(groups, oc // groups, -1), cols)  # [N, G, OC/G, L]
    return out.reshape(x.shape[0], oc, *o)


def _spread(g, w, sizes, k, s, pads, d, groups):
    """The adjoint of _correlate in x: g [N, OC, *out] -> [N, C, *sizes] (col2im of W^T g)."""
    n, oc = g.shape[:2]
    o = g.shape[2:]
    wg = w.reshape(groups, oc // groups, -1)
    dcols = np.matmul(wg.transpose(0, 2, 1), g.reshape(n, groups, oc // groups, -1))
    return col2im(dcols.reshape(n, -1, *k, *o), sizes, k, s, pads, d)


def _filter_grad(x, g, k, s, pads, d, groups, shape):
    """The adjoint of _correlate in w: sum over batch and positions of g times the columns."""
    cols, _ = _cols(x, k, s, pads, d, groups)
    n, oc = g.shape[:2]
    g2 = g.reshape(n, groups, oc // groups, -1)
    if groups == 1:  # one GEMM over (batch, positions)
        return np.tensordot(g2[:, 0], cols[:, 0], axes=([0, 2], [0, 2])).reshape(shape)
    return np.matmul(g2, cols.transpose(0, 1, 3, 2)).sum(0).reshape(shape)


def _conv_geometry(x, filter, strides, paddings, padding_algorithm, dilations):
    nd = x.ndim - 2
    k = filter.shape[2:]
    s = _expand(strides, nd)
    pads, d = conv_paddings(x.shape[2:], k, s, paddings, padding_algorithm,
                            _expand(dilations, nd))
    return k, s, pads, d


def _conv(input, filter, strides, paddings, padding_algorithm, dilations, groups, data_format):
    cl = data_format in CHANNEL_LAST
    x = _first(input, cl)
    k, s, pads, d = _conv_geometry(x, filter, strides, paddings, padding_algorithm, dilations)
    return _last(_correlate(x, filter, k, s, pads, d, groups), cl)


def _conv_grad(need, input, filter, out_grad, strides, paddings, padding_algorithm, dilations,
               groups, data_format):
    cl = data_format in CHANNEL_LAST
    x, g = _first(input, cl), _first(out_grad, cl)
    k, s, pads, d = _conv_geometry(x, filter, strides, paddings, padding_algorithm, dilations)
    x_grad = w_grad = None
    if need[1]:
        w_grad = _filter_grad(x, g, k, s, pads, d, groups, filter.shape)
    if need[0]:
        x_grad = _last(_spread(g, filter, x.shape[2:], k, s, pads, d, groups), cl)
    return x_grad, w_grad


register_kernel("conv2d", FLOAT)(_conv)
register_kernel("conv2d_grad", FLOAT)(_conv_grad)


@register_kernel("conv3d", FLOAT)
def conv3d(input, filter, strides, paddings, padding_algorithm, groups, dilations, data_format):
    return _conv(input, filter, strides, paddings, padding_algorithm, dilations, groups,
                 data_format)


@register_kernel("conv3d_grad", FLOAT)
def conv3d_grad(need, input, filter, out_grad, strides, paddings, padding_algorithm, groups,
                dilations, data_format):
    return _conv_grad(need, input, filter, out_grad, strides, paddings, padding_algorithm,
                      dilations, groups, data_format)


# ---- transposed convolution: x [N, C, *in], w [C, OC / G, *k]; the adjoint of _correlate

def _transpose_geometry(x, filter, strides, paddings, output_padding, output_size,
                        padding_algorithm, dilations):
    nd = x.ndim - 2
    s = _expand(strides, nd)
    out, pads, d = conv_transpose_geometry(x.shape, filter.shape, s, paddings, output_padding,
                                           output_size, padding_algorithm, dilations, False)
    return out, filter.shape[2:], s, pads, d


def conv_transpose(x, filter, strides, paddings, output_padding, output_size, padding_algorithm,
                   groups, dilations, data_format):
    cl = data_format in CHANNEL_LAST
    x = _first(x, cl)
    out, k, s, pads, d = _transpose_geometry(x, filter, strides, paddings, output_padding,
                                             output_size, padding_algorithm, dilations)
    return _last(_spread(x, filter, out, k, s, pads, d, groups), cl)


def conv_transpose_grad(need, x, filter, out_grad, strides, paddings, output_padding,
                        output_size, padding_algorithm, groups, dilations, data_format):
    cl = data_format in CHANNEL_LAST
    x, g = _first(x, cl), _first(out_grad, cl)
    _, k, s, pads, d = _transpose_geometry(x, filter, strides, paddings, output_padding,
                                           output_size, padding_algorithm, dilations)
    x_grad = w_grad = None
    if need[0]:
        x_grad = _last(_correlate(g, filter, k, s, pads, d, groups), cl)
    if need[1]:
        w_grad = _filter_grad(g, x, k, s, pads, d, groups, filter.shape)
    return x_grad, w_grad


for _op in ("conv2d_transpose", "conv3d_transpose"):
    register_kernel(_op, FLOAT)(conv_transpose)
    register_kernel(_op + "_grad", FLOAT)(conv_transpose_grad)
