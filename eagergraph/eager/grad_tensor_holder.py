"""GradTensorHolder: a node's incoming-grad buffer, `[slot][rank]` (Paddle
eager/grad_tensor_holder.h).

The engine keeps one buffer per pending node, as a plain nested list (no object of its own: a
holder per node per backward would be pure overhead). The first grad for a position is taken
as is; later ones are summed into a new array, or, under create_graph, by a differentiable
add. Between nodes the grads are raw ndarrays unless a graph is being recorded.

On the engine's fast path (raw ndarrays, eager/backward.py `_run_raw`) the holder of a node of
one output is the summed ndarray itself, and `project_array` fits a grad to its input's meta
before it is held; both are used by the engine and by the generated nodes' `run_step`.
`GradTensorHolder` is the named record of one such buffer, built on demand for tools."""
import numpy as np

from ..phi.infermeta.backward import broadcast_axes
from ..phi.sum_order import row_major_sum
from .bound_ops import ops

# grads whose broadcast dimensions are summed in Paddle's row-major order (its elementwise grad
# kernels' loops, phi/sum_order.py); half and complex ones keep NumPy's sum
ROW_MAJOR = frozenset((np.dtype(np.float32), np.dtype(np.float64)))


class GradTensorHolder:
    """A node's incoming grads as a named record (Paddle GradTensorHolder), over the engine's
    buffer (the nested `[slot][rank]` list, or the summed array of a one-output node on the
    fast path); built when a tool or an error looks, never by the engine's loops."""

    __slots__ = ("buffer",)

    def __init__(self, buffer):
        self.buffer = buffer if type(buffer) is list else [[buffer]]

    def __getitem__(self, slot):
        """The grads of forward output slot `slot`, one per rank (None: none arrived)."""
        return self.buffer[slot]

    def __len__(self):
        return len(self.buffer)

    def add(self, slot, rank, g, create_graph=False):
        """Sum `g` into (slot, rank), as the engine does (GradTensorHolder::add)."""
        holder_add(self.buffer, slot, rank, g, create_graph)

    def __repr__(self):
        def text(g):
            return "None" if g is None else f"{list(getattr(g, 'shape', ()))}"
        return ("GradTensorHolder(" + ", ".join(
            "[" + ", ".join(text(g) for g in row) + "]" for row in self.buffer) + ")")


def empty_buffer(node):
    """[slot][rank] of None: one slot per forward output of `node` (bwd_in_meta), or a single
    slot of rank 1 for single-output nodes, which leave bwd_in_meta unset."""
    meta = node.bwd_in_meta
    return [[None]] if not meta else [[None] * len(s) for s in meta]


def holder_add(buf, slot, rank, g, create_graph):
    """Sum grad `g` into position (slot, rank) of buffer `buf` (GradTensorHolder::add)."""
    row = buf[slot]
    old = row[rank]
    if old is None:
        row[rank] = g
    elif create_graph:
        row[rank] = ops.add(old, g)
    else:
        row[rank] = old + g


def hold_raw(buffers, node, slot, rank, g):
    """Sum ndarray grad `g` into `node`'s holder on the fast path: the array itself for a node
    of one output, a [slot][rank] GradTensorHolder buffer for one of several."""
    if node.bwd_in_meta:
        buf = buffers.get(node)
        if buf is None:
            buf = buffers[node] = empty_buffer(node)
        holder_add(buf, slot, rank, g, False)
    else:
        old = buffers.get(node)
        buffers[node] = g if old is None else old + g


def project_array(d, shape, dt):
    """ndarray grad `d` fitted to an input of `shape` and NumPy dtype `dt`: summed over the
    broadcast dimensions (float32/64 in Paddle's order, the elements one after another
    row-major), the real part for a real input of a complex op, cast otherwise."""
    if d.shape != shape:
        axes, shape = reduction(d.shape, shape)
        if axes:
            d = row_major_sum(d, axes) if d.dtype in ROW_MAJOR else np.sum(d, axis=axes)
        d = d.reshape(shape)
    if d.dtype != dt:
        if d.dtype.kind == "c" and dt.kind != "c":
            d = d.real.copy()
        if d.dtype != dt:
            with np.errstate(over="ignore"):  # float32 -> float16 under AMP: inf, as Paddle
                d = d.astype(dt)
    return d


def reduction(have, shape):
    """(axes to sum, shape to reshape to) that bring a grad of shape `have` to `shape`: the
    broadcast dimensions, or only a reshape when the elements are the same ([] vs [1])."""
    shape = tuple(shape)
    lead = len(have) - len(shape)
    if lead < 0 or any(n != 1 and have[i + lead] != n for i, n in enumerate(shape)):
        if int(np.prod(have)) != int(np.prod(shape)):
            raise RuntimeError(
                f"internal error: a gradient of shape {list(have)} cannot be reduced to its "
                f"input's shape {list(shape)}. Please report this bug.")
        return (), shape
    return broadcast_axes(have, shape), shape
