"""Distances composed from public ops (Paddle nn/functional/distance.py and common.py):
pairwise_distance (a p-norm of x - y + epsilon over the last axis) and cosine_similarity."""
import math

import numpy as np

from ... import ops as _ops
from ...tensor import Tensor

__all__ = ["pairwise_distance", "cosine_similarity", "pdist"]


def p_norm_last(d, p, keepdim=False):
    """Paddle's p_norm over the last axis: (sum |d|^p)^(1/p); p = inf / -inf: max / min of
    |d|; p = 0: the number of nonzero entries."""
    if p == math.inf:
        return _ops.max(_ops.abs(d), axis=-1, keepdim=keepdim)
    if p == -math.inf:
        return _ops.min(_ops.abs(d), axis=-1, keepdim=keepdim)
    if p == 0:
        nz = _ops.cast(_ops.not_equal(d, _ops.zeros_like(d)), d.dtype)
        return _ops.sum(nz, axis=-1, keepdim=keepdim)
    if p == 2:
        return _ops.sqrt(_ops.sum(_ops.square(d), axis=-1, keepdim=keepdim))
    p32 = np.float32(p)  # Paddle's porder attribute is float32, and so is 1 / porder
    s = _ops.sum(_ops.pow(_ops.abs(d), float(p32)), axis=-1, keepdim=keepdim)
    return _ops.pow(s, float(np.float32(1) / p32))


def pairwise_distance(x, y, p=2.0, epsilon=1e-6, keepdim=False, name=None):
    """||x - y + epsilon||_p over the last axis."""
    d = _ops.subtract(x, y)
    if epsilon != 0.0:
        d = _ops.scale(d, 1.0, epsilon)
    return p_norm_last(d, p, keepdim)


def cosine_similarity(x1, x2, axis=1, eps=1e-8):
    """sum(x1 * x2) / sqrt(max(sum(x1^2) * sum(x2^2), eps^2)) along axis (x1 and x2
    broadcast; a size-1 axis is counted as broadcast in the norms, as Paddle does)."""
    w12 = _ops.sum(_ops.multiply(x1, x2), axis=axis)
    if x1.shape[axis] == 0 or x2.shape[axis] == 0:
        return w12
    n = max(x1.shape[axis], x2.shape[axis])
    w1 = _ops.sum(_ops.multiply(x1, x1), axis=axis)
    w2 = _ops.sum(_ops.multiply(x2, x2), axis=axis)
    if n != x1.shape[axis]:
        w1 = _ops.scale(w1, n / x1.shape[axis])
    if n != x2.shape[axis]:
        w2 = _ops.scale(w2, n / x2.shape[axis])
    n12 = _ops.sqrt(_ops.clip(_ops.multiply(w1, w2), eps * eps, None))
    return _ops.divide(w12, n12)


def pdist(x, p=2.0, name=None):
    """The p-norm distances between all pairs of rows of the 2-D x, as the condensed vector
    [d(0,1), d(0,2), ..., d(n-2,n-1)] (the upper triangle, row by row)."""
    if len(x.shape) != 2:
        raise ValueError(f"pdist(): x must be a 2-D tensor, got {len(x.shape)}-D")
    n = x.shape[0]
    if n < 2:
        return _ops.zeros([0], x.dtype)
    i, j = np.triu_indices(n, 1)
    diff = _ops.gather(x, Tensor._wrap(i)) - _ops.gather(x, Tensor._wrap(j))
    return p_norm_last(diff, p)
