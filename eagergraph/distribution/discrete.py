"""Count distributions: Geometric, Poisson, Binomial, Multinomial."""
import numbers
from collections.abc import Iterable, Sequence

import numpy as np

from .. import ops as _ops
from ..framework import finfo, get_default_dtype
from ..nn import functional as _F
from ..tensor import Tensor
from ..creation import to_tensor
from .categorical import Categorical
from .distribution import Distribution, _dtype_name

__all__ = ["Geometric", "Poisson", "Binomial", "Multinomial"]

_TINY32 = float(np.finfo(np.float32).tiny)


def _check_seq(shape):
    if not isinstance(shape, Sequence):
        raise TypeError('sample shape must be Sequence object.')
    return tuple(shape)


class Geometric(Distribution):
    """Number of failures before the first success, P(k) = (1 - p)^k p."""

    def __init__(self, probs):
        if isinstance(probs, numbers.Real) and not isinstance(probs, bool):
            probs = _ops.full(shape=(), fill_value=probs, dtype='float32')
        elif not isinstance(probs, Tensor):
            raise TypeError('Expected type of probs is Number.Real|Tensor|framework.Variable|Value, '
                            f'but got {type(probs)}')
        self.probs = probs
        super().__init__(tuple(probs.shape))

    @property
    def mean(self):
        return 1.0 / self.probs - 1.0

    @property
    def variance(self):
        return (1.0 / self.probs - 1.0) / self.probs

    @property
    def stddev(self):
        return _ops.sqrt(self.variance)

    def _check_k(self, k):
        if not isinstance(k, (numbers.Integral, Tensor)):
            raise TypeError(f'Expected type of k is number.Real|framework.Variable|Value, but got {type(k)}')

    def pmf(self, k):
        self._check_k(k)
        return _ops.pow(1.0 - self.probs, k) * self.probs

    def log_pmf(self, k):
        self._check_k(k)
        return _ops.log(self.pmf(k))

    def sample(self, shape=()):
        return self.rsample(shape).detach()

    def rsample(self, shape=()):
        shape = list(self._extend_shape(tuple(shape)))
        u = _ops.uniform(shape=shape, min=_TINY32, max=1.0, dtype=self.probs.dtype)
        return _ops.floor(_ops.log(u) / _ops.log1p(-self.probs))

    def entropy(self):
        p = self.probs
        return -((1.0 - p) * _ops.log(1.0 - p) + p * _ops.log(p)) / p

    def cdf(self, k):
        self._check_k(k)
        return 1.0 - _ops.pow(1.0 - self.probs, k + 1)

    def kl_divergence(self, other):
        if not isinstance(other, Geometric):
            raise TypeError(f'Exacted type of other is geometric.Geometric, but got {type(other)}')
        # Paddle 3.3.1's formula: the Bernoulli(p) || Bernoulli(q) KL, not the KL of the geometric
        # laws (log(p/q) + (1-p)/p log((1-p)/(1-q))); kept for value parity.
        p, q = self.probs, other.probs
        return p * _ops.log(p / q) + (1.0 - p) * _ops.log((1.0 - p) / (1.0 - q))


class Poisson(Distribution):
    def __init__(self, rate):
        self.dtype = get_default_dtype()
        if isinstance(rate, (float, int)):
            rate = to_tensor([rate], dtype=self.dtype)
        else:
            self.dtype = _dtype_name(rate.dtype)
        self.rate = rate
        super().__init__(self.rate.shape)

    @property
    def mean(self):
        return self.rate

    @property
    def variance(self):
        return self.rate

    def sample(self, shape=()):
        out_shape = _check_seq(shape) + tuple(self.batch_shape)
        return _ops.poisson(_ops.broadcast_to(self.rate.detach(), shape=list(out_shape)))

    def _enumerate_bounded_support(self, rate):
        rmax = _ops.max(rate)
        s_max = _ops.sqrt(rmax) if float(rmax) >= 1.0 else _ops.ones_like(rate)
        upper = int(_ops.max(_ops.cast(rate + 30 * s_max, 'int32')))
        return _ops.arange(0, upper, dtype=self.dtype)

    def entropy(self):
        values = self._enumerate_bounded_support(self.rate).reshape((-1,) + (1,) * len(self.batch_shape))
        lp = self.log_prob(values)
        proposed = -(_ops.exp(lp) * lp).sum(0)
        return proposed * _ops.cast(self.rate != 0.0, self.dtype)

    def log_prob(self, value):
        value = _ops.cast(value, self.dtype)
        eps = float(finfo(self.rate.dtype).eps)
        return _ops.nan_to_num(-self.rate + value * _ops.log(self.rate) - _ops.lgamma(value + 1), neginf=-eps)

    def prob(self, value):
        return _ops.exp(self.log_prob(value))

    def kl_divergence(self, other):
        if self.batch_shape != other.batch_shape:
            raise ValueError('KL divergence of two poisson distributions should share the same `batch_shape`.')
        rate_max = _ops.max(_ops.maximum(self.rate, other.rate))
        a_max = int(float(_ops.max(self._enumerate_bounded_support(rate_max))))
        support = _ops.arange(0, a_max, dtype=self.dtype).reshape((-1,) + (1,) * len(self.batch_shape))
        lp1, lp2 = self.log_prob(support), other.log_prob(support)
        return (_ops.exp(lp1) * (lp1 - lp2)).sum(0)


class Binomial(Distribution):
    def __init__(self, total_count, probs):
        self.dtype = get_default_dtype()
        if isinstance(probs, float):
            probs = _ops.full([], probs, dtype=self.dtype)
        else:
            self.dtype = _dtype_name(probs.dtype)
        if isinstance(total_count, int):
            total_count = _ops.full([], total_count, dtype=self.dtype)
        else:
            total_count = _ops.cast(total_count, self.dtype)
        self.total_count, self.probs = _ops.broadcast_tensors([total_count, probs])
        super().__init__(self.total_count.shape)

    @property
    def mean(self):
        return self.total_count * self.probs

    @property
    def variance(self):
        return self.total_count * self.probs * (1 - self.probs)

    def sample(self, shape=()):
        out_shape = list(_check_seq(shape) + tuple(self.batch_shape))
        n = _ops.broadcast_to(self.total_count.detach(), shape=out_shape)
        p = _ops.broadcast_to(self.probs.detach(), shape=out_shape)
        return _ops.cast(_ops.binomial(_ops.cast(n, 'int32'), p), self.dtype)

    def _enumerate_support(self):
        values = _ops.arange(1 + int(float(_ops.max(self.total_count))), dtype=self.dtype)
        return values.reshape((-1,) + (1,) * len(self.batch_shape))

    def entropy(self):
        lp = self.log_prob(self._enumerate_support())
        return -(_ops.exp(lp) * lp).sum(0)

    def log_prob(self, value):
        value = _ops.cast(value, self.dtype)
        n = self.total_count
        log_comb = _ops.lgamma(n + 1.0) - _ops.lgamma(n - value + 1.0) - _ops.lgamma(value + 1.0)
        eps = float(finfo(self.probs.dtype).eps)
        probs = _ops.clip(self.probs, min=eps, max=1 - eps)
        return _ops.nan_to_num(log_comb + value * _ops.log(probs) + (n - value) * _ops.log(1 - probs), neginf=-eps)

    def prob(self, value):
        return _ops.exp(self.log_prob(value))

    def kl_divergence(self, other):
        support = self._enumerate_support()
        lp1, lp2 = self.log_prob(support), other.log_prob(support)
        return (_ops.exp(lp1) * (lp1 - lp2)).sum(0)


def _clip_by_zero(x):
    return (x.clip(min=0) + x - x.clip(max=0)) / 2


class Multinomial(Distribution):
    def __init__(self, total_count, probs):
        if not isinstance(total_count, int) or total_count < 1:
            raise ValueError('input parameter total_count must be int type and grater than zero.')
        if probs.dim() < 1:
            raise ValueError('probs parameter should not be none and over one dimension')
        self.probs = probs / probs.sum(-1, keepdim=True)
        self.total_count = total_count
        self._categorical = Categorical(logits=self._probs_to_logits(probs))
        super().__init__(probs.shape[:-1], probs.shape[-1:])

    @property
    def mean(self):
        return self.probs * self.total_count

    @property
    def variance(self):
        return self.total_count * self.probs * (1 - self.probs)

    def prob(self, value):
        return _ops.exp(self.log_prob(value))

    def log_prob(self, value):
        if not value.is_floating_point() and not value.is_complex():
            value = _ops.cast(value, self.probs.dtype)
        logits, value = _ops.broadcast_tensors([_ops.log(self.probs), value])
        logits = _ops.where((value == 0) & _ops.isinf(logits), _ops.zeros_like(logits), logits)
        return (_ops.lgamma(value.sum(-1) + 1) - _ops.lgamma(value + 1).sum(-1)
                + (value * logits).sum(-1))

    def sample(self, shape=()):
        if not isinstance(shape, Iterable):
            raise TypeError('sample shape must be Iterable object.')
        samples = self._categorical.sample([self.total_count, *list(shape)])
        return _F.one_hot(samples, self.probs.shape[-1]).cast(self.probs.dtype).sum(0)

    def entropy(self):
        n = _ops.full(shape=[], fill_value=self.total_count, dtype=self.probs.dtype)
        support = _ops.arange(self.total_count + 1, dtype=self.probs.dtype).reshape(
            (-1,) + (1,) * len(self.probs.shape))[1:]
        binom_pmf = _ops.exp(self._binomial_logpmf(n, support))
        return (n * self._categorical.entropy() - _ops.lgamma(n + 1)
                + (binom_pmf * _ops.lgamma(support + 1)).sum([0, -1]))

    def _binomial_logpmf(self, count, value):
        logits = self._probs_to_logits(self.probs, is_binary=True)
        norm = (count * _clip_by_zero(logits) + count * _ops.log1p(_ops.exp(-_ops.abs(logits)))
                - _ops.lgamma(count + 1))
        return value * logits - _ops.lgamma(value + 1) - _ops.lgamma(count - value + 1) - norm
