"""InferMeta for search ops (Paddle phi/infermeta/unary.cc TopKInferMeta)."""
from ..common import int64
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
