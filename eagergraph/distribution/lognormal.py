"""LogNormal(loc, scale): exp of a Normal(loc, scale) variable, a TransformedDistribution."""
from .. import ops as _ops
from .normal import Normal
from .transform import ExpTransform
from .transformed_distribution import TransformedDistribution

__all__ = ["LogNormal"]


class LogNormal(TransformedDistribution):
    def __init__(self, loc, scale):
        self._base = Normal(loc=loc, scale=scale)
        self.loc = self._base.loc
        self.scale = self._base.scale
        super().__init__(self._base, [ExpTransform()])

    @property
    def mean(self):
        return _ops.exp(self._base.mean + self._base.variance / 2)

    @property
    def variance(self):
        return _ops.expm1(self._base.variance) * _ops.exp(2 * self._base.mean + self._base.variance)

    def entropy(self):
        return self._base.entropy() + self._base.mean

    def probs(self, value):
        return _ops.exp(self.log_prob(value))

    def kl_divergence(self, other):
        return self._base.kl_divergence(other._base)
