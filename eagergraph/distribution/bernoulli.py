"""Bernoulli(probs); probs are clipped to [eps, 1-eps] as Paddle does."""
import numpy as np

from .. import ops as _ops
from ..nn import functional as _F
from .distribution import _check_shape, _dtype_name
from .exponential_family import ExponentialFamily

__all__ = ["Bernoulli"]

_EPS = {'float32': float(np.finfo(np.float32).eps), 'float64': float(np.finfo(np.float64).eps)}


class Bernoulli(ExponentialFamily):
    def __init__(self, probs, name=None):
        self.name = name or 'Bernoulli'
        if self._validate_args(probs):
            self.probs = probs
            self.dtype = _dtype_name(probs.dtype)
        else:
            [self.probs] = self._to_tensor(probs)
            self.dtype = 'float32'
        eps = _EPS.get(self.dtype)
        self.probs = _ops.clip(self.probs, min=eps, max=1 - eps).astype(self.dtype)
        self.logits = self._probs_to_logits(self.probs, is_binary=True)
        super().__init__(batch_shape=self.probs.shape, event_shape=())

    @property
    def mean(self):
        return self.probs

    @property
    def variance(self):
        return self.probs * (1 - self.probs)

    def sample(self, shape=()):
        shape = self._extend_shape(_check_shape(shape))
        return _ops.bernoulli(self.probs.detach().expand(list(shape)))

    def rsample(self, shape=(), temperature=1.0):
        """Gumbel-softmax relaxed (logistic) sample divided by ``temperature``."""
        shape = list(self._extend_shape(_check_shape(shape)))
        probs = self.probs.expand(shape)
        u = _ops.rand(shape, dtype=self.dtype)
        return ((_ops.log(u) - _ops.log1p(-u)) + (_ops.log(probs) - _ops.log1p(-probs))) / temperature

    def cdf(self, value):
        value = self._check_values_dtype_in_probs(self.probs, value)
        probs, value = _ops.broadcast_tensors([self.probs, value])
        zeros, ones = _ops.zeros_like(probs), _ops.ones_like(probs)
        return _ops.where(value < 0, zeros, _ops.where(value < 1, ones - probs, ones))

    def log_prob(self, value):
        value = self._check_values_dtype_in_probs(self.probs, value)
        logits, value = _ops.broadcast_tensors([self.logits, value])
        return -_F.binary_cross_entropy_with_logits(logits, value, reduction='none')

    def prob(self, value):
        return self.log_prob(value).exp()

    def entropy(self):
        # Paddle evaluates binary_cross_entropy_with_logits(logits, probs), whose label input has
        # no gradient, so its d entropy / d probs is wrong; this equal-valued form differentiates
        # through both (DIFFERS from Paddle's gradient, not its value).
        # Summed as Paddle's kernel does, max(x, 0) - x p + log(1 + exp(-|x|)), so the small
        # log term survives near p = 1 (2.03e-06 at p = 1 - eps in float32, not 1.9e-06).
        x, p = self.logits, self.probs
        positive = x > 0
        xp = x * p
        head = _ops.where(positive, x - xp, -xp)
        return head + _ops.log(1 + _ops.exp(_ops.where(positive, -x, x)))

    def kl_divergence(self, other):
        a, b = self.logits, other.logits
        log_pa, log_pb = -_F.softplus(-a), -_F.softplus(-b)
        pa, one_minus_pa = _F.sigmoid(a), _F.sigmoid(-a)
        log_1pa, log_1pb = -_F.softplus(a), -_F.softplus(b)
        return (log_pa * pa - log_pb * pa) + (log_1pa * one_minus_pa - log_1pb * one_minus_pa)
