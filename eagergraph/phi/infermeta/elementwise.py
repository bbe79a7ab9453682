"""InferMeta of the elementwise family: one-input ops (Paddle phi/infermeta/unary.cc) and
two-input ops (binary.cc)."""
from ..common import bool_, float32, float64, complex64, complex128, NP_TO_DTYPE
from .common import dtype_of, broadcast_shape

__all__ = ["UnchangedInferMeta", "RealInferMeta", "CastInferMeta", "LogicalNotInferMeta",
           "ClipInferMeta", "IsfiniteInferMeta"]

_REAL_OF = {complex64: float32, complex128: float64}


def UnchangedInferMeta(x, *attrs):
    """Same shape and dtype as x (exp, tanh, scale, ...); attributes don't change the meta."""
    return (x._data.shape, NP_TO_DTYPE[x._data.dtype])


def RealInferMeta(x):
    """Same shape; complex dtypes map to their real dtype (abs of a complex tensor)."""
    d = dtype_of(x)
    return (x._data.shape, _REAL_OF.get(d, d))


def CastInferMeta(x, dtype):
    return (x._data.shape, dtype)


def LogicalNotInferMeta(x):
    return (x._data.shape, bool_)


IsfiniteInferMeta = LogicalNotInferMeta


def ClipInferMeta(x, min, max):
    if min > max:
        raise ValueError(f"(InvalidArgument) max should be greater than or equal to min. But "
                         f"received min = {float(min):f}, max = {float(max):f}")
    return (x._data.shape, dtype_of(x))


# ---- two-input ops (Paddle binary.cc)
__all__ += ["ElementwiseInferMeta", "CompareInferMeta", "LogicalBinaryInferMeta",
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


__all__ += ["Atan2InferMeta", "LerpInferMeta"]


def Atan2InferMeta(x, y):
    """Broadcast shape; integer inputs give float64, as Paddle's atan2 kernel."""
    shape, d = ElementwiseInferMeta(x, y)
    return (shape, float64 if x._data.dtype.kind in "iub" else d)


def LerpInferMeta(x, y, weight):
    """The broadcast shape of x, y and weight; x's dtype (all three must share it)."""
    for name, t in (("y", y), ("weight", weight)):
        if t._data.dtype != x._data.dtype:
            raise ValueError(f"(InvalidArgument) lerp(): {name} must have x's dtype "
                             f"{NP_TO_DTYPE[x._data.dtype].name}, but got "
                             f"{NP_TO_DTYPE[t._data.dtype].name}")
    shape = broadcast_shape(broadcast_shape(x._data.shape, y._data.shape), weight._data.shape)
    return (shape, NP_TO_DTYPE[x._data.dtype])


__all__ += ["IscloseInferMeta", "AllcloseInferMeta"]


def IscloseInferMeta(x, y, rtol, atol, equal_nan):
    """x's shape (y must have the same: no broadcasting), bool; x and y of one dtype."""
    xs, ys = x._data.shape, y._data.shape
    if len(xs) != len(ys):
        raise RuntimeError("(PreconditionNotMet) Input(Input) and Input(Other) must have the same "
                           "dimension size.")
    for i, (a, b) in enumerate(zip(xs, ys)):
        if a != b:
            raise RuntimeError(f"(PreconditionNotMet) The value at dim {i} of Input(Input) is "
                               f"not equal to the Input(Other): {a} != {b}.")
    if x._data.dtype != y._data.dtype:
        raise ValueError(f"(InvalidArgument) The type of data we are trying to retrieve "
                         f"({dtype_of(x).name}) does not match the type of data "
                         f"({dtype_of(y).name}) currently contained in the container.")
    return (xs, bool_)


def AllcloseInferMeta(x, y, rtol, atol, equal_nan):
    IscloseInferMeta(x, y, rtol, atol, equal_nan)
    return ((), bool_)
