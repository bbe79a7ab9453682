"""Keyword aliases for Paddle's torch-style argument names (Paddle's ParamAliasDecorator):
`aliases({"x": ["input"], "epsilon": ["eps"]})` lets callers pass input= for x and eps= for
epsilon; passing both names is a TypeError, as in Paddle."""
import functools

__all__ = ["aliases"]


def aliases(mapping):
    back = {a: name for name, alts in mapping.items() for a in alts}

    def wrap(fn):
        @functools.wraps(fn)
        def call(*args, **kwargs):
            for alt in [k for k in kwargs if k in back]:
                name = back[alt]
                if name in kwargs:
                    raise TypeError(f"{fn.__name__}() got multiple values for argument "
                                    f"'{name}'")
                kwargs[name] = kwargs.pop(alt)
            return fn(*args, **kwargs)
        return call
    return wrap
