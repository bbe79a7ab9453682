"""paddle.sparse's unary ops (python/paddle/sparse/unary.py): elementwise math on the stored
values (the pattern is kept), cast, and the structural ops transpose, reshape, sum, slice,
coalesce and isnan. Elementwise ops are the dense op on the values; structural ops move the
values with index_select / index_add, so every gradient is the dense ops' own."""
import builtins

import numpy as np

from ..tensor import Tensor
from ..phi.common import convert_dtype
from .. import ops as _ops
from .tensor import SparseCooTensor, SparseCsrTensor, make_coo, make_csr, values_of, is_sparse
from .creation import (coalesce, csr_to_coo_indices, coo_to_csr_pattern, linear_index,
                       gather_rows, scatter_rows, unique_sorted)

__all__ = ["sin", "tan", "asin", "atan", "sinh", "tanh", "asinh", "atanh", "sqrt", "square",
           "log1p", "abs", "pow", "cast", "neg", "deg2rad", "rad2deg", "expm1", "isnan",
           "coalesce", "transpose", "reshape", "sum", "slice", "pca_lowrank"]

_wrap = Tensor._wrap
_INT_KINDS = "biu"


def unimplemented(op):
    """Paddle's error for a sparse op given a tensor of a layout it has no kernel for."""
    return NotImplementedError(
        f"(Unimplemented) The kernel of ({op}) for input tensors is unimplemented, please "
        f"check the type of input tensors.")


def check_sparse(x, op):
    if not is_sparse(x):
        if not isinstance(x, Tensor):
            raise TypeError(f"paddle.sparse.{op}: x must be a sparse Tensor, but got "
                            f"{type(x).__name__}")
        raise unimplemented(op)


def with_values(x, values, coalesced=False):
    """A sparse tensor of x's pattern and layout holding dense `values` (the op's result)."""
    if isinstance(x, SparseCooTensor):
        return make_coo(values, x._indices, x._dense_shape, coalesced)
    return make_csr(values, x._crows, x._cols, x._dense_shape)


def _elementwise(dense_op, op_name):
    def op(x, name=None):
        check_sparse(x, op_name)
        return with_values(x, dense_op(values_of(x)))
    op.__name__ = op_name
    op.__doc__ = f"paddle.sparse.{op_name}: {op_name} of the stored values (pattern kept)."
    return op


sin = _elementwise(_ops.sin, "sin")
tan = _elementwise(_ops.tan, "tan")
asin = _elementwise(_ops.asin, "asin")
atan = _elementwise(_ops.atan, "atan")
sinh = _elementwise(_ops.sinh, "sinh")
tanh = _elementwise(_ops.tanh, "tanh")
asinh = _elementwise(_ops.asinh, "asinh")
atanh = _elementwise(_ops.atanh, "atanh")
sqrt = _elementwise(_ops.sqrt, "sqrt")
square = _elementwise(_ops.square, "square")
log1p = _elementwise(_ops.log1p, "log1p")
abs = _elementwise(_ops.abs, "abs")  # noqa: A001
expm1 = _elementwise(_ops.expm1, "expm1")


def isnan(x, name=None):
    """A bool sparse tensor of x's pattern: which stored values are NaN."""
    check_sparse(x, "isnan")
    return with_values(x, _ops.isnan(values_of(x)))


def pow(x, factor, name=None):  # noqa: A001
    """x ** factor on the stored values (factor a float, as Paddle's sparse_pow)."""
    check_sparse(x, "pow")
    return with_values(x, _ops.pow(values_of(x), float(factor)))


def scale(x, s, bias=0.0, bias_after_scale=True):
    """s * x on the stored values (sparse_scale; s is a float32 attribute, as in Paddle)."""
    return with_values(x, _ops.scale(values_of(x), s, bias, bias_after_scale))


def neg(x, name=None):
    check_sparse(x, "neg")
    return scale(x, -1.0)


def _dtype_of(d):
    return convert_dtype(d)


def cast(x, index_dtype=None, value_dtype=None, name=None):
    """Cast the indices (crows/cols) to index_dtype and the values to value_dtype (None keeps
    each); the values' cast is differentiable."""
    check_sparse(x, "cast")
    vals = values_of(x)
    if value_dtype:
        vals = _ops.cast(vals, _dtype_of(value_dtype))
    if index_dtype:
        it = _dtype_of(index_dtype).np_dtype
    if isinstance(x, SparseCooTensor):
        idx = x._indices.astype(it) if index_dtype else x._indices
        return make_coo(vals, idx, x._dense_shape, False)
    crows = x._crows.astype(it) if index_dtype else x._crows
    cols = x._cols.astype(it) if index_dtype else x._cols
    return make_csr(vals, crows, cols, x._dense_shape)


def _angle(x, factor, op):
    check_sparse(x, op)
    if x._data.dtype.kind in _INT_KINDS:
        x = cast(x, None, "float32")
    return scale(x, factor)


def rad2deg(x, name=None):
    return _angle(x, 180.0 / np.pi, "rad2deg")


def deg2rad(x, name=None):
    return _angle(x, np.pi / 180.0, "deg2rad")


# ---------------------------------------------------------------------------- structure
def _as_coo(x):
    """COO indices [ndim, nnz] (sparse dims) of x, whatever its layout."""
    if isinstance(x, SparseCooTensor):
        return x._indices.astype(np.int64)
    return csr_to_coo_indices(x._crows, x._cols, x._dense_shape)


def _csr_from_coo_indices(idx, vals, shape):
    """A CSR tensor from (unsorted, unique) COO indices and their values: sorted row-major."""
    lin = linear_index(idx, shape)
    order = np.argsort(lin, kind="stable")
    idx = idx[:, order]
    crows, cols = coo_to_csr_pattern(idx, shape)
    return make_csr(gather_rows(vals, order), crows, cols, shape)


def transpose(x, perm, name=None):
    """Permute the dimensions: the index rows of a COO tensor (order kept), a CSR tensor's
    pattern re-sorted."""
    check_sparse(x, "transpose")
    perm = [int(p) for p in perm]
    n = x.ndim
    if sorted(p % n for p in perm) != list(range(n)) or len(perm) != n:
        raise ValueError(f"(InvalidArgument) transpose: perm {perm} is not a permutation of "
                         f"the {n} dimensions")
    perm = [p % n for p in perm]
    shape = tuple(x._dense_shape[p] for p in perm)
    if isinstance(x, SparseCooTensor):
        sd = x.sparse_dim()
        if any(p >= sd for p in perm[:sd]):
            raise NotImplementedError("paddle.sparse.transpose: a permutation that moves a "
                                      "dense dimension of a COO tensor into its sparse "
                                      "dimensions is not supported")
        vals = values_of(x)
        if sd < n and perm[sd:] != list(range(sd, n)):
            vals = _ops.transpose(vals, [0] + [p - sd + 1 for p in perm[sd:]])
        return make_coo(vals, x._indices[perm[:sd]], shape, True)
    idx = _as_coo(x)[perm]
    return _csr_from_coo_indices(idx, values_of(x), shape)


def _resolve_shape(shape, old, op):
    shape = [int(s) for s in (shape.tolist() if isinstance(shape, Tensor) else shape)]
    total = int(np.prod(old, dtype=np.int64))
    out = [old[i] if s == 0 else s for i, s in enumerate(shape)]
    if out.count(-1) > 1:
        raise ValueError(f"(InvalidArgument) {op}: only one dimension can be -1, got {shape}")
    if -1 in out:
        known = int(np.prod([s for s in out if s != -1], dtype=np.int64))
        out[out.index(-1)] = total // known if known else 0
    if int(np.prod(out, dtype=np.int64)) != total:
        raise ValueError(f"(InvalidArgument) {op}: the shape {shape} does not hold the "
                         f"{total} elements of a tensor of shape {list(old)}")
    return out


def reshape(x=None, shape=None, name=None, *, input=None):  # noqa: A002
    """A new shape for the sparse dimensions (a COO tensor's dense dimensions stay as they
    are); the stored entries keep their order. `input=` is Paddle's alias of x."""
    if input is not None:
        if x is not None:
            raise ValueError("Cannot specify both 'x' and its alias 'input'")
        x = input
    check_sparse(x, "reshape")
    if isinstance(x, SparseCooTensor):
        sd = x.sparse_dim()
        dense = list(x._dense_shape[sd:])
        shape = [int(s) for s in shape]
        if dense and shape[len(shape) - len(dense):] != dense:
            raise ValueError("(InvalidArgument) paddle.sparse.reshape only reshapes the "
                             "sparse dimensions; the dense dimensions of a COO tensor must "
                             "stay as they are")
        new_sparse = _resolve_shape(shape[:len(shape) - len(dense)], x._dense_shape[:sd],
                                    "reshape")
        lin = linear_index(x._indices, x._dense_shape[:sd])
        idx = np.stack(np.unravel_index(lin, new_sparse)).astype(x._indices.dtype)
        return make_coo(values_of(x), idx.reshape(len(new_sparse), -1), new_sparse + dense,
                        True)
    new = _resolve_shape(shape, x._dense_shape, "reshape")
    if len(new) not in (2, 3):
        raise ValueError(f"(InvalidArgument) the shape of a SparseCsrTensor must be 2-D or "
                         f"3-D, but got {new}")
    lin = linear_index(_as_coo(x), x._dense_shape)
    idx = np.stack(np.unravel_index(lin, new)).astype(np.int64)
    return _csr_from_coo_indices(idx, values_of(x), new)


def _normalize_axis(axis, n, op):
    if axis < -n or axis >= n:
        raise ValueError(f"(InvalidArgument) {op}: axis {axis} is out of range for a "
                         f"{n}-D tensor (expected [-{n}, {n - 1}])")
    return axis % n


def sum(x, axis=None, dtype=None, keepdim=False, name=None):  # noqa: A001
    """Sum of all stored values (axis None) or along one axis; the result is sparse (Paddle's
    sparse_sum: all -> shape [1], a sparse axis -> its unique remaining indices)."""
    check_sparse(x, "sum")
    vals = values_of(x)
    if dtype is not None:
        vals = _ops.cast(vals, _dtype_of(dtype))
    elif vals._data.dtype.kind == "b":
        vals = _ops.cast(vals, _dtype_of("int64"))
    if isinstance(axis, (list, tuple)):
        if len(axis) > 1:
            raise ValueError("(InvalidArgument) paddle.sparse.sum reduces all axes or one axis")
        axis = axis[0] if axis else None
    n = x.ndim
    if isinstance(x, SparseCsrTensor):
        return _sum_csr(x, vals, axis, keepdim, n)
    if axis is None:
        total = _ops.sum(vals)
        if keepdim:
            return make_coo(_ops.reshape(total, [1]), np.zeros((n, 1), x._indices.dtype),
                            [1] * n, True)
        return make_coo(total, np.zeros((1,), x._indices.dtype), [1], True)
    axis = _normalize_axis(int(axis), n, "sum")
    sd = x.sparse_dim()
    shape = list(x._dense_shape)
    if axis >= sd:  # a dense axis: reduce the values
        out = _ops.sum(vals, axis - sd + 1, keepdim=keepdim)
        shape[axis:axis + 1] = [1] if keepdim else []
        return make_coo(out, x._indices, shape, True)
    keep = keepdim or sd == 1
    rows = [i for i in range(sd) if i != axis]
    idx = x._indices.astype(np.int64)
    rest = idx[rows]
    rest_dims = [shape[i] for i in rows]
    lin = linear_index(rest, rest_dims)
    uniq, inv = unique_sorted(lin)
    new = np.stack(np.unravel_index(uniq, rest_dims)).reshape(len(rows), -1) if rows else \
        np.zeros((0, len(uniq)), np.int64)
    out = scatter_rows(vals, inv, len(uniq))
    if keep:
        new = np.insert(new, axis, 0, axis=0)
        shape[axis] = 1
    else:
        del shape[axis]
    return make_coo(out, new.astype(x._indices.dtype), shape, True)


def _sum_csr(x, vals, axis, keepdim, n):
    if axis is None:
        total = _ops.reshape(_ops.sum(vals), [1])
        shape = [1] * n
        crows = np.array([0, 1] if n == 2 else [0, 1], np.int64)
        return make_csr(total, crows, np.zeros(1, np.int64), shape)
    axis = _normalize_axis(int(axis), n, "sum")
    if axis != n - 1:
        raise ValueError("(InvalidArgument) paddle.sparse.sum of a SparseCsrTensor supports "
                         "axis=None or axis=-1 only")
    counts = np.diff(x._crows.reshape(-1, x._dense_shape[-2] + 1), axis=1).ravel()
    row_of = np.repeat(np.arange(len(counts)), counts)
    nonempty = np.nonzero(counts)[0]
    pos = np.searchsorted(nonempty, row_of)
    out = scatter_rows(vals, pos, len(nonempty))
    has = (counts > 0).astype(np.int64).reshape(-1, x._dense_shape[-2])
    crows = np.concatenate([np.zeros((has.shape[0], 1), np.int64), np.cumsum(has, axis=1)],
                           axis=1).ravel()
    shape = list(x._dense_shape[:-1]) + [1]
    return make_csr(out, crows, np.zeros(len(nonempty), np.int64), shape)


def _as_list(v):
    if isinstance(v, Tensor):
        return [int(a) for a in np.asarray(v._data).ravel()]
    return [int(a._data) if isinstance(a, Tensor) else int(a) for a in v]


def slice(x, axes, starts, ends, name=None):  # noqa: A001
    """The entries within [starts, ends) along `axes`, indices shifted to start at 0 (order
    kept)."""
    check_sparse(x, "slice")
    axes, starts, ends = _as_list(axes), _as_list(starts), _as_list(ends)
    if not len(axes) == len(starts) == len(ends):
        raise ValueError("(InvalidArgument) The length of axes, starts and ends must be equal")
    shape = list(x._dense_shape)
    n = len(shape)
    sd = x.sparse_dim() if isinstance(x, SparseCooTensor) else n
    idx = _as_coo(x)
    keep = np.ones(idx.shape[1], bool)
    lo = [0] * n
    dense_slices = [builtins.slice(None)] * (n - sd)
    for a, s, e in zip(axes, starts, ends):
        a = _normalize_axis(a, n, "slice")
        d = shape[a]
        s = s + d if s < 0 else s
        e = e + d if e < 0 else e
        s, e = min(max(s, 0), d), min(max(e, 0), d)
        e = max(e, s)
        if a < sd:
            keep &= (idx[a] >= s) & (idx[a] < e)
        else:
            dense_slices[a - sd] = builtins.slice(s, e)
        lo[a] = s
        shape[a] = e - s
    sel = np.nonzero(keep)[0]
    new = idx[:, sel] - np.asarray(lo[:sd], np.int64)[:, None]
    vals = gather_rows(values_of(x), sel)
    if any(s != builtins.slice(None) for s in dense_slices):
        for i, sl in enumerate(dense_slices):
            if sl != builtins.slice(None):
                vals = _ops.slice(vals, [i + 1], [sl.start], [sl.stop])
    if isinstance(x, SparseCooTensor):
        return make_coo(vals, new.astype(x._indices.dtype), shape, True)
    return _csr_from_coo_indices(new, vals, shape)


def pca_lowrank(x, q=None, center=True, niter=2, name=None):
    """Needs CUDA 11 in Paddle (its CPU build raises this ValueError); so does eagergraph."""
    if not isinstance(x, Tensor):
        raise ValueError(f"Input must be tensor, but got {type(x)}")
    if not is_sparse(x):
        raise ValueError("Input must be sparse, but got dense")
    raise ValueError("sparse.pca_lowrank API only support CUDA 11.x")


pca_lowrank._gpu_only = True  # (the coverage page counts it so)
