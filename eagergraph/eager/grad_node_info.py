"""GradNodeBase, GradSlotMeta and Edge (Paddle eager/grad_node_info.h).

A GradNode is the backward of one forward op call. Its inputs in backward are the grads of the
op's outputs (`bwd_in_meta`, one slot per forward output); its outputs are the grads of the op's
inputs (`bwd_out_meta`, one slot per forward input, one rank per tensor in that slot). Each
output meta holds the Edge to the node that produced that forward input, so the graph is the
set of nodes linked by edges, with no pointers back from a node to its outputs.

Flattened for speed and memory: per forward-input position (slot/rank order) a node keeps
- in `_next`, the next grad node (None: no edge): the node itself when the op has exactly one
  Tensor input, else a tuple of them;
- in `_meta`, the input's **edge meta** `(in_slot, in_rank, shape, dtype)`: the next node's
  in_slot and in_rank, the input's shape and its NumPy dtype; laid out as `_next` is (the
  edge meta itself for one Tensor input, else a tuple of them, one per position). `_meta`
  holds no GC-tracked object, so Python untracks it (an exact tuple: a named tuple would stay
  tracked, and making one costs a type call per input per op, ~1,700 instructions measured);
  its layout has a name, `EdgeMeta`, which `edge_metas()` returns.
A unary op's node is then the only GC-tracked object its edges cost (a binary op's adds one
tuple), instead of a GradSlotMeta and two lists per input, so the cyclic GC has little to walk
in a live graph. `bwd_out_meta` and `edges()` build the GradSlotMeta and Edge objects from it
when someone looks. A node's `__call__` returns one grad per position, flat, in that order.
"""
from collections import namedtuple

import numpy as np

from ..tensor import Tensor
from .grad_mode import enable_grad


# The edge meta of one input position, as `_meta` lays it out (plain tuples there)
EdgeMeta = namedtuple("EdgeMeta", ("in_slot", "in_rank", "shape", "dtype"))


class Edge:
    """Where a gradient goes next: slot `in_slot`, rank `in_rank` of `grad_node`'s inputs."""

    __slots__ = ("grad_node", "in_slot", "in_rank")

    def __init__(self, grad_node, in_slot, in_rank):
        self.grad_node = grad_node
        self.in_slot = in_slot
        self.in_rank = in_rank

    def __repr__(self):
        return f"Edge({self.grad_node.name()}, slot={self.in_slot}, rank={self.in_rank})"


class GradSlotMeta:
    """Meta of one forward input as seen from backward: its shape and dtype (broadcast reduction
    and complex->real projection of its grad), whether it stops gradient, and its Edge.

    The Edge's fields are stored inline (grad_node, in_slot, in_rank; grad_node None = no edge)
    to save an object per input on the hot path; `.edge` returns them as an Edge."""

    __slots__ = ("stop_gradient", "shape", "np_dtype", "grad_node", "in_slot", "in_rank")

    def __init__(self, stop_gradient, shape, np_dtype, grad_node=None, in_slot=0, in_rank=0):
        self.stop_gradient = stop_gradient
        self.shape = shape
        self.np_dtype = np_dtype
        self.grad_node = grad_node
        self.in_slot = in_slot
        self.in_rank = in_rank

    @property
    def edge(self):
        n = self.grad_node
        return None if n is None else Edge(n, self.in_slot, self.in_rank)

    def __repr__(self):
        return (f"GradSlotMeta(shape={list(self.shape)}, dtype={self.np_dtype}, "
                f"stop_gradient={self.stop_gradient}, edge={self.edge})")


def wrap_grad(arr):
    """A grad array from a grad kernel as a Tensor (None stays None: no grad needed)."""
    return None if arr is None else Tensor._wrap(arr)


def fill_zero(g, meta):
    """The grad of an output that received none: zeros of its shape and dtype (Paddle's
    "Fill Zero For GradIn Tensors", for nodes of ops with several outputs)."""
    return Tensor._wrap(np.zeros(meta.shape, meta.np_dtype)) if g is None else g


def fill_zero_array(g, meta):
    """fill_zero on the first-order path: ndarray zeros of the output's shape and dtype."""
    return np.zeros(meta.shape, meta.np_dtype) if g is None else g


def fill_zero_list(gs, metas):
    return [fill_zero(g, m) for g, m in zip(gs, metas)]


class GradNodeBase:
    """Base of every backward node. Subclasses (generated from backward.yaml) implement
    `__call__(grads [slot][rank], create_graph) -> one grad per input position` and
    `clear_tensor_wrappers()`."""

    __slots__ = ("_next", "_meta", "_slot_sizes", "bwd_in_meta", "_gradient_hooks", "_post_hooks",
                 "_wrappers_cleared", "_save_site", "__weakref__")

    forward_op = ""        # the forward op this node differentiates
    raw_grads = False      # True: takes and returns ndarray grads when no graph is recorded
    # run_raw(grad) -> grads: the engine's fast path for a node of one output that works on
    # ndarrays (generated for grad-kernel nodes): the summed grad in, and the grad of its one
    # input itself (an op with one Tensor input, `_next` a node) or one per input position
    run_raw = None
    # run_step(grad, release, buffers, in-degrees, ready queue): run_raw's work, then each
    # input's grad passed on to its next node as the engine would (generated for run_raw nodes
    # whose inputs are single Tensors); the fast path's whole step for such a node
    run_step = None
    # saved Tensors kept as fields, not TensorWrapper objects (eager/tensor_wrapper.py): per
    # field (name, "in" or "out", slot, no_need_buffer)
    saved_fields = ()

    def __init__(self):
        self._next = ()              # next grad nodes, and per position an edge meta
        self._meta = ()              # (see the module docstring)
        self._slot_sizes = None      # tensors per input slot, where a slot holds a list
        self.bwd_in_meta = None
        self._gradient_hooks = None  # {(slot, rank): [hook, ...]} run on incoming grads
        self._post_hooks = None      # [hook(grads_in, grads_out)] run after the node
        self._wrappers_cleared = False
        self._save_site = None       # (code, offset) of the user's line that ran the forward op

    def name(self):
        return type(self).__name__

    def __repr__(self):
        return f"<{self.name()} of {self.forward_op or 'a leaf'}>"

    # ---- graph structure -------------------------------------------------------------------
    @property
    def next_functions(self):
        """The nodes this node sends grads to, in slot/rank order (None where no edge)."""
        return self.next_nodes()

    def next_nodes(self):
        """The next grad node of each input position, as a tuple."""
        n = self._next
        return n if type(n) is tuple else (n,)

    def edge_metas(self):
        """The EdgeMeta `(in_slot, in_rank, shape, dtype)` of each input position, as a
        tuple."""
        metas = self._meta if type(self._next) is tuple else (self._meta,)
        return tuple(EdgeMeta._make(m) for m in metas)

    def edges(self):
        """The Edges to the next nodes (Paddle GradNodeBase::GetEdges)."""
        for nxt, (in_slot, in_rank, _, _) in zip(self.next_nodes(), self.edge_metas()):
            if nxt is not None:
                yield Edge(nxt, in_slot, in_rank)

    def slot_sizes(self):
        """How many tensors each forward input slot holds."""
        return self._slot_sizes or (1,) * len(self.next_nodes())

    @property
    def bwd_out_meta(self):
        """[slot][rank] GradSlotMeta of the forward inputs (built from `_next` and `_meta`)."""
        nexts, m, out, p = self.next_nodes(), self.edge_metas(), [], 0
        for size in self.slot_sizes():
            slot = []
            for _ in range(size):
                in_slot, in_rank, shape, dt = m[p]
                nxt = nexts[p]
                slot.append(GradSlotMeta(nxt is None, shape, dt, nxt, in_slot, in_rank))
                p += 1
            out.append(slot)
        return out

    @bwd_out_meta.setter
    def bwd_out_meta(self, slots):
        """Set from [slot][rank] edge records `(next node, meta)` (eager/slot_meta.py), as
        SetGradOutMeta does."""
        recs = [rec for slot in slots for rec in slot]
        self._next = tuple(r[0] for r in recs)
        self._meta = tuple(r[1] for r in recs)
        sizes = tuple(len(s) for s in slots)
        self._slot_sizes = None if all(n == 1 for n in sizes) else sizes

    def nest(self, flat):
        """One grad per input position -> [slot][rank] (for hooks that take that form)."""
        out, i = [], 0
        for size in self.slot_sizes():
            out.append(list(flat[i:i + size]))
            i += size
        return out

    # ---- hooks -----------------------------------------------------------------------------
    def register_gradient_hook(self, slot, rank, hook):
        """`hook(grad) -> grad | None` runs on the grad arriving at input (slot, rank)."""
        if self._gradient_hooks is None:
            self._gradient_hooks = {}
        lst = self._gradient_hooks.setdefault((slot, rank), [])
        lst.append(hook)
        return _HookHandle(lst, hook)

    def register_post_hook(self, hook):
        """`hook(grads_in, grads_out)` runs after this node computed its output grads, both
        [slot][rank]; a non-None return replaces grads_out (Paddle's GradNode post hook /
        PyTorch register_hook)."""
        if self._post_hooks is None:
            self._post_hooks = []
        self._post_hooks.append(hook)
        return _HookHandle(self._post_hooks, hook)

    def apply_gradient_hooks(self, grads, raw=False):
        """Run the hooks on the grads arriving at their (slot, rank); `raw`: the grads are
        ndarrays (the hooks still see Tensors). As in Paddle, a hook runs with grad mode on and
        sees a grad that does not stop gradient, so autograd inside a hook works."""
        for (slot, rank), hooks in self._gradient_hooks.items():
            g = grads[slot][rank]
            if g is None or not hooks:
                continue
            if raw:
                g = Tensor._wrap(g)
                g._stop_gradient = False
            g = run_hooks(hooks, g)
            grads[slot][rank] = g._data if raw else g
        return grads

    # ---- saved state -----------------------------------------------------------------------
    def clear_tensor_wrappers(self):
        """Release saved tensors (generated nodes that save some override this)."""

    def __call__(self, grads, create_graph=False):
        raise NotImplementedError(f"{self.name()} does not implement backward")


def released_graph_error(node):
    """The one error for running a node whose saved tensors an earlier backward released."""
    name = node.name() if node is not None else "a grad node"
    op = getattr(node, "forward_op", "") or "?"
    return SystemError(
        f"(Fatal) The saved tensors of {name} (backward of forward op '{op}') were already "
        f"released by an earlier backward. This happens when you call backward twice through "
        f"the same graph, e.g. through a tensor computed once outside a training loop. Pass "
        f"retain_graph=True to the first backward if you really need the second one, or "
        f"detach() the part of the graph built outside the loop.")


def run_hooks(hooks, g):
    """g through `hooks` in order (each may return a replacement), with grad mode on."""
    with enable_grad():
        for h in list(hooks):
            r = h(g)
            if r is not None:
                g = check_hook_result(h, g, r)
    return g


def check_hook_result(hook, g, r):
    """A gradient hook may replace the grad, but only with a Tensor of the same shape."""
    if not isinstance(r, Tensor):
        raise TypeError(f"gradient hook {getattr(hook, '__name__', hook)!r} must return a Tensor "
                        f"or None, but returned {type(r).__name__}")
    if r._data.shape != g._data.shape:
        raise ValueError(f"gradient hook {getattr(hook, '__name__', hook)!r} returned a Tensor of "
                         f"shape {list(r._data.shape)} for a gradient of shape "
                         f"{list(g._data.shape)}; the shapes must match.")
    return r


class _HookHandle:
    """Returned by register_*hook; `remove()` unregisters the hook."""

    __slots__ = ("_list", "_hook")

    def __init__(self, lst, hook):
        self._list = lst
        self._hook = hook

    def remove(self):
        try:
            self._list.remove(self._hook)
            return True
        except ValueError:
            return False
