"""InferMeta for pooling (Paddle phi/infermeta/unary.cc Pool2DInferMeta, MaxPoolWithIndexInferMeta,
phi/infermeta/binary.cc UnpoolInferMeta) and the window geometry the pool kernels and grad
formulas share, for any number of spatial dims: kernel, strides and explicit paddings from
Paddle's forms, global and adaptive pooling, the padding algorithms, and the table of each
window's flat positions in its input plane."""
import numpy as np

from ..common import NP_TO_DTYPE, int32
from .conv import pair_paddings

__all__ = ["Pool2DInferMeta", "Pool3DInferMeta", "MaxPoolWithIndexInferMeta", "UnpoolInferMeta"]


def _nd(v, nd):
    v = [int(i) for i in v]
    return v * nd if len(v) == 1 else v


def nd_paddings(paddings, nd, op="pool"):
    """[p], [p_1, .., p_nd] or [before_1, after_1, .., before_nd, after_nd] -> the 2 * nd form."""
    return pair_paddings(paddings, nd, op)


def pool_geometry(in_sp, kernel_size, strides, paddings, global_pooling, padding_algorithm,
                  adaptive=False):
    """(kernel, strides, paddings [before_1, after_1, ...]) of a pooling over spatial dims
    `in_sp`; adaptive pooling's kernel_size is the output size."""
    nd = len(in_sp)
    k, s = _nd(kernel_size, nd), _nd(strides, nd)
    if global_pooling:
        return list(in_sp), [1] * nd, [0] * (2 * nd)
    if adaptive:
        return k, s, [0] * (2 * nd)
    if padding_algorithm == "SAME":
        pads = []
        for n, kk, ss in zip(in_sp, k, s):
            total = max(((n + ss - 1) // ss - 1) * ss + kk - n, 0)
            pads += [total // 2, total - total // 2]
        return k, s, pads
    if padding_algorithm == "VALID":
        return k, s, [0] * (2 * nd)
    return k, s, nd_paddings(paddings, nd)


def pool_out_size(in_sp, k, s, pads, ceil_mode, adaptive=False):
    """Output sizes as Paddle's PoolOutputSize (C++ integer division, which truncates: a
    kernel larger than the padded input still gives one window)."""
    if adaptive:
        return [n if o is None else o for n, o in zip(in_sp, k)]
    out = []
    for i, n in enumerate(in_sp):
        span = n + pads[2 * i] + pads[2 * i + 1] - k[i] + (s[i] - 1 if ceil_mode else 0)
        out.append((span // s[i] if span >= 0 else -(-span // s[i])) + 1)
    return out


def pool_window_index(in_sp, k, s, pads, ceil_mode, adaptive=False):
    """[O, K]: for each output position (row-major) the flat positions in the input plane of
    its window's elements (row-major over the window), -1 where the window is over padding
    (or, adaptive, past its cell). Adaptive cell i covers [floor(i n / o), ceil((i + 1) n / o))
    as Paddle's AdaptStartIndex / AdaptEndIndex."""
    nd = len(in_sp)
    out = pool_out_size(in_sp, k, s, pads, ceil_mode, adaptive)
    flat = np.zeros([1] * (2 * nd), np.int64)
    valid = np.ones([1] * (2 * nd), bool)
    step = 1
    for i in reversed(range(nd)):
        n, o = in_sp[i], out[i]
        cells = np.arange(o)
        if adaptive:
            start = cells * n // o
            end = -((-(cells + 1) * n) // o)
            kk = int((end - start).max())
            pos = start[:, None] + np.arange(kk)
            ok = pos < end[:, None]
        else:
            kk = k[i]
            pos = (cells * s[i] - pads[2 * i])[:, None] + np.arange(kk)
            ok = (pos >= 0) & (pos < n)
        shape = [1] * (2 * nd)
        shape[i], shape[nd + i] = o, kk
        flat = flat + (np.where(ok, pos, 0) * step).reshape(shape)
        valid = valid & ok.reshape(shape)
        step *= n
    flat = np.where(valid, flat, -1)
    o_total = int(np.prod(out))
    return flat.reshape(o_total, -1)


def _spatial(x_shape, channel_last):
    return (list(x_shape[1:-1]), x_shape[-1]) if channel_last else (list(x_shape[2:]),
                                                                     x_shape[1])


def _pool_meta(op, nd, x, kernel_size, strides, paddings, ceil_mode, data_format, global_pooling,
               adaptive, padding_algorithm, formats):
    xd = x._data
    if xd.ndim != nd + 2:
        raise ValueError(f"(InvalidArgument) The input of {op} should be a {nd + 2}-D Tensor, "
                         f"but received a {xd.ndim}-D Tensor with shape {list(xd.shape)}.")
    if data_format not in formats:
        raise ValueError(f"(InvalidArgument) data_format must be one of {list(formats)}, but "
                         f"received '{data_format}'.")
    channel_last = data_format == formats[1]
    sp, c = _spatial(xd.shape, channel_last)
    if len(kernel_size) not in (1, nd) or len(strides) not in (1, nd):
        raise ValueError(f"(InvalidArgument) {op}: kernel_size {list(kernel_size)} and strides "
                         f"{list(strides)} should have 1 or {nd} elements.")
    k, s, pads = pool_geometry(sp, kernel_size, strides, paddings, global_pooling,
                               padding_algorithm, adaptive)
    if min(v for v in k if v is not None) <= 0 or min(s) <= 0:
        raise ValueError(f"(InvalidArgument) {op}: kernel_size {list(kernel_size)} and strides "
                         f"{list(strides)} should be positive.")
    out = pool_out_size(sp, k, s, pads, ceil_mode, adaptive)
    if min(out, default=1) <= 0:
        raise ValueError(f"(InvalidArgument) The output size of {op} is not positive: input "
                         f"{list(xd.shape)}, kernel {k}, strides {s}, paddings {pads} give "
                         f"{out}.")
    n = xd.shape[0]
    return (n, *out, c) if channel_last else (n, c, *out)


def Pool2DInferMeta(x, kernel_size, strides, paddings, ceil_mode, exclusive, data_format,
                    pooling_type, global_pooling, adaptive, padding_algorithm):
    _check_type(pooling_type)
    shape = _pool_meta("pool2d", 2, x, kernel_size, strides, paddings, ceil_mode, data_format,
                       global_pooling, adaptive, padding_algorithm, ("NCHW", "NHWC"))
    return (shape, NP_TO_DTYPE[x._data.dtype])


def Pool3DInferMeta(x, kernel_size, strides, paddings, ceil_mode, exclusive, data_format,
                    pooling_type, global_pooling, adaptive, padding_algorithm):
    _check_type(pooling_type)
    shape = _pool_meta("pool3d", 3, x, kernel_size, strides, paddings, ceil_mode, data_format,
                       global_pooling, adaptive, padding_algorithm, ("NCDHW", "NDHWC"))
    return (shape, NP_TO_DTYPE[x._data.dtype])


def _check_type(pooling_type):
    if pooling_type not in ("max", "avg"):
        raise ValueError(f"(InvalidArgument) pooling_type must be 'max' or 'avg', but "
                         f"received '{pooling_type}'.")


def MaxPoolWithIndexInferMeta(x, kernel_size, strides, paddings, global_pooling, adaptive,
                              ceil_mode):
    """max_pool2d/3d_with_index: out and the int32 mask (flat index within each input plane);
    paddings one per spatial dim, as Paddle's."""
    nd = x._data.ndim - 2
    if nd not in (2, 3):
        raise ValueError(f"(InvalidArgument) Pooling intput should be 4-D or 5-D tensor but "
                         f"received {x._data.ndim}-D")
    if not (global_pooling or adaptive) and len(paddings) != len(_nd(kernel_size, nd)):
        raise ValueError(f"(InvalidArgument) Paddings size {len(paddings)} and pooling size "
                         f"{len(_nd(kernel_size, nd))} should be the same.")
    formats = ("NCHW", "NHWC") if nd == 2 else ("NCDHW", "NDHWC")
    shape = _pool_meta(f"max_pool{nd}d_with_index", nd, x, kernel_size, strides, paddings,
                       ceil_mode, formats[0], global_pooling, adaptive, "EXPLICIT", formats)
    return ((shape, NP_TO_DTYPE[x._data.dtype]), (shape, int32))


def UnpoolInferMeta(x, indices, ksize, strides, paddings, output_size, data_format):
    """unpool / unpool3d: [N, C, *output_size] in x's dtype."""
    xd, idx = x._data, indices._data
    if xd.ndim not in (4, 5):
        raise ValueError(f"(InvalidArgument) Unpool Input(X) must be 4-D or 5-D, but received "
                         f"{xd.ndim}-D.")
    if idx.shape != xd.shape:
        raise ValueError(f"(InvalidArgument) The shapes of Input(X) {list(xd.shape)} and "
                         f"Input(Indices) {list(idx.shape)} should be the same.")
    if idx.dtype not in (np.int32, np.int64):
        raise TypeError(f"(InvalidType) The indices of unpool should be int32 or int64, but "
                        f"received {idx.dtype}.")
    out = [int(v) for v in output_size][-(xd.ndim - 2):]
    return ((xd.shape[0], xd.shape[1], *out), NP_TO_DTYPE[xd.dtype])


# NumPy helpers the pool kernels and the grad formulas share (arrays channel-first)

def pool_gather(x, table, fill):
    """[N, C, O, K]: x's window elements by `table` (pool_window_index), `fill` for -1."""
    n, c = x.shape[:2]
    xf = x.reshape(n, c, -1)
    xf = np.concatenate([xf, np.full((n, c, 1), fill, x.dtype)], axis=2)
    return xf[:, :, table]


LOWEST = float(np.finfo(np.float32).min)  # Paddle's initial value of a max, in every dtype


def pool_argmax(vals):
    """max_pool*_with_index per window (last axis): the first maximum and its position, by
    Paddle's strict `>` scan from the lowest float32, so NaN is never the maximum; a window with
    nothing above that (over padding only, or all NaN) gives the lowest float32 and -1."""
    nan = np.isnan(vals)
    if nan.any():
        vals = np.where(nan, -np.inf, vals)
    arg = vals.argmax(axis=-1)
    best = np.take_along_axis(vals, arg[..., None], -1)[..., 0]
    none = ~(best > LOWEST)
    if none.any():
        arg = np.where(none, -1, arg)
        best = np.where(none, vals.dtype.type(LOWEST), best)
    return arg, best


def pool_max(vals, valid):
    """pool2d/pool3d's max per window (last axis) of vals (padding filled with -inf; `valid`
    marks the input elements), as Paddle's scan y = (y > v ? y : v) from the lowest float32: the
    maximum, at least the lowest float32; a NaN resets the scan, so the result is the maximum
    of what follows the window's last NaN, or NaN when nothing does."""
    out = vals.max(axis=-1)
    nan = np.isnan(out)
    if nan.any():
        k = vals.shape[-1]
        isn = np.isnan(vals)
        last = k - 1 - isn[..., ::-1].argmax(axis=-1)
        after = valid & (np.arange(k) > last[..., None])
        tail = np.where(after, vals, -np.inf).max(axis=-1)
        out = np.where(nan, np.where(after.any(axis=-1), tail, np.nan), out)
        return np.where(nan, out, np.maximum(out, vals.dtype.type(LOWEST)))
    return np.maximum(out, vals.dtype.type(LOWEST))


def pool_first_equal(vals, out):
    """Per window, the position of the first element equal to its max `out` (the one Paddle's
    max-pool grad gives the whole grad), -1 where none is (NaN, an empty window)."""
    hit = vals == out[..., None]
    arg = hit.argmax(axis=-1)
    return np.where(hit.any(axis=-1), arg, -1)


def pool_divisor(table, in_sp, k, s, pads, out, exclusive, adaptive, dtype):
    """[O] divisors of average pooling: the window's input elements (exclusive, adaptive), else
    as Paddle's CPU kernel, per dim min(start + k, n + pad_before) - start with start the
    window's first position counting the padding before it (so padding after the input counts
    only as far as pad_before reaches); at least 1, so that a window over padding only
    averages to 0 (Paddle divides 0 by 0 when exclusive: NaN; a deliberate difference, see
    README)."""
    if exclusive or adaptive:
        return np.maximum((table >= 0).sum(axis=1), 1).astype(dtype)
    nd = len(in_sp)
    div = np.ones([1] * nd, np.int64)
    for i, n in enumerate(in_sp):
        start = np.arange(out[i]) * s[i] - pads[2 * i]
        shape = [1] * nd
        shape[i] = out[i]
        div = div * (np.minimum(start + k[i], n + pads[2 * i]) - start).reshape(shape)
    return np.maximum(div.reshape(-1), 1).astype(dtype)
