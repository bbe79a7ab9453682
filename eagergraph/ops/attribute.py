"""Tensor attribute queries (Paddle python/paddle/tensor/attribute.py): is_complex. The complex
family's ops (complex, as_complex, as_real, angle, conj, real, imag) are the generated functions
themselves (ops.yaml `public:`). Not named complex.py: that would hide paddle.complex."""
from ..tensor import Tensor


def is_complex(x):
    """True if x's dtype is complex64 or complex128 (a plain check, no op)."""
    if not isinstance(x, Tensor):
        raise TypeError(f"is_complex(): Expected Tensor, but received type of x: {type(x)}")
    return x._data.dtype.kind == "c"


__all__ = ["is_complex"]
TENSOR_METHODS = ["is_complex"]
