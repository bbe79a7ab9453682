"""Sparse activations (Paddle python/paddle/sparse/nn/functional/activation.py): relu, relu6 and
leaky_relu of the stored values (pattern kept), and softmax over the stored entries that
share all indices but the softmax axis."""
import numpy as np

from ....tensor import Tensor
from .... import ops as _ops
from ....nn import functional as _F
from ...tensor import SparseCsrTensor, make_coo, values_of
from ...unary import check_sparse, with_values
from ...creation import linear_index, scatter_rows, gather_rows, unique_sorted

__all__ = ["relu", "relu6", "leaky_relu", "softmax"]

_wrap = Tensor._wrap


def relu(x, name=None):
    check_sparse(x, "relu")
    return with_values(x, _F.relu(values_of(x)))


def relu6(x, name=None):
    check_sparse(x, "relu6")
    return with_values(x, _F.relu6(values_of(x)))


def leaky_relu(x, negative_slope=0.01, name=None):
    check_sparse(x, "leaky_relu")
    return with_values(x, _F.leaky_relu(values_of(x), negative_slope))


def _group_softmax(vals, groups):
    """softmax of `vals` within each group (`groups`: a group id per entry, 0..n-1)."""
    n = int(groups.max()) + 1 if len(groups) else 0
    arr = vals._data
    peak = np.full((n,) + arr.shape[1:], -np.inf, arr.dtype)
    np.maximum.at(peak, groups, arr)
    e = _ops.exp(vals - _wrap(peak[groups]))
    total = scatter_rows(e, groups, n)
    return e / gather_rows(total, groups)


def softmax(x, axis=-1, name=None):
    """softmax over the stored entries of each row along `axis` (a CSR tensor: axis -1, its
    rows; a COO tensor: any sparse axis). Missing entries count as absent, not as zeros."""
    check_sparse(x, "softmax")
    n = x.ndim
    ax = axis % n if -n <= axis < n else None
    if ax is None:
        raise ValueError(f"(InvalidArgument) softmax: axis {axis} is out of range for a "
                         f"{n}-D tensor")
    vals = values_of(x)
    if isinstance(x, SparseCsrTensor):
        if ax != n - 1:
            raise ValueError("(InvalidArgument) SparseCsrTensor only support axis=-1 for "
                             "softmax, which is faster when reading data by row (axis=-1)")
        counts = np.diff(x._crows.reshape(-1, x._dense_shape[-2] + 1), axis=1).ravel()
        groups = np.repeat(np.arange(len(counts)), counts)
        return with_values(x, _group_softmax(vals, groups))
    if x.dense_dim():
        raise NotImplementedError("paddle.sparse.nn.functional.softmax of a COO tensor with "
                                  "dense dimensions is not supported")
    rows = [i for i in range(n) if i != ax]
    idx = x._indices.astype(np.int64)
    lin = linear_index(idx[rows], [x._dense_shape[i] for i in rows])
    _, groups = unique_sorted(lin)
    return make_coo(_group_softmax(vals, groups), x._indices, x._dense_shape, True)
