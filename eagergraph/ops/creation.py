"""Creation ops (Paddle python/paddle/tensor/creation.py): zeros, ones, full, empty, arange,
linspace, logspace, eye, tril/triu_indices and the *_like family, over the generated `full`,
`full_like`, `empty`, `empty_like`, `arange`, `linspace` and `eye`. The wrappers resolve
dtype=None to Paddle's default for each op. `empty`/`empty_like` return zeros (Paddle leaves
the values unspecified).
(`paddle.to_tensor` lives in eagergraph/creation.py.)"""
import numbers

import numpy as np

from .._generated import ops_api as _C_ops
from .._generated.eager_utils import parse_tensor, errors_name_op
from ..framework import default_float_dtype
from ..phi.common import bool_, int64, float64, complex128
from ..tensor import Tensor

__all__ = ["zeros", "ones", "full", "empty", "arange", "linspace", "eye", "zeros_like",
           "ones_like", "full_like", "empty_like"]


def range(start=0, end=None, step=1, dtype=None, *, out=None, device=None,  # noqa: A001
          requires_grad=False, name=None):
    """Deprecated in Paddle: values from start to end *inclusive* in steps of step (arange
    excludes end); dtype=None: the default float dtype."""
    if end is None:
        start, end = 0, start
    args = [float(v.item()) if isinstance(v, Tensor) and v.size == 1 else v
            for v in (start, end, step)]
    for arg, v in zip(("start", "end", "step"), args):
        if not isinstance(v, (int, float, np.integer, np.floating)) or isinstance(v, bool) \
                or not np.isfinite(float(v)):
            raise TypeError(f"range(): argument '{arg}' must be a finite number, got {v!r}")
    if args[2] == 0:
        raise ValueError("range(): step must not be 0")
    n = int(np.floor((args[1] - args[0]) / args[2])) + 1
    dt = default_float_dtype() if dtype is None else dtype
    res = _C_ops.linspace(args[0], args[0] + (n - 1) * args[2], max(n, 0), dt) if n > 1 else \
        _C_ops.full([max(n, 0)], args[0], dt)
    res.stop_gradient = not requires_grad
    return res


def _to_tensor_as(op, data, dtype, requires_grad):
    from ..creation import to_tensor
    if isinstance(data, Tensor) and (dtype is None or data.dtype == dtype):
        return data
    try:
        return to_tensor(data, dtype=dtype, stop_gradient=not requires_grad)
    except (TypeError, ValueError) as e:
        raise type(e)(f"{op}(): {e}") from None


def as_tensor(data, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """to_tensor with torch's argument names (data, dtype, device, requires_grad)."""
    return _to_tensor_as("as_tensor", data, dtype, requires_grad)


def asarray(obj, *, dtype=None, device=None, copy=None, requires_grad=False):
    """A tensor from obj (a list, array or tensor), like numpy.asarray."""
    return _to_tensor_as("asarray", obj, dtype, requires_grad)


def from_numpy(ndarray):
    """A tensor with the ndarray's values and dtype (a copy, as Paddle 3.3.1's CPU build)."""
    if not isinstance(ndarray, np.ndarray):
        raise TypeError(f"from_numpy(): expected np.ndarray (got {type(ndarray).__name__})")
    return _to_tensor_as("from_numpy", ndarray, None, False)


__all__ += ["range", "as_tensor", "asarray", "from_numpy"]


def _fill_value(value, op):
    t = type(value)
    if t is float or t is int or t is bool or isinstance(value, (numbers.Number, Tensor)):
        return value
    if isinstance(value, str):  # Paddle accepts numeric strings such as "0.5"
        try:
            return float(value)
        except ValueError:
            raise ValueError(f"{op}(): fill_value {value!r} is not a numeric string") from None
    raise TypeError(f"{op}(): The fill_value should be int, float, bool, complex, np.number, "
                    f"string numeric values or Tensor, but received {type(value)}.")


def full(shape, fill_value, dtype=None, name=None):
    """A Tensor of `shape` filled with `fill_value`. dtype=None: bool for a bool value,
    complex128 for a complex one, otherwise the default float dtype."""
    fill_value = _fill_value(fill_value, "full")
    if dtype is None:
        if isinstance(fill_value, bool):
            dtype = bool_
        elif isinstance(fill_value, complex):
            dtype = complex128
        else:
            dtype = default_float_dtype()
    return _C_ops.full(shape, fill_value, dtype)


def zeros(shape, dtype=None, name=None):
    return _C_ops.full(shape, 0.0, default_float_dtype() if dtype is None else dtype)


def ones(shape, dtype=None, name=None):
    return _C_ops.full(shape, 1.0, default_float_dtype() if dtype is None else dtype)


def empty(shape, dtype=None, name=None):
    """Like Paddle's, the values are unspecified; eagergraph's are zeros."""
    return _C_ops.empty(shape, default_float_dtype() if dtype is None else dtype)


def full_like(x, fill_value, dtype=None, name=None):
    """A Tensor shaped like x filled with `fill_value`, of x's dtype unless dtype is given (the
    value is converted: full_like(int_tensor, 2.5) holds 2)."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "full_like", "x", 0)
    fill_value = _fill_value(fill_value, "full_like")
    return _C_ops.full_like(x, fill_value, x.dtype if dtype is None else dtype)


def zeros_like(x, dtype=None, name=None):
    if type(x) is not Tensor:
        x = parse_tensor(x, "zeros_like", "x", 0)
    return _C_ops.full_like(x, 0.0, x.dtype if dtype is None else dtype)


def ones_like(x, dtype=None, name=None):
    if type(x) is not Tensor:
        x = parse_tensor(x, "ones_like", "x", 0)
    return _C_ops.full_like(x, 1.0, x.dtype if dtype is None else dtype)


def empty_like(x, dtype=None, name=None):
    if type(x) is not Tensor:
        x = parse_tensor(x, "empty_like", "x", 0)
    return _C_ops.empty_like(x, x.dtype if dtype is None else dtype)


def arange(start=0, end=None, step=1, dtype=None, name=None):
    """Values from start (inclusive) to end (exclusive) by step; arange(n) counts 0..n-1.
    dtype=None: int64 when start, end and step are all integers (or integer Tensors), else the
    default float dtype. Values are converted to dtype first, then counted and accumulated in it,
    as Paddle does."""
    if end is None:
        start, end = 0, start
    for arg, v in (("start", start), ("end", end), ("step", step)):
        if type(v) is int and not -2 ** 63 <= v < 2 ** 63:  # Paddle: TypeError as well
            raise TypeError(f"(InvalidType) arange(): argument '{arg}' = {v} is out of the "
                            f"int64 range")
    if dtype is None:
        dtype = int64
        for v in (start, end, step):
            if not (isinstance(v, Tensor) and v.dtype.is_integer
                    or isinstance(v, (int, np.integer))):
                dtype = default_float_dtype()
                break
    return _C_ops.arange(start, end, step, dtype)


def linspace(start, stop, num, dtype=None, name=None):
    """`num` evenly spaced values from start to stop inclusive (float32 by default; integer
    dtypes truncate each value)."""
    return _C_ops.linspace(start, stop, num, default_float_dtype() if dtype is None else dtype)


def _eye_dim(v, arg):
    if isinstance(v, Tensor) and v.size == 1:  # Paddle truncates a float Tensor here
        return int(v.item())
    if isinstance(v, (int, np.integer)) and v >= 0:
        return int(v)
    raise TypeError(f"eye(): {arg} should be a non-negative int, but received {v!r}.")


def eye(num_rows, num_columns=None, dtype=None, name=None):
    """A 2-D Tensor with ones on the diagonal; num_columns=None: square."""
    rows = _eye_dim(num_rows, "num_rows")
    cols = rows if num_columns is None else _eye_dim(num_columns, "num_columns")
    return _C_ops.eye(rows, cols, default_float_dtype() if dtype is None else dtype)


# ---- logspace, tril_indices, triu_indices (Paddle creation.py; compositions here)
__all__ += ["logspace", "tril_indices", "triu_indices"]


def _scalar(v):
    return v.item() if isinstance(v, Tensor) else v


@errors_name_op
def logspace(start, stop, num, base=10.0, dtype=None, name=None):
    """`num` values base ** e for e evenly spaced from start to stop (float32 by default; an
    integer dtype truncates start and stop first, then each value, as Paddle's kernel)."""
    from .._generated import dygraph_functions as _ad
    from .._generated.eager_utils import parse_dtype
    d = default_float_dtype() if dtype is None else parse_dtype(dtype, "logspace", "dtype", 4)
    start, stop, num, base = _scalar(start), _scalar(stop), int(_scalar(num)), _scalar(base)
    if num <= 0:
        raise ValueError(f"(InvalidArgument) The num of logspace op should be larger than 0, but "
                         f"received num is {num}")
    if d.np_dtype.kind in "iu":
        start, stop = int(start), int(stop)
    e = _C_ops.linspace(float(start), float(stop), num, float64)
    out = _ad.elementwise_pow_ad_func(_ad.full_like_ad_func(e, float(base), float64), e)
    return out if d is float64 else _ad.cast_ad_func(out, d)


def _tri_indices(row, col, offset, dtype, op, upper):
    from .._generated import dygraph_functions as _ad
    from .._generated.eager_utils import parse_dtype
    if type(row) is not int or row < 0:
        raise TypeError("row should be a non-negative int")
    if col is None:
        col = row
    if type(col) is not int or col < 0:
        raise TypeError("col should be a non-negative int")
    if type(offset) is not int:
        raise TypeError("offset should be a  int")
    d = parse_dtype(dtype, op, "dtype", 3)
    if d.name not in ("int32", "int64"):
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {d.name}) "
                           f"of kernel `{op}` is not registered.")
    ones = _C_ops.full([row, col], 1, int64)
    tri = _ad.triu_ad_func(ones, offset) if upper else _ad.tril_ad_func(ones, offset)
    idx = _ad.transpose_ad_func(_ad.nonzero_ad_func(tri), [1, 0])  # row-major order
    return idx if d is int64 else _ad.cast_ad_func(idx, d)


@errors_name_op
def tril_indices(row, col, offset=0, dtype="int64"):
    """[2, N]: the row and column indices of the lower triangle (diagonal `offset`) of a
    row x col matrix, row by row."""
    return _tri_indices(row, col, offset, dtype, "tril_indices", False)


@errors_name_op
def triu_indices(row, col=None, offset=0, dtype="int64"):
    """[2, N]: the indices of the upper triangle (col defaults to row)."""
    return _tri_indices(row, col, offset, dtype, "triu_indices", True)
