"""InferMeta for search ops (Paddle phi/infermeta/unary.cc TopKInferMeta)."""
import numpy as np

from ..common import int32, int64
from .common import dtype_of, normalize_axis

__all__ = ["TopKInferMeta"]


def TopKInferMeta(x, k, axis, largest, sorted):
    shape = x._data.shape
    if isinstance(k, bool) or not isinstance(k, int):
        raise TypeError(f"(InvalidType) argument 'k' must be an int, but got {type(k).__name__}")
    if k < 1:
        raise ValueError(f"(InvalidArgument) the attribute of k in the topk must >= 1 or be a "
                         f"Tensor, but received {k} .")
    if not shape:
        if k != 1:
            raise ValueError(f"(InvalidArgument) k must be 1 for a 0-D input, but got {k}")
        return [((), dtype_of(x)), ((), int64)]
    a = normalize_axis(axis, len(shape))
    if k > shape[a]:
        raise ValueError(
            f"(InvalidArgument) The rank ({k}) of the input 'k' for topk op must be less than or "
            f"equal to {shape[a]} (the size of axis {axis}) and not negative.")
    out = shape[:a] + (k,) + shape[a + 1:]
    return [(out, dtype_of(x)), (out, int64)]


__all__ += ["ArgsortInferMeta"]


def ArgsortInferMeta(x, axis, descending, stable):
    shape = x._data.shape
    if shape:
        normalize_axis(axis, len(shape))
    return [(shape, dtype_of(x)), (shape, int64)]


__all__ += ["UniqueInferMeta", "UniqueConsecutiveInferMeta"]


def _unique_rows(x, axis):
    a = x._data
    if len(axis) > 1:
        raise ValueError(f"(InvalidArgument) The size of axis should be 0 or 1, but received "
                         f"{len(axis)}.")
    if not axis:
        return a.reshape(-1), None
    nd = a.ndim
    ax = axis[0]
    if not -nd <= ax < nd:
        raise ValueError(f"(InvalidArgument) The axis({ax}) should be less than the dimension "
                         f"size({nd}) of x.")
    ax %= nd
    m = np.moveaxis(a, ax, 0)
    return m.reshape(m.shape[0], -1), ax


def _index_dtype(dtype):
    if dtype.name not in ("int32", "int64"):
        raise NotImplementedError(f"(Unimplemented) Not supported {dtype.name} as data type of "
                                  f"the indices (int32 or int64).")
    return dtype


def UniqueInferMeta(x, axis, dtype):
    """(distinct values, first indices, inverse, counts): the count of distinct values (or
    slices) is the data's, so it is found here."""
    d = _index_dtype(dtype)
    rows, ax = _unique_rows(x, axis)
    if ax is None:
        k = len(np.unique(rows, equal_nan=False))
        return [((k,), dtype_of(x)), ((k,), d), ((rows.size,), d), ((k,), d)]
    k = len(np.unique(rows, axis=0))
    shape = x._data.shape
    n = shape[ax]
    return [(shape[:ax] + (k,) + shape[ax + 1:], dtype_of(x)), ((k,), d), ((n,), d), ((k,), d)]


def UniqueConsecutiveInferMeta(x, axis, dtype):
    """(values at the start of each run, inverse, counts)."""
    d = _index_dtype(dtype)
    rows, ax = _unique_rows(x, axis)
    n = len(rows)
    k = int(n > 0) + (int(np.count_nonzero(
        (rows[1:] != rows[:-1]) if rows.ndim == 1 else (rows[1:] != rows[:-1]).any(1)))
        if n > 1 else 0)
    shape = (k,) if ax is None else x._data.shape[:ax] + (k,) + x._data.shape[ax + 1:]
    return [(shape, dtype_of(x)), ((n,), d), ((k,), d)]

__all__ += ["SearchsortedInferMeta"]


def SearchsortedInferMeta(sorted_sequence, values, out_int32, right):
    ss, vs = sorted_sequence._data.shape, values._data.shape
    if len(ss) < 1:
        raise ValueError(f"(InvalidArgument) Input sequences's dimension({len(ss)}) must be "
                         f"greater or equal than 1")
    if len(ss) > 1 and (len(ss) != len(vs) or ss[:-1] != vs[:-1]):
        raise RuntimeError(
            f"(Unavailable) The dimensions of sorted_sequence tensor ( {', '.join(map(str, ss))} "
            f") and values tensor ( {', '.join(map(str, vs))} ) can not match. Because the input "
            f"sorted_sequence tensor must be 1 dimension or the first N-1 dimensions of "
            f"sorted_sequence tensor and input values tensor must match. Please input "
            f"appropriate sorted_sequence and values again!")
    return vs, int32 if out_int32 else int64
