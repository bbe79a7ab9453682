"""paddle.sparse: COO and CSR tensors and the sparse math Paddle 3.3.1 exposes, with autograd
through the same engine (eagergraph/sparse/tensor.py explains how a sparse tensor sits in the
graph). Also declares the Tensor methods of the sparse layouts (to_sparse_coo, to_dense,
values, indices, ...) in TENSOR_METHODS, which tensor_tables installs."""
from ..tensor import Tensor
from .. import ops as _ops
from .._generated import public as _public
from .tensor import SparseCooTensor, SparseCsrTensor, dense_only, only_for
from .creation import (sparse_coo_tensor, sparse_csr_tensor, to_sparse_coo, to_sparse_csr,
                       to_dense, coalesce)
from .unary import (sin, tan, asin, atan, sinh, tanh, asinh, atanh, sqrt, square, log1p, abs,
                    pow, cast, neg, deg2rad, rad2deg, expm1, isnan, transpose, reshape, sum,
                    slice, pca_lowrank, unimplemented)
from .binary import (add, subtract, multiply, divide, matmul, masked_matmul, mv, addmm, mask_as,
                     is_same_shape)
from . import nn

__all__ = ["sparse_coo_tensor", "sparse_csr_tensor", "sin", "tan", "asin", "atan", "sinh",
           "tanh", "asinh", "atanh", "sqrt", "square", "log1p", "abs", "pow", "pca_lowrank",
           "cast", "neg", "deg2rad", "rad2deg", "expm1", "mv", "matmul", "mask_as",
           "masked_matmul", "addmm", "add", "subtract", "transpose", "sum", "multiply",
           "divide", "coalesce", "is_same_shape", "reshape", "isnan", "slice"]
__all__ += ["nn"]  # a subpackage, also reachable as paddle.sparse.nn in Paddle


# ---------------------------------------------------------------------------- Tensor methods
# On a dense Tensor, what Paddle 3.3.1 answers (its errors where the method is for a sparse
# layout only); SparseCooTensor / SparseCsrTensor override them.
def _dense_to_dense(self):
    raise unimplemented("to_dense")


def _dense_values(self):
    raise unimplemented("values")


def _dense_coalesce(self, name=None):
    raise unimplemented("coalesce")


def _dense_indices(self):
    raise only_for("SparseCooTensor")


def _dense_crows(self):
    raise only_for("SparseCsrTensor")


def _dense_nnz(self):
    raise only_for("SparseCooTensor or SparseCsrTensor")


def _dense_is_coalesced(self):
    raise TypeError("(InvalidType) Method is_coalesced only support sparse coo tensor.")


def _false(self):
    return False


def _to_sparse_coo(self, sparse_dim):
    """Convert to a SparseCooTensor (a COO tensor is returned as it is)."""
    return to_sparse_coo(self, sparse_dim)


def _to_sparse_csr(self):
    """Convert a 2-D or 3-D tensor to a SparseCsrTensor."""
    return to_sparse_csr(self)


TENSOR_METHODS = {
    "to_sparse_coo": _to_sparse_coo, "to_sparse_csr": _to_sparse_csr,
    "to_dense": _dense_to_dense, "values": _dense_values, "coalesce": _dense_coalesce,
    "indices": _dense_indices, "crows": _dense_crows, "cols": _dense_crows,
    "nnz": _dense_nnz, "is_coalesced": _dense_is_coalesced,
    "sparse_dim": lambda self: 0, "dense_dim": lambda self: self._data.ndim,
    "is_sparse": _false, "is_sparse_coo": _false, "is_sparse_csr": _false,
}


def _sparse_astype(self, dtype):
    return cast(self, None, dtype)


def _binary_operator(fn, reverse=False):
    def op(self, other):
        if isinstance(other, (int, float)) and fn in (multiply, divide) and not reverse:
            return fn(self, other)
        if not isinstance(other, Tensor):
            return NotImplemented
        return fn(other, self) if reverse else fn(self, other)
    return op


_SPARSE_METHODS = {
    "to_dense": to_dense, "coalesce": coalesce, "astype": _sparse_astype,
    "cast": _sparse_astype,
    "__add__": _binary_operator(add), "__radd__": _binary_operator(add, True),
    "__sub__": _binary_operator(subtract), "__rsub__": _binary_operator(subtract, True),
    "__mul__": _binary_operator(multiply), "__rmul__": _binary_operator(multiply),
    "__truediv__": _binary_operator(divide),
    "__matmul__": _binary_operator(matmul),
    "__neg__": neg, "__abs__": abs, "__pow__": pow,
}
# dense methods that are right for a sparse tensor too (they read only dtype or rank)
_SHARED = {"is_complex", "is_floating_point", "is_integer", "rank", "is_empty", "dim",
           "element_size", "ndimension"}


# the op families' Tensor methods (tensor_tables installs them on Tensor)
_DENSE_METHODS = dict.fromkeys(_n for _t in (
    _public, _ops.alias, _ops.attribute, _ops.elementwise, _ops.indexing, _ops.inplace,
    _ops.linalg, _ops.manipulation, _ops.random, _ops.reduce, _ops.search)
    for _n in _t.TENSOR_METHODS)


def _install():
    """The sparse classes' own methods (Tensor's, TENSOR_METHODS above, are installed by
    tensor_tables)."""
    for cls in (SparseCooTensor, SparseCsrTensor):
        for name, fn in _SPARSE_METHODS.items():
            if name not in cls.__dict__:
                setattr(cls, name, fn)
        # a dense method would run on the values array alone: refuse it with a clear error
        for name in _DENSE_METHODS:
            if name.startswith("__") or name in _SHARED or hasattr(cls, name) and any(
                    name in k.__dict__ for k in cls.__mro__[:-2]):
                continue
            setattr(cls, name, dense_only(name))


_install()
