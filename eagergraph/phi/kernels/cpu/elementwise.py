"""Elementwise binary kernels: arithmetic, comparison, logical and bitwise."""
import numpy as np

from ...kernel_registry import register_kernel
from ..dtype_groups import ALL, NUMERIC, REAL, INT, FLOAT, FLOAT_COMPLEX, bool_

register_kernel("add", ALL)(np.add)
register_kernel("subtract", NUMERIC)(np.subtract)
register_kernel("multiply", ALL)(np.multiply)
register_kernel("maximum", REAL)(np.maximum)
register_kernel("minimum", REAL)(np.minimum)


def _check_int_divisor(y):
    if y.dtype.kind in "iub" and not np.all(y):
        raise ValueError("(InvalidArgument) Integer division by zero encountered in (floor/trunc) "
                         "divide. Please check the input value.")


@register_kernel("divide", FLOAT_COMPLEX)
def divide(x, y):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.true_divide(x, y)


@register_kernel("floor_divide", INT + FLOAT)
def floor_divide(x, y):
    _check_int_divisor(y)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.floor_divide(x, y)


@register_kernel("remainder", INT + FLOAT)
def remainder(x, y):
    _check_int_divisor(y)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.remainder(x, y)


@register_kernel("elementwise_pow", NUMERIC)
def elementwise_pow(x, y):
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if x.dtype.kind in "iu" and np.any(y < 0):
            # Paddle truncates: 2 ** -3 == 0, 1 ** -3 == 1, (-1) ** -3 == -1
            return np.trunc(np.power(x.astype(np.float64), y)).astype(x.dtype)
        return np.power(x, y)


for _name, _fn in (("equal", np.equal), ("not_equal", np.not_equal), ("less_than", np.less),
                   ("less_equal", np.less_equal), ("greater_than", np.greater),
                   ("greater_equal", np.greater_equal)):
    register_kernel(_name, ALL)(_fn)

for _name, _fn in (("logical_and", np.logical_and), ("logical_or", np.logical_or),
                   ("logical_xor", np.logical_xor)):
    register_kernel(_name, ALL)(_fn)

register_kernel("bitwise_and", INT + (bool_,))(np.bitwise_and)
register_kernel("bitwise_or", INT + (bool_,))(np.bitwise_or)
register_kernel("bitwise_xor", INT + (bool_,))(np.bitwise_xor)


# ---- grad kernels (backward.yaml `kernel:`): fn(need, *saved arrays, *out_grad arrays,
# *attrs) -> one array per forward input, None where need[i] is False; grads at the output's
# shape, complex ones in Paddle's convention (out_grad * conj(df/dx))


def _conj(a):
    return np.conj(a) if a.dtype.kind == "c" else a


@register_kernel("add_grad", NUMERIC)
def add_grad(need, out_grad):
    return out_grad, out_grad


@register_kernel("subtract_grad", NUMERIC)
def subtract_grad(need, out_grad):
    return out_grad, (-out_grad if need[1] else None)


@register_kernel("multiply_grad", NUMERIC)
def multiply_grad(need, x, y, out_grad):
    return (out_grad * _conj(y) if need[0] else None,
            out_grad * _conj(x) if need[1] else None)


@register_kernel("divide_grad", FLOAT_COMPLEX)
def divide_grad(need, y, out, out_grad):
    with np.errstate(divide="ignore", invalid="ignore"):
        dx = out_grad / _conj(y)
        return (dx if need[0] else None,
                -dx * _conj(out) if need[1] else None)
