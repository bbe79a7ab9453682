"""Paddle 3.3.1's CPU poisson, binomial and standard_gamma samplers, value for value: one
element after the other from the CPU generator's engine, as its kernels loop.

- poisson (phi/kernels/cpu/poisson_kernel.cc): a fresh std::poisson_distribution<int>(rate)
  per element, libstdc++'s algorithm: for rate < 12 the product of uniforms (double
  generate_canonical draws) until it falls to exp(-rate); from 12 on Devroye's rejection
  method (bits/random.tcc, with the errata of libstdc++/83237), whose normal draws come from
  the distribution's own std::normal_distribution<double> (so its second polar value is used by
  a later rejection round of the same element);
- binomial (phi/kernels/funcs/binomial_functor.h): Hormann's BTRS for n * p >= 10 (on min(p,
  1 - p)), else the geometric inversion, in the kernel's dtype T with its double literals,
  uniform draws from uniform_real_distribution<T>(0, 1);
- standard_gamma (phi/kernels/impl/dirichlet_kernel_impl.h sample_gamma, NumPy's
  Marsaglia-Tsang with the alpha < 1 boost): in T, every normal draw from a fresh
  std::normal_distribution<T> (a polar pair of which only the first value is used), every
  uniform from a fresh uniform_real_distribution<T>; the result is at least T's smallest
  normal number.

Every draw a C++ element consumes is consumed here in the same order; the arithmetic is the
C++'s, operation by operation (float32 steps done in float64 and rounded once, which gives the
float result for +, -, *, /, sqrt), with the C library's log/log1p/exp/pow/lgamma and their
float versions (eagergraph.phi.libm). A NaN gamma concentration (or one whose boosted value is
not above 1/3) goes through the loop as in C++ (its squeeze test does not involve it) and ends
as T's smallest normal number, as Paddle's."""
import math

import numpy as np

from . import libm
from .std_random import canonical_from_bits, std_log

__all__ = ["poisson", "binomial", "standard_gamma"]

_f32 = libm.f32
_INF = float("inf")
_NAN = float("nan")


_BLOCK = 1 << 20  # draws held at a time (a Python list of floats: 32 MB)


class _Draws:
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
        self._n = int(min(max(n, 64), _BLOCK))
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


def _run(draws, sample, params):
    """[sample(draws, j, params[i]) -> (value, next j) for each i], element after element (an
    element that runs off the draws is drawn again from its start after draws.grow())."""
    j = 0
    out = []
    append = out.append
    limit = _BLOCK - 4096
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


def _polar64(b, j):
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


# ---- poisson -----------------------------------------------------------------------------------

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
                n, saved, j = _polar64(b, j)
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


_CHUNK = 1 << 18  # elements drawn at a time (the per-element Python objects stay bounded)


def _chunked(fn, engine, *arrays):
    """fn(engine, *arrays) over consecutive chunks of the flattened arrays (the engine goes on
    from one to the next, as one loop over all elements), reshaped as arrays[-1]."""
    flat = [np.ravel(a) for a in arrays]
    n = flat[-1].size
    if n <= _CHUNK:
        return fn(engine, *flat).reshape(np.shape(arrays[-1]))
    parts = [fn(engine, *(f[i:i + _CHUNK] for f in flat)) for i in range(0, n, _CHUNK)]
    return np.concatenate(parts).reshape(np.shape(arrays[-1]))


def poisson(engine, rates):
    """One std::poisson_distribution<int>(rate) draw per rate (a float array), in order; the
    counts as int64."""
    return _chunked(_poisson, engine, np.asarray(rates, np.float64))


def _poisson(engine, flat):
    small = ~(flat >= 12)
    # draws: rate + 1 an element below 12, 4.5 (rate 10^6) to 5.3 (rate 12) from 12 on (2 a
    # round, a polar pair every other round)
    hint = int(np.sum(np.where(small, np.maximum(np.nan_to_num(flat), 0) + 1, 0.0)) * 1.05
               + 5.6 * np.sum(~small)) + 256
    draws = _Draws(engine, np.float64, hint)
    params = {}
    for mean in np.unique(flat).tolist():
        params[mean] = (_poisson_large, _poisson_params(mean)) if mean >= 12 else \
            (_poisson_small, libm.exp(-mean))
    nan = params.get(_NAN, (_poisson_small, _NAN))
    plans = [params[m] if m == m else nan for m in flat.tolist()]
    if small.all():  # all by the product method: one loop, no call an element
        return np.array(_product_method(draws, [plan[1] for plan in plans]), np.int64)
    out = _run(draws, _poisson_plan, plans)
    return np.array(out, np.int64)


def _product_method(draws, thresholds):
    """_poisson_small for each threshold in turn (as _run, inlined)."""
    out = []
    append = out.append
    j = 0
    limit = _BLOCK - 4096
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


# ---- binomial ----------------------------------------------------------------------------------

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


class _LogDraws(_Draws):
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
    return _chunked(_binomial, engine, np.asarray(count), np.asarray(prob))


def _binomial(engine, count, prob):
    single = prob.dtype == np.float32
    ns, ps = np.ravel(count).astype(prob.dtype), np.ravel(prob)
    # one plan per distinct (count, prob) pair
    pairs, inv = np.unique(np.stack([ns, ps], 1), axis=0, return_inverse=True)
    inv = inv.reshape(-1)
    uplans, udraws = _binomial_plans(pairs[:, 0].copy(), pairs[:, 1].copy(), single)
    plans = [uplans[i] for i in inv.tolist()]
    hint = int(np.sum(udraws[inv])) + 256
    if single and any(plan[0] is _inversion32 for plan in uplans):
        draws = _LogDraws(engine, np.float32, hint)
    else:
        draws = _Draws(engine, np.float32 if single else np.float64, hint)
    out = _run(draws, _binomial_one, plans)
    out = np.array(out, np.int64)
    return out.reshape(np.shape(prob))


# ---- standard_gamma ----------------------------------------------------------------------------

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


def _next_accepted_pair(acc):
    """na[p]: the first q of p, p + 2, p + 4, ... whose polar pair (q, q + 1) is accepted
    (past the end where none is in the window, so that indexing with it raises)."""
    big = 4 * len(acc) + 8
    idx = np.where(acc, np.arange(len(acc), dtype=np.int64), big)
    na = np.empty(len(acc), np.int64)
    for par in (0, 1):
        sub = idx[par::2]
        na[par::2] = np.minimum.accumulate(sub[::-1])[::-1]
    return na


def _polar_values(U):
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


class _GammaDraws(_Draws):
    """The float32 draws, and what sample_gamma needs of them that does not depend on alpha,
    worked out for every position at once in NumPy (float32 steps in Python cost a rounding
    each): for each q, the value nv[q] a fresh normal_distribution<float> returns from a polar
    pair at (q, q + 1) (if accepted), na[q] the first accepted pair of q, q + 2, ...,
    uu[q] = 1 - U[q + 2] (the uniform after that pair) and sq[q] whether it passes the squeeze
    test u < 1 - 0.0331 x^4."""

    def _derive(self):
        T = self._dtype
        U = np.asarray(self.buf, T)
        acc, nv = _polar_values(U)
        uu = T(1) - U[2:]
        xx = nv[:len(uu)] * nv[:len(uu)]
        self.sq = (uu < T(1) - T(_C0331) * xx * xx).tolist()
        self.na = _next_accepted_pair(acc).tolist()
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
            x, _, j = _polar64(b, j)
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
    return _chunked(_standard_gamma, engine, np.asarray(alpha))


def _standard_gamma(engine, alpha):
    single = alpha.dtype == np.float32
    flat = np.ravel(alpha)
    T = np.float32 if single else np.float64
    boost, zero, d, c = _gamma_params(flat)
    # about 3.7 draws an element (a polar pair takes 2 / (pi / 4) on average), one more boosted
    hint = int(4.0 * len(flat)) + int(np.sum(boost == boost)) + 256
    draws = _GammaDraws(engine, T, hint) if single else _Draws(engine, T, hint)
    with np.errstate(all="ignore"):  # NaN/inf concentrations run through float32 scalars
        if single:  # np.float32 scalars: the sampler's arithmetic with them is float32's
            prms = zip(boost.tolist(), zero.tolist(), list(d), list(c), c.tolist())
            xu = np.array(_run(draws, _gamma32, prms), np.float64).reshape(-1, 2)
            out = _gamma32_values(xu, boost, zero, d, c)
        else:
            prms = zip(boost.tolist(), zero.tolist(), d.tolist(), c.tolist())
            out = np.array(_run(draws, _gamma64, prms), alpha.dtype)
    tiny = np.finfo(alpha.dtype).tiny
    with np.errstate(invalid="ignore"):  # std::max(numeric_limits<T>::min(), sample): NaN too
        out = np.where(out > tiny, out, alpha.dtype.type(tiny))
    return out.reshape(alpha.shape)
