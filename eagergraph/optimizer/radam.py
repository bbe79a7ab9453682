"""RAdam (Paddle's radam kernel): Adam whose adaptive term is switched on, with the variance
rectification r_t, once the approximated SMA length rho_t exceeds 5; before that the update is
lr * m_hat. Its power and rho accumulators have the parameter's shape, as in Paddle."""
import numpy as np

from .optimizer import Optimizer

__all__ = ["RAdam"]


class RAdam(Optimizer):
    _beta1_pow_acc_str = "beta1_pow"
    _beta2_pow_acc_str = "beta2_pow"
    _rho_acc_str = "rho"
    _moment1_acc_str = "moment1"
    _moment2_acc_str = "moment2"

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1.0e-8,
                 parameters=None, weight_decay=None, grad_clip=None, name=None):
        if isinstance(learning_rate, (float, int)) and not 0.0 <= learning_rate:
            raise ValueError(f"Invalid learning rate: {learning_rate}, expect learning_rate >= 0.")
        if not 0.0 <= epsilon:
            raise ValueError(f"Invalid epsilon value: {epsilon}, expect epsilon >= 0.")
        if not 0.0 <= beta1 < 1.0:
            raise ValueError(f"Invalid beta1: {beta1}, expect 0. <= beta1 < 1.0.")
        if not 0.0 <= beta2 < 1.0:
            raise ValueError(f"Invalid beta2: {beta2}, expect 0. <= beta2 < 1.0.")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "radam"
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon}

    def _update_param_group(self, group):
        for key in self._default_dict:
            setattr(self, "_" + key, group.get(key, self._default_dict[key]))

    def _create_accumulators(self, p):
        self._add_accumulator(self._beta1_pow_acc_str, p, fill_value=1.0)
        self._add_accumulator(self._beta2_pow_acc_str, p, fill_value=1.0)
        self._add_accumulator(self._rho_acc_str, p, fill_value=1.0)
        self._add_accumulator(self._moment1_acc_str, p)
        self._add_accumulator(self._moment2_acc_str, p)

    def _update(self, p, data, g, lr):
        get = self._get_accumulator
        b1p, b2p = get(self._beta1_pow_acc_str, p), get(self._beta2_pow_acc_str, p)
        rho = get(self._rho_acc_str, p)
        m1, m2 = get(self._moment1_acc_str, p), get(self._moment2_acc_str, p)
        t = data.dtype.type
        one, two = t(1), t(2)
        b1, b2, eps = t(self._beta1), t(self._beta2), t(self._epsilon)
        rho_inf = two / (one - b2) - one
        b1p *= b1
        b2p *= b2
        rho[...] = (rho * (b2 - b2p) + b2p) / (one - b2p)
        m1 *= b1
        m1 += (one - b1) * g
        m2 *= b2
        m2 += (one - b2) * g * g
        m1_hat = m1 / (one - b1p)
        rho_t = rho_inf - two * rho.reshape(-1)[0] if rho.size else rho_inf
        if rho_t > t(5):
            l_t = np.sqrt(one - b2p) / (np.sqrt(m2) + eps)
            r_t = np.sqrt(((rho_t - t(4)) * (rho_t - two) * rho_inf)
                          / ((rho_inf - t(4)) * (rho_inf - two) * rho_t))
            data -= lr * m1_hat * r_t * l_t
        else:
            data -= lr * m1_hat
