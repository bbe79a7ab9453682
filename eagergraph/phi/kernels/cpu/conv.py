"""Convolution kernels (Paddle conv_kernel, conv_transpose_kernel, unfold_kernel, fold_kernel)
for any number of spatial dims, with no Python loop over batch or pixels. im2col is a strided
view of the padded input, copied once into columns; col2im is one strided addition per kernel
offset (one strided assignment when windows do not overlap). The convolution grads and the
transposed convolution run batch-last ([C, *spatial, N]): one GEMM per group for each product
and col2im additions of long contiguous rows; the forward and the filter grad run per sample
([N, G, C/G * K, L] columns, a batched product) when output rows are long, which spares the
transposes of a large output. Columns larger than _WHOLE are made a few images (or output
rows) at a time, so they stay in cache, with every sum added in the same order. The grad
kernels sit beside the forward ones."""
import math

import numpy as np
from numpy.lib.stride_tricks import as_strided

from ...kernel_registry import register_kernel
from ...infermeta.conv import (CHANNEL_LAST, conv_paddings, conv_transpose_geometry,
                               unfold_paddings, window_out_size)
from ..dtype_groups import FLOAT
from ...sum_order import rows_in_turn
from .linalg import gemm
from ...transpose_copy import transpose_copy


def strided_view(a, shape, strides, writeable=False):
    """as_strided, but about 10 us cheaper per call for a C-contiguous base (the usual case:
    a padded copy or a contiguous input)."""
    if not a.flags.c_contiguous:
        return as_strided(a, shape, strides, writeable=writeable)
    view = np.ndarray(shape, a.dtype, a, 0, strides)
    if not writeable:
        view.flags.writeable = False
    return view


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
    view = strided_view(xp, x.shape[:2] + tuple(k) + o,
                        st[:2] + tuple(st[2 + i] * d[i] for i in range(nd))
                        + tuple(st[2 + i] * s[i] for i in range(nd)))
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
        view = strided_view(out, cols.shape, st[:2] + tuple(st[2 + i] * d[i] for i in range(nd))
                            + tuple(st[2 + i] * s[i] for i in range(nd)), writeable=True)
        view[...] = cols
    elif all(o):
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
    return win.reshape(x.shape[0], math.prod(win.shape[1:2 + nd]), math.prod(o))


@register_kernel("fold", FLOAT)
def fold(x, output_sizes, kernel_sizes, strides, paddings, dilations):
    nd = max(len(output_sizes), 2)
    sizes = _expand(output_sizes, nd)
    k, s, d = _expand(kernel_sizes, nd), _expand(strides, nd), _expand(dilations, nd)
    pads = unfold_paddings(paddings, nd)
    o = [window_out_size(sizes[i], k[i], s[i], pads[2 * i], pads[2 * i + 1], d[i])
         for i in range(nd)]
    cols = x.reshape(x.shape[0], x.shape[1] // math.prod(k), *k, *o)
    return col2im(cols, sizes, k, s, pads, d)


# ---- convolution: x [N, C, *in], w [OC, C / G, *k]. The products run batch-last: x as
# [C, *in, N], so that im2col copies, the col2im additions and the final transposes move long
# contiguous rows, and each of the three products is one GEMM per group (no batch loop).

def _grouped(w, groups):
    """w [OC, C/G, *k] -> [G, OC/G, C/G * K] (a view)."""
    return w.reshape(groups, w.shape[0] // groups, math.prod(w.shape[1:]))


def _batch_last(a, channel_last):
    """[N, C, *sp] (or [N, *sp, C]) -> contiguous [C, *sp, N]."""
    nd = a.ndim - 2
    perm = ((nd + 1,) + tuple(range(1, nd + 1)) if channel_last
            else tuple(range(1, nd + 2))) + (0,)
    return transpose_copy(a, perm)


def _batch_first(a, channel_last):
    """[C, *sp, N] -> contiguous [N, C, *sp] (or [N, *sp, C])."""
    nd = a.ndim - 2
    perm = ((nd + 1,) + tuple(range(1, nd + 1)) + (0,) if channel_last
            else (nd + 1,) + tuple(range(nd + 1)))
    return transpose_copy(a, perm)


# A convolution's columns are K times its input; written whole and read back they stream
# through memory (64 32x32 maps of 32 channels, 3x3: 75 MB). Columns of more than _WHOLE
# elements (8 MiB of float32) are made _CHUNK (2 MiB) at a time, which stay in cache. Smaller
# ones are made whole: every shape measured bit for bit against Paddle is, and a smaller
# product could take another BLAS kernel (OpenBLAS has one for small sizes)
_WHOLE = 1 << 21
_CHUNK = 1 << 19


def _chunk(total, per):
    """How many of the units of `per` column elements each (images, output rows) to make at
    a time, out of `total` elements: all when total is at most _WHOLE."""
    return max(1, _CHUNK // max(per, 1)) if total > _WHOLE else max(total, 1)


def _windows_bl(xt, k, s, pads, d):
    """The windows of xt [C, *sp, N] as a read-only view [C, *k, *out, N], and out."""
    nd = xt.ndim - 2
    sp = xt.shape[1:-1]
    o = tuple(window_out_size(sp[i], k[i], s[i], pads[2 * i], pads[2 * i + 1], d[i])
              for i in range(nd))
    if any(pads):
        xp = np.zeros((xt.shape[0],) + tuple(sp[i] + pads[2 * i] + pads[2 * i + 1]
                                             for i in range(nd)) + xt.shape[-1:], xt.dtype)
        xp[(slice(None),) + tuple(slice(pads[2 * i], pads[2 * i] + sp[i])
                                  for i in range(nd))] = xt
        xt = xp
    st = xt.strides
    view = strided_view(xt, xt.shape[:1] + tuple(k) + o + xt.shape[-1:],
                        st[:1] + tuple(st[1 + i] * d[i] for i in range(nd))
                        + tuple(st[1 + i] * s[i] for i in range(nd)) + st[-1:])
    return view, o


def _cols(xt, k, s, pads, d, groups):
    """im2col, batch-last: [G, C/G * K, L * N] (one copy of the windows view), and out."""
    win, o = _windows_bl(xt, k, s, pads, d)
    return win.reshape(groups, xt.shape[0] // groups * math.prod(k),
                       math.prod(o) * xt.shape[-1]), o


def _correlate(xt, w, k, s, pads, d, groups):
    """The convolution (cross-correlation) of xt [C, *in, N] with w [OC, C/G, *k]:
    [OC, *out, N], the columns made for a few rows of the first output dim at a time (each
    output element is its own product: the same sums)."""
    win, o = _windows_bl(xt, k, s, pads, d)  # [C, *k, *out, N]
    oc, n, nd = w.shape[0], xt.shape[-1], len(o)
    ck = xt.shape[0] // groups * math.prod(k)
    per_row = math.prod(o[1:]) * n  # columns of one row of the first output dim
    step = _chunk(groups * ck * per_row * o[0], groups * ck * per_row)
    if step >= o[0]:
        cols = win.reshape(groups, ck, o[0] * per_row)
        return gemm(_grouped(w, groups), cols).reshape(oc, *o, n)  # [G, OC/G, L * N]
    out = np.empty((oc,) + tuple(o) + (n,), np.result_type(xt, w))
    lead = (slice(None),) * (1 + nd)
    for q in range(0, o[0], step):
        q1 = min(q + step, o[0])
        cols = win[lead + (slice(q, q1),)].reshape(groups, ck, (q1 - q) * per_row)
        out[:, q:q1] = gemm(_grouped(w, groups), cols).reshape(oc, q1 - q, *o[1:], n)
    return out


def _spread(gt, w, sizes, k, s, pads, d, groups):
    """The adjoint of _correlate in x: gt [OC, *out, N] -> [C, *sizes, N], col2im of W^T g
    as one strided addition of [C, *out, N] per kernel offset. The columns are made for a few
    rows of the first output dim at a time, the last rows first: an input element takes its
    kernel offsets' terms in the same order either way (a larger first offset comes from an
    earlier output row), so the sums are the same."""
    oc, o, n = gt.shape[0], gt.shape[1:-1], gt.shape[-1]
    nd = len(sizes)
    cin = w.shape[1] * groups
    padded = tuple(max(sizes[i] + pads[2 * i] + pads[2 * i + 1],
                       (o[i] - 1) * s[i] + d[i] * (k[i] - 1) + 1) for i in range(nd))
    out = np.zeros((cin,) + padded + (n,), np.result_type(gt, w))
    c = slice(None)
    per_row = math.prod(o[1:]) * n  # columns of one row of the first output dim
    row = cin * math.prod(k) * per_row
    step = _chunk(row * o[0], row)
    wt = _grouped(w, groups).transpose(0, 2, 1)
    for q in reversed(range(0, o[0], step)) if all(o) else ():  # no windows: nothing to add
        q1 = min(q + step, o[0])
        part = gt if step >= o[0] else gt[:, q:q1]
        dcols = gemm(wt, part.reshape(groups, oc // groups, (q1 - q) * per_row))
        dcols = dcols.reshape(cin, *k, q1 - q, *o[1:], n)  # [C, *k, rows, *out[1:], N]
        for idx in np.ndindex(*k):
            first = slice(idx[0] * d[0] + s[0] * q, idx[0] * d[0] + s[0] * (q1 - 1) + 1, s[0])
            out[(c, first) + tuple(slice(idx[i] * d[i], idx[i] * d[i] + s[i] * (o[i] - 1) + 1,
                                         s[i]) for i in range(1, nd))] += dcols[(c,) + idx]
    if padded == tuple(sizes):
        return out
    return out[(c,) + tuple(slice(pads[2 * i], pads[2 * i] + sizes[i]) for i in range(nd))]


def _filter_grad(xt, gt, k, s, pads, d, groups, shape):
    """The adjoint of _correlate in w: g times the columns, summed over batch and positions
    by one GEMM per group."""
    cols, _ = _cols(xt, k, s, pads, d, groups)
    g2 = gt.reshape(groups, gt.shape[0] // groups, math.prod(gt.shape[1:]))
    return gemm(g2, cols.transpose(0, 2, 1)).reshape(shape)


def _conv_geometry(sizes, filter, strides, paddings, padding_algorithm, dilations):
    nd = len(sizes)
    k = filter.shape[2:]
    s = _expand(strides, nd)
    pads, d = conv_paddings(sizes, k, s, paddings, padding_algorithm, _expand(dilations, nd))
    return k, s, pads, d


def _sizes(a, channel_last):
    return a.shape[1:-1] if channel_last else a.shape[2:]


def _correlate_per_sample(x, w, k, s, pads, d, groups):
    """_correlate for channel-first x [N, C, *in] straight to [N, OC, *out]: im2col per sample
    [N, G, C/G * K, L] and a batched product. Cheaper than batch-last when the output rows are
    long (no transpose of a large output, and the im2col copy moves rows of that length)."""
    win, o = windows(x, k, s, pads, d)
    n, ck, pos = x.shape[0], x.shape[1] // groups * math.prod(k), math.prod(o)
    step = _chunk(n * groups * ck * pos, groups * ck * pos)  # images at a time
    if step >= n:
        return gemm(_grouped(w, groups), win.reshape(n, groups, ck, pos)).reshape(
            n, w.shape[0], *o)
    out = np.empty((n, w.shape[0], pos), np.result_type(x, w))
    for i in range(0, n, step):
        m = min(step, n - i)
        cols = win[i:i + m].reshape(m, groups, ck, pos)
        out[i:i + m] = gemm(_grouped(w, groups), cols).reshape(m, w.shape[0], pos)
    return out.reshape(n, w.shape[0], *o)


def _filter_grad_per_image(x, g, k, s, pads, d, groups, shape):
    """_filter_grad for channel-first x and g [N, OC, *out] as Paddle's CPU kernel adds it
    (conv_grad_kernel_impl.h): image after image, filter_grad += g_i cols_i^T, each product one
    GEMM over the image's positions. Each product is handed to BLAS as MKL, column-major, sees
    it: g_i^T laid out position-major and both operands transposed, which OpenBLAS accumulates
    as MKL does for up to 384 positions (bit for bit with Paddle 3.3.1 on every shape measured;
    more positions MKL splits in a way not matched). Then the products are added one after
    another."""
    win, o = windows(x, k, s, pads, d)  # [N, C, *k, *out]
    n, pos = x.shape[0], math.prod(o)
    ck, oc = x.shape[1] // groups * math.prod(k), g.shape[1] // groups
    if n == 0:
        return np.zeros(shape, np.result_type(x, g))
    step = _chunk(n * groups * ck * pos, groups * ck * pos)  # images at a time
    total = None
    for i in range(0, n, step):
        m = min(step, n - i)
        cols = win[i:i + m].reshape(m, groups, ck, pos)  # im2col per image (one copy)
        g_t = transpose_copy(g[i:i + m].reshape(m, groups, oc, pos), (0, 1, 3, 2))
        prods = np.matmul(g_t.transpose(0, 1, 3, 2), cols.transpose(0, 1, 3, 2))  # [m, G, OC/G, CK]
        prods = prods.reshape(m, groups * oc * ck)
        if total is not None:  # the running sum goes on image after image
            prods = np.concatenate([total[None], prods])
        total = rows_in_turn(prods)
    return total.reshape(shape)


_LONG_ROW = 16  # output rows at least this long: the per-sample forward


def _conv(input, filter, strides, paddings, padding_algorithm, dilations, groups, data_format):
    cl = data_format in CHANNEL_LAST
    sizes = _sizes(input, cl)
    k, s, pads, d = _conv_geometry(sizes, filter, strides, paddings, padding_algorithm,
                                   dilations)
    if not cl and window_out_size(sizes[-1], k[-1], s[-1], pads[-2], pads[-1],
                                  d[-1]) >= _LONG_ROW:
        return _correlate_per_sample(input, filter, k, s, pads, d, groups)
    return _batch_first(_correlate(_batch_last(input, cl), filter, k, s, pads, d, groups), cl)


def _conv_grad(need, input, filter, out_grad, strides, paddings, padding_algorithm, dilations,
               groups, data_format):
    cl = data_format in CHANNEL_LAST
    sizes = _sizes(input, cl)
    k, s, pads, d = _conv_geometry(sizes, filter, strides, paddings, padding_algorithm,
                                   dilations)
    x_grad = w_grad = None
    if need[1]:  # Paddle's order: channel-first, image after image
        first = (lambda a: np.moveaxis(a, -1, 1)) if cl else (lambda a: a)
        w_grad = _filter_grad_per_image(first(input), first(out_grad), k, s, pads, d, groups,
                                        filter.shape)
    if not need[0]:
        return None, w_grad
    gt = _batch_last(out_grad, cl)
    if need[0]:
        x_grad = _batch_first(_spread(gt, filter, sizes, k, s, pads, d, groups), cl)
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
                        padding_algorithm, dilations, data_format):
    nd = x.ndim - 2
    out, pads, d = conv_transpose_geometry(x.shape, filter.shape, _expand(strides, nd),
                                           paddings, output_padding, output_size,
                                           padding_algorithm, dilations,
                                           data_format in CHANNEL_LAST)
    return out, filter.shape[2:], _expand(strides, nd), pads, d


def conv_transpose(x, filter, strides, paddings, output_padding, output_size, padding_algorithm,
                   groups, dilations, data_format):
    cl = data_format in CHANNEL_LAST
    out, k, s, pads, d = _transpose_geometry(x, filter, strides, paddings, output_padding,
                                             output_size, padding_algorithm, dilations,
                                             data_format)
    return _batch_first(_spread(_batch_last(x, cl), filter, out, k, s, pads, d, groups), cl)


def conv_transpose_grad(need, x, filter, out_grad, strides, paddings, output_padding,
                        output_size, padding_algorithm, groups, dilations, data_format):
    cl = data_format in CHANNEL_LAST
    _, k, s, pads, d = _transpose_geometry(x, filter, strides, paddings, output_padding,
                                           output_size, padding_algorithm, dilations,
                                           data_format)
    gt = _batch_last(out_grad, cl)
    x_grad = w_grad = None
    if need[0]:
        x_grad = _batch_first(_correlate(gt, filter, k, s, pads, d, groups), cl)
    if need[1]:
        w_grad = _filter_grad(gt, _batch_last(x, cl), k, s, pads, d, groups, filter.shape)
    return x_grad, w_grad


for _op in ("conv2d_transpose", "conv3d_transpose"):
    register_kernel(_op, FLOAT)(conv_transpose)
    register_kernel(_op + "_grad", FLOAT)(conv_transpose_grad)
