"""Fused first-order grad kernels of reductions, matmul, softmax and reshaping ops
(backward.yaml `kernel:`; see elementwise_grad.py for the signature)."""
import numpy as np

from ...kernel_registry import register_kernel
from ..dtype_groups import FLOAT, FLOAT_COMPLEX, NUMERIC, ALL_WITH_HALF


def _unreduce(g, shape, axis):
    nd = len(shape)
    if nd == 0:
        return g.reshape(())
    axes = range(nd) if not axis else [a % nd for a in axis]
    keep = tuple(1 if i in axes else n for i, n in enumerate(shape))
    return np.broadcast_to(g.reshape(keep), shape)


@register_kernel("sum_grad", NUMERIC)
def sum_grad(need, x, out_grad, axis, dtype, keepdim):
    return (_unreduce(out_grad, x.shape, axis),)


@register_kernel("mean_grad", FLOAT_COMPLEX)
def mean_grad(need, x, out_grad, axis, keepdim):
    g = _unreduce(out_grad, x.shape, axis)
    n = x.size // max(out_grad.size, 1) if x.size else 1
    return (g * (1.0 / n) if n != 1 else g,)


def _t(a):
    return np.swapaxes(a, -1, -2)


@register_kernel("matmul_grad", FLOAT_COMPLEX)
def matmul_grad(need, x, y, out_grad, transpose_x, transpose_y):
    x2 = x[None, :] if x.ndim == 1 else x
    y2 = y[:, None] if y.ndim == 1 else y
    g = out_grad
    if x.ndim == 1:
        g = g[..., None, :] if y.ndim != 1 else g[None]
    if y.ndim == 1:
        g = g[..., None]
    tx = transpose_x and x.ndim > 1
    ty = transpose_y and y.ndim > 1
    xe = _t(x2) if tx else x2
    ye = _t(y2) if ty else y2
    if xe.dtype.kind == "c":
        xe, ye = np.conj(xe), np.conj(ye)
    dx = dy = None
    if need[0]:
        dx = np.matmul(g, _t(ye))
        if tx:
            dx = _t(dx)
        if x.ndim == 1:
            dx = dx[..., 0, :]
    if need[1]:
        dy = np.matmul(_t(xe), g)
        if ty:
            dy = _t(dy)
        if y.ndim == 1:
            dy = dy[..., 0]
    return dx, dy


@register_kernel("softmax_grad", FLOAT)
def softmax_grad(need, out, out_grad, axis):
    return (out * (out_grad - np.sum(out_grad * out, axis=axis, keepdims=True)),)


@register_kernel("log_softmax_grad", FLOAT)
def log_softmax_grad(need, out, out_grad, axis):
    return (out_grad - np.exp(out) * np.sum(out_grad, axis=axis, keepdims=True),)


@register_kernel("reshape_grad", ALL_WITH_HALF)
def reshape_grad(need, x, out_grad, shape):
    return (out_grad.reshape(x.shape),)


@register_kernel("transpose_grad", ALL_WITH_HALF)
def transpose_grad(need, out_grad, perm):
    inv = np.argsort([p % out_grad.ndim for p in perm]) if perm else None
    return (np.transpose(out_grad, inv),)
