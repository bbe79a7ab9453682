"""Shape-manipulation kernels: pure data movement, registered for every dtype.

reshape, transpose, squeeze, unsqueeze, flatten, split, split_with_num and unbind return NumPy
views of their input (Paddle's view ops); expand and flip copy, like Paddle."""
import numpy as np

from ...kernel_registry import register_kernel
from ..dtype_groups import ALL_WITH_HALF
from ...infermeta.backward import broadcast_axes
from ...infermeta.manipulation import (reshape_shape, squeeze_shape, unsqueeze_shape,
                                       flatten_shape, split_sections, expand_shape)


@register_kernel("reshape", ALL_WITH_HALF)
def reshape(x, shape):
    if x.shape == shape:
        return x
    return x.reshape(reshape_shape(x.shape, shape))


@register_kernel("transpose", ALL_WITH_HALF)
def transpose(x, perm):
    return x.transpose(perm) if x.ndim else x


@register_kernel("squeeze", ALL_WITH_HALF)
def squeeze(x, axis):
    return x.reshape(squeeze_shape(x.shape, axis))


@register_kernel("unsqueeze", ALL_WITH_HALF)
def unsqueeze(x, axis):
    return x.reshape(unsqueeze_shape(x.shape, axis))


@register_kernel("flatten", ALL_WITH_HALF)
def flatten(x, start_axis, stop_axis):
    return x.reshape(flatten_shape(x.shape, start_axis, stop_axis))


@register_kernel("concat", ALL_WITH_HALF)
def concat(x, axis):
    return np.concatenate(x, int(axis))


def _split_at(x, axis, sizes):
    out, pos = [], 0
    head = (slice(None),) * axis
    for s in sizes:
        out.append(x[head + (slice(pos, pos + s),)])
        pos += s
    return out


@register_kernel("split", ALL_WITH_HALF)
def split(x, sections, axis):
    a, secs = split_sections(x.shape, sections, axis)
    return _split_at(x, a, secs)


@register_kernel("split_with_num", ALL_WITH_HALF)
def split_with_num(x, num, axis):
    a = int(axis) % x.ndim
    return _split_at(x, a, [x.shape[a] // num] * num)


@register_kernel("stack", ALL_WITH_HALF)
def stack(x, axis):
    return np.stack(x, axis)


@register_kernel("unbind", ALL_WITH_HALF)
def unbind(input, axis):
    head = (slice(None),) * (axis % input.ndim)
    return [input[head + (i,)] for i in range(input.shape[axis])]


@register_kernel("expand", ALL_WITH_HALF)
def expand(x, shape):
    if x.shape == shape:
        return x.copy()
    return np.broadcast_to(x, expand_shape(x.shape, shape)).copy()


@register_kernel("broadcast_view", ALL_WITH_HALF)
def broadcast_view(x, like):
    """x broadcast to like's shape as a read-only view (the norms' internal operand: no
    copy)."""
    return np.broadcast_to(x, expand_shape(x.shape, like.shape))


@register_kernel("broadcast_view_grad", ALL_WITH_HALF)
def broadcast_view_grad(need, x, out_grad):
    """out_grad summed over the broadcast axes in NumPy's order, shaped as x (like: none)."""
    axes = broadcast_axes(out_grad.shape, x.shape)
    return (np.sum(out_grad, axis=axes).reshape(x.shape) if axes else out_grad), None


@register_kernel("tile", ALL_WITH_HALF)
def tile(x, repeat_times):
    return np.tile(x, repeat_times) if repeat_times else x.copy()


@register_kernel("flip", ALL_WITH_HALF)
def flip(x, axis):
    return np.flip(x, axis).copy() if axis else x.copy()


@register_kernel("where", ALL_WITH_HALF)
def where(condition, x, y):
    return np.where(condition, x, y)


# ---- grad kernels (backward.yaml `kernel:`): fn(need, *saved arrays, *out_grad arrays,
# *attrs) -> one array per forward input, None where need[i] is False; grads at the output's
# shape, complex ones in Paddle's convention (out_grad * conj(df/dx))


@register_kernel("reshape_grad", ALL_WITH_HALF)
def reshape_grad(need, x, out_grad, shape):
    return (out_grad.reshape(x.shape),)


@register_kernel("transpose_grad", ALL_WITH_HALF)
def transpose_grad(need, out_grad, perm):
    inv = np.argsort([p % out_grad.ndim for p in perm]) if perm else None
    return (np.transpose(out_grad, inv),)


@register_kernel("roll", ALL_WITH_HALF)
def roll(x, shifts, axis):
    if not axis:
        return np.roll(x.reshape(-1), int(shifts[0])).reshape(x.shape)
    return np.roll(x, tuple(int(s) for s in shifts), tuple(axis))
