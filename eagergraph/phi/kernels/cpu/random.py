"""Random kernels: uniform, gaussian, randint, randperm (Paddle phi/kernels/cpu/
{uniform,gaussian,randint,randperm}_kernel.cc).

They draw from the global generator, eagergraph.phi.generator.get_generator(), which paddle.seed
re-seeds; `seed != 0` (uniform, gaussian) draws from a fresh generator seeded with it, so the
same call repeats its values, as in Paddle. float16/bfloat16 reach the float32 kernels through
the registry's fallback: values are drawn in float32 and rounded to the output type. Complex
outputs draw the real and imaginary parts independently."""
import numpy as np

from ... import common
from ...generator import get_generator
from ...kernel_registry import register_kernel
from ..dtype_groups import FLOAT_COMPLEX, INT_32_64

_SQRT1_2 = float(np.sqrt(0.5))
# the real dtype values are drawn in (half types are drawn in float32)
_DRAW_DTYPE = {common.float64.np_dtype: np.float64, common.complex128.np_dtype: np.float64}


def _generator(seed):
    return np.random.default_rng(seed) if seed else get_generator()


@register_kernel("uniform", FLOAT_COMPLEX)
def uniform(shape, dtype, min, max, seed):
    rng = _generator(seed)
    draw = _DRAW_DTYPE.get(dtype.np_dtype, np.float32)
    if dtype.is_complex:
        shape = tuple(shape) + (2,)
    out = rng.random(shape, dtype=draw)
    out *= max - min
    out += min
    if dtype.is_complex:
        return out.view(dtype.np_dtype)[..., 0]
    return out


@register_kernel("gaussian", FLOAT_COMPLEX)
def gaussian(shape, mean, std, seed, dtype):
    rng = _generator(seed)
    draw = _DRAW_DTYPE.get(dtype.np_dtype, np.float32)
    if dtype.is_complex:
        # complex normal: real and imaginary parts each N(mean, std^2 / 2)
        out = rng.standard_normal(tuple(shape) + (2,), dtype=draw)
        out *= std * _SQRT1_2
        out += mean
        return out.view(dtype.np_dtype)[..., 0]
    out = rng.standard_normal(shape, dtype=draw)
    out *= std
    out += mean
    return out


@register_kernel("randint", INT_32_64)
def randint(low, high, shape, dtype):
    return get_generator().integers(low, high, shape, dtype=dtype.np_dtype)


@register_kernel("randperm", INT_32_64 + (common.float32, common.float64))
def randperm(n, dtype):
    return get_generator().permutation(n).astype(dtype.np_dtype, copy=False)


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
    return np.asarray(get_generator().random(x.shape) < x, x.dtype)


@register_kernel("poisson", (common.float32, common.float64))
def poisson(x):
    return np.asarray(get_generator().poisson(x), x.dtype)


@register_kernel("standard_gamma", (common.float32, common.float64))
def standard_gamma(x):
    return np.asarray(get_generator().standard_gamma(x), x.dtype)


@register_kernel("exponential", (common.float32, common.float64))
def exponential(x, lam):
    return np.asarray(get_generator().exponential(1.0 / lam, x.shape), x.dtype)


@register_kernel("binomial", (common.float32, common.float64))
def binomial(count, prob):
    _check_probability(prob)
    if np.any(count < 0):
        raise ValueError("(InvalidArgument) binomial(): count must be >= 0.")
    return np.asarray(get_generator().binomial(count.astype(np.int64), prob), np.int64)


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
    rng = get_generator()
    if replacement:
        # inverse CDF, all rows in one searchsorted: row r's CDF is shifted to [2r, 2r + 1]
        rows, cats = w.shape
        shift = 2.0 * np.arange(rows)[:, None]
        cdf = np.cumsum(w, axis=1) / sums[:, None] + shift
        u = rng.random((rows, num_samples)) + shift
        out = np.searchsorted(cdf.reshape(-1), u.reshape(-1), side="right").reshape(u.shape)
        out = np.minimum(out - cats * np.arange(rows)[:, None], cats - 1)
    else:
        nonzero = (w > 0).sum(axis=1)
        if np.any(nonzero < num_samples):
            raise ValueError("(InvalidArgument) When replacement is False, number of samples "
                             "should be less than non-zero categories.")
        # without replacement: the num_samples largest keys u^(1/w) (Efraimidis-Spirakis)
        with np.errstate(divide="ignore"):
            keys = np.log(rng.random(w.shape)) / w
        out = np.argsort(-keys, axis=1, kind="stable")[:, :num_samples]
    return out.reshape(x.shape[:-1] + (num_samples,)).astype(np.int64)
