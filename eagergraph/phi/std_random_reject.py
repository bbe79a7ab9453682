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
float versions (eagergraph.phi.libm). Where Paddle's kernel would loop forever (a NaN or
negative gamma concentration whose boosted value is not above 1/3) the element is NaN."""
import math

import numpy as np

from . import libm
from .std_random import canonical_from_bits

__all__ = ["poisson", "binomial", "standard_gamma"]

_f32 = libm.f32
_INF = float("inf")
_NAN = float("nan")


class _Draws:
    """generate_canonical draws of `dtype` from an engine, one at a time: taken in blocks from
    a copy of the engine; commit() moves the engine past exactly the draws used."""

    def __init__(self, engine, dtype, hint=64):
        self._engine = engine
        self._src = engine.copy()
        self._dtype = dtype
        self._buf = []
        self._i = 0
        self._used = 0
        self._block = int(min(max(hint, 64), 1 << 20))

    def __call__(self):
        i = self._i
        if i == len(self._buf):
            self._used += len(self._buf)
            self._buf = canonical_from_bits(self._src.take(self._block), self._dtype).tolist()
            self._block = min(2 * self._block, 1 << 20)
            i = 0
        self._i = i + 1
        return self._buf[i]

    def commit(self):
        self._engine.advance(self._used + self._i)


# ---- std::normal_distribution (Marsaglia's polar method) -------------------------------------

def _polar64(u):
    """One polar pair of normal_distribution<double>: (returned value, saved value)."""
    while True:
        x = 2.0 * u() - 1.0
        y = 2.0 * u() - 1.0
        r2 = x * x + y * y
        if r2 <= 1.0 and r2 != 0.0:
            break
    m = math.sqrt(-2.0 * math.log(r2) / r2)
    return y * m, x * m


def _polar32_first(u):
    """The value a fresh normal_distribution<float> returns (the first of its pair)."""
    while True:
        x = _f32(2.0 * u() - 1.0)
        y = _f32(2.0 * u() - 1.0)
        r2 = _f32(_f32(x * x) + _f32(y * y))
        if r2 <= 1.0 and r2 != 0.0:
            break
    m = _f32(math.sqrt(_f32(_f32(-2.0 * libm.logf(r2)) / r2)))
    return _f32(y * m)


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


def _poisson_large(u, prm):
    m, lm_thr, lfm, sm, d, scx, c1x, c1, c2, c3, c4, c5, c, c2x2 = prm
    saved = None  # the distribution's normal_distribution<double> and its saved value
    while True:
        uu = c * u()
        e = -libm.log(1.0 - u())
        w = 0.0
        if uu <= c2:
            if saved is None:
                n, saved = _polar64(u)
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
            v = -libm.log(1.0 - u())
            y = d + v * c2x2 / d
            x = math.ceil(y)
            w = -d * c1x * (1 + y / 2)
        if w - e - x * lm_thr > lfm - libm.lgamma(x + m + 1) or x + m >= _INT_THR:
            continue
        return int(x + m + _NAF)


def poisson(engine, rates):
    """One std::poisson_distribution<int>(rate) draw per rate (a float array), in order; the
    counts as int64."""
    flat = np.asarray(rates, np.float64).ravel()
    out = np.empty(flat.size, np.int64)
    small = flat < 12
    hint = int(np.sum(np.where(small, flat, 3.0), dtype=np.float64)) + flat.size + 64 \
        if flat.size else 0
    u = _Draws(engine, np.float64, hint)
    params = {}
    for i, mean in enumerate(flat.tolist()):
        if mean >= 12:
            prm = params.get(mean)
            if prm is None:
                prm = params[mean] = _poisson_params(mean)
            out[i] = _poisson_large(u, prm)
            continue
        t = libm.exp(-mean)
        x = 0
        prod = u()
        while prod > t:
            prod *= u()
            x += 1
        out[i] = x
    u.commit()
    return out.reshape(np.shape(rates))


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


def _ceil(x):  # std::ceil on a float (inf and NaN stay)
    return float(math.ceil(x)) if math.isfinite(x) else x


def _ident(x):
    return x


def _btrs(u, n, p, single):
    """btrs<T>(n, p) (T float when single: every T result rounded to float32)."""
    rt = _f32 if single else _ident
    lg = libm.logf if single else libm.log
    stddev = rt(math.sqrt(rt(rt(n * p) * rt(1 - p))))
    b = rt(1.15 + 2.53 * stddev)
    a = rt(-0.0873 + 0.0248 * b + 0.01 * p)
    c = rt(rt(n * p) + 0.5)
    v_r = rt(0.92 - 4.2 / b)
    r = rt(p / rt(1 - p))
    alpha = rt((2.83 + 5.1 / b) * stddev)
    m = float(math.floor(rt(rt(n + 1) * p)))
    while True:
        uu = rt(u() - 0.5)
        v = u()
        us = rt(0.5 - abs(uu))
        k = _INT64_MIN  # the x86 conversion of a value out of range (rejected below)
        if us != 0:
            t = rt(rt(rt(rt(2 * a) / us) + b) * uu)
            t = rt(t + c)
            if -2.0 ** 63 <= t < 2.0 ** 63:
                k = math.floor(t)
        if k < 0 or rt(float(k)) > n:
            continue
        if us >= 0.07 and v <= v_r:
            return k
        v = lg(rt(rt(v * alpha) / rt(rt(a / rt(us * us)) + b)))
        nk1 = rt(rt(n - rt(float(k))) + 1)
        t1 = (m + 0.5) * lg(rt(rt(m + 1) / rt(r * rt(rt(n - m) + 1))))
        t2 = rt(rt(n + 1) * lg(rt(rt(rt(n - m) + 1) / nk1)))
        t3 = (k + 0.5) * lg(rt(rt(r * nk1) / rt(float(k + 1))))
        upper = rt(t1 + t2 + t3 + _tail(int(m), rt) + _tail(int(rt(n - m)), rt)
                   - _tail(k, rt) - _tail(int(rt(n - rt(float(k)))), rt))
        if v <= upper:
            return k


def _inversion(u, n, p, single):
    rt = _f32 if single else _ident
    lg = libm.logf if single else libm.log
    logprob = libm.log1pf(-p) if single else libm.log1p(-p)
    geom_sum = 0.0
    num = 0
    while True:
        g = _ceil(rt(lg(u()) / logprob))
        geom_sum = rt(geom_sum + g)
        if geom_sum > n:
            return num
        num += 1


def binomial(engine, count, prob):
    """BinomialFunctor<T>(count, prob) per element (T the arrays' dtype), as int64."""
    single = prob.dtype == np.float32
    ns, ps = np.ravel(count).tolist(), np.ravel(prob).tolist()
    out = np.empty(len(ns), np.int64)
    u = _Draws(engine, np.float32 if single else np.float64, 4 * len(ns) + 64)
    rt = _f32 if single else _ident
    for i, (n, p) in enumerate(zip(ns, ps)):
        if n <= 0 or p <= 0:
            out[i] = 0
        elif p >= 1:
            out[i] = int(n)
        elif p <= 0.5:
            out[i] = _btrs(u, n, p, single) if rt(n * p) >= 10 else _inversion(u, n, p, single)
        else:
            q = rt(1.0 - p)
            out[i] = int(n) - (_btrs(u, n, q, single) if rt(n * q) >= 10
                               else _inversion(u, n, q, single))
    u.commit()
    return out.reshape(np.shape(prob))


# ---- standard_gamma ----------------------------------------------------------------------------

_THIRD_F = float(np.float32(1.0) / np.float32(3.0))  # 1.0f / 3.0f, in double arithmetic too
_C0331 = float(np.float32(0.0331))


def _gamma64(u, alpha):
    scale = 1.0
    if alpha < 1.0:
        if alpha == 0:
            return 0.0
        scale *= libm.pow(1 - u(), 1.0 / alpha)
        alpha += 1.0
    d = alpha - _THIRD_F
    if not d > 0:
        return _NAN  # Paddle's loop never ends
    c = 1.0 / math.sqrt(9.0 * d)
    while True:
        while True:
            x = _polar64(u)[0]
            y = 1.0 + c * x
            if not y <= 0:
                break
        v = y * y * y
        uu = 1 - u()
        xx = x * x
        if uu < 1.0 - _C0331 * xx * xx:
            return scale * d * v
        if libm.log(uu) < 0.5 * xx + d * (1.0 - v + libm.log(v)):
            return scale * d * v


def _gamma32(u, alpha):
    scale = 1.0
    if alpha < 1.0:
        if alpha == 0:
            return 0.0
        scale = libm.powf(_f32(1 - u()), _f32(1.0 / alpha))
        alpha = _f32(alpha + 1.0)
    d = _f32(alpha - _THIRD_F)
    if not d > 0:
        return _NAN
    c = _f32(1.0 / _f32(math.sqrt(_f32(9.0 * d))))
    while True:
        while True:
            x = _polar32_first(u)
            y = _f32(1.0 + _f32(c * x))
            if not y <= 0:
                break
        v = _f32(_f32(y * y) * y)
        uu = _f32(1 - u())
        xx = _f32(x * x)
        if uu < _f32(1.0 - _f32(_f32(_C0331 * xx) * xx)):
            return _f32(_f32(scale * d) * v)
        if libm.logf(uu) < _f32(_f32(0.5 * xx) + _f32(d * _f32(_f32(1.0 - v) +
                                                                libm.logf(v)))):
            return _f32(_f32(scale * d) * v)


def standard_gamma(engine, alpha):
    """GammaCPUFunctor over alpha (float32 or float64 array), in order."""
    single = alpha.dtype == np.float32
    flat = np.ravel(alpha).tolist()
    u = _Draws(engine, np.float32 if single else np.float64, 4 * len(flat) + 64)
    one = _gamma32 if single else _gamma64
    out = np.array([one(u, a) for a in flat], alpha.dtype)
    u.commit()
    tiny = np.finfo(alpha.dtype).tiny
    out[out < tiny] = tiny  # std::max(numeric_limits<T>::min(), sample) (NaN stays NaN here)
    return out.reshape(alpha.shape)
