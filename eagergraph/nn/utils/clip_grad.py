"""clip_grad_norm_ and clip_grad_value_ (Paddle nn/utils/clip_grad_norm_.py,
clip_grad_value_.py): rescale or clamp the .grad of each parameter in place."""
import numpy as np

from ... import ops as _ops
from ...autograd import no_grad
from ...framework import get_default_dtype
from ...tensor import Tensor

__all__ = ["clip_grad_norm_", "clip_grad_value_"]

_NORM_TYPES = [float("inf"), 0, 1, 2]


def _vector_norm(x, p):
    """paddle.linalg.norm(x, p) of all of x's elements, p in 0 (count of non-zeros), 1, 2."""
    if p == 0:
        return _ops.sum(_ops.cast(_ops.not_equal(x, _ops.zeros_like(x)), x.dtype))
    if p == 1:
        return _ops.sum(_ops.abs(x))
    return _ops.sqrt(_ops.sum(_ops.square(x)))


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False):
    """Scale the gradients of `parameters` in place so that their joint norm_type-norm is at
    most max_norm (by max_norm / (total + 1e-6), clamped to 1); returns the joint norm."""
    with no_grad():
        if isinstance(parameters, Tensor):
            parameters = [parameters]
        parameters = list(parameters)
        if norm_type not in _NORM_TYPES:
            raise ValueError(f"norm_type only support {_NORM_TYPES}")
        grads = [p.grad for p in parameters if p.grad is not None]
        max_norm = float(max_norm)
        norm_type = float(norm_type)
        if not grads:
            return _ops.full([], 0.0, get_default_dtype())
        if norm_type == float("inf"):
            norms = [_ops.max(_ops.abs(g.detach())) for g in grads]
            total = norms[0] if len(norms) == 1 else _ops.max(_ops.stack(norms))
        else:
            total = _vector_norm(_ops.stack([_vector_norm(g.detach(), norm_type)
                                             for g in grads]), norm_type)
        if error_if_nonfinite and not np.all(np.isfinite(total.numpy())):
            raise RuntimeError(
                f"The total norm of {norm_type} order of the gradients from `parameters` is "
                "non-finite, so it cannot be clipped. In any case, disable this error and scale "
                "the gradient by non-finite norm, set `error_if_nonfinite=False`")
        coef = _ops.divide(_ops.full([], max_norm, total.dtype), _ops.scale(total, 1.0, 1e-6))
        coef = _ops.clip(coef, max=1.0)
        for p in parameters:
            g = p.grad
            if g is not None:
                g.multiply_(coef)
        return total


def clip_grad_value_(parameters, clip_value):
    """Clamp every gradient element of `parameters` into [-clip_value, clip_value] in place."""
    with no_grad():
        if isinstance(parameters, Tensor):
            parameters = [parameters]
        clip_value = float(clip_value)
        for p in parameters:
            g = p.grad
            if g is not None:
                g.clip_(min=-clip_value, max=clip_value)
