"""Shape functions that gradient formulas use (Paddle infermeta/backward.cc and the shape
arithmetic inside its composite rules). They take shapes, axes and index arrays, never
compute with gradients, and return ints, tuples or index arrays; backward.yaml calls them by
name, and the generated grad nodes reach them as `_meta.<name>`."""
import numpy as np

from ..common import int64
from .conv import CHANNEL_LAST, conv_paddings, conv_transpose_geometry
from .pool import (pool_geometry, pool_out_size, pool_window_index, pool_gather, pool_max,
                   pool_first_equal, pool_divisor)

__all__ = ["reduced_axes", "reduce_keep_shape", "reduced_count", "inverse_perm",
           "concat_sections", "take_along_axis_flat_index", "conv_unfold_geometry",
           "conv_transpose_unfold_geometry", "channel_perms", "volume", "index_dtype",
           "qr_grad_check", "lu_row_permutation", "lu_permutation_matrix", "channel_first_perm",
           "pool_scatter_index", "plane_flat_index", "plane_valid", "ce_hard_label_masks",
           "broadcast_axes"]


def reduced_axes(ndim, axis):
    """The axes a reduction over `axis` (empty: all) removed, as non-negative ints."""
    if ndim == 0:
        return ()
    if not axis:
        return tuple(range(ndim))
    return tuple(a % ndim for a in axis)


def broadcast_axes(out_shape, shape):
    """The axes of `out_shape` that broadcasting an array of `shape` to it added or stretched
    (what a gradient is summed over to get back to `shape`)."""
    lead = len(out_shape) - len(shape)
    return tuple(range(lead)) + tuple(i + lead for i, n in enumerate(shape)
                                      if n == 1 and out_shape[i + lead] != 1)


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


def ce_hard_label_masks(label, shape, axis, ignore_index, dtype):
    """Hard labels of a softmax cross entropy (class ids, shape with a class axis of size 1)
    as arrays in `dtype` for its gradient: `hit` of `shape`, 1 at each label's class; `keep`
    of label's shape, 0 where the label is ignore_index, else 1; `rest`, 1 - hit."""
    lbl = np.asarray(label).astype(np.int64)
    np_dtype = dtype.np_dtype if hasattr(dtype, "np_dtype") else dtype
    ignored = lbl == ignore_index
    classes = np.arange(shape[axis]).reshape([shape[axis] if i == axis else 1
                                              for i in range(len(shape))])
    hit = (np.where(ignored, -1, lbl) == classes).astype(np_dtype)
    return hit, (~ignored).astype(np_dtype), (1 - hit).astype(np_dtype)


def index_dtype():
    """The DataType of index tensors (argmax, arange) that formulas build: int64."""
    return int64


def _unfold_order(pads):
    """[before_0, after_0, before_1, after_1, ...] -> unfold's [before_0, before_1, ...,
    after_0, after_1, ...] (for 2-D: [top, left, bottom, right])."""
    return list(pads[0::2]) + list(pads[1::2])


def _expand(v, n):
    v = list(v)
    return v * n if len(v) == 1 else v


def conv_unfold_geometry(x_shape, filter_shape, strides, paddings, padding_algorithm,
                         dilations):
    """(unfold paddings, dilations) that make unfold's blocks a convolution's windows (x
    channel-first, any number of spatial dims)."""
    nd = len(x_shape) - 2
    pads, d = conv_paddings(x_shape[2:], filter_shape[2:], _expand(strides, nd), paddings,
                            padding_algorithm, _expand(dilations, nd))
    return _unfold_order(pads), d


def conv_transpose_unfold_geometry(x_shape, filter_shape, strides, paddings, output_padding,
                                   output_size, padding_algorithm, dilations):
    """(unfold paddings, dilations) that make unfold's blocks of a transposed convolution's
    output the windows that sum into it (x channel-first)."""
    _, pads, d = conv_transpose_geometry(x_shape, filter_shape,
                                         _expand(strides, len(x_shape) - 2), paddings,
                                         output_padding, output_size, padding_algorithm,
                                         dilations, False)
    return _unfold_order(pads), d


def volume(shape):
    """The number of elements of `shape` (explicit reshape sizes, where -1 would be ambiguous
    for empty tensors)."""
    n = 1
    for v in shape:
        n *= v
    return n


def channel_perms(ndim, data_format):
    """(to channel-first, back to channel-last) permutations for a channel-last data_format,
    (None, None) for a channel-first one."""
    if data_format not in CHANNEL_LAST:
        return None, None
    return [0, ndim - 1] + list(range(1, ndim - 1)), [0] + list(range(2, ndim)) + [1]


def qr_grad_check(mode, m, n):
    """qr's gradient needs Q, and a square R (or a wide x): Paddle's qr_grad errors."""
    if mode == "r":
        raise ValueError("(InvalidArgument) The derivative of qr is not implemented when "
                         "mode='r'.")
    if mode == "complete" and m > n:
        raise ValueError(f"(InvalidArgument) The derivative of qr is not implemented when "
                         f"mode='complete' and {m} > {n}.")


def lu_row_permutation(pivots, m):
    """The rows LAPACK's 1-based pivots (swap row i with row pivots[i] - 1, in order) bring to
    the top: (P^T x)[i] = x[perm[i]], batched over the leading axes."""
    piv = np.asarray(pivots).astype(np.int64) - 1
    batch = piv.shape[:-1]
    perm = np.broadcast_to(np.arange(m, dtype=np.int64), batch + (m,)).copy()
    for i in range(piv.shape[-1]):  # the swaps in order; each is vectorised over the batch
        j = piv[..., i:i + 1]
        pi = perm[..., i:i + 1].copy()
        perm[..., i:i + 1] = np.take_along_axis(perm, j, -1)
        np.put_along_axis(perm, j, pi, -1)
    return perm


def lu_permutation_matrix(pivots, m):
    """P (float64) with x = P L U: P[perm[i], i] = 1."""
    perm = lu_row_permutation(pivots, m)
    p = np.zeros(perm.shape + (m,), np.float64)
    np.put_along_axis(p, perm[..., None], 1.0, axis=-1)
    return np.ascontiguousarray(np.swapaxes(p, -1, -2))


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
