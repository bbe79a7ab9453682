"""Keyword aliases (Paddle 3.x's `paddle/utils/decorator_utils.py` decorators and the aliases of
its generated C++ argument parsers): `paddle.sum(x, dim=0)` for `axis=0`, `paddle.add(input=x,
other=y)` for `x=, y=`, ...

Every alias is declared once, in `param_alias_table.ALIASES` (written by `tools/alias_table.py`
from `tests/fixtures/paddle331_aliases.json`, which `tools/paddle_aliases.py` measures in real
Paddle); `install()` wraps the public functions, Tensor methods and Layer constructors it names
when eagergraph is imported. The wrapper keeps the function's signature (`__signature__`, as
Paddle's decorators do) and costs one dict test when no keyword is given.

Passing a name and its alias raises what Paddle raises there, which depends on which of Paddle's
mechanisms holds the alias (`both` in the table):
  "cannot"      ValueError: Cannot specify both 'axis' and its alias 'dim' (ParamAliasDecorator)
  "too_many"    ValueError: (InvalidArgument) has too many arguments (the C++ parsers)
  "unexpected"  TypeError: f() got an unexpected keyword argument 'dim' (param_one_alias /
                param_two_alias leave the alias in place, and the inner function rejects it)
  "override"    the alias wins (decorators that rename without looking: softmax, size=)
"""
import functools
import importlib
import inspect

__all__ = ["alias_wrapper", "install"]

_TOO_MANY = "(InvalidArgument) has too many arguments"


def _both_error(both, fname, name, alias):
    if both == "too_many":
        return ValueError(_TOO_MANY)
    if both == "unexpected":
        return TypeError(f"{fname}() got an unexpected keyword argument '{alias}'")
    return ValueError(f"Cannot specify both '{name}' and its alias '{alias}'")


def alias_wrapper(fn, aliases, both="cannot", fname=None, defaults=None):
    """fn accepting `alias=` for `name=` for each alias -> name of `aliases`; `defaults` fill
    the arguments not given when an alias was used (Paddle's SetDefaultParaAliasDecorator)."""
    items = tuple(aliases.items())
    fname = fname or getattr(fn, "__name__", "function")

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if kwargs:
            used = False
            for alias, name in items:
                if alias in kwargs:
                    if name in kwargs and both != "override":
                        raise _both_error(both, fname, name, alias)
                    kwargs[name] = kwargs.pop(alias)
                    used = True
            if used and defaults:
                for k, v in defaults.items():
                    kwargs.setdefault(k, v)
        return fn(*args, **kwargs)

    try:
        wrapper.__signature__ = inspect.signature(fn)
    except (TypeError, ValueError):
        pass
    wrapper.__param_aliases__ = dict(aliases)
    return wrapper


def _owner(qualname):
    """(object holding the name, attribute name) for 'paddle.nn.functional.relu' and the like."""
    parts = qualname.split(".")
    obj = importlib.import_module("eagergraph")
    for p in parts[1:-1]:
        obj = getattr(obj, p)
    return obj, parts[-1]


def install(table):
    """Wrap every name of `table` (qualified name -> (aliases, both, fname)) in place. One
    function under several names with the same aliases (paddle.cat and paddle.concat) gets one
    wrapper, so the names stay one object, as in Paddle."""
    made = {}

    def wrap(fn, aliases, both, fname):
        key = (id(fn), tuple(sorted(aliases.items())), both, fname)
        if key not in made:
            made[key] = (fn, alias_wrapper(fn, aliases, both, fname))
        return made[key][1]

    for qualname, (aliases, both, fname) in table.items():
        owner, attr = _owner(qualname)
        target = inspect.getattr_static(owner, attr, None) if inspect.isclass(owner) else \
            getattr(owner, attr, None)
        if target is None:
            raise AttributeError(f"param_alias_table names {qualname}, which eagergraph lacks")
        if inspect.isclass(target):  # a Layer: its constructor takes the aliases
            init = target.__dict__.get("__init__", target.__init__)
            target.__init__ = wrap(init, aliases, both, fname or target.__name__)
            continue
        if isinstance(target, (staticmethod, classmethod, property)):
            raise TypeError(f"param_alias_table: {qualname} is a {type(target).__name__}")
        setattr(owner, attr, wrap(target, aliases, both, fname))
