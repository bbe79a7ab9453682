"""GradTensorHolder: a node's incoming-grad buffer, `[slot][rank]` (Paddle
eager/grad_tensor_holder.h). The first grad for a position is taken as is; later ones are
summed into a new tensor (a differentiable add under create_graph)."""
from ..tensor import Tensor
from .bound_ops import ops


class GradTensorHolder:
    __slots__ = ("buffer",)

    def __init__(self, buffer):
        self.buffer = buffer  # [slot][rank] -> Tensor | None

    @staticmethod
    def empty_buffer(node):
        """[slot][rank] of None: one slot per forward output of `node` (bwd_in_meta), or a
        single slot of rank 1 for single-output nodes, which leave bwd_in_meta unset."""
        meta = node.bwd_in_meta
        return [[None]] if not meta else [[None] * len(s) for s in meta]

    def add(self, slot, rank, g, create_graph):
        buf = self.buffer[slot]
        old = buf[rank]
        if old is None:
            buf[rank] = g
        elif create_graph:
            buf[rank] = ops.add(old, g)
        else:
            buf[rank] = Tensor._wrap(old._data + g._data)
