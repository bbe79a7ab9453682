"""Paddle 3.3.1's CPU standard_gamma kernel (sample_gamma of phi/kernels/impl/
dirichlet_kernel_impl.h), one element after the other (eagergraph.phi.std_random_reject says how)."""

import numpy as np

from . import libm
from .std_chain import Chain, distinct
from .std_draws import Draws, run, chunked, polar64, next_accepted_pair, polar_values
from .std_random import std_log

__all__ = ["standard_gamma"]

_THIRD_F = float(np.float32(1.0) / np.float32(3.0))  # 1.0f / 3.0f, in double arithmetic too
_C0331 = float(np.float32(0.0331))


def _gamma_params(alpha):
    """Per element of alpha (a float array of dtype T), sample_gamma's constants in T: the
    boost exponent 1 / alpha (NaN where alpha >= 1: no boost), whether the result is 0, d
    and c."""
    T = alpha.dtype.type
    with np.errstate(all="ignore"):
        boosted = alpha < 1
        boost = np.where(boosted, T(1) / alpha, np.nan).astype(T)
        a = np.where(boosted, alpha + T(1), alpha).astype(T)
        d = a - T(_THIRD_F)
        c = T(1) / np.sqrt(T(9) * d)
    return boost, alpha == 0, d, c


class _GammaDraws(Draws):
    """The float32 draws, and what sample_gamma needs of them that does not depend on alpha,
    worked out for every position at once in NumPy (float32 steps in Python cost a rounding
    each): for each q, the value nv[q] a fresh normal_distribution<float> returns from a polar
    pair at (q, q + 1) (if accepted), na[q] the first accepted pair of q, q + 2, ...,
    uu[q] = 1 - U[q + 2] (the uniform after that pair) and sq[q] whether it passes the squeeze
    test u < 1 - 0.0331 x^4."""

    def _derive(self):
        T = self._dtype
        U = np.asarray(self.buf, T)
        acc, nv = polar_values(U)
        uu = T(1) - U[2:]
        xx = nv[:len(uu)] * nv[:len(uu)]
        self.sq = (uu < T(1) - T(_C0331) * xx * xx).tolist()
        self.na = next_accepted_pair(acc).tolist()
        self.nv = nv.tolist()
        self.uu = uu.tolist()


def _gamma64(D, j, prm):
    # double: the polar pair drawn here (math.log is the C library's and cheaper per element
    # than a table of every position's, which needs a long-double log to round as it does)
    boost, zero, d, c = prm
    if zero:
        return 0.0, j
    b = D.buf
    scale = 1.0
    if boost == boost:
        scale = libm.pow(1 - b[j], boost)
        j += 1
    while True:
        while True:
            x, _, j = polar64(b, j)
            y = 1.0 + c * x
            if not y <= 0:
                break
        v = y * y * y
        uu = 1 - b[j]
        j += 1
        xx = x * x
        if uu < 1.0 - _C0331 * xx * xx:
            return scale * d * v, j
        if libm.log(uu) < 0.5 * xx + d * (1.0 - v + libm.log(v)):
            return scale * d * v, j


_ONE32 = np.float32(1)
_HALF32 = np.float32(0.5)


def _gamma32(D, j, prm):
    """sample_gamma<float> from draw j, as (x, u): the normal x of the accepted attempt and
    the boost's uniform u (0 where none); the value, (scale * d) * (1 + c x)^3 with
    scale = powf(1 - u, 1 / alpha), is worked out for all elements at the end. Here only what
    decides the draws: y = 1 + c x <= 0 (c x is exact in double; it is rounded to float only
    when it is near -1) and the acceptance tests (the log test, rare, in float32 steps with d
    and c as np.float32 scalars)."""
    boost, zero, d, c, cx = prm
    if zero:
        return (0.0, 0.0), j
    b = D.buf
    u = 0.0
    if boost == boost:
        u = b[j]
        j += 1
    na, nv, sq = D.na, D.nv, D.sq
    while True:
        q = na[j]
        x = nv[q]
        if not cx * x > -0.999 and _ONE32 + c * x <= 0:  # y <= 0: another normal
            j = q + 2
            continue
        j = q + 3
        if sq[q]:
            return (x, u), j
        y = _ONE32 + c * x
        v = y * y * y
        xx = np.float32(x) * x
        if libm.logf(D.uu[q]) < _HALF32 * xx + d * ((_ONE32 - v) + np.float32(libm.logf(v))):
            return (x, u), j


_powf = np.frompyfunc(libm.powf, 2, 1)


def _gamma32_values(xu, boost, zero, d, c):
    """The values of the elements _gamma32 drew: (scale * d) * v, v = y * y * y, y = 1 + c x,
    scale = powf(1 - u, 1 / alpha) where boosted, in float32 as the C++."""
    T = np.float32
    x, u = xu[:, 0].astype(T), xu[:, 1].astype(T)
    y = T(1) + c * x
    v = y * y * y
    scale = np.ones(len(x), T)
    b = np.flatnonzero(boost == boost)
    if len(b):
        scale[b] = _powf(T(1) - u[b], boost[b]).astype(T)
    out = (scale * d) * v
    out[zero] = 0
    return out


def standard_gamma(engine, alpha):
    """GammaCPUFunctor over alpha (float32 or float64 array), in order."""
    return chunked(_standard_gamma, engine, np.asarray(alpha))


def _standard_gamma(engine, alpha, vectorised=True):
    flat = np.ravel(alpha)
    out = _vectorised(engine, flat) if vectorised else None
    if out is None:
        out = _reference(engine, flat)
    tiny = np.finfo(alpha.dtype).tiny
    with np.errstate(invalid="ignore"):  # std::max(numeric_limits<T>::min(), sample): NaN too
        out = np.where(out > tiny, out, alpha.dtype.type(tiny))
    return out.reshape(alpha.shape)


# ---- without a Python loop per value (eagergraph.phi.std_chain) ---------------------------

_logf_each = np.frompyfunc(libm.logf, 1, 1)
_log_each = np.frompyfunc(libm.log, 1, 1)
_pow_each = np.frompyfunc(libm.pow, 2, 1)
# distinct concentrations drawn from tables (more: the reference loop): with several, the chain
# is walked one element a Python step, which only pays against float32's loop (whose float32
# steps as NumPy scalars are slow)
MAX_TABLES = {np.dtype(np.float32): 8, np.dtype(np.float64): 1}


class _GammaChain(Chain):
    """sample_gamma over a window of draws (eagergraph.phi.std_chain): the guess is the end of
    an attempt accepted at once (the first accepted polar pair from the start, or from the
    draw after the boost's uniform, and the uniform after it); the exact draw runs the C++'s
    loop over all the starts at once, in T (the log test, rare, with the C library's
    logf/log; the boost's powf/pow too)."""

    draws_per_element = 4.2

    def __init__(self, engine, flat, uniq, key):
        super().__init__(engine, [_gamma_params(uniq[i:i + 1]) for i in range(len(uniq))], key)
        self.flat = flat
        self.dtype = self.out_dtype = flat.dtype.type
        self._na = (None, None)
        if any(bool(prm[0][0] == prm[0][0]) for prm in self.params):
            self.draws_per_element += 1

    def _pairs(self, U):
        """na[q]: the first accepted polar pair of q, q + 2, ... (W where none is), and
        first[q] about the normal the pair at q gives (NumPy's log: for the guess); both
        padded past W."""
        if self._na[0] is not U:
            T = self.dtype
            x = U * T(2)
            x -= T(1)
            r2 = x[:-1] * x[:-1]
            r2 += x[1:] * x[1:]
            acc = (r2 <= 1) & (r2 != 0)
            with np.errstate(all="ignore"):
                first = x[1:] * np.sqrt(T(-2) * np.log(r2) / r2)
            na = next_accepted_pair(acc)
            np.minimum(na, len(U), out=na)
            pad = np.full(4, len(U), na.dtype)
            self._na = (U, (np.concatenate([na, pad]), np.concatenate([first, np.zeros(4, T)])))
        return self._na[1]

    def _normals(self, U, q):
        """The normal a fresh normal_distribution<T> returns from the accepted pair at q."""
        T = self.dtype
        x = U[q] * T(2)
        x -= T(1)
        y = U[q + 1] * T(2)
        y -= T(1)
        r2 = x * x
        r2 += y * y
        return y * np.sqrt(T(-2) * std_log(r2) / r2)

    def _attempt(self, U, c, d, q, x):
        """One attempt with the normal x from the accepted pair at q (< W - 2): whether the
        normal is drawn again (y <= 0), whether the squeeze accepts, y, u and x^2."""
        T = self.dtype
        one = T(1)
        y = one + c * x
        redo = y <= 0
        uu = one - U[q + 2]
        xx = x * x
        acc = ~redo & (uu < one - T(_C0331) * xx * xx)
        return redo, acc, y, uu, xx

    def guess(self, U, prm):
        W = len(U)
        na, _ = self._pairs(U)
        start = np.arange(W + 1, dtype=np.int64)
        boost, zero, d, c = (a[0] for a in prm)
        if zero:  # alpha 0: no draw
            return start
        if boost == boost:
            start = np.minimum(start + 1, W)
        q = na[start]
        qs = np.minimum(q, W - 3)
        with np.errstate(all="ignore"):
            redo, acc, y, uu, xx = self._attempt(U, c, d, qs, self._pairs(U)[1][qs])
            slow = np.flatnonzero(~redo & ~acc)
            if len(slow):
                acc[slow] = self._log_test(uu[slow], xx[slow], y[slow], d, np.log)
        again = na[np.minimum(np.where(redo, q + 2, q + 3), W)] + 3  # the next attempt's end
        g = np.where(acc, q + 3, again)
        g[q >= W - 2] = W
        return np.minimum(g, W)

    def _log_test(self, uu, xx, y, d, log):
        T = self.dtype
        one = T(1)
        v = y * y * y
        lu = log(uu).astype(T)
        lv = log(v).astype(T)
        if T is np.float32:
            return lu < T(0.5) * xx + d * ((one - v) + lv)
        return lu < 0.5 * xx + d * (1.0 - v + lv)

    def exact(self, U, prm, pos):
        T = self.dtype
        boost, zero, d, c = (a[0] for a in prm)
        W = len(U)
        end = np.full(len(pos), W, np.int64)
        val = np.zeros(len(pos), T)
        if zero:
            return pos, val
        na, _ = self._pairs(U)
        boosted = boost == boost
        j = pos + 1 if boosted else pos.copy()
        idx = np.arange(len(pos))
        X = np.zeros(len(pos), T)
        one = T(1)
        with np.errstate(all="ignore"):
            while len(idx):
                q = na[np.minimum(j, W)]
                live = q + 2 < W  # the pair and the uniform after it inside the window
                idx, q = idx[live], q[live]
                x = self._normals(U, q)
                redo, acc, y, uu, xx = self._attempt(U, c, d, q, x)
                j = np.where(redo, q + 2, q + 3)
                slow = np.flatnonzero(~redo & ~acc)
                if len(slow):  # the log test, with the C library's log
                    log = _logf_each if T is np.float32 else _log_each
                    acc[slow] = self._log_test(uu[slow], xx[slow], y[slow], d, log)
                ok = np.flatnonzero(acc)
                end[idx[ok]] = j[ok]
                X[idx[ok]] = x[ok]
                rest = ~acc
                idx, j = idx[rest], j[rest]
        y = one + c * X
        v = y * y * y
        scale = np.ones(len(pos), T)
        if boosted:
            if T is np.float32:
                scale = _powf(one - U[np.minimum(pos, W - 1)], boost).astype(T)
            else:
                scale = _pow_each(1 - U[np.minimum(pos, W - 1)], boost).astype(T)
        val = (scale * d) * v
        return end, val


def _reference(engine, flat):
    """_standard_gamma's element loop (before the smallest-normal clamp)."""
    single = flat.dtype == np.float32
    T = np.float32 if single else np.float64
    boost, zero, d, c = _gamma_params(flat)
    # about 3.7 draws an element (a polar pair takes 2 / (pi / 4) on average), one more boosted
    hint = int(4.0 * len(flat)) + int(np.sum(boost == boost)) + 256
    draws = _GammaDraws(engine, T, hint) if single else Draws(engine, T, hint)
    with np.errstate(all="ignore"):  # NaN/inf concentrations run through float32 scalars
        if single:  # np.float32 scalars: the sampler's arithmetic with them is float32's
            prms = zip(boost.tolist(), zero.tolist(), list(d), list(c), c.tolist())
            xu = np.array(run(draws, _gamma32, prms), np.float64).reshape(-1, 2)
            return _gamma32_values(xu, boost, zero, d, c)
        prms = zip(boost.tolist(), zero.tolist(), d.tolist(), c.tolist())
        return np.array(run(draws, _gamma64, prms), flat.dtype)


def _vectorised(engine, flat):
    """The draws from tables, or None where the concentrations are not all finite and >= 0 or
    take more than MAX_TABLES values (the reference loop draws those)."""
    if not len(flat) or not (np.isfinite(flat).all() and (flat >= 0).all()):
        return None
    uniq, key = distinct(flat)
    if len(uniq) > MAX_TABLES[flat.dtype]:
        return None
    return _GammaChain(engine, flat, uniq, key).run().astype(flat.dtype)
