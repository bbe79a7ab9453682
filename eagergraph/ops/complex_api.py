"""Complex construction (Paddle python/paddle/tensor/creation.py: complex; manipulation.py:
as_complex, as_real; math.py: angle; attribute.py: is_complex)."""
from .._generated import ops_api as _C_ops
from ..tensor import Tensor

as_complex = _C_ops.as_complex
as_real = _C_ops.as_real
angle = _C_ops.angle


complex = _C_ops.complex  # real + i * imag, broadcasting; float32 -> complex64


def is_complex(x):
    """True if x's dtype is complex64 or complex128 (a plain check, no op)."""
    if not isinstance(x, Tensor):
        raise TypeError(f"Expected Tensor, but received type of x: {type(x)}")
    return x._data.dtype.kind == "c"


__all__ = ["complex", "as_complex", "as_real", "angle", "is_complex"]
TENSOR_METHODS = ["as_complex", "as_real", "angle", "is_complex"]
