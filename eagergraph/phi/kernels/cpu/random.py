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
