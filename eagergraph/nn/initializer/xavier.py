"""Xavier (Glorot) initializers (Paddle nn/initializer/xavier.py): uniform on
[-gain*sqrt(6/(fan_in+fan_out)), +...] or normal with std gain*sqrt(2/(fan_in+fan_out))."""
import math

from .initializer import Initializer, _uniform, _gaussian, _check_float

__all__ = ["XavierNormal", "XavierUniform", "XavierInitializer"]


class XavierInitializer(Initializer):
    def __init__(self, uniform=True, fan_in=None, fan_out=None, seed=0, gain=1.0):
        assert uniform is not None
        assert seed is not None
        super().__init__()
        self._uniform = uniform
        self._fan_in = fan_in
        self._fan_out = fan_out
        self._seed = seed
        self._gain = gain

    def forward(self, var, block=None):
        _check_float(var, "xavier_init")
        f_in, f_out = self._compute_fans(var)
        fan_in = f_in if self._fan_in is None else self._fan_in
        fan_out = f_out if self._fan_out is None else self._fan_out
        if self._uniform:
            limit = 0.0 if 0 in (fan_in, fan_out) else \
                self._gain * math.sqrt(6.0 / float(fan_in + fan_out))
            _uniform(var, -limit, limit, self._seed)
        else:
            std = 0.0 if 0 in (fan_in, fan_out) else \
                self._gain * math.sqrt(2.0 / float(fan_in + fan_out))
            _gaussian(var, 0.0, std, self._seed)
        return None


class XavierNormal(XavierInitializer):
    def __init__(self, fan_in=None, fan_out=None, gain=1.0, name=None):
        super().__init__(uniform=False, fan_in=fan_in, fan_out=fan_out, seed=0, gain=gain)


class XavierUniform(XavierInitializer):
    def __init__(self, fan_in=None, fan_out=None, gain=1.0, name=None):
        super().__init__(uniform=True, fan_in=fan_in, fan_out=fan_out, seed=0, gain=gain)
