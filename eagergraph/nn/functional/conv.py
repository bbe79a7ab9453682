"""Convolution functionals (Paddle nn/functional/conv.py, common.py unfold/fold): argument
normalisation as Paddle's Python does it, then the `conv2d` / `conv3d` / `conv2d_transpose` /
`conv3d_transpose` / `unfold` / `fold` ops; conv1d runs conv2d on a height-1 image and
conv1d_transpose conv2d_transpose on a width-1 one, as Paddle does; the bias is a broadcast
add."""
from ..._generated import ops_api as _C_ops
from ... import ops as _ops
from ...tensor import Tensor

__all__ = ["conv1d", "conv2d", "conv3d", "conv1d_transpose", "conv2d_transpose",
           "conv3d_transpose", "unfold", "fold"]


def _ints(v, n, name):
    """An int or an iterable of n ints -> list of n ints (Paddle convert_to_list, its
    messages)."""
    if isinstance(v, int):
        return [int(v)] * n
    try:
        vals = list(v)
    except TypeError:
        raise ValueError(f"The {name}'s type must be list or tuple. Received: {v}") from None
    if len(vals) != n:
        raise ValueError(f"The {name}'s length must be {n}. Received: {v}")
    out = []
    for e in vals:
        try:
            out.append(int(e))
        except (ValueError, TypeError):
            raise ValueError(f"The {name}'s type must be a list or tuple of {n} {int}. "
                             f"Received: {v} including element {e} of type {type(e)}") from None
    return out


def update_padding(padding, channel_last, num_dims):
    """(explicit paddings, padding_algorithm) from Paddle's padding forms (_update_padding_nd):
    'SAME'/'VALID', an int, [p per dim], [before, after per dim], or [[b, a] per dim of the
    whole layout] with zeros on the batch and channel dims."""
    if isinstance(padding, str):
        algo = padding.upper()
        if algo not in ("SAME", "VALID"):
            raise ValueError(f"Unknown padding: '{algo}'. It can only be 'SAME' or 'VALID'.")
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


def conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
           data_format="NCDHW", name=None):
    """3-D convolution of x [N, C, D, H, W] (or NDHWC) with weight [OC, C / groups, kd, kh,
    kw]."""
    if data_format not in ("NCDHW", "NDHWC"):
        raise ValueError(f"Attr(data_format) should be 'NCDHW' or 'NDHWC'. Received "
                         f"Attr(data_format): {data_format}.")
    channel_last = data_format == "NDHWC"
    if len(x.shape) != 5:
        raise ValueError(f"Input x should be 5D tensor, but received x with the shape of "
                         f"{x.shape}")
    c, oc = x.shape[-1 if channel_last else 1], weight.shape[0]
    if groups == 0:
        raise ValueError("The groups of conv3d should not be 0.")
    if c % groups:
        raise ValueError(f"The number of input channels must be divisible by Attr(groups). "
                         f"Received: number of channels({c}), groups({groups}).")
    if oc % groups:
        raise ValueError(f"The number of filters must be divisible by Attr(groups). Received: "
                         f"number of filters({oc}), groups({groups}).")
    padding, algo = update_padding(padding, channel_last, 3)
    out = _C_ops.conv3d(x, weight, _ints(stride, 3, "stride"), padding, algo, groups,
                        _ints(dilation, 3, "dilation"), data_format)
    return _add_bias(out, bias, channel_last, 5)


def _transpose_args(x, weight, groups, output_padding, output_size, data_format, formats, nd,
                    op):
    """Paddle's checks and normalisation shared by the conv*_transpose functionals."""
    if data_format not in formats:
        if nd == 3:
            raise ValueError(f"Attr(data_format) should be 'NCDHW' or 'NDHWC'. Received "
                             f"Attr(data_format): {data_format}.")
        raise ValueError(f"Attr(data_format) of conv2d_transpose got wrong value: received "
                         f"{data_format}, but only {' or '.join(map(repr, formats))} are "
                         f"supported.")
    channel_last = data_format == formats[1]
    if len(x.shape) != nd + 2:
        raise ValueError(f"Input x should be {nd + 2}D tensor, but received x with the shape "
                         f"of {x.shape}")
    if len(weight.shape) != nd + 2:
        raise ValueError(f"Input weight should be {nd + 2}D tensor, but received weight with "
                         f"the shape of {weight.shape}")
    c = x.shape[-1 if channel_last else 1]
    if groups == 0:
        raise ValueError(f"The groups of {op} should not be zero.")
    if c % groups:
        if nd == 3:
            raise ValueError(f"The number of input channels must be divisible by "
                             f"Attr(groups). Received: number of channels({c}), "
                             f"groups({groups}).")
        raise ValueError(f"the channel of input must be divisible by groups,received: the "
                         f"channel of input is {c}, the shape of input is {x.shape}, the "
                         f"groups is {groups}")
    if output_size is None:
        output_size = []
    else:
        if output_padding != 0:
            raise ValueError("output_padding option is mutually exclusive with output_size")
        if isinstance(output_size, Tensor):  # Paddle: a 1-D int tensor of 1 or nd sizes
            output_size = [int(v) for v in output_size.numpy().reshape(-1)]
            output_size = output_size[0] if len(output_size) == 1 else output_size
        elif isinstance(output_size, (list, tuple)):
            output_size = [int(v.item()) if isinstance(v, Tensor) else v for v in output_size]
        elif not isinstance(output_size, int):
            raise ValueError("output_size should be int, or list, tuple of ints")
        output_size = _ints(output_size, nd, "output_size")
    output_padding = [] if output_padding == 0 else _ints(output_padding, nd, "output_padding")
    return channel_last, output_padding, output_size


def conv2d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, dilation=1,
                     groups=1, output_size=None, data_format="NCHW", name=None):
    """2-D transposed convolution of x [N, C, H, W] (or NHWC) with weight
    [C, OC / groups, kh, kw]: the gradient of conv2d with respect to its input."""
    channel_last, output_padding, output_size = _transpose_args(
        x, weight, groups, output_padding, output_size, data_format, ("NCHW", "NHWC"), 2,
        "conv2d_transpose")
    padding, algo = update_padding(padding, channel_last, 2)
    out = _C_ops.conv2d_transpose(x, weight, _ints(stride, 2, "stride"), padding,
                                  output_padding, output_size, algo, groups,
                                  _ints(dilation, 2, "dilation"), data_format)
    return _add_bias(out, bias, channel_last, 4)


def conv3d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1, output_size=None, data_format="NCDHW", name=None):
    """3-D transposed convolution of x [N, C, D, H, W] (or NDHWC) with weight
    [C, OC / groups, kd, kh, kw]."""
    channel_last, output_padding, output_size = _transpose_args(
        x, weight, groups, output_padding, output_size, data_format, ("NCDHW", "NDHWC"), 3,
        "conv3d_transpose")
    padding, algo = update_padding(padding, channel_last, 3)
    out = _C_ops.conv3d_transpose(x, weight, _ints(stride, 3, "stride"), padding,
                                  output_padding, output_size, algo, groups,
                                  _ints(dilation, 3, "dilation"),
                                  "NHWC" if channel_last else "NCHW")
    return _add_bias(out, bias, channel_last, 5)


def conv1d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1, output_size=None, data_format="NCL", name=None):
    """1-D transposed convolution of x [N, C, L] (or NLC) with weight [C, OC / groups, k]:
    conv2d_transpose on [N, C, L, 1]."""
    channel_last, output_padding, output_size = _transpose_args(
        x, weight, groups, output_padding, output_size, data_format, ("NCL", "NLC"), 1,
        "conv1d_transpose")
    padding, algo = update_padding(padding, channel_last, 1)
    padding = padding + [0, 0] if len(padding) == 2 else padding + [0]
    stride = _ints(stride, 1, "stride") + [1]
    if output_padding and output_padding[0] > stride[0]:
        raise ValueError(f"The size of output_padding should not be greater than stride.But "
                         f"got output_padding={output_padding[0]} and stride={stride[0]}")
    x4 = _ops.unsqueeze(x, [-2 if channel_last else -1])
    w4 = _ops.unsqueeze(weight, [-1])
    out = _C_ops.conv2d_transpose(x4, w4, stride, padding,
                                  output_padding + [0] if output_padding else [],
                                  output_size + [1] if output_size else [], algo, groups,
                                  _ints(dilation, 1, "dilation") + [1],
                                  "NHWC" if channel_last else "NCHW")
    out = _ops.squeeze(out, [-2 if channel_last else -1])
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
