"""GradTensorHolder: a node's incoming-grad buffer, `[slot][rank]` (Paddle
eager/grad_tensor_holder.h).

The engine keeps one buffer per pending node, as a plain nested list (no object of its own: a
holder per node per backward would be pure overhead). The first grad for a position is taken
as is; later ones are summed into a new array, or, under create_graph, by a differentiable
add. Between nodes the grads are raw ndarrays unless a graph is being recorded."""
from .bound_ops import ops


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
