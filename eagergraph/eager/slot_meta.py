"""SetGradOutMeta (Paddle GradNodeBase::SetGradOutMeta / SetGradInMeta): the GradSlotMeta and
Edge of each forward input, made when an op records its grad node, as an edge record
`(next grad node or None, edge meta (in_slot, in_rank, shape, NumPy dtype))`: the node keeps the
first in `_next` and the second in `_meta` (GradNodeBase). A leaf that needs a grad gets its
GradNodeAccumulation here, and a view whose base was written since is re-derived first, so the
edge points at the base's current history."""
import numpy as np

from .grad_node_info import GradSlotMeta
from .accumulation_node import leaf_node
from .views import refresh_view

_NO_GRAD_KINDS = "biu"  # bool/int tensors never receive gradients


def edge_record(t):
    """The edge record of forward input `t`: (next node or None, its meta entries)."""
    arr = t._data
    if t._stop_gradient or arr.dtype.kind in _NO_GRAD_KINDS:
        return None, (0, 0, arr.shape, arr.dtype)
    if t._base is not None and t._view_version != t._version.value:
        refresh_view(t)  # its base was written since: re-derive it
    node = t._grad_node
    if node is None:  # a leaf used for the first time: its GradNodeAccumulation
        node = leaf_node(t)
    return node, (t._out_slot, t._out_rank, arr.shape, arr.dtype)


NO_EDGE = (None, (0, 0, (), np.dtype("float32")))  # an optional input that was None


def edge_records(ts):
    """The records of a Tensor[] input slot: (tuple of next nodes, tuple of edge metas), built
    in lists (growing tuples by concatenation made `stack` of n tensors O(n^2))."""
    nexts, metas = [], []
    for t in ts:
        n, m = NO_EDGE if t is None else edge_record(t)
        nexts.append(n)
        metas.append(m)
    return tuple(nexts), tuple(metas)


def out_meta(t):
    """Meta of a forward output (bwd_in_meta): shape and dtype, to fill zeros for it."""
    return GradSlotMeta(False, t._data.shape, t._data.dtype)
