"""Location-scale families built from a 0-D/Tensor loc and scale: Laplace, Cauchy, Gumbel."""
import math
import numbers

import numpy as np

from .. import ops as _ops
from ..tensor import Tensor
from .distribution import Distribution, _as_real_tensor, _check_shape
from .transformed_distribution import TransformedDistribution
from .uniform import Uniform

__all__ = ["Laplace", "Cauchy", "Gumbel"]


def _loc_scale(loc, scale, kinds='Real|Variable'):
    if not isinstance(loc, (numbers.Real, Tensor)):
        raise TypeError(f'Expected type of loc is {kinds}, but got {type(loc)}')
    if not isinstance(scale, (numbers.Real, Tensor)):
        raise TypeError(f'Expected type of scale is {kinds}, but got {type(scale)}')
    return _as_real_tensor(loc, 'loc'), _as_real_tensor(scale, 'scale')


class Laplace(Distribution):
    def __init__(self, loc, scale):
        loc, scale = _loc_scale(loc, scale)
        if (len(scale.shape) > 0 or len(loc.shape) > 0) and loc.dtype == scale.dtype:
            self.loc, self.scale = _ops.broadcast_tensors([loc, scale])
        else:
            self.loc, self.scale = loc, scale
        super().__init__(self.loc.shape)

    @property
    def mean(self):
        return self.loc

    @property
    def stddev(self):
        return 2 ** 0.5 * self.scale

    @property
    def variance(self):
        return self.stddev.pow(2)

    def _validate_value(self, value):
        if isinstance(value, numbers.Real):
            value = _as_real_tensor(value, 'value')
        if value.dtype != self.scale.dtype:
            value = _ops.cast(value, self.scale.dtype)
        if len(self.scale.shape) > 0 or len(self.loc.shape) > 0 or len(value.shape) > 0:
            return tuple(_ops.broadcast_tensors([self.loc, self.scale, value]))
        return self.loc, self.scale, value

    def log_prob(self, value):
        loc, scale, value = self._validate_value(value)
        return -_ops.log(2 * scale) - _ops.abs(value - loc) / scale

    def entropy(self):
        return 1 + _ops.log(2 * self.scale)

    def cdf(self, value):
        loc, scale, value = self._validate_value(value)
        return 0.5 - 0.5 * (value - loc).sign() * _ops.expm1(-(value - loc).abs() / scale)

    def icdf(self, value):
        loc, scale, value = self._validate_value(value)
        term = value - 0.5
        return loc - scale * term.sign() * _ops.log1p(-2 * term.abs())

    def sample(self, shape=()):
        return self.rsample(shape).detach()

    def rsample(self, shape=()):
        eps = 2.22045e-16 if str(self.loc.dtype).endswith(('float64', 'complex128')) else 1.19209e-07
        shape = list(self._extend_shape(_check_shape(shape)))
        u = _ops.uniform(shape=shape, min=float(np.nextafter(-1, 1)) + eps / 2, max=1.0 - eps / 2,
                         dtype=self.loc.dtype)
        return self.loc - self.scale * u.sign() * _ops.log1p(-u.abs())

    def kl_divergence(self, other):
        ratio = other.scale / self.scale
        t = _ops.abs(self.loc - other.loc)
        return (self.scale * _ops.exp(-t / self.scale) + t) / other.scale + _ops.log(ratio) - 1


class Cauchy(Distribution):
    def __init__(self, loc, scale, name=None):
        self.name = name if name is not None else 'Cauchy'
        loc, scale = _loc_scale(loc, scale, 'Real|Variable|Value')
        if loc.shape != scale.shape:
            self.loc, self.scale = _ops.broadcast_tensors([loc, scale])
        else:
            self.loc, self.scale = loc, scale
        self.dtype = self.loc.dtype
        super().__init__(batch_shape=self.loc.shape, event_shape=())

    @property
    def mean(self):
        raise ValueError('Cauchy distribution has no mean.')

    @property
    def variance(self):
        raise ValueError('Cauchy distribution has no variance.')

    @property
    def stddev(self):
        raise ValueError('Cauchy distribution has no stddev.')

    def sample(self, shape=(), name=None):
        return self.rsample(shape, name).detach()

    def rsample(self, shape=(), name=None):
        if not isinstance(shape, (np.ndarray, Tensor, list, tuple)):
            raise TypeError(f'Expected type of shape is Sequence[int], but got {type(shape)}')
        shape = list(self._extend_shape(tuple(shape)))
        u = _ops.rand(shape, dtype=self.dtype)
        return self.loc.expand(shape) + self.scale.expand(shape) * _ops.tan(np.pi * (u - 0.5))

    def _check_value(self, value):
        if not isinstance(value, Tensor):
            raise TypeError(f'Expected type of value is Variable or Value, but got {type(value)}')
        value = self._check_values_dtype_in_probs(self.loc, value)
        return _ops.broadcast_tensors([self.loc, self.scale, value])

    def prob(self, value):
        return self.log_prob(value).exp()

    def log_prob(self, value):
        loc, scale, value = self._check_value(value)
        return -_ops.square((value - loc) / scale).log1p() - (math.log(math.pi) + scale.log())

    def cdf(self, value):
        loc, scale, value = self._check_value(value)
        return _ops.atan((value - loc) / scale) / np.pi + 0.5

    def entropy(self):
        return math.log(4 * math.pi) + self.scale.log()

    def kl_divergence(self, other):
        if not isinstance(other, Cauchy):
            raise TypeError(f'Expected type of other is Cauchy, but got {type(other)}')
        t1 = _ops.log((self.scale + other.scale).pow(2) + (self.loc - other.loc).pow(2))
        return t1 - _ops.log(4 * (self.scale * other.scale))


class Gumbel(TransformedDistribution):
    """Gumbel(loc, scale): a TransformedDistribution over Uniform(tiny, 1 - eps) as in Paddle."""

    def __init__(self, loc, scale):
        loc, scale = _loc_scale(loc, scale, 'Real|Variable|Value')
        if loc.shape != scale.shape:
            self.loc, self.scale = _ops.broadcast_tensors([loc, scale])
        else:
            self.loc, self.scale = loc, scale
        finfo = np.finfo(np.float32)
        self.base_dist = Uniform(_ops.full_like(self.loc, float(finfo.tiny)),
                                 _ops.full_like(self.loc, float(1 - finfo.eps)))
        self.transforms = ()
        super().__init__(self.base_dist, self.transforms)

    @property
    def mean(self):
        return self.loc + self.scale * np.euler_gamma

    @property
    def variance(self):
        return _ops.pow(self.scale, 2) * (math.pi * math.pi) / 6

    @property
    def stddev(self):
        return _ops.sqrt(self.variance)

    def prob(self, value):
        y = (self.loc - value.astype(self.loc.dtype)) / self.scale.astype(self.loc.dtype)
        return _ops.exp(y - _ops.exp(y)) / self.scale.astype(y.dtype)

    def log_prob(self, value):
        return _ops.log(self.prob(value))

    def cdf(self, value):
        return _ops.exp(-_ops.exp(-(value - self.loc.astype(value.dtype)) / self.scale.astype(value.dtype)))

    def entropy(self):
        return _ops.log(self.scale) + 1 + np.euler_gamma

    def sample(self, shape=()):
        return self.rsample(shape).detach()

    def rsample(self, shape=()):
        u = self._base.sample(_check_shape(shape))
        return self.loc - self.scale * _ops.log(-_ops.log(u))
