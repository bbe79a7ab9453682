"""Distribution: the base class of paddle.distribution (Paddle 3.3.1 semantics).

Parameters and values are eagergraph Tensors; every density, entropy and
reparameterised sample is a composition of public differentiable ops, so
gradients w.r.t. the parameters come from autograd.
"""
import warnings
from collections.abc import Iterable

import numpy as np

from ..tensor import Tensor
from .. import ops as _ops
from ..creation import to_tensor
from ..framework import get_default_dtype
from ..nn import functional as _F

__all__ = ["Distribution"]

_FLOATS = ("float32", "float64")


def _dtype_name(dtype):
    return str(dtype).replace("paddle.", "")


def _check_shape(shape):
    if not isinstance(shape, Iterable):
        raise TypeError('sample shape must be Iterable object.')
    return tuple(int(s) for s in shape)


class Distribution:
    """Abstract base: batch_shape/event_shape plus the sampling and density API."""

    def __init__(self, batch_shape=(), event_shape=()):
        self._batch_shape = batch_shape if isinstance(batch_shape, tuple) else tuple(batch_shape)
        self._event_shape = event_shape if isinstance(event_shape, tuple) else tuple(event_shape)
        super().__init__()

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def event_shape(self):
        return self._event_shape

    @property
    def mean(self):
        raise NotImplementedError

    @property
    def variance(self):
        raise NotImplementedError

    def sample(self, shape=()):
        raise NotImplementedError

    def rsample(self, shape=()):
        raise NotImplementedError

    def entropy(self):
        raise NotImplementedError

    def kl_divergence(self, other):
        raise NotImplementedError

    def prob(self, value):
        return self.log_prob(value).exp()

    def log_prob(self, value):
        raise NotImplementedError

    def probs(self, value):
        raise NotImplementedError

    def _extend_shape(self, sample_shape):
        return tuple(sample_shape) + tuple(self._batch_shape) + tuple(self._event_shape)

    def _validate_args(self, *args):
        is_variable = any(isinstance(a, Tensor) for a in args)
        is_number = any(not isinstance(a, Tensor) for a in args)
        if is_variable and is_number:
            raise ValueError('if one argument is Tensor, all arguments should be Tensor')
        return is_variable

    def _to_tensor(self, *args):
        """Python floats / lists / ndarrays -> broadcast float32 Tensors (Paddle's dygraph result)."""
        arrays = []
        for arg in args:
            if not isinstance(arg, (float, list, tuple, np.ndarray, Tensor)):
                raise TypeError("Type of input args must be float, list, tuple, numpy.ndarray or Tensor, "
                                f"but received type {type(arg)}")
            a = np.array(arg.numpy() if isinstance(arg, Tensor) else arg)
            if str(a.dtype) not in _FLOATS:
                warnings.warn("data type of argument only support float32 and float64, "
                              "your argument will be convert to float32.")
            arrays.append(a.astype(np.float32))
        arrays = np.broadcast_arrays(*arrays)
        return tuple(to_tensor(np.array(a), dtype="float32") for a in arrays)

    def _check_values_dtype_in_probs(self, param, value):
        if param.is_complex():
            return value.astype(param.dtype)
        if value.dtype != param.dtype and _dtype_name(value.dtype) in _FLOATS:
            warnings.warn("dtype of input 'value' needs to be the same as parameters of distribution class. "
                          "dtype of 'value' will be converted.")
            return _ops.cast(value, param.dtype)
        return value

    def _probs_to_logits(self, probs, is_binary=False):
        return (_ops.log(probs) - _ops.log1p(-probs)) if is_binary else _ops.log(probs)

    def _logits_to_probs(self, logits, is_binary=False):
        return _F.sigmoid(logits) if is_binary else _F.softmax(logits, axis=-1)

    def _broadcast_all(self, *args):
        for arg in args:
            if not isinstance(arg, (float, list, tuple, np.ndarray, Tensor)):
                raise TypeError("Type of input args must be float, list, tuple, numpy.ndarray or Tensor, "
                                f"but received type {type(arg)}")
        dtype = next((a.dtype for a in args if isinstance(a, Tensor)), get_default_dtype())
        new = [a if isinstance(a, Tensor) else to_tensor(a, dtype=dtype) for a in args]
        return tuple(_ops.broadcast_tensors(new))


def _as_real_tensor(x, name):
    """numbers.Real -> 0-D default-dtype Tensor (the Laplace/Cauchy/Gumbel/Beta convention)."""
    import numbers
    if isinstance(x, numbers.Real) and not isinstance(x, bool):
        return _ops.full(shape=[], fill_value=x, dtype=get_default_dtype())
    return x


def _scalar_or_tensors(dist, *args):
    """Exponential/Gamma/Poisson convention: all Tensors kept as is, else float32 Tensors."""
    if dist._validate_args(*args):
        return args, _dtype_name(args[0].dtype)
    return dist._to_tensor(*args), get_default_dtype()
