"""Complex helpers (Paddle python/paddle/tensor/math.py + attribute.py): conj, real, imag."""
from .._generated import ops_api as _C_ops

conj = _C_ops.conj
real = _C_ops.real
imag = _C_ops.imag

__all__ = ["conj", "real", "imag"]
TENSOR_METHODS = __all__
