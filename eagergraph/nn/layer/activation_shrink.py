"""Activation layers over nn/functional/activation_shrink.py (Paddle nn/layer/activation.py):
Swish, Hardshrink, Softshrink, ThresholdedReLU, GLU, Maxout, RReLU."""
from ..functional import activation_shrink as F
from .layers import Layer

__all__ = ["Swish", "Hardshrink", "Softshrink", "ThresholdedReLU", "GLU", "Maxout", "RReLU"]


class Swish(Layer):
    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return F.swish(x, self._name)


class _Threshold(Layer):
    _fn = None

    def __init__(self, threshold=0.5, name=None):
        super().__init__()
        self._threshold = threshold
        self._name = name

    def forward(self, x):
        return type(self)._fn(x, self._threshold, self._name)

    def extra_repr(self):
        return f"threshold={self._threshold}" + (f", name={self._name}" if self._name else "")


class Hardshrink(_Threshold):
    _fn = staticmethod(F.hardshrink)


class Softshrink(_Threshold):
    _fn = staticmethod(F.softshrink)


class ThresholdedReLU(Layer):
    def __init__(self, threshold=1.0, value=0.0, name=None):
        super().__init__()
        self._threshold, self._value, self._name = threshold, value, name

    def forward(self, x):
        return F.thresholded_relu(x, self._threshold, self._value, self._name)


class GLU(Layer):
    def __init__(self, axis=-1, name=None):
        super().__init__()
        self._axis, self._name = axis, name

    def forward(self, x):
        return F.glu(x, self._axis, self._name)


class Maxout(Layer):
    def __init__(self, groups, axis=1, name=None):
        super().__init__()
        self._groups, self._axis, self._name = groups, axis, name

    def forward(self, x):
        return F.maxout(x, self._groups, self._axis, self._name)


class RReLU(Layer):
    """Random slopes while training, their mean (lower + upper) / 2 in eval mode."""

    def __init__(self, lower=1.0 / 8.0, upper=1.0 / 3.0, name=None):
        super().__init__()
        self._lower, self._upper, self._name = lower, upper, name

    def forward(self, x):
        return F.rrelu(x, self._lower, self._upper, self.training, self._name)
