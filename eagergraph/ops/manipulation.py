"""Shape manipulation (Paddle python/paddle/tensor/manipulation.py, and `where` from search.py):
Paddle's Python signatures over the generated `_C_ops`, with the Python-level argument checks
Paddle makes before it reaches C++."""
import numpy as np

from .._generated import ops_api as _C_ops
from .._generated import dygraph_functions as _ad
from ..tensor import Tensor
from ..eager_utils import parse_tensor, parse_int, parse_int_array, errors_name_op

__all__ = ["reshape", "transpose", "squeeze", "unsqueeze", "concat", "split", "chunk",
                     "stack", "unbind", "expand", "broadcast_to", "expand_as", "flip", "where"]
TENSOR_METHODS = list(__all__)


def _varargs_shape(shape, more):
    """x.reshape(2, 3) / paddle.expand(x, 2, 3): trailing ints extend an int `shape`."""
    if more and type(shape) is int and all(type(m) is int for m in more):
        return (shape,) + more
    return shape


def reshape(x, shape, *more, name=None):
    """x with the same data in `shape` (a list/tuple of ints or int Tensors, or an int Tensor):
    0 copies the input dim at that index, one -1 is inferred."""
    return _C_ops.reshape(x, _varargs_shape(shape, more))


def transpose(x, perm, *more, name=None):
    """Permute the dims of x: output dim i is input dim perm[i]. transpose(x, dim0, dim1) (two
    ints) swaps those two dims, as Paddle 3 also accepts."""
    if more and type(perm) is int and type(more[0]) is int:
        if type(x) is not Tensor:
            x = parse_tensor(x, "transpose", "x", 0)
        swap = list(range(x._data.ndim))
        swap[perm], swap[more[0]] = swap[more[0]], swap[perm]
        perm = swap
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


def expand(x, shape, *more, name=None):
    """Broadcast x to `shape`; -1 keeps the input's dim, new leading dims are prepended."""
    return _C_ops.expand(x, _varargs_shape(shape, more))


def broadcast_to(x, shape, *more, name=None):
    """Broadcast x to `shape` (the same op as expand)."""
    return _C_ops.expand(x, _varargs_shape(shape, more))


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


def t(input, name=None):
    """The transpose of a tensor of at most 2 dims (0-D and 1-D come back unchanged)."""
    if type(input) is not Tensor:
        input = parse_tensor(input, "t", "input", 0)
    n = input._data.ndim
    if n > 2:
        raise ValueError(f"Input(input) only support N-D (N<=2) tensor, but received length of "
                         f"Input(input) is {n}. Perhaps you can use paddle.tensor.transpose() "
                         f"instead.")
    if n < 2:
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
