"""InferMeta for convolution and its im2col pair (Paddle phi/infermeta/binary.cc ConvInferMeta,
unary.cc UnfoldInferMeta / FoldInferMeta), and the geometry they share with the kernels:
explicit paddings from Paddle's forms and padding algorithms (Paddle UpdatePaddingAndDilation),
and output sizes."""
from ..common import NP_TO_DTYPE

__all__ = ["ConvInferMeta", "UnfoldInferMeta", "FoldInferMeta"]


def conv_paddings(in_hw, k_hw, strides, paddings, padding_algorithm, dilations):
    """([top, bottom, left, right], dilations) for a 2-D window over `in_hw`: paddings given as
    [p] / [ph, pw] / [top, bottom, left, right], or computed for "SAME" (output = ceil(in /
    stride), dilation 1) and "VALID" (none), as Paddle's UpdatePaddingAndDilation."""
    if padding_algorithm == "SAME":
        pads = []
        for n, k, s in zip(in_hw, k_hw, strides):
            out = (n + s - 1) // s
            total = max((out - 1) * s + k - n, 0)
            pads += [total // 2, total - total // 2]
        return pads, [1, 1]
    if padding_algorithm == "VALID":
        return [0, 0, 0, 0], list(dilations)
    return four_paddings(paddings, "conv"), list(dilations)


def window_out_size(n, k, s, p0, p1, d=1, ceil_mode=False):
    """How many windows of size k (dilation d) with stride s fit in n padded by p0 + p1."""
    span = d * (k - 1) + 1
    if ceil_mode:
        return (n + p0 + p1 - span + s - 1) // s + 1
    return (n + p0 + p1 - span) // s + 1


def _check_pos(name, vals):
    if any(v <= 0 for v in vals):
        raise ValueError(f"(InvalidArgument) {name} should be positive, but received "
                         f"{list(vals)}.")


def _pair(v, name):
    v = list(v)
    if len(v) == 1:
        v = v * 2
    if len(v) != 2:
        raise ValueError(f"(InvalidArgument) {name} must have 1 or 2 elements, but received "
                         f"{v}.")
    return v


def conv_output_hw(in_hw, k_hw, strides, paddings, padding_algorithm, dilations):
    pads, dil = conv_paddings(in_hw, k_hw, strides, paddings, padding_algorithm, dilations)
    return [window_out_size(in_hw[i], k_hw[i], strides[i], pads[2 * i], pads[2 * i + 1], dil[i])
            for i in range(2)]


def ConvInferMeta(input, filter, strides, paddings, padding_algorithm, dilations, groups,
                  data_format):
    x, w = input._data, filter._data
    if x.ndim != 4:
        raise ValueError(f"(InvalidArgument) The input of Op(Conv) should be a 4-D Tensor, but "
                         f"received a {x.ndim}-D Tensor with shape {list(x.shape)}.")
    if w.ndim != 4:
        raise ValueError(f"(InvalidArgument) The filter of Op(Conv) should be a 4-D Tensor, "
                         f"but received shape {list(w.shape)}.")
    if x.dtype != w.dtype:
        raise ValueError(f"(InvalidArgument) The input ({NP_TO_DTYPE[x.dtype].name}) and filter "
                         f"({NP_TO_DTYPE[w.dtype].name}) of conv2d must have the same dtype.")
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"(InvalidArgument) data_format must be 'NCHW' or 'NHWC', but "
                         f"received '{data_format}'.")
    strides, dilations = _pair(strides, "strides"), _pair(dilations, "dilations")
    _check_pos("strides", strides)
    _check_pos("dilations", dilations)
    if groups <= 0:
        raise ValueError(f"(InvalidArgument) groups should be positive, but received {groups}.")
    n, c, h, wd = x.shape if data_format == "NCHW" else (x.shape[0], x.shape[3], x.shape[1],
                                                          x.shape[2])
    oc, cg, kh, kw = w.shape
    if c != cg * groups:
        raise ValueError(
            f"(InvalidArgument) The number of input's channels should be equal to filter's "
            f"channels * groups for Op(Conv). But received: the input's channels is {c}, the "
            f"input's shape is {list(x.shape)}; the filter's channels is {cg}, the filter's "
            f"shape is {list(w.shape)}; the groups is {groups}, the data_format is "
            f"{data_format}.")
    if oc % groups:
        raise ValueError(f"(InvalidArgument) The number of output's channels (filter's first "
                         f"dimension) of Op(Conv) should be divided by groups. But received "
                         f"output channels {oc}, groups {groups}.")
    oh, ow = conv_output_hw((h, wd), (kh, kw), strides, paddings, padding_algorithm, dilations)
    check_out_size("conv2d", oh, ow, f"input {list(x.shape)}, filter {list(w.shape)}, strides "
                   f"{strides}, paddings {list(paddings)}, dilations {dilations}")
    shape = (n, oc, oh, ow) if data_format == "NCHW" else (n, oh, ow, oc)
    return (shape, NP_TO_DTYPE[x.dtype])


def four_paddings(paddings, order):
    """[p], [ph, pw] or four paddings -> [top, bottom, left, right]. The four are in that order
    for conv and pool ("conv"), and [top, left, bottom, right] for unfold/fold ("unfold")."""
    p = list(paddings)
    if len(p) == 1:
        p = p * 4
    elif len(p) == 2:
        p = [p[0], p[0], p[1], p[1]]
    elif len(p) != 4:
        raise ValueError(f"(InvalidArgument) paddings must have 1, 2 or 4 elements, but "
                         f"received {list(paddings)}.")
    elif order == "unfold":
        p = [p[0], p[2], p[1], p[3]]
    return p


def unfold_paddings(paddings):
    """Paddle's unfold/fold paddings ([p], [ph, pw] or [top, left, bottom, right]) as
    [top, bottom, left, right] (the conv order the kernels use)."""
    return four_paddings(paddings, "unfold")


def check_out_size(op, oh, ow, what):
    if oh <= 0 or ow <= 0:
        raise ValueError(f"(InvalidArgument) The output size of {op} is not positive: {what} "
                         f"give [{oh}, {ow}].")


def _blocks(in_hw, kernel_sizes, strides, paddings, dilations):
    k, s, d = (_pair(kernel_sizes, "kernel_sizes"), _pair(strides, "strides"),
               _pair(dilations, "dilations"))
    _check_pos("kernel_sizes", k)
    _check_pos("strides", s)
    _check_pos("dilations", d)
    p = unfold_paddings(paddings)
    return [window_out_size(in_hw[i], k[i], s[i], p[2 * i], p[2 * i + 1], d[i])
            for i in range(2)], k


def UnfoldInferMeta(x, kernel_sizes, strides, paddings, dilations):
    xd = x._data
    if xd.ndim != 4:
        raise ValueError(f"(InvalidArgument) Input of unfold should be a 4-D Tensor [N, C, H, "
                         f"W], but received shape {list(xd.shape)}.")
    (oh, ow), k = _blocks(xd.shape[2:], kernel_sizes, strides, paddings, dilations)
    if oh <= 0 or ow <= 0:
        raise ValueError(f"(InvalidArgument) The dims of unfold's output blocks should be "
                         f"positive, but received [{oh}, {ow}] for input {list(xd.shape)}.")
    return ((xd.shape[0], xd.shape[1] * k[0] * k[1], oh * ow), NP_TO_DTYPE[xd.dtype])


def FoldInferMeta(x, output_sizes, kernel_sizes, strides, paddings, dilations):
    xd = x._data
    if xd.ndim != 3:
        raise ValueError(f"(InvalidArgument) Input of fold should be a 3-D Tensor [N, C * kh * "
                         f"kw, L], but received shape {list(xd.shape)}.")
    out_hw = _pair(output_sizes, "output_sizes")
    (oh, ow), k = _blocks(out_hw, kernel_sizes, strides, paddings, dilations)
    if xd.shape[1] % (k[0] * k[1]):
        raise ValueError(f"(InvalidArgument) The dimension 1 of fold's input ({xd.shape[1]}) "
                         f"should be divisible by kernel_sizes[0] * kernel_sizes[1] = "
                         f"{k[0] * k[1]}.")
    if oh * ow != xd.shape[2]:
        raise ValueError(
            f"(InvalidArgument) Given output_sizes {tuple(out_hw)}, kernel_sizes {tuple(k)}, "
            f"the number of blocks should be {oh} * {ow} = {oh * ow}, but the input's "
            f"dimension 2 is {xd.shape[2]}.")
    return ((xd.shape[0], xd.shape[1] // (k[0] * k[1]), out_hw[0], out_hw[1]),
            NP_TO_DTYPE[xd.dtype])
