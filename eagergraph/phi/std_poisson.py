"""std::poisson_distribution<int> as libstdc++ draws it, one element after the other: Paddle
3.3.1's CPU poisson kernel (eagergraph.phi.std_random_reject says how)."""
import math

import numpy as np

from . import libm
from . import std_draws
from .std_draws import Draws, run, chunked, polar64

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


def _poisson(engine, flat):
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
