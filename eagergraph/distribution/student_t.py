"""StudentT(df, loc, scale)."""
import math
from collections.abc import Sequence

from .. import ops as _ops
from .distribution import Distribution
from .gamma import Gamma

__all__ = ["StudentT"]


class StudentT(Distribution):
    def __init__(self, df, loc, scale, name=None):
        self.name = name if name is not None else 'StudentT'
        self.df, self.loc, self.scale = self._broadcast_all(df, loc, scale)
        if not bool((self.df >= 0.0).all()):
            raise ValueError('Every element of input parameter `df` should be nonnegative.')
        if not bool((self.scale >= 0.0).all()):
            raise ValueError('Every element of input parameter `scale` should be nonnegative.')
        super().__init__(self.df.shape)
        self._chi2 = Gamma(0.5 * self.df, _ops.full_like(self.df, 0.5))

    @property
    def mean(self):
        return _ops.where(self.df > 1.0, self.loc, _ops.full_like(self.loc, fill_value=float('nan')))

    @property
    def variance(self):
        var = self.df.clone().detach()
        var = _ops.where(self.df > 2.0, self.scale.pow(2) * var / (var - 2),
                         _ops.full_like(var, fill_value=float('nan')))
        inf_cond = (self.df <= 2.0).logical_and(self.df > 1.0)
        return _ops.where(inf_cond, _ops.full_like(var, fill_value=float('inf')), var)

    def sample(self, shape=()):
        if not isinstance(shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')
        out_shape = list(self._extend_shape(tuple(shape)))
        z = _ops.normal(shape=out_shape)
        chi2 = self._chi2.sample(shape)
        return self.loc + self.scale * (z * _ops.rsqrt(chi2 / self.df))  # differentiable, as in Paddle

    def entropy(self):
        df = self.df
        lbeta = _ops.lgamma(0.5 * df) + math.lgamma(0.5) - _ops.lgamma(0.5 * (df + 1))
        return (self.scale.log() + 0.5 * (df + 1) * (_ops.digamma(0.5 * (df + 1)) - _ops.digamma(0.5 * df))
                + 0.5 * df.log() + lbeta)

    def log_prob(self, value):
        value = self._check_values_dtype_in_probs(self.df, value)
        y = (value - self.loc) / self.scale
        Z = (self.scale.log() + 0.5 * self.df.log() + 0.5 * math.log(math.pi)
             + _ops.lgamma(0.5 * self.df) - _ops.lgamma(0.5 * (self.df + 1.0)))
        return -0.5 * (self.df + 1.0) * _ops.log1p(y ** 2.0 / self.df) - Z

    def prob(self, value):
        return _ops.exp(self.log_prob(value))
