"""Unary math kernels (Paddle activation_kernel.cc and friends): exp, log, tanh, sigmoid, ..."""
import numpy as np

from ...kernel_registry import register_kernel
from ..dtype_groups import FLOAT, FLOAT_COMPLEX, NUMERIC, REAL, INT, ALL, ALL_WITH_HALF, bool_


def _quiet(fn):
    """Wrap a ufunc so domain/overflow warnings don't print (Paddle returns nan/inf silently)."""
    def kernel(x):
        with np.errstate(all="ignore"):
            return fn(x)
    kernel.__name__ = getattr(fn, "__name__", "kernel")
    return kernel


register_kernel("exp", FLOAT_COMPLEX)(_quiet(np.exp))
register_kernel("log", FLOAT_COMPLEX)(_quiet(np.log))
register_kernel("log1p", FLOAT_COMPLEX)(_quiet(np.log1p))
register_kernel("sqrt", FLOAT_COMPLEX)(_quiet(np.sqrt))
register_kernel("expm1", FLOAT_COMPLEX)(_quiet(np.expm1))
register_kernel("log2", FLOAT_COMPLEX)(_quiet(np.log2))


@register_kernel("logit", FLOAT)
def logit(x, eps):
    """log(x / (1 - x)); with eps, x is first clipped to [eps, 1 - eps] (Paddle's logit)."""
    if eps:
        x = np.clip(x, eps, 1.0 - eps)
    with np.errstate(all="ignore"):
        return np.log(x / (1.0 - x))
register_kernel("sin", FLOAT_COMPLEX)(np.sin)
register_kernel("cos", FLOAT_COMPLEX)(np.cos)
register_kernel("tan", FLOAT_COMPLEX)(_quiet(np.tan))
register_kernel("tanh", FLOAT_COMPLEX)(np.tanh)
register_kernel("square", NUMERIC)(np.square)
register_kernel("floor", REAL)(np.floor)
register_kernel("ceil", REAL)(np.ceil)
register_kernel("round", REAL + FLOAT_COMPLEX[2:])(np.round)
register_kernel("abs", NUMERIC)(np.abs)


@register_kernel("rsqrt", FLOAT)
def rsqrt(x):
    with np.errstate(all="ignore"):
        return 1.0 / np.sqrt(x)


@register_kernel("reciprocal", FLOAT_COMPLEX)
def reciprocal(x):
    with np.errstate(all="ignore"):
        return np.reciprocal(x)


@register_kernel("sigmoid", FLOAT_COMPLEX)
def sigmoid(x):
    with np.errstate(over="ignore"):
        return 1.0 / (1.0 + np.exp(-x))


@register_kernel("sign", NUMERIC)
def sign(x):
    if x.dtype.kind == "c":
        a = np.abs(x)
        with np.errstate(all="ignore"):
            return np.where(a == 0, 0, x / np.where(a == 0, 1, a))
    return np.sign(x)


@register_kernel("erf", FLOAT)
def erf(x):
    from scipy.special import erf as _erf
    return _erf(x)


@register_kernel("pow", NUMERIC)
def pow_(x, y):
    """x ** y for a scalar y; integer tensors take int(y), as Paddle's pow kernel does."""
    if x.dtype.kind in "iu":
        y = int(y)
        if y < 0:
            raise ValueError("(InvalidArgument) Integers to negative integer powers are not "
                             "allowed.")
    with np.errstate(all="ignore"):
        return np.power(x, y)


@register_kernel("scale", NUMERIC)
def scale(x, scale, bias, bias_after_scale):
    if x.dtype.kind in "iu":  # Paddle casts the attributes to the tensor's type, and wraps
        scale, bias = int(scale), int(bias)
        w = x.astype(np.int64)
        w = w * scale + bias if bias_after_scale else (w + bias) * scale
        return w.astype(x.dtype)
    if bias_after_scale:
        if scale == 1:  # x + c, x - c: one NumPy op instead of two (x * 1.0 is exact)
            return x + np.asarray(bias, x.dtype) if x.dtype.kind == "f" else x * scale + bias
        return x * scale + bias if bias else x * scale
    return (x + bias) * scale


@register_kernel("clip", REAL)
def clip(x, min, max):
    if x.dtype.kind in "iu":
        min, max = int(min), int(max)
    return np.clip(x, min, max)


@register_kernel("cast", ALL_WITH_HALF)
def cast(x, dtype):
    if x.dtype.kind == "c" and not dtype.is_complex:
        x = x.real  # complex -> real keeps the real part (no ComplexWarning)
    return x.astype(dtype.np_dtype)


@register_kernel("assign", ALL_WITH_HALF)
def assign(x):
    return x.copy()


register_kernel("logical_not", ALL)(np.logical_not)
register_kernel("bitwise_not", INT + (bool_,))(np.invert)


# ---- grad kernels (backward.yaml `kernel:`): fn(need, *saved arrays, *out_grad arrays,
# *attrs) -> one array per forward input, None where need[i] is False; grads at the output's
# shape, complex ones in Paddle's convention (out_grad * conj(df/dx))


def _conj(a):
    return np.conj(a) if a.dtype.kind == "c" else a


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
