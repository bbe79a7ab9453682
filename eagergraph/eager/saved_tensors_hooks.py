"""paddle.autograd.saved_tensors_hooks(pack_hook, unpack_hook): while active, every tensor a
GradNode saves goes through pack_hook at save time and unpack_hook when backward needs it."""
import threading


class _HookStack(threading.local):
    stack = ()


_state = _HookStack()


class _AnyHooks:
    """Process-wide hint, as amp_flag: how many threads have saved-tensor hooks active (0: no
    op needs to read the thread-local stack, a slower read)."""

    __slots__ = ("on",)

    def __init__(self):
        self.on = 0


any_hooks = _AnyHooks()


def current_hooks():
    s = _state.stack
    return s[-1] if s else None


class saved_tensors_hooks:
    def __init__(self, pack_hook, unpack_hook):
        if not callable(pack_hook) or not callable(unpack_hook):
            raise TypeError("saved_tensors_hooks(pack_hook, unpack_hook) expects two callables")
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self):
        if _state.stack:
            raise ValueError("(InvalidArgument) saved_tensors_hooks: only one pair of hooks is "
                             "allowed at a time; exit the active one first.")
        _state.stack = _state.stack + ((self.pack_hook, self.unpack_hook),)
        any_hooks.on += 1
        return self

    def __exit__(self, *exc):
        _state.stack = _state.stack[:-1]
        any_hooks.on -= 1
        return False
