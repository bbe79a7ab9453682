"""Rprop (Paddle's rprop kernel): per-element step sizes (the learning_rates accumulator,
starting at learning_rate) grow by etas[1] while the gradient keeps its sign and shrink by
etas[0] when it flips (that element then takes no step and remembers a zero gradient), kept
inside learning_rate_range; param -= sign(g) * step."""
import numpy as np

from .optimizer import Optimizer

__all__ = ["Rprop"]


class Rprop(Optimizer):
    _prevs_acc_str = "prevs"
    _learning_rates_acc_str = "learning_rates"

    def __init__(self, learning_rate=0.001, learning_rate_range=(1e-5, 50), parameters=None,
                 etas=(0.5, 1.2), grad_clip=None, multi_precision=False, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set")
        if not 0.0 < learning_rate_range[0] <= learning_rate <= learning_rate_range[1]:
            raise ValueError("'0.0 < learning_rate_range[0] <= learning_rate <= "
                             "learning_rate_range[1]' must be true")
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError("'0.0 < etas[0] < 1.0 < etas[1]' must be true")
        super().__init__(learning_rate, parameters, 0.0, grad_clip, name)
        self.type = "rprop"
        self._initial_learning_rate = learning_rate
        self._multi_precision = multi_precision
        self._learning_rate_range = tuple(learning_rate_range)
        self._etas = tuple(etas)

    def _create_accumulators(self, p):
        self._add_accumulator(self._prevs_acc_str, p, p._data.dtype, 0)
        self._add_accumulator(self._learning_rates_acc_str, p, p._data.dtype,
                              self._initial_learning_rate)

    def _update(self, p, data, g, lr):
        prev = self._get_accumulator(self._prevs_acc_str, p)
        rates = self._get_accumulator(self._learning_rates_acc_str, p)
        t = data.dtype.type
        lo, hi = (t(v) for v in self._learning_rate_range)
        neg, pos = (t(v) for v in self._etas)
        prod = g * prev
        g = np.where(prod < 0, t(0), g)
        eta = np.where(prod > 0, pos, np.where(prod < 0, neg, t(1)))
        rates *= eta
        np.clip(rates, lo, hi, out=rates)
        data -= np.sign(g) * rates
        prev[...] = g
