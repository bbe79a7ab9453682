"""Activations composed from public ops (Paddle nn/functional/activation.py: relu6, hardtanh,
hardsigmoid, hardswish, mish, softsign, tanhshrink, log_sigmoid, prelu, celu, selu, swiglu); their
gradients come from the ops they are built of. Float attributes are rounded to float32 where
Paddle's kernel keeps them as `float` (hardtanh, hardsigmoid, celu, selu; tools/attr_width.py)."""
from ... import ops as _ops
from ...ops import activation as _activation
from ...eager.inplace import check_inplace, commit_inplace, inplace_input
from ..._generated.eager_utils import parse_tensor, to_float32 as _f32
from ..._generated import public as _public

__all__ = ["relu6", "hardtanh", "hardtanh_", "hardsigmoid", "hardswish", "mish", "softsign",
           "tanhshrink", "log_sigmoid", "prelu", "celu", "selu", "swiglu"]

_softplus = _public.FUNCTIONAL["softplus"]


def _clip_open(x, lo, hi):
    """clip(x, lo, hi) whose gradient is 0 at x == lo and x == hi, as Paddle's hardtanh/relu6/
    hardsigmoid/hardswish kernels (paddle.clip's own gradient passes at the bounds): the
    bounds take the clipped value as a constant, everything else is clip."""
    out = _ops.clip(x, lo, hi)
    at_bound = _ops.logical_or(_ops.equal(x, _ops.full_like(x, lo)),
                               _ops.equal(x, _ops.full_like(x, hi)))
    return _ops.where(at_bound, out.detach(), out)


def relu6(x, name=None):
    """min(max(x, 0), 6)."""
    return _clip_open(x, 0.0, 6.0)


def _float_only(x, kernel):
    """Paddle 3.3.1 registers hardtanh's kernel for float types only: an integer or bool x
    finds none (where paddle.clip would clip it)."""
    data = getattr(x, "_data", None)
    if data is not None and data.dtype.kind in "biu":
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), "
                           f"{x.dtype.name}) of kernel `{kernel}` is not registered. Paddle "
                           f"support following DataTypes: float64, float32.")


def hardtanh(x, min=-1.0, max=1.0, name=None):  # noqa: A002 (Paddle's argument names)
    """x clipped to [min, max]."""
    _float_only(x, "hardtanh")
    return _clip_open(x, _f32(min), _f32(max))


def hardtanh_(x, min=-1.0, max=1.0, name=None):  # noqa: A002
    """hardtanh written into x (an inplace write, with its version bump and gradient)."""
    x = parse_tensor(x, "hardtanh_", "x", 0)
    check_inplace(x, "hardtanh_")
    _float_only(x, "hardtanh")
    out = _clip_open(inplace_input(x, True), _f32(min), _f32(max))  # clip saves its input
    return commit_inplace(x, out, "hardtanh_")


def hardsigmoid(x, slope=0.1666667, offset=0.5, name=None):
    """clip(slope * x + offset, 0, 1)."""
    return _clip_open(_ops.scale(x, _f32(slope), _f32(offset)), 0.0, 1.0)


def hardswish(x, name=None):
    """x * clip(x + 3, 0, 6) / 6."""
    return _ops.multiply(x, _ops.scale(_clip_open(_ops.scale(x, 1.0, 3.0), 0.0, 6.0), 1.0 / 6.0))


def mish(x, name=None):
    """x * tanh(softplus(x)) (softplus with threshold 20, as Paddle's kernel)."""
    return _ops.multiply(x, _ops.tanh(_softplus(x, 1.0, 20.0)))


def softsign(x, name=None):
    """x / (1 + |x|)."""
    return _ops.divide(x, _ops.scale(_ops.abs(x), 1.0, 1.0))


def tanhshrink(x, name=None):
    """x - tanh(x)."""
    return _ops.subtract(x, _ops.tanh(x))


def log_sigmoid(x, name=None):
    """log(sigmoid(x)) = -softplus(-x), stable for large |x|."""
    return _ops.scale(_softplus(_ops.scale(x, -1.0), 1.0, 20.0), -1.0)


def _negative_branch(x, fn):
    """fn(x where x <= 0, else 0): the x <= 0 branch of an ELU-like function, evaluated where it
    can't overflow (its gradient on the x > 0 side is then 0 times a finite number); at x = 0
    the gradient is this branch's, as in Paddle's kernels (celu'(0) = 1, selu'(0) = scale *
    alpha)."""
    return fn(_ops.where(_ops.greater_than(x, _ops.zeros_like(x)), _ops.zeros_like(x), x))


def celu(x, alpha=1.0, name=None):
    """max(0, x) + min(0, alpha * (exp(x / alpha) - 1))."""
    if alpha == 0:
        raise ZeroDivisionError("alpha cannot be 0 for celu")
    alpha = _f32(alpha)
    neg = _negative_branch(x, lambda n: _ops.scale(_ops.expm1(_ops.scale(n, 1.0 / alpha)),
                                                   alpha))
    return _ops.where(_ops.greater_than(x, _ops.zeros_like(x)), x, neg)


def selu(x, scale=1.0507009873554805, alpha=1.6732632423543772, name=None):
    """scale * (x if x > 0 else alpha * (exp(x) - 1))."""
    if scale <= 1.0:
        raise ValueError(f"The scale must be greater than 1.0. Received: {scale}.")
    if alpha < 0:
        raise ValueError(f"The alpha must be no less than zero. Received: {alpha}.")
    scale, alpha = _f32(scale), _f32(alpha)
    neg = _negative_branch(x, lambda n: _ops.scale(_ops.expm1(n), alpha))
    return _ops.scale(_ops.where(_ops.greater_than(x, _ops.zeros_like(x)), x, neg), scale)


_DATA_FORMATS = ["NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"]


def prelu(x, weight, data_format="NCHW", name=None):
    """x where x > 0, else weight * x; a weight of one element is shared, else it has one
    slope per channel (axis 1, or the last axis for channel-last formats)."""
    assert len(weight.shape) == 0 or len(weight.shape) == 1, \
        "The dim count of weight shape should be 0 or 1 in prelu()."
    w = weight
    if len(weight.shape) == 1 and weight.shape[0] > 1:
        if data_format not in _DATA_FORMATS:
            raise ValueError(f"data_format must be one of 'NC', 'NCL', 'NCHW', 'NCDHW', 'NLC', "
                             f"'NHWC', 'NDHWC' but receive {data_format}")
        channel_last = data_format[1] != "C"
        assert len(x.shape) > 1, ("The dim count of x should be equal or larger than 2 in "
                                  "prelu() when weight shape is not [1].")
        c_axis = len(x.shape) - 1 if channel_last else 1
        assert weight.shape[0] == x.shape[c_axis], ("The weight size should be equal to x input "
                                                     "channel in prelu() when weight shape is "
                                                     "not [1].")
        w = _ops.reshape(weight, [weight.shape[0] if i == c_axis else 1
                                  for i in range(len(x.shape))])
    elif len(weight.shape) == 1:
        w = _ops.reshape(weight, [])
    return _ops.where(_ops.greater_than(x, _ops.zeros_like(x)), x, _ops.multiply(w, x))




def swiglu(x, y=None, name=None):
    """silu(x) * y; with y None, x's last dim is split in halves (x, y)."""
    if y is None:
        if x.shape[-1] % 2:
            raise ValueError("(InvalidArgument) The last dim of Input(X) should be exactly "
                             "divided by 2.")
        x, y = _ops.chunk(x, 2, axis=-1)
    elif x.shape != y.shape:
        raise ValueError(f"(InvalidArgument) The shape of Input(Y) {list(y.shape)} must be "
                         f"equal to the shape of Input(X) {list(x.shape)}.")
    return _activation.silu(x) * y
