"""paddle.base.wrapped_decorator: decorators whose results keep the decorated function's name,
docstring and signature (Paddle's own tests build their `dygraph_guard` with wrap_decorator)."""
import contextlib
import functools
import inspect


def wrap_decorator(decorator_func):
    """Turn `decorator_func(func) -> callable` into a decorator whose result looks like func
    (functools.wraps plus func's inspect.signature)."""
    @functools.wraps(decorator_func)
    def __impl__(func):
        decorated = decorator_func(func)

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            return decorated(*args, **kwargs)

        wrapper.__signature__ = inspect.signature(func)
        return wrapper

    return __impl__


signature_safe_contextmanager = wrap_decorator(contextlib.contextmanager)
