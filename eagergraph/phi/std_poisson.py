"""std::poisson_distribution<int> as libstdc++ draws it, one element after the other: Paddle
3.3.1's CPU poisson kernel (eagergraph.phi.std_random_reject says how)."""
import math

import numpy as np

from . import libm
from . import std_draws
from .std_chain import Chain, distinct
from .std_draws import Draws, run, chunked, polar64
from .std_random import std_log

__all__ = ["poisson"]

_NAN = float("nan")

_PI_4 = 0.7853981633974483096156608458198757
_SPI_2 = 1.2533141373155002512078826424055226
_1_78 = 0.0128205128205128205128205128205128
_E_1_78 = 1.0129030479320018583185514777512983
_NAF = (1 - np.finfo(np.float64).eps) / 2
_INT_THR = 2147483647 + _NAF


def _c_round(x):  # std::round: halves away from zero (x >= 0 here)
    r = math.floor(x)
    return r + 1.0 if x - r >= 0.5 else r


def _poisson_params(mean):
    """poisson_distribution::param_type::_M_initialize and the constants of operator() for
    mean >= 12."""
    m = math.floor(mean)
    lm_thr = libm.log(mean)
    lfm = libm.lgamma(m + 1)
    sm = math.sqrt(m)
    dx = math.sqrt(2 * m * libm.log(32 * m / _PI_4))
    d = _c_round(max(6.0, min(m, dx)))
    cx = 2 * m + d
    scx = math.sqrt(cx / 2)
    c1x = 1 / cx
    c2b = math.sqrt(_PI_4 * cx) * libm.exp(c1x)
    cb = 2 * cx * libm.exp(-d * c1x * (1 + d / 2)) / d
    c1 = sm * _SPI_2
    c2 = c2b + c1
    c3 = c2 + 1
    c4 = c3 + 1
    c5 = c4 + _E_1_78
    c = cb + c5
    return m, lm_thr, lfm, sm, d, scx, c1x, c1, c2, c3, c4, c5, c, 2 * (2 * m + d)


_LGAMMA = {}  # lgamma of the integer-valued x + m + 1 the rejection test asks for


def _lgamma(x):
    v = _LGAMMA.get(x)
    if v is None:
        if len(_LGAMMA) > 1 << 16:
            _LGAMMA.clear()
        v = _LGAMMA[x] = libm.lgamma(x)
    return v


def _poisson_large(D, j, prm):
    m, lm_thr, lfm, sm, d, scx, c1x, c1, c2, c3, c4, c5, c, c2x2 = prm
    b = D.buf
    saved = None  # the distribution's normal_distribution<double> and its saved value
    while True:
        uu = c * b[j]
        e = -libm.log(1.0 - b[j + 1])
        j += 2
        w = 0.0
        if uu <= c2:
            if saved is None:
                n, saved, j = polar64(b, j)
            else:
                n, saved = saved, None
            if uu <= c1:
                y = -abs(n) * sm - 1
                x = math.floor(y)
                w = -n * n / 2
                if x < -m:
                    continue
            else:
                y = 1 + abs(n) * scx
                x = math.ceil(y)
                w = y * (2 - y) * c1x
                if x > d:
                    continue
        elif uu <= c3:
            x = -1.0
        elif uu <= c4:
            x = 0.0
        elif uu <= c5:
            x = 1.0
            w = _1_78
        else:
            v = -libm.log(1.0 - b[j])
            j += 1
            y = d + v * c2x2 / d
            x = math.ceil(y)
            w = -d * c1x * (1 + y / 2)
        if w - e - x * lm_thr > lfm - _lgamma(x + m + 1) or x + m >= _INT_THR:
            continue
        return int(x + m + _NAF), j


def _poisson_small(D, j, t):
    """The product method: u[j] * u[j + 1] * ... until it is <= t = exp(-rate)."""
    b = D.buf
    x = 0
    prod = b[j]
    j += 1
    while prod > t:
        prod *= b[j]
        j += 1
        x += 1
    return x, j


def _poisson_plan(D, j, plan):
    return plan[0](D, j, plan[1])


def poisson(engine, rates):
    """One std::poisson_distribution<int>(rate) draw per rate (a float array), in order; the
    counts as int64."""
    return chunked(_poisson, engine, np.asarray(rates, np.float64))


def _poisson(engine, flat, vectorised=None):
    """The draws of flat's rates in order. vectorised: from tables over draw positions
    (_PoissonChain: the same values and engine position); None: where that is the faster
    (benchmarks/random_streams.py), one rate below 12 (1.3x the loop's speed at 11.9, 2.4x at
    3, 3x at 0.1); a few rates make a table each and walk the chain one element a step, and
    from 12 on the tables cost more than the loop below."""
    if vectorised is None:
        vectorised = len(flat) > 1 and 0 <= flat[0] < 12 and (flat == flat[0]).all()
    if vectorised and len(flat) and np.isfinite(flat).all() and (flat >= 0).all():
        uniq, key = distinct(flat)
        if len(uniq) <= MAX_TABLES:
            return _PoissonChain(engine, flat, uniq, key).run()
    small = ~(flat >= 12)
    # draws: rate + 1 an element below 12, 4.5 (rate 10^6) to 5.3 (rate 12) from 12 on (2 a
    # round, a polar pair every other round)
    hint = int(np.sum(np.where(small, np.maximum(np.nan_to_num(flat), 0) + 1, 0.0)) * 1.05
               + 5.6 * np.sum(~small)) + 256
    draws = Draws(engine, np.float64, hint)
    params = {}
    for mean in np.unique(flat).tolist():
        params[mean] = (_poisson_large, _poisson_params(mean)) if mean >= 12 else \
            (_poisson_small, libm.exp(-mean))
    nan = params.get(_NAN, (_poisson_small, _NAN))
    plans = [params[m] if m == m else nan for m in flat.tolist()]
    if small.all():  # all by the product method: one loop, no call an element
        return np.array(_product_method(draws, [plan[1] for plan in plans]), np.int64)
    out = run(draws, _poisson_plan, plans)
    return np.array(out, np.int64)


def _product_method(draws, thresholds):
    """_poisson_small for each threshold in turn (as run, inlined)."""
    out = []
    append = out.append
    j = 0
    limit = std_draws.BLOCK - 4096
    b = draws.buf
    for t in thresholds:
        while True:
            try:
                x = 0
                prod = b[j]
                k = j + 1
                while prod > t:
                    prod *= b[k]
                    k += 1
                    x += 1
                break
            except IndexError:
                draws.grow()
                b = draws.buf
        append(x)
        j = k
        if j > limit:
            draws.rebase(j)
            b = draws.buf
            j = 0
    draws.commit(j)
    return out


# ---- without a Python loop per value (eagergraph.phi.std_chain) ---------------------------

MAX_TABLES = 8  # distinct rates drawn from tables (more: the reference loop)


def _small_table(U, t):
    """The product method (_poisson_small) from every start p of the window U at once: (end,
    value) per start, end len(U) for a draw that runs past the window. prod[p] after r factors
    is U[p] * U[p + 1] * ... * U[p + r], multiplied in the C++'s order, and never grows (each
    factor is below 1), so the value (the factors multiplied on) is how many of the products
    before the last are above t. The first rounds go over every start (a slice product each);
    the starts still above t after them go on alone."""
    W = len(U)
    rate = -math.log(t) if t > 0 else 745.0
    rounds = min(W, 255, int(rate + 2 * math.sqrt(rate)) + 3)  # most starts done by then
    prod = U.copy()
    above = prod > t
    few = above.view(np.uint8).copy()  # the counts so far: at most `rounds` (< 256)
    for r in range(1, rounds):
        n = W - r
        np.multiply(prod[:n], U[r:], out=prod[:n])
        np.greater(prod[:n], t, out=above[:n])
        few[:n] += above[:n].view(np.uint8)
    val = few.astype(np.int64)
    past = np.zeros(W, bool)
    cut = W - rounds + 1  # from here on the starts ran out of factors within the rounds
    past[cut:] = prod[cut:] > t
    idx = np.flatnonzero(prod[:cut] > t)
    p = prod[idx]
    j = idx + rounds  # each one's next factor
    while len(idx):
        out = j >= W
        if out.any():
            past[idx[out]] = True
            keep = ~out
            idx, p, j = idx[keep], p[keep], j[keep]
        p = p * U[j]
        more = p > t
        val[idx] += more
        idx, p, j = idx[more], p[more], j[more] + 1
    end = np.arange(1, W + 1, dtype=np.int64)
    end += val
    end[past] = W
    return end, val


class _PoissonChain(Chain):
    """poisson_distribution<int> over a window of double draws (eagergraph.phi.std_chain).
    Below 12 every start is drawn exactly at once (the product method's running products of
    all starts, one whole-array step a factor: _small_table); from 12 on the guess is a first
    round drawn exactly from every position, Devroye's rounds over all the starts at once."""

    out_dtype = np.int64

    def __init__(self, engine, flat, uniq, key):
        params = [(False, libm.exp(-r)) if r < 12 else (True, _poisson_params(r))
                  for r in uniq.tolist()]
        super().__init__(engine, params, key)
        self.flat = flat
        small = uniq < 12
        self.draws_per_element = float(np.max(np.where(small, uniq + 1, 5.6))) * 1.02 + 0.5
        self._cache = (None, None)

    def _tables(self, U):
        """na: the first accepted polar pair of q, q + 2, ... (W where none is)."""
        if self._cache[0] is not U:
            x = U * 2.0 - 1.0
            r2 = x[:-1] * x[:-1] + x[1:] * x[1:]
            na = std_draws.next_accepted_pair((r2 <= 1.0) & (r2 != 0))
            np.minimum(na, len(U), out=na)
            self._cache = (U, np.concatenate([na, np.full(4, len(U), na.dtype)]))
        return self._cache[1]

    def guess(self, U, prm):
        W = len(U)
        large, t = prm
        if not large:
            end, val = _small_table(U, t)
        else:
            # Devroye's rounds: a rejected round moves the draws of its element on by an even
            # count most of the time, so a chain drawn from there stays off the guessed one
            # for long; every start is drawn exactly instead
            end, val = self._large(U, t, np.arange(W, dtype=np.int64))
        return np.append(end, W), np.append(val, 0)

    def exact(self, U, prm, pos):
        large, t = prm
        if large:
            return self._large(U, t, pos)
        end, val = _small_table(U, t)  # (not reached: the guess is exact everywhere)
        return end[pos], val[pos]

    def _large(self, U, prm, pos):
        m, lm_thr, lfm, sm, d, scx, c1x, c1, c2, c3, c4, c5, c, c2x2 = prm
        W = len(U)
        na = self._tables(U)
        n = len(pos)
        end = np.full(n, W, np.int64)
        val = np.zeros(n, np.int64)
        idx = np.arange(n)
        j = pos.copy()
        saved = np.zeros(n)
        has = np.zeros(n, bool)
        with np.errstate(all="ignore"):
            while len(idx):
                live = j + 2 < W
                idx, j, saved, has = idx[live], j[live], saved[live], has[live]
                uu = c * U[j]
                e = -std_log(1.0 - U[j + 1])
                j = j + 2
                k = len(idx)
                x = np.zeros(k)
                w = np.zeros(k)
                rej = np.zeros(k, bool)
                off = np.zeros(k, bool)  # past the window: end stays W
                normal = uu <= c2
                draw = normal & ~has
                nv = np.zeros(k)
                use = normal & has
                nv[use] = saved[use]
                has[use] = False
                di = np.flatnonzero(draw)
                if len(di):
                    q = na[j[di]]
                    qs = np.minimum(q, W - 2)
                    px = U[qs] * 2.0 - 1.0
                    py = U[qs + 1] * 2.0 - 1.0
                    r2 = px * px + py * py
                    mult = np.sqrt(-2.0 * std_log(r2) / r2)
                    nv[di] = py * mult
                    saved[di] = px * mult
                    has[di] = True
                    j[di] = q + 2
                    off[di[q >= W - 1]] = True
                b1 = normal & (uu <= c1)
                y = -np.abs(nv[b1]) * sm - 1
                x[b1] = np.floor(y)
                w[b1] = -nv[b1] * nv[b1] / 2
                rej[b1] |= x[b1] < -m
                b2 = normal & ~(uu <= c1)
                y = 1 + np.abs(nv[b2]) * scx
                x[b2] = np.ceil(y)
                w[b2] = y * (2 - y) * c1x
                rej[b2] |= x[b2] > d
                x[~normal & (uu <= c3)] = -1.0
                b5 = ~normal & ~(uu <= c4) & (uu <= c5)
                x[b5] = 1.0
                w[b5] = _1_78
                b6 = np.flatnonzero(~normal & ~(uu <= c5))
                if len(b6):
                    off[b6[j[b6] >= W]] = True
                    v = -std_log(1.0 - U[np.minimum(j[b6], W - 1)])
                    j[b6] += 1
                    y = d + v * c2x2 / d
                    x[b6] = np.ceil(y)
                    w[b6] = -d * c1x * (1 + y / 2)
                test = np.flatnonzero(~rej & ~off)
                xt = x[test]
                keys, inv = np.unique(xt + m + 1, return_inverse=True)
                lg = np.array([_lgamma(v) for v in keys.tolist()])[inv.reshape(-1)] \
                    if len(keys) else keys
                bad = (w[test] - e[test] - xt * lm_thr > lfm - lg) | (xt + m >= _INT_THR)
                ok = test[~bad]
                end[idx[ok]] = j[ok]
                val[idx[ok]] = np.floor(x[ok] + m + _NAF).astype(np.int64)
                rest = ~off
                rest[ok] = False
                idx, j, saved, has = idx[rest], j[rest], saved[rest], has[rest]
        return end, val
