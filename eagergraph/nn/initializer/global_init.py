"""paddle.nn.initializer.set_global_initializer: the initializers parameters get when their
ParamAttr names none, ahead of the layer's own default (Paddle base/initializer.py)."""
from .initializer import Initializer

__all__ = ["set_global_initializer", "global_weight_initializer", "global_bias_initializer"]

_global = {"weight": None, "bias": None}


def set_global_initializer(weight_init, bias_init=None):
    """Set (or with None, clear) the global weight and bias initializers."""
    for what, init in (("weight_init", weight_init), ("bias_init", bias_init)):
        if init is not None and not isinstance(init, Initializer):
            raise TypeError(f"set_global_initializer(): {what} must be an Initializer or None, "
                            f"got {type(init).__name__}")
    _global["weight"], _global["bias"] = weight_init, bias_init


def global_weight_initializer():
    return _global["weight"]


def global_bias_initializer():
    return _global["bias"]
