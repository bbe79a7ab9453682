"""Shape functions that gradient formulas use (Paddle infermeta/backward.cc and the shape
arithmetic inside its composite rules). They take shapes, axes and index arrays, never
compute with gradients, and return ints, tuples or index arrays; backward.yaml calls them by
name, and the generated grad nodes reach them as `_meta.<name>`."""
import numpy as np

from ..common import int64
from .conv import conv_paddings, window_out_size
from .pool import pool_geometry

__all__ = ["reduced_axes", "reduce_keep_shape", "reduced_count", "inverse_perm",
           "concat_sections", "take_along_axis_flat_index", "conv_unfold_geometry",
           "pool_unfold_geometry", "index_dtype"]


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


def pool_unfold_geometry(x_shape, kernel_size, strides, paddings, ceil_mode, global_pooling,
                         padding_algorithm):
    """(kernel, strides, unfold paddings) whose unfold blocks are pool2d's windows (x NCHW),
    with ceil_mode's overhang added to the bottom and right paddings."""
    k, s, pads = pool_geometry(x_shape[2:], kernel_size, strides, paddings, global_pooling,
                               padding_algorithm)
    pads = list(pads)
    for i in range(2):
        n = x_shape[2 + i]
        out = window_out_size(n, k[i], s[i], pads[2 * i], pads[2 * i + 1], 1, ceil_mode)
        pads[2 * i + 1] += max((out - 1) * s[i] + k[i] - (n + pads[2 * i] + pads[2 * i + 1]), 0)
    return k, s, _unfold_order(pads)


__all__ += ["scan_last_perm", "scan_pair_masks"]


def scan_last_perm(ndim, axis):
    """The transpose perm that moves `axis` last (the others keep their order)."""
    axis %= ndim
    return tuple(i for i in range(ndim) if i != axis) + (axis,)


def scan_pair_masks(n, exclusive):
    """For an n-long scan: the identity mask [i, k] (k == i) and the mask of pairs (i, j) whose
    output j holds input i (j >= i; j > i for an exclusive scan)."""
    eye = np.eye(n, dtype=bool)
    keep = np.triu(np.ones((n, n), dtype=bool), 1 if exclusive else 0)
    return eye, keep
