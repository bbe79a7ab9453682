"""Dirichlet(concentration) and Beta(alpha, beta) (a two-category Dirichlet)."""
import math
import numbers

from .. import ops as _ops
from .distribution import _as_real_tensor, _check_shape
from .exponential_family import ExponentialFamily

__all__ = ["Dirichlet", "Beta"]


def _dirichlet_sample(concentration):
    """Normalised independent Gamma(concentration, 1) draws (not differentiable, like Paddle's op)."""
    g = _ops.standard_gamma(concentration.detach())
    return g / g.sum(-1, keepdim=True)


class Dirichlet(ExponentialFamily):
    def __init__(self, concentration):
        if concentration.dim() < 1 or math.prod(concentration.shape) == 0:
            raise ValueError('`concentration` parameter must be at least one dimensional')
        self.concentration = concentration
        super().__init__(concentration.shape[:-1], concentration.shape[-1:])

    @property
    def mean(self):
        return self.concentration / self.concentration.sum(-1, keepdim=True)

    @property
    def variance(self):
        c0 = self.concentration.sum(-1, keepdim=True)
        return self.concentration * (c0 - self.concentration) / (c0.pow(2) * (c0 + 1))

    def sample(self, shape=()):
        shape = self._extend_shape(_check_shape(shape))
        return _dirichlet_sample(self.concentration.expand(list(shape)))

    def prob(self, value):
        return _ops.exp(self.log_prob(value))

    def log_prob(self, value):
        c = self.concentration
        return ((_ops.log(value) * (c - 1.0)).sum(-1) + _ops.lgamma(c.sum(-1))
                - _ops.lgamma(c).sum(-1))

    def entropy(self):
        c = self.concentration
        c0 = c.sum(-1)
        k = c.shape[-1]
        return (_ops.lgamma(c).sum(-1) - _ops.lgamma(c0) - (k - c0) * _ops.digamma(c0)
                - ((c - 1.0) * _ops.digamma(c)).sum(-1))

    @property
    def _natural_parameters(self):
        return (self.concentration,)

    def _log_normalizer(self, x):
        return x.lgamma().sum(-1) - _ops.lgamma(x.sum(-1))


class Beta(ExponentialFamily):
    def __init__(self, alpha, beta):
        if isinstance(alpha, numbers.Real):
            alpha = _as_real_tensor(alpha, 'alpha')
        if isinstance(beta, numbers.Real):
            beta = _as_real_tensor(beta, 'beta')
        self.alpha, self.beta = _ops.broadcast_tensors([alpha, beta])
        self._dirichlet = Dirichlet(_ops.stack([self.alpha, self.beta], -1))
        super().__init__(self._dirichlet._batch_shape)

    @property
    def mean(self):
        return self.alpha / (self.alpha + self.beta)

    @property
    def variance(self):
        s = self.alpha + self.beta
        return self.alpha * self.beta / (s.pow(2) * (s + 1))

    def prob(self, value):
        return _ops.exp(self.log_prob(value))

    def log_prob(self, value):
        return self._dirichlet.log_prob(_ops.stack([value, 1.0 - value], -1))

    def sample(self, shape=()):
        shape = shape if isinstance(shape, tuple) else tuple(shape)
        return _ops.squeeze(self._dirichlet.sample(shape)[..., 0:1], axis=-1)

    def entropy(self):
        return self._dirichlet.entropy()

    @property
    def _natural_parameters(self):
        return (self.alpha, self.beta)

    def _log_normalizer(self, x, y):
        return _ops.lgamma(x) + _ops.lgamma(y) - _ops.lgamma(x + y)
