"""Fused first-order grad kernels of elementwise and unary ops (backward.yaml `kernel:`).

Signature: fn(need, *saved arrays, *out_grad arrays, *attrs) -> tuple (None where not needed).
Complex inputs follow Paddle's convention (x_grad = out_grad * conj(df/dx)); broadcast
reduction and real projection are left to the engine. Each must agree with the `invoke` formula
of its backward op (the gradient tests run both)."""
import numpy as np

from ...kernel_registry import register_kernel
from ..dtype_groups import FLOAT, FLOAT_COMPLEX, NUMERIC, ALL_WITH_HALF


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


@register_kernel("scale_grad", NUMERIC)
def scale_grad(need, out_grad, scale, bias, bias_after_scale):
    return (out_grad * scale,)


@register_kernel("cast_grad", ALL_WITH_HALF)
def cast_grad(need, x, out_grad, dtype):
    return (out_grad,)  # the engine casts it to x's dtype


@register_kernel("tanh_grad", FLOAT_COMPLEX)
def tanh_grad(need, out, out_grad):
    return (out_grad * _conj(1 - out * out),)


@register_kernel("exp_grad", FLOAT_COMPLEX)
def exp_grad(need, out, out_grad):
    return (out_grad * _conj(out),)


@register_kernel("sigmoid_grad", FLOAT_COMPLEX)
def sigmoid_grad(need, out, out_grad):
    return (out_grad * _conj(out * (1 - out)),)


@register_kernel("square_grad", NUMERIC)
def square_grad(need, x, out_grad):
    return (out_grad * _conj(2 * x),)


@register_kernel("sqrt_grad", FLOAT_COMPLEX)
def sqrt_grad(need, out, out_grad):
    with np.errstate(divide="ignore", invalid="ignore"):
        return (out_grad / _conj(2 * out),)


@register_kernel("log_grad", FLOAT_COMPLEX)
def log_grad(need, x, out_grad):
    with np.errstate(divide="ignore", invalid="ignore"):
        return (out_grad / _conj(x),)


@register_kernel("assign_grad", ALL_WITH_HALF)
def assign_grad(need, out_grad):
    return (out_grad,)


@register_kernel("relu_grad", FLOAT)
def relu_grad(need, out, out_grad):
    return (out_grad * (out > 0),)
