"""pixel_shuffle, pixel_unshuffle, channel_shuffle (reshape + transpose) and interpolate /
upsample (Paddle nn/functional/vision.py and common.py), composed from public ops.

interpolate follows Paddle's CPU interp kernels: the source ratio is a float32
(align_corners: (in-1)/(out-1); otherwise 1/scale when a scale was given, else in/out),
nearest reads floor(ratio*k); linear/bilinear/trilinear read the two neighbours
floor(src), min(floor(src)+1, in-1) with float32 weights, src = ratio*(k+0.5)-0.5 clamped at 0
(align_mode=0 without align_corners) or ratio*k. Each spatial axis is an index_select and the
corners are summed with broadcast weights, so gradients are those ops' gradients.
'bicubic' is Paddle's separable cubic convolution (A = -0.75, clamped taps). 'area' is
adaptive average pooling, as in Paddle (5-D: a constant averaging matmul per axis).
"""
import numpy as np

from ... import ops as _ops
from ...creation import to_tensor
from ...tensor import Tensor
from .pooling import adaptive_avg_pool1d, adaptive_avg_pool2d
from .interp_antialias import interpolate_antialias

__all__ = ["pixel_shuffle", "pixel_unshuffle", "channel_shuffle", "interpolate", "upsample"]


def _check_layout(data_format):
    if data_format not in ["NCHW", "NHWC"]:
        raise ValueError("Attr(data_format) should be 'NCHW' or 'NHWC'."
                         f"But receive Attr(data_format): {data_format} ")


def pixel_shuffle(x, upscale_factor, data_format="NCHW", name=None):
    """[N, C*r*r, H, W] -> [N, C, H*r, W*r] (channel c*r*r + i*r + j goes to (h*r+i, w*r+j))."""
    if not isinstance(upscale_factor, int):
        raise TypeError("upscale factor must be int type")
    _check_layout(data_format)
    r = upscale_factor
    if data_format == "NCHW":
        n, c, h, w = x.shape
        _check_divisible(c, r * r, "upscale_factor")
        y = _ops.reshape(x, [n, c // (r * r), r, r, h, w])
        y = _ops.transpose(y, [0, 1, 4, 2, 5, 3])
        return _ops.reshape(y, [n, c // (r * r), h * r, w * r])
    n, h, w, c = x.shape
    _check_divisible(c, r * r, "upscale_factor")
    y = _ops.reshape(x, [n, h, w, c // (r * r), r, r])
    y = _ops.transpose(y, [0, 1, 4, 2, 5, 3])
    return _ops.reshape(y, [n, h * r, w * r, c // (r * r)])


def _check_divisible(c, k, what):
    if c % k != 0:
        raise ValueError(f"(InvalidArgument) The square of {what}[{k}] should divide the "
                         f"number of channel[{c}]")


def pixel_unshuffle(x, downscale_factor, data_format="NCHW", name=None):
    """[N, C, H*r, W*r] -> [N, C*r*r, H, W], the inverse of pixel_shuffle."""
    if len(x.shape) != 4:
        raise ValueError(f"Input x should be 4D tensor, but received x with the shape of "
                         f"{x.shape}")
    if not isinstance(downscale_factor, int):
        raise TypeError("Downscale factor must be int type")
    if downscale_factor <= 0:
        raise ValueError("Downscale factor must be positive")
    _check_layout(data_format)
    r = downscale_factor
    if data_format == "NCHW":
        n, c, h, w = x.shape
        _check_spatial(h, w, r)
        y = _ops.reshape(x, [n, c, h // r, r, w // r, r])
        y = _ops.transpose(y, [0, 1, 3, 5, 2, 4])
        return _ops.reshape(y, [n, c * r * r, h // r, w // r])
    n, h, w, c = x.shape
    _check_spatial(h, w, r)
    y = _ops.reshape(x, [n, h // r, r, w // r, r, c])
    y = _ops.transpose(y, [0, 1, 3, 5, 2, 4])
    return _ops.reshape(y, [n, h // r, w // r, c * r * r])


def _check_spatial(h, w, r):
    if h % r != 0 or w % r != 0:
        raise ValueError(f"(InvalidArgument) Downscale factor[{r}] should divide both height"
                         f"[{h}] and width[{w}]")


def channel_shuffle(x, groups, data_format="NCHW", name=None):
    """Split the channels into `groups` groups and interleave them."""
    if len(x.shape) != 4:
        raise ValueError(f"Input x should be 4D tensor, but received x with the shape of "
                         f"{x.shape}")
    if not isinstance(groups, int):
        raise TypeError("groups must be int type")
    if groups <= 0:
        raise ValueError("groups must be positive")
    _check_layout(data_format)
    g = groups
    if data_format == "NCHW":
        n, c, h, w = x.shape
        _check_groups(c, g)
        y = _ops.transpose(_ops.reshape(x, [n, g, c // g, h, w]), [0, 2, 1, 3, 4])
        return _ops.reshape(y, [n, c, h, w])
    n, h, w, c = x.shape
    _check_groups(c, g)
    y = _ops.transpose(_ops.reshape(x, [n, h, w, g, c // g]), [0, 1, 2, 4, 3])
    return _ops.reshape(y, [n, h, w, c])


def _check_groups(c, g):
    if c % g != 0:
        raise ValueError(f"(InvalidArgument) The number of groups to divide channels in [{g}] "
                         f"should divide the number of channel [{c}]")


# ---------------------------------------------------------------- interpolate

_METHODS = ["LINEAR", "BILINEAR", "TRILINEAR", "NEAREST", "BICUBIC", "AREA"]
_LAYOUTS = {3: ["NCW", "NWC"], 4: ["NCHW", "NHWC"], 5: ["NCDHW", "NDHWC"]}


def _ratio(in_size, out_size, scale, align_corners):
    if out_size <= 1:
        return np.float32(0.0)
    if align_corners:
        return np.float32(in_size - 1) / np.float32(out_size - 1)
    return np.float32(1.0 / scale) if scale > 0 else np.float32(in_size) / np.float32(out_size)


def _nearest_index(in_size, out_size, ratio):
    k = np.arange(out_size, dtype=np.float32)
    return np.minimum(np.floor(ratio * k).astype(np.int64), in_size - 1)


def _linear_index(in_size, out_size, ratio, align_corners, align_mode, mt, double_src):
    """Left/right neighbours and their weights, as Paddle's CPU kernels compute them. The
    linear kernel takes the source position in double and weights in the input's precision
    (mt = float64 for float64 input); the bilinear and trilinear kernels do it all in float32
    (mt = float32)."""
    k = np.arange(out_size)
    align_flag = align_mode == 0 and not align_corners
    ratio = np.float32(ratio)
    if double_src:
        src = (np.float64(ratio) * (k + 0.5) - 0.5 if align_flag
               else (ratio * k.astype(np.float32)).astype(np.float64))
    else:
        kf = k.astype(np.float32)
        src = ratio * (kf + np.float32(0.5)) - np.float32(0.5) if align_flag else ratio * kf
    lo = np.maximum(src.astype(np.int64), 0)  # C++ int cast truncates toward zero
    hi = np.minimum(lo + 1, in_size - 1)
    d = src.astype(mt)
    if align_flag:
        d = np.maximum(d, mt(0))
    d = (d - lo.astype(mt)).astype(mt)
    return lo, hi, (mt(1) - d).astype(mt), d  # weight of lo is 1 - d, of hi is d


def _weight(w, axis, ndim, dtype):
    shape = [1] * ndim
    shape[axis] = w.size
    return _ops.cast(to_tensor(w.reshape(shape)), dtype)


def _resize(x, axes, out_sizes, scales, method, align_corners, align_mode):
    in_shape = x.shape
    ndim = len(in_shape)
    if method == "NEAREST":
        out = x
        for axis, osz, sc in zip(axes, out_sizes, scales):
            idx = _nearest_index(in_shape[axis], osz, _ratio(in_shape[axis], osz, sc, False))
            out = _ops.index_select(out, to_tensor(idx), axis=axis)
        return out
    # linear family: sum over the 2^n corners, weights multiplied axis by axis (H before W)
    mt = np.float64 if method == "LINEAR" and "float64" in str(x.dtype) else np.float32
    parts = []
    for axis, osz, sc in zip(axes, out_sizes, scales):
        lo, hi, w_lo, w_hi = _linear_index(in_shape[axis], osz,
                                           _ratio(in_shape[axis], osz, sc, align_corners),
                                           align_corners, align_mode, mt,
                                           method == "LINEAR")
        parts.append((axis, (lo, w_lo), (hi, w_hi)))
    gathered = [(x, [])]
    for axis, lo, hi in parts:
        nxt = []
        for t, ws in gathered:
            for idx, w in (lo, hi):
                nxt.append((_ops.index_select(t, to_tensor(idx), axis=axis),
                            ws + [_weight(w, axis, ndim, x.dtype)]))
        gathered = nxt
    # Paddle's order of terms: the last axis' corner varies slowest
    order = sorted(range(len(gathered)),
                   key=lambda i: [(i >> b) & 1 for b in range(len(parts))])
    out = None
    for i in order:
        t, ws = gathered[i]
        for w in ws:
            t = _ops.multiply(t, w)
        out = t if out is None else _ops.add(out, t)
    return out


def _cubic_coeffs(t, dt):
    """Paddle's get_cubic_upsample_coefficients (A = -0.75) at fractions t, in dtype dt."""
    a = dt(-0.75)

    def conv1(v):  # |v| <= 1
        return ((a + dt(2)) * v - (a + dt(3))) * v * v + dt(1)

    def conv2(v):  # 1 < |v| < 2
        return ((a * v - dt(5) * a) * v + dt(8) * a) * v - dt(4) * a

    t = t.astype(dt)
    u = (dt(1) - t).astype(dt)
    return [conv2((t + dt(1)).astype(dt)), conv1(t), conv1(u), conv2((u + dt(1)).astype(dt))]


def _bicubic(x, axes, out_sizes, scales, align_corners):
    """Paddle's bicubic kernel: per axis the source position ratio * k (align_corners) or
    ratio * (k + 0.5) - 0.5 (in double, then the input's precision), the four taps
    floor(src) - 1 .. floor(src) + 2 clamped into the input, weighted by the cubic
    convolution coefficients of src - floor(src); W is interpolated first, then H."""
    dt = np.float64 if "float64" in str(x.dtype) else np.float32
    ndim = len(x.shape)
    out = x
    for axis, osz, sc in reversed(list(zip(axes, out_sizes, scales))):
        n_in = x.shape[axis]
        ratio = _ratio(n_in, osz, sc, align_corners)
        k = np.arange(osz)
        src = ((ratio * k.astype(np.float32)).astype(dt) if align_corners
               else (np.float64(ratio) * (k + 0.5) - 0.5).astype(dt))
        base = np.floor(src)
        coeffs = _cubic_coeffs((src - base).astype(dt), dt)
        base = base.astype(np.int64)
        acc = None
        for tap in range(4):
            idx = np.clip(base - 1 + tap, 0, n_in - 1)
            term = _ops.multiply(_ops.index_select(out, to_tensor(idx), axis=axis),
                                 _weight(coeffs[tap], axis, ndim, x.dtype))
            acc = term if acc is None else _ops.add(acc, term)
        out = acc
    return out


def _area_sizes(size, n):
    if isinstance(size, Tensor):
        size = [int(v) for v in np.asarray(size.numpy()).reshape(-1)]
    size = [size] * n if isinstance(size, int) else list(size)
    if len(size) != n:
        raise ValueError(f"output_size should be an int or a list of {n}, but received "
                         f"{size}.")
    return size


def _adaptive_avg(x, axes, out_sizes):
    """Adaptive average pooling (Paddle's cells [floor(i*n/m), ceil((i+1)*n/m))), one axis
    at a time as a matmul with a constant averaging matrix: the box mean is separable."""
    out = x
    for axis, m in zip(axes, out_sizes):
        n = x.shape[axis]
        m = n if m is None else int(m)
        mat = np.zeros((n, m))
        for i in range(m):
            lo, hi = (i * n) // m, -((-(i + 1) * n) // m)
            mat[lo:hi, i] = 1.0 / (hi - lo)
        moved = _ops.moveaxis(out, axis, -1)
        moved = _ops.matmul(moved, _ops.cast(to_tensor(mat), x.dtype))
        out = _ops.moveaxis(moved, -1, axis)
    return out


def _out_sizes(x, size, scale_factor, spatial, recompute_scale_factor):
    """Output sizes and the scales the kernel sees (-1 when the size was given)."""
    n = len(spatial)
    in_sizes = [x.shape[a] for a in spatial]
    if size is not None:
        if recompute_scale_factor:
            raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
        if isinstance(size, Tensor):
            size = [int(v) for v in np.asarray(size.numpy()).reshape(-1)]
        size = [int(s.item()) if isinstance(s, Tensor) else s for s in size]
        if not isinstance(size, (list, tuple)):
            raise TypeError("size should be a list or tuple or Variable.")
        for s in size:
            assert s > 0, "Each dimension size given in out_shape must be greater than 0."
        if len(size) != n:
            raise ValueError(f"size length should be {n} for input {len(x.shape)}-D tensor.")
        return [int(s) for s in size], [-1.0] * n
    scale = scale_factor
    if isinstance(scale, Tensor):
        scale = float(scale) if scale.shape == [] else [float(v) for v in scale.numpy()]
    if isinstance(scale, (float, int, np.ndarray, np.floating, np.integer)):
        if not recompute_scale_factor and scale <= 0:
            raise ValueError("Attr(scale) should be greater than zero.")
        scales = [float(scale)] * n
    elif isinstance(scale, (list, tuple)):
        if len(scale) != n:
            raise ValueError(f"scale_shape length should be {n} for input {len(x.shape)}-D "
                             f"tensor.")
        if not recompute_scale_factor:
            for v in scale:
                if v <= 0:
                    raise ValueError("Attr(scale) should be greater than zero.")
        scales = [float(v) for v in scale]
    else:
        raise TypeError("Attr(scale)'s type should be float, int, list, tuple, or Tensor.")
    if recompute_scale_factor:
        outs = [int(np.floor(float(i) * s)) for i, s in zip(in_sizes, scales)]
        return outs, [-1.0] * n
    # the kernel: out = int(in * scale), and the source ratio float(1 / scale)
    outs = [int(i * s) for i, s in zip(in_sizes, scales)]
    return outs, scales


def interpolate(x, size=None, scale_factor=None, mode="nearest", align_corners=False,
                align_mode=0, data_format=None, recompute_scale_factor=None, antialias=False,
                name=None):
    """Resize the spatial axes of a 3-D/4-D/5-D input (nearest, linear, bilinear, trilinear,
    area) to `size` or by `scale_factor`; `antialias=True` ('bilinear', 'bicubic') filters as
    PIL when downsampling."""
    ndim = len(x.shape)
    if data_format is None:
        if ndim not in _LAYOUTS:
            raise ValueError(f"The dimension of the input tensor should only be 3-D, 4-D or "
                             f"5-D, but the received dimension is {ndim}.")
        data_format = _LAYOUTS[ndim][0]
    data_format = data_format.upper()
    resample = mode.upper()
    if resample not in _METHODS:
        raise ValueError("The 'resample' of image_resize can only be 'area', 'linear', "
                         "'bilinear', 'trilinear',  'bicubic' or 'nearest' currently.")
    if resample == "LINEAR" and ndim != 3:
        raise ValueError("'linear' only support 3-D tensor.")
    if resample == "NEAREST" and ndim not in (4, 5):
        raise ValueError("'NEAREST' only support 4-D  or 5-D tensor.")
    if resample in ("BILINEAR", "BICUBIC") and ndim != 4:
        raise ValueError("'bilinear' and 'bicubic' only support 4-D tensor.")
    if resample == "TRILINEAR" and ndim != 5:
        raise ValueError("'trilinear'only support 5-D tensor.")
    if size is None and scale_factor is None:
        raise ValueError("One of size and scale_factor must not be None.")
    if isinstance(size, (tuple, list)) and len(size) != ndim - 2:
        raise ValueError("The x and size should satisfy rank(x) - 2 == len(size).")
    if not isinstance(align_corners, bool):
        raise TypeError("Attr align_corners should be a bool value")
    if not isinstance(antialias, bool):
        raise TypeError("Attr antialias should be a bool value")
    if align_mode not in (0, 1):
        raise ValueError("align_mode can only be 0 or 1")
    if align_corners and resample == "NEAREST":
        raise ValueError("align_corners option can only be set with the interpolating modes: "
                         "linear | bilinear | bicubic | trilinear")
    if antialias and resample not in ("BILINEAR", "BICUBIC"):
        raise ValueError("Anti-alias option is only supported for bilinear and bicubic modes")
    if resample == "AREA":
        if isinstance(size, (list, tuple)) and len(size) == 0:
            raise ValueError("output size can not be empty")
        if size is None:
            raise ValueError("output size can not be None in AREA mode")
        if ndim == 3:
            return adaptive_avg_pool1d(x, size)
        if ndim == 4:
            return adaptive_avg_pool2d(x, size)
        return _adaptive_avg(x, [2, 3, 4], _area_sizes(size, 3))
    if data_format not in _LAYOUTS[ndim]:
        raise ValueError(f"Got wrong value for param `data_format`: {data_format} received but "
                         f"only {_LAYOUTS[ndim][0]!r} or {_LAYOUTS[ndim][1]!r} supported for "
                         f"{ndim}-D input.".replace("'", "`"))
    if size is not None and scale_factor is not None:
        raise ValueError("Only one of size or scale_factor should be defined.")
    first = 2 if data_format.startswith("NC") else 1
    spatial = list(range(first, first + ndim - 2))
    out_sizes, scales = _out_sizes(x, size, scale_factor, spatial, recompute_scale_factor)
    if antialias:
        return interpolate_antialias(x, spatial, out_sizes, scales, align_corners,
                                     resample == "BICUBIC")
    if resample == "BICUBIC":
        return _bicubic(x, spatial, out_sizes, scales, align_corners)
    return _resize(x, spatial, out_sizes, scales, resample, align_corners, align_mode)


def upsample(x, size=None, scale_factor=None, mode="nearest", align_corners=False,
             align_mode=0, data_format=None, name=None):
    """interpolate under its older name."""
    return interpolate(x, size, scale_factor, mode, align_corners, align_mode, data_format,
                       name=name)
