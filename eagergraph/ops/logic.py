"""Comparison, logical and bitwise ops (Paddle python/paddle/tensor/logic.py)."""
from .._generated import ops_api as _C_ops

_NAMES = ["equal", "not_equal", "less_than", "less_equal", "greater_than", "greater_equal",
          "logical_and", "logical_or", "logical_xor", "logical_not", "bitwise_and", "bitwise_or",
          "bitwise_xor", "bitwise_not"]
for _n in _NAMES:
    globals()[_n] = getattr(_C_ops, _n)
less = less_than  # noqa: F821
greater = greater_than  # noqa: F821

__all__ = _NAMES + ["less", "greater", "is_tensor"]
TENSOR_METHODS = _NAMES + ["less", "greater"]


def is_tensor(x):
    """True for a paddle Tensor."""
    from ..tensor import Tensor
    return isinstance(x, Tensor)
