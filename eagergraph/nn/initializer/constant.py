"""Constant initializer (Paddle nn/initializer/constant.py)."""
import numpy as np

from .initializer import Initializer, _write

__all__ = ["Constant", "ConstantInitializer"]


class ConstantInitializer(Initializer):
    def __init__(self, value=0.0, force_cpu=False):
        assert value is not None
        super().__init__()
        self._value = value
        self._force_cpu = force_cpu

    def forward(self, var, block=None):
        _write(var, np.full(var._data.shape, float(self._value)))
        return None


class Constant(ConstantInitializer):
    """Fill with `value` (any dtype: int parameters too)."""

    def __init__(self, value=0.0):
        if value is None:
            raise ValueError("value must not be none.")
        super().__init__(value=value, force_cpu=False)
