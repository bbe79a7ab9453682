"""Dynamic (dygraph) versus static mode: eagergraph only has the dynamic mode.

Paddle code switches modes with `paddle.enable_static()` / `paddle.disable_static()` and asks
`paddle.in_dynamic_mode()`. Here `disable_static` is a no-op (the mode is always dynamic),
`in_dynamic_mode` is always True, and `enable_static` raises: static graphs (Program, Executor)
are not part of eagergraph, so pretending to switch would only fail later, less clearly."""


class StaticModeNotSupportedError(NotImplementedError):
    """Raised by enable_static(): eagergraph runs dygraph (eager) code only. A RuntimeError
    subclass (through NotImplementedError), so `except RuntimeError` catches it too."""


def in_dynamic_mode():
    """True: eagergraph always runs in Paddle's dynamic (dygraph) mode."""
    return True


in_dygraph_mode = in_dynamic_mode


def in_static_mode():
    return False


def in_pir_mode():
    """False: no PIR (static) program is ever being built."""
    return False


def in_dynamic_or_pir_mode():
    return True


def disable_static(place=None):
    """Switch to dynamic mode: a no-op, since eagergraph is always in it. `place` is accepted and
    ignored, as Paddle does not check it either."""
    return None


def enable_static():
    """Static graphs are not supported: raises StaticModeNotSupportedError."""
    raise StaticModeNotSupportedError(
        "paddle.enable_static(): static graph mode is not supported by eagergraph, which runs "
        "Paddle's dynamic (dygraph) mode only. Remove the enable_static() call and run the code "
        "eagerly, or use real PaddlePaddle for static graphs (Program/Executor).")
