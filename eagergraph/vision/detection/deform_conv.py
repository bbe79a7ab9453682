"""Deformable convolution v1/v2: deform_conv2d (Paddle phi/kernels/cpu/deformable_conv_kernel.cc
and funcs/deformable_conv_functor.cc). Each kernel tap of each output position samples x
bilinearly at its grid point moved by `offset` (and, with `mask`, scales the sample, v2); the
samples then meet the weights in one matmul per group.

Composed of ops: the integer corners of each sample point are found in NumPy, the fractional
parts and so the bilinear weights are Tensor expressions of offset, and the corner values are
gathered from x with take_along_axis. The gradients with respect to x, offset, mask, weight
and bias are therefore those of the sampling Paddle does (its grad kernels differentiate the
same bilinear form) and differentiable again."""
import numpy as np

from ..._generated import dygraph_functions as _ad
from ...creation import to_tensor
from .common import float_tensor

__all__ = ["deform_conv2d"]


def _pair(v, arg):
    if isinstance(v, int) and not isinstance(v, bool):
        return [v, v]
    if isinstance(v, (list, tuple)) and len(v) == 2:
        return [int(e) for e in v]
    raise TypeError(f"deform_conv2d(): '{arg}' must be an int or a list/tuple of 2 ints, but "
                    f"got {v!r}.")


def deform_conv2d(x, offset, weight, bias=None, stride=1, padding=0, dilation=1,
                  deformable_groups=1, groups=1, mask=None, name=None):
    """x [N, C, H, W], offset [N, 2 * deformable_groups * kh * kw, Ho, Wo] ((dy, dx) per tap),
    weight [M, C / groups, kh, kw], mask [N, deformable_groups * kh * kw, Ho, Wo] or None,
    bias [M] or None -> [N, M, Ho, Wo]."""
    op = "deform_conv2d"
    x = float_tensor(x, op, "x", 0)
    offset = float_tensor(offset, op, "offset", 1)
    weight = float_tensor(weight, op, "weight", 2)
    s, p, d = _pair(stride, "stride"), _pair(padding, "padding"), _pair(dilation, "dilation")
    if x.ndim != 4 or weight.ndim != 4 or offset.ndim != 4:
        raise ValueError(f"(InvalidArgument) {op}(): x, offset and weight should be 4-D "
                         f"Tensors, but got shapes {list(x.shape)}, {list(offset.shape)}, "
                         f"{list(weight.shape)}.")
    n, c, h, w = x.shape
    m, cg, kh, kw = weight.shape
    dg, k = deformable_groups, kh * kw
    if groups <= 0 or dg <= 0 or c != cg * groups or m % groups or c % dg:
        raise ValueError(f"(InvalidArgument) {op}(): the channels of x ({c}) should be "
                         f"weight.shape[1] * groups ({cg} * {groups}) and divisible by "
                         f"deformable_groups ({dg}); out channels ({m}) divisible by groups.")
    ho = (h + 2 * p[0] - (d[0] * (kh - 1) + 1)) // s[0] + 1
    wo = (w + 2 * p[1] - (d[1] * (kw - 1) + 1)) // s[1] + 1
    if list(offset.shape) != [n, 2 * dg * k, ho, wo]:
        raise ValueError(f"(InvalidArgument) {op}(): offset should have shape "
                         f"{[n, 2 * dg * k, ho, wo]}, but got {list(offset.shape)}.")
    if mask is not None:
        mask = float_tensor(mask, op, "mask", 9)
        if list(mask.shape) != [n, dg * k, ho, wo]:
            raise ValueError(f"(InvalidArgument) {op}(): mask should have shape "
                             f"{[n, dg * k, ho, wo]}, but got {list(mask.shape)}.")
    dt = x._data.dtype
    # sampling points: grid + tap + offset, [N, dg, K, Ho, Wo]
    off = _ad.reshape_ad_func(offset, (n, dg, k, 2, ho, wo))
    dy = _ad.reshape_ad_func(off[:, :, :, 0], (n, dg, k, ho, wo))
    dx = _ad.reshape_ad_func(off[:, :, :, 1], (n, dg, k, ho, wo))
    ki, kj = np.divmod(np.arange(k), kw)
    gy = (np.arange(ho)[None, :] * s[0] - p[0] + ki[:, None] * d[0]).astype(dt)
    gx = (np.arange(wo)[None, :] * s[1] - p[1] + kj[:, None] * d[1]).astype(dt)
    py = dy + to_tensor(gy[None, None, :, :, None])
    px = dx + to_tensor(gx[None, None, :, None, :])
    yv, xv = py.numpy(), px.numpy()
    inside = (yv > -1) & (xv > -1) & (yv < h) & (xv < w)
    y0, x0 = np.floor(yv), np.floor(xv)
    ly = py - to_tensor(y0.astype(dt))
    lx = px - to_tensor(x0.astype(dt))
    hy, hx = 1.0 - ly, 1.0 - lx
    y0, x0 = y0.astype(np.int64), x0.astype(np.int64)
    xr = _ad.reshape_ad_func(x, (n, c, h * w))
    val = None
    for cy, cx, wgt in ((y0, x0, hy * hx), (y0, x0 + 1, hy * lx), (y0 + 1, x0, ly * hx),
                        (y0 + 1, x0 + 1, ly * lx)):
        ok = inside & (cy >= 0) & (cy <= h - 1) & (cx >= 0) & (cx <= w - 1)
        pos = np.where(ok, np.clip(cy, 0, h - 1) * w + np.clip(cx, 0, w - 1), 0)
        # each channel reads the positions of its deformable group
        pos = np.repeat(pos.reshape(n, dg, 1, -1), c // dg, axis=2).reshape(n, c, -1)
        v = _ad.take_along_axis_ad_func(xr, to_tensor(pos), 2)
        v = _ad.reshape_ad_func(v, (n, dg, c // dg, k, ho, wo))
        term = v * to_tensor(ok.astype(dt).reshape(n, dg, 1, k, ho, wo)) * \
            _ad.reshape_ad_func(wgt, (n, dg, 1, k, ho, wo))
        val = term if val is None else val + term
    if mask is not None:
        val = val * _ad.reshape_ad_func(mask, (n, dg, 1, k, ho, wo))
    cols = _ad.reshape_ad_func(val, (n, groups, cg * k, ho * wo))
    wmat = _ad.reshape_ad_func(weight, (1, groups, m // groups, cg * k))
    out = _ad.reshape_ad_func(_ad.matmul_ad_func(wmat, cols, False, False), (n, m, ho, wo))
    if bias is not None:
        bias = float_tensor(bias, op, "bias", 3)
        out = out + _ad.reshape_ad_func(bias, (1, m, 1, 1))
    return out
