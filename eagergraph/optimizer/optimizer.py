"""Optimizer: the base class of paddle.optimizer (Paddle python/paddle/optimizer/optimizer.py),
dygraph only.

A step gathers (param, grad) for the parameters that need grad and have one, clips the grads
(grad_clip), adds weight decay (the parameter's own `regularizer` first, else the optimizer's),
then each subclass's `_update(p, data, grad, lr)` changes the parameter's ndarray in place with
its accumulators (plain ndarrays here, exposed as Tensors by state_dict under Paddle's names:
`<param.name>_<accumulator>_<n>`).
"""
from collections import defaultdict

import numpy as np

from ..tensor import Tensor
from ..nn.clip import ClipGradBase
from ..nn import unique_name
from ..regularizer import L2Decay, WeightDecayRegularizer
from .lr import LRScheduler, LambdaDecay

__all__ = ["Optimizer"]

def _unique_name(key):
    """Paddle's unique_name.generate: key_0, key_1, ... per key (the current generator)."""
    return unique_name.generate(key)


def _array(value):
    return np.asarray(value._data if isinstance(value, Tensor) else value)


class Optimizer:
    """Base class; use a subclass (SGD, Adam, ...)."""

    # multi-precision (paddle.amp.decorate O2 sets it, as Paddle's _set_multi_precision):
    # float16/bfloat16 parameters are updated through float32 master weights
    _multi_precision = False

    def __init__(self, learning_rate, parameters=None, weight_decay=None, grad_clip=None,
                 name=None):
        if parameters is not None:
            if isinstance(parameters, Tensor):
                raise TypeError("`parameters` argument given to the optimizer should be an "
                                "iterable of paddle Tensors, but got argument type is "
                                f"`{type(parameters)}`.")
            if isinstance(parameters, dict):
                raise TypeError("`parameters` argument should not get dict type, if parameter "
                                "groups is needed, please set `parameters` as list of dict")
            self._parameter_list = list(parameters)
        else:
            self._parameter_list = None
        self._name = name
        if self._parameter_list is None:
            raise AttributeError("parameters argument given to the Optimizer should not be None "
                                 "in dygraph mode.")
        if not isinstance(learning_rate, (float, LRScheduler)):
            raise TypeError(f"learning rate should be float or LRScheduler, got "
                            f"{type(learning_rate)} here")
        if grad_clip is not None and not isinstance(grad_clip, ClipGradBase):
            raise TypeError("'grad_clip' should be an instance of GradientClipBase's derived "
                            "class")
        if isinstance(weight_decay, (float, int)) and not isinstance(weight_decay, bool):
            self.regularization = L2Decay(float(weight_decay))
        else:
            if weight_decay is not None and not isinstance(weight_decay,
                                                           WeightDecayRegularizer):
                raise TypeError(f"weight_decay should be a float or a WeightDecayRegularizer, "
                                f"got {type(weight_decay)}")
            self.regularization = weight_decay
        self._grad_clip = grad_clip
        self._learning_rate = learning_rate
        self._dtype = None
        if self._parameter_list:
            first = self._parameter_list[0]
            if isinstance(first, dict):
                for group in self._parameter_list:
                    assert "params" in group, ("params should be set in parameters if parameter "
                                               "groups are optimized in different options")
                self._dtype = list(first["params"])[0]._data.dtype
            else:
                self._dtype = first._data.dtype
        self._accumulators = defaultdict(dict)   # acc name -> {param name: ndarray}
        self._acc_var_names = {}                 # (acc name, param name) -> state_dict key
        self._accumulators_holder = {}           # a loaded state_dict not yet consumed
        self._already_create_accumulator = set()
        self._master_weights = {}
        self.clear_gradients = self.clear_grad
        self._default_dict = {"weight_decay": self.regularization, "grad_clip": self._grad_clip}
        self._param_groups = []
        if self._parameter_list and isinstance(self._parameter_list[0], dict):
            for group in self._parameter_list:
                self._add_param_group(group.copy())
        else:
            self._param_groups = self._parameter_list

    # ---- parameter groups --------------------------------------------------------------------
    def _add_param_group(self, param_group):
        params = param_group["params"]
        if isinstance(params, Tensor):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError("optimizer parameters should be in ordered collections,but received "
                            "set, please use list instead.")
        else:
            param_group["params"] = list(params)
        for k, v in self._default_dict.items():
            param_group.setdefault(k, v)
        seen = set()
        for group in self._param_groups:
            seen.update(id(p) for p in group["params"])
        if any(id(p) in seen for p in param_group["params"]):
            raise ValueError("some parameters appear in more than one parameter group")
        self._apply_group_attrs(param_group)
        self._param_groups.append(param_group)

    def _apply_group_attrs(self, param_group):
        """Paddle writes a group's weight decay and learning-rate scale onto its parameters."""
        wd = param_group["weight_decay"]
        reg = L2Decay(wd) if isinstance(wd, float) else wd
        for p in param_group["params"]:
            p.regularizer = reg
            _optimize_attr(p)["learning_rate"] = param_group.get("learning_rate", 1.0)

    def _update_param_group(self, group):
        """Take a group's hyperparameters (subclasses: the keys of _default_dict)."""

    # ---- learning rate -----------------------------------------------------------------------
    def get_lr(self):
        if isinstance(self._learning_rate, float):
            return self._learning_rate
        return self._learning_rate()

    def set_lr(self, value):
        if not isinstance(value, (int, float)):
            raise TypeError(f"The type of 'value' in optimizer.set_lr must be float, but "
                            f"received {type(value)}.")
        if isinstance(self._learning_rate, LRScheduler):
            raise RuntimeError("optimizer's learning rate can't be LRScheduler when invoke this "
                               "API, because this will lead to conflict.")
        self._learning_rate = float(value)

    def set_lr_scheduler(self, scheduler):
        if not isinstance(scheduler, LRScheduler):
            raise TypeError(f"The type of 'scheduler' in optimizer.set_lr_scheduler must be "
                            f"LRScheduler, but received {type(scheduler)}.")
        self._learning_rate = scheduler

    def _lr_dtype(self):
        dt = np.dtype(self._dtype) if self._dtype is not None else np.dtype(np.float32)
        return np.dtype(np.float32) if dt.itemsize < 4 or dt.kind != "f" else dt

    def _param_lr(self, p, lr):
        """The global lr (a scalar of the lr dtype) times param.optimize_attr['learning_rate']."""
        attr = getattr(p, "optimize_attr", None)
        if attr is not None and "learning_rate" in attr:
            scale = attr["learning_rate"]
            if scale != 1.0:
                return lr * scale
        return lr

    # ---- accumulators ------------------------------------------------------------------------
    def _add_accumulator(self, name, param, dtype=None, fill_value=0.0, shape=None):
        if self._name is not None:
            name = self._name + "_" + name
        accs = self._accumulators[name]
        if param.name in accs:
            return accs[param.name]
        shape = param._data.shape if shape is None else tuple(shape)
        if dtype is None:
            # a low-precision parameter under multi-precision keeps float32 accumulators
            dtype = np.float32 if _uses_master(self, param) else param._data.dtype
        dtype = np.dtype(dtype)
        arr = np.full(shape, fill_value, dtype)
        var_name = _unique_name(param.name + "_" + name)
        if self._accumulators_holder:
            assert var_name in self._accumulators_holder, (
                f"Optimizer set error, {var_name} should in state dict")
            arr[...] = _array(self._accumulators_holder.pop(var_name))
        accs[param.name] = arr
        self._acc_var_names[(name, param.name)] = var_name
        return arr

    def _get_accumulator(self, name, param):
        if self._name is not None:
            name = self._name + "_" + name
        accs = self._accumulators.get(name)
        if accs is None or param.name not in accs:
            raise Exception(f"Accumulator {name} does not exist for parameter {param.name}")
        return accs[param.name]

    def _create_accumulators(self, p):
        """Create the accumulators of one parameter (subclasses)."""

    # ---- state dict --------------------------------------------------------------------------
    def state_dict(self):
        state = {}
        if not self._accumulators and self._accumulators_holder:
            state.update(self._accumulators_holder)
        else:
            for name, accs in self._accumulators.items():
                for pname, arr in accs.items():
                    t = Tensor._wrap(arr)
                    t.name = self._acc_var_names[(name, pname)]
                    state[t.name] = t
        if self._master_weights:
            state["master_weights"] = {name: _named(Tensor._wrap(arr), name)
                                       for name, arr in self._master_weights.items()}
        if isinstance(self._learning_rate, LRScheduler):
            state["LR_Scheduler"] = self._learning_rate.state_dict()
        return state

    def set_state_dict(self, state_dict):
        """Load what state_dict() returned. Everything is checked first (the LR scheduler's
        state, every accumulator present with its shape, master weights), then applied: a
        bad state dict raises Paddle's AssertionError and leaves the optimizer as it was."""
        lr_state = None
        if isinstance(self._learning_rate, LRScheduler):
            lr_state = state_dict.get("LR_Scheduler", None)
            if not isinstance(self._learning_rate, LambdaDecay):
                assert lr_state is not None, ("LR_Scheduler state must be included in the state "
                                              "dict except LambdaDecay")
        state_dict = dict(state_dict)
        state_dict.pop("LR_Scheduler", None)
        master = None
        if "master_weights" in state_dict:
            master = {name: np.array(_array(v), np.float32)
                      for name, v in state_dict.pop("master_weights").items()}
        updates = []
        for name, accs in self._accumulators.items():
            for pname, arr in accs.items():
                var_name = self._acc_var_names[(name, pname)]
                assert var_name in state_dict, f"optimizer Tensor {var_name} not found"
                value = _array(state_dict[var_name])
                assert value.shape == arr.shape, (
                    f"Variable Shape not match, Variable [ {var_name} ] need tensor with shape "
                    f"{list(arr.shape)} but load set tensor with shape {list(value.shape)}")
                updates.append((arr, value))
        if lr_state:
            self._learning_rate.set_state_dict(lr_state)
        if master is not None:
            self._master_weights = master
        self._accumulators_holder = state_dict
        for arr, value in updates:
            arr[...] = value

    load_state_dict = set_state_dict

    # ---- gradients ---------------------------------------------------------------------------
    def _all_params(self):
        if self._param_groups and isinstance(self._param_groups[0], dict):
            return [p for g in self._param_groups for p in g["params"]]
        return list(self._parameter_list)

    def clear_grad(self, set_to_zero=True):
        for p in self._all_params():
            if not p.stop_gradient:
                p.clear_gradient(set_to_zero)

    def zero_grad(self, set_to_none=True):
        self.clear_grad(set_to_zero=not set_to_none)

    # ---- the step ----------------------------------------------------------------------------
    def step(self):
        groups = self._param_groups
        if groups and isinstance(groups[0], dict):
            for group in groups:
                self._update_param_group(group)
                self._apply(_params_with_grads(group["params"]), group["grad_clip"])
        else:
            self._apply(_params_with_grads(groups), self._grad_clip)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Apply the grads that loss.backward() left on the parameters (Paddle's dygraph
        minimize does not run backward itself). Returns (None, [(param, grad), ...])."""
        if not isinstance(loss, Tensor):
            raise AssertionError("The loss should be an Tensor.")
        params = parameters if parameters else self._parameter_list
        pairs = [(p, p.grad) for p in params if p.grad is not None]
        self._apply([(p, g._data) for p, g in pairs if not p.stop_gradient], self._grad_clip)
        return None, pairs

    def _apply(self, pairs, grad_clip):
        """pairs: [(param, grad ndarray)] of parameters that need grad and have one."""
        if not pairs:
            self._finish_update(pairs)
            return
        params = [p for p, _ in pairs]
        grads = [g for _, g in pairs]
        if grad_clip is not None:
            grads = _clip(grad_clip, params, grads)
        grads = [self._regularized_grad(p, g) for p, g in zip(params, grads)]
        lr_value = self.get_lr()
        lr = self._lr_dtype().type(lr_value)
        created = self._already_create_accumulator
        for p in params:
            if p.name not in created:
                self._create_accumulators(p)
                created.add(p.name)
        for p, g in zip(params, grads):
            data = p._data
            if _uses_master(self, p):
                # update the float32 master weight, then round the parameter from it
                master = self._master_weight(p)
                self._update(p, master, g.astype(np.float32),
                             np.float32(self._param_lr(p, lr)))
                p._data = master.astype(data.dtype)
                p._bump_inplace_version()
                continue
            if not data.flags.writeable:
                data = p._data = data.copy()
            self._update(p, data, g, data.dtype.type(self._param_lr(p, lr)))
            p._bump_inplace_version()
        self._finish_update(pairs)

    def _master_weight(self, p):
        """The float32 master copy of low-precision parameter p (made from it on first use;
        Paddle's `<param>_fp32_master_0`)."""
        m = self._master_weights.get(p.name)
        if m is None or m.shape != p._data.shape:
            m = self._master_weights[p.name] = p._data.astype(np.float32)
        return m

    def _regularized_grad(self, p, g):
        reg = getattr(p, "regularizer", None)
        if reg is None:
            reg = self.regularization
        if reg is None:
            return g
        term = reg._term(p._data) if hasattr(reg, "_term") else reg(p, Tensor._wrap(g))._data
        return g + term.astype(g.dtype, copy=False)

    def _update(self, p, data, grad, lr):
        raise NotImplementedError('Class "Optimizer" cannot be used directly as an optimizer, '
                                  'please use its subclasses such as "Adam"')

    def _finish_update(self, pairs):
        """After all parameters of a step (Adamax's beta1 power)."""


def _uses_master(opt, p):
    """Whether p is updated through a float32 master weight: multi-precision is on and p is
    float16/bfloat16."""
    return opt._multi_precision and p._data.dtype.kind in "fV" and p._data.dtype.itemsize == 2


def _named(t, name):
    t.name = name
    return t


def _optimize_attr(p):
    attr = getattr(p, "optimize_attr", None)
    if attr is None:
        attr = {"learning_rate": 1.0}
        p.optimize_attr = attr
    return attr


def _params_with_grads(params):
    out = []
    for p in params:
        if p.stop_gradient:
            continue
        m = p._autograd_meta
        g = None if m is None else m.grad
        if g is not None:
            out.append((p, g._data))
    return out


def _clip(grad_clip, params, grads):
    if hasattr(grad_clip, "_clip_arrays"):
        return grad_clip._clip_arrays(params, grads)
    pairs = grad_clip([(p, Tensor._wrap(g)) for p, g in zip(params, grads)])
    new = {id(p): g._data for p, g in pairs}
    return [new.get(id(p), g) for p, g in zip(params, grads)]
