"""ContinuousBernoulli(probs, lims): density C(p) p^x (1-p)^(1-x) on [0, 1], with Paddle's
Taylor expansions inside ``lims`` around p = 1/2."""
from collections.abc import Sequence

from .. import ops as _ops
from ..creation import to_tensor
from ..framework import finfo, get_default_dtype
from .distribution import Distribution

__all__ = ["ContinuousBernoulli"]


class ContinuousBernoulli(Distribution):
    def __init__(self, probs, lims=(0.499, 0.501)):
        self.dtype = get_default_dtype()
        if isinstance(probs, (float, int)):
            probs = to_tensor([probs], dtype=self.dtype)
        else:
            self.dtype = probs.dtype
        self.lims = to_tensor(lims, dtype=self.dtype)
        eps = float(finfo(probs.dtype).eps)
        self.probs = _ops.clip(probs, min=eps, max=1 - eps)
        super().__init__(self.probs.shape)

    def _full(self, v):
        return to_tensor(v, dtype=self.dtype)

    def _cut_support_region(self):
        return _ops.logical_or(self.probs <= self.lims[0], self.probs > self.lims[1])

    def _cut_probs(self):
        return _ops.where(self._cut_support_region(), self.probs, self.lims[0] * _ops.ones_like(self.probs))

    def _tanh_inverse(self, value):
        return 0.5 * (_ops.log1p(value) - _ops.log1p(-value))

    def _log_constant(self):
        cp = self._cut_probs()
        half = self._full(0.5)
        below = _ops.where(cp <= half, cp, _ops.zeros_like(cp))
        above = _ops.where(cp >= half, cp, _ops.ones_like(cp))
        propose = (_ops.log(2.0 * _ops.abs(self._tanh_inverse(1.0 - 2.0 * cp)))
                   - _ops.where(cp <= half, _ops.log1p(-2.0 * below), _ops.log(2.0 * above - 1.0)))
        x = _ops.square(self.probs - 0.5)
        taylor = _ops.log(self._full(2.0)) + (4.0 / 3.0 + 104.0 / 45.0 * x) * x
        return _ops.where(self._cut_support_region(), propose, taylor)

    @property
    def mean(self):
        cp = self._cut_probs()
        propose = cp / (2.0 * cp - 1.0) + self._full(1.0) / (2.0 * self._tanh_inverse(1.0 - 2.0 * cp))
        x = self.probs - 0.5
        taylor = 0.5 + (1.0 / 3.0 + 16.0 / 45.0 * _ops.square(x)) * x
        return _ops.where(self._cut_support_region(), propose, taylor)

    @property
    def variance(self):
        cp = self._cut_probs()
        propose = (cp * (cp - 1.0) / _ops.square(1.0 - 2.0 * cp)
                   + self._full(1.0) / _ops.square(_ops.log1p(-cp) - _ops.log(cp)))
        x = _ops.square(self.probs - 0.5)
        taylor = 1.0 / 12.0 - (1.0 / 15.0 - 128.0 / 945.0 * x) * x
        return _ops.where(self._cut_support_region(), propose, taylor)

    def sample(self, shape=()):
        return self.rsample(shape).detach()

    def rsample(self, shape=()):
        if not isinstance(shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')
        out_shape = list(tuple(shape) + tuple(self.batch_shape))
        return self.icdf(_ops.uniform(shape=out_shape, dtype=self.dtype, min=0, max=1))

    def log_prob(self, value):
        value = _ops.cast(value, self.dtype)
        eps = float(finfo(self.probs.dtype).eps)
        ce = _ops.nan_to_num(value * _ops.log(self.probs) + (1.0 - value) * _ops.log(1 - self.probs), neginf=-eps)
        return self._log_constant() + ce

    def prob(self, value):
        return _ops.exp(self.log_prob(value))

    def entropy(self):
        log_p, log_1p = _ops.log(self.probs), _ops.log1p(-self.probs)
        return _ops.where(self.probs == self._full(0.5), _ops.full_like(self.probs, 0.0),
                          -self._log_constant() + self.mean * (log_1p - log_p) - log_1p)

    def cdf(self, value):
        value = _ops.cast(value, self.dtype)
        cp = self._cut_probs()
        cdfs = (_ops.pow(cp, value) * _ops.pow(1.0 - cp, 1.0 - value) + cp - 1.0) / (2.0 * cp - 1.0)
        unbounded = _ops.where(self._cut_support_region(), cdfs, value)
        return _ops.where(value <= self._full(0.0), _ops.zeros_like(value),
                          _ops.where(value >= self._full(1.0), _ops.ones_like(value), unbounded))

    def icdf(self, value):
        value = _ops.cast(value, self.dtype)
        cp = self._cut_probs()
        return _ops.where(self._cut_support_region(),
                          (_ops.log1p(-cp + value * (2.0 * cp - 1.0)) - _ops.log1p(-cp))
                          / (_ops.log(cp) - _ops.log1p(-cp)), value)

    def kl_divergence(self, other):
        if self.batch_shape != other.batch_shape:
            raise ValueError('KL divergence of two Continuous Bernoulli distributions should share the same '
                             '`batch_shape`.')
        log_q, log_1q = _ops.log(other.probs), _ops.log1p(-other.probs)
        return -self.entropy() - (other._log_constant() + self.mean * (log_q - log_1q) + log_1q)
