"""Exponential(rate), Gamma(concentration, rate) and Chi2(df)."""
import numpy as np

from .. import ops as _ops
from .distribution import _check_shape, _scalar_or_tensors
from .exponential_family import ExponentialFamily

__all__ = ["Exponential", "Gamma", "Chi2"]

_TINY32 = float(np.finfo(np.float32).tiny)


class Exponential(ExponentialFamily):
    def __init__(self, rate):
        (self.rate,), self.dtype = _scalar_or_tensors(self, rate)
        super().__init__(self.rate.shape)

    @property
    def mean(self):
        return self.rate.reciprocal()

    @property
    def variance(self):
        return self.rate.pow(-2)

    def sample(self, shape=()):
        return self.rsample(shape).detach()

    def rsample(self, shape=()):
        shape = list(self._extend_shape(_check_shape(shape)))
        u = _ops.uniform(shape=shape, min=_TINY32, max=1.0, dtype=self.rate.dtype)
        return -_ops.log(u) / self.rate

    def prob(self, value):
        return self.rate * _ops.exp(-self.rate * value)

    def log_prob(self, value):
        return _ops.log(self.rate) - self.rate * value

    def entropy(self):
        return 1.0 - _ops.log(self.rate)

    def cdf(self, value):
        return 1.0 - _ops.exp(-self.rate * value)

    def icdf(self, value):
        return -_ops.log1p(-value) / self.rate

    def kl_divergence(self, other):
        if not isinstance(other, Exponential):
            raise TypeError(f'Expected type of other is Exponential, but got {type(other)}')
        ratio = other.rate / self.rate
        return -_ops.log(ratio) + ratio - 1

    @property
    def _natural_parameters(self):
        return (-self.rate,)

    def _log_normalizer(self, x):
        return -_ops.log(-x)


class Gamma(ExponentialFamily):
    def __init__(self, concentration, rate):
        (self.concentration, self.rate), self.dtype = _scalar_or_tensors(self, concentration, rate)
        super().__init__(self.concentration.shape)

    @property
    def mean(self):
        return self.concentration / self.rate

    @property
    def variance(self):
        return self.concentration / self.rate.pow(2)

    def prob(self, value):
        return _ops.exp(self.log_prob(value))

    def log_prob(self, value):
        a, b = self.concentration, self.rate
        return a * _ops.log(b) + (a - 1) * _ops.log(value) - b * value - _ops.lgamma(a)

    def entropy(self):
        a = self.concentration
        return a - _ops.log(self.rate) + _ops.lgamma(a) + (1.0 - a) * _ops.digamma(a)

    def sample(self, shape=()):
        return self.rsample(shape).detach()

    def rsample(self, shape=()):
        # Paddle's standard_gamma has no gradient, so this is not reparameterised either.
        shape = list(self._extend_shape(_check_shape(shape)))
        return _ops.standard_gamma(self.concentration.expand(shape)) / self.rate.expand(shape)

    def kl_divergence(self, other):
        if not isinstance(other, Gamma):
            raise TypeError(f'Expected type of other is Exponential, but got {type(other)}')
        t1 = other.concentration * _ops.log(self.rate / other.rate)
        t2 = _ops.lgamma(other.concentration) - _ops.lgamma(self.concentration)
        t3 = (self.concentration - other.concentration) * _ops.digamma(self.concentration)
        t4 = (other.rate - self.rate) * (self.concentration / self.rate)
        return t1 + t2 + t3 + t4

    @property
    def _natural_parameters(self):
        return (self.concentration - 1, -self.rate)

    def _log_normalizer(self, x, y):
        return _ops.lgamma(x + 1) + (x + 1) * _ops.log(-y.reciprocal())


class Chi2(Gamma):
    """Chi2(df) = Gamma(df / 2, 1 / 2)."""

    def __init__(self, df):
        if self._validate_args(df):
            self.df = df
        else:
            [self.df] = self._to_tensor(df)
        self.rate = _ops.full_like(self.df, 0.5)
        if not bool(_ops.all(self.df > 0)):
            raise ValueError('The arg of `df` must be positive.')
        super().__init__(self.df * 0.5, self.rate)
