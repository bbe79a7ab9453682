"""Adamax (Paddle's adamax kernel): m = b1 * m + (1 - b1) * g; u = max(|g|, b2 * u + eps);
param -= lr / (1 - b1p) * (m / u); the beta1 power accumulator (starting at beta1) is
multiplied by beta1 after every parameter of the step is updated."""
import numpy as np

from .optimizer import Optimizer

__all__ = ["Adamax"]


class Adamax(Optimizer):
    _moment_acc_str = "moment"
    _inf_norm_acc_str = "inf_norm"
    _beta1_pow_acc_str = "beta1_pow_acc"

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8,
                 parameters=None, weight_decay=None, grad_clip=None, name=None):
        assert learning_rate is not None
        assert beta1 is not None and beta2 is not None and epsilon is not None
        if not 0 <= beta1 < 1:
            raise ValueError("Invalid value of beta1, expect beta1 in [0,1).")
        if not 0 <= beta2 < 1:
            raise ValueError("Invalid value of beta2, expect beta2 in [0,1).")
        if not 0 <= epsilon:
            raise ValueError("Invalid value of epsilon, expect epsilon >= 0.")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "adamax"
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon}

    def _update_param_group(self, group):
        for key in ("beta1", "beta2", "epsilon"):
            setattr(self, "_" + key, group.get(key, self._default_dict[key]))

    def _create_accumulators(self, p):
        self._add_accumulator(self._moment_acc_str, p)
        self._add_accumulator(self._inf_norm_acc_str, p)
        self._add_accumulator(self._beta1_pow_acc_str, p, fill_value=self._beta1, shape=[1])

    def _update(self, p, data, g, lr):
        m = self._get_accumulator(self._moment_acc_str, p)
        u = self._get_accumulator(self._inf_norm_acc_str, p)
        b1p = self._get_accumulator(self._beta1_pow_acc_str, p)[0]
        t = data.dtype.type
        b1, b2, eps = t(self._beta1), t(self._beta2), t(self._epsilon)
        m *= b1
        m += (t(1) - b1) * g
        u *= b2
        u += eps
        np.maximum(np.abs(g), u, out=u)
        lr_t = lr / (t(1) - b1p)
        data -= lr_t * (m / u)

    def _finish_update(self, pairs):
        for p, _ in pairs:
            acc = self._get_accumulator(self._beta1_pow_acc_str, p)
            acc *= acc.dtype.type(self._beta1)
