"""paddle.amp.GradScaler / AmpScaler (Paddle 3.3.1 python/paddle/amp/grad_scaler.py): dynamic
loss scaling. scale() multiplies the loss by the scale; unscale_() divides the parameters'
grads by it and notes whether any is inf/nan (Paddle's check_finite_and_unscale, computed in
float32 for half-precision grads); step() skips the optimizer step when one is; update()
halves the scale after `decr_every_n_nan_or_inf` bad steps and doubles it after
`incr_every_n_steps` good ones. As in Paddle, scale() turns dynamic scaling off (with a
warning) unless the last auto_cast used float16: bfloat16 needs no loss scaling."""
import warnings
from collections import defaultdict
from enum import Enum

import numpy as np

from ..tensor import Tensor
from ..creation import to_tensor
from .auto_cast import amp_global_state

__all__ = ["AmpScaler", "GradScaler", "OptimizerState"]


class OptimizerState(Enum):
    INIT = 0
    UNSCALED = 1
    STEPPED = 2


def _refresh_optimizer_state():
    return {"state": OptimizerState.INIT}


def _check_finite_and_unscale(grads, scale):
    """Divide each grad (a Tensor, in place) by scale; True if any grad held inf or nan."""
    inv = np.float32(1.0) / np.float32(scale)
    found = False
    for g in grads:
        arr = g._data
        wide = arr.astype(np.float32) if arr.dtype.itemsize == 2 else arr
        if not np.isfinite(wide).all():
            found = True
        g._data = (wide * inv.astype(wide.dtype)).astype(arr.dtype)
    return found


class AmpScaler:
    """Loss scaling for AMP (Paddle's AmpScaler defaults: init_loss_scaling 2**15,
    incr_every_n_steps 1000)."""

    def __init__(self, enable=True, init_loss_scaling=2.0 ** 15, incr_ratio=2.0, decr_ratio=0.5,
                 incr_every_n_steps=1000, decr_every_n_nan_or_inf=1,
                 use_dynamic_loss_scaling=True):
        self._enable = enable
        self._use_dynamic_loss_scaling = False
        self._init_loss_scaling = 1.0
        self._scale = None
        if self._enable:
            assert incr_ratio > 1.0, "The incr_ratio must be > 1.0."
            assert decr_ratio < 1.0, "The decr_ratio must be < 1.0."
            self._init_loss_scaling = init_loss_scaling
            self._incr_ratio = incr_ratio
            self._decr_ratio = decr_ratio
            self._incr_every_n_steps = incr_every_n_steps
            self._decr_every_n_nan_or_inf = decr_every_n_nan_or_inf
            self._incr_count = 0
            self._decr_count = 0
            self._use_dynamic_loss_scaling = use_dynamic_loss_scaling
            self._found_inf = to_tensor(np.array([0]).astype(np.bool_))
            self._scale = to_tensor(np.array([self._init_loss_scaling]).astype(np.float32))
            self._cache_found_inf = None
            self._optimizer_states = defaultdict(_refresh_optimizer_state)

    def scale(self, var):
        """var times the loss scaling (var itself when the scaler is off)."""
        if not isinstance(var, Tensor):
            raise TypeError(f"The type of 'var' in AmpScaler.scale() must be Tensor, but "
                            f"received {type(var)}.")
        if (self._enable and amp_global_state().amp_dtype != "float16"
                and self._use_dynamic_loss_scaling):
            self._enable = False
            self._use_dynamic_loss_scaling = False
            self._init_loss_scaling = 1.0
            warnings.warn(f"It is not recommended to use dynamic loss scaling for "
                          f"{amp_global_state().amp_dtype}, so GradScaler is disable by "
                          f"default.")
        if not self._enable:
            return var
        return var * self._scale

    def minimize(self, optimizer, *args, **kwargs):
        """Unscale (unless unscale_ ran), step unless a grad is inf/nan, update the scale."""
        if not self._enable:
            return optimizer.minimize(*args, **kwargs)
        state = self._optimizer_states[id(optimizer)]
        if state["state"] is OptimizerState.INIT:
            self._unscale(optimizer)
        optimize_ops, params_grads = None, None
        if self._found_inf:
            self._cache_found_inf = True
        else:
            optimize_ops, params_grads = optimizer.minimize(*args, **kwargs)
            self._cache_found_inf = False
        if self._use_dynamic_loss_scaling:
            self._update()
        self._optimizer_states = defaultdict(_refresh_optimizer_state)
        return optimize_ops, params_grads

    def _grads(self, optimizer):
        groups = getattr(optimizer, "_param_groups", None)
        if groups and isinstance(groups[0], dict):
            params = [p for g in groups for p in g["params"]]
        else:
            params = optimizer._parameter_list
        out = []
        for p in params:
            m = p._autograd_meta
            if m is not None and m.grad is not None:
                out.append(m.grad)
        return out

    def _unscale(self, optimizer):
        if not self._enable:
            return
        state = self._optimizer_states[id(optimizer)]
        if state["state"] is OptimizerState.UNSCALED:
            raise RuntimeError("unscale_() has already been called on this optimizer since "
                               "the last update().")
        if state["state"] is OptimizerState.STEPPED:
            raise RuntimeError("unscale_() is being called after step().")
        found = _check_finite_and_unscale(self._grads(optimizer), self._current())
        self._found_inf = to_tensor(np.array([found]))
        state["state"] = OptimizerState.UNSCALED

    def _current(self):
        return float(self._scale._data.reshape(-1)[0])

    def _update(self):
        if not self._enable:
            return
        if self._cache_found_inf:
            self._incr_count = 0
            self._decr_count += 1
            if self._decr_count == self._decr_every_n_nan_or_inf:
                cur = self._current()
                print(f"Found inf or nan, current scale is: {cur}, decrease to: "
                      f"{cur}*{float(self._decr_ratio)}")
                self._scale = self._scale * self._decr_ratio
                self._decr_count = 0
        else:
            self._decr_count = 0
            self._incr_count += 1
            if self._incr_count == self._incr_every_n_steps:
                self._scale = self._scale * self._incr_ratio
                self._incr_count = 0

    # ---- settings ----------------------------------------------------------------------------
    def is_enable(self):
        return self._enable

    def is_use_dynamic_loss_scaling(self):
        return self._use_dynamic_loss_scaling

    def get_init_loss_scaling(self):
        return self._init_loss_scaling

    def set_init_loss_scaling(self, new_init_loss_scaling):
        self._init_loss_scaling = new_init_loss_scaling
        self._scale = to_tensor(np.array([self._init_loss_scaling]).astype(np.float32))

    def get_loss_scaling(self):
        """The current scale (a Tensor of shape [1])."""
        return self._scale

    def get_incr_ratio(self):
        return self._incr_ratio

    def set_incr_ratio(self, new_incr_ratio):
        assert new_incr_ratio > 1.0, "The new_incr_ratio must be > 1.0."
        self._incr_ratio = new_incr_ratio

    def get_decr_ratio(self):
        return self._decr_ratio

    def set_decr_ratio(self, new_decr_ratio):
        assert new_decr_ratio < 1.0, "The new_decr_ratio must be < 1.0."
        self._decr_ratio = new_decr_ratio

    def get_incr_every_n_steps(self):
        return self._incr_every_n_steps

    def set_incr_every_n_steps(self, new_incr_every_n_steps):
        self._incr_every_n_steps = new_incr_every_n_steps

    def get_decr_every_n_nan_or_inf(self):
        return self._decr_every_n_nan_or_inf

    def set_decr_every_n_nan_or_inf(self, new_decr_every_n_nan_or_inf):
        self._decr_every_n_nan_or_inf = new_decr_every_n_nan_or_inf

    def state_dict(self):
        if not self._enable:
            return {}
        return {"scale": self._scale.numpy(), "incr_ratio": self._incr_ratio,
                "decr_ratio": self._decr_ratio, "incr_every_n_steps": self._incr_every_n_steps,
                "decr_every_n_nan_or_inf": self._decr_every_n_nan_or_inf,
                "incr_count": self._incr_count, "decr_count": self._decr_count,
                "use_dynamic_loss_scaling": self._use_dynamic_loss_scaling}

    def load_state_dict(self, state_dict):
        if not self._enable:
            return
        if len(state_dict) == 0:
            raise RuntimeError("The input state dict is empty, possibly because it was saved "
                               "from a disabled instance of GradScaler.")
        self._init_loss_scaling = state_dict["scale"][0]
        self._scale = to_tensor(np.array([self._init_loss_scaling]).astype(np.float32))
        self._incr_ratio = state_dict["incr_ratio"]
        self._decr_ratio = state_dict["decr_ratio"]
        self._incr_every_n_steps = state_dict["incr_every_n_steps"]
        self._decr_every_n_nan_or_inf = state_dict["decr_every_n_nan_or_inf"]
        self._incr_count = state_dict["incr_count"]
        self._decr_count = state_dict["decr_count"]
        self._use_dynamic_loss_scaling = state_dict["use_dynamic_loss_scaling"]


class GradScaler(AmpScaler):
    """AmpScaler with GradScaler's defaults (init_loss_scaling 2**16, incr_every_n_steps 2000)
    and the step()/update()/unscale_() API."""

    def __init__(self, enable=True, init_loss_scaling=2.0 ** 16, incr_ratio=2.0, decr_ratio=0.5,
                 incr_every_n_steps=2000, decr_every_n_nan_or_inf=1,
                 use_dynamic_loss_scaling=True):
        super().__init__(enable, init_loss_scaling, incr_ratio, decr_ratio, incr_every_n_steps,
                         decr_every_n_nan_or_inf, use_dynamic_loss_scaling)

    def step(self, optimizer):
        """Unscale (unless unscale_ ran) and step, unless a grad is inf/nan."""
        if not self._enable:
            return optimizer.step()
        state = self._optimizer_states[id(optimizer)]
        if state["state"] is OptimizerState.STEPPED:
            raise RuntimeError("step() has already been called since the last update().")
        if state["state"] is OptimizerState.INIT:
            self._unscale(optimizer)
        if self._found_inf:
            self._cache_found_inf = True
        else:
            optimizer.step()
            self._cache_found_inf = False
        state["state"] = OptimizerState.STEPPED
        if not self._use_dynamic_loss_scaling:
            self._optimizer_states = defaultdict(_refresh_optimizer_state)

    def update(self):
        """Update the scale after step()."""
        if not self._enable:
            return
        if self._use_dynamic_loss_scaling:
            self._update()
            self._optimizer_states = defaultdict(_refresh_optimizer_state)

    def unscale_(self, optimizer):
        """Divide the grads by the scale now (e.g. before clipping them)."""
        return self._unscale(optimizer)
