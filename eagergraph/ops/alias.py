"""Paddle's other names for existing functions (Paddle 3.x added NumPy/torch-style spellings:
paddle.cat, clamp, eq, sub, permute, ...). An alias is the same function object where Paddle's
is; the few that take other arguments (sub's alpha, div's rounding_mode, permute's varargs,
narrow) are thin adaptors over the op they name. Not a family: every alias computes through an
op of some family."""
import numpy as np

from .._generated import ops_api as _C_ops
from .._generated.public import PADDLE as _PUBLIC, INPLACE as _INPLACE
from ..phi.generator import seed as _seed
from .._generated.eager_utils import parse_tensor, errors_name_op
from ..tensor import Tensor
from ..phi.infermeta.backward import broadcast_axes
from . import elementwise, indexing, linalg, manipulation, reduce, search


def _find(name):
    """The public paddle.<name>: a generated function or a family module's wrapper."""
    # a family module's wrapper first: it is the public one where it redefines a generated name
    for mod in (elementwise, manipulation, indexing, search, reduce, linalg):
        if name in getattr(mod, "__all__", ()):
            return getattr(mod, name)
    for table in (_PUBLIC, _INPLACE):
        if name in table:
            return table[name]
    raise ImportError(f"alias target paddle.{name} not found")


divide, subtract, multiply = _find("divide"), _find("subtract"), _find("multiply")
floor_divide, flatten, concat, transpose = (_find("floor_divide"), _find("flatten"),
                                            _find("concat"), _find("transpose"))
split, sort, clip = _find("split"), _find("sort"), _find("clip")

__all__ = ["cat", "concatenate", "clamp", "eq", "ne", "gt", "ge", "lt", "le", "div", "div_",
           "sub", "sub_", "mul", "true_divide", "negative", "swapaxes", "swapdims", "permute",
           "take_along_dim", "reverse", "ger", "manual_seed", "floor_mod_", "mod_", "ravel",
           "narrow", "msort", "matrix_transpose", "gammaln", "view_as_real", "view_as_complex",
           "ldexp", "polar", "scatter_add", "scatter_add_", "scatter_reduce", "gammaln_",
           "ldexp_", "bitwise_invert", "bitwise_invert_", "positive", "increment", "tolist",
           "reduce_as"]
TENSOR_METHODS = ["clamp", "clamp_", "eq", "ne", "gt", "ge", "lt", "le", "div", "div_", "sub",
                  "sub_", "mul", "mul_", "true_divide", "negative", "swapaxes", "swapdims",
                  "permute", "take_along_dim", "reverse", "floor_mod_", "mod_", "ravel",
                  "narrow", "msort", "matrix_transpose", "split_with_sizes", "gammaln",
                  "view_as_real", "view_as_complex", "ldexp", "polar", "scatter_add",
                  "scatter_add_", "scatter_reduce", "gammaln_", "ldexp_"]

cat = concatenate = concat
clamp = clip
clamp_ = elementwise.clip_  # min= or max= alone, as Tensor.clip_
eq, ne = _find("equal"), _find("not_equal")
gt, ge = _find("greater_than"), _find("greater_equal")
lt, le = _find("less_than"), _find("less_equal")
mul = multiply
mul_ = _find("multiply_")
true_divide = divide
negative = _find("neg")
take_along_dim = _find("take_along_axis")
reverse = _find("flip")
manual_seed = _seed
floor_mod_ = mod_ = _find("remainder_")
swapaxes = swapdims = transpose


def div(x, y, name=None, *, rounding_mode=None):
    """x / y; rounding_mode 'trunc' rounds toward zero, 'floor' down (floor_divide)."""
    if rounding_mode is None:
        return divide(x, y)
    if rounding_mode == "trunc":
        q = divide(x, y)
        return _C_ops.trunc(q) if q.dtype.is_floating_point else q
    if rounding_mode == "floor":
        return floor_divide(x, y)
    raise ValueError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but "
                     f"found '{rounding_mode}'.")


def div_(x, y, name=None, *, rounding_mode=None):
    """x /= y in place (rounding_mode as div)."""
    if rounding_mode is None:
        return _find("divide_")(x, y)
    if rounding_mode == "floor":
        return _find("floor_divide_")(x, y)
    return _find("trunc_")(_find("divide_")(x, y))


def sub(x, y, name=None, *, alpha=1):
    """x - alpha * y."""
    return subtract(x, y if alpha == 1 else y * alpha)


def sub_(x, y, name=None, *, alpha=1):
    """x -= alpha * y in place."""
    return _find("subtract_")(x, y if alpha == 1 else y * alpha)


def permute(input, dims):
    """The axes of input reordered: permute(x, [1, 0]) (permute(x, 1, 0): param_alias_table)."""
    input = parse_tensor(input, "permute", "input", 0)
    return transpose(input, list(dims) if isinstance(dims, tuple) else dims)


def ravel(input):
    """The elements as a 1-D tensor (flatten)."""
    return flatten(input)


def narrow(input, dim, start, length):
    """input[..., start:start + length, ...] along dim (a view)."""
    input = parse_tensor(input, "narrow", "input", 0)
    for arg, v in (("dim", dim), ("length", length)):
        if not isinstance(v, (int, np.integer)) or isinstance(v, bool):
            raise TypeError(f"narrow(): argument '{arg}' must be int, but got "
                            f"{type(v).__name__}")
    if not isinstance(start, (int, np.integer, Tensor)) or isinstance(start, bool):
        raise TypeError(f"narrow(): argument 'start' must be int or Tensor, but got "
                        f"{type(start).__name__}")
    ndim = input.ndim
    if not -ndim <= dim < ndim:
        raise IndexError(f"narrow(): dim {dim} is out of range for a {ndim}-D tensor")
    if isinstance(start, Tensor):
        start = int(start.item())
    size = input.shape[dim]
    if start < 0:
        start += size
    if not (0 <= start <= size and 0 <= length and start + length <= size):
        raise ValueError(f"narrow(): start ({start}) + length ({length}) exceeds dimension size "
                         f"({size}).")
    return _C_ops.slice(input, [dim % ndim], [start], [start + length])


def msort(input):
    """input sorted along its first axis."""
    return sort(parse_tensor(input, "msort", "input", 0), axis=0)


def matrix_transpose(x, name=None):
    """x with its last two axes swapped."""
    x = parse_tensor(x, "matrix_transpose", "x", 0)
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose(): x must have at least 2 dimensions, got {x.ndim}")
    perm = list(range(x.ndim))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return transpose(x, perm)


def split_with_sizes(self, split_sizes, dim=0):
    """Tensor.split_with_sizes: split into pieces of the given sizes along dim."""
    return split(self, list(split_sizes), dim)


def ger(x, y, name=None):
    """The outer product of x and y (paddle.outer)."""
    return _find("outer")(parse_tensor(x, "ger", "x", 0), parse_tensor(y, "ger", "y", 1))


# ---- Paddle 3.x's compositions over existing ops (python/paddle/tensor/*.py compose them too)
@errors_name_op
def gammaln(x, name=None):
    """log|Gamma(x)| (Paddle 3.3.1's gammaln; the values and gradient of lgamma)."""
    return _find("lgamma")(x)


@errors_name_op
def gammaln_(x, name=None):
    """x := gammaln(x) in place (lgamma_)."""
    return _find("lgamma_")(x)


@errors_name_op
def ldexp_(x, y, name=None):
    """x := x * 2**y in place (in x's dtype)."""
    from ..creation import to_tensor
    if not isinstance(x, Tensor) or not isinstance(y, Tensor):
        raise TypeError(f"x and y must be tensor type, but got {type(x)} and {type(y)}")
    return _find("multiply_")(x, _find("pow")(to_tensor(2, dtype=x.dtype), y.astype(x.dtype)))


@errors_name_op
def view_as_real(input):
    """A complex tensor as real, a trailing axis of 2 (as_real)."""
    return _find("as_real")(input)


@errors_name_op
def view_as_complex(input):
    """A real tensor whose last axis is 2 as complex (as_complex)."""
    return _find("as_complex")(input)


@errors_name_op
def ldexp(x, y, name=None):
    """x * 2**y, in float64 when either is float64 and in the default float dtype otherwise
    (as Paddle 3.3.1 computes it)."""
    from ..framework import get_default_dtype
    from ..creation import to_tensor
    if not isinstance(x, Tensor):
        raise TypeError(f"x must be tensor type, but got {type(x)}")
    if not isinstance(y, Tensor):
        raise TypeError(f"y must be tensor type, but got {type(y)}")
    dt = "float64" if "float64" in (x.dtype.name, y.dtype.name) else get_default_dtype()
    x, y = x.astype(dt), y.astype(dt)
    return multiply(x, _find("pow")(to_tensor(2, dtype=dt), y))


@errors_name_op
def polar(abs, angle, name=None):  # noqa: A002 -- Paddle's parameter name
    """The complex tensor abs * (cos(angle) + i sin(angle)) (float32/float64 inputs)."""
    for arg, v in (("abs", abs), ("angle", angle)):
        if not isinstance(v, Tensor) or v.dtype.name not in ("float32", "float64"):
            got = v.dtype.name if isinstance(v, Tensor) else type(v).__name__
            raise TypeError(f"The data type of '{arg}' in paddle.polar must be float32 or "
                            f"float64, but received {got}.")
    return _find("complex")(multiply(abs, _find("cos")(angle)),
                            multiply(abs, _find("sin")(angle)))


@errors_name_op
def scatter_add(input, dim, index, src):
    """input with src added at `index` along dim (put_along_axis 'add', no broadcasting)."""
    return indexing.put_along_axis(input, index, src, dim, "add", include_self=True,
                                   broadcast=False)


@errors_name_op
def scatter_add_(input, dim, index, src):
    """scatter_add into input itself."""
    return indexing.put_along_axis_(input, index, src, dim, "add", include_self=True,
                                    broadcast=False)


@errors_name_op
def scatter_reduce(input, dim, index, src, reduce, *, include_self=True):
    """input with src reduced in at `index` along dim: reduce 'sum', 'prod', 'mean', 'amin' or
    'amax' (include_self: input's own value takes part)."""
    reduce = {"sum": "add", "prod": "multiply"}.get(reduce, reduce)
    return indexing.put_along_axis(input, index, src, dim, reduce, include_self,
                                   broadcast=False)


_bitwise_not, _bitwise_not_ = _find("bitwise_not"), _find("bitwise_not_")


@errors_name_op
def bitwise_invert(x, name=None):
    """~x (bitwise_not under its array-API name)."""
    return _bitwise_not(x)


@errors_name_op
def bitwise_invert_(x, name=None):
    return _bitwise_not_(x)


def positive(x, name=None):
    """+x: x itself (not for bool tensors, as Paddle)."""
    if parse_tensor(x, "positive", "x", 0)._data.dtype == np.bool_:
        raise TypeError("The `+` operator, on a bool tensor is not supported.")
    return x


@errors_name_op
def increment(x, value=1.0, name=None):
    """x += value in place for a one-element x (Paddle's increment op; value cast to x's
    dtype), returned."""
    x = parse_tensor(x, "increment", "x", 0)
    if x.size != 1:
        raise ValueError(f"(InvalidArgument) The number of elements in Input(X) should be 1."
                         f"Now the number is {x.size}.")
    return _C_ops.add_(x, _C_ops.full([], x._data.dtype.type(value), x.dtype))


def tolist(x):
    """x's values as nested Python lists."""
    return parse_tensor(x, "tolist", "x", 0).tolist()


@errors_name_op
def reduce_as(x, target, name=None):
    """x summed over the axes it was broadcast along to reach target's shape (Paddle's
    reduce_as)."""
    x, target = parse_tensor(x, "reduce_as", "x", 0), parse_tensor(target, "reduce_as", "target", 1)
    xs, ts = list(x.shape), list(target.shape)
    lead = len(xs) - len(ts)
    for i, n in enumerate(ts):
        if lead < 0 or n not in (1, xs[lead + i]):
            raise ValueError(f"(InvalidArgument) ReduceDims dimension mismatch. Operands could "
                             f"not be broadcast together with the shape of in_dims = {xs} and "
                             f"the shape of out_dims = {ts}.")
    axes = list(broadcast_axes(xs, ts))
    out = _C_ops.sum(x, axes, None, False) if axes else x
    return _C_ops.reshape(out, ts)
