"""Sparse tensors: SparseCooTensor and SparseCsrTensor (Paddle phi::SparseCooTensor /
phi::SparseCsrTensor behind one paddle.Tensor type).

Storage: plain NumPy arrays, as Paddle keeps them (indices/values, crows/cols/values). The
values array *is* the tensor's `_data`, so a sparse tensor takes its place in the autograd
graph like any Tensor: its edge meta is the values' shape and dtype, the grads that flow to it
between nodes are values-grads (one row per stored element), and its `.grad` is a sparse
tensor of its own pattern holding them. Grads are therefore sparse with the input's pattern,
as Paddle's are. The sparse ops (`eagergraph/sparse/*.py`) are compositions of dense ops on
the values (gather, index_add, scatter_nd_add, ...) between two bridges, so every gradient,
of any order, comes from the dense ops' own.

The bridges are two grad nodes that pass the grad through unchanged (a sparse tensor and its
values hold the same numbers): `ValuesGradNode` (x.values(): dense values of a sparse tensor)
and `SparseCooTensorGradNode` / `SparseCsrTensorGradNode` (a sparse tensor made from values
that need grad), with Paddle's names.
"""
import numpy as np

from ..tensor import Tensor, Size, TensorSize
from ..tensor_repr import DEFAULT_PRINT_OPTIONS, _to_summary, _max_width, _format_tensor
from ..eager.grad_node_info import GradNodeBase
from ..eager.slot_meta import edge_record
from ..eager.grad_mode import grad_state

__all__ = ["SparseCooTensor", "SparseCsrTensor", "is_sparse", "make_coo", "make_csr",
           "values_of", "dense_tensor"]

_new = object.__new__


# ---------------------------------------------------------------------------- grad nodes
class _PassGradNode(GradNodeBase):
    """A node whose input grad is its output grad (the bridge between a sparse tensor and its
    values): raw arrays on the fast path, Tensors under create_graph (the identity needs no
    recorded op)."""

    __slots__ = ()
    raw_grads = True

    def run_raw(self, g, release=False):
        return g

    def __call__(self, grads, create_graph=False):
        return [grads[0][0]]


class ValuesGradNode(_PassGradNode):
    __slots__ = ()
    forward_op = "values"


class SparseCooTensorGradNode(_PassGradNode):
    __slots__ = ()
    forward_op = "sparse_coo_tensor"


class SparseCsrTensorGradNode(_PassGradNode):
    __slots__ = ()
    forward_op = "sparse_csr_tensor"


def _bridge(src, out, node_cls):
    """Make `out` the output of a pass-through node whose input is `src` (when grad is on and
    src needs grad)."""
    if not grad_state.enabled or src._stop_gradient or src._data.dtype.kind in "biu":
        return out
    node = node_cls()
    node._next, node._meta = edge_record(src)
    out._grad_node = node
    out._out_slot = out._out_rank = 0
    out._stop_gradient = False
    return out


def _take_place(out, src):
    """`out` (sparse) takes the graph place of dense `src` (the op output holding its values)."""
    out._grad_node = src._grad_node
    out._out_slot, out._out_rank = src._out_slot, src._out_rank
    out._stop_gradient = src._stop_gradient
    out._version = src._version


# ---------------------------------------------------------------------------- the tensors
def _init_common(t, values):
    t._data = values
    t._stop_gradient = True
    t._grad_node = None
    t._out_slot = t._out_rank = 0
    t._autograd_meta = None
    t._name = None
    t._version = None
    t._base = None
    t._persistable = False
    t._grad_cache = None


def make_coo(values, indices, shape, coalesced=False, bridge=False):
    """A SparseCooTensor holding dense Tensor `values` at `indices` (an int ndarray
    [sparse_dim, nnz]). It takes the place of `values` in the graph (the op that made them),
    or, with `bridge` (a user's values tensor), is the output of a SparseCooTensorGradNode."""
    t = _new(SparseCooTensor)
    _init_common(t, values._data)
    t._indices = indices
    t._dense_shape = tuple(int(s) for s in shape)
    t._coalesced = coalesced
    if bridge:
        _bridge(values, t, SparseCooTensorGradNode)
    else:
        _take_place(t, values)
    return t


def make_csr(values, crows, cols, shape, bridge=False):
    """A SparseCsrTensor holding dense Tensor `values` (1-D) with `crows`/`cols` ndarrays."""
    t = _new(SparseCsrTensor)
    _init_common(t, values._data)
    t._crows = crows
    t._cols = cols
    t._dense_shape = tuple(int(s) for s in shape)
    if bridge:
        _bridge(values, t, SparseCsrTensorGradNode)
    else:
        _take_place(t, values)
    return t


def values_of(x):
    """The values of sparse `x` as a dense Tensor in the graph (x.values(): ValuesGradNode)."""
    v = Tensor._wrap(x._data)
    return _bridge(x, v, ValuesGradNode)


def dense_tensor(arr):
    return Tensor._wrap(arr)


def is_sparse(x):
    return isinstance(x, _SparseBase)


def dense_only(name):
    """A dense Tensor method that a sparse tensor must not run on its values array."""
    def method(self, *args, **kwargs):
        raise TypeError(
            f"Tensor.{name}() is a dense-tensor method and this is a sparse {self._format} "
            f"tensor: use paddle.sparse.{name} where it exists, or x.to_dense().{name}(...)")
    method.__name__ = name
    return method


class _SparseBase(Tensor):
    """What COO and CSR tensors share: the dense shape, printing, grads of their pattern."""

    __slots__ = ("_dense_shape", "_grad_cache")
    _format = ""
    _sparse_layout = None  # eager_utils.parse_tensor refuses tensors where this is set

    # ---- metadata
    @property
    def shape(self):
        return Size(self._dense_shape)

    @property
    def ndim(self):
        return len(self._dense_shape)

    def dim(self):
        return len(self._dense_shape)

    ndimension = dim

    @property
    def size(self):
        return TensorSize(self._dense_shape)

    def numel(self):
        return Tensor._wrap(np.asarray(int(np.prod(self._dense_shape, dtype=np.int64)), np.int64))

    def is_sparse(self):
        return True

    def is_dense(self):
        return False

    def is_same_shape(self, y):
        return list(self.shape) == list(y.shape)

    def nnz(self):
        return int(self._data.shape[0]) if self._data.ndim else 1

    # ---- dense conversions
    def numpy(self):
        """The dense array (Paddle 3.3.1 crashes here; docs/differences.md)."""
        return self.to_dense().numpy()

    def __array__(self, dtype=None, copy=None):
        a = self.to_dense()._data
        return a if dtype is None else a.astype(dtype)

    def tolist(self):
        return self.to_dense().tolist()

    def item(self, *args):
        return self.to_dense().item(*args)

    def __len__(self):
        return self._dense_shape[0]

    def __iter__(self):
        raise TypeError(f"a sparse {self._format} tensor cannot be iterated; use to_dense()")

    def __getitem__(self, idx):
        raise TypeError(f"a sparse {self._format} tensor does not support indexing; use "
                        f"paddle.sparse.slice or x.to_dense()[...]")

    def __setitem__(self, idx, value):
        raise TypeError(f"a sparse {self._format} tensor does not support item assignment")

    __eq__ = object.__eq__
    __ne__ = object.__ne__
    __hash__ = object.__hash__

    # ---- autograd: .grad is sparse, of this tensor's pattern
    @property
    def grad(self):
        m = self._autograd_meta
        g = None if m is None else m.grad
        if g is None:
            return None
        if isinstance(g, _SparseBase):
            return g
        c = self._grad_cache
        if c is not None and c[0] is g and c[1]._data is g._data:
            return c[1]
        s = self._grad_from_values(g)  # (not coalesced, as Paddle's grad tensors say)
        self._grad_cache = (g, s)
        return s

    @grad.setter
    def grad(self, value):
        from ..eager.autograd_meta import autograd_meta
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(f"Tensor.grad must be a Tensor or None, got "
                                f"{type(value).__name__}")
            if not isinstance(value, _SparseBase) or value._data.shape != self._data.shape:
                raise ValueError(f"Tensor.grad of a sparse {self._format} tensor must be a "
                                 f"sparse tensor of the same pattern (values shape "
                                 f"{list(self._data.shape)})")
            value = values_of(value)
        m = autograd_meta(self)
        m.grad, m.grad_zeroed = value, None
        self._grad_cache = None

    def _grad_from_values(self, g):
        """paddle.grad's result for this tensor: values-grad g as a sparse tensor of this
        pattern (eagergraph/autograd/general_grad.py asks for it)."""
        s = self._with_values(g)
        if isinstance(s, SparseCooTensor):
            s._coalesced = False
        return s

    def register_hook(self, hook):
        """hook(grad) sees the grad as a sparse tensor of this pattern, and may return one
        (or a dense tensor of the values' shape) to replace it."""
        pattern = self

        def on_values(g):
            r = hook(pattern._with_values(g))
            return values_of(r) if isinstance(r, _SparseBase) else r
        return Tensor.register_hook(self, on_values)

    def gradient(self):
        g = self.grad
        return None if g is None else g.numpy()

    def detach(self):
        t = self._with_values(Tensor._wrap(self._data))
        t._stop_gradient = True
        t._grad_node = None
        return t

    def clone(self):
        from ..ops import assign
        return self._with_values(assign(values_of(self)))

    def values(self):
        return values_of(self)

    def __repr__(self):
        return sparse_repr(self)

    __str__ = __repr__

    def __format__(self, spec):
        return object.__format__(self, spec)

    def __deepcopy__(self, memo):
        t = self._with_values(Tensor._wrap(self._data.copy()))
        t._stop_gradient = self._stop_gradient
        t._grad_node = None
        memo[id(self)] = t
        return t

    def __reduce__(self):
        raise TypeError(f"pickling a sparse {self._format} tensor is not supported; save "
                        f"its indices and values")

    def set_value(self, value):
        raise TypeError(f"set_value() is not supported for a sparse {self._format} tensor")


class SparseCooTensor(_SparseBase):
    """A sparse tensor in COO format: `_indices` [sparse_dim, nnz] (int64 or int32), values
    `_data` [nnz, *dense_dims], the dense shape; `_coalesced` as Paddle tracks it."""

    __slots__ = ("_indices", "_coalesced")
    _format = _sparse_layout = "COO"

    def is_sparse_coo(self):
        return True

    def is_sparse_csr(self):
        return False

    def is_coalesced(self):
        return self._coalesced

    def sparse_dim(self):
        return int(self._indices.shape[0])

    def dense_dim(self):
        return len(self._dense_shape) - int(self._indices.shape[0])

    def indices(self):
        return Tensor._wrap(self._indices)

    def _with_values(self, values):
        """A COO tensor of this pattern holding dense `values` (and their graph place)."""
        return make_coo(values, self._indices, self._dense_shape, self._coalesced)


class SparseCsrTensor(_SparseBase):
    """A sparse tensor in CSR format (2-D, or 3-D batches of 2-D): `_crows`, `_cols` and
    values `_data`, all 1-D; a batch's crows start again at 0."""

    __slots__ = ("_crows", "_cols")
    _format = _sparse_layout = "CSR"

    def is_sparse_coo(self):
        return False

    def is_sparse_csr(self):
        return True

    def is_coalesced(self):
        raise TypeError("(InvalidType) Method is_coalesced only support sparse coo tensor.")

    def sparse_dim(self):
        return len(self._dense_shape)

    def dense_dim(self):
        return 0

    def crows(self):
        return Tensor._wrap(self._crows)

    def cols(self):
        return Tensor._wrap(self._cols)

    def indices(self):
        raise only_for("SparseCooTensor")

    def _with_values(self, values):
        return make_csr(values, self._crows, self._cols, self._dense_shape)


def only_for(kind):
    """Paddle's error for a layout method called on a tensor of another layout."""
    return SystemError(f"(Fatal) this method is only effective for {kind}")


def _csr_only(self):
    raise only_for("SparseCsrTensor")


SparseCooTensor.crows = _csr_only
SparseCooTensor.cols = _csr_only


# ---------------------------------------------------------------------------- printing
def _format_dense(arr, indent):
    """Paddle's _format_dense_tensor: the body of a dense tensor's repr at `indent`."""
    if arr.dtype.kind == "V" or arr.dtype.name == "bfloat16":
        arr = arr.astype(np.float32)
    summary = arr.ndim > 0 and arr.size > DEFAULT_PRINT_OPTIONS.threshold
    width, signed = _max_width(_to_summary(arr))
    return _format_tensor(arr, summary, indent, width, signed)


def sparse_repr(t, prefix="Tensor"):
    """Paddle's sparse_tensor_to_string, character for character."""
    indent = len(prefix) + 1
    pad = " " * indent
    head = (f"{prefix}(shape={list(t._dense_shape)}, dtype={t.dtype}, place=Place(cpu), "
            f"stop_gradient={t.stop_gradient}, ")
    if isinstance(t, SparseCooTensor):
        parts = [("indices", t._indices), ("values", t._data)]
    else:
        parts = [("crows", t._crows), ("cols", t._cols), ("values", t._data)]
    body = ", \n".join(pad + f"{k}=" + _format_dense(a, indent + len(k) + 1) for k, a in parts)
    return f"{head}\n{body})"
