"""Linear algebra (Paddle python/paddle/tensor/linalg.py): matmul. `Tensor.__matmul__` is
installed by tensor_methods once `matmul` is here."""
from .._generated import ops_api as _C_ops

matmul = _C_ops.matmul

__all__ = ["matmul"]
TENSOR_METHODS = __all__
