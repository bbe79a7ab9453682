"""Likelihood and elementwise-cost losses composed from public ops (Paddle
nn/functional/loss.py): poisson_nll_loss, gaussian_nll_loss, square_error_cost, log_loss."""
import math

from ... import ops as _ops
from .loss import _reduce

__all__ = ["poisson_nll_loss", "gaussian_nll_loss", "square_error_cost", "log_loss"]


def poisson_nll_loss(input, label, log_input=True, full=False, epsilon=1e-08, reduction="mean",
                     name=None):
    """exp(input) - label * input (log_input), else input - label * log(input + epsilon);
    full adds Stirling's label log(label) - label + log(2 pi label) / 2 where label > 1."""
    if epsilon <= 0:
        raise ValueError(f"The value of `epsilon` in poisson_nll_loss should be positive, but "
                         f"received {epsilon:f}, which is not allowed")
    if reduction not in ("sum", "mean", "none"):
        raise ValueError(f"The value of 'reduction' in poisson_nll_loss should be 'sum', 'mean' "
                         f"or 'none', but received {reduction}, which is not allowed.")
    if list(input.shape) != list(label.shape):
        raise ValueError("input's shape must equal to label's shape")
    if log_input:
        loss = _ops.subtract(_ops.exp(input), _ops.multiply(label, input))
    else:
        loss = _ops.subtract(input, _ops.multiply(label, _ops.log(_ops.scale(input, 1.0,
                                                                              epsilon))))
    if full:
        big = _ops.greater_than(label, _ops.ones_like(label))
        safe = _ops.where(big, label, _ops.ones_like(label))  # no log(0) -> nan gradients
        stirling = _ops.add(_ops.subtract(_ops.multiply(safe, _ops.log(safe)), safe),
                            _ops.scale(_ops.log(_ops.scale(safe, 2 * math.pi)), 0.5))
        loss = _ops.add(loss, _ops.where(big, stirling, _ops.zeros_like(stirling)))
    return _reduce(loss, reduction)


def _check_variance_shape(input, variance):
    ishape, vshape = list(input.shape), list(variance.shape)
    if vshape == ishape:
        return variance
    if ishape[:-1] == vshape:
        return _ops.unsqueeze(variance, -1)
    if ishape[:-1] == vshape[:-1] and vshape[-1] == 1:
        return variance
    raise ValueError("variance is of incorrect shape")


def gaussian_nll_loss(input, label, variance, full=False, epsilon=1e-6, reduction="mean",
                      name=None):
    """(log(max(variance, epsilon)) + (input - label)^2 / max(variance, epsilon)) / 2, plus
    log(2 pi) / 2 with full. The clamp is not differentiated (Paddle clips under no_grad), so
    variance below epsilon gets no gradient through it."""
    variance = _check_variance_shape(input, variance)
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not valid")
    for t, what in ((input, "input"), (label, "label"), (variance, "variance")):
        if t.dtype.name not in ("float32", "float64"):
            raise ValueError(f"The data type of {what} Variable must be 'float32' or 'float64'")
    if (variance._data < 0).any():
        raise ValueError("variance has negative entry/entries")
    var = _ops.clip(variance.detach(), epsilon, None)
    # Paddle's clip under no_grad makes a new leaf: variance keeps no gradient at all
    loss = _ops.scale(_ops.add(_ops.log(var),
                               _ops.divide(_ops.square(_ops.subtract(input, label)), var)), 0.5)
    if full:
        loss = _ops.scale(loss, 1.0, 0.5 * math.log(2 * math.pi))
    return _reduce(loss, reduction)


def square_error_cost(input, label):
    """(input - label)^2, unreduced."""
    return _ops.square(_ops.subtract(input, label))


def log_loss(input, label, epsilon=0.0001, name=None):
    """-label * log(input + epsilon) - (1 - label) * log(1 - input + epsilon)."""
    return _ops.subtract(
        _ops.scale(_ops.multiply(label, _ops.log(_ops.scale(input, 1.0, epsilon))), -1.0),
        _ops.multiply(_ops.scale(label, -1.0, 1.0),
                      _ops.log(_ops.scale(input, -1.0, 1.0 + epsilon))))
