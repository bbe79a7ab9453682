"""Momentum (Paddle's momentum kernel): v = mu * v + g; param -= lr * v, or with Nesterov
param -= (g + mu * v) * lr. L2 weight decay (a float or L2Decay) is folded into g inside the
update, g = g * rescale_grad + coeff * param; L1Decay goes through the grad as elsewhere."""
import numpy as np

from ..regularizer import L2Decay
from .optimizer import Optimizer

__all__ = ["Momentum"]


def _l2(weight_decay):
    if isinstance(weight_decay, L2Decay):
        return "l2_decay", weight_decay._coeff
    if isinstance(weight_decay, float):
        return "l2_decay", weight_decay
    return "", 0.0


class Momentum(Optimizer):
    _velocity_acc_str = "velocity"

    def __init__(self, learning_rate=0.001, momentum=0.9, parameters=None, use_nesterov=False,
                 weight_decay=None, grad_clip=None, multi_precision=False, rescale_grad=1.0,
                 use_multi_tensor=False, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set")
        if momentum is None:
            raise ValueError("momentum is not set")
        if isinstance(weight_decay, int) and not isinstance(weight_decay, bool):
            weight_decay = float(weight_decay)
        folded = lambda reg: isinstance(reg, (L2Decay, float))  # noqa: E731
        if isinstance(parameters, list) and parameters and isinstance(parameters[0], dict):
            for group in parameters:
                decay = group["weight_decay"] if "weight_decay" in group else weight_decay
                group["regularization_method"], group["regularization_coeff"] = _l2(decay)
                group["weight_decay"] = None if folded(decay) else decay
        super().__init__(learning_rate, parameters, None if folded(weight_decay) else weight_decay,
                         grad_clip, name)
        self.type = "momentum"
        self._momentum = momentum
        self._use_nesterov = bool(use_nesterov)
        self._regularization_method, self._regularization_coeff = _l2(weight_decay)
        self._multi_precision = multi_precision
        self._rescale_grad = rescale_grad
        self._default_dict = {
            "momentum": momentum, "use_nesterov": use_nesterov, "rescale_grad": rescale_grad,
            "regularization_method": self._regularization_method,
            "regularization_coeff": self._regularization_coeff}

    def _update_param_group(self, group):
        for key in self._default_dict:
            setattr(self, "_" + key, group.get(key, self._default_dict[key]))

    def _create_accumulators(self, p):
        self._add_accumulator(self._velocity_acc_str, p)

    def _regularized_grad(self, p, g):
        if isinstance(getattr(p, "regularizer", None), L2Decay):
            return g
        return super()._regularized_grad(p, g)

    def _update(self, p, data, g, lr):
        v = self._get_accumulator(self._velocity_acc_str, p)
        t = data.dtype.type
        method, coeff = self._regularization_method, self._regularization_coeff
        reg = getattr(p, "regularizer", None)
        if isinstance(reg, L2Decay):
            method, coeff = "l2_decay", reg._coeff
        elif reg is not None:
            method, coeff = "", 0.0
        if self._rescale_grad != 1.0:
            g = g * t(self._rescale_grad)
        if method == "l2_decay":
            g = g + t(coeff) * data
        mu = t(self._momentum)
        v *= mu
        v += g
        if self._use_nesterov:
            np.subtract(data, (g + v * mu) * lr, out=data)
        else:
            np.subtract(data, lr * v, out=data)
