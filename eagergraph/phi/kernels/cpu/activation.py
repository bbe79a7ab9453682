"""Activation kernels of paddle.nn.functional (Paddle activation_kernel.cc, gelu_kernel.cc,
softmax_kernel.cc, log_softmax_kernel.cc). Formulas and edge values follow Paddle's CPU functors."""
import math

import numpy as np
from scipy.special import erf, expit

from ...kernel_registry import register_kernel
from ..fp_errors import quiet
from ...glibc_expf import expf_moderate
from ...glibc_logf import logf as glibc_logf
from ...sum_order import avx_row_sum, axis_sum
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
    """Paddle's CPU GeluFunctor, in its order and dtype: x (1 + erf(x sqrt(1/2))) 0.5, or
    x 0.5 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) when approximate. Its erf is MKL's
    (vsErf): a correctly rounded erf here (the same float32 values for 99.3% of inputs
    measured, 69% of float64 ones); its tanh Eigen's (NumPy's here: ~64%). Like Paddle's, the
    1 + erf / 1 + tanh loses the tail for very negative x (gelu(-6) is -0)."""
    t = x.dtype.type
    with np.errstate(over="ignore", invalid="ignore"):
        if approximate:
            inner = t(_SQRT_2_PI) * (x + t(0.044715) * (x * x * x))
            return x * t(0.5) * (t(1) + np.tanh(inner))
        e = erf((x * t(_SQRT1_2)).astype(np.float64)).astype(x.dtype, copy=False)
        return x * (t(1) + e) * t(0.5)


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
    if axis % x.ndim != x.ndim - 1:  # Paddle's Eigen functor (its own exp and sum order)
        np.exp(e, out=e)  # in place: the forward allocates one array of x's size
        e *= 1 / e.sum(axis=axis, keepdims=True)
        return e
    # the last axis: Paddle's CPU row kernel (softmax_impl.h, AVX): exp of each row, its sum
    # (AVX lanes for float32, one after another for float64), times the sum's inverse. Its exp
    # is the C library's expf for float32 rows under 128 values (emulated here, bit for bit;
    # ~9 ns a value against NumPy's ~0.6), MKL's vsExp for longer rows and vdExp for float64
    # (NumPy's exp here: float64 agreed everywhere measured, float32 differs in the last bit
    # for ~2% of the softmax's values)
    if e.dtype == np.float32:
        if e.shape[-1] < 128:
            e = expf_moderate(e)  # within [-64, 0] (or NaN): _shifted clipped it
        else:
            np.exp(e, out=e)
        total = avx_row_sum(e)
    else:
        np.exp(e, out=e)
        total = axis_sum(e, -1, e.dtype, True)
    e *= e.dtype.type(1) / total
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
    if label.size and 0 <= label.min() and label.max() < num_classes:
        return  # every label a class id (the usual case: two calls)
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


def _std_log(p):
    """std::log of each probability: the C library's logf for float32 (NumPy's log differs from
    it in the last bit for about one value in 200), NumPy's log for float64 and for what is not
    a positive finite number."""
    if p.dtype != np.float32:
        return np.log(p)
    if not p.size or (0 <= p.min() and p.max() < np.inf):  # the usual case: two calls
        return glibc_logf(p)
    fine = np.isfinite(p) & (p >= 0)
    out = np.log(p)
    out[fine] = glibc_logf(p[fine])
    return out


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
    lbl = label.astype(np.int64, copy=False)
    check_hard_labels(lbl, p.shape[ax], ignore_index)
    ignored = lbl == ignore_index
    if ax == p.ndim - 1 == 1 and not ignored.any():  # [N, C], labels [N, 1]: one gather
        picked = p[np.arange(p.shape[0]), lbl[:, 0]][:, None]
    else:
        picked = np.take_along_axis(p, np.where(ignored, 0, lbl), axis=ax)
    loss = -_tolerable(_std_log(picked))
    loss[ignored] = 0
    return p, loss


# ---- grad kernels (backward.yaml `kernel:`): fn(need, *saved arrays, *out_grad arrays,
# *attrs) -> one array per forward input, None where need[i] is False; grads at the output's
# shape, complex ones in Paddle's convention (out_grad * conj(df/dx))


@register_kernel("softmax_grad", FLOAT)
@quiet
def softmax_grad(need, out, out_grad, axis):
    """out * (out_grad - sum(out_grad * out)) over the axis. The last axis as Paddle's CPU row
    kernel (SoftmaxGradFunctor, AVX): the products' row sum in AVX lanes for float32 (one after
    another for float64), then out * (out_grad + -dot); another axis as its Eigen functor,
    with NumPy's sum."""
    if out.ndim == 0 or out.size == 0:
        return (np.zeros_like(out),)
    prod = out_grad * out
    if axis % out.ndim != out.ndim - 1:
        return (out * (out_grad - prod.sum(axis=axis, keepdims=True)),)
    dot = avx_row_sum(prod) if out.dtype == np.float32 else axis_sum(prod, -1, None, True)
    return (out * (out_grad - dot),)


@register_kernel("relu_grad", FLOAT)
def relu_grad(need, out, out_grad):
    return (out_grad * (out > 0),)


