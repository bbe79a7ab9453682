"""Python operators on Tensor (Paddle paddle/fluid/pybind/eager_math_op_patch.cc and
python/paddle/base/dygraph/math_op_patch.py).

Tensor <op> Tensor goes straight to the op, where tensor-tensor promotion applies
(eager/type_promotion.py). Tensor <op> Python scalar, as Paddle's operators do it:
- a float scalar casts an integer or bool tensor to float32 (float32 whatever the default dtype);
- an int scalar casts a bool tensor to int64;
- a complex scalar casts a real tensor to complex64 (complex128 for float64);
- true division casts an integer or bool tensor to float32 for any real scalar;
then the scalar becomes a 0-d tensor of the (cast) tensor's dtype, wrapping like a C cast
(uint8 tensor - 3 wraps around), and the op runs on the two. So `int32 tensor * 2` stays int32,
`float16 tensor + 2.5` stays float16 and `bool tensor + True` stays bool.
NumPy scalars act like the Python scalar of their kind (np.float32(2.5) like 2.5); a NumPy array
becomes a tensor of its own dtype. Lists and other objects are not operands (TypeError).
"""
import numpy as np

from .tensor import Tensor
from .phi.common import float32, int64, complex64, complex128
from ._generated import dygraph_functions as _ad
from ._generated.eager_utils import to_float32
from . import ops as _ops

_wrap = Tensor._wrap
_cast = _ad.cast_ad_func
_NP_FLOAT64 = np.dtype(np.float64)
_NP_BOOL = np.dtype(np.bool_)
_NUMPY_SCALARS = (np.number, np.bool_)


def _scalar_array(value, np_dtype):
    """0-d array of `value` in np_dtype; out-of-range ints wrap as C casts do (uint8(-3) = 253)."""
    try:
        return np.asarray(value, np_dtype)
    except OverflowError:
        return np.asarray(value).astype(np_dtype)


def _scalar_operands(x, value, true_div):
    """(x cast as Paddle casts it for `x <op> value`, 0-d tensor holding value), or None when
    value is not a scalar."""
    t = type(value)
    if t is not int and t is not float and t is not bool and t is not complex:
        if not isinstance(value, _NUMPY_SCALARS):
            return None
        value = value.item()
        t = type(value)
    npd = x._data.dtype
    if t is float or (true_div and t is not complex):
        if npd.kind in "biu":
            x = _cast(x, float32)
    elif t is int:
        if npd is _NP_BOOL:
            x = _cast(x, int64)
    elif t is complex and npd.kind != "c":
        x = _cast(x, complex128 if npd == _NP_FLOAT64 else complex64)
    return x, _wrap(_scalar_array(value, x._data.dtype))


def _other_tensor(self, other, true_div):
    """(x, y) for `self <op> other`, or None when other is not an operand."""
    if isinstance(other, Tensor):
        return self, other
    if isinstance(other, np.ndarray):
        from .creation import _from_numpy
        return self, _wrap(_from_numpy(other))
    return _scalar_operands(self, other, true_div)


def _binary(ad_func, reverse=False, true_div=False):
    def op(self, other):
        if type(other) is Tensor:
            return ad_func(other, self) if reverse else ad_func(self, other)
        xy = _other_tensor(self, other, true_div)
        if xy is None:
            return NotImplemented
        x, y = xy
        return ad_func(y, x) if reverse else ad_func(x, y)
    op.__name__ = ad_func.__name__.replace("_ad_func", "")
    return op


def _pow(self, other):
    """x ** y: a real scalar exponent runs the `pow` op; an integer tensor with a negative int
    exponent, and tensor or complex exponents, run `elementwise_pow`."""
    if type(other) is Tensor:
        return _ad.elementwise_pow_ad_func(self, other)
    xy = _other_tensor(self, other, False)
    if xy is None:
        return NotImplemented
    x, y = xy
    v = other.item() if isinstance(other, _NUMPY_SCALARS) else other
    t = type(v)
    if (t is float or t is int) and not (t is int and v < 0 and x._data.dtype.kind in "iu"):
        return _ad.pow_ad_func(x, to_float32(v) if t is float else v)  # Paddle: float y
    return _ad.elementwise_pow_ad_func(x, y)


def _eq(ad_func):
    bin_op = _binary(ad_func)
    is_ne = ad_func is _ad.not_equal_ad_func

    def op(self, other):
        if other is None:
            return is_ne
        return bin_op(self, other)
    op.__name__ = bin_op.__name__
    return op


def _bitwise(ad_func, symbol, reverse=False):
    """&, |, ^: Tensor operands go straight to the op (no promotion, as in Paddle); int and bool
    scalars become tensors of the tensor's dtype."""
    def op(self, other):
        if not isinstance(other, Tensor):
            v = other.item() if isinstance(other, (np.integer, np.bool_)) else other
            if type(v) is not int and type(v) is not bool:
                if not isinstance(other, (float, complex, np.number)):
                    return NotImplemented
                msg = (f"unsupported operand type(s) for {symbol}: 'Tensor' and "
                       f"'{type(other).__name__}': bitwise operators take integer or bool "
                       f"tensors and scalars.")
                # Paddle: ValueError for `x & 2.5` (argument parsing), TypeError for `2.5 & x`
                raise TypeError(msg) if reverse else ValueError(msg)
            other = _wrap(_scalar_array(v, self._data.dtype))
        return ad_func(other, self) if reverse else ad_func(self, other)
    return op


def _type_name(v):
    t = type(v)
    return t.__name__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__name__}"


def _shift(ad_func, reverse=False):
    """<<, >> (arithmetic): a Python int or bool becomes a tensor of the tensor's dtype; a float
    raises Paddle 3.3.1's TypeError (its message says << for both operators), anything else
    its parser's ValueError."""
    def op(self, other):
        if not isinstance(other, Tensor):
            if isinstance(other, float):
                pair = "'float' and 'Tensor'" if reverse else "'Tensor' and 'float'"
                raise TypeError(f"unsupported operand type(s) for <<: {pair}")
            if not isinstance(other, int):  # NumPy scalars too, as Paddle's parser
                op = "bitwise_left_shift" if ad_func is _ad.bitwise_left_shift_ad_func \
                    else "bitwise_right_shift"
                arg = "argument 'x' (position 0)" if reverse else "argument 'y' (position 1)"
                raise ValueError(f"(InvalidArgument) {op}(): {arg} must be Tensor, but got "
                                 f"{_type_name(other)}")
            other = _wrap(_scalar_array(other, self._data.dtype))
        return ad_func(other, self, True) if reverse else ad_func(self, other, True)
    return op


def _neg(self):
    """-x: scale by -1 (Paddle); unsigned tensors wrap (0 - x), bool tensors are refused as
    NumPy does (Paddle returns them unchanged)."""
    kind = self._data.dtype.kind
    if kind == "u":
        return _ad.subtract_ad_func(_wrap(np.zeros((), self._data.dtype)), self)
    if kind == "b":
        raise TypeError("The `-` operator on a bool tensor is not supported; use `~` or "
                        "paddle.logical_not instead.")
    return _ad.scale_ad_func(self, -1.0, 0.0, True)


def _pos(self):
    if self._data.dtype is _NP_BOOL:
        raise TypeError("The `+` operator, on a bool tensor is not supported.")
    return self


def _scaled(ad_func, scale, bias, reverse=False):
    """+, -, * of a float tensor and a Python int/float: one `scale` op (Paddle's operators do the
    same: `x * 2.0` has a ScaleGradNode), `scale(x)`/`bias(c)` give (factor, offset)."""
    fallback = _binary(ad_func, reverse)
    scale_ad = _ad.scale_ad_func

    def op(self, other):
        t = type(other)
        if t is Tensor:  # the common case first, without the fallback's extra call
            return ad_func(other, self) if reverse else ad_func(self, other)
        if (t is float or t is int) and self._data.dtype.kind == "f":
            return scale_ad(self, scale(other), bias(other), True)
        return fallback(self, other)
    op.__name__ = fallback.__name__
    return op


def _T(self):
    """The tensor with all axes reversed."""
    return _ops.transpose(self, list(range(self._data.ndim))[::-1])


def _mT(self):
    """The tensor with its last two axes swapped."""
    if self._data.ndim < 2:
        raise ValueError(f"Tensor.mT needs at least 2 dimensions, got {self._data.ndim}")
    perm = list(range(self._data.ndim))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return _ops.transpose(self, perm)


def _matmul(self, other):
    return _ops.matmul(self, other)


def _rmatmul(self, other):
    return _ops.matmul(other, self)


def _one(c):
    return 1.0


def _zero(c):
    return 0.0


def _ident(c):
    return c


def _neg_c(c):
    return -c


def _minus_one(c):
    return -1.0


# x + y, x - y, x * y, x / y: the ad_func itself (one frame less per op); it hands an operand
# that is not a Tensor to the operator's path registered here
_ad.operator_operands.update({
    "add": _scaled(_ad.add_ad_func, _one, _ident),
    "subtract": _scaled(_ad.subtract_ad_func, _one, _neg_c),
    "multiply": _scaled(_ad.multiply_ad_func, _ident, _zero),
    "divide": _binary(_ad.divide_ad_func, true_div=True),
})

# Tensor's operators, installed by tensor_tables
TENSOR_METHODS = {
    "__add__": _ad.add_ad_func,
    "__radd__": _scaled(_ad.add_ad_func, _one, _ident, reverse=True),
    "__sub__": _ad.subtract_ad_func,
    "__rsub__": _scaled(_ad.subtract_ad_func, _minus_one, _ident, reverse=True),
    "__mul__": _ad.multiply_ad_func,
    "__rmul__": _scaled(_ad.multiply_ad_func, _ident, _zero, reverse=True),
    "__truediv__": _ad.divide_ad_func,
    "__rtruediv__": _binary(_ad.divide_ad_func, reverse=True, true_div=True),
    "__floordiv__": _binary(_ad.floor_divide_ad_func),
    "__rfloordiv__": _binary(_ad.floor_divide_ad_func, reverse=True),
    "__mod__": _binary(_ad.remainder_ad_func),
    "__rmod__": _binary(_ad.remainder_ad_func, reverse=True),
    "__pow__": _pow,
    "__rpow__": _binary(_ad.elementwise_pow_ad_func, reverse=True),
    "__eq__": _eq(_ad.equal_ad_func),
    "__ne__": _eq(_ad.not_equal_ad_func),
    "__lt__": _binary(_ad.less_than_ad_func),
    "__le__": _binary(_ad.less_equal_ad_func),
    "__gt__": _binary(_ad.greater_than_ad_func),
    "__ge__": _binary(_ad.greater_equal_ad_func),
    "__and__": _bitwise(_ad.bitwise_and_ad_func, "&"),
    "__rand__": _bitwise(_ad.bitwise_and_ad_func, "&", reverse=True),
    "__or__": _bitwise(_ad.bitwise_or_ad_func, "|"),
    "__ror__": _bitwise(_ad.bitwise_or_ad_func, "|", reverse=True),
    "__xor__": _bitwise(_ad.bitwise_xor_ad_func, "^"),
    "__rxor__": _bitwise(_ad.bitwise_xor_ad_func, "^", reverse=True),
    "__invert__": _ad.bitwise_not_ad_func,
    "__lshift__": _shift(_ad.bitwise_left_shift_ad_func),
    "__rlshift__": _shift(_ad.bitwise_left_shift_ad_func, reverse=True),
    "__rshift__": _shift(_ad.bitwise_right_shift_ad_func),
    "__rrshift__": _shift(_ad.bitwise_right_shift_ad_func, reverse=True),
    "__neg__": _neg,
    "__pos__": _pos,
    "__abs__": _ad.abs_ad_func,
    "__hash__": object.__hash__,  # a replacement of tensor.py's, see tensor_tables.OVERRIDES
    "__matmul__": _matmul,
    "__rmatmul__": _rmatmul,
    "T": property(_T),
    "mT": property(_mT),
}
