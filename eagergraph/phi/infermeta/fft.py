"""InferMeta for the fft family (Paddle phi/infermeta/unary.cc: FFTC2CInferMeta,
FFTR2CInferMeta, FFTC2RInferMeta): the transformed axes and the normalization are checked, the
shape follows the one-sided rule of r2c/c2r, and the dtype switches between real and complex.
A dtype the op has no kernel for keeps its dtype here, so the kernel registry reports it as
Paddle does (NotFound)."""
from ..common import (float32, float64, complex64, complex128, float16, bfloat16, NP_TO_DTYPE,
                      KernelKey, Backend, DataLayout)

__all__ = ["FFTC2CInferMeta", "FFTR2CInferMeta", "FFTC2RInferMeta"]

_COMPLEX_OF = {float32: complex64, float64: complex128}
_REAL_OF = {complex64: float32, complex128: float64}
NORMS = ("backward", "forward", "ortho")


def fft_axes(op, shape, axes, normalization):
    """The axes, made non-negative, after Paddle's checks on them and on normalization."""
    if normalization not in NORMS:
        raise ValueError(f"(InvalidArgument) {op}: unexpected normalization '{normalization}', "
                         f"it should be forward, backward or ortho.")
    nd = len(shape)
    out = []
    for a in axes:
        if not -nd <= a < nd:
            raise ValueError(f"(InvalidArgument) {op}: axis {a} is out of range [-{nd}, {nd}) "
                             f"for a {nd}-D input.")
        out.append(a % nd)
    if len(set(out)) != len(out):
        raise ValueError(f"(InvalidArgument) {op}: axis specified repeatedly in {list(axes)}.")
    return out


def FFTC2CInferMeta(x, axes, normalization, forward):
    fft_axes("fft_c2c", x._data.shape, axes, normalization)
    return (x._data.shape, NP_TO_DTYPE[x._data.dtype])


def FFTR2CInferMeta(x, axes, normalization, forward, onesided):
    d = NP_TO_DTYPE[x._data.dtype]
    if d is float16 or d is bfloat16:  # no half kernel in Paddle: no float32 fallback here
        raise RuntimeError(
            f"(NotFound) The kernel with key {KernelKey(Backend.CPU, DataLayout.ANY, d)} of "
            f"kernel `fft_r2c` is not registered. 'fft_r2c' supports these dtypes: float32, "
            f"float64. Cast the input with .astype() to one of them.")
    shape = list(x._data.shape)
    ax = fft_axes("fft_r2c", shape, axes, normalization)
    if onesided and ax:
        shape[ax[-1]] = shape[ax[-1]] // 2 + 1
    return (tuple(shape), _COMPLEX_OF.get(d, d))


def c2r_last_size(in_size, last_dim_size):
    """The size of c2r's last transformed axis: last_dim_size, or 2 * (m - 1) when it is 0."""
    return last_dim_size if last_dim_size > 0 else 2 * (in_size - 1)


def FFTC2RInferMeta(x, axes, normalization, forward, last_dim_size=0):
    shape = list(x._data.shape)
    ax = fft_axes("fft_c2r", shape, axes, normalization)
    if ax:
        n = c2r_last_size(shape[ax[-1]], last_dim_size)
        if n < 0:
            raise ValueError(f"(InvalidArgument) fft_c2r: the output size along axis {ax[-1]} "
                             f"would be {n}; give last_dim_size.")
        shape[ax[-1]] = n
    d = NP_TO_DTYPE[x._data.dtype]
    return (tuple(shape), _REAL_OF.get(d, d))
