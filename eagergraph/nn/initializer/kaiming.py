"""Kaiming (He / MSRA) initializers (Paddle nn/initializer/kaiming.py): uniform on
[-gain*sqrt(3/fan), +...] or normal with std gain/sqrt(fan), fan = fan_in ('fan_in' mode) or
fan_out, gain = calculate_gain(nonlinearity, negative_slope)."""
import math

from .initializer import Initializer, calculate_gain, _uniform, _gaussian, _check_float

__all__ = ["KaimingNormal", "KaimingUniform", "MSRAInitializer"]


class MSRAInitializer(Initializer):
    def __init__(self, uniform=True, fan_in=None, seed=0, negative_slope=0, nonlinearity="relu",
                 mode="fan_in"):
        assert uniform is not None
        assert seed is not None
        super().__init__()
        self._uniform = uniform
        self._fan_in = fan_in
        self._seed = seed
        self._negative_slope = negative_slope
        self._nonlinearity = nonlinearity
        self._mode = mode
        if self._mode not in ["fan_in", "fan_out"]:
            raise ValueError(f"The mode of KaimingNormal/KaimingUniform should be 'fan_in' or "
                             f"'fan_out', but received {self._mode}.")
        if self._mode == "fan_out" and self._fan_in is not None:
            raise ValueError("The mode of KaimingNormal/KaimingUniform is 'fan_out', but fan_in "
                             "is set. Please set fan_in to None.")

    def forward(self, var, block=None):
        _check_float(var, "kaiming_init")
        f_in, f_out = self._compute_fans(var)
        if self._mode == "fan_in":
            fan = f_in if self._fan_in is None else self._fan_in
        else:
            fan = f_out
        gain = calculate_gain(self._nonlinearity, self._negative_slope)
        if self._uniform:
            limit = gain * math.sqrt(3.0 / float(fan))
            _uniform(var, -limit, limit, self._seed)
        else:
            _gaussian(var, 0.0, gain / math.sqrt(float(fan)), self._seed)
        return None


class KaimingNormal(MSRAInitializer):
    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu", mode="fan_in"):
        super().__init__(uniform=False, fan_in=fan_in, seed=0, negative_slope=negative_slope,
                         nonlinearity=nonlinearity, mode=mode)


class KaimingUniform(MSRAInitializer):
    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu", mode="fan_in"):
        super().__init__(uniform=True, fan_in=fan_in, seed=0, negative_slope=negative_slope,
                         nonlinearity=nonlinearity, mode=mode)
