"""Normal and TruncatedNormal initializers (Paddle nn/initializer/normal.py)."""
from .initializer import Initializer, _gaussian, _truncated_gaussian, _check_float

__all__ = ["Normal", "NormalInitializer", "TruncatedNormal", "TruncatedNormalInitializer"]


class NormalInitializer(Initializer):
    def __init__(self, loc=0.0, scale=1.0, seed=0):
        assert loc is not None
        assert scale is not None
        assert seed is not None
        super().__init__()
        self._mean = loc
        self._std_dev = scale
        self._seed = seed
        if isinstance(self._mean, complex):
            if self._mean.real != self._mean.imag:
                raise ValueError(
                    f"if mean is a complex number, its real part should equal imag part, but "
                    f"got real part: {self._mean.real} != imag part: {self._mean.imag}")
            self._mean = self._mean.real

    def forward(self, var, block=None):
        _check_float(var, "gaussian_random", ("float16", "bfloat16", "float32", "float64",
                                              "complex64", "complex128"))
        _gaussian(var, self._mean, self._std_dev, self._seed)
        return None


class Normal(NormalInitializer):
    """N(mean, std^2)."""

    def __init__(self, mean=0.0, std=1.0, name=None):
        assert mean is not None, "mean should not be None"
        assert std is not None, "std should not be None"
        super().__init__(loc=mean, scale=std, seed=0)


class TruncatedNormalInitializer(Initializer):
    def __init__(self, loc=0.0, scale=1.0, seed=0, a=-2.0, b=2.0):
        assert loc is not None
        assert scale is not None
        assert seed is not None
        assert a is not None
        assert b is not None
        super().__init__()
        self._mean = loc
        self._std_dev = scale
        self._seed = seed
        self._a = a
        self._b = b

    def forward(self, var, block=None):
        _check_float(var, "truncated_gaussian_random")
        _truncated_gaussian(var, self._mean, self._std_dev, self._a, self._b, self._seed)
        return None


class TruncatedNormal(TruncatedNormalInitializer):
    """N(mean, std^2) truncated to [a, b]."""

    def __init__(self, mean=0.0, std=1.0, a=-2.0, b=2.0, name=None):
        assert mean is not None, "mean should not be None"
        assert std is not None, "std should not be None"
        assert a is not None, "a should not be None"
        assert b is not None, "b should not be None"
        super().__init__(loc=mean, scale=std, seed=0, a=a, b=b)
