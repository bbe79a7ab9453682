"""GradTensorHolder: a node's incoming-grad buffer, `[slot][rank]` (Paddle
eager/grad_tensor_holder.h). The first grad for a position is taken as is; later ones are
summed into a new tensor (a differentiable add under create_graph)."""
from ..tensor import Tensor


class GradTensorHolder:
    __slots__ = ("buffer",)

    def __init__(self, shape):
        # shape: number of ranks per slot
        self.buffer = [[None] * n for n in shape]

    def add(self, slot, rank, g, create_graph):
        buf = self.buffer[slot]
        old = buf[rank]
        if old is None:
            buf[rank] = g
        elif create_graph:
            from .._generated.dygraph_functions import add_ad_func
            buf[rank] = add_ad_func(old, g)
        else:
            buf[rank] = Tensor._wrap(old._data + g._data)
