"""Convolution functionals (Paddle nn/functional/conv.py, common.py unfold/fold): argument
normalisation as Paddle's Python does it, then the `conv2d` / `unfold` / `fold` ops; conv1d
runs conv2d on a height-1 image, as Paddle does; the bias is a broadcast add."""
from ..._generated import ops_api as _C_ops
from ... import ops as _ops

__all__ = ["conv1d", "conv2d", "unfold", "fold"]


def _ints(v, n, name):
    """An int or a list/tuple of n ints -> list of n ints (Paddle convert_to_list)."""
    if isinstance(v, int) and not isinstance(v, bool):
        return [v] * n
    v = list(v)
    if len(v) != n or not all(isinstance(e, int) and not isinstance(e, bool) for e in v):
        raise ValueError(f"The {name}'s type must be an int or a list/tuple of {n} ints, but "
                         f"received {v}.")
    return v


def update_padding(padding, channel_last, num_dims):
    """(explicit paddings, padding_algorithm) from Paddle's padding forms (_update_padding_nd):
    'SAME'/'VALID', an int, [p per dim], [before, after per dim], or [[b, a] per dim of the
    whole layout] with zeros on the batch and channel dims."""
    if isinstance(padding, str):
        algo = padding.upper()
        if algo not in ("SAME", "VALID"):
            raise ValueError(f"Unknown padding: '{padding}'. It can only be 'SAME' or 'VALID'.")
        return [0] * num_dims, algo
    if isinstance(padding, (list, tuple)):
        p = list(padding)
        if len(p) == 2 + num_dims and isinstance(p[0], (list, tuple)):
            bc = (p[0], p[-1]) if channel_last else (p[0], p[1])
            if any(list(e) != [0, 0] for e in bc):
                raise ValueError(f"Non-zero padding({padding}) in the batch or channel "
                                 f"dimensions is not supported.")
            spatial = p[1:-1] if channel_last else p[2:]
            p = [int(v) for pair in spatial for v in pair]
        elif len(p) == 2 * num_dims and isinstance(p[0], int):
            pass
        elif len(p) == num_dims and isinstance(p[0], int):
            return _nonneg(p), "EXPLICIT"
        else:
            raise ValueError(f"In valid padding: {padding}")
        if all(p[2 * i] == p[2 * i + 1] for i in range(num_dims)):
            p = p[0::2]  # symmetric: one value per dim
        return _nonneg(p), "EXPLICIT"
    return _nonneg(_ints(padding, num_dims, "padding")), "EXPLICIT"


def _nonneg(p):
    if any(v < 0 for v in p):
        raise ValueError(f"Invalid padding, all value should be larger than or equal to 0, but "
                         f"received: {p}")
    return p


def _check_format(data_format, allowed):
    if data_format not in allowed:
        raise ValueError(f"Attr(data_format) should be {' or '.join(map(repr, allowed))}. "
                         f"Received Attr(data_format): {data_format}.")


def _add_bias(out, bias, channel_last, ndim):
    if bias is None:
        return out
    if channel_last:
        return out + bias
    return out + _ops.reshape(bias, [1, -1] + [1] * (ndim - 2))


def conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NCHW",
           name=None):
    """2-D convolution of x [N, C, H, W] (or NHWC) with weight [OC, C / groups, kh, kw]."""
    _check_format(data_format, ("NCHW", "NHWC"))
    if len(x.shape) != 4:
        raise ValueError(f"Input x should be 4D tensor, but received x with the shape of "
                         f"{x.shape}")
    channel_last = data_format == "NHWC"
    if groups <= 0:
        raise ValueError(f"The groups of conv2d should be greater than 0. Received groups: "
                         f"{groups}")
    padding, algo = update_padding(padding, channel_last, 2)
    out = _C_ops.conv2d(x, weight, _ints(stride, 2, "stride"), padding, algo,
                        _ints(dilation, 2, "dilation"), groups, data_format)
    return _add_bias(out, bias, channel_last, 4)


def conv1d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NCL",
           name=None):
    """1-D convolution of x [N, C, L] (or NLC) with weight [OC, C / groups, k]: conv2d on
    [N, C, 1, L]."""
    _check_format(data_format, ("NCL", "NLC"))
    if len(x.shape) != 3:
        raise ValueError(f"Input x should be 3D tensor, but received x with the shape of "
                         f"{x.shape}")
    channel_last = data_format == "NLC"
    padding, algo = update_padding(padding, channel_last, 1)
    padding = [0, 0] + padding if len(padding) == 2 else [0] + padding
    x4 = _ops.unsqueeze(x, [1 if channel_last else 2])
    w4 = _ops.unsqueeze(weight, [2])
    out = _C_ops.conv2d(x4, w4, [1] + _ints(stride, 1, "stride"), padding, algo,
                        [1] + _ints(dilation, 1, "dilation"), groups,
                        "NHWC" if channel_last else "NCHW")
    out = _ops.squeeze(out, [1 if channel_last else 2])
    return _add_bias(out, bias, channel_last, 3)


def unfold(x, kernel_sizes, strides=1, paddings=0, dilations=1, name=None):
    """im2col: x [N, C, H, W] -> [N, C * kh * kw, L]; paddings int, [ph, pw] or
    [top, left, bottom, right]."""
    return _C_ops.unfold(x, _ints(kernel_sizes, 2, "kernel_sizes"), _ints(strides, 2, "strides"),
                         _paddings4(paddings), _ints(dilations, 2, "dilations"))


def fold(x, output_sizes, kernel_sizes, strides=1, paddings=0, dilations=1, name=None):
    """col2im: x [N, C * kh * kw, L] -> [N, C, H, W] with overlapping blocks summed."""
    return _C_ops.fold(x, _ints(output_sizes, 2, "output_sizes"),
                       _ints(kernel_sizes, 2, "kernel_sizes"), _ints(strides, 2, "strides"),
                       _paddings4(paddings), _ints(dilations, 2, "dilations"))


def _paddings4(p):
    if isinstance(p, int):
        return [p] * 4
    p = list(p)
    if len(p) == 2:
        return p * 2
    if len(p) != 4:
        raise ValueError(f"paddings should be an int or a list of 2 or 4 ints, but received "
                         f"{p}.")
    return p
