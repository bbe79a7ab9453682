"""paddle.distribution.constraint: conditions a random variable's values meet (Real, Range,
Positive, Simplex), as elementwise boolean tensors."""
from .. import ops as _ops

__all__ = ["Constraint", "Real", "Range", "Positive", "Simplex", "real", "positive", "simplex"]


class Constraint:
    def __call__(self, value):
        raise NotImplementedError

    def check(self, value):
        return self(value)


class Real(Constraint):
    def __call__(self, value):
        return value == value


class Range(Constraint):
    def __init__(self, lower, upper):
        self._lower, self._upper = lower, upper
        super().__init__()

    def __call__(self, value):
        return (self._lower <= value) & (value <= self._upper)


class Positive(Constraint):
    def __call__(self, value):
        return value >= 0.0


class Simplex(Constraint):
    def __call__(self, value):
        return _ops.all(value >= 0, axis=-1) & ((value.sum(-1) - 1).abs() < 1e-6)


real = Real()
positive = Positive()
simplex = Simplex()
