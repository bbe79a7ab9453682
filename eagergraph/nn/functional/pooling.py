"""Pooling functionals (Paddle nn/functional/pooling.py): argument normalisation as Paddle's
Python does it, then the `pool2d` op; 1-D pooling runs on a height-1 image. Adaptive pooling is
pool2d when the input divides evenly into the output, otherwise a composition of slices."""
import math

from ..._generated import ops_api as _C_ops
from ... import ops as _ops
from .conv import update_padding, _ints, _check_format

__all__ = ["max_pool1d", "max_pool2d", "avg_pool1d", "avg_pool2d", "adaptive_avg_pool1d",
           "adaptive_avg_pool2d", "adaptive_max_pool1d", "adaptive_max_pool2d"]


def _no_mask(return_mask, fn):
    if return_mask:
        raise NotImplementedError(f"{fn}(return_mask=True) is not supported yet (it needs the "
                                  f"max_pool2d_with_index op).")


def _pool_padding(padding, channel_last, n, ceil_mode):
    pads, algo = update_padding(padding, channel_last, n)
    if algo == "SAME" and ceil_mode:
        raise ValueError('When Attr(padding) is "SAME", Attr(ceil_mode) must be False. '
                         'Received ceil_mode: True.')
    return pads, algo


def _pool2d(x, kernel_size, stride, padding, ceil_mode, exclusive, data_format, kind):
    k = _ints(kernel_size, 2, "pool_size")
    s = k if stride is None else _ints(stride, 2, "pool_stride")
    pads, algo = _pool_padding(padding, data_format == "NHWC", 2, ceil_mode)
    return _C_ops.pool2d(x, k, s, pads, ceil_mode, exclusive, data_format, kind, False, False,
                         algo)


def _check_ndim(x, n, fn):
    if len(x.shape) != n:
        raise ValueError(f"{fn}: the input should be a {n}-D Tensor, but received shape "
                         f"{x.shape}.")


def max_pool2d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               data_format="NCHW", name=None):
    _check_format(data_format, ("NCHW", "NHWC"))
    _check_ndim(x, 4, "max_pool2d")
    _no_mask(return_mask, "max_pool2d")
    return _pool2d(x, kernel_size, stride, padding, ceil_mode, True, data_format, "max")


def avg_pool2d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
               divisor_override=None, data_format="NCHW", name=None):
    _check_format(data_format, ("NCHW", "NHWC"))
    _check_ndim(x, 4, "avg_pool2d")
    out = _pool2d(x, kernel_size, stride, padding, ceil_mode, exclusive, data_format, "avg")
    if divisor_override is None:
        return out
    if not divisor_override:
        raise ValueError("divisor_override should not be 0.")
    k = _ints(kernel_size, 2, "pool_size")
    return out * (k[0] * k[1] / divisor_override)


def _pool1d(x, kernel_size, stride, padding, ceil_mode, exclusive, kind, fn):
    _check_ndim(x, 3, fn)
    k = [1] + _ints(kernel_size, 1, "pool_size")
    s = k if stride is None else [1] + _ints(stride, 1, "pool_stride")
    pads, algo = _pool_padding(padding, False, 1, ceil_mode)
    pads = [0, 0] + pads if len(pads) == 2 else [0] + pads
    out = _C_ops.pool2d(_ops.unsqueeze(x, [2]), k, s, pads, ceil_mode, exclusive, "NCHW", kind,
                        False, False, algo)
    return _ops.squeeze(out, [2])


def max_pool1d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               name=None):
    _no_mask(return_mask, "max_pool1d")
    return _pool1d(x, kernel_size, stride, padding, ceil_mode, True, "max", "max_pool1d")


def avg_pool1d(x, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False,
               name=None):
    return _pool1d(x, kernel_size, stride, padding, ceil_mode, exclusive, "avg", "avg_pool1d")


def _adaptive(x, output_size, kind, channel_last):
    """Adaptive pooling over the last two spatial dims: cell i covers
    [floor(i * n / out), ceil((i + 1) * n / out)), as Paddle's AdaptStart/EndIndex."""
    h, w = (x.shape[1], x.shape[2]) if channel_last else (x.shape[2], x.shape[3])
    out = [output_size] * 2 if isinstance(output_size, int) else list(output_size)
    if len(out) != 2:
        raise ValueError(f"output_size should be an int or a list of 2, but received "
                         f"{output_size}.")
    oh, ow = (h if out[0] is None else out[0]), (w if out[1] is None else out[1])
    fmt = "NHWC" if channel_last else "NCHW"
    if h % oh == 0 and w % ow == 0:  # regular windows: one pool2d
        k = [h // oh, w // ow]
        return _C_ops.pool2d(x, k, k, [0, 0], False, True, fmt, kind, False, False, "EXPLICIT")
    ha, wa = (1, 2) if channel_last else (2, 3)
    reduce = _ops.max if kind == "max" else _ops.mean
    rows = []
    for i in range(oh):
        hs, he = (i * h) // oh, math.ceil((i + 1) * h / oh)
        cells = []
        for j in range(ow):
            ws, we = (j * w) // ow, math.ceil((j + 1) * w / ow)
            idx = ((slice(None), slice(hs, he), slice(ws, we)) if channel_last else
                   (slice(None), slice(None), slice(hs, he), slice(ws, we)))
            cells.append(reduce(x[idx], axis=[ha, wa]))
        rows.append(_ops.stack(cells, axis=ha))
    return _ops.stack(rows, axis=ha)


def adaptive_avg_pool2d(x, output_size, data_format="NCHW", name=None):
    _check_format(data_format, ("NCHW", "NHWC"))
    _check_ndim(x, 4, "adaptive_avg_pool2d")
    return _adaptive(x, output_size, "avg", data_format == "NHWC")


def adaptive_max_pool2d(x, output_size, return_mask=False, name=None):
    _check_ndim(x, 4, "adaptive_max_pool2d")
    _no_mask(return_mask, "adaptive_max_pool2d")
    return _adaptive(x, output_size, "max", False)


def adaptive_avg_pool1d(x, output_size, name=None):
    _check_ndim(x, 3, "adaptive_avg_pool1d")
    return _ops.squeeze(_adaptive(_ops.unsqueeze(x, [2]), [1, output_size], "avg", False), [2])


def adaptive_max_pool1d(x, output_size, return_mask=False, name=None):
    _check_ndim(x, 3, "adaptive_max_pool1d")
    _no_mask(return_mask, "adaptive_max_pool1d")
    return _ops.squeeze(_adaptive(_ops.unsqueeze(x, [2]), [1, output_size], "max", False), [2])
