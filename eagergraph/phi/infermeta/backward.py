"""Shape functions that gradient formulas use (Paddle infermeta/backward.cc and the shape
arithmetic inside its composite rules). They take shapes, axes and index arrays, never
compute with gradients, and return ints, tuples or index arrays; backward.yaml calls them by
name, and the generated grad nodes reach them as `_meta.<name>`."""
import numpy as np

__all__ = ["reduced_axes", "reduce_keep_shape", "reduced_count", "inverse_perm",
           "concat_sections", "take_along_axis_flat_index"]


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
