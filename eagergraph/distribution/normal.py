"""Normal(loc, scale): real Gaussian, or the circular complex Gaussian when ``loc`` is complex."""
import math

import numpy as np

from .. import ops as _ops
from ..tensor import Tensor
from ..creation import to_tensor
from .distribution import Distribution, _check_shape, _dtype_name, _FLOATS

__all__ = ["Normal"]


def _loc_scale_init(dist, loc, scale, what):
    """Paddle's Normal/Uniform argument handling: ints -> floats, ndarray dtype wins, else float32."""
    if isinstance(loc, int) and not isinstance(loc, bool):
        loc = float(loc)
    if isinstance(scale, int) and not isinstance(scale, bool):
        scale = float(scale)
    if isinstance(loc, (tuple, list)):
        loc = np.array(loc)
        if loc.dtype == np.float64:
            loc = loc.astype('float32')
    if isinstance(scale, (tuple, list)):
        scale = np.array(scale, dtype=np.float32)
    dist.all_arg_is_float = False
    if dist._validate_args(loc, scale):
        return loc, scale, _dtype_name(loc.dtype)
    if isinstance(loc, float) and isinstance(scale, float):
        dist.all_arg_is_float = True
    dtype = 'float32'
    if isinstance(loc, np.ndarray) and str(loc.dtype) in _FLOATS:
        dtype = str(loc.dtype)
    elif isinstance(scale, np.ndarray) and str(scale.dtype) in _FLOATS:
        dtype = str(scale.dtype)
    loc, scale = dist._to_tensor(loc, scale)
    if dtype != _dtype_name(loc.dtype):
        loc, scale = _ops.cast(loc, dtype), _ops.cast(scale, dtype)
    return loc, scale, dtype


class Normal(Distribution):
    """Normal(loc, scale): Gaussian with mean ``loc`` and standard deviation ``scale``."""

    def __init__(self, loc, scale, name=None):
        self.name = name if name is not None else 'Normal'
        self._complex_gaussian = False
        if isinstance(loc, (tuple, list)):
            arr = np.array(loc)
            if arr.dtype == np.complex128:
                loc = arr.astype('complex64')
        if (isinstance(loc, complex) or (isinstance(loc, np.ndarray) and loc.dtype in (np.complex64, np.complex128))
                or (isinstance(loc, Tensor) and loc.is_complex())):
            self._init_complex(loc, scale)
        else:
            self.loc, self.scale, self.dtype = _loc_scale_init(self, loc, scale, 'Normal')
        super().__init__(self.loc.shape)

    def _init_complex(self, loc, scale):
        """Paddle's complex Gaussian: complex loc, real scale (E|x - loc|^2 = scale^2)."""
        self._complex_gaussian = True
        self.all_arg_is_float = False
        if isinstance(scale, int) and not isinstance(scale, bool):
            scale = float(scale)
        if isinstance(scale, (tuple, list)):
            scale = np.array(scale, dtype=np.float32)
        if isinstance(loc, complex) and isinstance(scale, float):
            self.all_arg_is_float = True
        if isinstance(loc, np.ndarray):
            real = 'float32' if loc.dtype == np.complex64 else 'float64'
            loc = _ops.complex(to_tensor(loc.real, real), to_tensor(loc.imag, real))
        elif isinstance(loc, complex):
            loc = _ops.complex(to_tensor(loc.real, 'float32'), to_tensor(loc.imag, 'float32'))
        if isinstance(scale, np.ndarray):
            scale = to_tensor(scale, dtype=str(scale.dtype))
        elif isinstance(scale, float):
            scale = to_tensor(scale, dtype='float32')
        self.loc, self.scale = loc, scale
        self.dtype = _dtype_name(loc.dtype)

    @property
    def mean(self):
        return self.loc

    @property
    def variance(self):
        return self.scale.pow(2)

    def _out_shape(self, shape):
        return list(shape) + list((self.loc + self.scale).shape)

    def sample(self, shape=(), seed=0):
        shape = _check_shape(shape)
        out_shape = self._out_shape(shape)
        eps = _ops.normal(0j if self._complex_gaussian else 0.0, 1.0, shape=out_shape)
        # like Paddle, sample() stays differentiable w.r.t. loc and scale
        out = _ops.cast(eps, self.dtype) * (_ops.zeros(out_shape, dtype=self.dtype) + self.scale) + self.loc
        if self.all_arg_is_float:
            return out.reshape(list(shape))
        return out

    def rsample(self, shape=()):
        shape = self._extend_shape(_check_shape(shape))
        eps = _ops.normal(0j if self._complex_gaussian else 0.0, 1.0, shape=list(shape))
        eps = _ops.cast(eps, self.loc.dtype)
        return self.loc + eps * self.scale

    def entropy(self):
        if self._complex_gaussian:
            zero = _ops.full(self._out_shape(()), 0.0, self.scale.dtype)
            return (1.0 + zero) + (math.log(math.pi) + 2.0 * _ops.log(self.scale + zero))
        zero = _ops.full(self._out_shape(()), 0.0, self.dtype)
        return (0.5 + zero) + (0.5 * math.log(2 * math.pi) + _ops.log(self.scale + zero))

    def log_prob(self, value):
        value = self._check_values_dtype_in_probs(self.loc, value)
        var = self.scale * self.scale
        if self._complex_gaussian:
            d = value - self.loc
            return -1.0 * (d.conj() * d) / var - (2.0 * _ops.log(self.scale) + math.log(math.pi))
        return (-1.0 * ((value - self.loc) * (value - self.loc)) / (2.0 * var)
                - (_ops.log(self.scale) + math.log(math.sqrt(2.0 * math.pi))))

    def probs(self, value):
        value = self._check_values_dtype_in_probs(self.loc, value)
        var = self.scale * self.scale
        if self._complex_gaussian:
            d = value - self.loc
            return _ops.exp(-1.0 * (d.conj() * d) / var) / (math.pi * var)
        return (_ops.exp(-1.0 * ((value - self.loc) * (value - self.loc)) / (2.0 * var))
                / (math.sqrt(2 * math.pi) * self.scale))

    def kl_divergence(self, other):
        if self._complex_gaussian != other._complex_gaussian:
            raise ValueError("The kl divergence must be computed between two distributions in the same number field.")
        var_ratio = self.scale / other.scale
        var_ratio = var_ratio * var_ratio
        t1 = (self.loc - other.loc) / other.scale
        if self._complex_gaussian:
            return var_ratio + t1.conj() * t1 - 1.0 - _ops.log(var_ratio)
        t1 = t1 * t1
        return 0.5 * var_ratio + 0.5 * (t1 - 1.0 - _ops.log(var_ratio))

