"""NAdam (Paddle's nadam kernel): Adam with Nesterov momentum, the momentum schedule
mu_t = beta1 * (1 - 0.5 * 0.96^(t * momentum_decay)). Its power accumulators have the
parameter's shape, as in Paddle (every element holds the same value)."""
import numpy as np

from .optimizer import Optimizer

__all__ = ["NAdam"]


class NAdam(Optimizer):
    _momentum_decay_pow_acc_str = "momentum_decay_pow"
    _beta2_pow_acc_str = "beta2_pow"
    _mu_product_acc_str = "mu_product"
    _moment1_acc_str = "moment1"
    _moment2_acc_str = "moment2"

    def __init__(self, learning_rate=0.002, beta1=0.9, beta2=0.999, epsilon=1.0e-8,
                 momentum_decay=0.004, parameters=None, weight_decay=None, grad_clip=None,
                 name=None):
        if isinstance(learning_rate, (float, int)) and not 0.0 <= learning_rate:
            raise ValueError(f"Invalid learning rate: {learning_rate}, expect learning_rate >= 0.")
        if not 0.0 <= epsilon:
            raise ValueError(f"Invalid epsilon value: {epsilon}, expect epsilon >= 0.")
        if not 0.0 <= beta1 < 1.0:
            raise ValueError(f"Invalid beta1: {beta1}, expect 0. <= beta1 < 1.0.")
        if not 0.0 <= beta2 < 1.0:
            raise ValueError(f"Invalid beta2: {beta2}, expect 0. <= beta2 < 1.0.")
        if not 0.0 <= momentum_decay:
            raise ValueError(f"Invalid momentum_decay value: {momentum_decay}, expect "
                             f"momentum_decay >= 0.")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "nadam"
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon
        self._momentum_decay = momentum_decay
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon,
                              "momentum_decay": momentum_decay}

    def _update_param_group(self, group):
        for key in self._default_dict:
            setattr(self, "_" + key, group.get(key, self._default_dict[key]))

    def _create_accumulators(self, p):
        self._add_accumulator(self._momentum_decay_pow_acc_str, p, fill_value=1.0)
        self._add_accumulator(self._beta2_pow_acc_str, p, fill_value=1.0)
        self._add_accumulator(self._mu_product_acc_str, p, fill_value=1.0)
        self._add_accumulator(self._moment1_acc_str, p)
        self._add_accumulator(self._moment2_acc_str, p)

    def _update(self, p, data, g, lr):
        get = self._get_accumulator
        mdp = get(self._momentum_decay_pow_acc_str, p)
        b2p = get(self._beta2_pow_acc_str, p)
        mup = get(self._mu_product_acc_str, p)
        m1, m2 = get(self._moment1_acc_str, p), get(self._moment2_acc_str, p)
        t = data.dtype.type
        one, half = t(1), t(0.5)
        b1, b2, eps, md = (t(self._beta1), t(self._beta2), t(self._epsilon),
                           t(self._momentum_decay))
        mdp *= t(0.96)
        b2p *= b2
        decay = np.power(mdp, md)
        mu_t = b1 * (one - half * decay)
        mu_t1 = b1 * (one - half * decay * np.power(t(0.96), md))
        mup *= mu_t
        mup_t1 = mup * mu_t1
        m1 *= b1
        m1 += (one - b1) * g
        m2 *= b2
        m2 += (one - b2) * g * g
        m1_hat = mu_t1 * m1 / (one - mup_t1) + (one - mu_t) * g / (one - mup)
        m2_hat = m2 / (one - b2p)
        data -= lr * m1_hat / (np.sqrt(m2_hat) + eps)
