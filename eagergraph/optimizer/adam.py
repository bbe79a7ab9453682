"""Adam and AdamW (Paddle's adam / adamw CPU kernels). With b1p, b2p the beta power
accumulators (they start at beta1, beta2 and are multiplied by them after each update):

    m = b1 * m + (1 - b1) * g;  v = b2 * v + (1 - b2) * g * g
    lr_t = lr * sqrt(1 - b2p) / (1 - b1p);  eps_t = eps * sqrt(1 - b2p)
    param -= lr_t * m / (sqrt(v) + eps_t)          (amsgrad: v_max = max(v_max, v) in sqrt)

AdamW first decays the parameter: param -= (lr * lr_ratio * coeff) * param (unless
apply_decay_param_fun(param.name) is False). float32 parameters are updated in the operation
order (and with the fused multiply-adds) of Paddle's CPU kernels (_adam_math.py)."""
from collections.abc import Callable

import numpy as np

from ..tensor import Tensor
from ._adam_math import adam_f32
from .optimizer import Optimizer

__all__ = ["Adam", "AdamW"]


def _scalar(v):
    return float(v._data.reshape(-1)[0]) if isinstance(v, Tensor) else v


def _check_betas(beta1, beta2, epsilon):
    assert beta1 is not None and beta2 is not None and epsilon is not None
    if not isinstance(beta1, Tensor) and not 0 <= beta1 < 1:
        raise ValueError("Invalid value of beta1, expect beta1 in [0,1).")
    if not isinstance(beta2, Tensor) and not 0 <= beta2 < 1:
        raise ValueError("Invalid value of beta2, expect beta2 in [0,1).")
    if not isinstance(epsilon, Tensor) and not 0 <= epsilon:
        raise ValueError("Invalid value of epsilon, expect epsilon >= 0.")


class Adam(Optimizer):
    _moment1_acc_str = "moment1"
    _moment2_acc_str = "moment2"
    _moment2_acc_max_str = "moment2_max"
    _beta1_pow_acc_str = "beta1_pow_acc"
    _beta2_pow_acc_str = "beta2_pow_acc"

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08,
                 parameters=None, weight_decay=None, grad_clip=None, lazy_mode=False,
                 multi_precision=False, use_multi_tensor=False, amsgrad=False, name=None):
        assert learning_rate is not None
        _check_betas(beta1, beta2, epsilon)
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "adam"
        # Paddle's fused multi-tensor update gives the same values as the per-parameter one:
        # accepted in Paddle's position, and the update is the same either way
        self._use_multi_tensor = bool(use_multi_tensor)
        self._init_hyper(beta1, beta2, epsilon, lazy_mode, multi_precision, amsgrad)

    def _init_hyper(self, beta1, beta2, epsilon, lazy_mode, multi_precision, amsgrad):
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon
        self._lazy_mode = lazy_mode
        self._multi_precision = multi_precision
        self._amsgrad = amsgrad
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon,
                              "lazy_mode": lazy_mode}

    def _update_param_group(self, group):
        self._beta1 = group.get("beta1", self._default_dict["beta1"])
        self._beta2 = group.get("beta2", self._default_dict["beta2"])
        self._epsilon = group.get("epsilon", self._default_dict["epsilon"])
        self._lazy_mode = group.get("lazy_mode", self._default_dict["lazy_mode"])

    def _create_accumulators(self, p):
        self._add_accumulator(self._moment1_acc_str, p)
        self._add_accumulator(self._moment2_acc_str, p)
        if self._amsgrad:
            self._add_accumulator(self._moment2_acc_max_str, p)
        b1 = 0.9 if isinstance(self._beta1, Tensor) else self._beta1
        b2 = 0.999 if isinstance(self._beta2, Tensor) else self._beta2
        self._add_accumulator(self._beta1_pow_acc_str, p, fill_value=b1, shape=[1])
        self._add_accumulator(self._beta2_pow_acc_str, p, fill_value=b2, shape=[1])

    def _update(self, p, data, g, lr):
        self._adam(p, data, g, lr)

    def _adam(self, p, data, g, lr, decay=None):
        get = self._get_accumulator
        m1, m2 = get(self._moment1_acc_str, p), get(self._moment2_acc_str, p)
        b1p_acc, b2p_acc = get(self._beta1_pow_acc_str, p), get(self._beta2_pow_acc_str, p)
        t = data.dtype.type
        one = t(1)
        b1, b2, eps = t(_scalar(self._beta1)), t(_scalar(self._beta2)), t(_scalar(self._epsilon))
        b1p, b2p = b1p_acc[0], b2p_acc[0]
        if data.dtype == np.float32 and g.dtype == np.float32:
            sq = np.sqrt(one - b2p)
            mx = get(self._moment2_acc_max_str, p) if self._amsgrad else None
            adam_f32(data, m1, m2, g, b1, b2, lr * (sq / (one - b1p)), eps * sq, mx, decay)
            b1p_acc *= b1
            b2p_acc *= b2
            return
        if decay is not None:
            data *= one - decay
        m1 *= b1
        m1 += (one - b1) * g
        m2 *= b2
        m2 += (one - b2) * g * g
        denom = m2
        if self._amsgrad:
            mx = get(self._moment2_acc_max_str, p)
            np.maximum(mx, m2, out=mx)
            denom = mx
        sq = np.sqrt(one - b2p)
        lr_t = lr * (sq / (one - b1p))
        step = m1 / (np.sqrt(denom) + eps * sq)
        step *= lr_t
        data -= step
        b1p_acc *= b1
        b2p_acc *= b2


class AdamW(Adam):
    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8,
                 parameters=None, weight_decay=0.01, use_lowprecision_moment=False,
                 lr_ratio=None, apply_decay_param_fun=None, grad_clip=None, lazy_mode=False,
                 multi_precision=False, amsgrad=False, name=None):
        assert learning_rate is not None
        _check_betas(beta1, beta2, epsilon)
        if not isinstance(weight_decay, (int, float, Tensor)) or isinstance(weight_decay, bool):
            raise TypeError("weight_decay should be int, float or Tensor.")
        if lr_ratio is not None:
            assert isinstance(lr_ratio, Callable)
        self._weight_decay = float(_scalar(weight_decay))
        super().__init__(learning_rate, beta1, beta2, epsilon, parameters, None, grad_clip,
                         lazy_mode, multi_precision, amsgrad=amsgrad, name=name)
        self.type = "adamw"
        self._apply_decay_param_fun = apply_decay_param_fun
        self._use_lowprecision_moment = use_lowprecision_moment
        self._lr_ratio = lr_ratio
        self._default_dict["weight_decay"] = self._weight_decay
        self._default_dict["grad_clip"] = grad_clip
        self.regularization = None

    def _apply_group_attrs(self, param_group):
        # AdamW's decay is decoupled: a group's weight_decay is its coeff, not a regularizer
        for p in param_group["params"]:
            attr = getattr(p, "optimize_attr", None)
            if attr is None:
                attr = p.optimize_attr = {}
            attr["learning_rate"] = param_group.get("learning_rate", 1.0)

    def _add_param_group(self, param_group):
        param_group.setdefault("weight_decay", self._weight_decay)
        super()._add_param_group(param_group)

    def _update_param_group(self, group):
        super()._update_param_group(group)
        wd = group.get("weight_decay", self._default_dict["weight_decay"])
        self._weight_decay = float(_scalar(wd)) if wd is not None else 0.0

    def _regularized_grad(self, p, g):
        return g

    def _update(self, p, data, g, lr):
        with_decay = (self._apply_decay_param_fun is None
                      or self._apply_decay_param_fun(p.name))
        ratio = 1.0 if self._lr_ratio is None else self._lr_ratio(p)
        t = data.dtype.type
        decay = None
        if with_decay and self._weight_decay != 0.0:
            decay = lr * t(ratio) * t(self._weight_decay)
        self._adam(p, data, g, lr * t(ratio) if ratio != 1.0 else lr, decay)
