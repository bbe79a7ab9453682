"""AutogradMeta: a tensor's gradient state (Paddle eager/autograd_meta.h).

Paddle's AutogradMeta also holds the tensor's place in the graph (grad node, out slot and rank);
here those live on the Tensor itself (`_grad_node`, `_out_slot`, `_out_rank`), since every op
output that needs grad has them and most never need anything else: this record is created
lazily, only for tensors that keep a gradient (leaves that received one, retain_grads, a .grad
set by hand). `stop_gradient` is on the Tensor too (a plain attribute on the hot path)."""


class AutogradMeta:
    __slots__ = ("grad", "retain_grads", "grad_zeroed", "__weakref__")

    def __init__(self):
        self.grad = None          # Tensor | None: the accumulated gradient (.grad)
        self.retain_grads = False
        self.grad_zeroed = None   # (grad, its version) when clear_gradient zeroed .grad: until
        #                           written again it holds zeros, and the next grad is copied in


def autograd_meta(t):
    """The tensor's AutogradMeta, created if missing (Paddle EagerUtils::autograd_meta)."""
    m = t._autograd_meta
    if m is None:
        m = t._autograd_meta = AutogradMeta()
    return m


def set_history(t, node, slot, rank):
    """Make `t` the (slot, rank) output of `node` (Paddle EagerUtils::SetHistory). Integer and
    bool outputs (indices, masks) are not differentiable and keep stop_gradient=True."""
    if t._data.dtype.kind in "biu":
        return
    t._grad_node = node
    t._out_slot = slot
    t._out_rank = rank
    t._stop_gradient = False


def copy_history(dst, src):
    """Give `dst` the place in the graph `src` has (its grad node, slot and rank)."""
    dst._grad_node = src._grad_node
    dst._out_slot = src._out_slot
    dst._out_rank = src._out_rank
