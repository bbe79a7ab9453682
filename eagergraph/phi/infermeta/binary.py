"""InferMeta for two-input ops (Paddle phi/infermeta/binary.cc)."""
from ..common import bool_, NP_TO_DTYPE
from .common import broadcast_shape

__all__ = ["ElementwiseInferMeta", "CompareInferMeta", "LogicalBinaryInferMeta",
           "ElementwiseRawInferMeta"]


def _same_dtype(x, y):
    # reached only by ops without type promotion (bitwise): Paddle raises ValueError there
    if x._data.dtype != y._data.dtype:
        raise ValueError(
            f"(InvalidArgument) x and y must have the same dtype after type promotion, but got "
            f"x: {NP_TO_DTYPE[x._data.dtype].name}, y: {NP_TO_DTYPE[y._data.dtype].name}.")


def ElementwiseInferMeta(x, y):
    """Broadcast shape of x and y; dtype of x (promotion already made them equal)."""
    xs, ys = x._data.shape, y._data.shape
    if x._data.dtype != y._data.dtype:
        _same_dtype(x, y)
    return (xs if xs == ys else broadcast_shape(xs, ys), NP_TO_DTYPE[x._data.dtype])


ElementwiseRawInferMeta = ElementwiseInferMeta


def CompareInferMeta(x, y):
    xs, ys = x._data.shape, y._data.shape
    return (xs if xs == ys else broadcast_shape(xs, ys), bool_)


LogicalBinaryInferMeta = CompareInferMeta
