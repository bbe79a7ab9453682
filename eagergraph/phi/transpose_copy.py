"""A transposed array copied C-contiguous without the cache-set conflicts of power-of-two rows.

Copying a transpose reads the source along the axis that becomes the copy's last one. Where
that axis steps through memory by a multiple of 2 KiB (a row of 512 or 1024 float32, e.g. a
[64, 16, 8, 8] conv grad made batch-last), the reads of one cache line's worth of output fall
into the same few cache sets and evict each other: `np.ascontiguousarray(a.T)` of a [64, 1024]
float32 array measured 8x the time of a [64, 1000] or [64, 1040] one. Such a source is first
copied (row after row, at full speed) into rows padded by 64 bytes, and transposed from there.
A permutation that is a transpose of two blocks of axes (a rotation: [N, C, H, W] -> [C, H, W,
N] and back, a matrix's .T) whose source is tall (more rows than columns) is copied 512 rows at
a time besides, which keeps both sides of the copy in cache: 1.3-2.6x faster on the tall
arrays of 128K elements or more measured (benchmarks/transpose_copy.py).
"""
import math

import numpy as np

__all__ = ["transpose_copy", "swapped_last"]

_CONFLICT = 2048  # source strides that are multiples of this many bytes conflict
_PAD = 64  # bytes added to each padded row: one cache line
_SMALL = 1 << 14  # elements: below this the conflicts cost less than the extra copy
_BLOCK = 512  # rows of a tall rotation's source copied at a time
_BIG = 1 << 17  # elements: from here a tall rotation is copied in blocks


def swapped_last(ndim):
    """The permutation that swaps the last two of ndim axes."""
    return tuple(range(ndim - 2)) + (ndim - 1, ndim - 2)


def _tall_transpose(a, out):
    """out[...] = a.T for a C-contiguous tall [M, N] a and an [N, M] out, a block of rows at
    a time (each block through a padded buffer where its rows conflict)."""
    m, n = a.shape
    conflict = (n * a.itemsize) % _CONFLICT == 0
    buf = np.empty((_BLOCK, n + _PAD // a.itemsize), a.dtype) if conflict else None
    for s in range(0, m, _BLOCK):
        blk = a[s:s + _BLOCK]
        if buf is not None:
            buf[:len(blk), :n] = blk
            blk = buf[:len(blk), :n]
        out[:, s:s + _BLOCK] = blk.T


def transpose_copy(a, perm):
    """np.ascontiguousarray(a.transpose(perm)), the same values and dtype."""
    perm = tuple(perm)
    if a.size < _SMALL or not perm or perm[-1] == a.ndim - 1 or not a.flags.c_contiguous:
        return np.ascontiguousarray(a.transpose(perm))
    src = perm[-1]
    if a.size < _BIG and a.strides[src] % _CONFLICT:  # the common case: nothing to gain
        return np.ascontiguousarray(a.transpose(perm))
    k = perm[0]
    m = math.prod(a.shape[:k])
    if (perm == tuple(range(k, a.ndim)) + tuple(range(k))  # a rotation: a 2-D transpose
            and a.size >= _BIG and m * m >= a.size):  # of a tall source
        out = np.empty(tuple(a.shape[i] for i in perm), a.dtype)
        _tall_transpose(a.reshape(m, a.size // m), out.reshape(a.size // m, m))
        return out
    if a.strides[src] % _CONFLICT:
        return np.ascontiguousarray(a.transpose(perm))
    rest = math.prod(a.shape[src + 1:])
    padded = np.empty((a.size // rest, rest + _PAD // a.itemsize), a.dtype)
    padded[:, :rest] = a.reshape(-1, rest)
    return np.ascontiguousarray(padded[:, :rest].reshape(a.shape).transpose(perm))
