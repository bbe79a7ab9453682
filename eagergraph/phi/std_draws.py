"""What eagergraph.phi's rejection samplers (std_poisson, std_binomial, std_gamma) share: the
engine's generate_canonical draws held as a Python list the samplers index, one element
after the other, and tables worked out from them in NumPy (polar pairs of
std::normal_distribution)."""
import math

import numpy as np

from .std_random import canonical_from_bits, std_log

__all__ = ["Draws", "run", "chunked", "polar64", "next_accepted_pair", "polar_values", "BLOCK",
           "CHUNK"]

BLOCK = 1 << 20  # draws held at a time (a Python list of floats: 32 MB)


class Draws:
    """generate_canonical draws of `dtype` from an engine as a list `buf` that the samplers
    index directly (a sampler runs from index j and returns where it stopped; one that runs off
    the end raises IndexError, and the element is drawn again after grow()): peeked from the
    engine; commit(j) moves it past exactly the j draws used (reusing the peeked words), and
    rebase(j) does so and peeks on from there (buf[0] is then the next draw). Subclasses add
    tables worked out from buf in _derive()."""

    def __init__(self, engine, dtype, hint=64):
        self._engine = engine
        self._dtype = dtype
        self._left = int(hint)
        self._peek(self._left)

    def _peek(self, n):
        self._n = int(min(max(n, 64), BLOCK))
        self.buf = canonical_from_bits(self._engine.peek(self._n), self._dtype).tolist()
        self._derive()

    def _derive(self):
        pass

    def grow(self):
        n = self._n + max(self._n // 2, 1024)
        self.buf.extend(canonical_from_bits(self._engine.peek(n)[self._n:], self._dtype).tolist())
        self._n = n
        self._derive()

    def commit(self, j):
        self._engine.advance(j)

    def rebase(self, j):
        self._engine.advance(j)
        self._left -= j
        self._peek(self._left + 256)


def run(draws, sample, params):
    """[sample(draws, j, params[i]) -> (value, next j) for each i], element after element (an
    element that runs off the draws is drawn again from its start after draws.grow())."""
    j = 0
    out = []
    append = out.append
    limit = BLOCK - 4096
    for prm in params:
        while True:
            try:
                v, j = sample(draws, j, prm)
                break
            except IndexError:
                draws.grow()
        append(v)
        if j > limit:
            draws.rebase(j)
            j = 0
    draws.commit(j)
    return out


def polar64(b, j):
    """One polar pair of a std::normal_distribution<double> from b[j:]: (the value it returns,
    the one it saves, next j)."""
    while True:
        x = 2.0 * b[j] - 1.0
        y = 2.0 * b[j + 1] - 1.0
        j += 2
        r2 = x * x + y * y
        if r2 <= 1.0 and r2 != 0.0:
            break
    m = math.sqrt(-2.0 * math.log(r2) / r2)
    return y * m, x * m, j


CHUNK = 1 << 18  # elements drawn at a time (the per-element Python objects stay bounded)


def chunked(fn, engine, *arrays):
    """fn(engine, *arrays) over consecutive chunks of the flattened arrays (the engine goes on
    from one to the next, as one loop over all elements), reshaped as arrays[-1]."""
    flat = [np.ravel(a) for a in arrays]
    n = flat[-1].size
    if n <= CHUNK:
        return fn(engine, *flat).reshape(np.shape(arrays[-1]))
    parts = [fn(engine, *(f[i:i + CHUNK] for f in flat)) for i in range(0, n, CHUNK)]
    return np.concatenate(parts).reshape(np.shape(arrays[-1]))


def next_accepted_pair(acc):
    """na[p]: the first q of p, p + 2, p + 4, ... whose polar pair (q, q + 1) is accepted
    (past the end where none is in the window, so that indexing with it raises)."""
    big = 4 * len(acc) + 8
    idx = np.where(acc, np.arange(len(acc), dtype=np.int64), big)
    na = np.empty(len(acc), np.int64)
    for par in (0, 1):
        sub = idx[par::2]
        na[par::2] = np.minimum.accumulate(sub[::-1])[::-1]
    return na


def polar_values(U):
    """For every q: whether the polar pair (U[q], U[q + 1]) of normal_distribution<T> is
    accepted, and the value y * m it returns first where it is (0 else)."""
    T = U.dtype.type
    x = U[:-1] * T(2)
    x -= T(1)
    y = U[1:] * T(2)
    y -= T(1)
    r2 = x * x
    r2 += y * y
    acc = (r2 <= 1) & (r2 != 0)
    ra = r2[acc]
    first = np.zeros(len(r2), T)
    first[acc] = y[acc] * np.sqrt(T(-2) * std_log(ra) / ra)
    return acc, first
