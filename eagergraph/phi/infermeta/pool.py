"""InferMeta for pooling (Paddle phi/infermeta/unary.cc Pool2DInferMeta) and the window geometry
the pool kernels share: kernel, strides and explicit paddings from Paddle's forms, global
pooling and the padding algorithms."""
from ..common import NP_TO_DTYPE
from .conv import conv_paddings, window_out_size, check_out_size

__all__ = ["Pool2DInferMeta"]


def pool_geometry(in_hw, kernel_size, strides, paddings, global_pooling, padding_algorithm):
    """(kernel [kh, kw], strides [sh, sw], paddings [top, bottom, left, right])."""
    k = list(kernel_size)
    if len(k) == 1:
        k = k * 2
    s = list(strides)
    if len(s) == 1:
        s = s * 2
    if global_pooling:
        return list(in_hw), [1, 1], [0, 0, 0, 0]
    pads, _ = conv_paddings(in_hw, k, s, paddings, padding_algorithm, [1, 1])
    return k, s, pads


def Pool2DInferMeta(x, kernel_size, strides, paddings, ceil_mode, exclusive, data_format,
                    pooling_type, global_pooling, adaptive, padding_algorithm):
    xd = x._data
    if xd.ndim != 4:
        raise ValueError(f"(InvalidArgument) The input of pool2d should be a 4-D Tensor, but "
                         f"received a {xd.ndim}-D Tensor with shape {list(xd.shape)}.")
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"(InvalidArgument) data_format must be 'NCHW' or 'NHWC', but "
                         f"received '{data_format}'.")
    if pooling_type not in ("max", "avg"):
        raise ValueError(f"(InvalidArgument) pooling_type must be 'max' or 'avg', but "
                         f"received '{pooling_type}'.")
    if adaptive:
        raise NotImplementedError(
            "pool2d: adaptive=True is not an op here; use paddle.nn.functional."
            "adaptive_avg_pool2d / adaptive_max_pool2d, which compose it.")
    n, c, h, w = xd.shape if data_format == "NCHW" else (xd.shape[0], xd.shape[3],
                                                           xd.shape[1], xd.shape[2])
    k, s, pads = pool_geometry((h, w), kernel_size, strides, paddings, global_pooling,
                               padding_algorithm)
    if len(k) != 2 or len(s) != 2 or min(k) <= 0 or min(s) <= 0:
        raise ValueError(f"(InvalidArgument) pool2d: kernel_size {list(kernel_size)} and "
                         f"strides {list(strides)} must be 1 or 2 positive ints.")
    oh = window_out_size(h, k[0], s[0], pads[0], pads[1], 1, ceil_mode)
    ow = window_out_size(w, k[1], s[1], pads[2], pads[3], 1, ceil_mode)
    check_out_size("pool2d", oh, ow, f"input {list(xd.shape)}, kernel {k}, strides {s}, "
                   f"paddings {pads}")
    shape = (n, c, oh, ow) if data_format == "NCHW" else (n, oh, ow, c)
    return (shape, NP_TO_DTYPE[xd.dtype])
