"""Rearranging compositions (Paddle python/paddle/tensor/manipulation.py and math.py): rot90,
repeat_interleave, tensor_split, hsplit, vsplit, dsplit and diff. Each is Paddle's own Python
composition of differentiable ops (flip/transpose, index_select, slice/split, concat/subtract),
so gradients of any order come with those ops."""
import numpy as np

from .._generated import dygraph_functions as _ad
from ..tensor import Tensor
from ..eager_utils import parse_tensor

__all__ = ["rot90", "repeat_interleave", "tensor_split", "hsplit", "vsplit", "dsplit", "diff"]
TENSOR_METHODS = list(__all__)


def _tensor(v, op, arg, pos):
    return v if isinstance(v, Tensor) else parse_tensor(v, op, arg, pos)


def _is_int(v):
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def rot90(x, k=1, axes=[0, 1], name=None):
    """x rotated by k * 90 degrees in the plane of `axes`, from axes[0] towards axes[1]."""
    x = _tensor(x, "rot90", "x", 0)
    if not isinstance(axes, (list, tuple)):
        raise TypeError(f"The type of 'axes' in rot90 must be list or tuple, but received "
                        f"{type(axes)}.")
    n = x._data.ndim
    if len(axes) != 2:
        raise ValueError(f"expected total rotation axes == 2, but got axes = {len(axes)}")
    if n < 2:
        raise ValueError(f"expected total dims >= 2, but got total dims = {n}")
    if not (axes[0] != axes[1] and abs(axes[0] - axes[1]) != n):
        raise ValueError(f"expected rotation axes to be different, but got axis0 = {axes[0]}, "
                         f"and axis1 = {axes[1]}")
    if not -n <= axes[0] < n:
        raise ValueError(f"Rotation axis0 out of range, axis0 = {axes[0]}")
    if not -n <= axes[1] < n:
        raise ValueError(f"Rotation axis1 out of range, axis1 = {axes[1]}")
    k %= 4
    if k == 0:
        return x
    a0, a1 = axes[0] % n, axes[1] % n
    if k == 2:
        return _ad.flip_ad_func(x, [a0, a1])
    perm = list(range(n))
    perm[a0], perm[a1] = perm[a1], perm[a0]
    if k == 1:
        return _ad.transpose_ad_func(_ad.flip_ad_func(x, [a1]), perm)
    return _ad.flip_ad_func(_ad.transpose_ad_func(x, perm), [a1])


def repeat_interleave(x, repeats, axis=None, name=None, *, output_size=None):
    """Each slice of x along axis repeated `repeats` times (an int, or an int Tensor with one
    count per slice); axis=None repeats the elements of the flattened x. output_size, when
    given, truncates (or must match) the result's length, as Paddle's kernel does."""
    x = _tensor(x, "repeat_interleave", "x", 0)
    if axis is None:
        if x._data.ndim != 1:
            x = _ad.reshape_ad_func(x, [-1])
        axis = 0
    n = x._data.ndim
    if not -n <= axis < max(n, 1):
        raise IndexError(f"(OutOfRange) Attr(dim) is out of range, It's expected to be in range "
                         f"of [{-n}, {n - 1}]. But received Attr(dim) = {axis}.")
    axis = axis % n if n else 0
    dim = x._data.shape[axis] if n else 1
    if isinstance(repeats, Tensor):
        r = repeats._data.reshape(-1)
        if r.dtype not in (np.int32, np.int64):
            raise ValueError(f"(InvalidArgument) Input(RepeatsTensor) holds the wrong type, it "
                             f"holds {repeats.dtype.name}, but desires to be int32 or int64")
        if r.shape[0] != dim:
            raise ValueError(f"(InvalidArgument) The length of Input(RepeatsTensor) must be the "
                             f"same as length of Input(X) in axis. But received: [{r.shape[0]}], "
                             f"required: [{dim}].")
        if (r < 0).any():
            raise ValueError(f"(InvalidArgument) repeats must grater or equal than 0, but got "
                             f"{r[r < 0][0]}")
    elif _is_int(repeats):
        if repeats <= 0:
            raise ValueError("(InvalidArgument) repeats should be larger than zero")
        r = int(repeats)
    else:
        raise TypeError(f"repeat_interleave(): repeats must be an int or a Tensor, but got "
                        f"{type(repeats).__name__}")
    idx = np.repeat(np.arange(dim, dtype=np.int64), r)
    if output_size is not None and output_size >= 0:
        idx = idx[:output_size]
    if n == 0:
        x = _ad.reshape_ad_func(x, [1])
    return _ad.index_select_ad_func(x, Tensor._wrap(idx), axis)


# ---------------------------------------------------------------- tensor_split, h/v/dsplit
def tensor_split(x, num_or_indices, axis=0, name=None):
    """x split along axis into num_or_indices parts (an int: the first len % n parts one
    longer) or at the given indices (a list/tuple: parts x[:i0], x[i0:i1], ..., x[ik:])."""
    x = _tensor(x, "tensor_split", "x", 0)
    if isinstance(axis, Tensor):
        axis = int(axis._data.reshape(-1)[0])
    n = x._data.ndim
    if n <= 0 or n <= axis:
        raise ValueError(f"The input tensor's dimension must be greater than 0 or axis which is "
                         f"{axis}, but got {n}")
    total = x._data.shape[axis]
    if _is_int(num_or_indices):
        sections = int(num_or_indices)
        if sections <= 0:
            raise ValueError("num_or_indices must be larger than 0.")
        base, mod = divmod(total, sections)
        sizes = [base + 1] * mod + [base] * (sections - mod)
        return _ad.split_ad_func(x, sizes, axis)
    if not isinstance(num_or_indices, (list, tuple)):
        raise ValueError(f"The num_or_indices should be int, list or tuple of ints, but got "
                         f"{type(num_or_indices)}")
    axis = axis % n
    parts, start = [], 0
    for end in [*num_or_indices, total]:
        s = start if start >= 0 else total + start
        e = end if end >= 0 else total + end
        parts.append(_ad.slice_ad_func(x, [axis], [s], [max(s, e)], []))
        start = end
    return parts


def _nd_split(x, num_or_indices, min_dim, axis, op):
    x = _tensor(x, op, "x", 0)
    if x._data.ndim < min_dim:
        raise ValueError(f"The input tensor's dimension must be greater than {min_dim - 1}, but "
                         f"got {x._data.ndim}")
    return tensor_split(x, num_or_indices, axis=axis)


def hsplit(x, num_or_indices, name=None):
    """tensor_split along axis 1 (axis 0 for a 1-D x)."""
    x = _tensor(x, "hsplit", "x", 0)
    return _nd_split(x, num_or_indices, 1, 1 if x._data.ndim > 1 else 0, "hsplit")


def vsplit(x, num_or_indices, name=None):
    """tensor_split along axis 0 of an x of at least 2 dims."""
    return _nd_split(x, num_or_indices, 2, 0, "vsplit")


def dsplit(x, num_or_indices, name=None):
    """tensor_split along axis 2 of an x of at least 3 dims."""
    return _nd_split(x, num_or_indices, 3, 2, "dsplit")


# -------------------------------------------------------------------------------------- diff
def _diff_once(x, axis):
    d = x._data.shape[axis]
    back = _ad.slice_ad_func(x, [axis], [1], [d], [])
    front = _ad.slice_ad_func(x, [axis], [0], [max(d - 1, 0)], [])
    if x._data.dtype == np.bool_:
        return _ad.logical_xor_ad_func(back, front)
    return _ad.subtract_ad_func(back, front)


def diff(x, n=1, axis=-1, prepend=None, append=None, name=None, *, out=None):
    """The n-th forward difference of x along axis (x[i+1] - x[i]; logical xor for bool),
    after joining prepend and append to x along that axis."""
    x = _tensor(x, "diff", "x", 0)
    if n < 1:
        raise ValueError(f"Diff expects input to be at least one-dimensional but got {n}")
    nd = x._data.ndim
    axis = min(max(axis + nd if axis < 0 else axis, 0), nd)
    if prepend is not None or append is not None:
        parts = [t for t in (prepend, x, append) if t is not None]
        x = _ad.concat_ad_func([_tensor(t, "diff", "x", 0) for t in parts], axis)
    for _ in range(n):
        x = _diff_once(x, axis)
    return x
