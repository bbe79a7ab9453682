"""Grad mode: whether ops record the backward graph (Paddle's tracer `has_grad`).

Thread-local, like Paddle and PyTorch: `no_grad` in one thread does not affect another."""
import functools
import threading


class _GradState(threading.local):
    enabled = True  # class default: every new thread starts with grad enabled


grad_state = _GradState()


def is_grad_enabled():
    return grad_state.enabled


class _GradModeGuard:
    """Base of no_grad / enable_grad / set_grad_enabled: a context manager and a decorator."""

    _mode = True

    def __enter__(self):
        self._prev = grad_state.enabled
        grad_state.enabled = self._mode

    def __exit__(self, *exc):
        grad_state.enabled = self._prev
        return False

    def __call__(self, fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            prev = grad_state.enabled
            grad_state.enabled = self._mode
            try:
                return fn(*args, **kwargs)
            finally:
                grad_state.enabled = prev
        return wrapper


class _BareDecoratorGuard(_GradModeGuard):
    """A guard usable as `with g():`, `@g()` and bare `@g`."""

    def __new__(cls, func=None):
        self = super().__new__(cls)
        if callable(func):  # used as a bare decorator: @paddle.no_grad
            return self(func)
        return self

    def __init__(self, func=None):
        pass


class no_grad(_BareDecoratorGuard):
    """Ops run without recording the backward graph (`with paddle.no_grad():`,
    `@paddle.no_grad()` or `@paddle.no_grad`)."""

    _mode = False


class enable_grad(_BareDecoratorGuard):
    """Ops record the backward graph, even inside no_grad."""

    _mode = True


class set_grad_enabled(_GradModeGuard):
    """`set_grad_enabled(False)`: sets the mode now (Paddle and PyTorch semantics) and, used as a
    context manager, restores the previous mode on exit."""

    def __init__(self, mode):
        if not isinstance(mode, bool):
            raise TypeError(f"set_grad_enabled() expects a bool, got {type(mode).__name__}")
        self._mode = mode
        self._prev = grad_state.enabled
        grad_state.enabled = mode

    def __enter__(self):
        grad_state.enabled = self._mode
