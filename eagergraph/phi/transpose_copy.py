"""A transposed array copied C-contiguous without the cache-set conflicts of power-of-two rows.

Copying a transpose reads the source along the axis that becomes the copy's last one. Where
that axis steps through memory by a multiple of 2 KiB (a row of 512 or 1024 float32, e.g. a
[64, 16, 8, 8] conv grad made batch-last), the reads of one cache line's worth of output fall
into the same few cache sets and evict each other: `np.ascontiguousarray(a.T)` of a [64, 1024]
float32 array measured 8x the time of a [64, 1000] or [64, 1040] one. Such a source is first
copied (row after row, at full speed) into rows padded by 64 bytes, and transposed from there.
"""
import math

import numpy as np

__all__ = ["transpose_copy", "swapped_last"]

_CONFLICT = 2048  # source strides that are multiples of this many bytes conflict
_PAD = 64  # bytes added to each padded row: one cache line
_SMALL = 1 << 14  # elements: below this the conflicts cost less than the extra copy


def swapped_last(ndim):
    """The permutation that swaps the last two of ndim axes."""
    return tuple(range(ndim - 2)) + (ndim - 1, ndim - 2)


def transpose_copy(a, perm):
    """np.ascontiguousarray(a.transpose(perm)), the same values and dtype."""
    src = perm[-1]
    if (a.size < _SMALL or src == a.ndim - 1 or not a.flags.c_contiguous
            or a.strides[src] % _CONFLICT):
        return np.ascontiguousarray(a.transpose(perm))
    rest = math.prod(a.shape[src + 1:])
    padded = np.empty((a.size // rest, rest + _PAD // a.itemsize), a.dtype)
    padded[:, :rest] = a.reshape(-1, rest)
    return np.ascontiguousarray(padded[:, :rest].reshape(a.shape).transpose(perm))
