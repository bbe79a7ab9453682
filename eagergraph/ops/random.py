"""Random ops (Paddle python/paddle/tensor/random.py): rand, randn, standard_normal, uniform,
normal, randint, randperm, over the generated `uniform`, `gaussian`, `randint`, `randperm`.

All draw from the global generator (eagergraph.phi.generator.get_generator()), so
`paddle.seed(n)` makes a program's draws repeat. The values differ from Paddle's own generator;
shapes, dtypes, bounds and distributions are Paddle's."""
from .._generated import ops_api as _C_ops
from ..framework import default_float_dtype
from ..phi.common import int64, complex64
from ..tensor import Tensor

__all__ = ["rand", "randn", "standard_normal", "uniform", "normal", "randint", "randperm"]


def uniform(shape, dtype=None, min=0, max=1.0, seed=0, name=None):
    """Uniform in [min, max). dtype=None: the default float dtype; complex dtypes draw the real
    and imaginary parts independently. seed != 0 repeats the same values on every call."""
    return _C_ops.uniform(shape, default_float_dtype() if dtype is None else dtype, min, max,
                          seed)


def rand(shape, dtype=None, name=None):
    """Uniform in [0, 1)."""
    return _C_ops.uniform(shape, default_float_dtype() if dtype is None else dtype, 0.0, 1.0, 0)


def standard_normal(shape, dtype=None, name=None):
    """Standard normal N(0, 1); complex dtypes give real and imaginary parts each N(0, 1/2)."""
    return _C_ops.gaussian(shape, 0.0, 1.0, 0, default_float_dtype() if dtype is None else dtype)


randn = standard_normal


def normal(mean=0.0, std=1.0, shape=None, name=None):
    """Normal with the given mean and std. With Python numbers the result has `shape` and the
    default float dtype (complex64 for a complex mean, whose real and imaginary parts must be
    equal). With Tensors the result takes the Tensor's shape and dtype: out = z * std + mean
    for standard normal z, so gradients flow to mean and std."""
    if isinstance(mean, Tensor):
        if isinstance(std, Tensor):
            if std.shape != mean.shape:  # Paddle reshapes std to mean's shape
                if std.size != mean.size:
                    raise ValueError(f"normal(): std (shape {list(std.shape)}) must have as many "
                                     f"elements as mean (shape {list(mean.shape)})")
                std = _C_ops.reshape(std, mean.shape)
            if std.dtype != mean.dtype and not mean.dtype.is_complex:
                std = std.astype(mean.dtype)
        else:
            std = float(std)
        z = _C_ops.gaussian(mean.shape, 0.0, 1.0, 0, mean.dtype)
    elif isinstance(std, Tensor):
        if isinstance(mean, complex):
            _check_complex_mean(mean)
            z = _C_ops.gaussian(std.shape, 0.0, 1.0, 0, complex64)
        else:
            mean = float(mean)
            z = _C_ops.gaussian(std.shape, 0.0, 1.0, 0, std.dtype)
    else:
        if shape is None:
            raise TypeError("normal(): shape must be given when mean and std are numbers")
        if isinstance(mean, complex):
            _check_complex_mean(mean)
            return _C_ops.gaussian(shape, mean.real, std, 0, complex64)
        return _C_ops.gaussian(shape, mean, std, 0, default_float_dtype())
    return z * std + mean


def _check_complex_mean(mean):
    if mean.real != mean.imag:
        raise ValueError(
            f"normal(): The mean of complex gaussian distribution should be a complex number "
            f"with real part equal imaginary part, but got {mean.real} != {mean.imag}")


def randint(low=0, high=None, shape=[1], dtype=None, name=None):  # noqa: B006 (Paddle's default)
    """Integers uniform in [low, high); randint(n) draws from [0, n). dtype=None: int64."""
    if high is None:
        if low <= 0:
            raise ValueError(f"If high is None, low must be greater than 0, but received "
                             f"low = {low}.")
        low, high = 0, low
    return _C_ops.randint(low, high, shape, int64 if dtype is None else dtype)


def randperm(n, dtype="int64", name=None):
    """A random permutation of 0..n-1."""
    return _C_ops.randperm(n, dtype)
