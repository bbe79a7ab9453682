"""InferMeta for one-input ops (Paddle phi/infermeta/unary.cc)."""
from ..common import bool_, float32, float64, complex64, complex128, NP_TO_DTYPE
from .common import dtype_of

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
    return (x._data.shape, dtype_of(x))
