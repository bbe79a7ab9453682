"""InputSpec (Paddle static/input.py): the shape (None / -1 for unknown dims), dtype and name
of a model input."""
import numpy as np

from ..phi.common import convert_dtype
from ..tensor import Tensor

__all__ = ["InputSpec"]


class InputSpec:
    """Describes an input: shape (a list or tuple; None becomes -1), dtype, name and
    stop_gradient."""

    def __init__(self, shape, dtype="float32", name=None, stop_gradient=False):
        self.shape = self._verify(shape)
        if dtype is not None and isinstance(dtype, (np.dtype, str)):
            dtype = convert_dtype(dtype)
        self.dtype = dtype
        self.name = name
        self.stop_gradient = stop_gradient

    def __repr__(self):
        return (f"{type(self).__name__}(shape={self.shape}, dtype={self.dtype}, "
                f"name={self.name}, stop_gradient={self.stop_gradient})")

    @classmethod
    def from_tensor(cls, tensor, name=None):
        if isinstance(tensor, Tensor):
            return cls(list(tensor.shape), tensor.dtype, name or tensor.name)
        raise ValueError(
            f"Input `tensor` should be a Tensor, but received {type(tensor).__name__}.")

    @classmethod
    def from_numpy(cls, ndarray, name=None):
        return cls(list(ndarray.shape), ndarray.dtype, name)

    def batch(self, batch_size):
        """Prepend batch_size to the shape."""
        if isinstance(batch_size, (list, tuple)):
            if len(batch_size) != 1:
                raise ValueError(f"Length of batch_size: {batch_size} shall be 1, but received "
                                 f"{len(batch_size)}.")
            batch_size = batch_size[0]
        elif not isinstance(batch_size, int):
            raise TypeError(f"type(batch_size) shall be `int`, but received "
                            f"{type(batch_size).__name__}.")
        self.shape = (batch_size, *self.shape)
        return self

    def unbatch(self):
        """Drop the first dim of the shape."""
        if len(self.shape) == 0:
            raise ValueError("Not support to unbatch a InputSpec when len(shape) == 0.")
        self.shape = self._verify(list(self.shape[1:]))
        return self

    @staticmethod
    def _verify(shape):
        if not isinstance(shape, (list, tuple)):
            raise TypeError("Type of `shape` in InputSpec should be one of (tuple, list), but "
                            f"received {type(shape).__name__}.")
        for i, ele in enumerate(shape):
            if ele is not None and not isinstance(ele, int):
                raise ValueError(
                    f"shape[{i}] should be an `int`, but received `{type(ele).__name__}`:{ele}.")
            if ele is None or ele < -1:
                shape[i] = -1  # a tuple holding None raises TypeError here, as in Paddle
        return tuple(shape)

    def __hash__(self):
        return hash((tuple(self.shape), self.dtype, self.stop_gradient))

    def __eq__(self, other):
        return type(self) is type(other) and all(
            getattr(self, a) == getattr(other, a)
            for a in ("shape", "dtype", "name", "stop_gradient"))

    def __ne__(self, other):
        return not self == other
