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


# NumPy's n-D functions, or their cheaper 1-D forms for one axis
def _fftn(x, axes, norm):
    return np.fft.fft(x, axis=axes[0], norm=norm) if len(axes) == 1 else \
        np.fft.fftn(x, axes=axes, norm=norm)


def _ifftn(x, axes, norm):
    return np.fft.ifft(x, axis=axes[0], norm=norm) if len(axes) == 1 else \
        np.fft.ifftn(x, axes=axes, norm=norm)


def _rfftn(x, axes, norm):
    return np.fft.rfft(x, axis=axes[0], norm=norm) if len(axes) == 1 else \
        np.fft.rfftn(x, axes=axes, norm=norm)


def _irfftn(x, s, axes, norm):
    return np.fft.irfft(x, n=s[0], axis=axes[0], norm=norm) if len(axes) == 1 else \
        np.fft.irfftn(x, s=s, axes=axes, norm=norm)


@register_kernel("fft_c2c", COMPLEX)
def fft_c2c(x, axes, normalization, forward):
    axes = _axes(x, axes)
    if x.size == 0 or not axes:
        return x.copy()
    f = _fftn if forward else _ifftn
    return f(x, axes, normalization).astype(x.dtype, copy=False)


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
            out = _rfftn(x, axes, normalization)
        else:
            out = np.conj(_rfftn(x, axes, _SWAP[normalization]))
    else:
        out = (_fftn if forward else _ifftn)(x, axes, normalization)
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
        out = _irfftn(np.conj(x), s, axes, _SWAP[normalization])
    else:
        out = _irfftn(x, s, axes, normalization)
    return out.astype(rd, copy=False)


# ---- grad kernels (first order; backward.yaml's composite formulas are the same maths in ops)
@register_kernel("fft_c2c_grad", COMPLEX)
def fft_c2c_grad(need, out_grad, axes, normalization, forward):
    return (fft_c2c(out_grad, axes, _SWAP[normalization], not forward),)


@register_kernel("fft_r2c_grad", FLOAT + COMPLEX)
def fft_r2c_grad(need, x, out_grad, axes, normalization, forward, onesided):
    """The one-sided grad zero-extended to x's length, the c2c adjoint, its real part."""
    axes = _axes(out_grad, axes)
    g = out_grad
    if onesided and axes:
        shape = list(g.shape)
        shape[axes[-1]] = x.shape[axes[-1]]
        g = np.zeros(shape, out_grad.dtype)
        g[tuple(slice(0, m) for m in out_grad.shape)] = out_grad
    return (fft_c2c(g, axes, _SWAP[normalization], not forward).real.astype(x.dtype),)


@register_kernel("fft_c2r_grad", FLOAT + COMPLEX)
def fft_c2r_grad(need, out_grad, axes, normalization, forward, last_dim_size=0):
    """The one-sided r2c of the grad, bins other than DC (and Nyquist for even n) doubled."""
    axes = _axes(out_grad, axes)
    y = fft_r2c(out_grad, axes, _SWAP[normalization], not forward, True)
    if not axes:
        return (y,)
    last, n = axes[-1], out_grad.shape[axes[-1]]
    y *= 2
    idx = [slice(None)] * y.ndim
    idx[last] = slice(0, 1) if n % 2 or n == 0 else slice(0, n // 2 + 1, n // 2)
    y[tuple(idx)] *= 0.5
    return (y,)
