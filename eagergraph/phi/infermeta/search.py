"""InferMeta for search ops (Paddle phi/infermeta/unary.cc TopKInferMeta)."""
from ..common import int32, int64
from .common import dtype_of, normalize_axis

__all__ = ["TopKInferMeta"]


def TopKInferMeta(x, k, axis, largest, sorted):
    shape = x._data.shape
    if isinstance(k, bool) or not isinstance(k, int):
        raise TypeError(f"(InvalidType) argument 'k' must be an int, but got {type(k).__name__}")
    if not shape:
        if k != 1:
            raise ValueError(f"(InvalidArgument) k must be 1 for a 0-D input, but got {k}")
        return [((), dtype_of(x)), ((), int64)]
    a = normalize_axis(axis, len(shape))
    if not 0 <= k <= shape[a]:
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
