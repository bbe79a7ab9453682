"""paddle.jit for an eager-only system: `to_static` and its companions keep code that uses them
running, eagerly.

Paddle's `@paddle.jit.to_static` turns a function or Layer into a static program (dy2static).
eagergraph has no static graph, so `to_static` returns the function or Layer itself and it runs
in eager mode with the same values and gradients; `input_spec` and the build options are
accepted and not used. `not_to_static`, `ignore_module`, `enable_to_static`, `set_code_level`
and `set_verbosity` are accepted for the same reason.

`save` cannot write Paddle's inference program (.pdmodel / .json): it writes the parameters as
`path + '.pdparams'` (paddle.save of the state_dict, which real Paddle loads with paddle.load)
and warns that the program was not exported. `load`
raises NotImplementedError: rebuild the Layer in Python and `set_state_dict(paddle.load(...))`.
"""
import warnings

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


def save(layer, path, input_spec=None, **configs):
    """Write layer's parameters as path + '.pdparams' (loadable by real Paddle with paddle.load)
    and warn that the inference program was not exported (eagergraph has no static graph)."""
    from ..framework_io import save as _save
    from ..nn import Layer
    if not isinstance(layer, Layer):
        raise TypeError(f"jit.save(): The input of paddle.jit.save should be 'Layer', but "
                        f"received input type is {type(layer)}.")
    if not isinstance(path, str) or not path or path.endswith("/"):
        raise ValueError(f"jit.save(): The input path MUST be format of dirname/file_prefix, "
                         f"but received {path!r}.")
    _save(layer.state_dict(), path + ".pdparams")
    warnings.warn(f"paddle.jit.save: eagergraph has no static graph, so only the parameters "
                  f"were written ({path}.pdparams); no inference program (.pdmodel/.json) was "
                  f"exported.", UserWarning, stacklevel=2)


def load(path, **configs):
    """Not available: an inference program needs Paddle's static graph."""
    raise NotImplementedError(
        f"jit.load({path!r}): eagergraph has no static graph to load an inference program "
        f"into; rebuild the Layer in Python and call layer.set_state_dict(paddle.load(path + "
        f"'.pdparams')).")


load._unavailable = True  # a stub: the API coverage page (tools/op_coverage.py) counts it so


class TranslatedLayer:
    """What paddle.jit.load returns in Paddle; not constructible here (see load)."""

    _unavailable = True

    def __init__(self, *args, **kwargs):
        raise NotImplementedError("TranslatedLayer: eagergraph has no static graph "
                                  "(see paddle.jit.load).")
