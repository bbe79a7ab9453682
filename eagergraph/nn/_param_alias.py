"""Keyword aliases for Paddle's torch-style argument names (Paddle's ParamAliasDecorator):
`aliases({"x": ["input"], "epsilon": ["eps"]})` lets callers pass input= for x and eps= for
epsilon; passing both names is Paddle 3.3.1's TypeError (the alias reaches the function, which
does not take it: "LayerNorm.__init__() got an unexpected keyword argument 'eps'")."""
import functools

__all__ = ["aliases"]


def aliases(mapping):
    back = {a: name for name, alts in mapping.items() for a in alts}

    def wrap(fn):
        @functools.wraps(fn)
        def call(*args, **kwargs):
            for alt in [k for k in kwargs if k in back]:
                name = back[alt]
                if name in kwargs:  # Paddle's decorator leaves the alias to the function
                    raise TypeError(f"{fn.__qualname__}() got an unexpected keyword argument "
                                    f"'{alt}'")
                kwargs[name] = kwargs.pop(alt)
            return fn(*args, **kwargs)
        return call
    return wrap
