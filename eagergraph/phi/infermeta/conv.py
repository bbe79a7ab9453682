"""InferMeta for convolution, transposed convolution and the im2col pair (Paddle
phi/infermeta/binary.cc ConvInferMeta / ConvTransposeInferMeta, unary.cc UnfoldInferMeta /
FoldInferMeta), and the geometry they share with the kernels: explicit paddings from Paddle's
forms and padding algorithms (Paddle UpdatePaddingAndDilation), and output sizes, for any number
of spatial dims. Paddings are [before_0, after_0, before_1, after_1, ...] inside."""
from ..common import NP_TO_DTYPE

__all__ = ["ConvInferMeta", "Conv3DInferMeta", "ConvTransposeInferMeta", "UnfoldInferMeta",
           "FoldInferMeta"]

CHANNEL_LAST = ("NHWC", "NDHWC", "NLC")


def conv_paddings(in_sizes, k_sizes, strides, paddings, padding_algorithm, dilations):
    """([before_0, after_0, before_1, ...], dilations) for a window over `in_sizes`: paddings
    given as [p], [p per dim] or [before, after per dim], or computed for "SAME" (output =
    ceil(in / stride), dilation 1) and "VALID" (none), as Paddle's UpdatePaddingAndDilation."""
    nd = len(in_sizes)
    if padding_algorithm == "SAME":
        pads = []
        for n, k, s in zip(in_sizes, k_sizes, strides):
            out = (n + s - 1) // s
            total = max((out - 1) * s + k - n, 0)
            pads += [total // 2, total - total // 2]
        return pads, [1] * nd
    if padding_algorithm == "VALID":
        return [0] * (2 * nd), list(dilations)
    return pair_paddings(paddings, nd), list(dilations)


def pair_paddings(paddings, nd, op=None):
    """[p], [p per dim] or [before, after per dim] -> [before_0, after_0, before_1, ...] (ints);
    `op` names the caller in the error."""
    p = [int(i) for i in paddings]
    if len(p) == 1:
        return p * (2 * nd)
    if len(p) == nd:
        return [v for v in p for _ in range(2)]
    if len(p) == 2 * nd:
        return p
    where = f"{op}: " if op else ""
    raise ValueError(f"(InvalidArgument) {where}paddings should have 1, {nd} or {2 * nd} "
                     f"elements, but received {p}.")


def window_out_size(n, k, s, p0, p1, d=1, ceil_mode=False):
    """How many windows of size k (dilation d) with stride s fit in n padded by p0 + p1."""
    span = d * (k - 1) + 1
    if ceil_mode:
        return (n + p0 + p1 - span + s - 1) // s + 1
    return (n + p0 + p1 - span) // s + 1


def window_out_sizes(in_sizes, k, s, pads, d):
    return [window_out_size(in_sizes[i], k[i], s[i], pads[2 * i], pads[2 * i + 1], d[i])
            for i in range(len(in_sizes))]


def _check_pos(name, vals):
    if any(v <= 0 for v in vals):
        raise ValueError(f"(InvalidArgument) {name} should be positive, but received "
                         f"{list(vals)}.")


def _expand(v, n, name):
    v = list(v)
    if len(v) == 1:
        v = v * n
    if len(v) != n:
        raise ValueError(f"(InvalidArgument) {name} must have 1 or {n} elements, but received "
                         f"{v}.")
    return v


def conv_output_hw(in_hw, k_hw, strides, paddings, padding_algorithm, dilations):
    pads, dil = conv_paddings(in_hw, k_hw, strides, paddings, padding_algorithm, dilations)
    return window_out_sizes(in_hw, k_hw, strides, pads, dil)


def _spatial_split(shape, channel_last):
    """(N, C, spatial sizes) of an input shape in either layout."""
    if channel_last:
        return shape[0], shape[-1], list(shape[1:-1])
    return shape[0], shape[1], list(shape[2:])


def _conv_common(op, x, w, strides, dilations, groups, data_format, nd, transposed=False):
    what = "conv_transpose" if transposed else "Conv"
    if x.ndim != nd + 2:
        raise ValueError(f"(InvalidArgument) The input of Op({what}) should be a {nd + 2}-D "
                         f"Tensor, but received a {x.ndim}-D Tensor with shape "
                         f"{list(x.shape)}.")
    if w.ndim != x.ndim:
        raise ValueError(f"(InvalidArgument) The input's dimension and filter's dimension of "
                         f"Op({what}) should be equal. But received: the input's shape is "
                         f"{list(x.shape)}, the input's dimension is {x.ndim}; the filter's "
                         f"shape is {list(w.shape)}, the filter's dimension is {w.ndim}.")
    if x.dtype != w.dtype:
        raise ValueError(f"(InvalidArgument) The input ({NP_TO_DTYPE[x.dtype].name}) and filter "
                         f"({NP_TO_DTYPE[w.dtype].name}) of {op} must have the same dtype.")
    if len(strides) != nd:
        raise ValueError(
            f"(InvalidArgument) The difference of input's dimension and Attr(strides)'s length "
            f"must be equal to 2 for Op({what}). But received: input's dimension is {x.ndim}, "
            f"input's shape is {list(x.shape)}; Attr(stride)'s length is {len(strides)}, "
            f"Attr(stride) is {list(strides)}; difference of input's dimension and "
            f"Attr(strides)'s length = {x.ndim - len(strides)}.")
    dilations = _expand(dilations, nd, "dilations")
    _check_pos("strides", strides)
    _check_pos("dilations", dilations)
    if groups <= 0:
        raise ValueError(f"(InvalidArgument) groups should be positive, but received {groups}.")
    return list(strides), dilations


def ConvInferMeta(input, filter, strides, paddings, padding_algorithm, dilations, groups,
                  data_format, op="conv2d"):
    """conv2d / conv3d: input [N, C, *in] (or channel-last), filter [OC, C / groups, *k]."""
    x, w = input._data, filter._data
    if op == "conv2d" and data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"(InvalidArgument) data_format must be 'NCHW' or 'NHWC', but "
                         f"received '{data_format}'.")
    nd = 2 if op == "conv2d" else 3
    if op == "conv2d":
        strides = _expand(strides, 2, "strides")
    strides, dilations = _conv_common(op, x, w, strides, dilations, groups, data_format, nd)
    channel_last = data_format in CHANNEL_LAST
    n, c, in_sizes = _spatial_split(x.shape, channel_last)
    oc, cg, k = w.shape[0], w.shape[1], list(w.shape[2:])
    if c != cg * groups:
        raise ValueError(
            f"(InvalidArgument) The number of input's channels should be equal to filter's "
            f"channels * groups for Op(Conv). But received: the input's channels is {c}, the "
            f"input's shape is {list(x.shape)}; the filter's channels is {cg}, the filter's "
            f"shape is {list(w.shape)}; the groups is {groups}, the data_format is "
            f"{data_format}. The error may come from wrong data_format setting.")
    if oc % groups:
        raise ValueError(f"(InvalidArgument) The number of output's channels (filter's first "
                         f"dimension) of Op(Conv) should be divided by groups. But received "
                         f"output channels {oc}, groups {groups}.")
    out = conv_output_hw(in_sizes, k, strides, paddings, padding_algorithm, dilations)
    if any(o < 0 for o in out):  # 0: an empty output, as Paddle gives
        raise ValueError(f"(InvalidArgument) The output size of {op} is negative: input "
                         f"{list(x.shape)}, filter {list(w.shape)}, strides {strides}, paddings "
                         f"{list(paddings)}, dilations {dilations} give {out}.")
    shape = (n, *out, oc) if channel_last else (n, oc, *out)
    return (shape, NP_TO_DTYPE[x.dtype])


def Conv3DInferMeta(input, filter, strides, paddings, padding_algorithm, groups, dilations,
                    data_format):
    """conv3d (Paddle's argument order: groups before dilations)."""
    return ConvInferMeta(input, filter, strides, paddings, padding_algorithm, dilations, groups,
                         data_format, op="conv3d")


def conv_transpose_geometry(x_shape, filter_shape, strides, paddings, output_padding,
                            output_size, padding_algorithm, dilations, channel_last):
    """(output spatial sizes, paddings, dilations) of a transposed convolution of x by
    filter [C, OC / groups, *k]: (in - 1) * stride - paddings + dilation * (k - 1) + 1, plus
    output_padding, or output_size (which must lie in [that, that + stride))."""
    _, _, in_sizes = _spatial_split(x_shape, channel_last)
    nd = len(in_sizes)
    k = list(filter_shape[2:])
    pads, d = conv_paddings(in_sizes, k, strides, paddings, padding_algorithm,
                            _expand(dilations, nd, "dilations"))
    out = [(in_sizes[i] - 1) * strides[i] - pads[2 * i] - pads[2 * i + 1] + d[i] * (k[i] - 1)
           + 1 for i in range(nd)]
    if output_size:
        if len(output_size) != nd:
            raise ValueError(
                f"(InvalidArgument) The Attr(output_size) and Attr(stride) of "
                f"Op(conv_transpose) should be the same. But received output_size.size():"
                f"{len(output_size)} != strides.size():{nd}.")
        for i, (o, inf) in enumerate(zip(output_size, out)):
            if o < inf:
                raise ValueError(
                    f"(InvalidArgument) output_size of Op(ConvTransposeOp) should not be less "
                    f"than the inferred output size. But received output_size = "
                    f"[{list(output_size)}], whose dim {i} is less than the inferred output "
                    f"size [{inf}]")
            if o >= inf + strides[i]:
                raise ValueError(
                    f"(InvalidArgument) output_size of Op(ConvTransposeOp) should be less than "
                    f"inferred size + stride. But received output_size = [{list(output_size)}]"
                    f", whose dim {i} is not less than the inferred output size ({inf}) + "
                    f"stride ({strides[i]}) = {inf + strides[i]}")
        out = list(output_size)
    elif output_padding:
        if len(output_padding) != nd:
            raise ValueError(
                f"(InvalidArgument) The Attr(output_padding) and Attr(stride) of "
                f"Op(conv_transpose) should be the same. But received output_padding.size():"
                f"{len(output_padding)} != strides.size():{nd}.")
        for i, p in enumerate(output_padding):
            if not 0 <= p < max(strides[i], d[i]):
                raise ValueError(
                    f"(InvalidArgument) output_padding of Op(ConvTransposeOp) should be less "
                    f"than either stride or dilation. But received output_padding = "
                    f"{list(output_padding)}, whose dim {i} is not less than either stride "
                    f"({strides[i]}) or dilation ({d[i]})")
        out = [o + p for o, p in zip(out, output_padding)]
    if any(o <= 0 for o in out):
        raise ValueError(f"(InvalidArgument) The output size of conv_transpose is not "
                         f"positive: input {list(x_shape)}, filter {list(filter_shape)} give "
                         f"{out}.")
    if window_out_sizes(out, k, strides, pads, d) != in_sizes:
        raise ValueError(
            f"(InvalidArgument) The output size {out} and paddings {pads} of conv_transpose are "
            f"inconsistent: a convolution of that output with the same kernel, strides and "
            f"dilations would not give the input's size {in_sizes}.")
    return out, pads, d


def ConvTransposeInferMeta(x, filter, strides, paddings, output_padding, output_size,
                           padding_algorithm, groups, dilations, data_format):
    """conv2d_transpose / conv3d_transpose: x [N, C, *in] (or channel-last), filter
    [C, OC / groups, *k] -> [N, OC, *out]."""
    xd, w = x._data, filter._data
    nd = xd.ndim - 2
    strides = _expand(strides, nd, "strides") if nd in (2, 3) else list(strides)
    strides, _ = _conv_common("conv_transpose", xd, w, strides, dilations, groups, data_format,
                              nd, transposed=True)
    channel_last = data_format in CHANNEL_LAST
    n, c, _ = _spatial_split(xd.shape, channel_last)
    if c != w.shape[0]:
        raise ValueError(
            f"(InvalidArgument) The number of input channels should be equal to filter "
            f"channels for Op(conv_transpose). But received: the input's channels is [{c}], "
            f"the shape of input is {list(xd.shape)}, the filter's channels is [{w.shape[0]}], "
            f"the shape of filter is {list(w.shape)}. The data_format is {data_format}.The "
            f"error may come from wrong data_format setting.")
    if c % groups:
        raise ValueError(f"(InvalidArgument) The number of input channels ({c}) of "
                         f"Op(conv_transpose) should be divisible by groups ({groups}).")
    out, _, _ = conv_transpose_geometry(xd.shape, w.shape, strides, paddings, output_padding,
                                        output_size, padding_algorithm, dilations, channel_last)
    oc = w.shape[1] * groups
    shape = (n, *out, oc) if channel_last else (n, oc, *out)
    return (shape, NP_TO_DTYPE[xd.dtype])


def unfold_paddings(paddings, nd=2):
    """Paddle's unfold/fold paddings ([p], [p per dim] or [before per dim, after per dim]: for
    2-D [top, left, bottom, right]) as [before_0, after_0, before_1, ...] (the conv order the
    kernels use)."""
    p = list(paddings)
    if len(p) == 2 * nd:
        return [v for i in range(nd) for v in (p[i], p[nd + i])]
    return pair_paddings(p, nd)


def check_out_size(op, oh, ow, what):
    if oh <= 0 or ow <= 0:
        raise ValueError(f"(InvalidArgument) The output size of {op} is not positive: {what} "
                         f"give [{oh}, {ow}].")


def _blocks(in_sizes, kernel_sizes, strides, paddings, dilations):
    nd = len(in_sizes)
    k, s, d = (_expand(kernel_sizes, nd, "kernel_sizes"), _expand(strides, nd, "strides"),
               _expand(dilations, nd, "dilations"))
    _check_pos("kernel_sizes", k)
    _check_pos("strides", s)
    _check_pos("dilations", d)
    return window_out_sizes(in_sizes, k, s, unfold_paddings(paddings, nd), d), k


def _prod(v):
    p = 1
    for e in v:
        p *= e
    return p


def UnfoldInferMeta(x, kernel_sizes, strides, paddings, dilations):
    """unfold (im2col); also over 3 spatial dims when given 3 kernel sizes (the composite
    gradients of conv3d use that)."""
    xd = x._data
    nd = max(len(kernel_sizes), 2)
    if xd.ndim != nd + 2:
        raise ValueError(f"(InvalidArgument) Input of unfold should be a 4-D Tensor [N, C, H, "
                         f"W], but received shape {list(xd.shape)}.")
    out, k = _blocks(xd.shape[2:], kernel_sizes, strides, paddings, dilations)
    if any(o <= 0 for o in out):
        raise ValueError(f"(InvalidArgument) The dims of unfold's output blocks should be "
                         f"positive, but received {out} for input {list(xd.shape)}.")
    return ((xd.shape[0], xd.shape[1] * _prod(k), _prod(out)), NP_TO_DTYPE[xd.dtype])


def FoldInferMeta(x, output_sizes, kernel_sizes, strides, paddings, dilations):
    """fold (col2im), the adjoint of unfold; 2 or 3 output sizes."""
    xd = x._data
    if xd.ndim != 3:
        raise ValueError(f"(InvalidArgument) Input of fold should be a 3-D Tensor [N, C * kh * "
                         f"kw, L], but received shape {list(xd.shape)}.")
    nd = max(len(output_sizes), 2)
    out_sizes = _expand(output_sizes, nd, "output_sizes")
    out, k = _blocks(out_sizes, kernel_sizes, strides, paddings, dilations)
    kk = _prod(k)
    if xd.shape[1] % kk:
        names = " * ".join(f"kernel_sizes[{i}]" for i in range(nd))
        raise ValueError(f"(InvalidArgument) The dimension 1 of fold's input ({xd.shape[1]}) "
                         f"should be divisible by {names} = {kk}.")
    if _prod(out) != xd.shape[2]:
        raise ValueError(
            f"(InvalidArgument) Given output_sizes {tuple(out_sizes)}, kernel_sizes {tuple(k)}, "
            f"the number of blocks should be {' * '.join(map(str, out))} = {_prod(out)}, but "
            f"the input's dimension 2 is {xd.shape[2]}.")
    return ((xd.shape[0], xd.shape[1] // kk, *out_sizes), NP_TO_DTYPE[xd.dtype])
