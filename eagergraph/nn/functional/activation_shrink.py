"""More activations composed from public ops (Paddle nn/functional/activation.py): swish,
hardshrink, softshrink, thresholded_relu, logsigmoid, glu, maxout, rrelu. Their gradients (all
orders) are the gradients of the ops they are built of."""
import numpy as np

from ... import ops as _ops
from ...eager_utils import to_float32 as _f32
from .activation_extra import log_sigmoid

__all__ = ["swish", "hardshrink", "softshrink", "thresholded_relu", "thresholded_relu_",
           "logsigmoid", "glu", "maxout", "rrelu"]


def _zeros(x):
    return _ops.zeros_like(x)


def _scalar(v, x):
    return _ops.full([], v, x.dtype)


def swish(x, name=None):
    """x * sigmoid(x)."""
    return _ops.multiply(x, _ops.sigmoid(x))


def hardshrink(x, threshold=0.5, name=None):
    """x where |x| > threshold, else 0."""
    keep = _ops.greater_than(_ops.abs(x), _scalar(_f32(threshold), x))
    return _ops.where(keep, x, _zeros(x))


def softshrink(x, threshold=0.5, name=None):
    """x - threshold above threshold, x + threshold below -threshold, else 0."""
    if threshold < 0:
        raise ValueError(f"The threshold must be no less than zero. Received: {threshold}.")
    threshold = _f32(threshold)
    t = _scalar(threshold, x)
    above = _ops.where(_ops.greater_than(x, t), _ops.scale(x, 1.0, -threshold), _zeros(x))
    below = _ops.where(_ops.less_than(x, _ops.scale(t, -1.0)), _ops.scale(x, 1.0, threshold),
                       _zeros(x))
    return _ops.add(above, below)


def thresholded_relu(x, threshold=1.0, value=0.0, name=None):
    """x where x > threshold, else value."""
    return _ops.where(_ops.greater_than(x, _scalar(_f32(threshold), x)), x,
                      _ops.full_like(x, _f32(value), x.dtype))


def thresholded_relu_(x, threshold=1.0, value=0.0, name=None):
    """thresholded_relu written into x: every element not above threshold becomes value."""
    keep = _ops.greater_than(x, _scalar(_f32(threshold), x))
    return _ops.masked_fill_(x, _ops.logical_not(keep), _f32(value))


def logsigmoid(x, name=None):
    """The same function as log_sigmoid (Paddle keeps both names)."""
    return log_sigmoid(x)


def glu(x, axis=-1, name=None):
    """a * sigmoid(b) for the two halves a, b of x along axis."""
    rank = len(x.shape)
    if not -rank <= axis < rank:
        raise ValueError(f"Expected value range of `axis` is [{-rank}, {rank}), but received "
                         f"axis: {axis}")
    a, b = _ops.chunk(x, 2, axis=axis)
    return _ops.multiply(a, _ops.sigmoid(b))


def maxout(x, groups, axis=1, name=None):
    """Max over each run of `groups` consecutive channels: channel c of the output is
    max(x[c * groups : (c + 1) * groups]) along axis (1 for NCHW, 3 or -1 for NHWC)."""
    if axis not in (1, -1, 3):
        raise ValueError("Attr(axis) should be 1 when data format is NCHW, -1 or 3 when data "
                         f"format is NHWC. Received Attr(axis): {axis}.")
    axis = 3 if axis == -1 else axis
    shape = list(x.shape)
    if len(shape) != 4:
        raise ValueError(f"maxout expects a 4-D input, but received a {len(shape)}-D one.")
    if groups <= 0 or shape[axis] % groups:
        raise ValueError(f"The number of input channels ({shape[axis]}) must be divisible by "
                         f"groups ({groups}) in maxout.")
    split = shape[:axis] + [shape[axis] // groups, groups] + shape[axis + 1:]
    return _ops.max(_ops.reshape(x, split), axis=axis + 1)


def _check_rrelu(lower, upper):
    if not isinstance(lower, float) or not isinstance(upper, float):
        raise TypeError(f"The lower and upper values must be float type. Received: lower "
                        f"{lower}, upper {upper}.")
    if lower < 0 or lower > 1:
        raise ValueError("The lower value must be no less than zero or greater than one. "
                         f"Received: {lower}.")
    if upper < lower:
        raise ValueError(f"The upper value must be greater than lower value. Received: lower "
                         f"{lower}, upper {upper}.")
    if upper > 1:
        raise ValueError(f"The upper value must be no greater than one. Received: {upper}.")


def rrelu(x, lower=1.0 / 8.0, upper=1.0 / 3.0, training=True, name=None):
    """x where x >= 0, else slope * x: slope drawn from U(lower, upper) per element when
    training (from the global generator, so paddle.seed makes it repeatable; the stream
    differs from Paddle's), (lower + upper) / 2 otherwise."""
    _check_rrelu(lower, upper)
    if training:
        slope = _ops.uniform(list(x.shape), x.dtype, lower, upper)
    else:  # Paddle's kernel: (lower + upper) / 2 in float32
        slope = _scalar(_f32((np.float32(lower) + np.float32(upper)) / np.float32(2)), x)
    return _ops.where(_ops.greater_equal(x, _zeros(x)), x, _ops.multiply(x, slope))
