"""Elementwise kernels (Paddle elementwise_*_kernel, activation_kernel and friends): binary
arithmetic, comparison, logical and bitwise; unary math (exp, log, tanh, sigmoid, ...), scale,
cast, assign; each grad kernel beside its forward kernel."""
import numpy as np

from ...kernel_registry import register_kernel
from ..fp_errors import quiet
from ..dtype_groups import (ALL, NUMERIC, REAL, INT, INT_32_64, FLOAT, COMPLEX, FLOAT_COMPLEX,
                            bool_, ALL_WITH_HALF)


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
@quiet
def divide(x, y):
    return np.true_divide(x, y)


@register_kernel("floor_divide", INT + FLOAT)
@quiet
def floor_divide(x, y):
    _check_int_divisor(y)
    return np.floor_divide(x, y)


@register_kernel("remainder", INT + FLOAT + COMPLEX)
@quiet
def remainder(x, y):
    if x.dtype.kind == "c":  # Paddle: x - y * q, q the quotient with real and imaginary parts
        q = x / y            # each rounded half away from zero (std::round)
        q = (np.copysign(np.floor(np.abs(q.real) + 0.5), q.real)
             + 1j * np.copysign(np.floor(np.abs(q.imag) + 0.5), q.imag))
        return (x - y * q).astype(x.dtype, copy=False)
    _check_int_divisor(y)
    return np.remainder(x, y)


@register_kernel("elementwise_pow", NUMERIC)
@quiet
def elementwise_pow(x, y):
    if x.dtype.kind in "iu" and np.any(y < 0):
        # Paddle truncates: 2 ** -3 == 0, 1 ** -3 == 1, (-1) ** -3 == -1, and 0 ** -3 == 0
        r = np.trunc(np.power(x.astype(np.float64), y))  # a NumPy scalar for 0-D operands
        return np.where(np.isfinite(r), r, 0).astype(x.dtype)
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



# Paddle's shift functors: a shift by a negative amount or by at least the width gives 0, or the
# sign fill for an arithmetic right shift; a logical right shift moves the bits as unsigned
def _shift_amount(x, y):
    x, y = np.broadcast_arrays(x, y)
    bits = x.dtype.itemsize * 8
    ok = (y >= 0) & (y < bits)
    return x, ok, np.where(ok, y, 0).astype(x.dtype), bits


@register_kernel("bitwise_left_shift", INT)
def bitwise_left_shift(x, y, is_arithmetic):
    x, ok, s, _ = _shift_amount(x, y)
    return np.where(ok, np.left_shift(x, s), 0).astype(x.dtype)


@register_kernel("bitwise_right_shift", INT)
def bitwise_right_shift(x, y, is_arithmetic):
    x, ok, s, bits = _shift_amount(x, y)
    if is_arithmetic or x.dtype.kind == "u":
        signed = x.dtype.kind == "i"
        fill = np.right_shift(x, np.asarray(bits - 1, x.dtype)) if signed else 0
        return np.where(ok, np.right_shift(x, s), fill).astype(x.dtype)
    u = x.view(np.dtype(f"u{x.dtype.itemsize}"))
    r = np.right_shift(u, s.view(u.dtype))
    return np.where(ok, r, 0).astype(u.dtype).view(x.dtype)

# ---- grad kernels (backward.yaml `kernel:`): fn(need, *saved arrays, *out_grad arrays,
# *attrs) -> one array per forward input, None where need[i] is False; grads at the output's
# shape, complex ones in Paddle's convention (out_grad * conj(df/dx))


def _conj(a):
    return np.conj(a) if a.dtype.kind == "c" else a


def _one(dtype):
    """A read-only 0-d 1 of `dtype`: `1 - t` with a Python int costs NumPy a scalar conversion
    (about twice the subtraction itself on a tiny array); the same value, exactly."""
    one = _ONES.get(dtype)
    if one is None:
        one = _ONES[dtype] = np.ones((), dtype)
        one.flags.writeable = False
    return one


_ONES = {}


@register_kernel("add_grad", NUMERIC)
def add_grad(need, out_grad):
    return out_grad, out_grad


@register_kernel("subtract_grad", NUMERIC)
def subtract_grad(need, out_grad):
    return out_grad, (-out_grad if need[1] else None)


# multiply and divide run in every model's backward: their real kernels skip the conj test
@register_kernel("multiply_grad", INT + FLOAT)
def multiply_grad(need, x, y, out_grad):
    return (out_grad * y if need[0] else None,
            out_grad * x if need[1] else None)


@register_kernel("multiply_grad", COMPLEX)
def multiply_grad_complex(need, x, y, out_grad):
    return (out_grad * np.conj(y) if need[0] else None,
            out_grad * np.conj(x) if need[1] else None)


@register_kernel("divide_grad", FLOAT)
@quiet
def divide_grad(need, y, out, out_grad):
    dx = out_grad / y
    return (dx if need[0] else None,
            -dx * out if need[1] else None)


@register_kernel("divide_grad", COMPLEX)
@quiet
def divide_grad_complex(need, y, out, out_grad):
    dx = out_grad / np.conj(y)
    return (dx if need[0] else None,
            -dx * np.conj(out) if need[1] else None)


# ---- unary math: exp, log, tanh, sigmoid, scale, cast, assign, ... and their grad kernels
register_kernel("exp", FLOAT_COMPLEX)(quiet(np.exp))
register_kernel("log", FLOAT_COMPLEX)(quiet(np.log))
register_kernel("log1p", FLOAT_COMPLEX)(quiet(np.log1p))
register_kernel("sqrt", FLOAT_COMPLEX)(quiet(np.sqrt))
register_kernel("expm1", FLOAT_COMPLEX)(quiet(np.expm1))
register_kernel("log2", FLOAT_COMPLEX)(quiet(np.log2))


@register_kernel("logit", FLOAT)
@quiet
def logit(x, eps):
    """log(x / (1 - x)); with eps, x is first clipped to [eps, 1 - eps] (Paddle's logit)."""
    if eps:
        x = np.clip(x, eps, 1.0 - eps)
    return np.log(x / (1.0 - x))


register_kernel("sin", FLOAT_COMPLEX)(np.sin)
register_kernel("cos", FLOAT_COMPLEX)(np.cos)
register_kernel("tan", FLOAT_COMPLEX)(quiet(np.tan))
register_kernel("tanh", FLOAT_COMPLEX)(np.tanh)
register_kernel("square", NUMERIC)(np.square)
register_kernel("floor", REAL)(np.floor)
register_kernel("ceil", REAL)(np.ceil)
@register_kernel("round", REAL + FLOAT_COMPLEX[2:])
def round_kernel(x, decimals=0):
    """round(x, decimals), half to even; integers come back unchanged whatever `decimals` (as
    Paddle's kernel: NumPy would round them to tens for decimals=-1)."""
    if x.dtype.kind in "iu":
        return x.copy()
    return np.round(x, decimals)


register_kernel("abs", NUMERIC)(np.abs)


@register_kernel("rsqrt", FLOAT)
@quiet
def rsqrt(x):
    return 1.0 / np.sqrt(x)


@register_kernel("reciprocal", FLOAT_COMPLEX)
@quiet
def reciprocal(x):
    return np.reciprocal(x)


@register_kernel("sigmoid", FLOAT_COMPLEX)
@quiet
def sigmoid(x):
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
@quiet
def pow_(x, y):
    """x ** y for a scalar y; integer tensors take int(y), as Paddle's pow kernel does."""
    if x.dtype.kind in "iu":
        y = int(y)
        if y < 0:
            raise ValueError("(InvalidArgument) Integers to negative integer powers are not "
                             "allowed.")
    elif x.dtype.kind == "c" and y < 0 and float(y).is_integer():
        # NumPy's complex x ** -n overflows x ** n first (NaN at |x| = 1e300); (1 / x) ** n
        # is the same number (no branch cut for integer n) and only underflows, to 0
        return np.power(np.reciprocal(x), -y)
    return np.power(x, y)


@register_kernel("scale", NUMERIC + (bool_,))
def scale(x, scale, bias, bias_after_scale):
    if x.dtype.kind == "b":  # Paddle casts the attributes to bool and computes in bool
        s, b = bool(scale), bool(bias)
        return (x & s) | b if bias_after_scale else (x | b) & s
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


@register_kernel("scale_grad", NUMERIC)
def scale_grad(need, out_grad, scale, bias, bias_after_scale):
    return (out_grad * scale.conjugate(),)  # a Python scalar: no dtype change, conj if complex


@register_kernel("cast_grad", ALL_WITH_HALF)
def cast_grad(need, x, out_grad, dtype):
    return (out_grad,)  # the engine casts it to x's dtype


@register_kernel("tanh_grad", FLOAT_COMPLEX)
def tanh_grad(need, out, out_grad):
    t = out * out
    if t.ndim == 0:  # NumPy scalars cannot be written into
        return (out_grad * _conj(1 - t),)
    np.subtract(_one(t.dtype), t, out=t)  # one x-sized buffer for 1 - out^2 and the product
    if t.dtype.kind == "c":
        np.conjugate(t, out=t)
    np.multiply(out_grad, t, out=t)
    return (t,)


@register_kernel("exp_grad", FLOAT_COMPLEX)
def exp_grad(need, out, out_grad):
    return (out_grad * _conj(out),)


@register_kernel("sigmoid_grad", FLOAT_COMPLEX)
def sigmoid_grad(need, out, out_grad):
    if out.ndim == 0:  # NumPy scalars cannot be written into
        return (out_grad * _conj(out * (1 - out)),)
    t = np.subtract(_one(out.dtype), out)
    t *= out  # one x-sized buffer for out (1 - out) and the product
    if t.dtype.kind == "c":
        np.conjugate(t, out=t)
    np.multiply(out_grad, t, out=t)
    return (t,)


@register_kernel("square_grad", NUMERIC)
def square_grad(need, x, out_grad):
    return (out_grad * _conj(2 * x),)


@register_kernel("sqrt_grad", FLOAT_COMPLEX)
@quiet
def sqrt_grad(need, out, out_grad):
    return (out_grad / _conj(2 * out),)


@register_kernel("log_grad", FLOAT_COMPLEX)
@quiet
def log_grad(need, x, out_grad):
    return (out_grad / _conj(x),)


@register_kernel("assign_grad", ALL_WITH_HALF)
def assign_grad(need, out_grad):
    return (out_grad,)


# ---- inverse trigonometric and hyperbolic, log10, special functions (Paddle activation_kernel,
# lgamma/digamma/polygamma/erfinv/i0/i1 kernels), trunc and the finiteness tests
for _name, _fn in (("asin", np.arcsin), ("acos", np.arccos), ("atan", np.arctan),
                   ("sinh", np.sinh), ("cosh", np.cosh), ("asinh", np.arcsinh),
                   ("acosh", np.arccosh), ("atanh", np.arctanh), ("log10", np.log10)):
    register_kernel(_name, FLOAT_COMPLEX)(quiet(_fn))


@register_kernel("lgamma", FLOAT)
@quiet
def lgamma(x):
    from scipy.special import gammaln
    return np.where(x == -np.inf, np.inf, gammaln(x)).astype(x.dtype)  # C's lgamma(-inf) = +inf


@register_kernel("digamma", FLOAT)
@quiet
def digamma(x):
    from scipy.special import psi
    return psi(x)


@register_kernel("polygamma", FLOAT)
@quiet
def polygamma(x, n):
    from scipy.special import polygamma as _pg
    return _pg(n, x).astype(x.dtype)


@register_kernel("erfinv", FLOAT)
@quiet
def erfinv(x):
    from scipy.special import erfinv as _erfinv
    return _erfinv(np.clip(x, -1, 1))  # |x| > 1 gives +-inf, as Paddle's kernel


@register_kernel("i0", FLOAT)
def i0(x):
    from scipy.special import i0 as _i0
    return _i0(x)


@register_kernel("i1", FLOAT)
def i1(x):
    from scipy.special import i1 as _i1
    return _i1(x)


@register_kernel("i0e", FLOAT)
def i0e(x):
    from scipy.special import i0e as _i0e
    return _i0e(x)


@register_kernel("i1e", FLOAT)
def i1e(x):
    from scipy.special import i1e as _i1e
    return _i1e(x)


@register_kernel("trunc", INT_32_64 + FLOAT)
def trunc(x):
    return x.copy() if x.dtype.kind in "iu" else np.trunc(x)


register_kernel("isnan", INT + FLOAT_COMPLEX)(np.isnan)
register_kernel("isinf", INT + FLOAT_COMPLEX)(np.isinf)
register_kernel("isfinite", INT + FLOAT_COMPLEX)(np.isfinite)


# ---- binary math: atan2, fmax/fmin (NaN-ignoring), heaviside, nextafter, lerp


@register_kernel("atan2", INT_32_64 + FLOAT)
def atan2(x, y):
    if x.dtype.kind in "iu":  # Paddle computes integer atan2 in float64
        x, y = x.astype(np.float64), y.astype(np.float64)
    return np.arctan2(x, y)


register_kernel("fmax", INT_32_64 + FLOAT)(np.fmax)
register_kernel("fmin", INT_32_64 + FLOAT)(np.fmin)


@register_kernel("heaviside", INT_32_64 + FLOAT)
def heaviside(x, y):
    """y where x == 0, else 1 for x > 0 and 0 otherwise (NaN too), as Paddle's functor."""
    return np.where(x == 0, y, (x > 0).astype(x.dtype)).astype(x.dtype)


register_kernel("nextafter", FLOAT)(np.nextafter)


@register_kernel("gammaincc", FLOAT)
@quiet
def gammaincc(x, y):
    """Q(x, y) = Gamma(x, y) / Gamma(x); Q(x, 0) = 1 for every x >= 0, Q(0, 0) too (as
    Paddle's igammac; SciPy gives NaN there)."""
    from scipy.special import gammaincc as _q
    x, y = np.broadcast_arrays(x, y)
    return np.where(y == 0, 1.0, _q(x, y)).astype(x.dtype)


@register_kernel("lerp", FLOAT)
def lerp(x, y, weight):
    return x + weight * (y - x)


def _isclose(x, y, rtol, atol, equal_nan):
    """Paddle's rule: x == y, or |x - y| <= atol + rtol |y| (within 1e-15), computed in x's
    (real) precision; NaN is close to NaN only with equal_nan."""
    real = x.real.dtype
    with np.errstate(invalid="ignore", over="ignore"):
        left = np.abs(x - y)
        right = real.type(atol) + real.type(rtol) * np.abs(y)
        out = (x == y) | (left <= right) | (np.abs(left - right) <= 1e-15)
    if equal_nan:
        out |= np.isnan(x) & np.isnan(y)
    return out


@register_kernel("isclose", FLOAT_COMPLEX)
def isclose(x, y, rtol, atol, equal_nan):
    return _isclose(x, y, rtol, atol, equal_nan)


@register_kernel("allclose", FLOAT)  # Paddle 3.3.1 has no complex allclose kernel
def allclose(x, y, rtol, atol, equal_nan):
    return np.asarray(bool(_isclose(x, y, rtol, atol, equal_nan).all()))
