"""GradNodeAccumulation: the node of a leaf tensor that needs a grad (Paddle
eager/accumulation/accumulation_node.h). It runs the leaf's tensor hooks, accumulates into
`.grad` across backward calls, then runs the reduce hooks (where data-parallel allreduce hooks in).

It holds the leaf weakly: leaf -> AutogradMeta -> node -> leaf would be a reference cycle."""
import weakref
from sys import getrefcount

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
        # backward (backward._mark_first_grad_stops); read and cleared when this node runs
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

    def run_raw(self, g, release=False, create_graph=False, sole=False):
        """Accumulate grad `g` into the leaf's .grad: an ndarray (the engine's fast path calls
        this directly), or a Tensor under create_graph. (A leaf saves nothing to release.)
        sole: nothing but the caller holds ndarray `g` (the fast path's reference count), so
        `.grad` may keep it instead of a copy (see `accumulate_grad`)."""
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
            sole = False  # the hook may keep what it returned
        accumulate_grad(t, g, create_graph, stops, sole)
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


def accumulate_grad(t, g, create_graph, stops=False, sole=False):
    """t.grad += g (g an ndarray, or a Tensor under create_graph). The first grad is copied,
    so `.grad` never aliases a tensor that a hook or another leaf received (Paddle 3.3.1 lets
    them alias); later ones add in place into `.grad`'s own buffer, keeping the same Tensor
    object across backward calls. Into a `.grad` that clear_gradient zeroed and nothing wrote
    since, the grad is copied (the same values, one memory pass less), or handed over: with
    `sole` (nothing else holds the array, which owns its memory and is writeable) `.grad`
    keeps `g` itself instead of a copy. Under create_graph the sum is a differentiable op."""
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
    dtype = t._data.dtype
    own = sole and g.dtype == dtype and g.base is None and g.flags.writeable
    if old is None:
        new = meta.grad = Tensor._wrap(g if own else g.astype(dtype, copy=True))
        new.stop_gradient = stops  # as in Paddle: False unless a PyLayer's grad came first
        return
    od = old._data
    if od.shape != g.shape or od.dtype != g.dtype:
        old._data = (od + g).astype(od.dtype, copy=False)
    elif zeroed is not None and zeroed[0] is old and old._version.value == zeroed[1]:
        # zeros since clear_gradient: a write, not a read and a write
        if od.flags.writeable:
            np.copyto(od, g)
        else:  # the zero broadcast of `zero_grad`
            old._data = g if own else g.copy()
        old._bump_inplace_version()
    elif od.flags.writeable:
        od += g
        old._bump_inplace_version()
    else:
        old._data = od + g


def _zero_broadcast(shape, dtype):
    """A read-only array of zeros of `shape` over one element (np.broadcast_to's result,
    built directly: a few times cheaper)."""
    a = np.ndarray(shape, dtype, np.zeros(1, dtype), 0, (0,) * len(shape))
    a.flags.writeable = False
    return a


def zero_grad(meta):
    """clear_gradient(set_to_zero=True): `.grad` stays the same Tensor and reads as zeros, and
    the next accumulation into it is a copy (`accumulate_grad`). When nothing but `.grad`
    holds its buffer (no view of it, no array handed out), the buffer is dropped for a
    read-only zero broadcast (no pass over memory: the next accumulation gives `.grad` a
    buffer again); otherwise it is zeroed in place, so that its views see the zeros too."""
    g = meta.grad
    # references to the buffer: g's field and getrefcount's argument; any view adds its base
    if getrefcount(g._data) == 2 and g._base is None:
        d = g._data
        g._data = _zero_broadcast(d.shape, d.dtype)
    elif g._data.flags.writeable:
        g._data[...] = 0
    else:
        g._data = np.zeros_like(g._data)
    g._bump_inplace_version()
    meta.grad_zeroed = (g, g._version.value)


def _copy(g):
    return Tensor._wrap(g._data.copy())
