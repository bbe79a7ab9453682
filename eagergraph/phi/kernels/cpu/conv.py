"""Convolution kernels (Paddle conv_kernel, unfold_kernel, fold_kernel): im2col as a strided
view of the padded input, one batched matrix product per group, col2im as kh * kw strided
additions; the grad kernel beside the forward. Layout NCHW inside; NHWC is transposed in and
out."""
import numpy as np
from numpy.lib.stride_tricks import as_strided

from ...kernel_registry import register_kernel
from ...infermeta.conv import conv_paddings, unfold_paddings, window_out_size
from ..dtype_groups import FLOAT


def pad_hw(x, pads, value=0):
    """x [N, C, H, W] padded by pads = [top, bottom, left, right] with `value`."""
    t, b, l, r = pads
    if not (t or b or l or r):
        return x
    n, c, h, w = x.shape
    out = np.full((n, c, h + t + b, w + l + r), value, x.dtype)
    out[:, :, t:t + h, l:l + w] = x
    return out


def windows(x, k, s, pads, d, ceil_mode=False, value=0):
    """The sliding windows of x [N, C, H, W] as a read-only view [N, C, kh, kw, oh, ow] of the
    padded input (no copy), and (oh, ow)."""
    h, w = x.shape[2:]
    oh = window_out_size(h, k[0], s[0], pads[0], pads[1], d[0], ceil_mode)
    ow = window_out_size(w, k[1], s[1], pads[2], pads[3], d[1], ceil_mode)
    # ceil_mode: the last window may overhang the padded input; pad that overhang too
    extra_h = max((oh - 1) * s[0] + d[0] * (k[0] - 1) + 1 - (h + pads[0] + pads[1]), 0)
    extra_w = max((ow - 1) * s[1] + d[1] * (k[1] - 1) + 1 - (w + pads[2] + pads[3]), 0)
    xp = pad_hw(x, [pads[0], pads[1] + extra_h, pads[2], pads[3] + extra_w], value)
    st = xp.strides
    view = as_strided(xp, x.shape[:2] + (k[0], k[1], oh, ow),
                      (st[0], st[1], st[2] * d[0], st[3] * d[1], st[2] * s[0], st[3] * s[1]),
                      writeable=False)
    return view, (oh, ow)


def col2im(cols, hw, k, s, pads, d):
    """The adjoint of `windows`: cols [N, C, kh, kw, oh, ow] summed into [N, C, H, W]."""
    n, c, kh, kw, oh, ow = cols.shape
    h, w = hw
    hp = max(h + pads[0] + pads[1], (oh - 1) * s[0] + d[0] * (kh - 1) + 1)
    wp = max(w + pads[2] + pads[3], (ow - 1) * s[1] + d[1] * (kw - 1) + 1)
    out = np.zeros((n, c, hp, wp), cols.dtype)
    for i in range(kh):
        hi = i * d[0]
        for j in range(kw):
            wj = j * d[1]
            out[:, :, hi:hi + s[0] * (oh - 1) + 1:s[0], wj:wj + s[1] * (ow - 1) + 1:s[1]] += \
                cols[:, :, i, j]
    return np.ascontiguousarray(out[:, :, pads[0]:pads[0] + h, pads[2]:pads[2] + w])


def _pair(v):
    v = list(v)
    return v * 2 if len(v) == 1 else v


@register_kernel("unfold", FLOAT)
def unfold(x, kernel_sizes, strides, paddings, dilations):
    win, (oh, ow) = windows(x, _pair(kernel_sizes), _pair(strides), unfold_paddings(paddings),
                            _pair(dilations))
    n, c, kh, kw = win.shape[:4]
    return win.reshape(n, c * kh * kw, oh * ow)


@register_kernel("fold", FLOAT)
def fold(x, output_sizes, kernel_sizes, strides, paddings, dilations):
    k, s, d = _pair(kernel_sizes), _pair(strides), _pair(dilations)
    hw, pads = _pair(output_sizes), unfold_paddings(paddings)
    oh = window_out_size(hw[0], k[0], s[0], pads[0], pads[1], d[0])
    ow = window_out_size(hw[1], k[1], s[1], pads[2], pads[3], d[1])
    n = x.shape[0]
    cols = x.reshape(n, x.shape[1] // (k[0] * k[1]), k[0], k[1], oh, ow)
    return col2im(cols, hw, k, s, pads, d)


def _conv_setup(input, filter, strides, paddings, padding_algorithm, dilations, data_format):
    x = input if data_format == "NCHW" else input.transpose(0, 3, 1, 2)
    k = filter.shape[2:]
    s = _pair(strides)
    pads, d = conv_paddings(x.shape[2:], k, s, paddings, padding_algorithm, _pair(dilations))
    return x, k, s, pads, d


def _group_cols(win, groups):
    """windows [N, C, kh, kw, oh, ow] -> [G, C/G * kh * kw, N * oh * ow] (the im2col copy)."""
    n, c, kh, kw, oh, ow = win.shape
    cg = c // groups
    return (win.reshape(n, groups, cg, kh, kw, oh, ow).transpose(1, 2, 3, 4, 0, 5, 6)
            .reshape(groups, cg * kh * kw, n * oh * ow))


@register_kernel("conv2d", FLOAT)
def conv2d(input, filter, strides, paddings, padding_algorithm, dilations, groups, data_format):
    x, k, s, pads, d = _conv_setup(input, filter, strides, paddings, padding_algorithm,
                                   dilations, data_format)
    win, (oh, ow) = windows(x, k, s, pads, d)
    oc = filter.shape[0]
    out = np.matmul(filter.reshape(groups, oc // groups, -1), _group_cols(win, groups))
    out = out.reshape(oc, x.shape[0], oh, ow)
    return np.ascontiguousarray(out.transpose((1, 0, 2, 3) if data_format == "NCHW"
                                              else (1, 2, 3, 0)))


@register_kernel("conv2d_grad", FLOAT)
def conv2d_grad(need, input, filter, out_grad, strides, paddings, padding_algorithm, dilations,
                groups, data_format):
    x, k, s, pads, d = _conv_setup(input, filter, strides, paddings, padding_algorithm,
                                   dilations, data_format)
    g = out_grad if data_format == "NCHW" else out_grad.transpose(0, 3, 1, 2)
    n, oc, oh, ow = g.shape
    g2 = g.transpose(1, 0, 2, 3).reshape(groups, oc // groups, n * oh * ow)
    x_grad = w_grad = None
    if need[1]:
        win, _ = windows(x, k, s, pads, d)
        w_grad = np.matmul(g2, _group_cols(win, groups).transpose(0, 2, 1)).reshape(filter.shape)
    if need[0]:
        c = x.shape[1]
        dcols = np.matmul(filter.reshape(groups, oc // groups, -1).transpose(0, 2, 1), g2)
        dcols = (dcols.reshape(groups, c // groups, k[0], k[1], n, oh, ow)
                 .transpose(4, 0, 1, 2, 3, 5, 6).reshape(n, c, k[0], k[1], oh, ow))
        x_grad = col2im(dcols, x.shape[2:], k, s, pads, d)
        if data_format != "NCHW":
            x_grad = np.ascontiguousarray(x_grad.transpose(0, 2, 3, 1))
    return x_grad, w_grad
