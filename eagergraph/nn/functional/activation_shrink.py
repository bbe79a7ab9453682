"""More activations composed from public ops (Paddle nn/functional/activation.py): swish,
hardshrink, softshrink, thresholded_relu, logsigmoid, glu, maxout, rrelu. Their gradients (all
orders) are the gradients of the ops they are built of."""
import numpy as np

from ... import ops as _ops
from ...eager.inplace import check_inplace, inplace_input, commit_inplace
from ..._generated.eager_utils import parse_tensor, to_float32 as _f32
from ...tensor import Tensor
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


def _mask(cond, x):
    return _ops.cast(cond, x.dtype)


def hardshrink(x, threshold=0.5, name=None):
    """x where x <= -threshold or x >= threshold, else 0; as Paddle's kernel, x times that
    mask (so NaN stays NaN, and the bounds themselves are kept)."""
    t = _scalar(_f32(threshold), x)
    keep = _ops.logical_or(_ops.less_equal(x, _ops.scale(t, -1.0)), _ops.greater_equal(x, t))
    return _ops.multiply(x, _mask(keep, x))


def softshrink(x, threshold=0.5, name=None):
    """x - threshold above threshold, x + threshold below -threshold, else 0; as Paddle's
    kernel, (x > t) * (x - t) + (x < -t) * (x + t) (so +-inf give NaN there too)."""
    if threshold < 0:
        raise ValueError(f"The threshold must be no less than zero. Received: {threshold}.")
    threshold = _f32(threshold)
    t = _scalar(threshold, x)
    with np.errstate(invalid="ignore"):  # 0 * inf is NaN, as in Paddle, without a warning
        above = _ops.multiply(_mask(_ops.greater_than(x, t), x), _ops.scale(x, 1.0, -threshold))
        below = _ops.multiply(_mask(_ops.less_than(x, _ops.scale(t, -1.0)), x),
                              _ops.scale(x, 1.0, threshold))
        return _ops.add(above, below)


def _thresholded_parts(x, threshold, value):
    keep = _ops.greater_than(x, _scalar(_f32(threshold), x))
    return _mask(keep, x), _ops.scale(_mask(_ops.logical_not(keep), x), _f32(value))


def thresholded_relu(x, threshold=1.0, value=0.0, name=None):
    """x where x > threshold, else value; as Paddle's kernel, (x > t) * x + (x <= t) * value
    (so NaN and -inf give NaN)."""
    keep, fill = _thresholded_parts(x, threshold, value)
    with np.errstate(invalid="ignore"):  # -inf * 0 is NaN, as in Paddle, without a warning
        return _ops.add(_ops.multiply(x, keep), fill)


def thresholded_relu_(x, threshold=1.0, value=0.0, name=None):
    """thresholded_relu written into x: one inplace op (one version bump), x's history kept."""
    if type(x) is not Tensor and not isinstance(x, Tensor):
        parse_tensor(x, "thresholded_relu_", "x", 0)
    check_inplace(x, "thresholded_relu_")
    # the multiply saves its input for backward: a copy, so the write below cannot reach it
    return commit_inplace(x, thresholded_relu(inplace_input(x, True), threshold, value),
                          "thresholded_relu_")


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
    training, (lower + upper) / 2 otherwise. As Paddle's kernel, one float32 draw per element
    below 0, in order (so paddle.seed gives Paddle's slopes)."""
    _check_rrelu(lower, upper)
    if training:
        neg = np.asarray(x._data < 0) if isinstance(x, Tensor) else None
        if neg is None:
            parse_tensor(x, "rrelu", "x", 0)
        draws = _ops.uniform([int(neg.sum())], "float32", lower, upper)._data
        slope_np = np.zeros(neg.shape, x._data.dtype)
        slope_np[neg] = draws
        slope = Tensor(slope_np)
    else:  # Paddle's kernel: (lower + upper) / 2 in float32
        slope = _scalar(_f32((np.float32(lower) + np.float32(upper)) / np.float32(2)), x)
    # x * slope where x < 0: NaN takes the identity branch (gradient 1), as Paddle's kernel
    return _ops.where(_ops.less_than(x, _zeros(x)), _ops.multiply(x, slope), x)
