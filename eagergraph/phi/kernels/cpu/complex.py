"""Complex kernels: conj, real, imag, and the complex constructors complex, as_complex,
as_real, angle (Paddle complex_kernel, as_complex_kernel, as_real_kernel, angle_kernel)."""
import numpy as np

from ...kernel_registry import register_kernel
from ..dtype_groups import NUMERIC, COMPLEX, FLOAT, FLOAT_COMPLEX


@register_kernel("conj", NUMERIC)
def conj(x):
    return np.conj(x) if x.dtype.kind == "c" else x.copy()


@register_kernel("real", COMPLEX)
def real(x):
    return x.real.copy()


@register_kernel("imag", COMPLEX)
def imag(x):
    return x.imag.copy()


# ---- complex construction: complex, as_complex, as_real, angle
_COMPLEX_NP = {np.dtype(np.float32): np.complex64, np.dtype(np.float64): np.complex128}


@register_kernel("complex", FLOAT)
def complex_(real, imag):
    shape = np.broadcast_shapes(real.shape, imag.shape)
    out = np.empty(shape, _COMPLEX_NP[real.dtype])
    out.real = real
    out.imag = imag
    return out


@register_kernel("as_complex", FLOAT)
def as_complex(x):
    out = np.empty(x.shape[:-1], _COMPLEX_NP[x.dtype])
    out.real = x[..., 0]
    out.imag = x[..., 1]
    return out


@register_kernel("as_real", COMPLEX)
def as_real(x):
    return np.stack((x.real, x.imag), axis=-1)


@register_kernel("angle", FLOAT_COMPLEX)
def angle(x):
    if x.dtype.kind == "c":
        return np.angle(x)
    # Paddle: pi where x < 0, else 0 (so angle(-0.0) == 0, unlike np.angle); NaN stays NaN
    out = np.where(x < 0, np.pi, 0.0).astype(x.dtype)
    nan = np.isnan(x)
    if nan.any():
        out[nan] = np.nan
    return out
