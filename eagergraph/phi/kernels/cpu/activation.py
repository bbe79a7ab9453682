"""Activation kernels of paddle.nn.functional (Paddle activation_kernel.cc, gelu_kernel.cc,
softmax_kernel.cc, log_softmax_kernel.cc). Formulas and edge values follow Paddle's CPU functors."""
import math

import numpy as np
from scipy.special import erfc, expit

from ...kernel_registry import register_kernel
from ..fp_errors import quiet
from ..dtype_groups import FLOAT, FLOAT_COMPLEX

_SQRT1_2 = 1.0 / math.sqrt(2.0)
_SQRT_2_PI = math.sqrt(2.0 / math.pi)
# Paddle's softmax functors clip x - max(x) from below at -64 (ValueClip) before exp.
_CLIP = -64.0


@register_kernel("relu", FLOAT)
def relu(x):
    """x > 0 ? x : 0; fmax also maps nan to 0, as Paddle's ReluCPUFunctor does."""
    return np.fmax(x, 0)


@register_kernel("leaky_relu", FLOAT)
def leaky_relu(x, negative_slope):
    """max(x, a*x) for a < 1, min(x, a*x) otherwise (Paddle's LeakyReluFunctor)."""
    if negative_slope < 1:
        return np.maximum(x, x * negative_slope)
    return np.minimum(x, x * negative_slope)


@register_kernel("elu", FLOAT)
def elu(x, alpha):
    return np.where(x > 0, x, alpha * np.expm1(np.minimum(x, 0)))


@register_kernel("gelu", FLOAT)
def gelu(x, approximate):
    """0.5 x (1 + erf(x / sqrt 2)), or with tanh(sqrt(2/pi) (x + 0.044715 x^3)) in place of erf.
    Written as 0.5 x erfc(-x / sqrt 2) and x sigmoid(2 z), which equal those without the
    cancellation in 1 + erf / 1 + tanh for negative x."""
    if approximate:
        return x * expit((2 * _SQRT_2_PI) * (x + 0.044715 * x * x * x))
    return 0.5 * x * erfc(x * -_SQRT1_2)


@register_kernel("silu", FLOAT_COMPLEX)
def silu(x):
    if x.dtype.kind == "c":
        with np.errstate(over="ignore", invalid="ignore"):
            return x / (1 + np.exp(-x))
    return x * expit(x)


@register_kernel("softplus", FLOAT_COMPLEX)
def softplus(x, beta, threshold):
    """x where beta * x > threshold, else log(1 + exp(beta * x)) / beta (complex inputs compare
    the real part; beta = 0 gives inf, as in Paddle)."""
    xb = x * beta if beta != 1 else x
    if x.dtype.kind == "c":
        with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
            return np.where(xb.real > threshold, x, np.log1p(np.exp(xb)) / beta)
    sp = np.logaddexp(0, xb)
    if beta == 0:
        with np.errstate(divide="ignore"):
            sp = sp / beta
    elif beta != 1:
        sp /= beta
    return np.where(xb > threshold, x, sp)


def _shifted(x, axis):
    """x - max(x) along axis, clipped below at -64 like Paddle (nan stays nan): a fresh array,
    clipped in place (one allocation instead of two)."""
    s = x - x.max(axis=axis, keepdims=True)
    np.maximum(s, _CLIP, out=s)
    return s


@register_kernel("softmax", FLOAT)
@quiet
def softmax(x, axis):
    if x.ndim == 0:
        return np.ones_like(x)
    if x.size == 0:
        return x.copy()
    e = _shifted(x, axis)
    np.exp(e, out=e)  # in place: the forward allocates one array of x's size, as NumPy's would
    e /= e.sum(axis=axis, keepdims=True)
    return e


@register_kernel("log_softmax", FLOAT)
@quiet
def log_softmax(x, axis):
    if x.ndim == 0:
        return np.zeros_like(x)
    if x.size == 0:
        return x.copy()
    s = _shifted(x, axis)
    return s - np.log(np.exp(s).sum(axis=axis, keepdims=True))


def check_hard_labels(label, num_classes, ignore_index):
    """Paddle's OutOfRange check of hard labels (class ids): each is ignore_index or in
    [0, num_classes)."""
    bad = (label != ignore_index) & ((label < 0) | (label >= num_classes))
    if bad.any():
        v = int(label[bad].flat[0])
        if v < 0:
            raise IndexError(f"(OutOfRange) label value should >= 0 when label value({v}) not "
                             f"equal to ignore_index({ignore_index})")
        raise IndexError(f"(OutOfRange) label value should less than the shape of axis "
                         f"dimension when label value({v}) not equal to "
                         f"ignore_index({ignore_index}), But received label value as {v} and "
                         f"shape of axis dimension is {num_classes}")


def _tolerable(a):
    """Paddle's TolerableValue, in place: +-inf -> +-1e20."""
    inf = np.isinf(a)
    if inf.any():
        a[inf] = np.copysign(1e20, a[inf])
    return a


@register_kernel("cross_entropy_with_softmax", FLOAT)
@quiet
def cross_entropy_with_softmax(input, label, soft_label, use_softmax, numeric_stable_mode,
                               ignore_index, axis):
    """(softmax, loss) as Paddle's CPU kernel: the softmax (or a copy of input when it holds
    probabilities), then -TolerableValue(log p) at each hard label (0 where it is
    ignore_index), or -sum(label * TolerableValue(log p)) for soft labels."""
    ax = axis % input.ndim
    p = softmax(input, ax) if use_softmax else input.copy()
    if p.size == 0:
        return p, np.zeros(label.shape, p.dtype)
    if soft_label:
        loss = -(label * _tolerable(np.log(p))).sum(axis=ax, keepdims=True)
        return p, loss
    lbl = label.astype(np.int64)
    check_hard_labels(lbl, p.shape[ax], ignore_index)
    ignored = lbl == ignore_index
    picked = np.take_along_axis(p, np.where(ignored, 0, lbl), axis=ax)
    loss = -_tolerable(np.log(picked))
    loss[ignored] = 0
    return p, loss


# ---- grad kernels (backward.yaml `kernel:`): fn(need, *saved arrays, *out_grad arrays,
# *attrs) -> one array per forward input, None where need[i] is False; grads at the output's
# shape, complex ones in Paddle's convention (out_grad * conj(df/dx))


@register_kernel("relu_grad", FLOAT)
def relu_grad(need, out, out_grad):
    return (out_grad * (out > 0),)


