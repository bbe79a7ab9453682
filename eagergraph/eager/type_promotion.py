"""Type promotion for binary ops (Paddle phi/common/type_promotion.h), as data.

Tensor-tensor (Paddle 3.x): when the dtypes differ, promotion happens only between floating
dtypes, or between a complex dtype and any real one; every other mix (int32 + float32, int32 +
int64, bool + float32) is a TypeError. Tensor-scalar promotion goes by category and lives in
`scalar_result_dtype` (used by the Tensor operators).
"""
from ..phi.common import (NP_TO_DTYPE, int64, float16, bfloat16, float32, float64, complex64,
                          complex128)

# The float lattice: f16 and bf16 meet at f32.
_FLOAT_ORDER = {float16: 1, bfloat16: 1, float32: 2, float64: 3}
_TO_COMPLEX = {float16: complex64, bfloat16: complex64, float32: complex64, float64: complex128}


def promote_types(x, y):
    """The common DataType of two tensor dtypes, or TypeError as Paddle raises it."""
    if x is y:
        return x
    if x.is_complex or y.is_complex:
        if x.is_complex and y.is_complex:
            return complex128 if complex128 in (x, y) else complex64
        c, r = (x, y) if x.is_complex else (y, x)
        if c is complex64 and r is float64:
            return complex128
        return c
    if x.is_floating_point and y.is_floating_point:
        if _FLOAT_ORDER[x] == _FLOAT_ORDER[y]:  # float16 with bfloat16
            return float32
        return x if _FLOAT_ORDER[x] > _FLOAT_ORDER[y] else y
    raise TypeError(
        f"(InvalidType) Type promotion only support calculations between floating-point numbers "
        f"and between complex and real numbers. But got different data type x: {x.name}, "
        f"y: {y.name}. Cast one of them with .astype() first.")


def promote_binary(op, x, y):
    """Cast x and y to their common dtype (through `cast`, so gradients flow back)."""
    from .._generated.dygraph_functions import cast_ad_func
    xd, yd = NP_TO_DTYPE[x._data.dtype], NP_TO_DTYPE[y._data.dtype]
    try:
        to = promote_types(xd, yd)
    except TypeError as e:
        raise TypeError(f"{op}(): {e}") from None
    if xd is not to:
        x = cast_ad_func(x, to)
    if yd is not to:
        y = cast_ad_func(y, to)
    return x, y


def autocast_int_to_float(op, x):
    """Paddle casts integer inputs of float math ops (exp, sin, sqrt, divide...) to the
    default float dtype ('math operation got integer input data type, run type autocast')."""
    from .._generated.dygraph_functions import cast_ad_func
    from ..framework import default_float_dtype
    return cast_ad_func(x, default_float_dtype())


def scalar_result_dtype(tensor_dtype, scalar):
    """dtype of `tensor <op> python_scalar` by category, as Paddle's Tensor operators do:
    int tensor with float scalar -> default float; bool tensor with int -> int64; float tensor
    with complex -> matching complex; otherwise the tensor's dtype."""
    from ..framework import default_float_dtype
    t = type(scalar)
    if t is bool:
        return tensor_dtype
    cat = tensor_dtype.category
    if t is int:
        return int64 if cat == "bool" else tensor_dtype
    if t is float:
        return tensor_dtype if cat in ("float", "complex") else default_float_dtype()
    if t is complex:
        if cat == "complex":
            return tensor_dtype
        return complex128 if tensor_dtype is float64 else complex64
    raise TypeError(f"unsupported scalar type {t.__name__}")
