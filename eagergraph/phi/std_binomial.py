"""Paddle 3.3.1's CPU binomial kernel (phi/kernels/funcs/binomial_functor.h), one element after
the other (eagergraph.phi.std_random_reject says how)."""
import math

import numpy as np

from . import libm
from . import std_draws
from .std_chain import Chain
from .std_draws import Draws, run, chunked
from .std_random import std_log

__all__ = ["binomial"]

_f32 = libm.f32
_INF = float("inf")

_TAIL = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509,
         0.0166446911898211, 0.0138761288230707, 0.0118967099458917, 0.0104112652619720,
         0.00925546218271273, 0.00833056343336287)


def _tail(k, rt):
    """stirling_approx_tail<T>(int64 k), rounded by rt to T."""
    if k <= 9:
        return rt(_TAIL[k])
    kp1sq = rt(float((k + 1) * (k + 1)))
    return rt((1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1))


_INT64_MIN = -(1 << 63)


def _ident(x):
    return x


def _tails(k, T):
    """stirling_approx_tail<T> of an int64 array, in T."""
    table = np.asarray(_TAIL, np.float64)
    kp1 = (k + 1).astype(np.float64)
    kp1sq = (kp1 * kp1).astype(T).astype(np.float64)
    with np.errstate(all="ignore"):
        big = (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / kp1
    return np.where(k <= 9, table[np.clip(k, 0, 9)], big).astype(T)


def _btrs_params(n, p, single):
    """btrs<T>(n, p)'s constants for arrays n, p of T, one tuple an element: T operations in
    T, those with a double literal in double and rounded to T, as the C++."""
    T = np.float32 if single else np.float64
    f64 = np.float64
    stddev = np.sqrt((n * p) * (T(1) - p))
    b = (1.15 + 2.53 * stddev.astype(f64)).astype(T)
    a = (-0.0873 + 0.0248 * b.astype(f64) + 0.01 * p.astype(f64)).astype(T)
    c = ((n * p).astype(f64) + 0.5).astype(T)
    v_r = (0.92 - 4.2 / b.astype(f64)).astype(T)
    r = p / (T(1) - p)
    alpha = ((2.83 + 5.1 / b.astype(f64)) * stddev.astype(f64)).astype(T)
    m = np.floor((n + T(1)) * p)
    a2 = T(2) * a
    with np.errstate(divide="ignore"):
        t1 = (m.astype(f64) + 0.5) * std_log((m + T(1)) / (r * ((n - m) + T(1)))).astype(f64)
    tail_m = _tails(m.astype(np.int64), T)
    tail_nm = _tails((n - m).astype(np.int64), T)
    cols = [x.tolist() for x in (n, a, b, c, v_r, r, alpha, m, a2, t1, tail_m, tail_nm)]
    return [(nn, single, aa, bb, cc, vr, rr, al, mm, a2_, t1_, (tm, tn))
            for nn, aa, bb, cc, vr, rr, al, mm, a2_, t1_, tm, tn in zip(*cols)]


def _btrs(D, j, prm):
    n, single, a, b, c, v_r, r, alpha, m, a2, t1, tails = prm
    bf = D.buf
    rt = _f32 if single else _ident
    lg = libm.logf if single else libm.log
    while True:
        uu = rt(bf[j] - 0.5)
        v = bf[j + 1]
        j += 2
        us = rt(0.5 - abs(uu))
        k = _INT64_MIN  # the x86 conversion of a value out of range (rejected below)
        if us != 0:
            t = rt(rt(rt(a2 / us) + b) * uu)
            t = rt(t + c)
            if -2.0 ** 63 <= t < 2.0 ** 63:
                k = math.floor(t)
        if k < 0 or rt(float(k)) > n:
            continue
        if us >= 0.07 and v <= v_r:
            return k, j
        v = lg(rt(rt(v * alpha) / rt(rt(a / rt(us * us)) + b)))
        kf = rt(float(k))
        nk1 = rt(rt(n - kf) + 1)
        t2 = rt(rt(n + 1) * lg(rt(rt(rt(n - m) + 1) / nk1)))
        t3 = (k + 0.5) * lg(rt(rt(r * nk1) / rt(float(k + 1))))
        # ((((t1 + t2) + t3) + tail(m)) + tail(n - m)) - tail(k) - tail(n - k), as the C++
        upper = rt(t1 + t2 + t3 + tails[0] + tails[1] - _tail(k, rt) - _tail(int(rt(n - kf)), rt))
        if v <= upper:
            return k, j


def _btrs64(D, j, prm):
    """btrs<double>: _btrs without the rounding steps."""
    n, _, a, b, c, v_r, r, alpha, m, a2, t1, tails = prm
    bf = D.buf
    lg = libm.log
    while True:
        uu = bf[j] - 0.5
        v = bf[j + 1]
        j += 2
        us = 0.5 - abs(uu)
        if us == 0:
            continue  # (2a / 0 + b) * -0.5 + c = -inf: k < 0
        t = (a2 / us + b) * uu + c
        if not -2.0 ** 63 <= t < 2.0 ** 63:
            continue  # converted to INT64_MIN: k < 0
        k = math.floor(t)
        if k < 0 or k > n:
            continue
        if us >= 0.07 and v <= v_r:
            return k, j
        v = lg(v * alpha / (a / (us * us) + b))
        nk1 = n - k + 1
        upper = (t1 + (n + 1) * lg((n - m + 1) / nk1) + (k + 0.5) * lg(r * nk1 / (k + 1))
                 + tails[0] + tails[1] - _tail(k, _ident) - _tail(int(n - k), _ident))
        if v <= upper:
            return k, j


def _inversion64(D, j, prm):
    """binomial_inversion<double>: geometric waiting times ceil(log(u) / log1p(-p)) summed
    until they pass n."""
    n, logprob = prm
    b = D.buf
    log = math.log
    geom_sum = 0.0
    num = 0
    while True:
        u = b[j]
        j += 1
        if u == 0:
            return num, j  # log(0) / logprob = inf
        geom_sum += math.ceil(log(u) / logprob)
        if geom_sum > n:
            return num, j
        num += 1


def _inversion32(D, j, prm):
    """binomial_inversion<float>: as the double one in float arithmetic. logf(u) of every draw
    is D.lg; the quotient is taken in double and rounded to float only where that can move
    its ceiling: just above an integer, or from 2^23 on."""
    n, logprob = prm
    lgl = D.lg
    geom_sum = 0.0
    num = 0
    while True:
        qd = lgl[j] / logprob
        j += 1
        if not qd < _INF:
            return num, j
        g = math.ceil(qd)
        if qd >= 8388608.0 or qd - (g - 1) <= qd * 1.2e-7:
            g = math.ceil(_f32(qd))
        geom_sum += g
        if geom_sum > 16777216.0:
            geom_sum = _f32(geom_sum)
        if geom_sum > n:
            return num, j
        num += 1


class _LogDraws(Draws):
    """The float32 draws and logf of each (NumPy's emulation of glibc's, cheaper than a call
    through ctypes a draw), for the binomial inversion."""

    def _derive(self):
        with np.errstate(divide="ignore"):
            self.lg = std_log(np.asarray(self.buf, self._dtype)).tolist()


def _fixed(D, j, value):
    return value, j


def _binomial_plans(n, p, single):
    """Per element (arrays n, p of T): (sampler, its parameters, sign, offset), the draw being
    offset + sign * the sampler's (BinomialFunctor's branches); and about how many draws each
    takes."""
    T = np.float32 if single else np.float64
    with np.errstate(invalid="ignore"):
        zero = (n <= 0) | (p <= 0)
        full = ~zero & (p >= 1)
        flip = ~zero & ~full & ~(p <= 0.5)
        q = np.where(flip, (1.0 - p.astype(np.float64)).astype(T), p)
        btrs = ~zero & ~full & ((n * q) >= 10)
    inv = ~zero & ~full & ~btrs
    nint = [int(x) if x == x and abs(x) < 2.0 ** 63 else 0 for x in n.tolist()]
    plans = [(_fixed, 0, 1, 0)] * len(n)
    for i in np.flatnonzero(full).tolist():
        plans[i] = (_fixed, nint[i], 1, 0)
    sign = np.where(flip, -1, 1).tolist()
    bi = np.flatnonzero(btrs)
    btrs = _btrs if single else _btrs64
    for i, prm in zip(bi.tolist(), _btrs_params(n[bi], q[bi], single)):
        plans[i] = (btrs, prm, sign[i], nint[i] if sign[i] < 0 else 0)
    ii = np.flatnonzero(inv)
    log1p = libm.log1pf if single else libm.log1p
    inversion = _inversion32 if single else _inversion64
    lp = {v: log1p(-v) for v in set(q[ii].tolist())}
    for i, nn, qq in zip(ii.tolist(), n[ii].tolist(), q[ii].tolist()):
        plans[i] = (inversion, (nn, lp[qq]), sign[i], nint[i] if sign[i] < 0 else 0)
    # draws: an inversion takes n q + 1 on average (below 11), BTRS about 2.3
    draws = np.zeros(len(n))
    draws[ii] = 1.1 * (n[ii] * q[ii]).astype(np.float64) + 1.15
    draws[bi] = 2.6
    return plans, draws


def _binomial_one(D, j, plan):
    sample, prm, sign, off = plan
    v, j = sample(D, j, prm)
    return off + sign * v, j


def binomial(engine, count, prob):
    """BinomialFunctor<T>(count, prob) per element (T the arrays' dtype), as int64."""
    return chunked(_binomial, engine, np.asarray(count), np.asarray(prob))


def _binomial(engine, count, prob, vectorised=True):
    single = prob.dtype == np.float32
    ns, ps = np.ravel(count).astype(prob.dtype), np.ravel(prob)
    out = _vectorised(engine, ns, ps, single) if vectorised else None
    if out is not None:
        return out.reshape(np.shape(prob))
    # one plan per distinct (count, prob) pair
    pairs, inv = np.unique(np.stack([ns, ps], 1), axis=0, return_inverse=True)
    inv = inv.reshape(-1)
    uplans, udraws = _binomial_plans(pairs[:, 0].copy(), pairs[:, 1].copy(), single)
    plans = [uplans[i] for i in inv.tolist()]
    hint = int(np.sum(udraws[inv])) + 256
    if single and any(plan[0] is _inversion32 for plan in uplans):
        draws = _LogDraws(engine, np.float32, hint)
    else:
        draws = Draws(engine, np.float32 if single else np.float64, hint)
    out = run(draws, _binomial_one, plans)
    out = np.array(out, np.int64)
    return out.reshape(np.shape(prob))


# ---- without a Python loop per value (eagergraph.phi.std_chain) ---------------------------


class _BtrsChain(Chain):
    """BTRS over a window of draws, for a tensor of one (count, prob) pair: a round takes two
    draws, so the round at every position is worked out at once (accepted or not, and its k),
    an element that starts at p ends two after the first accepted round of p, p + 2, ...
    (exact for every position: nothing is guessed). The arithmetic is _btrs's (T steps in T,
    double-literal steps in double), the logs NumPy's emulation of the C library's (as
    _LogDraws)."""

    draws_per_element = 2.6
    out_dtype = np.int64

    def __init__(self, engine, prm, single, sign, off, n):
        super().__init__(engine, [prm], np.zeros(n, np.int64))
        self.single = single
        self.dtype = np.float32 if single else np.float64
        self.sign, self.off = sign, off

    def guess(self, U, prm):
        W = len(U)
        acc, k = (_rounds32 if self.single else _rounds64)(U[:-1], U[1:], prm)
        na = np.append(std_draws.next_accepted_pair(acc), W)  # from every start
        nxt = np.append(np.where(na >= W - 1, W, na + 2), W)
        val = k[np.minimum(na, W - 2)]
        vals = np.append(self.off + self.sign * val, 0).astype(np.int64)
        return nxt, vals


def _rounds32(u0, v, prm):
    """btrs<float>'s round from every pair of draws (u0[j], v[j]): accepted, and its k."""
    n, _, a, b, c, v_r, r, alpha, m, a2, t1, tails = prm
    T = np.float32
    n, a, b, c, v_r, r, alpha, m, a2 = (T(x) for x in (n, a, b, c, v_r, r, alpha, m, a2))
    with np.errstate(all="ignore"):
        uu = u0 - T(0.5)
        us = T(0.5) - np.abs(uu)
        t = (a2 / us + b) * uu
        t = t + c
        t64 = t.astype(np.float64)
        fine = (us != 0) & (t64 >= -2.0 ** 63) & (t64 < 2.0 ** 63)
        k = np.where(fine, np.floor(np.where(fine, t64, 0)), -1.0).astype(np.int64)
        ok = (k >= 0) & ~(k.astype(T) > n)
        quick = ok & (us >= 0.07) & (v <= v_r)
        slow = np.flatnonzero(ok & ~quick)
        acc = quick
        if len(slow):
            ks, uss, vs = k[slow], us[slow], v[slow]
            lv = std_log((vs * alpha) / (a / (uss * uss) + b)).astype(np.float64)
            kf = ks.astype(T)
            nk1 = (n - kf) + T(1)
            t2 = ((n + T(1)) * std_log(((n - m) + T(1)) / nk1)).astype(np.float64)
            t3 = (ks + 0.5) * std_log((r * nk1) / (ks + 1).astype(T)).astype(np.float64)
            upper = (t1 + t2 + t3 + tails[0] + tails[1]
                     - _tails(ks, T).astype(np.float64)
                     - _tails((n - kf).astype(np.int64), T).astype(np.float64)).astype(T)
            acc[slow] = lv <= upper
    return acc, k


def _rounds64(u0, v, prm):
    """btrs<double>'s round from every pair of draws: accepted, and its k."""
    n, _, a, b, c, v_r, r, alpha, m, a2, t1, tails = prm
    with np.errstate(all="ignore"):
        uu = u0 - 0.5
        us = 0.5 - np.abs(uu)
        t = (a2 / us + b) * uu + c
        fine = (us != 0) & (t >= -2.0 ** 63) & (t < 2.0 ** 63)
        k = np.where(fine, np.floor(np.where(fine, t, 0)), -1.0).astype(np.int64)
        ok = (k >= 0) & ~(k > n)
        quick = ok & (us >= 0.07) & (v <= v_r)
        slow = np.flatnonzero(ok & ~quick)
        acc = quick
        if len(slow):
            ks, uss, vs = k[slow], us[slow], v[slow]
            lv = std_log(vs * alpha / (a / (uss * uss) + b))
            nk1 = n - ks + 1
            upper = (t1 + (n + 1) * std_log((n - m + 1) / nk1)
                     + (ks + 0.5) * std_log(r * nk1 / (ks + 1)) + tails[0] + tails[1]
                     - _tails(ks, np.float64) - _tails((n - ks).astype(np.int64), np.float64))
            acc[slow] = lv <= upper
    return acc, k


class _InversionChain(_BtrsChain):
    """The geometric inversion (n min(p, 1 - p) < 10) over a window of draws, for a tensor of
    one (count, prob) pair: every draw's waiting time g = ceil(log u / log1p(-p)) (in T, as
    the C++), their running sum G, and an element that starts at p ends at the first j with
    G[j] - G[p] > n, its value j - p - 1 (the waiting times that fit): exact for every
    position, as the sums are of whole numbers (a float32 sum stays exact below 2^24, which
    _vectorised asks of n; a waiting time past n, or an infinite one from u = 0, counts as
    n + 1: it ends the element either way)."""

    def __init__(self, engine, prm, single, sign, off, n):
        super().__init__(engine, prm, single, sign, off, n)
        count, logprob = prm
        self.draws_per_element = 1.1 * count * -math.expm1(logprob) + 1.15

    def guess(self, U, prm):
        count, logprob = prm
        W = len(U)
        with np.errstate(divide="ignore", invalid="ignore"):
            if self.single:
                g = np.ceil(std_log(U) / np.float32(logprob)).astype(np.float64)
            else:  # NumPy's log, and the C library's where the quotient is near a whole
                q = np.log(U) / logprob  # number (only there can its last bit move the ceil)
                g = np.ceil(q)
                near = np.flatnonzero(np.minimum(q - (g - 1), g - q) <= q * 1e-12)
                g[near] = np.ceil(std_log(U[near]) / logprob)
        np.minimum(g, count + 1.0, out=g)  # (inf too)
        G = np.zeros(W + 1)
        np.cumsum(g, out=G[1:])
        end = np.searchsorted(G, G + count, "right")  # W + 1: past the window
        p = np.arange(W + 1)
        nxt = np.minimum(end, W)
        vals = (self.off + self.sign * (end - p - 1)).astype(np.int64)
        return nxt, vals


def _vectorised(engine, ns, ps, single):
    """The draws from tables where every element has one (count, prob) pair drawn by BTRS or
    by the inversion (its count below 2^24 in float32, 2^31 in float64), else None."""
    if not len(ns) or not ((ns == ns[0]).all() and (ps == ps[0]).all()):
        return None
    (plan,), _ = _binomial_plans(ns[:1].copy(), ps[:1].copy(), single)
    if plan[0] in (_btrs, _btrs64):
        return _BtrsChain(engine, plan[1], single, plan[2], plan[3], len(ns)).run()
    if plan[0] in (_inversion32, _inversion64) and plan[1][0] < (2.0 ** 24 if single else
                                                               2.0 ** 31):
        return _InversionChain(engine, plan[1], single, plan[2], plan[3], len(ns)).run()
    return None
