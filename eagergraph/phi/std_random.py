"""The C++ standard library's random distributions as libstdc++ implements them, drawing from an
MT19937_64 engine and vectorised over the whole draw: what Paddle's CPU kernels produce, value
for value.

- generate_canonical<float|double> (uniform_real_distribution's source): one 64-bit output x
  gives float(x) * 2^-64 in the result type (1.0 becomes the float just below it);
- uniform_real_distribution<T>(a, b): canonical * (b - a) + a, in T;
- normal_distribution<T>: Marsaglia's polar method on pairs of canonicals (x, y) = 2u - 1,
  rejecting r2 = x^2 + y^2 outside (0, 1]; it returns y * m and then the cached x * m, with
  m = sqrt(-2 log(r2) / r2) (glibc's logf and log); a fresh distribution per kernel call,
  so an odd count drops the cached value;
- uniform_int_distribution<T>(a, b) with a 64-bit engine: Lemire's multiply-and-reject
  (libstdc++ >= 11): the 128-bit product x * (b - a + 1), rejected while its low word is below
  2^64 mod (b - a + 1), its high word the value.

Rejection draws are resolved without a Python loop per value: a batch of outputs is peeked, the
accepted ones kept, and the engine advanced past exactly what was consumed."""
import math

import numpy as np

from .glibc_logf import logf

_P64_F32 = np.float32(2.0 ** -64)
_BELOW_ONE_F32 = np.nextafter(np.float32(1), np.float32(0))
_BELOW_ONE_F64 = np.nextafter(1.0, 0.0)
_M32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)


def canonical_from_bits(x, dtype):
    """generate_canonical<dtype, digits> of 64-bit engine outputs x."""
    if np.dtype(dtype) == np.float32:
        u = x.astype(np.float32)
        u *= _P64_F32
        u[u >= 1] = _BELOW_ONE_F32
    else:
        u = x.astype(np.float64)
        u *= 2.0 ** -64
        u[u >= 1] = _BELOW_ONE_F64
    return u


def canonical(engine, n, dtype):
    return canonical_from_bits(engine.take(n), dtype)


def uniform_real(engine, n, a, b, dtype):
    """n draws of std::uniform_real_distribution<dtype>(a, b) (a, b already in dtype)."""
    dtype = np.dtype(dtype).type
    u = canonical(engine, n, dtype)
    u *= dtype(b) - dtype(a)
    u += dtype(a)
    return u


_LIBM_LOG = np.frompyfunc(math.log, 1, 1)  # CPython's math.log is the C library's log()


def std_log(r2):
    """std::log of float (glibc logf) or double values (glibc log, within 0.52 ulp: the
    extended-precision log rounded to double is its value except near a rounding midpoint,
    where the C library's own log is asked, for the few values there)."""
    if r2.dtype == np.float32:
        return logf(r2)
    ld = np.log(r2.astype(np.longdouble))
    out = ld.astype(np.float64)
    with np.errstate(invalid="ignore"):
        ulp = np.spacing(np.abs(out)).astype(np.longdouble)
        frac = np.abs((ld - out.astype(np.longdouble)) / ulp)
        near = np.flatnonzero(~(np.abs(frac - 0.5) > 0.05) & np.isfinite(out) & (r2 > 0))
    if len(near):
        out[near] = _LIBM_LOG(r2[near]).astype(np.float64)
    return out


def normal(engine, n, mean, std, dtype):
    """n draws of one std::normal_distribution<dtype>(mean, std) (mean, std in dtype)."""
    dtype = np.dtype(dtype).type
    pairs = (n + 1) // 2
    if pairs == 0:
        return np.empty(0, dtype)
    want = int(pairs * 1.28) + 8
    while True:
        u = canonical_from_bits(engine.peek(2 * want), dtype)
        x = u[0::2] * dtype(2)
        x -= dtype(1)
        y = u[1::2] * dtype(2)
        y -= dtype(1)
        r2 = x * x
        r2 += y * y
        ok = np.flatnonzero((r2 <= 1) & (r2 != 0))
        if len(ok) >= pairs:
            break
        want = 2 * want
    ok = ok[:pairs]
    engine.advance(2 * (int(ok[-1]) + 1))
    x, y, r2 = x[ok], y[ok], r2[ok]
    mult = np.sqrt(dtype(-2) * std_log(r2) / r2)
    out = np.empty(2 * pairs, dtype)
    out[0::2] = y * mult
    out[1::2] = x * mult
    out = out[:n]
    out *= dtype(std)
    out += dtype(mean)
    return out


def _mul_hi_lo(x, r):
    """(high, low) 64-bit words of the 128-bit products x * r (uint64 arrays / scalar)."""
    r = np.asarray(r, np.uint64)
    x_lo, x_hi = x & _M32, x >> _S32
    r_lo, r_hi = r & _M32, r >> _S32
    ll = x_lo * r_lo
    lh = x_lo * r_hi
    hl = x_hi * r_lo
    hh = x_hi * r_hi
    mid = (ll >> _S32) + (lh & _M32) + (hl & _M32)
    low = (ll & _M32) | ((mid & _M32) << _S32)
    high = hh + (lh >> _S32) + (hl >> _S32) + (mid >> _S32)
    return high, low


def uniform_int(engine, n, a, b):
    """n draws of std::uniform_int_distribution(a, b) as int64 (a <= b, b - a < 2^63)."""
    span = b - a + 1  # uerange
    if span >= 1 << 64 or span <= 0:
        raise ValueError("uniform_int: the range does not fit the engine")
    if span == 1 << 64:
        return (engine.take(n).astype(np.int64) + a)
    threshold = np.uint64(((1 << 64) - span) % span)
    want = n + 8
    while True:
        x = engine.peek(want)
        high, low = _mul_hi_lo(x, span)
        ok = np.flatnonzero(low >= threshold)
        if len(ok) >= n:
            break
        want *= 2
    ok = ok[:n]
    engine.advance(int(ok[-1]) + 1 if n else 0)
    return high[ok].astype(np.int64) + np.int64(a)


def _uniform_ints_per_draw(engine, spans):
    """One draw of uniform_int_distribution(0, span - 1) per element of spans (uint64, each
    >= 1), in order: a rejected draw is retried for the same span."""
    out = np.empty(len(spans), np.uint64)
    done = 0
    while done < len(spans):
        rest = spans[done:]
        x = engine.peek(len(rest))
        high, low = _mul_hi_lo(x, rest)
        bad = np.flatnonzero(low < (np.uint64(0) - rest) % rest)
        good = len(rest) if len(bad) == 0 else int(bad[0])
        out[done:done + good] = high[:good]
        engine.advance(good + (good < len(rest)))  # a rejected draw is consumed too
        done += good
    return out


def shuffle(engine, values):
    """std::shuffle(values.begin(), values.end(), engine) in place (libstdc++ >= 9: two swap
    positions from one draw while the range allows)."""
    n = len(values)
    if n < 2:
        return values
    if n >= 1 << 32:
        raise ValueError("shuffle: too many elements")
    lst = values.tolist()
    i = 1
    if n % 2 == 0:
        j = int(_uniform_ints_per_draw(engine, np.array([2], np.uint64))[0])
        lst[1], lst[j] = lst[j], lst[1]
        i = 2
    b0 = np.arange(i + 1, n + 1, 2, dtype=np.uint64)  # swap range of element i, i + 2, ...
    draws = _uniform_ints_per_draw(engine, b0 * (b0 + np.uint64(1)))
    first = (draws // (b0 + np.uint64(1))).tolist()
    second = (draws % (b0 + np.uint64(1))).tolist()
    for a, b in zip(first, second):
        lst[i], lst[a] = lst[a], lst[i]
        lst[i + 1], lst[b] = lst[b], lst[i + 1]
        i += 2
    values[:] = lst
    return values


# ---- truncated normal (Paddle phi/kernels/funcs/truncated_normal.h) -------------------------

_ERFINV = {
    "A": (1.1975323115670912564578e0, 4.7072688112383978012285e1, 6.9706266534389598238465e2,
          4.8548868893843886794648e3, 1.6235862515167575384252e4, 2.3782041382114385731252e4,
          1.1819493347062294404278e4, 8.8709406962545514830200e2),
    "B": (1.0, 4.2313330701600911252e1, 6.8718700749205790830e2, 5.3941960214247511077e3,
          2.1213794301586595867e4, 3.9307895800092710610e4, 2.8729085735721942674e4,
          5.2264952788528545610e3),
    "C": (1.42343711074968357734e0, 4.63033784615654529590e0, 5.76949722146069140550e0,
          3.64784832476320460504e0, 1.27045825245236838258e0, 2.41780725177450611770e-1,
          2.27238449892691845833e-2, 7.74545014278341407640e-4),
    "D": (1.4142135623730950488016887e0, 2.9036514445419946173133295e0,
          2.3707661626024532365971225e0, 9.7547832001787427186894837e-1,
          2.0945065210512749128288442e-1, 2.1494160384252876777097297e-2,
          7.7441459065157709165577218e-4, 1.4859850019840355905497876e-9),
    "E": (6.65790464350110377720e0, 5.46378491116411436990e0, 1.78482653991729133580e0,
          2.96560571828504891230e-1, 2.65321895265761230930e-2, 1.24266094738807843860e-3,
          2.71155556874348757815e-5, 2.01033439929228813265e-7),
    "F": (1.414213562373095048801689e0, 8.482908416595164588112026e-1,
          1.936480946950659106176712e-1, 2.103693768272068968719679e-2,
          1.112800997078859844711555e-3, 2.611088405080593625138020e-5,
          2.010321207683943062279931e-7, 2.891024605872965461538222e-15),
}


def _horner(coeffs, r, dtype):
    c = [dtype(v) for v in coeffs]
    acc = c[7] * r + c[6]
    for k in range(5, -1, -1):
        acc = acc * r + c[k]
    return acc


def erfinv(x, dtype):
    """Paddle's Erfinv<T> (Giles' rational approximations), in T arithmetic where the C++ is
    and double where it mixes in double literals."""
    x = np.asarray(x, dtype)
    out = np.empty_like(x)
    ax = np.abs(x)
    central = ax <= 0.85
    xc = x[central]
    r = (0.180625 - 0.25 * xc.astype(np.float64) * xc.astype(np.float64)).astype(dtype)
    out[central] = xc * _horner(_ERFINV["A"], r, dtype) / _horner(_ERFINV["B"], r, dtype)
    tail = ~central
    xt = x[tail]
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.sqrt(np.float64(dtype(0.6931471805599453094172321214581))
                    - std_log(1.0 - np.abs(xt).astype(np.float64))).astype(dtype)
    small = r <= 5.0
    num = np.empty_like(r)
    den = np.empty_like(r)
    rs = (r[small].astype(np.float64) - 1.6).astype(dtype)
    num[small], den[small] = _horner(_ERFINV["C"], rs, dtype), _horner(_ERFINV["D"], rs, dtype)
    rb = (r[~small].astype(np.float64) - 5.0).astype(dtype)
    num[~small], den[~small] = _horner(_ERFINV["E"], rb, dtype), _horner(_ERFINV["F"], rb, dtype)
    with np.errstate(divide="ignore", invalid="ignore"):
        res = num / den
    out[tail] = np.where(xt < 0, -res, res)
    out[x == 1] = np.inf
    out[x == -1] = -np.inf
    out[(x < -1) | (x > 1)] = np.nan
    return out


def truncated_normal(engine, n, mean, std, a, b, dtype):
    """n draws of Paddle's TruncatedNormal<dtype>(mean, std, a, b) (inverse CDF of
    uniform_real_distribution<dtype>(FLT_MIN, 1) draws, clamped to [a, b])."""
    dtype = np.dtype(dtype).type
    # Paddle's op takes the four as float attributes
    mean, std, a, b = (dtype(np.float32(v)) for v in (mean, std, a, b))

    def cdf(v):
        return dtype((1.0 + math.erf(float(v) / math.sqrt(2.0))) / 2.0)

    a_cdf, b_cdf = cdf((a - mean) / std), cdf((b - mean) / std)
    u = uniform_real(engine, n, dtype(np.finfo(np.float32).tiny), dtype(1.0), dtype)
    p = a_cdf + (b_cdf - a_cdf) * u
    z = erfinv(dtype(2) * p - dtype(1), dtype).astype(np.float64)
    ret = (math.sqrt(2.0) * z * np.float64(std) + np.float64(mean)).astype(dtype)
    return np.clip(ret, a, b)
