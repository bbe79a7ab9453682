"""paddle.base.set_flags / get_flags: Paddle's whole public FLAGS table (flag_table.py, the
3.3.1 defaults). The flags eagergraph acts on live in eagergraph/framework.py (paddle.set_flags;
e.g. FLAGS_check_nan_inf) and are read and written there, so their watchers run. The others are
type-checked and stored as Paddle does, and change nothing: Paddle's tests set them
(FLAGS_sort_sum_gradient, ...) and expect the call to succeed."""
from ..framework import set_flags as _framework_set, get_flags as _framework_get
from .flag_table import DEFAULTS

_values = dict(DEFAULTS)  # the flags framework.py does not handle


def _in_framework(name):
    try:
        _framework_get(name)
    except ValueError:
        return False
    return True


def _cast(name, value):
    """The value as the flag's type, with Paddle's (pybind) conversions: bool flags take bools
    and ints, int flags ints, float flags numbers, str flags strings."""
    kind = type(DEFAULTS[name])
    if kind in (bool, int) and isinstance(value, int):
        return kind(value)
    if kind is float and isinstance(value, (int, float)):
        return float(value)
    if kind is str and isinstance(value, str):
        return value
    raise RuntimeError(f"set_flags(): {name} is a {kind.__name__} flag; unable to cast the "
                       f"Python value {value!r} of type {type(value).__name__} to it")


def set_flags(flags):
    """Set FLAGS from a dict {name: value}. Unknown (or non-public) names raise ValueError."""
    if not isinstance(flags, dict):
        raise TypeError("flags in set_flags should be a dict")
    ours, theirs = {}, {}
    for name, value in flags.items():
        if _in_framework(name):
            theirs[name] = value
        elif name in DEFAULTS:
            ours[name] = _cast(name, value)
        else:
            raise ValueError(f"Flag {name} cannot set its value through this function.")
    if theirs:
        _framework_set(theirs)
    _values.update(ours)


def get_flags(flags):
    """{name: value} for a flag name or a list/tuple of names."""
    if isinstance(flags, str):
        flags = [flags]
    elif not isinstance(flags, (list, tuple)):
        raise TypeError("Flags in get_flags should be a list, tuple or string.")
    out = {}
    for name in flags:
        if _in_framework(name):
            out.update(_framework_get(name))
        elif name in _values:
            out[name] = _values[name]
        else:
            raise ValueError(f"Flag {name} cannot get its value through this function.")
    return out
