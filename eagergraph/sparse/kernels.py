"""The three row-moving ops every sparse op is made of, as differentiable ops with grad nodes
of their own (GradNodeBase subclasses, Paddle's names):

- gather_rows(v, pos):        v[pos] along axis 0            (GatherRowsGradNode)
- scatter_rows(v, pos, n):    zeros([n, ...]) + v at rows pos (ScatterRowsGradNode)
- spmm(v, rows, cols, m, y):  A @ y for A = sparse (m x k) with values v at (rows, cols)
                                                              (SparseMatmulGradNode)

gather and scatter are each other's adjoint, and spmm's adjoints are a spmm with rows and
cols swapped and a row-wise dot of gathered rows, so every backward is again made of these
ops: gradients of any order. On the fast path (no graph recorded) the nodes work on raw
arrays. The kernels: NumPy fancy indexing for the gathers, SciPy CSC/CSR products for the
sums (scipy is a dependency already): scattering 40k rows of 64 into 2k rows takes 12 ms as a
selection-matrix product and 61 ms with np.add.at; a 40k-entry sparse @ dense product 0.7 ms
against 84 ms for gather + multiply + np.add.at (benchmarks/sparse_ops.py). Storage stays
plain index/value arrays (docs/op_coverage.md, "paddle.sparse"). Dtypes SciPy does not
multiply (float16, bfloat16, integers, bool) take np.add.at."""
import numpy as np
import scipy.sparse as _sp

from ..tensor import Tensor
from ..eager.grad_node_info import GradNodeBase
from ..eager.slot_meta import edge_record
from ..eager.tensor_wrapper import TensorWrapper
from ..eager.grad_mode import grad_state
from .. import ops as _ops

__all__ = ["gather_rows", "scatter_rows", "spmm"]

_wrap = Tensor._wrap
_SCIPY_DTYPES = {np.dtype(d) for d in (np.float32, np.float64, np.complex64, np.complex128)}


def _needs_grad(*ts):
    return grad_state.enabled and any(
        not t._stop_gradient and t._data.dtype.kind not in "biu" for t in ts)


def _history(out, node):
    out._grad_node = node
    out._out_slot = out._out_rank = 0
    out._stop_gradient = False
    return out


# ---------------------------------------------------------------------------- raw kernels
def segment_add(arr, pos, n):
    """zeros([n, *arr.shape[1:]]) with arr's rows added at rows pos (repeats add up)."""
    tail = arr.shape[1:]
    if len(pos) == 0:
        return np.zeros((n,) + tail, arr.dtype)
    if arr.dtype in _SCIPY_DTYPES:
        sel = _sp.csc_matrix((np.ones(len(pos), arr.dtype), pos, np.arange(len(pos) + 1)),
                             shape=(n, len(pos)))
        out = sel @ arr.reshape(len(pos), -1)
        return np.asarray(out, arr.dtype).reshape((n,) + tail)
    out = np.zeros((n,) + tail, arr.dtype)
    np.add.at(out, pos, arr)
    return out


def _csr(values, rows, cols, m, k):
    return _sp.csr_matrix((values, (rows, cols)), shape=(m, k))


# ---------------------------------------------------------------------------- gather/scatter
class GatherRowsGradNode(GradNodeBase):
    """Backward of gather_rows: the grad scattered back onto the source rows."""

    __slots__ = ("pos", "n")
    forward_op = "gather_rows"
    raw_grads = True

    def run_raw(self, g, release=False):
        return segment_add(g, self.pos, self.n)

    def __call__(self, grads, create_graph=False):
        g = grads[0][0]
        if isinstance(g, Tensor):
            return [scatter_rows(g, self.pos, self.n)]
        return [self.run_raw(g)]


class ScatterRowsGradNode(GradNodeBase):
    """Backward of scatter_rows: the grad of each source row is the grad of its target row."""

    __slots__ = ("pos",)
    forward_op = "scatter_rows"
    raw_grads = True

    def run_raw(self, g, release=False):
        return g[self.pos]

    def __call__(self, grads, create_graph=False):
        g = grads[0][0]
        if isinstance(g, Tensor):
            return [gather_rows(g, self.pos)]
        return [g[self.pos]]


def gather_rows(v, pos):
    """v[pos] along axis 0 (pos: int array), differentiable."""
    pos = np.asarray(pos, np.int64)
    out = _wrap(v._data[pos])
    if _needs_grad(v):
        node = GatherRowsGradNode()
        node.pos, node.n = pos, v._data.shape[0]
        node._next, node._meta = edge_record(v)
        _history(out, node)
    return out


def scatter_rows(v, pos, n):
    """zeros([n, *v.shape[1:]]) with v's rows added at rows pos, differentiable."""
    pos = np.asarray(pos, np.int64)
    out = _wrap(segment_add(v._data, pos, int(n)))
    if _needs_grad(v):
        node = ScatterRowsGradNode()
        node.pos = pos
        node._next, node._meta = edge_record(v)
        _history(out, node)
    return out


# ---------------------------------------------------------------------------- spmm
class SparseMatmulGradNode(GradNodeBase):
    """Backward of spmm(v, rows, cols, m, y) = A @ y, A[rows[i], cols[i]] = v[i]:
        v_grad[i] = sum_j out_grad[rows[i], j] * y[cols[i], j]
        y_grad    = A^T @ out_grad   (spmm with rows and cols swapped)
    """

    __slots__ = ("rows", "cols", "m", "v_wrapper", "y_wrapper")
    forward_op = "sparse_matmul"
    raw_grads = True

    def run_raw(self, g, release=False):
        nv, ny = self._next
        v = self.v_wrapper.recover_data(self, release)
        y = self.y_wrapper.recover_data(self, release)
        gv = gy = None
        if nv is not None:
            gv = np.einsum("ij,ij->i", g[self.rows], np.conj(y[self.cols]))
        if ny is not None:
            k = y.shape[0]
            if v.dtype in _SCIPY_DTYPES and g.dtype in _SCIPY_DTYPES:
                gy = np.asarray(_csr(np.conj(v), self.cols, self.rows, k, self.m) @ g)
            else:
                gy = segment_add(np.conj(v)[:, None] * g[self.rows], self.cols, k)
        return [gv, gy]

    def __call__(self, grads, create_graph=False):
        g = grads[0][0]
        if not isinstance(g, Tensor):
            return self.run_raw(g)
        nv, ny = self._next
        v = self.v_wrapper.recover(self)
        y = self.y_wrapper.recover(self)
        gv = gy = None
        if nv is not None:
            gv = _ops.sum(gather_rows(g, self.rows) * _conj(gather_rows(y, self.cols)), -1)
        if ny is not None:
            gy = spmm(_conj(v), self.cols, self.rows, y._data.shape[0], g)
        return [gv, gy]

    def clear_tensor_wrappers(self):
        self.v_wrapper.clear()
        self.y_wrapper.clear()
        self._wrappers_cleared = True


def _conj(t):
    return _ops.conj(t) if t._data.dtype.kind == "c" else t


def spmm(v, rows, cols, m, y):
    """A @ y for the sparse m x k matrix A holding v[i] at (rows[i], cols[i]) (repeats add
    up) and dense y [k, n]: dense [m, n], differentiable in v and y."""
    rows = np.asarray(rows, np.int64)
    cols = np.asarray(cols, np.int64)
    vd, yd = v._data, y._data
    if vd.dtype != yd.dtype:
        raise TypeError(f"(InvalidType) paddle.sparse.matmul: x is {v.dtype.name} and y is "
                        f"{y.dtype.name}; they must have one dtype")
    k = yd.shape[0]
    if vd.dtype in _SCIPY_DTYPES:
        out = np.asarray(_csr(vd, rows, cols, m, k) @ yd, vd.dtype)
    else:
        out = segment_add(vd[:, None] * yd[cols], rows, m)
    out = _wrap(out)
    if _needs_grad(v, y):
        node = SparseMatmulGradNode()
        node.rows, node.cols, node.m = rows, cols, int(m)
        (nv, mv), (ny, my) = edge_record(v), edge_record(y)
        node._next, node._meta = (nv, ny), (mv, my)
        node.v_wrapper = TensorWrapper(v)
        node.y_wrapper = TensorWrapper(y)
        _history(out, node)
    return out
