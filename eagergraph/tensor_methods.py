"""Python operators and methods on Tensor (Paddle python/paddle/base/dygraph/math_op_patch.py).

Tensor <op> Python scalar follows Paddle's category rules (eager/type_promotion.py:
scalar_result_dtype): the scalar becomes a 0-d tensor of the result dtype, and the tensor is
cast first when the category changes (int tensor + 1.5 -> float32). Tensor <op> Tensor goes
straight to the op, where tensor-tensor promotion applies.
"""
import numpy as np

from .tensor import Tensor
from .phi.common import NP_TO_DTYPE
from .eager.type_promotion import scalar_result_dtype
from ._generated import dygraph_functions as _ad
from . import ops as _ops

_SCALARS = (int, float, bool, complex)
_wrap = Tensor._wrap


def _scalar_operands(x, value):
    """(x cast if needed, 0-d tensor holding value) for `x <op> value`."""
    if isinstance(value, np.generic):
        value = value.item()
    xd = NP_TO_DTYPE[x._data.dtype]
    to = scalar_result_dtype(xd, value)
    if to is not xd:
        x = _ad.cast_ad_func(x, to)
    return x, _wrap(np.asarray(value, to.np_dtype))


def _is_scalar(v):
    return type(v) in _SCALARS or isinstance(v, (np.number, np.bool_))


def _binary(ad_func, reverse=False):
    def op(self, other):
        if isinstance(other, Tensor):
            x, y = self, other
        elif _is_scalar(other):
            x, y = _scalar_operands(self, other)
        elif isinstance(other, (list, tuple, np.ndarray)):
            from .creation import to_tensor
            x, y = self, to_tensor(other, dtype=NP_TO_DTYPE[self._data.dtype])
        else:
            return NotImplemented
        return ad_func(y, x) if reverse else ad_func(x, y)
    return op


def _div(reverse=False):
    """True division: integer operands compute in the default float dtype."""
    inner = _binary(_ad.divide_ad_func, reverse)
    return inner


def _pow(self, other):
    if isinstance(other, Tensor):
        return _ad.elementwise_pow_ad_func(self, other)
    if _is_scalar(other):
        if isinstance(other, np.generic):
            other = other.item()
        x = self
        xd = NP_TO_DTYPE[x._data.dtype]
        to = scalar_result_dtype(xd, other)
        if to is not xd:
            x = _ad.cast_ad_func(x, to)
        if type(other) is complex:
            return _ad.elementwise_pow_ad_func(x, _wrap(np.asarray(other, to.np_dtype)))
        return _ad.pow_ad_func(x, other)
    return NotImplemented


def _eq(ad_func):
    bin_op = _binary(ad_func)

    def op(self, other):
        if other is None:
            return ad_func is _ad.not_equal_ad_func
        return bin_op(self, other)
    return op


def _bitwise(ad_func):
    def op(self, other):
        if not isinstance(other, Tensor):
            from .eager_utils import parse_tensor
            parse_tensor(other, ad_func.__name__.replace("_ad_func", ""), "y", 1)
        return ad_func(self, other)
    return op


def _neg(self):
    if self._data.dtype == np.bool_:
        return _ad.logical_not_ad_func(self)
    return _ad.scale_ad_func(self, -1, 0.0, True)


def _install():
    T = Tensor
    T.__add__ = _binary(_ad.add_ad_func)
    T.__radd__ = _binary(_ad.add_ad_func, reverse=True)
    T.__sub__ = _binary(_ad.subtract_ad_func)
    T.__rsub__ = _binary(_ad.subtract_ad_func, reverse=True)
    T.__mul__ = _binary(_ad.multiply_ad_func)
    T.__rmul__ = _binary(_ad.multiply_ad_func, reverse=True)
    T.__truediv__ = _div()
    T.__rtruediv__ = _div(reverse=True)
    T.__floordiv__ = _binary(_ad.floor_divide_ad_func)
    T.__rfloordiv__ = _binary(_ad.floor_divide_ad_func, reverse=True)
    T.__mod__ = _binary(_ad.remainder_ad_func)
    T.__rmod__ = _binary(_ad.remainder_ad_func, reverse=True)
    T.__pow__ = _pow
    T.__rpow__ = _binary(_ad.elementwise_pow_ad_func, reverse=True)
    T.__eq__ = _eq(_ad.equal_ad_func)
    T.__ne__ = _eq(_ad.not_equal_ad_func)
    T.__lt__ = _binary(_ad.less_than_ad_func)
    T.__le__ = _binary(_ad.less_equal_ad_func)
    T.__gt__ = _binary(_ad.greater_than_ad_func)
    T.__ge__ = _binary(_ad.greater_equal_ad_func)
    T.__and__ = _bitwise(_ad.bitwise_and_ad_func)
    T.__or__ = _bitwise(_ad.bitwise_or_ad_func)
    T.__xor__ = _bitwise(_ad.bitwise_xor_ad_func)
    T.__invert__ = _ad.bitwise_not_ad_func
    T.__neg__ = _neg
    T.__pos__ = lambda self: self
    T.__abs__ = _ad.abs_ad_func
    T.__hash__ = object.__hash__
    if hasattr(_ops, "matmul"):
        T.__matmul__ = lambda self, other: _ops.matmul(self, other)
        T.__rmatmul__ = lambda self, other: _ops.matmul(other, self)
    for name, fn in _ops.TENSOR_METHODS.items():
        if not hasattr(T, name) or name in ("astype",):
            setattr(T, name, fn)


_install()
