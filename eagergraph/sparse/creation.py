"""Making sparse tensors and converting between layouts (Paddle python/paddle/sparse/creation.py
and the Tensor methods to_sparse_coo / to_sparse_csr / to_dense / coalesce).

The pattern (indices, crows/cols) is computed on index arrays with NumPy; the values move with
differentiable dense ops (gather_nd, index_select, index_add, scatter_nd_add), so gradients
flow between dense and sparse tensors as in Paddle: the grad of a dense input is dense, the
grad of a sparse input is sparse with its pattern.
"""
import numpy as np

from ..tensor import Tensor
from ..creation import to_tensor
from ..phi.common import convert_dtype, int8, int16, int32, int64
from .. import ops as _ops
from .kernels import gather_rows, scatter_rows
from .tensor import (SparseCooTensor, SparseCsrTensor, make_coo, make_csr, values_of,
                     is_sparse)

__all__ = ["sparse_coo_tensor", "sparse_csr_tensor", "to_sparse_coo", "to_sparse_csr",
           "to_dense", "coalesce", "gather_rows", "scatter_rows"]

_wrap = Tensor._wrap
_INDEX_DTYPES = (int8, int16, int32, int64)


def _check_indices_dtype(dtype):
    if dtype not in _INDEX_DTYPES:
        raise TypeError("the dtype of indices must be 'int8' or 'int16' or 'int32' or 'int64'")


def _handle_dtype(data, dtype):
    if dtype:
        if convert_dtype(dtype) != convert_dtype(data.dtype):
            return data.astype(convert_dtype(dtype))
    return data


# ---------------------------------------------------------------------------- index helpers
def linear_index(indices, dims):
    """Row-major positions of COO `indices` [k, nnz] in a grid of `dims` (k entries)."""
    if indices.shape[0] == 0:
        return np.zeros(indices.shape[1], np.int64)
    return np.ravel_multi_index(tuple(indices.astype(np.int64)), tuple(dims), mode="wrap") \
        if indices.shape[1] else np.zeros(0, np.int64)


def csr_to_coo_indices(crows, cols, shape):
    """COO indices [ndim, nnz] of a CSR pattern (2-D, or 3-D with a batch index first)."""
    crows = crows.astype(np.int64)
    cols = cols.astype(np.int64)
    m = shape[-2]
    if len(shape) == 2:
        rows = np.repeat(np.arange(m), np.diff(crows))
        return np.stack([rows, cols])
    b = len(crows) // (m + 1)
    per = crows.reshape(b, m + 1)
    counts = np.diff(per, axis=1)                       # [b, m]
    rows = np.repeat(np.tile(np.arange(m), b), counts.ravel())
    batch = np.repeat(np.arange(b), counts.sum(axis=1))
    return np.stack([batch, rows, cols])


def coo_to_csr_pattern(indices, shape):
    """(crows, cols) of sorted, unique COO `indices` of a 2-D or 3-D tensor."""
    m = shape[-2]
    if len(shape) == 2:
        counts = np.bincount(indices[0], minlength=m)
        crows = np.concatenate([[0], np.cumsum(counts)])
    else:
        b = shape[0]
        counts = np.bincount(indices[0] * m + indices[1], minlength=b * m).reshape(b, m)
        crows = np.concatenate([np.zeros((b, 1), np.int64), np.cumsum(counts, axis=1)],
                               axis=1).ravel()
    return crows.astype(np.int64), indices[-1].astype(np.int64)


def dense_rows(x, sparse_dim):
    """Dense x as rows [prod(first sparse_dim dims), *rest] (a differentiable reshape)."""
    return _ops.reshape(x, [-1] + list(x.shape[sparse_dim:]))


def unique_sorted(lin):
    """(unique sorted positions, inverse) of linear positions, by one sort (NumPy 2's
    np.unique hashes first: 5x slower on 80k positions)."""
    lin = np.asarray(lin, np.int64)
    order = np.argsort(lin, kind="stable")
    srt = lin[order]
    first = np.empty(len(srt), bool)
    first[:1] = True
    np.not_equal(srt[1:], srt[:-1], out=first[1:])
    inv = np.empty(len(lin), np.int64)
    inv[order] = np.cumsum(first) - 1
    return srt[first], inv


def union_sorted(a, b):
    """The sorted union of two position arrays."""
    u = np.concatenate([a, b]).astype(np.int64)
    u.sort()
    keep = np.empty(len(u), bool)
    keep[:1] = True
    np.not_equal(u[1:], u[:-1], out=keep[1:])
    return u[keep]


# ---------------------------------------------------------------------------- creation
def sparse_coo_tensor(indices, values, shape=None, dtype=None, place=None,
                      stop_gradient=True):
    """A COO tensor from `indices` [sparse_dim, nnz] and `values` [nnz, *dense_dims]; it is
    the output of a SparseCooTensorGradNode whose input is `values` (as in Paddle, `values`
    gets `stop_gradient` too)."""
    if not isinstance(indices, Tensor):
        indices = to_tensor(indices, None, place, True)
    if not isinstance(values, Tensor):
        values = to_tensor(values, dtype, place, stop_gradient)
    if len(indices.shape) != 2:
        raise ValueError("'indices' must be 2-D.")
    nnz = indices.shape[1]
    sparse_dim = indices.shape[0]
    _check_indices_dtype(indices.dtype)
    if nnz != values.shape[0]:
        raise ValueError(f"the indices and values must have same number of non-zero, but get "
                         f"{nnz} and {values.shape[0]}")
    dense_dim = len(values.shape) - 1
    values = _handle_dtype(values, dtype)
    values.stop_gradient = stop_gradient
    idx = indices._data
    if nnz == 0:
        min_shape = [0] * sparse_dim + list(values.shape[1:])
    else:
        min_shape = [int(v) for v in idx.max(axis=1) + 1] + list(values.shape[1:])
    if shape is None:
        shape = min_shape
    else:
        shape = [int(s) for s in shape]
        if shape < min_shape:
            raise ValueError(f"the minimum shape required is {min_shape}, but get {shape}")
        if len(shape) != sparse_dim + dense_dim:
            raise ValueError(
                f"the number of dimensions(len(shape) must be sparse_dim({sparse_dim}) + "
                f"dense_dim({dense_dim}), but get {len(shape)}")
    return make_coo(values, idx, shape, coalesced=False, bridge=True)


def _infer_dense_csr_shape(crows, cols):
    batchs = int(np.sum(crows[:-1] > crows[1:])) + 1
    if (int(len(crows) / batchs) * batchs) != len(crows):
        raise ValueError(
            f"The calculated original matrix batch size is {batchs}, but it cannot correctly "
            f"split the row data. Please carefully check the data or the input shape.")
    col = int(cols.max()) + 1
    row = int(len(crows) / batchs) - 1
    return [row, col] if batchs == 1 else [batchs, row, col]


def sparse_csr_tensor(crows, cols, values, shape=None, dtype=None, place=None,
                      stop_gradient=True):
    """A CSR tensor from `crows`, `cols` and `values` (all 1-D); 2-D, or 3-D batches. As in
    Paddle it is a new leaf (`values` gets `stop_gradient` too)."""
    if not isinstance(crows, Tensor):
        crows = to_tensor(crows, None, place, True)
    if not isinstance(cols, Tensor):
        cols = to_tensor(cols, None, place, True)
    if not isinstance(values, Tensor):
        values = to_tensor(values, dtype, place, stop_gradient)
    _check_indices_dtype(crows.dtype)
    _check_indices_dtype(cols.dtype)
    if shape is not None:
        if len(shape) != 2 and len(shape) != 3:
            raise ValueError(f"SparseCsrTensor only support 2-D or 3-D matrix. but get shape "
                             f"{shape}")
    else:
        shape = _infer_dense_csr_shape(crows._data, cols._data)
    shape = [int(s) for s in shape]
    rows = shape[-2]
    values = _handle_dtype(values, dtype)
    values.stop_gradient = stop_gradient
    if len(crows.shape) != 1 or len(cols.shape) != 1 or len(values.shape) != 1:
        raise ValueError("The 'crows', 'cols' and 'values' must be 1-D.")
    if len(cols) != len(values):
        raise ValueError("the length of cols must be same as length of values")
    c = crows._data
    if len(shape) == 2:
        if c.shape[0] != rows + 1:
            raise ValueError(f"The length({c.shape[0]}) of crows must be equal to the "
                             f"rows({rows})+1 of matrix.")
        if c[0] != 0:
            raise ValueError("the 0th value of crows must be 0")
        if c[-1] != values.shape[0]:
            raise ValueError("the last value of crows must be equal the number of non-zero")
    elif c.shape[0] % (rows + 1) != 0:
        raise ValueError(f"The length({c.shape[0]}) of crows must be divisible the "
                         f"rows({rows})+1 of matrix.")
    out = make_csr(_wrap(values._data), c, cols._data, shape)
    out.stop_gradient = stop_gradient
    return out


# ---------------------------------------------------------------------------- conversions
def _dense_pattern(arr, sparse_dim):
    """COO indices of the non-zero blocks of dense `arr` over its first sparse_dim axes."""
    nz = arr != 0
    if sparse_dim < arr.ndim:
        nz = nz.reshape(arr.shape[:sparse_dim] + (-1,)).any(axis=-1)
    return np.stack(np.nonzero(nz)).astype(np.int64).reshape(sparse_dim, -1)


def to_sparse_coo(x, sparse_dim):
    """Tensor.to_sparse_coo(sparse_dim): a COO tensor of the non-zero entries (blocks when
    sparse_dim < ndim) of dense x, or of CSR x; a COO x is returned as it is."""
    if isinstance(x, SparseCooTensor):
        return x
    if isinstance(x, SparseCsrTensor):
        idx = csr_to_coo_indices(x._crows, x._cols, x._dense_shape)
        return make_coo(values_of(x), idx, x._dense_shape, coalesced=True)
    sparse_dim = int(sparse_dim)
    if not 0 < sparse_dim <= x.ndim:
        raise ValueError(f"(InvalidArgument) sparse_dim must be in [1, {x.ndim}] for a "
                         f"{x.ndim}-D tensor, but got {sparse_dim}")
    idx = _dense_pattern(x._data, sparse_dim)
    lin = linear_index(idx, x._data.shape[:sparse_dim])
    vals = gather_rows(dense_rows(x, sparse_dim), lin)
    return make_coo(vals, idx, x._data.shape, coalesced=True)


def to_sparse_csr(x):
    """Tensor.to_sparse_csr(): a CSR tensor of a 2-D or 3-D dense or COO tensor."""
    if isinstance(x, SparseCsrTensor):
        return x
    shape = tuple(x.shape)
    if len(shape) not in (2, 3):
        raise ValueError(f"(InvalidArgument) to_sparse_csr only supports 2-D or 3-D tensors, "
                         f"but got a {len(shape)}-D tensor")
    if isinstance(x, SparseCooTensor):
        if x.dense_dim():
            raise ValueError("(InvalidArgument) to_sparse_csr needs a COO tensor with "
                             "sparse_dim == ndim (no dense dimensions)")
        c = coalesce(x)
        crows, cols = coo_to_csr_pattern(c._indices, shape)
        return make_csr(values_of(c), crows, cols, shape)
    idx = _dense_pattern(x._data, len(shape))
    vals = gather_rows(_ops.reshape(x, [-1]), linear_index(idx, shape))
    crows, cols = coo_to_csr_pattern(idx, shape)
    return make_csr(vals, crows, cols, shape)


def to_dense(x):
    """Tensor.to_dense(): the dense tensor (duplicate COO entries add up); a dense x is
    returned as it is."""
    if not is_sparse(x):
        return x
    if isinstance(x, SparseCsrTensor):
        idx = csr_to_coo_indices(x._crows, x._cols, x._dense_shape)
    else:
        idx = x._indices.astype(np.int64)
    v = values_of(x)
    if idx.ndim == 1:  # sum over all axes: indices [0], values 0-D (Paddle's layout)
        idx, v = idx.reshape(1, -1), _ops.reshape(v, [1])
    sd = idx.shape[0]
    dims = x._dense_shape[:sd]
    flat = scatter_rows(v, linear_index(idx, dims), int(np.prod(dims, dtype=np.int64)))
    return _ops.reshape(flat, list(x._dense_shape))


def coalesce(x, name=None):
    """paddle.sparse.coalesce: sorted, unique indices, duplicate entries added up."""
    if not isinstance(x, SparseCooTensor):
        raise ValueError("(InvalidArgument) coalesce() needs a SparseCooTensor")
    sd = x.sparse_dim()
    dims = x._dense_shape[:sd]
    lin = linear_index(x._indices, dims)
    uniq, inv = unique_sorted(lin)
    idx = np.stack(np.unravel_index(uniq, dims)).astype(x._indices.dtype).reshape(sd, -1)
    vals = scatter_rows(values_of(x), inv, len(uniq))
    return make_coo(vals, idx, x._dense_shape, coalesced=True)
