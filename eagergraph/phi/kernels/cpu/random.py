"""Random kernels: uniform, gaussian, randint, randperm (Paddle phi/kernels/cpu/
{uniform,gaussian,randint,randperm}_kernel.cc), drawing exactly as Paddle's CPU kernels do.

They draw from the CPU generator's std::mt19937_64 engine (eagergraph.phi.generator), which
paddle.seed re-seeds, through libstdc++'s distributions (eagergraph.phi.std_random); a nonzero
`seed` attribute (uniform, gaussian) draws from a fresh engine seeded with it, so the same call
repeats its values. The kernels take min/max and mean/std as float32, as Paddle's do (for a
float64 output too). float16/bfloat16 reach the float32 kernels through the registry's
fallback: drawn in float32 and rounded to the output type, as Paddle does. Complex outputs
(gaussian only in Paddle) draw interleaved real and imaginary parts, each N(mean, std^2 / 2).
poisson, standard_gamma and binomial loop over the elements as Paddle's kernels do
(eagergraph.phi.std_random_reject). All are checked value for value against Paddle 3.3.1
(tests/test_random_streams.py)."""
import math

import numpy as np

from ... import common
from ...generator import kernel_engine
from ... import std_random, std_random_reject
from ...kernel_registry import register_kernel
from ..dtype_groups import FLOAT_COMPLEX, INT_32_64

# the real dtype values are drawn in (half types are drawn in float32)
_DRAW_DTYPE = {common.float64.np_dtype: np.float64, common.complex128.np_dtype: np.float64}


def _numel(shape):
    return int(np.prod(shape, dtype=np.int64)) if len(shape) else 1


@register_kernel("uniform", FLOAT_COMPLEX)
def uniform(shape, dtype, min, max, seed):
    draw = _DRAW_DTYPE.get(dtype.np_dtype, np.float32)
    shape = tuple(shape) + ((2,) if dtype.is_complex else ())
    lo, hi = draw(np.float32(min)), draw(np.float32(max))
    out = std_random.uniform_real(kernel_engine(seed), _numel(shape), lo, hi, draw)
    out = out.reshape(shape)
    if dtype.is_complex:
        return out.view(dtype.np_dtype)[..., 0]
    return out


@register_kernel("gaussian", FLOAT_COMPLEX)
def gaussian(shape, mean, std, seed, dtype):
    draw = _DRAW_DTYPE.get(dtype.np_dtype, np.float32)
    shape = tuple(shape)
    if dtype.is_complex:
        # complex normal: real and imaginary parts each N(mean, std^2 / 2)
        out = std_random.normal(kernel_engine(seed), 2 * _numel(shape), draw(np.float32(mean)),
                                draw(np.float32(std) / np.float32(math.sqrt(2.0))), draw)
        return out.reshape(shape + (2,)).view(dtype.np_dtype)[..., 0]
    out = std_random.normal(kernel_engine(seed), _numel(shape), draw(np.float32(mean)),
                            draw(np.float32(std)), draw)
    return out.reshape(shape)


@register_kernel("randint", INT_32_64)
def randint(low, high, shape, dtype):
    out = std_random.uniform_int(kernel_engine(), _numel(shape), int(low), int(high) - 1)
    return out.astype(dtype.np_dtype).reshape(tuple(shape))


@register_kernel("randperm", INT_32_64 + (common.float32, common.float64))
def randperm(n, dtype):
    # std::shuffle of 0..n-1 (int64 positions whatever the output dtype)
    return std_random.shuffle(kernel_engine(), np.arange(n, dtype=np.int64)).astype(
        dtype.np_dtype, copy=False)


# ---- draws shaped like an input tensor (bernoulli, poisson, multinomial, binomial,
# standard_gamma, exponential)

def _check_probability(p):
    if p.size and not (np.all(p >= 0) and np.all(p <= 1)):
        bad = p[~((p >= 0) & (p <= 1))].flat[0]
        if bad > 1:
            raise IndexError(f"(OutOfRange) The probability should be <= 1, but got {bad:f}")
        raise IndexError(f"(OutOfRange) The probability should be >= 0, but got {bad:f}")


@register_kernel("bernoulli", (common.float32, common.float64))
def bernoulli(x):
    _check_probability(x)
    draw = np.float64 if x.dtype == np.float64 else np.float32
    u = std_random.uniform_real(kernel_engine(), x.size, draw(0), draw(1), draw)
    return np.asarray(u.reshape(x.shape) < x, x.dtype)


@register_kernel("poisson", (common.float32, common.float64))
def poisson(x):
    return std_random_reject.poisson(kernel_engine(), x).astype(x.dtype)


@register_kernel("standard_gamma", (common.float32, common.float64))
def standard_gamma(x):
    return std_random_reject.standard_gamma(kernel_engine(), np.asarray(x))


@register_kernel("exponential", (common.float32, common.float64))
def exponential(x, lam):
    # Paddle's CPU transform of uniform_real_distribution<T>(0, 1) draws: -1/lam * log(1 - u)
    draw = np.float64 if x.dtype == np.float64 else np.float32
    u = std_random.uniform_real(kernel_engine(), x.size, draw(0), draw(1), draw)
    out = (draw(-1.0) / draw(lam)) * std_random.std_log(draw(1.0) - u)
    return np.asarray(out.reshape(x.shape), x.dtype)


@register_kernel("binomial", (common.float32, common.float64))
def binomial(count, prob):
    _check_probability(prob)
    if np.any(count < 0):
        raise ValueError("(InvalidArgument) binomial(): count must be >= 0.")
    return std_random_reject.binomial(kernel_engine(), count.astype(prob.dtype), prob)


@register_kernel("multinomial", (common.float32, common.float64))
def multinomial(x, num_samples, replacement):
    w = x.reshape(-1, x.shape[-1]).astype(np.float64)
    if w.size and w.min() < 0:
        raise ValueError(f"(InvalidArgument) The input of multinomial distribution should be "
                         f">= 0, but got {w[w < 0].flat[0]:f}.")
    sums = w.sum(axis=1)
    if np.any(~(sums > 0)):
        raise ValueError(f"(InvalidArgument) The sum of one multinomial distribution "
                         f"probability should be > 0, but got {sums[~(sums > 0)][0]:f}.")
    # Paddle's functor: per row, the float cumulative sum normalised by the total (its last
    # entry set to 1), one uniform draw of the input's dtype per sample, the first category
    # whose cumulative probability is >= the draw; without replacement the chosen category's
    # mass is taken out and the rest renormalised before the next sample
    draw = np.float64 if x.dtype == np.float64 else np.float32
    p = x.reshape(-1, x.shape[-1]).astype(draw)
    rows, cats = p.shape
    if not replacement and np.any((p > 0).sum(axis=1) < num_samples):
        raise ValueError("(InvalidArgument) When replacement is False, number of samples "
                         "should be less than non-zero categories.")
    u = std_random.uniform_real(kernel_engine(), rows * num_samples, draw(0), draw(1), draw)
    u = u.reshape(rows, num_samples)
    cum = np.cumsum(p, axis=1, dtype=draw)
    cum /= cum[:, -1:]
    cum[:, -1] = 1
    out = np.empty((rows, num_samples), np.int64)
    if replacement:
        for i in range(rows):
            out[i] = np.searchsorted(cum[i], u[i], side="left")
    else:
        for i in range(rows):
            c = cum[i]
            for s in range(num_samples):
                c[-1] = 1
                k = int(np.searchsorted(c, u[i, s], side="left"))
                out[i, s] = k
                if s < num_samples - 1:
                    prev = c[k - 1] if k else draw(0)
                    mass = c[k] - prev
                    c[k:] -= mass
                    c /= draw(1.0) - mass
    return out.reshape(x.shape[:-1] + (num_samples,))
