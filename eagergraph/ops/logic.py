"""Comparison, logical and bitwise ops (Paddle python/paddle/tensor/logic.py)."""
from .._generated import ops_api as _C_ops
from ..tensor import Tensor

# equal, less_than, logical_and, bitwise_or, ... are the generated functions (ops.yaml `public:`)
less = _C_ops.less_than  # Paddle's aliases
greater = _C_ops.greater_than

__all__ = ["less", "greater", "is_tensor"]
TENSOR_METHODS = ["less", "greater"]


def is_tensor(x):
    """True for a paddle Tensor."""
    return isinstance(x, Tensor)
