"""F.interpolate(..., antialias=True) for 'bilinear' and 'bicubic': Paddle 3.3.1's
interp_antialias kernel (the PIL/torch filter). Downsampling widens the filter's support by the
scale, so every output pixel averages all the input pixels it covers. The filter is separable:
each spatial axis is one matmul with a constant (out, in) weight matrix, so gradients of every
order come from matmul's."""
import numpy as np

from ... import ops as _ops
from ...creation import to_tensor


def _linear(t):
    t = np.abs(t)
    return np.where(t < 1.0, 1.0 - t, 0.0)


def _cubic(t, a=-0.5):
    t = np.abs(t)
    near = ((a + 2) * t - (a + 3)) * t * t + 1
    far = ((a * t - 5 * a) * t + 8 * a) * t - 4 * a
    return np.where(t < 1.0, near, np.where(t < 2.0, far, 0.0))


def _weights(n_in, n_out, scale_factor, align_corners, cubic):
    """(n_out, n_in) weights: the kernel's compute_weights_aa."""
    if align_corners:
        scale = (n_in - 1) / (n_out - 1) if n_out > 1 else 0.0
    elif scale_factor > 0:
        scale = 1.0 / scale_factor
    else:
        scale = n_in / n_out
    taps, fn = (4, _cubic) if cubic else (2, _linear)
    support = taps * 0.5 * scale if scale >= 1.0 else taps * 0.5
    inv = 1.0 / scale if scale >= 1.0 else 1.0
    w = np.zeros((n_out, n_in))
    for i in range(n_out):
        center = scale * (i + 0.5)
        lo = max(int(center - support + 0.5), 0)
        hi = min(int(center + support + 0.5), n_in)
        if hi <= lo:
            continue
        row = fn((np.arange(lo, hi) - center + 0.5) * inv)
        total = row.sum()
        w[i, lo:hi] = row / total if total != 0 else row
    return w


def interpolate_antialias(x, spatial, out_sizes, scales, align_corners, cubic):
    out = x
    for axis, n_out, s in zip(spatial, out_sizes, scales):
        mat = _weights(x.shape[axis], n_out, s, align_corners, cubic)
        moved = _ops.moveaxis(out, axis, -1)
        moved = _ops.matmul(moved, _ops.cast(to_tensor(mat.T), x.dtype))
        out = _ops.moveaxis(moved, -1, axis)
    return out
