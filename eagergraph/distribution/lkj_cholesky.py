"""LKJCholesky(dim, concentration, sample_method): Cholesky factors of LKJ-distributed
correlation matrices (onion or C-vine sampling, as in Paddle)."""
import math
from collections.abc import Sequence

import numpy as np

from .. import ops as _ops
from ..creation import to_tensor
from ..framework import finfo
from ..nn import functional as _F
from .dirichlet import Beta
from .distribution import Distribution, _scalar_or_tensors

__all__ = ["LKJCholesky"]


def mvlgamma(a, p):
    """Multivariate log-gamma: p(p-1)/4 log(pi) + sum_j lgamma(a + (1 - j) / 2)."""
    j = _ops.arange(1, p + 1, dtype=a.dtype)
    return p * (p - 1) / 4 * math.log(math.pi) + _ops.lgamma(a.unsqueeze(-1) + (1 - j) / 2).sum(-1)


class LKJCholesky(Distribution):
    def __init__(self, dim=2, concentration=1.0, sample_method='onion'):
        (self.concentration,), self.dtype = _scalar_or_tensors(self, concentration)
        self.dim = dim
        if not self.dim >= 2:
            raise ValueError(f'Expected dim greater than or equal to 2. Found dim={dim}.')
        if not isinstance(self.dim, int):
            raise TypeError(f'Expected dim to be an integer. Found dim={dim}.')
        if not bool(_ops.all(self.concentration > 0)):
            raise ValueError('The arg of `concentration` must be positive.')
        self.sample_method = sample_method
        marginal_conc = self.concentration + 0.5 * (self.dim - 2)
        offset = _ops.arange(self.dim - 1, dtype=self.concentration.dtype)
        if sample_method == 'onion':
            offset = _ops.concat([_ops.zeros((1,), dtype=offset.dtype), offset])
            self._beta = Beta(offset + 0.5, marginal_conc.unsqueeze(-1) - 0.5 * offset)
        elif sample_method == 'cvine':
            # tril (with diagonal) of the (dim-1)x(dim-1) matrix whose columns hold 0.5 * offset
            cols = np.tril_indices(self.dim - 1)[1]
            offset_tril = to_tensor((0.5 * np.arange(self.dim - 1))[cols], dtype=self.concentration.dtype)
            beta_conc = marginal_conc.unsqueeze(-1) - offset_tril
            self._beta = Beta(beta_conc, beta_conc)
        else:
            raise ValueError("`method` should be one of 'cvine' or 'onion'.")
        super().__init__(self.concentration.shape, (dim, dim))

    def _onion(self, sample_shape):
        y = self._beta.sample(sample_shape).unsqueeze(-1)
        u = _ops.randn(list(self._extend_shape(tuple(sample_shape))), dtype=y.dtype).tril(-1)
        u = u / u.norm(axis=-1, keepdim=True)
        zero_row = _ops.zeros(shape=(*tuple(u.shape[:-2]), 1, self.dim), dtype=u.dtype)
        u = _ops.concat([zero_row, u[..., 1:, :]], axis=-2)  # row 0 was 0/0
        w = _ops.sqrt(y) * u
        diag = _ops.clip(1 - _ops.sum(w ** 2, axis=-1), min=float(finfo(w.dtype).tiny)).sqrt()
        return w + _ops.diag_embed(diag)

    def _cvine(self, sample_shape):
        # DIFFERS: Paddle 3.3.1 scatters the partial correlations through an argsort whose order is
        # not stable, so its C-vine samples do not have the LKJ marginals; these are placed
        # row-major into the strictly-lower triangle (the order their Beta parameters were built in).
        beta = self._beta.sample(sample_shape)  # (..., d(d-1)/2) partial correlations
        d = self.dim
        lead = tuple(beta.shape[:-1])
        pc = 2 * beta - 1
        rows, cols = np.tril_indices(d, -1)  # row-major strictly-lower positions
        flat = _ops.zeros([*lead, d * d], dtype=pc.dtype)
        idx = to_tensor(rows * d + cols, dtype='int64').expand([*lead, len(rows)])
        r = _ops.put_along_axis(flat, idx, pc, axis=-1).reshape([*lead, d, d])
        eps = float(finfo(pc.dtype).tiny)
        r = _ops.clip(r, min=-1 + eps, max=1 - eps)
        cp = _ops.cumprod(_ops.sqrt(1 - r ** 2), dim=-1)
        shifted = _F.pad(cp[..., :-1], pad=[0, 0] * (cp.ndim - 1) + [1, 0], mode='constant', value=1.0)
        return (r + _ops.eye(d, d)) * shifted

    def sample(self, sample_shape=()):
        if not isinstance(sample_shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')
        res = self._onion(sample_shape) if self.sample_method == 'onion' else self._cvine(sample_shape)
        return res.reshape([*sample_shape, *self.concentration.shape, self.dim, self.dim])

    def log_prob(self, value):
        diag = _ops.diagonal(value, offset=0, axis1=-1, axis2=-2)[..., 1:]
        order = _ops.arange(2, self.dim + 1, dtype=self.concentration.dtype)
        order = 2 * (self.concentration - 1).unsqueeze(-1) + self.dim - order
        unnormalized = _ops.sum(order * _ops.log(diag), axis=-1)
        dm1 = self.dim - 1
        alpha = self.concentration + 0.5 * dm1
        normalize = 0.5 * dm1 * math.log(math.pi) + mvlgamma(alpha - 0.5, dm1) - _ops.lgamma(alpha) * dm1
        return unnormalized - normalize
