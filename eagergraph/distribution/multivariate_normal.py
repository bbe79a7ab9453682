"""MultivariateNormal(loc, covariance_matrix | precision_matrix | scale_tril)."""
import math
from collections.abc import Sequence

from .. import linalg as _linalg
from .. import ops as _ops
from ..creation import to_tensor
from ..framework import get_default_dtype
from .distribution import Distribution, _dtype_name

__all__ = ["MultivariateNormal"]


def _swap_last(x):
    perm = list(range(x.dim()))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return _ops.transpose(x, perm)


def _precision_to_scale_tril(P):
    Lf = _linalg.cholesky(_ops.flip(P, (-2, -1)))
    L_inv = _swap_last(_ops.flip(Lf, (-2, -1)))
    eye = _ops.eye(P.shape[-1], dtype=P.dtype)
    return _linalg.triangular_solve(L_inv, eye.expand(L_inv.shape), upper=False)


def _mahalanobis(L, x):
    """|L^{-1} x|^2 over the last axis, L (..., n, n) lower-triangular broadcast against x (..., n)."""
    n = L.shape[-1]
    if x.shape[-1] != n:
        raise ValueError(f"(InvalidArgument) value's last dimension {x.shape[-1]} does not match the "
                         f"event size {n} of the distribution")
    batch = list(_ops.broadcast_shape(list(L.shape[:-2]), list(x.shape[:-1])))
    Lb = L.expand(batch + [n, n])
    xb = x.expand(batch + [n]).unsqueeze(-1)
    return _linalg.triangular_solve(Lb, xb, upper=False).pow(2).sum([-2, -1])


def _half_log_det(L):
    return L.diagonal(axis1=-2, axis2=-1).log().sum(-1)


class MultivariateNormal(Distribution):
    def __init__(self, loc, covariance_matrix=None, precision_matrix=None, scale_tril=None):
        self.dtype = get_default_dtype()
        if isinstance(loc, (float, int)):
            loc = to_tensor([loc], dtype=self.dtype)
        else:
            self.dtype = _dtype_name(loc.dtype)
        if loc.dim() < 1:
            loc = loc.reshape((1,))
        self.covariance_matrix = self.precision_matrix = self.scale_tril = None
        if (covariance_matrix is not None) + (scale_tril is not None) + (precision_matrix is not None) != 1:
            raise ValueError('Exactly one of covariance_matrix or precision_matrix or scale_tril may be specified.')
        for name, m in (('scale_tril matrix', scale_tril), ('covariance_matrix', covariance_matrix),
                        ('precision_matrix', precision_matrix)):
            if m is not None:
                if m.dim() < 2:
                    raise ValueError(f'{name} must be at least two-dimensional, with optional leading batch dimensions')
                m = _ops.cast(m, self.dtype)
                batch_shape = list(_ops.broadcast_shape(list(m.shape[:-2]), list(loc.shape[:-1])))
                full = m.expand([*batch_shape, m.shape[-2], m.shape[-1]])
                if name == 'scale_tril matrix':
                    self.scale_tril, self._unbroadcasted_scale_tril = full, m
                elif name == 'covariance_matrix':
                    self.covariance_matrix, self._unbroadcasted_scale_tril = full, _linalg.cholesky(m)
                else:
                    self.precision_matrix, self._unbroadcasted_scale_tril = full, _precision_to_scale_tril(m)
        self.loc = loc.expand([*batch_shape, -1])
        super().__init__(batch_shape, self.loc.shape[-1:])

    @property
    def mean(self):
        return self.loc

    @property
    def variance(self):
        return _ops.square(self._unbroadcasted_scale_tril).sum(-1).expand(
            list(self._batch_shape + self._event_shape))

    def sample(self, shape=()):
        return self.rsample(shape).detach()

    def rsample(self, shape=()):
        if not isinstance(shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')
        out_shape = list(self._extend_shape(tuple(shape)))
        eps = _ops.cast(_ops.normal(shape=out_shape), self.dtype)
        return self.loc + _ops.matmul(self._unbroadcasted_scale_tril, eps.unsqueeze(-1)).squeeze(-1)

    def log_prob(self, value):
        value = _ops.cast(value, self.dtype)
        M = _mahalanobis(self._unbroadcasted_scale_tril, value - self.loc)
        return (-0.5 * (self._event_shape[0] * math.log(2 * math.pi) + M)
                - _half_log_det(self._unbroadcasted_scale_tril))

    def prob(self, value):
        return _ops.exp(self.log_prob(value))

    def entropy(self):
        H = (0.5 * self._event_shape[0] * (1.0 + math.log(2 * math.pi))
             + _half_log_det(self._unbroadcasted_scale_tril))
        return H if len(self._batch_shape) == 0 else H.expand(list(self._batch_shape))

    def kl_divergence(self, other):
        if self._batch_shape != other._batch_shape and self._event_shape != other._event_shape:
            raise ValueError('KL divergence of two Multivariate Normal distributions should share the same '
                             '`batch_shape` and `event_shape`.')
        L1, L2 = self._unbroadcasted_scale_tril, other._unbroadcasted_scale_tril
        cov1 = _ops.matmul(L1, _swap_last(L1))
        cov2 = _ops.matmul(L2, _swap_last(L2))
        expectation = _linalg.solve(cov2, cov1).diagonal(axis1=-2, axis2=-1).sum(-1)
        expectation = expectation + _mahalanobis(L2, self.loc - other.loc)
        return _half_log_det(L2) - _half_log_det(L1) + 0.5 * (expectation - self._event_shape[0])
