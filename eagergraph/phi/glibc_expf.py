"""expf as the GNU C library computes it (glibc >= 2.27, the table-and-polynomial algorithm of
ARM's optimized-routines), vectorised: Paddle's CPU softmax calls std::exp on float rows of
fewer than 128 values, and NumPy's own float32 exp differs from glibc's in the last bit for
about two values in five. The work is in float64 as glibc does it, then rounded once to
float32; glibc's FMA build fuses three of the float64 steps, which moves the float32 result
only when it lies within ~1e-16 (relative) of a rounding midpoint (none in 2.1 million values
checked against the C library; tests/test_float32_order.py checks 25,000)."""
import numpy as np

_h = float.fromhex

# 2^(i/32) as float64 bits, less i << 47 (so that adding k << 47 scales by 2^(k // 32))
_TAB = np.array([
    0x3ff0000000000000, 0x3fefd9b0d3158574, 0x3fefb5586cf9890f, 0x3fef9301d0125b51,
    0x3fef72b83c7d517b, 0x3fef54873168b9aa, 0x3fef387a6e756238, 0x3fef1e9df51fdee1,
    0x3fef06fe0a31b715, 0x3feef1a7373aa9cb, 0x3feedea64c123422, 0x3feece086061892d,
    0x3feebfdad5362a27, 0x3feeb42b569d4f82, 0x3feeab07dd485429, 0x3feea47eb03a5585,
    0x3feea09e667f3bcd, 0x3fee9f75e8ec5f74, 0x3feea11473eb0187, 0x3feea589994cce13,
    0x3feeace5422aa0db, 0x3feeb737b0cdc5e5, 0x3feec49182a3f090, 0x3feed503b23e255d,
    0x3feee89f995ad3ad, 0x3feeff76f2fb5e47, 0x3fef199bdd85529c, 0x3fef3720dcef9069,
    0x3fef5818dcfba487, 0x3fef7c97337b9b5f, 0x3fefa4afa2a490da, 0x3fefd0765b6e4540,
], np.uint64)
_N = 32
_INVLN2N = _h("0x1.71547652b82fep+0") * _N
_SHIFT = _h("0x1.8p+52")
_C0 = _h("0x1.c6af84b912394p-5") / _N / _N / _N
_C1 = _h("0x1.ebfce50fac4f3p-3") / _N / _N
_C2 = _h("0x1.62e42ff0c52d6p-1") / _N
_OVER = np.float32(_h("0x1.62e42ep6"))  # above: +inf
_UNDER = np.float32(-_h("0x1.9fe368p6"))  # below: +0


_CHUNK = 16384  # elements worked on at a time: the float64 temporaries stay in cache


def expf(x):
    """glibc expf of a float32 array (any values: +-inf, NaN and the out-of-range ones as the C
    library returns them)."""
    x = np.asarray(x, np.float32)
    out = np.empty(x.shape, np.float32)
    flat, res = x.reshape(-1), out.reshape(-1)
    with np.errstate(over="ignore", invalid="ignore"):
        for i in range(0, flat.size, _CHUNK):
            res[i:i + _CHUNK] = _expf64(flat[i:i + _CHUNK])
    big = ~(np.abs(x) < np.float32(88.0))  # glibc's special-case branch (and NaN)
    if big.any():
        xb = x[big]
        ob = np.where(xb > _OVER, np.float32(np.inf), np.where(xb < _UNDER, np.float32(0),
                                                                out[big]))
        nan = np.isnan(xb)
        ob[nan] = xb[nan]
        out[big] = ob
    return out


def expf_moderate(x):
    """expf of a float32 array whose values all lie within +-64 (or are NaN, which gives NaN):
    the softmax's shifted rows, clipped at -64. The float64 steps and one rounding, without
    expf's pass over the out-of-range values (none can be here): fewer NumPy calls, which is
    what a small softmax costs."""
    if x.size <= _CHUNK:
        with np.errstate(invalid="ignore"):
            return _expf64(x).astype(np.float32)
    return expf(x)


def _expf64(x):
    """glibc's steps over float32 x in float64, in place on four temporaries: the result before
    its rounding to float32 (finite x below 88 in magnitude; the rest is fixed by expf)."""
    z = np.multiply(x, _INVLN2N, dtype=np.float64)  # x N / ln 2 = k + r, |r| <= 1/2
    kd = z + _SHIFT  # rounded to an integer k (ties to even), held in the low bits
    tmp = kd - _SHIFT
    r = np.subtract(z, tmp, out=z)
    ki = kd.view(np.uint64)
    idx = np.bitwise_and(ki, np.uint64(_N - 1), out=tmp.view(np.uint64))
    sbits = np.take(_TAB, idx)  # 2^(k/N): the table entry, its exponent raised by k // N
    sbits += np.left_shift(ki, np.uint64(52 - 5), out=ki)
    p = np.multiply(r, _C0, out=tmp)  # s (C0 r^3 + C1 r^2 + C2 r + 1)
    p += _C1
    r2 = np.multiply(r, r, out=kd)
    y = np.multiply(r, _C2, out=r)
    y += 1.0
    p *= r2
    y += p
    y *= sbits.view(np.float64)
    return y
