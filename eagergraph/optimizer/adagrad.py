"""Adagrad (Paddle's adagrad kernel): moment += g^2; param -= lr * g / (sqrt(moment) + eps)."""
import numpy as np

from .optimizer import Optimizer

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    _moment_acc_str = "moment"

    def __init__(self, learning_rate, epsilon=1e-06, parameters=None, weight_decay=None,
                 grad_clip=None, name=None, initial_accumulator_value=0.0):
        assert learning_rate is not None
        assert epsilon is not None
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "adagrad"
        self._epsilon = epsilon
        self.initial_accumulator_value = initial_accumulator_value
        self._default_dict = {"epsilon": epsilon,
                              "initial_accumulator_value": initial_accumulator_value}

    def _update_param_group(self, group):
        self._epsilon = group.get("epsilon", self._default_dict["epsilon"])
        self.initial_accumulator_value = group.get(
            "initial_accumulator_value", self._default_dict["initial_accumulator_value"])

    def _create_accumulators(self, p):
        self._add_accumulator(self._moment_acc_str, p,
                              fill_value=self.initial_accumulator_value)

    def _update(self, p, data, g, lr):
        m = self._get_accumulator(self._moment_acc_str, p)
        m += g * g
        data -= lr * g / (np.sqrt(m) + data.dtype.type(self._epsilon))
