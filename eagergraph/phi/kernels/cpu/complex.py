"""Complex kernels: conj, real, imag."""
import numpy as np

from ...kernel_registry import register_kernel
from ..dtype_groups import NUMERIC, COMPLEX


@register_kernel("conj", NUMERIC)
def conj(x):
    return np.conj(x) if x.dtype.kind == "c" else x.copy()


@register_kernel("real", COMPLEX)
def real(x):
    return x.real.copy()


@register_kernel("imag", COMPLEX)
def imag(x):
    return x.imag.copy()
