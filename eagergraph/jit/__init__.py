"""paddle.jit for an eager-only system: `to_static` and its companions keep code that uses them
running, eagerly.

Paddle's `@paddle.jit.to_static` turns a function or Layer into a static program (dy2static).
eagergraph has no static graph, so `to_static` returns the function or Layer itself and it runs
in eager mode with the same values and gradients; `input_spec` and the build options are
accepted and not used. `not_to_static`, `ignore_module`, `enable_to_static`, `set_code_level`
and `set_verbosity` are accepted for the same reason.

`save(layer, path, input_spec)` records the forward (eval mode) as an op program in eagergraph's
own format (`path + '.egmodel'`, JSON; the parameters in `path + '.pdparams'`, which real Paddle
also loads with paddle.load) and `load(path)` turns it back into a `TranslatedLayer`, usable for
inference and fine-tuning (jit/io.py). Paddle's own inference programs (.pdmodel / .json) are not
supported: load raises NotImplementedError saying so.
"""
from .io import save, load
from .translated_layer import TranslatedLayer

__all__ = ["to_static", "not_to_static", "ignore_module", "enable_to_static", "set_code_level",
           "set_verbosity", "save", "load", "TranslatedLayer"]

_state = {"enabled": True}


def to_static(function=None, input_spec=None, build_strategy=None, backend="CINN", **kwargs):
    """The function or Layer itself, run eagerly (usable as @to_static or @to_static(...))."""
    if function is None:
        return lambda fn: fn
    return function


def not_to_static(func=None):
    """Mark func to stay in dygraph under to_static: here everything does, so func itself."""
    if func is None:
        return lambda fn: fn
    return func


def ignore_module(modules):
    """Modules to_static should not transcribe: nothing is transcribed here."""


def enable_to_static(enable_to_static_bool):
    """Turn to_static on or off globally (it is a pass-through either way here)."""
    if not isinstance(enable_to_static_bool, bool):
        raise TypeError(f"enable_to_static(): The type of 'enable_to_static_bool' must be bool, "
                        f"but received {type(enable_to_static_bool)}.")
    _state["enabled"] = enable_to_static_bool


def set_code_level(level=100, also_to_stdout=False):
    """dy2static's transformed-code logging: there is no transformed code here."""


def set_verbosity(level=0, also_to_stdout=False):
    """dy2static's logging verbosity: nothing is logged here."""
