"""ASGD (Paddle's asgd kernel): keeps the last batch_num gradients ys and their running sum d;
each step replaces the oldest, d = d - y_old + g, and param -= lr / n * d with n =
min(steps so far, batch_num)."""
import numpy as np

from .optimizer import Optimizer

__all__ = ["ASGD"]


class ASGD(Optimizer):
    _d_acc_str = "d"
    _y_acc_str = "y"
    _m_acc_str = "m"

    def __init__(self, learning_rate=0.001, batch_num=1, parameters=None, weight_decay=None,
                 grad_clip=None, multi_precision=False, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate should not be none")
        if batch_num is None:
            raise ValueError("batch_num should not be none")
        if not 0 < batch_num:
            raise ValueError("batch_num should be greater than 0")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "asgd"
        self._multi_precision = multi_precision
        self._n = batch_num

    def _create_accumulators(self, p):
        self._add_accumulator(self._d_acc_str, p, p._data.dtype, 0)
        self._add_accumulator(self._y_acc_str, p, p._data.dtype, 0, [self._n, *p._data.shape])
        self._add_accumulator(self._m_acc_str, p, np.int64, 0, [1])

    def _update(self, p, data, g, lr):
        d = self._get_accumulator(self._d_acc_str, p)
        ys = self._get_accumulator(self._y_acc_str, p)
        m = self._get_accumulator(self._m_acc_str, p)
        index = int(m[0] % self._n)
        m += 1
        n = data.dtype.type(min(int(m[0]), self._n))
        y = ys[index]
        d -= y
        d += g
        y[...] = g
        data -= lr / n * d
