"""GradNodeAccumulation: the node of a leaf tensor that needs a grad (Paddle
eager/accumulation/accumulation_node.h). It runs the leaf's tensor hooks, accumulates into
`.grad` across backward calls, then runs the reduce hooks (where data-parallel allreduce hooks in).

It holds the leaf weakly: leaf -> AutogradMeta -> node -> leaf would be a reference cycle."""
import weakref

import numpy as np

from ..tensor import Tensor
from .grad_node_info import GradNodeBase, _HookHandle, run_hooks
from .grad_mode import enable_grad
from .autograd_meta import AutogradMeta
from .bound_ops import ops


class GradNodeAccumulation(GradNodeBase):
    __slots__ = ("_tensor_ref", "_tensor_hooks", "_reduce_hooks", "first_grad_stops")

    def __init__(self, tensor):
        super().__init__()
        self._tensor_ref = weakref.ref(tensor)
        self._tensor_hooks = None
        self._reduce_hooks = None
        # set by a PyLayer node whose stop_gradient grad reached this leaf first in this
        # backward (GradNodePyLayer.mark_leaf_grads); read and cleared when this node runs
        self.first_grad_stops = False

    def name(self):
        return "GradNodeAccumulation"

    @property
    def tensor(self):
        return self._tensor_ref()

    def register_tensor_hook(self, hook):
        if self._tensor_hooks is None:
            self._tensor_hooks = []
        self._tensor_hooks.append(hook)
        return _HookHandle(self._tensor_hooks, hook)

    def register_reduce_hook(self, hook):
        """`hook()` runs after `.grad` was updated (Paddle RegisterReduceHook)."""
        if self._reduce_hooks is None:
            self._reduce_hooks = []
        self._reduce_hooks.append(hook)
        return _HookHandle(self._reduce_hooks, hook)

    def apply_tensor_hooks(self, g):
        return run_hooks(self._tensor_hooks, g) if self._tensor_hooks else g

    raw_grads = True  # an ndarray grad when no graph is recorded

    def __call__(self, grads, create_graph=False):
        self.run_raw(grads[0][0], False, create_graph)
        return []

    def run_raw(self, g, release=False, create_graph=False):
        """Accumulate grad `g` into the leaf's .grad: an ndarray (the engine's fast path calls
        this directly), or a Tensor under create_graph. (A leaf saves nothing to release.)"""
        t = self._tensor_ref()
        stops, self.first_grad_stops = self.first_grad_stops, False
        if g is None or t is None:
            return ()
        if self._tensor_hooks:
            if not create_graph:
                g = Tensor._wrap(g)
                g.stop_gradient = stops  # as the grad a Paddle hook receives
            g = self.apply_tensor_hooks(g)
            if not create_graph:
                g = g._data
        accumulate_grad(t, g, create_graph, stops)
        if self._reduce_hooks:
            for h in list(self._reduce_hooks):
                h()
        return ()


def leaf_node(t):
    """The GradNodeAccumulation of leaf `t` (which needs a grad), made on first use."""
    if t._autograd_meta is None:  # where its .grad will be kept
        t._autograd_meta = AutogradMeta()
    node = t._grad_node
    if node is None:
        node = t._grad_node = GradNodeAccumulation(t)
    return node


def accumulate_grad(t, g, create_graph, stops=False):
    """t.grad += g (g an ndarray, or a Tensor under create_graph). The first grad is copied,
    so `.grad` never aliases a tensor that a hook or another leaf received (Paddle 3.3.1 lets
    them alias); later ones add in place into
    `.grad`'s own buffer, keeping the same Tensor object across backward calls (into a `.grad`
    that clear_gradient zeroed and nothing wrote since, they are copied: the same values, one
    memory pass less). Under
    create_graph the sum is a differentiable op."""
    meta = t._autograd_meta
    if meta is None:  # (detach_ dropped it while the graph lived)
        meta = t._autograd_meta = AutogradMeta()
    old = meta.grad
    zeroed, meta.grad_zeroed = meta.grad_zeroed, None
    if create_graph:
        if old is None:
            meta.grad = g if not g.stop_gradient else _copy(g)
        else:
            with enable_grad():
                meta.grad = ops.add(old, g)
        return
    if old is None:
        new = meta.grad = Tensor._wrap(g.astype(t._data.dtype, copy=True))
        new.stop_gradient = stops  # as in Paddle: False unless a PyLayer's grad came first
    else:
        od = old._data
        if od.shape == g.shape and od.dtype == g.dtype and od.flags.writeable:
            if zeroed is not None and zeroed[0] is old and old._version.value == zeroed[1]:
                np.copyto(od, g)  # zeros since clear_gradient: a write, not a read and a write
            else:
                od += g
            old._bump_inplace_version()
        else:
            old._data = (od + g).astype(od.dtype, copy=False)


def _copy(g):
    return Tensor._wrap(g._data.copy())
