"""AutogradMeta: a tensor's place in the backward graph (Paddle eager/autograd_meta.h).

Created lazily: a tensor that stops gradient and never had a grad needs none. `stop_gradient`
itself lives on the Tensor (a plain attribute on the hot path)."""


class AutogradMeta:
    __slots__ = ("grad", "grad_node", "out_slot", "out_rank", "retain_grads", "grad_zeroed",
                 "__weakref__")

    def __init__(self):
        self.grad = None          # Tensor | None: the accumulated gradient (.grad)
        self.grad_node = None     # GradNodeBase: the node that produced this tensor, or the
        #                           GradNodeAccumulation of a leaf
        self.out_slot = 0         # where this tensor sits among its node's outputs
        self.out_rank = 0
        self.retain_grads = False
        self.grad_zeroed = None   # (grad, its version) when clear_gradient zeroed .grad: until
        #                           written again it holds zeros, and the next grad is copied in


_new = object.__new__


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
    m = t._autograd_meta
    if m is None:  # __init__'s defaults without its call (this runs once per op output)
        m = t._autograd_meta = _new(AutogradMeta)
        m.grad = m.grad_zeroed = None
        m.retain_grads = False
    m.grad_node = node
    m.out_slot = slot
    m.out_rank = rank
    t._stop_gradient = False
