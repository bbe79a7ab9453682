"""Lamb (Paddle's lamb kernel): Adam moments with bias correction by the beta power
accumulators, r = m_hat / (sqrt(v_hat) + eps) + weight_decay * param, and the step scaled by
the trust ratio ||param|| / ||r|| (1 when either norm is 0): param -= lr * ratio * r."""
import numpy as np

from .optimizer import Optimizer

__all__ = ["Lamb"]


class Lamb(Optimizer):
    _moment1_acc_str = "moment1"
    _moment2_acc_str = "moment2"
    _beta1_pow_acc_str = "beta1_pow_acc"
    _beta2_pow_acc_str = "beta2_pow_acc"

    def __init__(self, learning_rate=0.001, lamb_weight_decay=0.01, beta1=0.9, beta2=0.999,
                 epsilon=1e-6, parameters=None, grad_clip=None,
                 exclude_from_weight_decay_fn=None, multi_precision=False, always_adapt=False,
                 name=None):
        assert learning_rate is not None
        assert beta1 is not None and beta2 is not None and epsilon is not None
        super().__init__(learning_rate, parameters, None, grad_clip, name)
        self.type = "lamb"
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon
        self._lamb_weight_decay = lamb_weight_decay
        self._exclude_from_weight_decay_fn = exclude_from_weight_decay_fn
        self._multi_precision = multi_precision
        self._always_adapt = always_adapt
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon,
                              "lamb_weight_decay": lamb_weight_decay,
                              "exclude_from_weight_decay_fn": exclude_from_weight_decay_fn}

    def _update_param_group(self, group):
        for key in self._default_dict:
            setattr(self, "_" + key, group.get(key, self._default_dict[key]))

    def _create_accumulators(self, p):
        self._add_accumulator(self._moment1_acc_str, p)
        self._add_accumulator(self._moment2_acc_str, p)
        self._add_accumulator(self._beta1_pow_acc_str, p, fill_value=self._beta1, shape=[1])
        self._add_accumulator(self._beta2_pow_acc_str, p, fill_value=self._beta2, shape=[1])

    def _update(self, p, data, g, lr):
        get = self._get_accumulator
        m1, m2 = get(self._moment1_acc_str, p), get(self._moment2_acc_str, p)
        b1p_acc, b2p_acc = get(self._beta1_pow_acc_str, p), get(self._beta2_pow_acc_str, p)
        exclude = self._exclude_from_weight_decay_fn
        wd = 0.0 if exclude is not None and exclude(p) else self._lamb_weight_decay
        t = data.dtype.type
        one = t(1)
        b1, b2, eps, wd = t(self._beta1), t(self._beta2), t(self._epsilon), t(wd)
        m1 *= b1
        m1 += (one - b1) * g
        m2 *= b2
        m2 += (one - b2) * g * g
        m1_hat = m1 / (one - b1p_acc[0])
        m2_hat = m2 / (one - b2p_acc[0])
        r = m1_hat / (np.sqrt(m2_hat) + eps) + wd * data
        p_norm = np.sqrt(np.sum(np.square(data)))
        r_norm = np.sqrt(np.sum(np.square(r)))
        ratio = p_norm / r_norm if p_norm > 0 and r_norm > 0 else one
        if not (wd > 0 or self._always_adapt):
            ratio = one
        data -= lr * ratio * r
        b1p_acc *= b1
        b2p_acc *= b2
