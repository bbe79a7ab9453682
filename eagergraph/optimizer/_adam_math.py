"""The float32 Adam / AdamW element update in the operation order of Paddle's CPU kernels.

Where the CPU has AVX-512F, Paddle 3.3.1 runs its generated (JIT) adam / adamw kernels
(phi/kernels/funcs/jit/gen/adam.cc, adamw.cc), which fuse three multiply-adds:

    m1 = fma(b1, m1, (1 - b1) * g)
    m2 = fma(b2, m2, (1 - b2) * (g * g))
    p  = fma(m1 / (sqrt(m2) + eps_t), -lr_t, p)            (AdamW first: p = fma(-c, p, p))

A fused multiply-add rounds once; here the product of two float32 values is exact in float64,
so the sum is formed in float64 and rounded to float32 (it can differ from the one rounding
only where the float64 sum lands exactly on a float32 tie, about once in 10^8). Elsewhere
Paddle runs its reference kernel (phi/kernels/funcs/jit/refer/refer.h), plain float32 in the
order m1 = b1 * m1 + (1 - b1) * g, m2 = b2 * m2 + ((1 - b2) * g) * g,
p = p + (-lr_t) * (m1 / (sqrt(m2) + eps_t)).
"""
import numpy as np

from ..phi.cpu_features import has_avx512f

_F64 = np.float64


def _fma_into(out, a, b, c):
    """out = float32(a * b + c), a a float32 scalar, b and c float32 arrays (out may be b)."""
    s = np.multiply(b, _F64(a), dtype=_F64)
    s += c
    out[...] = s


def adam_f32(p, m1, m2, g, b1, b2, lr_t, eps_t, mx=None, decay=None):
    """Update float32 arrays p, m1, m2 (and mx, amsgrad's running max of m2) in place; decay:
    AdamW's float32 coefficient c (lr * lr_ratio * coeff), applied first as p - c * p."""
    one = np.float32(1)
    if not has_avx512f():
        if decay is not None:
            p *= one - decay
        m1 *= b1
        m1 += (one - b1) * g
        m2 *= b2
        m2 += ((one - b2) * g) * g
        den = m2
        if mx is not None:
            np.maximum(mx, m2, out=mx)
            den = mx
        step = m1 / (np.sqrt(den) + eps_t)
        step *= -lr_t
        p += step
        return
    if decay is not None:
        _fma_into(p, -decay, p, p)
    _fma_into(m1, b1, m1, (one - b1) * g)
    t = np.multiply(g, g)
    t *= one - b2
    _fma_into(m2, b2, m2, t)
    den = m2
    if mx is not None:
        np.maximum(mx, m2, out=mx)
        den = mx
    np.sqrt(den, out=t)
    t += eps_t
    np.divide(m1, t, out=t)
    _fma_into(p, -lr_t, t, p)
