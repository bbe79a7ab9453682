"""Argument parsing for the generated op entry points (Paddle pybind/eager_utils.cc, CastPyArg2*).
Written by hand, beside the generated ops_api.py it serves (`python -m codegen` leaves it
alone); hand-written public functions in ops/, nn/, ... parse with it too.

Every parser takes (value, op, arg, position) so its error names all three, e.g.
"add(): argument 'y' (position 1) must be Tensor, but got float". As in Paddle, a non-Tensor
where a Tensor is required is a ValueError (InvalidArgument); an attribute of the wrong Python
type (bool/int/float/str) is a TypeError (InvalidType).
"""
import functools
import numbers

import numpy as np

from ..tensor import Tensor, Size
from ..phi.common import convert_dtype, DataType, type_name as _tname

_INT_TYPES = (int, np.integer)




def _fail(op, arg, pos, want, value):
    raise ValueError(f"(InvalidArgument) {op}(): argument '{arg}' (position {pos}) must be "
                     f"{want}, but got {_tname(value)}")


def _fail_type(op, arg, pos, want, value):
    """Attributes of the wrong Python type: Paddle raises TypeError (InvalidType)."""
    raise TypeError(f"(InvalidType) {op}(): argument '{arg}' (position {pos}) must be "
                    f"{want}, but got {_tname(value)}")


def parse_tensor(v, op, arg, pos):
    if isinstance(v, Tensor):
        # a dense op must not run on a sparse tensor's values (eagergraph.sparse's tensors
        # say their layout; a Parameter says nothing)
        layout = getattr(type(v), "_sparse_layout", None)
        if layout is not None:
            _sparse_input(op, arg, pos, layout)
        return v
    _fail(op, arg, pos, "Tensor", v)


def _sparse_input(op, arg, pos, layout):
    raise NotImplementedError(
        f"(Unimplemented) {op}(): argument '{arg}' (position {pos}) is a sparse {layout} "
        f"tensor, and {op} is a dense op; use paddle.sparse.{op} where it exists, or "
        f"x.to_dense() first.")


def parse_tensor_list(v, op, arg, pos):
    if isinstance(v, Tensor):  # Paddle accepts a Tensor where a list of Tensors is expected
        return [v[i] for i in range(v.shape[0])]
    if not isinstance(v, (list, tuple)):
        _fail(op, arg, pos, "list of Tensor", v)
    if len(v) == 0:
        raise ValueError(f"(InvalidArgument) {op}(): argument '{arg}' (position {pos}) must be a "
                         f"non-empty list of Tensor, but got an empty {_tname(v)}")
    for i, t in enumerate(v):
        if not isinstance(t, Tensor):
            raise ValueError(f"(InvalidArgument) {op}(): argument '{arg}' (position {pos}) must be "
                             f"list of Tensor, but element {i} is {_tname(t)}")
        if type(t) is not Tensor and getattr(type(t), "_sparse_layout", None) is not None:
            _sparse_input(op, arg, pos, type(t)._sparse_layout)
    return list(v)


def _tensor_scalar(v, op, arg, pos):
    if v._data.size != 1:
        raise ValueError(f"(InvalidArgument) {op}(): argument '{arg}' (position {pos}) must be a "
                         f"scalar; a Tensor with {v._data.size} elements was given")
    return v._data.reshape(()).item()


def parse_scalar(v, op, arg, pos):
    t = type(v)
    if t is float or t is int or t is bool or t is complex:
        return v
    if isinstance(v, Tensor):
        return _tensor_scalar(v, op, arg, pos)
    if isinstance(v, np.generic) or isinstance(v, numbers.Number):
        return v.item() if isinstance(v, np.generic) else v
    if isinstance(v, np.ndarray) and v.size == 1:
        return v.item()
    _fail_type(op, arg, pos, "int, float, bool, complex or a one-element Tensor", v)


def parse_int(v, op, arg, pos):
    if type(v) is int:
        return v
    if isinstance(v, Tensor) and v.dtype.is_integer:
        return int(_tensor_scalar(v, op, arg, pos))
    if isinstance(v, _INT_TYPES) and not isinstance(v, (bool, np.bool_)):
        return int(v)
    _fail_type(op, arg, pos, "int", v)


def parse_float(v, op, arg, pos):
    t = type(v)
    if t is float or t is int:
        return float(v)
    if isinstance(v, Tensor):
        return float(_tensor_scalar(v, op, arg, pos))
    if isinstance(v, (np.floating, np.integer)) and not isinstance(v, np.bool_):
        return float(v)
    _fail_type(op, arg, pos, "float", v)


_F32_CACHE = {}  # float -> float64(float32(float)): a dict hit costs less than the rounding


def to_float32(v):
    """float64(float32(v)) as a Python float (a Paddle `float` attribute's value), cached."""
    r = _F32_CACHE.get(v)
    if r is None:
        if len(_F32_CACHE) > 4096:  # bounded: attributes are mostly a few literals
            _F32_CACHE.clear()
        with np.errstate(over="ignore"):  # beyond float32: inf, as Paddle's C++ cast
            r = _F32_CACHE[v] = float(np.float32(v))
    return r


def parse_float32(v, op, arg, pos):
    """A Paddle `float` attribute (32-bit): the value rounded to float32, as a Python float, so
    `hardtanh(x, max=0.1)` on float64 x clamps at float64(float32(0.1)) as Paddle does."""
    if type(v) is float:
        r = _F32_CACHE.get(v)
        return to_float32(v) if r is None else r
    return to_float32(parse_float(v, op, arg, pos))


def parse_scalar_float32(v, op, arg, pos):
    """A Paddle `Scalar(float)` attribute: a real float is rounded to float32 (the kernel reads
    it with .to<float>()); ints, bools and complex numbers are kept."""
    if type(v) is float:  # the common case, one dict lookup
        r = _F32_CACHE.get(v)
        return to_float32(v) if r is None else r
    if type(v) is int:
        return v
    v = parse_scalar(v, op, arg, pos)
    return to_float32(v) if type(v) is float else v


def parse_bool(v, op, arg, pos):
    if v is True or v is False:
        return v
    if isinstance(v, np.bool_):
        return bool(v)
    if isinstance(v, Tensor) and v.dtype.name == "bool":
        return bool(_tensor_scalar(v, op, arg, pos))
    _fail_type(op, arg, pos, "bool", v)


def parse_dtype(v, op, arg, pos):
    if type(v) is DataType:
        return v
    try:
        return convert_dtype(v)
    except (TypeError, ValueError) as e:  # the type convert_dtype chose (Paddle's), op named
        raise type(e)(f"{op}(): argument '{arg}' (position {pos}): {e}") from None


def parse_str(v, op, arg, pos):
    if isinstance(v, str):
        return v
    _fail_type(op, arg, pos, "str", v)


def parse_int_array(v, op, arg, pos):
    """IntArray: an int, a list/tuple of ints or one-element int Tensors, or an int Tensor
    -> tuple of ints."""
    t = type(v)
    if t is int:
        return (v,)
    if t is list or t is tuple or t is Size:
        if all(type(e) is int for e in v):
            return tuple(v)
        return tuple(parse_int(e, op, arg, pos) for e in v)
    if isinstance(v, Tensor):
        if not v.dtype.is_integer:
            raise TypeError(f"{op}(): argument '{arg}' (position {pos}) must be an integer "
                            f"Tensor, but got a {v.dtype.name} Tensor")
        return tuple(int(e) for e in v._data.reshape(-1))
    if isinstance(v, _INT_TYPES) and not isinstance(v, (bool, np.bool_)):
        return (int(v),)
    if isinstance(v, np.ndarray) and v.dtype.kind in "iu":
        return tuple(int(e) for e in v.reshape(-1))
    _fail_type(op, arg, pos, "list, tuple, int, or Tensor", v)


def parse_int_list(v, op, arg, pos):
    if isinstance(v, (list, tuple)):
        return [parse_int(e, op, arg, pos) for e in v]
    if isinstance(v, Tensor):
        return list(parse_int_array(v, op, arg, pos))
    _fail_type(op, arg, pos, "list of int", v)


def parse_float_list(v, op, arg, pos):
    if isinstance(v, (list, tuple)):
        return [parse_float(e, op, arg, pos) for e in v]
    _fail_type(op, arg, pos, "list of float", v)


def parse_float32_list(v, op, arg, pos):
    if isinstance(v, (list, tuple)):
        return [parse_float32(e, op, arg, pos) for e in v]
    _fail_type(op, arg, pos, "list of float", v)


def parse_scalar_list(v, op, arg, pos):
    if isinstance(v, (list, tuple)):
        return [parse_scalar(e, op, arg, pos) for e in v]
    _fail_type(op, arg, pos, "list of scalars", v)


# ---- errors of Python-level compositions: the public function's name in every message
_PADDLE_ERRORS = (ValueError, TypeError, IndexError, RuntimeError, NotImplementedError,
                  AssertionError)
# internal exceptions (some subclass the allowed types) and the Paddle type each becomes
_LEAKS = ((np.exceptions.AxisError, IndexError), (np.exceptions.DTypePromotionError, TypeError),
          (RecursionError, RuntimeError), (UnboundLocalError, RuntimeError),
          (KeyError, ValueError), (AttributeError, TypeError), (ZeroDivisionError, ValueError),
          (OverflowError, ValueError), (MemoryError, ValueError))


def errors_name_op(fn, op=None, axis_error=IndexError):
    """For a public function composed in Python: an error raised inside it (by an inner op,
    NumPy, or its own checks) names the function (`op`, default fn's name), `op(): message`,
    keeping its Paddle type (an internal one becomes the nearest Paddle type; a NumPy AxisError
    becomes `axis_error`)."""
    op = op or fn.__name__

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception as e:
            if isinstance(e, np.exceptions.AxisError):
                cls = axis_error
            else:
                for leak, to in _LEAKS:
                    if isinstance(e, leak):
                        cls = to
                        break
                else:
                    cls = type(e) if isinstance(e, _PADDLE_ERRORS) else RuntimeError
            msg = str(e)
            if cls is type(e) and f"{op}(" in msg:
                raise
            try:
                new = cls(msg if msg.startswith(f"{op}(") else f"{op}(): {msg}")
            except Exception:  # an exception type with another constructor: keep it
                raise e
            raise new.with_traceback(None) from None
    return wrapper


def param_aliases(aliases, alias_defaults=None):
    """Paddle's param_*_alias decorators: keyword `alias=` is accepted for `name=` (the
    PyTorch spellings, e.g. input= for x=, dim= for axis=); when one is used, alias_defaults
    fill the arguments not given (paddle.median(input=..., dim=...) defaults to mode='min')."""

    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            if kwargs:
                used = False
                for alias, name in aliases.items():
                    if alias in kwargs and name not in kwargs:
                        kwargs[name] = kwargs.pop(alias)
                        used = True
                if used and alias_defaults:
                    for k, v in alias_defaults.items():
                        kwargs.setdefault(k, v)
            return fn(*args, **kwargs)
        # the aliases this function handles itself (tools/alias_table.py leaves them out of
        # param_alias_table, so alias_defaults still apply)
        wrapper.__own_aliases__ = dict(aliases)
        return wrapper
    return decorate

def check_kernel_dtype(t, op, dtypes):
    """For a wrapper composed of other ops where Paddle has a kernel of its own: the dtypes
    (names) Paddle registers it for, with Paddle's NotFound error for any other."""
    name = t.dtype.name
    if name not in dtypes:
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {name}) "
                           f"of kernel `{op}` is not registered. Selected wrong DataType "
                           f"`{name}`. Paddle support following DataTypes: {', '.join(dtypes)}.")


def names_errors(op):
    """errors_name_op for a wrapper named `op` (a NumPy AxisError becomes Paddle's ValueError)."""
    return lambda fn: errors_name_op(fn, op, ValueError)
