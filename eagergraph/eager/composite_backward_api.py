"""Helpers that backward.yaml formulas call by name (Paddle prim composite_backward_api.h).

Each is written with ops (`<op>_ad_func`), so it is differentiable like the formulas that use it.
A formula name resolves here first, then to an op of ops.yaml."""
import numpy as np

from ..tensor import Tensor
from .._generated import dygraph_functions as F


def conj(x):
    """conj for complex tensors; real tensors pass through (no copy, no op)."""
    if x._data.dtype.kind == "c":
        return F.conj_ad_func(x)
    return x


def zeros_like_meta(meta):
    return Tensor._wrap(np.zeros(meta.shape, meta.np_dtype))


def fill_zero(g, meta):
    """The grad of an output that received none: zeros of its shape and dtype."""
    return zeros_like_meta(meta) if g is None else g


def fill_zero_list(gs, metas):
    return [zeros_like_meta(m) if g is None else g for g, m in zip(gs, metas)]


def _mask(cond, like):
    """A constant 0/1 tensor (no graph: its derivative is zero) of `like`'s dtype."""
    return Tensor._wrap(cond.astype(like._data.dtype))


def greater_mask(x, y, like):
    return _mask(x._data > y._data, like)


def less_mask(x, y, like):
    return _mask(x._data < y._data, like)


def greater_equal_mask(x, y, like):
    return _mask(x._data >= y._data, like)


def less_equal_mask(x, y, like):
    return _mask(x._data <= y._data, like)


def clip_mask(x, lo, hi, like):
    """1 where lo < x < hi (Paddle's clip_grad passes the grad strictly inside the range)."""
    d = x._data
    return _mask((d > lo) & (d < hi), like)


def abs_grad(x, out_grad):
    """out_grad * x / |x| (real: out_grad * sign(x)), and 0 where x == 0."""
    if x._data.dtype.kind != "c":
        return F.multiply_ad_func(out_grad, F.sign_ad_func(x))
    a = F.abs_ad_func(x)
    zero = a._data == 0
    if zero.any():
        a = F.add_ad_func(a, _mask(zero, a))  # |x| -> 1 where x == 0 (x is 0 there anyway)
    return F.divide_ad_func(F.multiply_ad_func(out_grad, x), a)


def equal_mask(x, y, like):
    return _mask(x._data == y._data, like)


def positive_mask(x, like):
    return _mask(x._data > 0, like)


def condition_mask(cond, like, negate=False):
    c = cond._data.astype(bool)
    return _mask(~c if negate else c, like)


def shape(x):
    """x's shape as a tuple (the IntArray form the ad_funcs take)."""
    return x._data.shape


# ---- reductions ------------------------------------------------------------------------------
def _reduced_axes(ndim, axis):
    if ndim == 0:
        return ()
    if not axis:
        return tuple(range(ndim))
    n = max(ndim, 1)
    return tuple(a % n for a in axis)


def unreduce(g, x, axis):
    """Broadcast the grad (or output) of a reduction over `axis` back to x's shape."""
    xs = x._data.shape
    axes = _reduced_axes(len(xs), axis)
    keep = tuple(1 if i in axes else n for i, n in enumerate(xs))
    if g._data.shape != keep:
        g = F.reshape_ad_func(g, keep)
    if keep != xs:
        g = F.expand_ad_func(g, xs)
    return g


def reduced_count(x, axis):
    """How many elements each output of a reduction over `axis` averages."""
    xs = x._data.shape
    n = 1
    for a in _reduced_axes(len(xs), axis):
        n *= xs[a]
    return n


# ---- matmul ----------------------------------------------------------------------------------
def _matmul_2d(x, y, g):
    """Lift 1-D operands (and the matching grad) to 2-D, as matmul does."""
    if x._data.ndim == 1:
        x = F.unsqueeze_ad_func(x, (0,))
        g = F.unsqueeze_ad_func(g, (-2,) if y._data.ndim != 1 else (0,))
    if y._data.ndim == 1:
        y = F.unsqueeze_ad_func(y, (-1,))
        g = F.unsqueeze_ad_func(g, (-1,))
    return x, y, g


def matmul_grad_x(x, y, out_grad, transpose_x, transpose_y):
    """d/dx of matmul: G @ Y^H (transposes applied as in the forward)."""
    x1, y1, g = _matmul_2d(x, y, out_grad)
    tx = transpose_x and x._data.ndim > 1
    ty = transpose_y and y._data.ndim > 1
    if tx:
        dx = F.matmul_ad_func(conj(y1), g, ty, True)
    else:
        dx = F.matmul_ad_func(g, conj(y1), False, not ty)
    if x._data.ndim == 1:
        dx = F.squeeze_ad_func(dx, (-2,))
    return dx


def matmul_grad_y(x, y, out_grad, transpose_x, transpose_y):
    """d/dy of matmul: X^H @ G (transposes applied as in the forward)."""
    x1, y1, g = _matmul_2d(x, y, out_grad)
    tx = transpose_x and x._data.ndim > 1
    ty = transpose_y and y._data.ndim > 1
    if ty:
        dy = F.matmul_ad_func(g, conj(x1), True, tx)
    else:
        dy = F.matmul_ad_func(conj(x1), g, not tx, False)
    if y._data.ndim == 1:
        dy = F.squeeze_ad_func(dy, (-1,))
    return dy


# ---- activations -----------------------------------------------------------------------------
def leaky_relu_slope(x, negative_slope, like):
    d = x._data
    return Tensor._wrap(np.where(d > 0, 1.0, negative_slope).astype(like._data.dtype))


def elu_grad(x, alpha, out_grad):
    """1 for x > 0, alpha * exp(x) otherwise (differentiable in x)."""
    pos = positive_mask(x, out_grad)
    neg = _mask(x._data <= 0, out_grad)
    d = F.add_ad_func(pos, F.multiply_ad_func(neg, F.scale_ad_func(F.exp_ad_func(x), alpha,
                                                                     0.0, True)))
    return F.multiply_ad_func(out_grad, d)


def gelu_grad(x, approximate, out_grad):
    if not approximate:  # Phi(x) + x * phi(x)
        cdf = F.scale_ad_func(F.erf_ad_func(F.scale_ad_func(x, 0.7071067811865476, 0.0, True)),
                              0.5, 0.5, True)
        pdf = F.scale_ad_func(F.exp_ad_func(F.scale_ad_func(F.square_ad_func(x), -0.5, 0.0,
                                                            True)),
                              0.3989422804014327, 0.0, True)
        return F.multiply_ad_func(out_grad, F.add_ad_func(cdf, F.multiply_ad_func(x, pdf)))
    # 0.5 * (1 + tanh(u)) + 0.5 * x * (1 - tanh(u)^2) * du/dx, u = k (x + 0.044715 x^3)
    k = 0.7978845608028654
    x2 = F.square_ad_func(x)
    u = F.scale_ad_func(F.multiply_ad_func(x, F.scale_ad_func(x2, 0.044715, 1.0, True)), k,
                        0.0, True)
    t = F.tanh_ad_func(u)
    du = F.scale_ad_func(x2, 3 * 0.044715 * k, k, True)
    left = F.scale_ad_func(t, 0.5, 0.5, True)
    right = F.multiply_ad_func(F.scale_ad_func(x, 0.5, 0.0, True),
                               F.multiply_ad_func(F.scale_ad_func(F.square_ad_func(t), -1.0, 1.0,
                                                                  True), du))
    return F.multiply_ad_func(out_grad, F.add_ad_func(left, right))


def softplus_grad(x, beta, threshold, out_grad):
    """sigmoid(beta x) where beta x <= threshold, 1 above it (where softplus is x)."""
    bx = np.real(x._data) * beta
    lin = _mask(bx > threshold, out_grad)
    soft = _mask(bx <= threshold, out_grad)
    s = conj(F.sigmoid_ad_func(F.scale_ad_func(x, beta, 0.0, True)))
    return F.multiply_ad_func(out_grad, F.add_ad_func(F.multiply_ad_func(soft, s), lin))


# ---- manipulation ----------------------------------------------------------------------------
def inverse_perm(perm):
    n = len(perm)
    inv = [0] * n
    for i, p in enumerate(perm):
        inv[p % n] = i
    return inv


def concat_sections(xs, axis):
    nd = xs[0]._data.ndim
    a = axis % max(nd, 1)
    return tuple(t._data.shape[a] for t in xs)


def tile_grad(x, repeat_times, out_grad):
    """Sum the tiles of out_grad back onto x: reshape to [r0, s0, r1, s1, ...], sum the r axes."""
    xs = x._data.shape
    os_ = out_grad._data.shape
    reps = (1,) * (len(os_) - len(repeat_times)) + tuple(repeat_times)
    xs_full = (1,) * (len(os_) - len(xs)) + tuple(xs)
    split = []
    for r, s in zip(reps, xs_full):
        split += [r, s]
    g = F.reshape_ad_func(out_grad, tuple(split))
    g = F.sum_ad_func(g, tuple(range(0, len(split), 2)), None, False)
    return F.reshape_ad_func(g, xs)



def put_along_axis_grad(x, indices, out_grad, axis):
    """zeros of x's shape with out_grad added at `indices` along axis (the adjoint of
    take_along_axis), built from reshape + index_select_grad so it is differentiable."""
    shape = x._data.shape
    if not shape:
        return out_grad
    a = axis % len(shape)
    pos = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)
    flat = np.take_along_axis(pos, indices._data, axis=a).reshape(-1)
    flat_x = F.reshape_ad_func(x, (-1,))
    placed = F.index_select_grad_ad_func(flat_x, Tensor._wrap(flat),
                                         F.reshape_ad_func(out_grad, (-1,)), 0)
    return F.reshape_ad_func(placed, shape)


from .composite_backward_complex import *  # noqa: E402,F401,F403  (complex helpers)
