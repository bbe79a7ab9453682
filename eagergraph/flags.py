"""paddle.set_flags / paddle.get_flags (and paddle.base's): Paddle 3.3.1's whole public FLAGS
table (flag_table.py, with its defaults). Values are type-checked and stored as Paddle does.
The flags eagergraph acts on (FLAGS_check_nan_inf: anomaly mode) have watchers: the module that
implements one registers `watch_flag(name, fn)` and set_flags calls it with the new value, so
this low module never imports the module that acts on a flag. The other flags change nothing
here; Paddle's tests set them (FLAGS_sort_sum_gradient, ...) and expect the call to succeed."""
from .flag_table import DEFAULTS

_values = dict(DEFAULTS)
_watchers = {}


def watch_flag(name, fn):
    """Call `fn(value)` whenever set_flags changes flag `name`."""
    _watchers.setdefault(name, []).append(fn)


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
    """Set FLAGS from a dict {name: value}, e.g. `paddle.set_flags({'FLAGS_check_nan_inf': 1})`
    (NaN/Inf in any op's output or gradient raises, naming the op and the line that called it).
    Unknown (or non-public) names raise ValueError, before anything is set."""
    if not isinstance(flags, dict):
        raise TypeError("flags in set_flags should be a dict")
    new = {}
    for name, value in flags.items():
        if name not in DEFAULTS:
            raise ValueError(f"Flag {name} cannot set its value through this function.")
        new[name] = _cast(name, value)
    for name, value in new.items():
        _values[name] = value
        for fn in _watchers.get(name, ()):
            fn(value)


def get_flags(flags):
    """{name: value} for a flag name or a list/tuple of names."""
    if isinstance(flags, str):
        flags = [flags]
    elif not isinstance(flags, (list, tuple)):
        raise TypeError("Flags in get_flags should be a list, tuple or string.")
    out = {}
    for name in flags:
        if name not in _values:
            raise ValueError(f"Flag {name} cannot get its value through this function.")
        out[name] = _values[name]
    return out
