"""FFT kernels (Paddle fft_kernel: pocketfft on CPU): NumPy's pocketfft over all the axes at
once. c2c and r2c map the inverse direction to NumPy's inverse transforms with the same norm;
r2c one-sided inverse (ihfft) and c2r forward (hfft) are conjugates of the opposite transform
with the scale kept (norm swapped). Empty inputs or outputs give zeros of the output shape, as
Paddle does (NumPy refuses a transform of length 0)."""
import numpy as np

from ...kernel_registry import register_kernel
from ...infermeta.fft import c2r_last_size
from ..dtype_groups import FLOAT, COMPLEX

_COMPLEX_NP = {np.dtype(np.float32): np.complex64, np.dtype(np.float64): np.complex128}
_REAL_NP = {np.dtype(np.complex64): np.float32, np.dtype(np.complex128): np.float64}
_SWAP = {"backward": "forward", "forward": "backward", "ortho": "ortho"}


def _axes(x, axes):
    return [a % x.ndim for a in axes]


@register_kernel("fft_c2c", COMPLEX)
def fft_c2c(x, axes, normalization, forward):
    axes = _axes(x, axes)
    if x.size == 0 or not axes:
        return x.copy()
    f = np.fft.fftn if forward else np.fft.ifftn
    return f(x, axes=axes, norm=normalization).astype(x.dtype, copy=False)


@register_kernel("fft_r2c", FLOAT)
def fft_r2c(x, axes, normalization, forward, onesided):
    axes = _axes(x, axes)
    cd = _COMPLEX_NP[x.dtype]
    if not axes:
        return x.astype(cd)
    if x.size == 0:
        shape = list(x.shape)
        if onesided:
            shape[axes[-1]] = shape[axes[-1]] // 2 + 1
        return np.zeros(shape, cd)
    if onesided:
        if forward:
            out = np.fft.rfftn(x, axes=axes, norm=normalization)
        else:
            out = np.conj(np.fft.rfftn(x, axes=axes, norm=_SWAP[normalization]))
    else:
        f = np.fft.fftn if forward else np.fft.ifftn
        out = f(x, axes=axes, norm=normalization)
    return out.astype(cd, copy=False)


@register_kernel("fft_c2r", COMPLEX)
def fft_c2r(x, axes, normalization, forward, last_dim_size=0):
    axes = _axes(x, axes)
    rd = _REAL_NP[x.dtype]
    if not axes:
        return x.real.astype(rd)
    s = [x.shape[a] for a in axes]
    s[-1] = c2r_last_size(s[-1], last_dim_size)
    if x.size == 0 or 0 in s:
        shape = list(x.shape)
        shape[axes[-1]] = s[-1]
        return np.zeros(shape, rd)
    if forward:
        out = np.fft.irfftn(np.conj(x), s=s, axes=axes, norm=_SWAP[normalization])
    else:
        out = np.fft.irfftn(x, s=s, axes=axes, norm=normalization)
    return out.astype(rd, copy=False)
