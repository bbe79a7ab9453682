"""paddle.regularizer: weight decay terms an optimizer adds to a parameter's gradient
(Paddle python/paddle/regularizer.py). `L2Decay(c)` adds c * param, `L1Decay(c)` adds
c * sign(param); a parameter's own `regularizer` attribute wins over the optimizer's."""
import numpy as np

from .tensor import Tensor

__all__ = ["L1Decay", "L2Decay", "WeightDecayRegularizer"]


class WeightDecayRegularizer:
    """Base class: `__call__(param, grad, block=None)` returns the term added to grad."""

    def __call__(self, param, grad, block=None):
        raise NotImplementedError

    def _term(self, param_array):
        """The decay term for a parameter's ndarray (the optimizer's fast path)."""
        raise NotImplementedError

    def __str__(self):
        raise NotImplementedError


class _CoeffDecay(WeightDecayRegularizer):
    def __init__(self, coeff=0.0):
        assert coeff is not None
        self._coeff = coeff

    def __call__(self, param, grad=None, block=None):
        if not isinstance(param, Tensor):
            raise TypeError(f"{type(self).__name__}: param must be a Tensor, got "
                            f"{type(param).__name__}")
        return Tensor._wrap(self._term(param._data))


class L1Decay(_CoeffDecay):
    """L1 weight decay: grad += coeff * sign(param)."""

    def _term(self, p):
        return np.sign(p) * p.dtype.type(self._coeff)

    def __str__(self):
        return f"L1Decay, coeff={self._coeff:f}"


class L2Decay(_CoeffDecay):
    """L2 weight decay: grad += coeff * param."""

    def _term(self, p):
        return p * p.dtype.type(self._coeff)

    def __str__(self):
        return f"L2Decay, coeff={self._coeff:f}"
