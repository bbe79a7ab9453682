"""add_n and equal_all (Paddle python/paddle/tensor/math.py and logic.py), composed from add,
assign, equal and all so their gradients and dtype rules come from those ops; the checks are
add_n's and equal_all's own (no type promotion, same shapes)."""
import numpy as np

from .._generated import dygraph_functions as _ad
from ..tensor import Tensor
from ..phi.common import (bool_, int32, int64, float16, bfloat16, float32, float64, complex64,
                          complex128)

__all__ = ["add_n", "equal_all"]
TENSOR_METHODS = __all__

_ADD_N_DTYPES = (int32, int64, float16, bfloat16, float32, float64, complex64, complex128)
_EQUAL_ALL_DTYPES = (bool_, int32, int64, float32, float64)


def _check_dtype(op, t, supported):
    if t.dtype not in supported:
        names = ", ".join(d.name for d in supported)
        raise RuntimeError(f"(NotFound) {op}(): the kernel is not registered for dtype "
                           f"{t.dtype.name}; {op} supports: {names}.")


def add_n(inputs, name=None):
    """The elementwise sum of a list of tensors of one dtype and one shape (a single Tensor is a
    list of one). The result is a new tensor; the gradient flows to every input."""
    if isinstance(inputs, Tensor):
        inputs = [inputs]
    if not isinstance(inputs, (list, tuple)):
        raise ValueError(f"(InvalidArgument) add_n(): argument 'inputs' (position 0) must be "
                         f"list of Tensors, but got {type(inputs).__name__}")
    if not inputs:
        raise ValueError("(InvalidArgument) add_n(): argument 'inputs' (position 0) must be "
                         "list of Tensors, but got empty list")
    for i, t in enumerate(inputs):
        if not isinstance(t, Tensor):
            raise ValueError(f"(InvalidArgument) add_n(): argument 'inputs' (position 0) must "
                             f"be list of Tensors, but element {i} is {type(t).__name__}")
    first = inputs[0]
    _check_dtype("add_n", first, _ADD_N_DTYPES)
    for i, t in enumerate(inputs[1:], 1):
        if t.dtype is not first.dtype:
            raise ValueError(f"(InvalidArgument) add_n(): all inputs must have one dtype, but "
                             f"inputs[0] is {first.dtype.name} and inputs[{i}] is "
                             f"{t.dtype.name}")
        if list(t.shape) != list(first.shape):
            raise ValueError(f"(InvalidArgument) add_n(): the input tensors must have the same "
                             f"shape, but inputs[0]'s shape = {list(first.shape)}, inputs[{i}]'s "
                             f"shape = {list(t.shape)}")
    out = _ad.assign_ad_func(first)
    for t in inputs[1:]:
        out = _ad.add_ad_func(out, t)
    return out


def equal_all(x, y, name=None):
    """A 0-D bool tensor: True when x and y have the same shape and equal elements (NaN is never
    equal). Shapes are not broadcast: different shapes give False. The dtypes must match."""
    for arg, pos, t in (("x", 0, x), ("y", 1, y)):
        if not isinstance(t, Tensor):
            raise ValueError(f"(InvalidArgument) equal_all(): argument '{arg}' (position {pos}) "
                             f"must be Tensor, but got {type(t).__name__}")
    if x.dtype is not y.dtype:
        raise ValueError(f"(InvalidArgument) equal_all(): x and y must have one dtype, but x is "
                         f"{x.dtype.name} and y is {y.dtype.name}")
    _check_dtype("equal_all", x, _EQUAL_ALL_DTYPES)
    if list(x.shape) != list(y.shape):
        return Tensor._wrap(np.array(False))
    return _ad.all_ad_func(_ad.equal_ad_func(x, y), [], False)
