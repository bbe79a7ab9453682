"""Uniform(low, high) on the open interval (low, high).

Like Paddle 3.3.1 it has no mean/variance/rsample (the base class raises NotImplementedError)."""
from .. import ops as _ops
from .distribution import Distribution, _check_shape
from .normal import _loc_scale_init

__all__ = ["Uniform"]


class Uniform(Distribution):
    def __init__(self, low, high, name=None):
        self.name = name if name is not None else 'Uniform'
        self.batch_size_unknown = False
        self.low, self.high, self.dtype = _loc_scale_init(self, low, high, 'Uniform')
        super().__init__(self.low.shape)

    def sample(self, shape=(), seed=0):
        shape = list(_check_shape(shape))
        out_shape = shape + list((self.low + self.high).shape)
        u = _ops.uniform(out_shape, dtype=self.dtype, min=0.0, max=1.0)
        # like Paddle, sample() stays differentiable w.r.t. low and high
        out = u * (_ops.zeros(out_shape, dtype=self.dtype) + (self.high - self.low)) + self.low
        if self.all_arg_is_float:
            return out.reshape(shape)
        return out

    def log_prob(self, value):
        value = self._check_values_dtype_in_probs(self.low, value)
        lb = _ops.cast(self.low < value, value.dtype)
        ub = _ops.cast(value < self.high, value.dtype)
        return _ops.log(lb * ub) - _ops.log(self.high - self.low)

    def probs(self, value):
        value = self._check_values_dtype_in_probs(self.low, value)
        lb = _ops.cast(self.low < value, value.dtype)
        ub = _ops.cast(value < self.high, value.dtype)
        return (lb * ub) / (self.high - self.low)

    def entropy(self):
        return _ops.log(self.high - self.low)
