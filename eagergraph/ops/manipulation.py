"""Shape manipulation (Paddle python/paddle/tensor/manipulation.py, and `where` from search.py):
Paddle's Python signatures over the generated `_C_ops`, with the Python-level argument checks
Paddle makes before it reaches C++."""
import numpy as np

from .._generated import ops_api as _C_ops
from .._generated import dygraph_functions as _ad
from ..tensor import Tensor
from .._generated.eager_utils import (parse_tensor, parse_int, parse_int_array, check_kernel_dtype,
                           names_errors, errors_name_op)
from ..eager.inplace import check_inplace, inplace_input, commit_inplace

__all__ = ["reshape", "transpose", "squeeze", "unsqueeze", "concat", "split", "chunk",
                     "stack", "unbind", "expand", "broadcast_to", "expand_as", "flip", "where"]
TENSOR_METHODS = list(__all__)


# The variadic forms (x.reshape(2, 3), paddle.expand(x, 2, 3), transpose(x, 0, 1)) are Paddle's
# decorators' work, declared with the keyword aliases in param_alias_table (eagergraph/param_alias.py).

def reshape(x, shape, name=None):
    """x with the same data in `shape` (a list/tuple of ints or int Tensors, or an int Tensor):
    0 copies the input dim at that index, one -1 is inferred."""
    return _C_ops.reshape(x, shape)


def transpose(x, perm, name=None):
    """Permute the dims of x: output dim i is input dim perm[i]."""
    return _C_ops.transpose(x, perm)


def _axis_list(op, axis):
    """The int | list | tuple | Tensor axis argument of squeeze/unsqueeze (TypeError otherwise,
    as Paddle raises)."""
    if isinstance(axis, (list, tuple, Tensor)) or (
            isinstance(axis, (int, np.integer)) and not isinstance(axis, (bool, np.bool_))):
        return axis
    raise TypeError(f"(InvalidType) {op}(): argument 'axis' (position 1) must be list, tuple, "
                    f"int, or Tensor, but got {type(axis).__name__}")


def squeeze(x, axis=None, name=None):
    """Remove size-1 dims: all of them (axis=None), or those named by axis (named dims whose size
    is not 1 are kept)."""
    return _C_ops.squeeze(x, [] if axis is None else _axis_list("squeeze", axis))


def unsqueeze(x, axis, name=None):
    """Insert size-1 dims at `axis` (an int or a list, applied one after another)."""
    return _C_ops.unsqueeze(x, _axis_list("unsqueeze", axis))


def _tensor_list(op, x):
    if isinstance(x, Tensor):
        raise ValueError(f"(InvalidArgument) {op}(): argument 'x' (position 0) must be list of "
                         f"Tensors, but got Tensor")
    return x


def concat(x, axis=0, name=None):
    """Join a list of tensors of one dtype along an existing axis (a float axis is truncated,
    as Paddle's Scalar does)."""
    if isinstance(axis, Tensor) and axis._data.dtype.kind == "f" and axis._data.size == 1:
        axis = float(axis._data.reshape(-1)[0])  # the backward's split needs the int too
    if isinstance(axis, (float, np.floating)):
        axis = int(axis)
    return _C_ops.concat(_tensor_list("concat", x), axis)


def stack(x, axis=0, name=None):
    """Join a list of same-shape tensors along a new axis."""
    return _C_ops.stack(_tensor_list("stack", x), axis)


# ---- NumPy-style stacking and broadcasting (Paddle 3.x), compositions of the ops above

def _stack_list(op, x):
    x = _tensor_list(op, x)
    if not isinstance(x, (list, tuple)) or not x:
        raise TypeError(f"{op}(): x must be a non-empty list of Tensors, got {type(x).__name__}")
    for i, t in enumerate(x):
        if not isinstance(t, Tensor):
            raise TypeError(f"{op}(): x[{i}] must be a Tensor, got {type(t).__name__}")
    return x


def _stack_atleast(x, n):
    shape = list(x.shape)
    if len(shape) >= n:
        return x
    if n == 3 and len(shape) == 2:
        return _C_ops.reshape(x, shape + [1])
    if n == 3 and len(shape) == 1:
        return _C_ops.reshape(x, [1] + shape + [1])
    return _C_ops.reshape(x, [1] * (n - len(shape)) + shape)


def hstack(x, name=None):
    """Join along the columns: axis 1, or axis 0 for 1-D tensors."""
    xs = [_stack_atleast(t, 1) for t in _stack_list("hstack", x)]
    return _C_ops.concat(xs, 0 if xs[0].ndim == 1 else 1)


def vstack(x, name=None):
    """Join along the rows (1-D tensors become rows)."""
    return _C_ops.concat([_stack_atleast(t, 2) for t in _stack_list("vstack", x)], 0)


def row_stack(x, name=None):
    """vstack."""
    return _C_ops.concat([_stack_atleast(t, 2) for t in _stack_list("row_stack", x)], 0)


def dstack(x, name=None):
    """Join along the depth (axis 2; 1-D and 2-D tensors gain axes first)."""
    return _C_ops.concat([_stack_atleast(t, 3) for t in _stack_list("dstack", x)], 2)


def column_stack(x, name=None):
    """1-D tensors become columns, then join along axis 1."""
    xs = [t if t.ndim >= 2 else _C_ops.reshape(t, [-1, 1])
          for t in _stack_list("column_stack", x)]
    return _C_ops.concat(xs, 1)


def broadcast_shape(x_shape, y_shape):
    """The broadcast of two shapes (lists), as a list; ValueError when they do not broadcast."""
    return _broadcast_shapes("broadcast_shape", (x_shape, y_shape))


def broadcast_shapes(*shapes):
    """The broadcast of any number of shapes, as a list."""
    return _broadcast_shapes("broadcast_shapes", shapes)


def _broadcast_shapes(op, shapes):
    for s in shapes:
        if not isinstance(s, (list, tuple)) or not all(
                isinstance(d, (int, np.integer)) and not isinstance(d, bool) and d >= 0
                for d in s):
            raise TypeError(f"{op}(): each shape must be a list of non-negative ints, got {s!r}")
    try:
        return list(np.broadcast_shapes(*[tuple(s) for s in shapes]))
    except ValueError:
        raise ValueError(f"(InvalidArgument) {op}(): Broadcast dimension mismatch. Shapes "
                         f"{[list(s) for s in shapes]} cannot be broadcast together.") from None


def broadcast_tensors(input, name=None):
    """The tensors expanded to their common broadcast shape (differentiable)."""
    input = _stack_list("broadcast_tensors", input)
    shape = _broadcast_shapes("broadcast_tensors", [t.shape for t in input])
    return [t if list(t.shape) == shape else _C_ops.expand(t, shape) for t in input]


_FUNCTIONS_ONLY = ["hstack", "vstack", "row_stack", "dstack", "column_stack",
                   "broadcast_shape", "broadcast_shapes"]
__all__ += _FUNCTIONS_ONLY + ["broadcast_tensors"]


def split(x, num_or_sections, axis=0, name=None):
    """Split x along axis into `num_or_sections` equal parts (an int) or parts of the given sizes
    (a list/tuple; one entry may be -1). Returns a list of Tensors."""
    if isinstance(num_or_sections, (int, np.integer)) and not isinstance(num_or_sections, bool):
        return _C_ops.split_with_num(x, int(num_or_sections), axis)
    if isinstance(num_or_sections, (list, tuple)):
        return _C_ops.split(x, num_or_sections, axis)
    raise TypeError(f"The type of 'num_or_sections' in split must be int, list or tuple, but "
                    f"received {type(num_or_sections).__name__}.")


def chunk(x, chunks, axis=0, name=None):
    """Split x into `chunks` equal parts along axis."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "chunk", "x", 0)
    if isinstance(chunks, bool) or not isinstance(chunks, (int, np.integer)):
        raise TypeError(f"chunk(): 'chunks' must be an int, but received "
                        f"{type(chunks).__name__}.")
    a = int(axis.item()) if isinstance(axis, Tensor) else axis
    n = x._data.ndim
    dim = x._data.shape[a] if isinstance(a, int) and -n <= a < n else None
    if dim is not None and not 0 < chunks <= max(dim, 1):
        raise ValueError(f"chunk(): the value of 'chunks' must be greater than 0 and less than or "
                         f"equal to the size of the dimension specified by 'axis', but received "
                         f"chunks={chunks} and x.shape[axis]={dim}.")
    return _C_ops.split_with_num(x, int(chunks), axis)


def unbind(input, axis=0):
    """The slices of `input` along axis, as a list of Tensors with that dim removed."""
    if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
        raise TypeError(f"unbind(): the type of 'axis' must be int, but received "
                        f"{type(axis).__name__}.")
    return _C_ops.unbind(input, int(axis))


def expand(x, shape, name=None):
    """Broadcast x to `shape`; -1 keeps the input's dim, new leading dims are prepended."""
    return _C_ops.expand(x, shape)


def broadcast_to(x, shape, name=None):
    """Broadcast x to `shape` (the same op as expand). Paddle 3.3.1 passes its `name` on to
    the variadic expand, so paddle.broadcast_to(x, 2, 3) means shape [2, 3]: so here."""
    if type(shape) is int and type(name) is int:
        shape = [shape, name]
    return _C_ops.expand(x, shape)


def expand_as(x, y, name=None):
    """Broadcast x to y's shape (y's values and dtype are not used)."""
    if type(y) is not Tensor:
        y = parse_tensor(y, "expand_as", "y", 1)
    return _C_ops.expand(x, y._data.shape)


def flip(x, axis, name=None):
    """Reverse x along the given axes (an int, list or tuple)."""
    if isinstance(axis, (int, np.integer)) and not isinstance(axis, bool):
        axis = [int(axis)]
    elif not isinstance(axis, (list, tuple)):
        raise TypeError(f"(InvalidType) flip(): argument 'axis' (position 1) must be list or "
                        f"tuple, but got {type(axis).__name__}")
    return _C_ops.flip(x, axis)


def _where_operand(v, arg, pos):
    if isinstance(v, Tensor):
        return v
    if np.isscalar(v) and not isinstance(v, (str, bytes)):
        from ..creation import to_tensor
        return to_tensor(v)
    return parse_tensor(v, "where", arg, pos)


def where(condition, x=None, y=None, name=None):
    """Elements of x where condition is True, else of y (x and y may be Python scalars; the three
    broadcast together). With only `condition`, the indices of its nonzero elements as a tuple
    of 1-D int64 Tensors, one per dim (numpy.where(condition))."""
    if type(condition) is not Tensor:
        condition = parse_tensor(condition, "where", "condition", 0)
    if x is None and y is None:
        from .indexing import nonzero
        return nonzero(condition, as_tuple=True)
    if x is None or y is None:
        raise ValueError("where(): either both or neither of x and y should be given")
    x = _where_operand(x, "x", 1)
    y = _where_operand(y, "y", 2)
    if condition._data.dtype != np.bool_:
        raise ValueError(f"where(): the `condition` is expected to be a boolean Tensor, but got "
                         f"a Tensor with dtype {condition.dtype}")
    cs, xs, ys = condition._data.shape, x._data.shape, y._data.shape
    if not cs == xs == ys:
        from ..phi.infermeta.common import broadcast_shape
        try:
            shape = broadcast_shape(broadcast_shape(xs, ys), cs)
        except ValueError as e:
            raise ValueError(f"where(): {e}") from None
        if cs != shape:
            condition = _ad.expand_ad_func(condition, shape)
        if xs != shape:
            x = _ad.expand_ad_func(x, shape)
        if ys != shape:
            y = _ad.expand_ad_func(y, shape)
    return _ad.where_ad_func(condition, x, y)


# ---- roll, t, moveaxis, unstack, meshgrid (Paddle manipulation.py, linalg.py, creation.py)
__all__ += ["roll", "t", "moveaxis", "unstack", "meshgrid"]
TENSOR_METHODS = [n for n in __all__ if n != "meshgrid" and n not in _FUNCTIONS_ONLY]


def _int_list(v, op="", arg="", pos=0):
    return list(parse_int_array(v, op, arg, pos))


def roll(x, shifts, axis=None, name=None):
    """x shifted cyclically by `shifts` along `axis` (the flattened x when axis is None)."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "roll", "x", 0)
    return _ad.roll_ad_func(x, _int_list(shifts, "roll", "shifts", 1), [] if axis is None else _int_list(axis, "roll", "axis", 2))


def _t_input(input, op):
    """input as a Tensor of at most 2 dims (Paddle's check for t and t_)."""
    if type(input) is not Tensor:
        input = parse_tensor(input, op, "input", 0)
    n = input._data.ndim
    if n > 2:
        raise ValueError(f"Input(input) only support N-D (N<=2) tensor, but received length of "
                         f"Input(input) is {n}. Perhaps you can use paddle.tensor.transpose() "
                         f"instead.")
    return input


def t(input, name=None):
    """The transpose of a tensor of at most 2 dims (0-D and 1-D come back unchanged)."""
    input = _t_input(input, "t")
    if input._data.ndim < 2:
        return input
    return _ad.transpose_ad_func(input, [1, 0])


def moveaxis(x, source, destination, name=None):
    """x with the dims `source` moved to positions `destination` (the others keep their
    order)."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "moveaxis", "x", 0)
    src, dst = (_int_list(source, "moveaxis", "source", 1),
                _int_list(destination, "moveaxis", "destination", 2))
    if len(src) != len(dst):
        raise AssertionError("`source` and `destination` must have the same number of axes")
    n = x._data.ndim
    for name_, vals in (("source", src), ("destination", dst)):
        for v in vals:
            if not -n <= v < n or (n == 0 and v != 0):
                raise AssertionError(f"'{name_}' must be in the range of [-{n}, {n})")
    src = [v % n if n else 0 for v in src]
    dst = [v % n if n else 0 for v in dst]
    if len(set(src)) != len(src):
        raise AssertionError("Each elemment of 'source' must be unique!")
    if len(set(dst)) != len(dst):
        raise AssertionError("Each elemment of 'destination' must be unique!")
    if n == 0:
        return _ad.transpose_ad_func(x, [])
    perm = [-1] * n
    for s, d in zip(src, dst):
        perm[d] = s
    rest = iter(i for i in range(n) if i not in src)
    perm = [p if p != -1 else next(rest) for p in perm]
    return _ad.transpose_ad_func(x, perm)


def unstack(x, axis=0, num=None):
    """The slices of x along axis, as a list (num, when given, must be x.shape[axis])."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "unstack", "x", 0)
    axis = parse_int(axis, "unstack", "axis", 1)
    n = x._data.ndim
    if not -n <= axis < n:
        raise ValueError(f"unstack(): the axis must in range [{-n}, {n}).")
    if num is not None and (num < 0 or num > x._data.shape[axis]):
        raise ValueError(f"unstack(): `num` must be in the range [0, {x._data.shape[axis]})")
    if x._data.shape[axis] == 0:
        return []
    return [_ad.squeeze_ad_func(p, [axis]) for p in
            _ad.split_with_num_ad_func(x, x._data.shape[axis], axis)]


def meshgrid(*args, **kwargs):
    """Coordinate grids of 1-D tensors: output k is args[k] broadcast along dim k of the
    [len(args[0]), len(args[1]), ...] grid."""
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        args = args[0]
    for i, a in enumerate(args):
        if not isinstance(a, Tensor):
            raise TypeError(f"meshgrid(): argument {i} must be a Tensor")
        if a._data.ndim > 1:
            raise ValueError(f"(InvalidArgument) Expected scalar or 1D tensor in the tensor "
                             f"list but got tensor {i}: {list(a._data.shape)}")
    shape = [int(a._data.size) for a in args]
    outs = []
    for k, a in enumerate(args):
        view = [1] * len(args)
        view[k] = shape[k]
        outs.append(_ad.expand_ad_func(_ad.reshape_ad_func(a, view), shape))
    return outs


# ---- cartesian_prod, combinations, vander, block_diag, atleast_1d/2d/3d, diagflat (Paddle
# Python compositions): index arithmetic in NumPy, values through differentiable ops
__all__ += ["cartesian_prod", "combinations", "vander", "block_diag", "atleast_1d",
            "atleast_2d", "atleast_3d", "diagflat"]
TENSOR_METHODS += ["combinations", "vander", "block_diag", "atleast_1d", "atleast_2d",
                   "atleast_3d", "diagflat"]


def _same_dtype(xs):
    for i, t in enumerate(xs[1:], 1):
        if t._data.dtype != xs[0]._data.dtype:
            raise ValueError(f"(InvalidArgument) The data_type of input tensor in list isn't "
                             f"consistent, the first tensor is {xs[0].dtype.name}, but {i}th "
                             f"tensor is {t.dtype.name}.")


@errors_name_op
def cartesian_prod(x, name=None):
    """Every combination of one element from each 1-D tensor of x, as the rows of [N, len(x)]
    (a single tensor: itself)."""
    xs = [parse_tensor(t, "cartesian_prod", "x", 0) for t in x]
    _same_dtype(xs)
    if len(xs) == 1:
        return xs[0]
    grids = meshgrid(*xs)
    return _C_ops.stack([_ad.reshape_ad_func(g, [-1]) for g in grids], 1)


@errors_name_op
def combinations(x, r=2, with_replacement=False, name=None):
    """The r-element combinations of the 1-D x in lexicographic order of position, as rows."""
    import itertools
    x = parse_tensor(x, "combinations", "x", 0)
    if x._data.ndim != 1:
        raise TypeError(f"Expect a 1-D vector, but got x shape {x.shape}")
    if type(r) is not int or r < 0:
        raise ValueError(f"Expect a non-negative int, but got r={r}")
    if r == 0:
        return Tensor._wrap(np.zeros((0,), x._data.dtype))
    n = x._data.shape[0]
    pick = itertools.combinations_with_replacement if with_replacement else \
        itertools.combinations
    idx = np.array(list(pick(range(n), r)), np.int64).reshape(-1, r)
    rows = _ad.index_select_ad_func(x, Tensor._wrap(idx.reshape(-1)), 0)
    return _ad.reshape_ad_func(rows, [idx.shape[0], r])


@errors_name_op
def vander(x, n=None, increasing=False, name=None):
    """[len(x), n] powers of x: x^(n-1) ... x^0 (increasing: x^0 ... x^(n-1))."""
    x = parse_tensor(x, "vander", "x", 0)
    if x._data.ndim != 1:
        raise ValueError(f"The input of x is expected to be a 1-D Tensor.But now the dims of "
                         f"Input(X) is {x._data.ndim}.")
    m = x._data.shape[0]
    n = m if n is None else n
    if n < 0:
        raise ValueError(f"N must be non-negative, but got {n}.")
    if n == 0:
        return Tensor._wrap(np.zeros((m, 0), x._data.dtype))
    cols = [_ad.full_like_ad_func(_ad.unsqueeze_ad_func(x, [1]), 1,
                                  _dtype_of(x))]
    if n > 1:  # x^1 ... x^(n-1) as a running product of x, as Paddle's
        cols.append(_ad.cumprod_ad_func(_ad.expand_ad_func(_ad.unsqueeze_ad_func(x, [1]),
                                                           [m, n - 1]), -1, False, False))
    out = _C_ops.concat(cols, 1) if len(cols) > 1 else cols[0]
    return out if increasing else _ad.flip_ad_func(out, [1])


def _dtype_of(t):
    from ..phi.common import NP_TO_DTYPE
    return NP_TO_DTYPE[t._data.dtype]


@errors_name_op
def block_diag(inputs, name=None):
    """The tensors (0-D, 1-D as one row, or 2-D) along the diagonal of one matrix, zeros
    elsewhere."""
    xs = [parse_tensor(t, "block_diag", "inputs", 0) for t in inputs]
    _same_dtype(xs)
    xs = [_ad.reshape_ad_func(t, [1, -1]) if t._data.ndim < 2 else t for t in xs]
    widths = [t._data.shape[1] for t in xs]
    total = sum(widths)
    rows, left = [], 0
    dt = _dtype_of(xs[0])
    for t, w in zip(xs, widths):
        h = t._data.shape[0]
        parts = []
        if left:
            parts.append(_C_ops.full([h, left], 0, dt))
        parts.append(t)
        if total - left - w:
            parts.append(_C_ops.full([h, total - left - w], 0, dt))
        rows.append(_C_ops.concat(parts, 1) if len(parts) > 1 else t)
        left += w
    return _C_ops.concat(rows, 0) if len(rows) > 1 else rows[0]


def _atleast(inputs, nd, shape_of):
    if len(inputs) == 1 and isinstance(inputs[0], (list, tuple)):
        inputs = tuple(inputs[0])
    out = []
    for t in inputs:
        if not isinstance(t, Tensor):
            from ..creation import to_tensor
            t = to_tensor(t)
        if t._data.ndim < nd:
            t = _ad.reshape_ad_func(t, shape_of(t._data.shape))
        out.append(t)
    return out[0] if len(out) == 1 else out


@errors_name_op
def atleast_1d(*inputs, name=None):
    """Each input with at least 1 dimension (a 0-D one becomes [1])."""
    return _atleast(inputs, 1, lambda s: [1])


@errors_name_op
def atleast_2d(*inputs, name=None):
    """Each input with at least 2 dimensions ([n] becomes [1, n])."""
    return _atleast(inputs, 2, lambda s: [1] + list(s) if s else [1, 1])


@errors_name_op
def atleast_3d(*inputs, name=None):
    """Each input with at least 3 dimensions ([n] -> [1, n, 1], [m, n] -> [m, n, 1])."""
    def shape(s):
        return [1, 1, 1] if not s else [1, s[0], 1] if len(s) == 1 else list(s) + [1]
    return _atleast(inputs, 3, shape)


@errors_name_op
def diagflat(x, offset=0, name=None):
    """A matrix with the flattened x on diagonal `offset`."""
    x = parse_tensor(x, "diagflat", "x", 0)
    return _ad.diag_ad_func(_ad.reshape_ad_func(x, [-1]), offset, 0.0)

# ---- where_, t_: the inplace forms Paddle 3.3.1 has (paddle.where_ / Tensor.where_ write into
# x, the second argument; paddle.t_ / Tensor.t_ transpose a 2-D tensor in place)
__all__ += ["where_", "t_"]
TENSOR_METHODS += ["where_", "t_"]


@names_errors("where_")
def where_(condition, x=None, y=None, name=None):
    """x := where(condition, x, y) in place (condition and y broadcast to x's shape)."""
    if np.isscalar(x) or np.isscalar(y) or x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    if type(condition) is not Tensor:
        condition = parse_tensor(condition, "where_", "condition", 0)
    x = parse_tensor(x, "where_", "x", 1)
    if condition._data.dtype != np.bool_:
        raise ValueError(f"The `condition` is expected to be a boolean Tensor, but got a Tensor "
                         f"with dtype {condition.dtype}")
    check_inplace(x, "where_")
    out = where(condition, inplace_input(x, False), y)
    return commit_inplace(x, out, "where_")


@names_errors("transpose_")
def transpose_(x, perm, name=None):
    """x := x with its axes permuted by perm, in place (x takes the new shape)."""
    if type(x) is not Tensor:
        x = parse_tensor(x, "transpose_", "x", 0)
    check_inplace(x, "transpose_")
    out = _ad.transpose_ad_func(inplace_input(x, False), list(perm))
    return commit_inplace(x, out, "transpose_", rebind=True)


__all__ += ["transpose_"]
TENSOR_METHODS += ["transpose_"]


@names_errors("t_")
def t_(input, name=None):
    """input := its transpose in place (0-D and 1-D stay as they are)."""
    input = _t_input(input, "t_")
    if input._data.ndim < 2:
        return input
    check_inplace(input, "t_")
    out = _ad.transpose_ad_func(inplace_input(input, False), [1, 0])
    return commit_inplace(input, out, "t_", rebind=True)


# ------------------------------------------------------------------ rearranging compositions
# Rearranging compositions (Paddle python/paddle/tensor/manipulation.py and math.py): rot90,
# repeat_interleave, tensor_split, hsplit, vsplit, dsplit and diff. Each is Paddle's own Python
# composition of differentiable ops (flip/transpose, index_select, slice/split, concat/subtract),
# so gradients of any order come with those ops.
_REARRANGE = ["rot90", "repeat_interleave", "tensor_split", "hsplit", "vsplit", "dsplit", "diff"]
__all__ += _REARRANGE
TENSOR_METHODS += _REARRANGE


def _tensor(v, op, arg, pos):
    return v if isinstance(v, Tensor) else parse_tensor(v, op, arg, pos)


def _is_int(v):
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


@names_errors("rot90")
def rot90(x, k=1, axes=[0, 1], name=None):
    """x rotated by k * 90 degrees in the plane of `axes`, from axes[0] towards axes[1]."""
    x = _tensor(x, "rot90", "x", 0)
    if not isinstance(axes, (list, tuple)):
        raise TypeError(f"The type of 'axes' in rot90 must be list or tuple, but received "
                        f"{type(axes)}.")
    n = x._data.ndim
    if len(axes) != 2:
        raise ValueError(f"expected total rotation axes == 2, but got axes = {len(axes)}")
    if n < 2:
        raise ValueError(f"expected total dims >= 2, but got total dims = {n}")
    if not (axes[0] != axes[1] and abs(axes[0] - axes[1]) != n):
        raise ValueError(f"expected rotation axes to be different, but got axis0 = {axes[0]}, "
                         f"and axis1 = {axes[1]}")
    if not -n <= axes[0] < n:
        raise ValueError(f"Rotation axis0 out of range, axis0 = {axes[0]}")
    if not -n <= axes[1] < n:
        raise ValueError(f"Rotation axis1 out of range, axis1 = {axes[1]}")
    k %= 4
    if k == 0:
        return x
    a0, a1 = axes[0] % n, axes[1] % n
    if k == 2:
        return _ad.flip_ad_func(x, [a0, a1])
    perm = list(range(n))
    perm[a0], perm[a1] = perm[a1], perm[a0]
    if k == 1:
        return _ad.transpose_ad_func(_ad.flip_ad_func(x, [a1]), perm)
    return _ad.flip_ad_func(_ad.transpose_ad_func(x, perm), [a1])


@names_errors("repeat_interleave")
def repeat_interleave(x, repeats, axis=None, name=None, *, output_size=None):
    """Each slice of x along axis repeated `repeats` times (an int, or an int Tensor with one
    count per slice); axis=None repeats the elements of the flattened x. output_size, when
    given, truncates (or must match) the result's length, as Paddle's kernel does."""
    x = _tensor(x, "repeat_interleave", "x", 0)
    check_kernel_dtype(x, "repeat_interleave", ("float32", "float64", "int32", "int64",
                                               "bfloat16"))
    if axis is None:
        if x._data.ndim != 1:
            x = _ad.reshape_ad_func(x, [-1])
        axis = 0
    n = x._data.ndim
    if not -n <= axis < max(n, 1):
        raise IndexError(f"(OutOfRange) Attr(dim) is out of range, It's expected to be in range "
                         f"of [{-n}, {n - 1}]. But received Attr(dim) = {axis}.")
    axis = axis % n if n else 0
    dim = x._data.shape[axis] if n else 1
    if isinstance(repeats, Tensor):
        r = repeats._data.reshape(-1)
        if r.dtype not in (np.int32, np.int64):
            raise ValueError(f"(InvalidArgument) Input(RepeatsTensor) holds the wrong type, it "
                             f"holds {repeats.dtype.name}, but desires to be int32 or int64")
        if r.shape[0] != dim:
            raise ValueError(f"(InvalidArgument) The length of Input(RepeatsTensor) must be the "
                             f"same as length of Input(X) in axis. But received: [{r.shape[0]}], "
                             f"required: [{dim}].")
        if (r < 0).any():
            raise ValueError(f"(InvalidArgument) repeats must grater or equal than 0, but got "
                             f"{r[r < 0][0]}")
    elif _is_int(repeats):
        if repeats <= 0:
            raise ValueError("(InvalidArgument) repeats should be larger than zero")
        r = int(repeats)
    else:
        raise TypeError(f"repeat_interleave(): repeats must be an int or a Tensor, but got "
                        f"{type(repeats).__name__}")
    idx = np.repeat(np.arange(dim, dtype=np.int64), r)
    if output_size is not None and output_size >= 0:
        idx = idx[:output_size]
    if n == 0:
        x = _ad.reshape_ad_func(x, [1])
    return _ad.index_select_ad_func(x, Tensor._wrap(idx), axis)


# ---------------------------------------------------------------- tensor_split, h/v/dsplit
@names_errors("tensor_split")
def tensor_split(x, num_or_indices, axis=0, name=None):
    """x split along axis into num_or_indices parts (an int: the first len % n parts one
    longer) or at the given indices (a list/tuple: parts x[:i0], x[i0:i1], ..., x[ik:])."""
    x = _tensor(x, "tensor_split", "x", 0)
    if isinstance(axis, Tensor):
        axis = int(axis._data.reshape(-1)[0])
    n = x._data.ndim
    if n <= 0 or n <= axis:
        raise ValueError(f"The input tensor's dimension must be greater than 0 or axis which is "
                         f"{axis}, but got {n}")
    total = x._data.shape[axis]
    if _is_int(num_or_indices):
        sections = int(num_or_indices)
        if sections <= 0:
            raise ValueError("num_or_indices must be larger than 0.")
        base, mod = divmod(total, sections)
        sizes = [base + 1] * mod + [base] * (sections - mod)
        return _ad.split_ad_func(x, sizes, axis)
    if not isinstance(num_or_indices, (list, tuple)):
        raise ValueError(f"The num_or_indices should be int, list or tuple of ints, but got "
                         f"{type(num_or_indices)}")
    axis = axis % n
    parts, start = [], 0
    for end in [*num_or_indices, total]:
        s = start if start >= 0 else total + start
        e = end if end >= 0 else total + end
        parts.append(_ad.slice_ad_func(x, [axis], [s], [max(s, e)], []))
        start = end
    return parts


def _nd_split(x, num_or_indices, min_dim, axis, op):
    x = _tensor(x, op, "x", 0)
    if x._data.ndim < min_dim:
        raise ValueError(f"The input tensor's dimension must be greater than {min_dim - 1}, but "
                         f"got {x._data.ndim}")
    return tensor_split(x, num_or_indices, axis=axis)


@names_errors("hsplit")
def hsplit(x, num_or_indices, name=None):
    """tensor_split along axis 1 (axis 0 for a 1-D x)."""
    x = _tensor(x, "hsplit", "x", 0)
    return _nd_split(x, num_or_indices, 1, 1 if x._data.ndim > 1 else 0, "hsplit")


@names_errors("vsplit")
def vsplit(x, num_or_indices, name=None):
    """tensor_split along axis 0 of an x of at least 2 dims."""
    return _nd_split(x, num_or_indices, 2, 0, "vsplit")


@names_errors("dsplit")
def dsplit(x, num_or_indices, name=None):
    """tensor_split along axis 2 of an x of at least 3 dims."""
    return _nd_split(x, num_or_indices, 3, 2, "dsplit")


# -------------------------------------------------------------------------------------- diff
def _diff_once(x, axis):
    d = x._data.shape[axis]
    back = _ad.slice_ad_func(x, [axis], [1], [d], [])
    front = _ad.slice_ad_func(x, [axis], [0], [max(d - 1, 0)], [])
    if x._data.dtype == np.bool_:
        return _ad.logical_xor_ad_func(back, front)
    return _ad.subtract_ad_func(back, front)


@names_errors("diff")
def diff(x, n=1, axis=-1, prepend=None, append=None, name=None, *, out=None):
    """The n-th forward difference of x along axis (x[i+1] - x[i]; logical xor for bool),
    after joining prepend and append to x along that axis."""
    x = _tensor(x, "diff", "x", 0)
    if n < 1:
        raise ValueError(f"Diff expects input to be at least one-dimensional but got {n}")
    nd = x._data.ndim
    axis = min(max(axis + nd if axis < 0 else axis, 0), nd)
    if prepend is not None or append is not None:
        parts = [t for t in (prepend, x, append) if t is not None]
        x = _ad.concat_ad_func([_tensor(t, "diff", "x", 0) for t in parts], axis)
    for _ in range(n):
        x = _diff_once(x, axis)
    return x


# ----------------------------------------------------------- view, view_as, unflatten, crop
# reshapes and a slice under Paddle's names (view_shape, crop): views of x where the ops are
__all__ += ["view", "view_as", "unflatten", "crop"]
TENSOR_METHODS += ["view", "view_as", "unflatten"]  # Paddle 3.3.1 has no Tensor.crop


@names_errors("view")
def view(x, shape_or_dtype, name=None):
    """x's data in another shape (a list/tuple, or ints: view(4), view(-1, 1); one -1 is
    inferred), sharing its storage; or, given a dtype, the same bytes read as that dtype (the
    last axis rescales by the itemsize ratio; not differentiable)."""
    x = _tensor(x, "view", "x", 0)
    if isinstance(shape_or_dtype, (int, np.integer)):
        shape_or_dtype = [int(shape_or_dtype)]
    if isinstance(shape_or_dtype, (list, tuple)):
        return _ad.reshape_ad_func(x, list(shape_or_dtype))
    from ..phi.common import convert_dtype
    dt = convert_dtype(shape_or_dtype)
    if dt == x.dtype:
        return x
    return Tensor._wrap(x._data.view(dt.np_dtype))


@names_errors("view_as")
def view_as(x, other, name=None):
    """x's data in other's shape (other's values and dtype are not used)."""
    x = _tensor(x, "view_as", "x", 0)
    other = _tensor(other, "view_as", "other", 1)
    return _ad.reshape_ad_func(x, list(other._data.shape))


@names_errors("unflatten")
def unflatten(x, axis, shape, name=None):
    """x with dim `axis` split into the dims `shape` (a list, tuple or int Tensor; one -1 is
    inferred)."""
    x = _tensor(x, "unflatten", "x", 0)
    n = x._data.ndim
    if not -n <= axis < n:
        raise AssertionError(f"'axis'  must be in the range of [{-n}, {n})")
    axis %= n
    if isinstance(shape, Tensor):
        shape = [int(s) for s in shape._data.reshape(-1)]
    elif not isinstance(shape, (list, tuple)):
        raise TypeError(f"The data type of x should be one of ['List', 'Tuple', 'Tensor'], but "
                        f"got {type(shape)}")
    xs = list(x._data.shape)
    return _ad.reshape_ad_func(x, xs[:axis] + [int(s) for s in shape] + xs[axis + 1:])


@names_errors("crop")
def crop(x, shape=None, offsets=None, name=None):
    """The block of x of size `shape` (-1: to the end of that dim) starting at `offsets`."""
    x = _tensor(x, "crop", "x", 0)
    check_kernel_dtype(x, "crop", ("float32", "float64", "int32", "int64"))
    xs = x._data.shape
    n = len(xs)
    shape = list(xs) if shape is None else [int(s) for s in (
        shape._data.reshape(-1) if isinstance(shape, Tensor) else shape)]
    offsets = [0] * n if offsets is None else [int(o) for o in (
        offsets._data.reshape(-1) if isinstance(offsets, Tensor) else offsets)]
    if len(shape) != n or len(offsets) != n:
        raise ValueError(f"(InvalidArgument) crop(): the number of elements ({len(shape)}) of "
                         f"shape and ({len(offsets)}) of offsets must equal the rank ({n}) of x.")
    ends = []
    for d, (s, o, dim) in enumerate(zip(shape, offsets, xs)):
        if s < -1 or o < 0:
            raise ValueError(f"(InvalidArgument) crop(): shape[{d}] = {s} must be -1 or >= 0 "
                             f"and offsets[{d}] = {o} must be >= 0.")
        e = dim if s == -1 else o + s
        if e > dim:
            raise ValueError(f"(InvalidArgument) crop(): the crop of size {s} at offset {o} "
                             f"runs past dim {d} of size {dim}.")
        ends.append(e)
    return _ad.slice_ad_func(x, list(range(n)), offsets, ends, [])


# --------------------------------------------------------------------------------- as_strided
__all__ += ["as_strided"]
TENSOR_METHODS += ["as_strided"]


@names_errors("as_strided")
def as_strided(x, shape, stride, offset=0, name=None):
    """out[i0, i1, ...] = x.flatten()[offset / itemsize + sum(i_k * stride[k])]: a strided
    window over x's elements in row-major order (strides in elements; the offset in bytes, as
    Paddle 3.3.1 counts it). Unlike Paddle's, the result is a copy (an index_select), not a
    view, and overlapping windows add their gradients up (Paddle's keeps one of them)."""
    x = _tensor(x, "as_strided", "x", 0)
    shape = [int(s) for s in parse_int_array(shape, "as_strided", "shape", 1)]
    stride = [int(s) for s in parse_int_array(stride, "as_strided", "stride", 2)]
    if len(shape) != len(stride):
        raise ValueError(f"(InvalidArgument) as_strided(): shape {shape} and stride {stride} "
                         f"must have the same length.")
    itemsize = x._data.dtype.itemsize
    if offset < 0 or offset % itemsize:
        raise ValueError(f"(InvalidArgument) as_strided(): the offset ({offset} bytes) must be a "
                         f"non-negative multiple of the element size ({itemsize} bytes).")
    pos = np.full(shape, offset // itemsize, np.int64)
    for k, (n, st) in enumerate(zip(shape, stride)):
        view = [1] * len(shape)
        view[k] = n
        pos = pos + (np.arange(n, dtype=np.int64) * st).reshape(view)
    size = x._data.size
    if pos.size and (pos.min() < 0 or pos.max() >= size):
        raise ValueError(f"(InvalidArgument) as_strided(): shape {shape}, stride {stride} and "
                         f"offset {offset} reach element {int(pos.max())} (or "
                         f"{int(pos.min())}), outside the {size} elements of x.")
    flat = _ad.reshape_ad_func(x, [-1])
    out = _ad.index_select_ad_func(flat, Tensor._wrap(pos.reshape(-1)), 0)
    return _ad.reshape_ad_func(out, shape)


# ---- unfold (Paddle python/paddle/tensor/manipulation.py: the sliding windows of one axis, a
# view in Paddle; here one index_select of the window positions, so gradients of any order come
# from it: overlapping windows add their gradients)
__all__ += ["unfold"]
TENSOR_METHODS += ["unfold"]


@names_errors("unfold")
def unfold(x, axis, size, step, name=None):
    """The windows of `size` elements, `step` apart, along axis: axis becomes the number of
    windows and a new last axis of length size holds each window."""
    x = parse_tensor(x, "unfold", "x", 0)
    for arg, v in (("axis", axis), ("size", size), ("step", step)):
        if not isinstance(v, (int, np.integer)) or isinstance(v, bool):
            raise TypeError(f"paddle.unfold {arg} must be an int, got {type(v).__name__}")
    shape = list(x._data.shape)
    nd = max(len(shape), 1)
    if not -nd <= axis < nd:
        raise ValueError(f"(InvalidArgument) paddle.unfold axis({axis}) must be in [{-nd}, {nd})")
    axis %= nd
    n = shape[axis] if shape else 1
    if step <= 0:
        raise ValueError("(InvalidArgument) paddle.unfold step must be greater than 0")
    if size < 0 or size > n:
        raise ValueError(f"(InvalidArgument) paddle.unfold size({size}) must be less than "
                         f"shape[axis]({n}).")
    count = (n - size) // step + 1
    pos = (np.arange(count)[:, None] * step + np.arange(size)).reshape(-1)
    src = x if shape else _ad.reshape_ad_func(x, [1])
    windows = _ad.index_select_ad_func(src, Tensor._wrap(pos.astype(np.int64)), axis)
    rest = list(src._data.shape)
    out = _ad.reshape_ad_func(windows, rest[:axis] + [count, size] + rest[axis + 1:])
    perm = list(range(len(rest) + 1))
    perm.append(perm.pop(axis + 1))
    return _ad.transpose_ad_func(out, perm)


@names_errors("multiplex")
def multiplex(inputs, index, name=None):
    """out[i] = inputs[index[i, 0]][i]: row i taken from the candidate that index names (a
    stack of the candidates gathered at (index[i], i), so each candidate's gradient is its
    picked rows). index is int32 (int64 too: Paddle 3.3.1's CPU kernel rejects it)."""
    inputs = _tensor_list("multiplex", inputs)
    if not isinstance(inputs, (list, tuple)) or not all(isinstance(t, Tensor) for t in inputs):
        raise TypeError("multiplex(): inputs must be a list of Tensors, got "
                        f"{type(inputs).__name__}")
    if len(inputs) < 2:
        raise ValueError("(InvalidArgument) multiplex operator should have more than one "
                         "candidate input tensors.")
    index = parse_tensor(index, "multiplex", "index", 1)
    if index._data.dtype.kind not in "iu":
        raise ValueError("(InvalidArgument) multiplex(): index must be int32 or int64, but got "
                         f"{index.dtype.name}.")
    n = inputs[0].shape[0]
    rows = Tensor._wrap(np.arange(n, dtype=np.int64).reshape(n, 1))
    coords = _C_ops.concat([_C_ops.cast(_C_ops.reshape(index, [n, 1]), "int64"), rows], 1)
    return _ad.gather_nd_ad_func(_C_ops.stack(inputs, 0), coords)


__all__ += ["multiplex"]
TENSOR_METHODS += ["multiplex"]
