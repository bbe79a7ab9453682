"""Tensor attribute queries (Paddle python/paddle/tensor/attribute.py): is_complex,
is_floating_point, is_integer, rank, shape, numel, is_empty. The complex family's ops (complex,
as_complex, as_real, angle, conj, real, imag) are the generated functions themselves (ops.yaml
`public:`). Not named complex.py: that would hide paddle.complex."""
import numpy as np

from ..tensor import Tensor
from ..phi.common import int32, int64, bool_

__all__ = ["is_complex", "is_floating_point", "is_integer", "rank", "shape", "numel", "is_empty"]
TENSOR_METHODS = ["rank", "is_empty"]  # Tensor.is_complex is tensor.py's


def _tensor(x, op):
    if not isinstance(x, Tensor):
        raise TypeError(f"{op}(): Expected Tensor, but received type of x: {type(x)}")
    return x


def is_complex(x):
    """True if x's dtype is complex64 or complex128 (a plain check, no op)."""
    return _tensor(x, "is_complex")._data.dtype.kind == "c"


def is_floating_point(x):
    """True for float16, bfloat16, float32 and float64 tensors."""
    return _tensor(x, "is_floating_point").dtype.is_floating_point


def is_integer(x):
    """True for uint8 and the signed integer dtypes (not bool)."""
    return _tensor(x, "is_integer").dtype.is_integer


def rank(input):
    """The number of dimensions, as a 0-D int32 tensor."""
    return Tensor._wrap(np.asarray(_tensor(input, "rank")._data.ndim, int32.np_dtype))


def shape(input):
    """The shape, as a 1-D int64 tensor (paddle.shape; Tensor.shape is a list)."""
    return Tensor._wrap(np.asarray(_tensor(input, "shape")._data.shape, int64.np_dtype))


def numel(x, name=None):
    """The number of elements, as a 0-D int64 tensor."""
    return Tensor._wrap(np.asarray(_tensor(x, "numel")._data.size, int64.np_dtype))


def is_empty(x, name=None):
    """Whether x has no elements, as a 0-D bool tensor."""
    return Tensor._wrap(np.asarray(_tensor(x, "is_empty")._data.size == 0, bool_.np_dtype))
