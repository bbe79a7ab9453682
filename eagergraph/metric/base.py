"""The Metric interface: reset / update / accumulate / name, plus an optional compute() that
turns model outputs and labels into the states update() takes (Paddle metric/metrics.py)."""
import abc

import numpy as np

from ..tensor import Tensor

__all__ = ["Metric"]


class Metric(metaclass=abc.ABCMeta):
    """Base class of metrics. paddle.Model calls, per batch,
    `update(*to_numpy(compute(*outputs, *labels)))` and then `accumulate()`; `reset()` after an
    epoch. compute() passes its arguments through unless a subclass overrides it."""

    def __init__(self):
        pass

    @abc.abstractmethod
    def reset(self):
        """Reset states and result."""
        raise NotImplementedError(
            f"function 'reset' not implemented in {self.__class__.__name__}.")

    @abc.abstractmethod
    def update(self, *args):
        """Update the states from compute()'s outputs (as NumPy arrays)."""
        raise NotImplementedError(
            f"function 'update' not implemented in {self.__class__.__name__}.")

    @abc.abstractmethod
    def accumulate(self):
        """The metric value over everything seen since the last reset()."""
        raise NotImplementedError(
            f"function 'accumulate' not implemented in {self.__class__.__name__}.")

    @abc.abstractmethod
    def name(self):
        """The metric's name (a str, or a list of str for several values)."""
        raise NotImplementedError(
            f"function 'name' not implemented in {self.__class__.__name__}.")

    def compute(self, *args):
        """Model outputs and labels -> the inputs of update(); the identity by default."""
        return args


def as_numpy(value, what):
    """A Tensor or NumPy value as a NumPy array; anything else is Paddle's ValueError."""
    if isinstance(value, Tensor):
        return np.array(value)
    if isinstance(value, (np.ndarray, np.generic)):
        return value
    raise ValueError(f"The '{what}' must be a numpy ndarray or Tensor.")
