"""Assign initializer (Paddle nn/initializer/assign.py): copies given values."""
import numpy as np

from ...tensor import Tensor
from .initializer import Initializer

__all__ = ["Assign", "NumpyArrayInitializer"]


class NumpyArrayInitializer(Initializer):
    def __init__(self, value):
        assert isinstance(value, np.ndarray)
        super().__init__()
        self._value = value

    def forward(self, var, block=None):
        if var.dtype.name not in ("float16", "bfloat16", "float32", "float64", "int32", "int8",
                                  "uint8"):
            raise ValueError(f"Unsupported dtype {self._value.dtype}")
        # as Paddle's assign_value_: the parameter takes the value's shape
        var._data = np.array(self._value, dtype=var._data.dtype)
        var._bump_inplace_version()
        return None


class Assign(NumpyArrayInitializer):
    """value: a NumPy array, a list/tuple or a Tensor."""

    def __init__(self, value, name=None):
        if not isinstance(value, (np.ndarray, list, tuple, Tensor)):
            raise TypeError(f"The type of 'value' in Assign must be (<class 'numpy.ndarray'>, "
                            f"<class 'list'>, <class 'tuple'>, <class 'paddle.Tensor'>), but "
                            f"received {type(value)}.")
        if isinstance(value, (list, tuple)):
            value = np.array(value)
        if isinstance(value, Tensor):
            value = value.numpy()
        super().__init__(value)
