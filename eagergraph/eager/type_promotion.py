"""Type promotion for binary ops (Paddle paddle/phi/common/type_promotion.h), as data.

Tensor with Tensor of a different dtype (`promote_binary`, called by the generated dygraph
functions of ops that declare `type_promotion`):
- when either is 0-d and the op is in SUPPORT_PROMOTION_OPS: tensors of the same category
  (int/int, float/float, complex/complex; bool is in none) keep the dtype of the one that is not
  0-d (int32 tensor + int64 0-d tensor -> int32); different categories, or both 0-d, use the
  promotion table (int64 tensor + float32 0-d -> float32, bool 0-d + int64 0-d -> int64);
- otherwise promotion happens only between floating dtypes, or between a complex dtype and any
  other; every other mix (int32 + float32, int32 + int64, bool + float32) is a TypeError.
Integer inputs of true division, and of the float math ops that declare `type_autocast`, are cast
to float32 (always float32, whatever the default dtype: Paddle's "run type autocast").

Tensor with a Python scalar is decided by the Tensor operators (tensor_methods.py).

The products in COMPLEX_TRANSFORM_OPS (matmul, kron, dot) are not in Paddle's promotion list;
there a complex input with a real one meets phi's kernel data transform instead
(`complex_transform`, phi/api/lib/kernel_dispatch.h PromoteTypes and data_transform.cc): the
kernel runs in complex128 when an input is complex128 or float64, else complex64 (dot: in x's
dtype), and the other inputs are cast to it, except that int32/int64/bool ones are not (the
kernel then fails to read them) and complex64/int8 ones cannot be cast.
"""
from .bound_ops import ops
from .seams import seam_flag, seam_wants, seam_call
from ..phi.common import (NP_TO_DTYPE, bool_, uint8, int8, int16, int32, int64, float16,
                          bfloat16, float32, float64, complex64, complex128)

__all__ = ["promote_types", "promote_binary", "autocast_int_to_float", "result_dtype",
           "complex_transform", "SUPPORT_PROMOTION_OPS", "COMPLEX_TRANSFORM_OPS"]

# Paddle's _promoteTypesLookup, row/column order below.
_ORDER = (uint8, int8, int16, int32, int64, float16, float32, float64, complex64, complex128,
          bool_, bfloat16)
_TABLE = """
        u1  i1  i2  i4  i8  f2  f4  f8  c4  c8  b1  bf
    u1  u1  i2  i2  i4  i8  f2  f4  f8  c4  c8  u1  bf
    i1  i2  i1  i2  i4  i8  f2  f4  f8  c4  c8  i1  bf
    i2  i2  i2  i2  i4  i8  f2  f4  f8  c4  c8  i2  bf
    i4  i4  i4  i4  i4  i8  f2  f4  f8  c4  c8  i4  bf
    i8  i8  i8  i8  i8  i8  f2  f4  f8  c4  c8  i8  bf
    f2  f2  f2  f2  f2  f2  f2  f4  f8  c4  c8  f2  f4
    f4  f4  f4  f4  f4  f4  f4  f4  f8  c4  c8  f4  f4
    f8  f8  f8  f8  f8  f8  f8  f8  f8  c8  c8  f8  f8
    c4  c4  c4  c4  c4  c4  c4  c4  c8  c4  c8  c4  c4
    c8  c8  c8  c8  c8  c8  c8  c8  c8  c8  c8  c8  c8
    b1  u1  i1  i2  i4  i8  f2  f4  f8  c4  c8  b1  bf
    bf  bf  bf  bf  bf  bf  f4  f4  f8  c4  c8  bf  bf
"""


def _parse_table():
    rows = [line.split() for line in _TABLE.strip().splitlines()]
    by_code = dict(zip(rows[0], _ORDER))
    return {(by_code[r[0]], by_code[c]): by_code[v]
            for r in rows[1:] for c, v in zip(rows[0], r[1:])}


_PROMOTE = _parse_table()

# The ops whose Tensor-with-0-d-Tensor promotion follows the scalar rules (floor_divide is not
# one: with a 0-d operand Paddle 3.3.1 promotes it by the table, float32 // 0-d float64 giving
# float64 and int32 // 0-d int64 giving int64).
SUPPORT_PROMOTION_OPS = frozenset([
    "add", "subtract", "multiply", "remainder", "divide", "pow",
    "elementwise_pow", "equal", "not_equal", "less_than", "less_equal", "greater_than",
    "greater_equal"])


# Ops whose two tensor inputs only meet phi's complex kernel data transform (no promotion
# between real dtypes): op -> the input the kernel dtype comes from (None: all inputs, Paddle's
# default kernel key; "x": ops.yaml's `data_type : x`).
COMPLEX_TRANSFORM_OPS = {"matmul": None, "kron": None, "dot": "x"}

# data_transform.cc: NeedTransformDataType skips these (the kernel reads them as they are);
# TransDataType has no case for those.
_NOT_TRANSFORMED = frozenset([int32, int64, bool_])
_NO_CAST_FROM = frozenset([complex64, complex128, int8])


def promote_types(x, y):
    """The promotion table: the common DataType of x and y (never raises)."""
    return _PROMOTE[x, y]


def _category(d):
    return d.category if d is not bool_ else None


def result_dtype(op, x, y, x_ndim=1, y_ndim=1):
    """The dtype `op` computes in for inputs of DataTypes x and y (ndims decide the 0-d rule),
    or TypeError as Paddle raises it."""
    if x is y:
        if op == "divide" and x.category == "int":
            return float32
        return x
    if op in SUPPORT_PROMOTION_OPS and (x_ndim == 0 or y_ndim == 0):
        if (x_ndim == 0 and y_ndim == 0) or _category(x) != _category(y):
            to = _PROMOTE[x, y]
        else:
            to = y if x_ndim == 0 else x
    elif op == "floor_divide" and (x_ndim == 0 or y_ndim == 0):
        to = _PROMOTE[x, y]  # Paddle: with a 0-d operand, the table (int32 // int64 -> int64)
    elif (x.is_floating_point and y.is_floating_point) or x.is_complex or y.is_complex:
        to = _PROMOTE[x, y]
    else:
        raise TypeError(
            f"(InvalidType) Type promotion only support calculations between floating-point "
            f"numbers and between complex and real numbers. But got different data type x: "
            f"{x.name}, y: {y.name}. Cast one of them with .astype() first.")
    if op == "divide" and to.category == "int":
        return float32
    return to


def _complex_kernel_dtype(op, xd, yd):
    if COMPLEX_TRANSFORM_OPS[op] == "x":
        return xd if xd.is_complex else None
    if not (xd.is_complex or yd.is_complex):
        return None
    return complex128 if complex128 in (xd, yd) or float64 in (xd, yd) else complex64


def complex_transform(op, x, y):
    """phi's data transform of `op`'s inputs (of different dtypes) to its complex kernel's dtype,
    through `cast` (a real input's gradient is the real part); real inputs are left as they are
    (the op's InferMeta reports the mismatch)."""
    xd, yd = NP_TO_DTYPE[x._data.dtype], NP_TO_DTYPE[y._data.dtype]
    to = _complex_kernel_dtype(op, xd, yd)
    if to is None:
        return x, y
    out = []
    for t, d in ((x, xd), (y, yd)):
        if d is not to:
            if d in _NOT_TRANSFORMED:
                raise ValueError(
                    f"{op}(): (InvalidArgument) The type of data we are trying to retrieve "
                    f"({to.name}) "
                    f"does not match the type of data ({d.name}) currently contained in the "
                    f"container.")
            if d in _NO_CAST_FROM:
                raise NotImplementedError(f"{op}(): (Unimplemented) Data type ({d.name}) is "
                                          f"not supported when casting data type.")
            t = ops.cast(t, to)
        out.append(t)
    return out[0], out[1]


def promote_binary(op, x, y):
    """Cast x and y (of different dtypes) to the dtype `op` computes in, through `cast` so that
    gradients flow back to the original dtypes."""
    if seam_flag.on and seam_wants("promotion", promote_binary):  # Debug Seam (eager/seams.py)
        return seam_call("promotion", op, promote_binary, (op, x, y))
    if op in COMPLEX_TRANSFORM_OPS:
        return complex_transform(op, x, y)
    xd, yd = NP_TO_DTYPE[x._data.dtype], NP_TO_DTYPE[y._data.dtype]
    try:
        to = result_dtype(op, xd, yd, x._data.ndim, y._data.ndim)
    except TypeError as e:
        raise TypeError(f"{op}(): {e}") from None
    if xd is not to:
        x = ops.cast(x, to)
    if yd is not to:
        y = ops.cast(y, to)
    return x, y


def autocast_int_to_float(op, x):
    """Paddle casts integer inputs of float math ops (exp, sin, sqrt, divide...) to float32
    ('math operation got integer input data type, run type autocast'), whatever the default
    dtype is."""
    if seam_flag.on and seam_wants("promotion", autocast_int_to_float):  # Debug Seam (eager/seams.py)
        return seam_call("promotion", op, autocast_int_to_float, (op, x))
    return ops.cast(x, float32)

