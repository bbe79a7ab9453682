"""RMSProp (Paddle's rmsprop kernel): ms = rho * ms + (1 - rho) * g^2;
mom = momentum * mom + lr * g / sqrt(ms + eps) (centered: sqrt(ms - mg^2 + eps) with
mg = rho * mg + (1 - rho) * g); param -= mom."""
import numpy as np

from .optimizer import Optimizer

__all__ = ["RMSProp"]


class RMSProp(Optimizer):
    _momentum_acc_str = "momentum"
    _mean_square_acc_str = "mean_square"
    _mean_grad_acc_str = "mean_grad"

    def __init__(self, learning_rate, rho=0.95, epsilon=1e-06, momentum=0.0, centered=False,
                 parameters=None, weight_decay=None, grad_clip=None, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set.")
        if rho is None:
            raise ValueError("rho is not set.")
        if epsilon is None:
            raise ValueError("epsilon is not set.")
        if momentum is None:
            raise ValueError("momentum is not set.")
        if not 0.0 <= epsilon:
            raise ValueError("Invalid value of epsilon, expect epsilon >= 0.")
        if not 0.0 <= momentum:
            raise ValueError("Invalid value of momentum, expect momentum >= 0.")
        if not 0.0 <= rho:
            raise ValueError("Invalid value of rho, expect rho >= 0.")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "rmsprop"
        self._rho, self._epsilon, self._momentum, self._centered = rho, epsilon, momentum, centered
        self._default_dict = {"rho": rho, "epsilon": epsilon, "momentum": momentum,
                              "centered": centered}

    def _update_param_group(self, group):
        for key in self._default_dict:
            setattr(self, "_" + key, group.get(key, self._default_dict[key]))

    def _create_accumulators(self, p):
        self._add_accumulator(self._momentum_acc_str, p)
        self._add_accumulator(self._mean_square_acc_str, p)
        self._add_accumulator(self._mean_grad_acc_str, p)

    def _update(self, p, data, g, lr):
        mom = self._get_accumulator(self._momentum_acc_str, p)
        ms = self._get_accumulator(self._mean_square_acc_str, p)
        t = data.dtype.type
        rho, eps, mu = t(self._rho), t(self._epsilon), t(self._momentum)
        ms *= rho
        ms += (t(1) - rho) * g * g
        if self._centered:
            mg = self._get_accumulator(self._mean_grad_acc_str, p)
            mg *= rho
            mg += (t(1) - rho) * g
            denom = np.sqrt(ms - mg * mg + eps)
        else:
            denom = np.sqrt(ms + eps)
        mom *= mu
        mom += lr * g / denom
        data -= mom
