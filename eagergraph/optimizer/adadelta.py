"""Adadelta (Paddle's adadelta kernel): E[g^2] = rho * E[g^2] + (1 - rho) * g^2;
update = -sqrt(E[dx^2] + eps) / sqrt(E[g^2] + eps) * g; param += lr * update;
E[dx^2] = rho * E[dx^2] + (1 - rho) * update^2."""
import numpy as np

from .optimizer import Optimizer

__all__ = ["Adadelta"]


class Adadelta(Optimizer):
    _avg_squared_grad_acc_str = "_avg_squared_grad"
    _avg_squared_update_acc_str = "_avg_squared_update"

    def __init__(self, learning_rate=0.001, epsilon=1.0e-6, rho=0.95, parameters=None,
                 weight_decay=None, grad_clip=None, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set.")
        if epsilon is None:
            raise ValueError("epsilon is not set.")
        if rho is None:
            raise ValueError("rho is not set.")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "adadelta"
        self._epsilon, self._rho = epsilon, rho
        self._default_dict = {"epsilon": epsilon, "rho": rho}

    def _update_param_group(self, group):
        self._epsilon = group.get("epsilon", self._default_dict["epsilon"])
        self._rho = group.get("rho", self._default_dict["rho"])

    def _create_accumulators(self, p):
        self._add_accumulator(self._avg_squared_grad_acc_str, p)
        self._add_accumulator(self._avg_squared_update_acc_str, p)

    def _update(self, p, data, g, lr):
        asg = self._get_accumulator(self._avg_squared_grad_acc_str, p)
        asu = self._get_accumulator(self._avg_squared_update_acc_str, p)
        t = data.dtype.type
        rho, eps, one = t(self._rho), t(self._epsilon), t(1)
        asg *= rho
        asg += (one - rho) * np.square(g)
        update = -(np.sqrt(asu + eps) / np.sqrt(asg + eps) * g)
        data += lr * update
        asu *= rho
        asu += (one - rho) * np.square(update)
