"""Shape functions that gradient formulas use (Paddle infermeta/backward.cc and the shape
arithmetic inside its composite rules). They take shapes, axes and index arrays, never
compute with gradients, and return ints, tuples or index arrays; backward.yaml calls them by
name, and the generated grad nodes reach them as `_meta.<name>`."""
import numpy as np

from ..common import int64
from .conv import conv_paddings
from .pool import (pool_geometry, pool_out_size, pool_window_index, pool_gather, pool_max,
                   pool_first_equal,
                   pool_divisor)

__all__ = ["reduced_axes", "reduce_keep_shape", "reduced_count", "inverse_perm",
           "concat_sections", "take_along_axis_flat_index", "conv_unfold_geometry",
           "index_dtype", "channel_first_perm", "pool_scatter_index",
           "plane_flat_index", "plane_valid"]


def reduced_axes(ndim, axis):
    """The axes a reduction over `axis` (empty: all) removed, as non-negative ints."""
    if ndim == 0:
        return ()
    if not axis:
        return tuple(range(ndim))
    return tuple(a % ndim for a in axis)


def reduce_keep_shape(shape, axis):
    """The shape of a reduction over `axis` with keepdim=True: 1 on the reduced axes."""
    axes = reduced_axes(len(shape), axis)
    return tuple(1 if i in axes else n for i, n in enumerate(shape))


def reduced_count(shape, axis):
    """How many elements each output of a reduction over `axis` averages."""
    n = 1
    for a in reduced_axes(len(shape), axis):
        n *= shape[a]
    return n


def inverse_perm(perm):
    """The permutation that undoes transpose(x, perm)."""
    n = len(perm)
    inv = [0] * n
    for i, p in enumerate(perm):
        inv[p % n] = i
    return inv


def concat_sections(xs, axis):
    """The sizes along `axis` of the tensors concat joined (to split its gradient back)."""
    shapes = [tuple(t.shape) for t in xs]
    a = axis % max(len(shapes[0]), 1)
    return tuple(s[a] for s in shapes)


def take_along_axis_flat_index(shape, indices, axis):
    """Flat positions in an array of `shape` that take_along_axis(indices, axis) reads."""
    pos = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)
    return np.take_along_axis(pos, np.asarray(indices), axis=axis % len(shape)).reshape(-1)


def index_dtype():
    """The DataType of index tensors (argmax, arange) that formulas build: int64."""
    return int64


def _unfold_order(pads):
    """[top, bottom, left, right] -> unfold's [top, left, bottom, right]."""
    return [pads[0], pads[2], pads[1], pads[3]]


def conv_unfold_geometry(x_shape, filter_shape, strides, paddings, padding_algorithm,
                         dilations):
    """(unfold paddings, dilations) that make unfold's blocks conv2d's windows (x NCHW)."""
    s = list(strides) * 2 if len(strides) == 1 else list(strides)
    d = list(dilations) * 2 if len(dilations) == 1 else list(dilations)
    pads, d = conv_paddings(x_shape[2:], filter_shape[2:], s, paddings, padding_algorithm, d)
    return _unfold_order(pads), d


def channel_first_perm(ndim):
    """The transpose that moves a channel-last layout's channels to axis 1."""
    return [0, ndim - 1] + list(range(1, ndim - 1))


def plane_flat_index(shape, index):
    """Flat positions in an array of `shape` [N, C, *sp] of `index` [N, C, ...], positions
    within each [N, C] plane (a max pool's mask, unpool's indices)."""
    n, c = shape[0], shape[1]
    p = int(np.prod(shape[2:]))
    idx = np.asarray(index).reshape(n * c, -1).astype(np.int64)
    idx = np.maximum(idx, 0)  # a mask's -1 (a window with no maximum): see plane_valid
    return (idx + (np.arange(n * c, dtype=np.int64) * p)[:, None]).reshape(-1)


def plane_valid(index, dtype):
    """1 where `index` (a max pool's mask) names a position, 0 at its -1s, in `dtype`."""
    return (np.asarray(index) >= 0).astype(dtype.np_dtype if hasattr(dtype, "np_dtype")
                                          else dtype)


def pool_scatter_index(x, kernel_size, strides, paddings, ceil_mode, exclusive, pooling_type,
                       global_pooling, adaptive, padding_algorithm):
    """(flat positions in x [N, C, *sp] of every (output, window element) pair, as [N*C*O*K],
    and their weights [N or 1, C or 1, O, K] in x's dtype: 1 at each window's first maximum, or
    1 / the average's divisor; 0 over padding): a pool's grad is out_grad times the weights
    added at the positions."""
    xd = np.asarray(x)
    n, c = xd.shape[:2]
    sp = list(xd.shape[2:])
    ad = adaptive and not global_pooling
    k, s, pads = pool_geometry(sp, kernel_size, strides, paddings, global_pooling,
                               padding_algorithm, ad)
    table = pool_window_index(sp, k, s, pads, ceil_mode, ad)
    if pooling_type == "max":
        vals = pool_gather(xd, table, -np.inf)
        arg = pool_first_equal(vals, pool_max(vals, table >= 0))
        w = (np.arange(table.shape[1]) == arg[..., None]).astype(xd.dtype)
    else:
        out = pool_out_size(sp, k, s, pads, ceil_mode, ad)
        div = pool_divisor(table, sp, k, s, pads, out, exclusive, ad, xd.dtype)
        w = (table >= 0) / np.maximum(div, 1)[:, None]
        w = w.astype(xd.dtype)[None, None]
    p = int(np.prod(sp))
    flat = np.where(table < 0, 0, table)[None] + (np.arange(n * c) * p)[:, None, None]
    return flat.reshape(-1), w
