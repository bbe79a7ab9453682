"""Matrix product kernel (Paddle matmul_kernel.cc). InferMeta has checked the shapes."""
import numpy as np

from ...kernel_registry import register_kernel
from ...common import int32, int64
from ..dtype_groups import ALL, NUMERIC, FLOAT_COMPLEX


@register_kernel("matmul", (int32, int64) + FLOAT_COMPLEX)
def matmul(x, y, transpose_x, transpose_y):
    """np.matmul after swapping the last two axes of an operand whose flag is set; a transpose
    flag on a 1-D operand changes nothing, as in Paddle."""
    if transpose_x and x.ndim > 1:
        x = np.swapaxes(x, -1, -2)
    if transpose_y and y.ndim > 1:
        y = np.swapaxes(y, -1, -2)
    return np.matmul(x, y)


# ---- grad kernels (backward.yaml `kernel:`): fn(need, *saved arrays, *out_grad arrays,
# *attrs) -> one array per forward input, None where need[i] is False; grads at the output's
# shape, complex ones in Paddle's convention (out_grad * conj(df/dx))


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


@register_kernel("tril", ALL)
def tril(x, diagonal):
    return np.tril(x, diagonal)


@register_kernel("triu", ALL)
def triu(x, diagonal):
    return np.triu(x, diagonal)


@register_kernel("dot", NUMERIC)
def dot(x, y):
    return np.einsum("...i,...i->...", x, y)
