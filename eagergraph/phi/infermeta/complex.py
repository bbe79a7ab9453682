"""InferMeta for complex construction ops (Paddle phi/infermeta: ComplexInferMeta,
AsComplexInferMeta, AsRealInferMeta, RealAndImagInferMeta for angle)."""
from ..common import (float32, float64, complex64, complex128, float16, bfloat16,
                      NP_TO_DTYPE, KernelKey, Backend, DataLayout)
from .common import broadcast_shape

__all__ = ["ComplexInferMeta", "AsComplexInferMeta", "AsRealInferMeta", "AngleInferMeta"]

_COMPLEX_OF = {float32: complex64, float64: complex128}
_REAL_OF = {complex64: float32, complex128: float64, float32: float32, float64: float64}


def _no_half(op, d, supported):
    """Paddle registers these ops for float32/float64 (and complex) only; the registry's
    float16 -> float32 fallback must not make them accept half types."""
    if d is float16 or d is bfloat16:
        raise RuntimeError(
            f"(NotFound) The kernel with key {KernelKey(Backend.CPU, DataLayout.ANY, d)} of "
            f"kernel `{op}` is not registered. '{op}' supports these dtypes: {supported}. "
            f"Cast the input with .astype() to one of them.")


def ComplexInferMeta(real, imag):
    """Broadcast shape of real and imag; float32 -> complex64, float64 -> complex128."""
    rd, idt = NP_TO_DTYPE[real._data.dtype], NP_TO_DTYPE[imag._data.dtype]
    _no_half("complex", rd, "float32, float64")
    if rd is not idt:
        raise ValueError(
            f"(InvalidArgument) real and imag must have the same dtype, but got real: "
            f"{rd.name}, imag: {idt.name}.")
    rs, ims = real._data.shape, imag._data.shape
    return (rs if rs == ims else broadcast_shape(rs, ims), _COMPLEX_OF[rd])


def AsComplexInferMeta(x):
    """[..., 2] float -> [...] complex."""
    d = NP_TO_DTYPE[x._data.dtype]
    _no_half("as_complex", d, "float32, float64")
    s = x._data.shape
    if len(s) < 1:
        raise ValueError(
            "(InvalidArgument) The rank of input(X) is less than 1. Expected the rank of "
            f"input(X) to be equal to or greater than 1.But received rank of input(X) = {len(s)}")
    if s[-1] != 2:
        raise ValueError(
            "(InvalidArgument) The size of the last dimension of input(X)does not equals 2."
            "Expected the size of last dimension of input(X) to be 2.But received "
            f"{s[-1]}")
    return (s[:-1], _COMPLEX_OF[d])


def AsRealInferMeta(x):
    """[...] complex -> [..., 2] float."""
    return (x._data.shape + (2,), _REAL_OF[NP_TO_DTYPE[x._data.dtype]])


def AngleInferMeta(x):
    """Same shape; complex -> its real dtype (angle of a real tensor is 0 or pi)."""
    d = NP_TO_DTYPE[x._data.dtype]
    _no_half("angle", d, "float32, float64, complex64, complex128")
    return (x._data.shape, _REAL_OF[d])
