"""Uniform initializer (Paddle nn/initializer/uniform.py)."""
from .initializer import Initializer, _uniform, _check_float

__all__ = ["Uniform", "UniformInitializer"]


class UniformInitializer(Initializer):
    def __init__(self, low=-1.0, high=1.0, seed=0, diag_num=0, diag_step=0, diag_val=1.0):
        assert low is not None
        assert high is not None
        assert high >= low
        assert seed is not None
        super().__init__()
        self._low = low
        self._high = high
        self._seed = seed

    def forward(self, var, block=None):
        _check_float(var, "uniform_random")
        _uniform(var, self._low, self._high, self._seed)
        return None


class Uniform(UniformInitializer):
    """Uniform on [low, high)."""

    def __init__(self, low=-1.0, high=1.0, name=None):
        assert low is not None, "low should not be None"
        assert high is not None, "high should not be None"
        assert high >= low, "high should greater or equal than low"
        super().__init__(low=low, high=high, seed=0)
