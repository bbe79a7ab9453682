"""The elementwise family's Python wrappers: math (Paddle python/paddle/tensor/math.py), then
comparison, logical and bitwise (logic.py)."""
import numpy as np

from .._generated import ops_api as _C_ops, dygraph_functions as _ad
from ..tensor import Tensor
from ..phi.common import (convert_dtype, NP_TO_DTYPE, bool_, int32, int64, float16, bfloat16,
                          float32, float64, complex64, complex128)
from ..eager_utils import parse_tensor, parse_scalar
from ..framework import default_float_dtype

# add, exp, tanh, ... are the generated functions themselves (ops.yaml `public:`)
mod = _C_ops.remainder  # Paddle's aliases
floor_mod = _C_ops.remainder

__all__ = ["mod", "floor_mod", "pow", "scale", "clip", "cast", "assign"]
TENSOR_METHODS = ["mod", "floor_mod", "pow", "scale", "clip", "cast", "astype"]


def pow(x, y, name=None):
    """x ** y: y a Python scalar (`pow` op) or a Tensor (`elementwise_pow`)."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "pow", "x", 0)
    if isinstance(y, Tensor):
        return _ad.elementwise_pow_ad_func(x, y)
    if isinstance(y, (bool, np.bool_)):
        y = int(y)  # Paddle: x ** True is x ** 1
    if isinstance(y, (int, float, np.integer, np.floating)):
        return _ad.pow_ad_func(x, parse_scalar(y, "pow", "y", 1))
    raise TypeError(f"pow(): y must be a scalar or a Tensor, but got {type(y).__name__}")


def scale(x, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
    """out = scale * x + bias (or scale * (x + bias) when bias_after_scale is False)."""
    out = _C_ops.scale(x, scale, bias, bias_after_scale)
    if act is not None:  # the activation op by name, as Paddle's _append_activation_in_dygraph
        out = getattr(_C_ops, act)(out)
    return out


def clip(x, min=None, max=None, name=None):
    """Clamp x into [min, max]; None means unbounded on that side. Integer x with float bounds
    computes in the default float dtype, as Paddle does."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "clip", "x", 0)
    lo = None if min is None else parse_scalar(min, "clip", "min", 1)
    hi = None if max is None else parse_scalar(max, "clip", "max", 2)
    if x._data.dtype.kind in "iu" and (isinstance(lo, float) or isinstance(hi, float)):
        x = _ad.cast_ad_func(x, default_float_dtype())
    kind = x._data.dtype.kind
    if lo is None:
        lo = -np.inf if kind == "f" else np.iinfo(x._data.dtype).min if kind in "iu" else 0
    if hi is None:
        hi = np.inf if kind == "f" else np.iinfo(x._data.dtype).max if kind in "iu" else 0
    return _ad.clip_ad_func(x, lo, hi)


def cast(x, dtype):
    """A copy of x converted to dtype ('float32', paddle.float32, np.float32...)."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "cast", "x", 0)
    return _ad.cast_ad_func(x, convert_dtype(dtype))


astype = cast


def assign(x, output=None):
    """Copy x (a Tensor, NumPy array, list or scalar) into a new Tensor, or into `output`."""
    if not isinstance(x, Tensor):
        from ..creation import to_tensor
        x = to_tensor(x)
    if output is not None:
        if not isinstance(output, Tensor):
            raise TypeError(f"assign(): output must be a Tensor, got {type(output).__name__}")
        from ..eager.inplace import check_inplace, commit_inplace
        check_inplace(output, "assign")
        return commit_inplace(output, _ad.assign_ad_func(x), "assign", rebind=True)
    return _ad.assign_ad_func(x)


def _dtype_name(t):
    return NP_TO_DTYPE[t._data.dtype].name


# ---- comparison, logical and bitwise (Paddle python/paddle/tensor/logic.py)
# equal, less_than, logical_and, bitwise_or, ... are the generated functions (ops.yaml `public:`)
less = _C_ops.less_than  # Paddle's aliases
greater = _C_ops.greater_than

__all__ += ["less", "greater", "is_tensor"]
TENSOR_METHODS += ["less", "greater"]


def is_tensor(x):
    """True for a paddle Tensor."""
    return isinstance(x, Tensor)


# ---- add_n and equal_all (Paddle math.py and logic.py), composed from add, assign, equal and
# all so their gradients and dtype rules come from those ops; the checks are their own (no type
# promotion, same shapes)
__all__ += ["add_n", "equal_all"]
TENSOR_METHODS += ["add_n", "equal_all"]

_ADD_N_DTYPES = (int32, int64, float16, bfloat16, float32, float64, complex64, complex128)
_EQUAL_ALL_DTYPES = (bool_, int32, int64, float32, float64)


def _check_dtype(op, t, supported):
    if t.dtype not in supported:
        names = ", ".join(d.name for d in supported)
        raise RuntimeError(f"(NotFound) {op}(): the kernel is not registered for dtype "
                           f"{t.dtype.name}; {op} supports: {names}.")


def add_n(inputs, name=None):
    """The elementwise sum of a list of tensors of one dtype and one shape (a single Tensor is a
    list of one). The result is a new tensor; the gradient flows to every input."""
    if isinstance(inputs, Tensor):
        inputs = [inputs]
    if not isinstance(inputs, (list, tuple)):
        raise ValueError(f"(InvalidArgument) add_n(): argument 'inputs' (position 0) must be "
                         f"list of Tensors, but got {type(inputs).__name__}")
    if not inputs:
        raise ValueError("(InvalidArgument) add_n(): argument 'inputs' (position 0) must be "
                         "list of Tensors, but got empty list")
    for i, t in enumerate(inputs):
        if not isinstance(t, Tensor):
            raise ValueError(f"(InvalidArgument) add_n(): argument 'inputs' (position 0) must "
                             f"be list of Tensors, but element {i} is {type(t).__name__}")
    first = inputs[0]
    _check_dtype("add_n", first, _ADD_N_DTYPES)
    for i, t in enumerate(inputs[1:], 1):
        if t.dtype is not first.dtype:
            raise ValueError(f"(InvalidArgument) add_n(): all inputs must have one dtype, but "
                             f"inputs[0] is {first.dtype.name} and inputs[{i}] is "
                             f"{t.dtype.name}")
        if list(t.shape) != list(first.shape):
            raise ValueError(f"(InvalidArgument) add_n(): the input tensors must have the same "
                             f"shape, but inputs[0]'s shape = {list(first.shape)}, inputs[{i}]'s "
                             f"shape = {list(t.shape)}")
    out = _ad.assign_ad_func(first)
    for t in inputs[1:]:
        out = _ad.add_ad_func(out, t)
    return out


def equal_all(x, y, name=None):
    """A 0-D bool tensor: True when x and y have the same shape and equal elements (NaN is never
    equal). Shapes are not broadcast: different shapes give False. The dtypes must match."""
    for arg, pos, t in (("x", 0, x), ("y", 1, y)):
        if not isinstance(t, Tensor):
            raise ValueError(f"(InvalidArgument) equal_all(): argument '{arg}' (position {pos}) "
                             f"must be Tensor, but got {type(t).__name__}")
    if x.dtype is not y.dtype:
        raise ValueError(f"(InvalidArgument) equal_all(): x and y must have one dtype, but x is "
                         f"{x.dtype.name} and y is {y.dtype.name}")
    _check_dtype("equal_all", x, _EQUAL_ALL_DTYPES)
    if list(x.shape) != list(y.shape):
        return Tensor._wrap(np.array(False))
    return _ad.all_ad_func(_ad.equal_ad_func(x, y), [], False)
