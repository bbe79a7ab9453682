"""SetGradOutMeta (Paddle GradNodeBase::SetGradOutMeta / SetGradInMeta): the GradSlotMeta and
Edge of each forward input, made when an op records its grad node. A leaf that needs a grad
gets its GradNodeAccumulation here, and a view whose base was written since is re-derived
first, so the edge points at the base's current history."""
import numpy as np

from .grad_node_info import GradSlotMeta
from .accumulation_node import leaf_node
from .views import refresh_view

_NO_GRAD_KINDS = "biu"  # bool/int tensors never receive gradients


def slot_meta(t):
    """GradSlotMeta + Edge for forward input `t` (Paddle SetGradOutMeta). A leaf that needs a
    grad gets its GradNodeAccumulation here, created on first use."""
    arr = t._data
    if t.stop_gradient or arr.dtype.kind in _NO_GRAD_KINDS:
        return GradSlotMeta(True, arr.shape, arr.dtype)
    if t._base is not None and t._view_version != t._version.value:
        refresh_view(t)  # its base was written since: re-derive it
    node = leaf_node(t)
    m = t._autograd_meta
    return GradSlotMeta(False, arr.shape, arr.dtype, node, m.out_slot, m.out_rank)


def out_meta(t):
    """Meta of a forward output (bwd_in_meta): shape and dtype, to fill zeros for it."""
    return GradSlotMeta(False, t._data.shape, t._data.dtype)


NO_GRAD_META = GradSlotMeta(True, (), np.dtype("float32"))


def slot_metas(ts):
    """Metas for a Tensor[] input slot (one rank per tensor); None entries stop gradient."""
    return [NO_GRAD_META if t is None else slot_meta(t)
            for t in ts]
