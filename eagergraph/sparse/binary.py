"""paddle.sparse's binary ops (python/paddle/sparse/binary.py, multiary.py): elementwise
add/subtract/multiply/divide of two sparse tensors of one layout, the matmul family and
mask_as.

Elementwise: two tensors of one pattern combine their values directly (entries in x's order);
otherwise both are laid onto the sorted union of their patterns (index_add) and combined there,
as Paddle's CPU kernels do, which merge row by row. Divide covers every position of the sparse
dimensions (0/0 is NaN), as Paddle's CPU divide does.

Paddle 3.3.1 has no CPU kernels for matmul, masked_matmul, mv and addmm (it raises
"Not support CPU kernel"); eagergraph follows their documented semantics: sparse @ dense ->
dense, sparse @ sparse -> sparse of the structural product's pattern, masked_matmul -> the
mask's pattern."""
import numpy as np

from ..tensor import Tensor
from .. import ops as _ops
from .tensor import SparseCooTensor, make_coo, make_csr, values_of, is_sparse
from .kernels import spmm, gather_rows
from .creation import (linear_index, scatter_rows, union_sorted, csr_to_coo_indices, coo_to_csr_pattern,
                       to_dense)
from .unary import check_sparse, scale, with_values

__all__ = ["add", "subtract", "multiply", "divide", "matmul", "masked_matmul", "mv", "addmm",
           "mask_as", "is_same_shape"]

_wrap = Tensor._wrap


def _coo_indices(x):
    if isinstance(x, SparseCooTensor):
        return x._indices.astype(np.int64)
    return csr_to_coo_indices(x._crows, x._cols, x._dense_shape)


def _same_pattern(x, y):
    if isinstance(x, SparseCooTensor):
        return x._indices.shape == y._indices.shape and np.array_equal(x._indices, y._indices)
    return np.array_equal(x._crows, y._crows) and np.array_equal(x._cols, y._cols)


def _elementwise(x, y, dense_op, op, full=False):
    check_sparse(x, op)
    if not is_sparse(y):
        if op == "add" and isinstance(y, Tensor):
            return _add_dense(x, y)
        raise TypeError(f"paddle.sparse.{op}: y must be a sparse tensor of x's layout, but "
                        f"got {'a dense Tensor' if isinstance(y, Tensor) else type(y).__name__}")
    if type(x) is not type(y):
        raise ValueError(f"(InvalidArgument) paddle.sparse.{op}: x is {x._format} and y is "
                         f"{y._format}; both must have one layout")
    if list(x._dense_shape) != list(y._dense_shape):
        raise ValueError(f"(InvalidArgument) paddle.sparse.{op}: the shapes of x "
                         f"{list(x._dense_shape)} and y {list(y._dense_shape)} must be equal")
    coo = isinstance(x, SparseCooTensor)
    if coo and x.sparse_dim() != y.sparse_dim():
        raise ValueError(f"(InvalidArgument) paddle.sparse.{op}: x and y must have the same "
                         f"sparse_dim, got {x.sparse_dim()} and {y.sparse_dim()}")
    vx, vy = values_of(x), values_of(y)
    if not full and _same_pattern(x, y):
        return with_values(x, dense_op(vx, vy))
    sd = x.sparse_dim() if coo else x.ndim
    dims = x._dense_shape[:sd]
    lx, ly = linear_index(_coo_indices(x), dims), linear_index(_coo_indices(y), dims)
    if full:
        union = np.arange(int(np.prod(dims, dtype=np.int64)))
    else:
        union = union_sorted(lx, ly)
    n = len(union)
    X = scatter_rows(vx, np.searchsorted(union, lx), n)
    Y = scatter_rows(vy, np.searchsorted(union, ly), n)
    vals = dense_op(X, Y)
    idx = np.stack(np.unravel_index(union, dims)).reshape(sd, n)
    if coo:
        return make_coo(vals, idx.astype(x._indices.dtype), x._dense_shape, False)
    crows, cols = coo_to_csr_pattern(idx, x._dense_shape)
    return make_csr(vals, crows.astype(x._crows.dtype), cols.astype(x._cols.dtype),
                    x._dense_shape)


def _add_dense(x, y):
    """A COO tensor plus a dense bias over its last (dense) dimension (sparse conv's bias);
    Paddle supports nothing else for sparse + dense."""
    if (isinstance(x, SparseCooTensor) and x.dense_dim() >= 1 and y.ndim == 1
            and y.shape[0] == x._dense_shape[-1]):
        return with_values(x, _ops.add(values_of(x), y))
    raise NotImplementedError("(Unimplemented) Not support Sparse + Dense in GPU mode")


def add(x, y, name=None):
    """x + y for two sparse tensors of one layout (or a COO tensor and a dense bias of its
    last dimension)."""
    return _elementwise(x, y, _ops.add, "add")


def subtract(x, y, name=None):
    return _elementwise(x, y, _ops.subtract, "subtract")


def multiply(x, y, name=None):
    """x * y elementwise (over the union of the patterns); a Python number scales x."""
    if isinstance(y, (int, float)):
        check_sparse(x, "multiply")
        return scale(x, float(y))
    return _elementwise(x, y, _ops.multiply, "multiply")


def divide(x, y, name=None):
    """x / y elementwise over every position of the sparse dimensions (0/0 is NaN, as in
    Paddle's CPU kernel); a Python number divides the values (a float32 attribute)."""
    if isinstance(y, (int, float)):
        check_sparse(x, "divide")
        v = values_of(x)
        s = _wrap(np.asarray(np.float32(y), v._data.dtype))
        return with_values(x, _ops.divide(v, s))
    return _elementwise(x, y, _ops.divide, "divide", full=True)


def is_same_shape(x, y):
    return list(x.shape) == list(y.shape)


def mask_as(x, mask, name=None):
    """The entries of dense x at the pattern of sparse `mask` (a sparse tensor of mask's
    pattern and layout)."""
    if is_sparse(x) or not isinstance(x, Tensor):
        raise TypeError("paddle.sparse.mask_as: x must be a dense Tensor")
    check_sparse(mask, "mask_as")
    if list(x.shape) != list(mask._dense_shape):
        raise ValueError(f"(InvalidArgument) mask_as: the shape of x {list(x.shape)} and of "
                         f"mask {list(mask._dense_shape)} must be equal")
    idx = _coo_indices(mask)
    sd = idx.shape[0]
    flat = _ops.reshape(x, [-1] + list(x.shape[sd:]))
    vals = gather_rows(flat, linear_index(idx, mask._dense_shape[:sd]))
    if isinstance(mask, SparseCooTensor):
        return make_coo(vals, mask._indices, mask._dense_shape, True)
    return make_csr(vals, mask._crows, mask._cols, mask._dense_shape)


# ---------------------------------------------------------------------------- matmul family
def _check_mm(x, y, op):
    if x.ndim not in (2, 3) or x.ndim != y.ndim:
        raise ValueError(f"(InvalidArgument) paddle.sparse.{op}: x and y must both be 2-D or "
                         f"both 3-D, but got shapes {list(x.shape)} and {list(y.shape)}")
    if x.shape[-1] != y.shape[-2] or (x.ndim == 3 and x.shape[0] != y.shape[0]):
        raise ValueError(f"(InvalidArgument) paddle.sparse.{op}: the shapes of x "
                         f"{list(x.shape)} and y {list(y.shape)} do not fit a matrix product")


def _spmm(x, y):
    """Sparse x [.., M, K] times dense y [.., K, N] -> dense [.., M, N]: each stored entry
    (b, i, k) adds v * y[b, k, :] to row (b, i) (kernels.spmm, over the batch as one block
    diagonal matrix)."""
    idx = _coo_indices(x)
    shape = x._dense_shape
    m, k = shape[-2], shape[-1]
    n = y.shape[-1]
    b = idx[0] if len(shape) == 3 else np.zeros(idx.shape[1], np.int64)
    batch = shape[0] if len(shape) == 3 else 1
    yf = _ops.reshape(y, [batch * k, n])
    out = spmm(values_of(x), b * m + idx[-2], b * k + idx[-1], batch * m, yf)
    return _ops.reshape(out, list(shape[:-1]) + [n])


def _pattern_product(x, y):
    """COO indices of the structural product of two sparse patterns (sorted)."""
    px = np.zeros(x._dense_shape, np.float64)
    py = np.zeros(y._dense_shape, np.float64)
    px[tuple(_coo_indices(x))] = 1.0
    py[tuple(_coo_indices(y))] = 1.0
    return np.stack(np.nonzero(np.matmul(px, py))).astype(np.int64)


def matmul(x, y, name=None):
    """x @ y with sparse x (COO or CSR, 2-D or 3-D): a dense y gives a dense result, a sparse
    y of x's layout a sparse result of the structural product's pattern."""
    check_sparse(x, "matmul")
    if not isinstance(y, Tensor):
        raise TypeError(f"paddle.sparse.matmul: y must be a Tensor, got {type(y).__name__}")
    _check_mm(x, y, "matmul")
    if not is_sparse(y):
        return _spmm(x, y)
    if type(x) is not type(y):
        raise ValueError("(InvalidArgument) paddle.sparse.matmul: a sparse x and sparse y "
                         "must have one layout (COO @ COO or CSR @ CSR)")
    dense = _spmm(x, to_dense(y))
    idx = _pattern_product(x, y)
    shape = list(dense.shape)
    vals = gather_rows(_ops.reshape(dense, [-1]), linear_index(idx, shape))
    if isinstance(x, SparseCooTensor):
        return make_coo(vals, idx, shape, True)
    crows, cols = coo_to_csr_pattern(idx, shape)
    return make_csr(vals, crows, cols, shape)


def masked_matmul(x, y, mask, name=None):
    """(x @ y) at the pattern of `mask` only (dense x, y; the result has mask's pattern and
    layout): entry (b, i, j) is sum_k x[b, i, k] * y[b, k, j]."""
    for t, nm in ((x, "x"), (y, "y")):
        if not isinstance(t, Tensor) or is_sparse(t):
            raise TypeError(f"paddle.sparse.masked_matmul: {nm} must be a dense Tensor")
    check_sparse(mask, "masked_matmul")
    _check_mm(x, y, "masked_matmul")
    out_shape = list(x.shape[:-1]) + [y.shape[-1]]
    if list(mask._dense_shape) != out_shape:
        raise ValueError(f"(InvalidArgument) masked_matmul: the mask's shape "
                         f"{list(mask._dense_shape)} must be x @ y's {out_shape}")
    idx = _coo_indices(mask)
    m, k, n = x.shape[-2], x.shape[-1], y.shape[-1]
    batch = x.shape[0] if x.ndim == 3 else 1
    b = idx[0] if x.ndim == 3 else np.zeros(idx.shape[1], np.int64)
    xf = _ops.reshape(x, [batch * m, k])
    perm = [0, 2, 1] if y.ndim == 3 else [1, 0]
    yt = _ops.reshape(_ops.transpose(y, perm), [batch * n, k])
    xr = gather_rows(xf, b * m + idx[-2])
    yc = gather_rows(yt, b * n + idx[-1])
    vals = _ops.sum(xr * yc, -1)
    if isinstance(mask, SparseCooTensor):
        return make_coo(vals, mask._indices, mask._dense_shape, True)
    return make_csr(vals, mask._crows, mask._cols, mask._dense_shape)


def mv(x, vec, name=None):
    """Sparse matrix x [M, N] times dense vector vec [N] -> dense [M]."""
    check_sparse(x, "mv")
    if x.ndim != 2 or not isinstance(vec, Tensor) or vec.ndim != 1 or is_sparse(vec):
        raise ValueError("(InvalidArgument) paddle.sparse.mv: x must be a 2-D sparse tensor "
                         "and vec a 1-D dense Tensor")
    if vec.shape[0] != x.shape[1]:
        raise ValueError(f"(InvalidArgument) paddle.sparse.mv: x {list(x.shape)} and vec "
                         f"{list(vec.shape)} do not fit")
    return _ops.squeeze(_spmm(x, _ops.unsqueeze(vec, -1)), -1)


def addmm(input, x, y, beta=1.0, alpha=1.0, name=None):  # noqa: A002
    """beta * input + alpha * (x @ y): dense input with sparse x and dense y gives a dense
    result; sparse input, x and y (one layout) a sparse one."""
    check_sparse(x, "addmm")
    prod = matmul(x, y)
    if is_sparse(prod):
        if not is_sparse(input):
            raise TypeError("paddle.sparse.addmm: with sparse x and y, input must be sparse")
        return add(scale(input, float(beta)), scale(prod, float(alpha)))
    if is_sparse(input):
        raise TypeError("paddle.sparse.addmm: with sparse x and dense y, input must be dense")
    return _ops.add(_ops.scale(input, float(beta)), _ops.scale(prod, float(alpha)))
