"""Floating-point sums in the order Paddle 3.3.1's CPU kernels add (float32 / float64), so
that results agree bit for bit instead of to a few ulps (NumPy sums a contiguous run
pairwise, in blocks of 8 and 128). Worked out from Paddle's reduce kernels (Eigen tensor
reductions, built with AVX: a packet holds 32 bytes) and checked against the wheel:

- sum over every axis: Eigen's tree reduction. Runs of at most 1024 packets are summed in two
  packet accumulators taking alternate packets, the remaining whole packet into the first,
  the second added to the first, the tail (under one packet) one by one from 0, and the
  lanes folded in halves (8 -> 4 -> 2 -> 1) and added to the tail's sum; longer runs are cut
  in two at the packet boundary after their middle and the halves' sums added.
- mean over every axis: one packet accumulator over the whole run (Eigen's mean reducer has
  state, so no tree), the tail, the lanes folded, then divided by the count.
- sum or mean over some axes: one by one, in memory order with the reduced axes taken in
  reverse (the last reduced axis outermost, the first innermost); a mean then divides.
- broadcasting grads (add_grad and the like, `sequential_sum`): one by one in memory order.
"""
import numpy as np

__all__ = ["paddle_sum", "paddle_mean", "sequential_sum"]

_LEAF_PACKETS = 1024


def _lanes(a):
    """Fold a packet's lanes in halves and return the one value (Eigen's predux)."""
    while a.shape[0] > 1:
        h = a.shape[0] // 2
        a = a[:h] + a[h:]
    return a[0]


def _tail(v):
    """Sum from 0, one by one."""
    if v.shape[0] == 0:
        return v.dtype.type(0)
    return np.add.accumulate(v)[-1] + v.dtype.type(0)


def _rows(v, width):
    """Column sums of v viewed as [rows, width], the rows added one by one."""
    if v.shape[0] == width:
        return v.copy()
    return np.add.reduce(v.reshape(-1, width), axis=0)


def _leaf(v, p):
    n = v.shape[0]
    unroll, vec = n // (2 * p) * 2 * p, n // p * p
    if unroll:
        both = _rows(v[:unroll], 2 * p)
        acc, acc2 = both[:p], both[p:]
    else:
        acc = acc2 = np.zeros(p, v.dtype)
    if vec > unroll:
        acc = acc + v[unroll:vec]
    acc = acc + acc2
    return _tail(v[vec:]) + _lanes(acc)


def _tree(v, p):
    n = v.shape[0]
    if n <= p * _LEAF_PACKETS:
        return _leaf(v, p)
    split = p * -(-(-(-n // 2)) // p)
    return _tree(v[:split], p) + _tree(v[split:], p)


def _packet(dtype):
    return 32 // dtype.itemsize


def _covers_all(x, axes):
    return not axes or x.ndim == 0 or len(set(a % x.ndim for a in axes)) == x.ndim


def _partial(x, axes):
    """x's reduced axes brought to the front in Paddle's order, as [reduced, kept]; the kept
    shape."""
    red = sorted(set(a % x.ndim for a in axes))
    keep = [a for a in range(x.ndim) if a not in red]
    y = np.ascontiguousarray(x.transpose(red[::-1] + keep))
    return y.reshape(-1, int(np.prod([x.shape[a] for a in keep], dtype=np.int64))), \
        [x.shape[a] for a in keep], red


def _shape_back(out, x, red, kept_shape, keepdim):
    if keepdim:
        return out.reshape([1 if a in red else n for a, n in enumerate(x.shape)])
    return out.reshape(kept_shape)


def _seq_rows(y):
    """Column sums of the 2-D y, the rows added one by one."""
    if y.shape[1] == 1:   # NumPy would sum a single column pairwise
        return _tail(y[:, 0]).reshape(1) if y.shape[0] else np.zeros(1, y.dtype)
    if y.shape[0] == 0:
        return np.zeros(y.shape[1], y.dtype)
    return np.add.reduce(y, axis=0)


def paddle_sum(x, axes, keepdim):
    """Sum of float32/float64 x over `axes` (a tuple; empty: all) in Paddle's CPU order."""
    if _covers_all(x, axes):
        v = np.ascontiguousarray(x).reshape(-1)
        out = np.asarray(_tree(v, _packet(x.dtype)), x.dtype)
        return out.reshape([1] * x.ndim) if keepdim else out
    if x.size == 0:
        return np.add.reduce(x, tuple(axes), None, None, keepdim)
    y, kept, red = _partial(x, axes)
    return _shape_back(_seq_rows(y), x, red, kept, keepdim)


def paddle_mean(x, axes, keepdim):
    """Mean of float32/float64 x (non-empty) over `axes` in Paddle's CPU order."""
    t = x.dtype.type
    if _covers_all(x, axes):
        v = np.ascontiguousarray(x).reshape(-1)
        p = _packet(x.dtype)
        vec = v.shape[0] // p * p
        acc = _rows(v[:vec], p) if vec else np.zeros(p, x.dtype)
        out = np.asarray((_tail(v[vec:]) + _lanes(acc)) / t(v.shape[0]), x.dtype)
        return out.reshape([1] * x.ndim) if keepdim else out
    y, kept, red = _partial(x, axes)
    return _shape_back(_seq_rows(y) / t(y.shape[0]), x, red, kept, keepdim)


def sequential_sum(x, axes):
    """Sum over `axes` one by one in memory order (the first reduced axis outermost), the
    order of Paddle's broadcasting elementwise grads (ElemwiseGradBroadcast*CPU)."""
    red = sorted(set(a % x.ndim for a in axes))
    keep = [a for a in range(x.ndim) if a not in red]
    y = np.ascontiguousarray(x.transpose(red + keep))
    y = y.reshape(-1, int(np.prod([x.shape[a] for a in keep], dtype=np.int64)))
    return _seq_rows(y).reshape([x.shape[a] for a in keep])
