"""Keyword aliases (Paddle 3.x's `paddle/utils/decorator_utils.py` decorators and the aliases of
its generated C++ argument parsers): `paddle.sum(x, dim=0)` for `axis=0`, `paddle.add(input=x,
other=y)` for `x=, y=`, ...

The same wrapper takes Paddle's variadic shapes (`paddle.zeros(2, 3)`, `x.reshape(3, 2)`) and
its keyword-only extras (`out=`, `device=`, `requires_grad=`, `pin_memory=`) where Paddle 3.3.1
has them.

Every alias and form is declared once, in `param_alias_table.ALIASES` (written by `tools/alias_table.py`
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
import keyword
import linecache

from .tensor import Tensor
from .eager.autograd_meta import copy_history
from .phi.common import Place

__all__ = ["alias_wrapper", "install", "write_out", "check_device"]

_TOO_MANY = "(InvalidArgument) has too many arguments"


def _both_error(both, fname, name, alias):
    if both == "too_many":
        return ValueError(_TOO_MANY)
    if both == "unexpected":
        return TypeError(f"{fname}() got an unexpected keyword argument '{alias}'")
    return ValueError(f"Cannot specify both '{name}' and its alias '{alias}'")


_EXTRA_DEFAULTS = {"out": None, "device": None, "requires_grad": False, "pin_memory": False}


def _int_like(v):
    """An int or a 0-D integer Tensor (what Paddle's shape decorators take as one dimension)."""
    if type(v) is int:
        return True
    return isinstance(v, Tensor) and v.ndim == 0 and v._data.dtype.kind in "iu"


def _varargs(kind, args, kwargs):
    """Paddle's variadic forms: "size" zeros(2, 3); "after_x:<p>" x.reshape(3, 2);
    "transpose" transpose(x, 0, 1) / transpose(x, dim0=0, dim1=1)."""
    if kind == "size":
        if args and isinstance(args[0], int) and "shape" not in kwargs:
            return (), dict(kwargs, shape=list(args))
        if isinstance(kwargs.get("shape"), int):
            kwargs["shape"] = [kwargs["shape"]]
        return args, kwargs
    if kind == "transpose":
        d0 = kwargs.pop("dim0", kwargs.pop("axis0", None))
        d1 = kwargs.pop("dim1", kwargs.pop("axis1", None))
        if d0 is None and len(args) > 1 and isinstance(args[1], int):
            d0 = args[1]
        if d1 is None and len(args) > 2 and isinstance(args[2], int):
            d1 = args[2]
        if d0 is not None and d1 is not None:
            x = kwargs["x"] if "x" in kwargs else args[0]
            perm = list(range(x.ndim))
            perm[d0], perm[d1] = perm[d1], perm[d0]
            kwargs["perm"] = perm
            args = args[:1]
        return args, kwargs
    param = kind.split(":", 1)[1]
    if len(args) >= 2 and _int_like(args[1]) and all(_int_like(a) for a in args[2:]):
        kwargs[param] = list(args[1:])
        args = args[:1]
    return args, kwargs


def check_device(device):
    if device is None or isinstance(device, Place):
        return
    if not (isinstance(device, str) and device.split(":")[0] == "cpu"):
        raise ValueError(f"The device should not be {device}, since PaddlePaddle is not "
                         f"compiled with CUDA")


def write_out(out, result, fname):
    """`out=`: out becomes the result, as in Paddle 3.3.1 (its values, shape and dtype; when
    the result needs grad, its history too, so a backward through out reaches the inputs);
    its inplace version is not bumped (Paddle's is not). Paddle returns the result, a second
    Tensor sharing out's storage."""
    if not isinstance(out, Tensor):
        raise TypeError(f"{fname}(): argument 'out' must be a Tensor, but got "
                        f"{type(out).__name__}")
    if not isinstance(result, Tensor):
        raise TypeError(f"{fname}(): out= takes one Tensor result")
    out._data = result._data
    for slot in ("_version", "_base", "_view_fn", "_view_version"):
        # a Tensor made by Tensor._wrap leaves the view slots unset: so does out then
        if hasattr(result, slot):
            setattr(out, slot, getattr(result, slot))
        elif hasattr(out, slot):
            delattr(out, slot)
    if not result.stop_gradient:
        copy_history(out, result)  # its place in the graph, and its AutogradMeta
        out._autograd_meta = result._autograd_meta
        out._stop_gradient = False


def _signature(fn, extras):
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    if not extras:
        return sig
    ps = list(sig.parameters.values())
    tail = [p for p in ps if p.kind is p.VAR_KEYWORD]
    ps = [p for p in ps if p.kind is not p.VAR_KEYWORD]
    ps += [inspect.Parameter(e, inspect.Parameter.KEYWORD_ONLY, default=_EXTRA_DEFAULTS[e])
           for e in extras]
    return sig.replace(parameters=ps + tail)


def alias_wrapper(fn, aliases, both="cannot", fname=None, defaults=None, varargs=None,
                  extras=()):
    """fn accepting `alias=` for `name=` for each alias -> name of `aliases`; `defaults` fill
    the arguments not given when an alias was used (Paddle's SetDefaultParaAliasDecorator);
    `varargs` a variadic shape form (see _varargs); `extras` the keyword-only `out=`,
    `device=`, `requires_grad=`, `pin_memory=` that Paddle adds to fn."""
    items = tuple(aliases.items())
    fname = fname or getattr(fn, "__name__", "function")
    extras = tuple(extras)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if varargs is not None:
            args, kwargs = _varargs(varargs, args, kwargs)
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
            if extras:
                got = {e: kwargs.pop(e) for e in extras if e in kwargs}
                if got:
                    return _with_extras(fn, args, kwargs, got, fname)
        return fn(*args, **kwargs)

    sig = _signature(fn, extras)
    if varargs is None and sig is not None:
        wrapper = _direct_wrapper(fn, sig, aliases, extras, wrapper) or wrapper
    if sig is not None:
        wrapper.__signature__ = sig
    wrapper.__param_aliases__ = dict(aliases)
    wrapper.__call_forms__ = {"varargs": varargs, "extras": list(extras)}
    return wrapper


class _Missing:
    """Default of the arguments a direct wrapper must know were not given."""

    __slots__ = ()

    def __repr__(self):
        return "<not given>"


_MISSING = _Missing()


def _direct_wrapper(fn, sig, aliases, extras, general):
    """A wrapper with fn's own parameters (plus its aliases and extras as keyword-only ones
    defaulting to _MISSING), written out and compiled once: a call that uses no alias or extra
    passes its arguments straight to fn, without *args/**kwargs packing (one frame and a few
    identity tests, where the general wrapper costs about as much as a small op's kernel).
    Anything else goes to `general` with exactly the arguments given. None when fn's
    parameters are not plain (a *args or **kwargs, or a name that is also an alias)."""
    try:  # fn's own parameters: a wrapper of fn (functools.wraps) may take more than it shows
        own = inspect.signature(fn, follow_wrapped=False)
    except (TypeError, ValueError):
        return None
    if own != sig.replace(parameters=[p for p in sig.parameters.values()
                                      if p.name not in extras]):
        return None
    params = list(own.parameters.values())
    kinds = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    names = {p.name for p in params}
    if (any(p.kind not in kinds for p in params) or names & set(aliases)
            or not all(n.isidentifier() and not keyword.iskeyword(n)
                       for n in names | set(aliases) | set(extras))):
        return None
    aliased = set(aliases.values())
    env = {"_fn": fn, "_general": general, "_M": _MISSING}
    head, kw_head, forward = [], [], []
    for i, p in enumerate(params):
        if p.default is not p.empty:
            env[f"_d{i}"] = p.default
        if p.name in aliased or p.default is p.empty:
            default = "_M"  # must know whether it was given
        elif p.default is None or type(p.default) in (bool, int, str):
            default = repr(p.default)
        else:
            default = f"_d{i}"
        (head if p.kind is p.POSITIONAL_OR_KEYWORD else kw_head).append(f"{p.name}={default}")
        forward.append(p.name if p.kind is p.POSITIONAL_OR_KEYWORD else f"{p.name}={p.name}")
    kw_only = kw_head + [f"{n}=_M" for n in list(aliases) + list(extras)]
    # *_more: too many positional arguments reach fn, for its own TypeError
    signature = ", ".join(head + ["*_more"] + kw_only)
    tests = [f"{n} is not _M" for n in list(aliases) + list(extras)]
    for i, p in enumerate(params):
        if p.default is p.empty:
            tests.append(f"{p.name} is _M")
    fill = [f"    if {p.name} is _M:\n        {p.name} = _d{i}\n"
            for i, p in enumerate(params) if p.name in aliased and p.default is not p.empty]
    every = [p.name for p in params] + list(aliases) + list(extras)
    positional = [p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
    keywords = [n for n in every if n not in positional]
    name = fn.__name__ if fn.__name__.isidentifier() and fn.__name__ not in env else "wrapper"
    src = (f"def {name}({signature}):\n"
           f"    if _more:\n"
           f"        return _general({''.join(n + ', ' for n in positional)}*_more, **{{k: v for k, v in ("
           f"{''.join(f'({n!r}, {n}), ' for n in keywords)}) if v is not _M}})\n"
           + (f"    if {' or '.join(tests)}:\n"
              f"        return _general(**{{k: v for k, v in ("
              f"{', '.join(f'({n!r}, {n})' for n in every)},) if v is not _M}})\n"
              if tests else "")
           + "".join(fill)
           + f"    return _fn({', '.join(forward)})\n")
    # a file name inside the package (frames here are the package's, not the user's) whose
    # source tracebacks can show
    filename = f"{__file__[:-3]}<wrapper of {fn.__qualname__}>"
    linecache.cache[filename] = (len(src), None, src.splitlines(True), filename)
    exec(compile(src, filename, "exec"), env)
    direct = env[name]
    functools.update_wrapper(direct, fn)
    direct.__alias_source__ = src
    return direct


def _with_extras(fn, args, kwargs, got, fname):
    check_device(got.get("device"))
    if got.get("pin_memory"):
        raise RuntimeError("Pinning memory is not supported for Place(cpu)")
    result = fn(*args, **kwargs)
    if got.get("requires_grad"):
        result.stop_gradient = False
    out = got.get("out")
    if out is not None:
        write_out(out, result, fname)
    return result


def _owner(qualname):
    """(object holding the name, attribute name) for 'paddle.nn.functional.relu' and the like."""
    parts = qualname.split(".")
    obj = importlib.import_module("eagergraph")
    for p in parts[1:-1]:
        obj = getattr(obj, p)
    return obj, parts[-1]


def install(table):
    """Wrap every name of `table` (qualified name -> (aliases, both, fname, varargs, extras))
    in place. One function under several names with the same forms (paddle.cat and
    paddle.concat) gets one wrapper, so the names stay one object, as in Paddle."""
    made = {}
    inner = {}  # id(wrapper) -> the function it wraps

    def wrap(fn, entry, fname):
        # a class under two names (paddle.nn.Module is Layer, Conv2d is Conv2D) shows the
        # second name the wrapper the first one installed: wrap what that wraps, not it
        fn = inner.get(id(fn), fn)
        aliases, both, _, varargs, extras = (tuple(entry) + (None, ()))[:5]
        key = (id(fn), tuple(sorted(aliases.items())), both, fname, varargs, tuple(extras))
        if key not in made:
            w = alias_wrapper(fn, aliases, both, fname, varargs=varargs, extras=extras)
            made[key] = (fn, w)
            inner[id(w)] = fn
        return made[key][1]

    for qualname, entry in table.items():
        fname = entry[2]
        owner, attr = _owner(qualname)
        target = inspect.getattr_static(owner, attr, None) if inspect.isclass(owner) else \
            getattr(owner, attr, None)
        if target is None:
            raise AttributeError(f"param_alias_table names {qualname}, which eagergraph lacks")
        if inspect.isclass(target):  # a Layer: its constructor takes the aliases
            init = target.__dict__.get("__init__", target.__init__)
            target.__init__ = wrap(init, entry, fname or target.__name__)
            continue
        if isinstance(target, (staticmethod, classmethod, property)):
            raise TypeError(f"param_alias_table: {qualname} is a {type(target).__name__}")
        setattr(owner, attr, wrap(target, entry, fname))
