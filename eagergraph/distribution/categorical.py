"""Categorical(logits): Paddle's convention — ``probs``/``log_prob`` normalise ``logits``
as non-negative weights (logits / sum), while ``sample``/``entropy``/``kl_divergence``
treat them as log-weights (softmax)."""
import numpy as np

from .. import ops as _ops
from ..nn import functional as _F
from .distribution import Distribution, _dtype_name, _FLOATS

__all__ = ["Categorical"]


class Categorical(Distribution):
    def __init__(self, logits, name=None):
        self.name = name if name is not None else 'Categorical'
        self.dtype = 'float32'
        if self._validate_args(logits):
            self.logits = logits
            self.dtype = _dtype_name(logits.dtype)
        else:
            if isinstance(logits, np.ndarray) and str(logits.dtype) in _FLOATS:
                self.dtype = str(logits.dtype)
            self.logits = self._to_tensor(logits)[0]
            if self.dtype != _dtype_name(self.logits.dtype):
                self.logits = _ops.cast(self.logits, self.dtype)
        self._prob = self.logits / _ops.sum(self.logits, axis=-1, keepdim=True)
        # Paddle 3.3.1 never calls Distribution.__init__ here (batch_shape raises AttributeError);
        # eagergraph gives the natural shapes instead.
        super().__init__(tuple(self.logits.shape[:-1]))

    def sample(self, shape=()):
        shape = list(shape)
        num_samples = int(np.prod(np.array(shape)))
        logits_shape = list(self.logits.shape)
        if len(logits_shape) > 1:
            sample_shape = shape + logits_shape[:-1]
            logits = _ops.reshape(self.logits, [int(np.prod(logits_shape[:-1])), logits_shape[-1]])
        else:
            sample_shape = shape
            logits = self.logits
        idx = _ops.multinomial(_F.softmax(logits, axis=-1).detach(), num_samples, True)
        perm = list(range(idx.dim()))
        perm.insert(0, perm.pop(-1))
        return _ops.reshape(_ops.transpose(idx, perm), sample_shape)

    def kl_divergence(self, other):
        logits = self.logits - _ops.max(self.logits, axis=-1, keepdim=True)
        other_logits = other.logits - _ops.max(other.logits, axis=-1, keepdim=True)
        e, oe = _ops.exp(logits), _ops.exp(other_logits)
        z = _ops.sum(e, axis=-1, keepdim=True)
        oz = _ops.sum(oe, axis=-1, keepdim=True)
        prob = e / z
        return _ops.sum(prob * (logits - _ops.log(z) - other_logits + _ops.log(oz)), axis=-1, keepdim=True)

    def entropy(self):
        logits = self.logits - _ops.max(self.logits, axis=-1, keepdim=True)
        e = _ops.exp(logits)
        z = _ops.sum(e, axis=-1, keepdim=True)
        prob = e / z
        return -_ops.sum(prob * (logits - _ops.log(z)), axis=-1)

    def probs(self, value):
        if len(self._prob.shape) == 1:
            return _ops.gather(self._prob, value.reshape([-1])).reshape(value.shape)
        if len(value.shape) == 1:
            idx = _ops.reshape(value, (len(self._prob.shape) - 1) * [1] + [-1])
            return _ops.take_along_axis(self._prob, idx, axis=-1)
        return _ops.take_along_axis(self._prob, value, axis=-1)

    def log_prob(self, value):
        return _ops.log(self.probs(value))
