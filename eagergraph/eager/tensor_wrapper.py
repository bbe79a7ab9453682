"""TensorWrapper: a forward tensor saved for backward (Paddle eager/tensor_wrapper.h).

A wrapper keeps the array and the tensor's place in the graph, not the Tensor: a leaf input is
kept as itself; an intermediate input keeps its grad node (an ancestor of the saving node, so no
cycle) with slot and rank; an output of the saving node keeps no reference to that node at all
(node -> wrapper -> node would be a cycle): the node hands itself to `recover(node)`.
`recover()` checks the inplace-version snapshot and rebuilds the tensor wired to its place, so
higher-order gradients flow through it. `no_need_buffer` keeps shape and dtype only.
Saved-tensor hooks (pack/unpack) apply to every wrapper that keeps a buffer.
"""
import numpy as np

from ..tensor import Tensor
from ..phi.version_counter import VersionCounter
from .grad_mode import no_grad
from . import saved_tensors_hooks as _sth
from .saved_tensors_hooks import _state as _hook_state
from .inplace_check import raise_modified_inplace
from .grad_node_info import released_graph_error
from .accumulation_node import GradNodeAccumulation


def meta_only(arr):
    """A stand-in with arr's shape and dtype that owns one element of memory (zero strides):
    what a no_need_buffer wrapper keeps instead of the values. Read-only and shared per
    (shape, dtype): building one costs more than a small sum's kernel, and every sum, mean,
    expand, ... saves one. The cache is bounded (cleared when full)."""
    key = (arr.shape, arr.dtype)
    m = _META_ONLY.get(key)
    if m is None:
        if len(_META_ONLY) >= 1024:
            _META_ONLY.clear()
        m = np.ndarray(arr.shape, arr.dtype, buffer=np.zeros(1, arr.dtype),
                       strides=(0,) * arr.ndim)
        m.flags.writeable = False
        _META_ONLY[key] = m
    return m


_META_ONLY = {}


class _Place:
    """A saved input's place in the graph (grad node, slot, rank, AutogradMeta), kept while
    saved-tensor hooks hold its value, to re-attach to the tensor that unpack returns."""

    __slots__ = ("grad_node", "slot", "rank", "meta")

    def __init__(self, t):
        self.grad_node, self.slot, self.rank = t._grad_node, t._out_slot, t._out_rank
        self.meta = t._autograd_meta

    def give(self, t):
        t._grad_node, t._out_slot, t._out_rank = self.grad_node, self.slot, self.rank
        t._autograd_meta = self.meta
_NO_VERSION = VersionCounter()  # shared by no_need_buffer wrappers; never bumped


class TensorWrapper:
    """One saved tensor. Keeps the array, the version snapshot, and where the tensor sits in the
    graph (its grad node, slot, rank, stop_gradient), not the Tensor itself: an intermediate
    input or output then costs no Tensor or AutogradMeta while the graph lives. A leaf input is
    kept as the Tensor (it outlives the graph anyway, and recovering it gives the user's own
    tensor back). `_hooked` is None, or what saved-tensor hooks need:
    (packed value, unpack hook, (shape, dtype), the input Tensor's place in the graph)."""

    __slots__ = ("_tensor", "_data", "_is_output", "_grad_node", "_slot", "_rank",
                 "_stop_gradient", "_version", "_snapshot", "_hooked", "_name")

    def __init__(self, t, no_need_buffer=False, node=None, slot=0, rank=0):
        """`node` given: t is the (slot, rank) output of `node` (which is passed to recover
        again, so no reference back to it is kept here); otherwise t is an input."""
        self._name = t._name
        self._hooked = None
        if no_need_buffer:  # values unused: inplace writes to t cannot invalidate it
            self._is_output = node is not None
            self._tensor = self._grad_node = None
            self._version = _NO_VERSION
            self._snapshot = 0
            self._data = meta_only(t._data)
            self._stop_gradient, self._slot, self._rank = True, slot, rank
            return
        v = t._version
        if v is None:
            v = t._version = VersionCounter()
        v.saved += 1
        self._version = v
        self._snapshot = v.value
        self._data = t._data
        self._stop_gradient = t._stop_gradient
        # each slot below is written once per path (this runs for every saved tensor)
        if node is not None:               # a forward output of `node`
            self._is_output = True
            self._tensor = self._grad_node = None
            self._slot = slot
            self._rank = rank
        else:                              # a forward input
            self._is_output = False
            n = t._grad_node
            if n is None or type(n) is GradNodeAccumulation:
                self._tensor = t           # a leaf: keep the user's tensor
                self._grad_node = None
            else:
                self._tensor = None
                self._grad_node = n
                self._slot = t._out_slot
                self._rank = t._out_rank
        if _hook_state.stack:
            self._pack(t, node, _sth.current_hooks())

    @property
    def _no_need_buffer(self):
        return self._version is _NO_VERSION

    def _pack(self, t, node, hooks):
        """Hand the saved tensor to pack_hook (with grad recording off, as Paddle does) and keep
        only what it returns; an input's autograd identity is kept to re-attach on unpack."""
        pack, unpack = hooks
        with no_grad():
            packed = pack(t)
        # an input also remembers its place in the graph
        self._hooked = (packed, unpack, (t._data.shape, t._data.dtype),
                        _Place(t) if node is None else None)
        self._tensor = None
        self._data = None

    def _unpacked(self, node):
        packed, unpack, meta, _ = self._hooked
        t = unpack(packed)
        if not isinstance(t, Tensor):
            raise ValueError(
                f"(InvalidArgument) saved_tensors_hooks: unpack_hook must return a Tensor, got "
                f"{type(t).__name__} (in {node.name() if node else 'a grad node'}).")
        shape, dtype = meta
        if t._data.shape != shape or t._data.dtype != dtype:
            raise ValueError(
                f"(InvalidArgument) saved_tensors_hooks: unpack_hook returned shape "
                f"{list(t._data.shape)} dtype {t._data.dtype}, but the saved tensor had shape "
                f"{list(shape)} dtype {dtype}.")
        return t

    def recover_data(self, node=None, release=False):
        """The saved values as an ndarray (for grad kernels on raw arrays: no Tensor, no graph).
        release: the last use (the engine's fast path, retain_graph=False): clear the wrapper
        in the same call."""
        v = self._version
        if v is None or v.value != self._snapshot or self._hooked is not None:
            data = self.recover(node)._data  # raises the right error, or unpacks
        else:
            data = self._data
        if release:
            self.clear()
        return data

    def recover(self, node=None):
        """The saved tensor, after checking nothing modified it in place since it was saved."""
        if self._version is None:
            raise released_graph_error(node)
        if self._version.value != self._snapshot:
            raise_modified_inplace(self, node)
        if self._hooked is not None:
            data = self._unpacked(node)._data
            if not self._is_output:  # an input: re-attach its place in the graph
                out = Tensor._wrap(data)
                out._stop_gradient = self._stop_gradient
                self._hooked[3].give(out)
                return out
        elif self._tensor is not None:
            return self._tensor
        else:
            data = self._data
        out = Tensor._wrap(data)
        out._name = self._name
        n = node if self._is_output else self._grad_node
        if n is not None:  # the output of `node`, or an intermediate input of another node
            out._grad_node = n
            out._out_slot = self._slot
            out._out_rank = self._rank
            out._stop_gradient = self._stop_gradient
        return out

    def clear(self):
        v = self._version
        if v is not None and v is not _NO_VERSION:
            v.saved -= 1
        self._data = self._tensor = self._grad_node = self._version = self._hooked = None


# ---- saved tensors as node fields ------------------------------------------------------------
# A generated grad node keeps each saved Tensor (not Tensor[]) `x` of its op in fields, not in a
# TensorWrapper object: `x_saved` the array (a zero-stride stand-in for a no_need_buffer one;
# while saved-tensor hooks are active, the TensorWrapper that packed it; None once released),
# `x_version` its VersionCounter and `x_snap` the counter's value when saved (buffered ones
# only: a no_need_buffer field has no version to check). The node's class lists them in
# `saved_fields`, (name, "in" or "out", input or output slot, no_need_buffer) each. The engine's
# fast path reads the array and checks the version inline; everything else (create_graph,
# the inplace error, a released graph, hooks, the debug tools) sees the field as the
# TensorWrapper `saved_wrapper` builds: an input's place in the graph is the node's edge at
# that input, an output's the node itself. So a saved tensor costs no object of its own.

def _field(node, name):
    for f in type(node).saved_fields:
        if f[0] == name:
            return f
    raise KeyError(f"{node.name()} saves no tensor '{name}'")


def saved_wrapper(node, name):
    """Node's saved tensor `name` as a TensorWrapper (built from its fields; under hooks, the
    wrapper itself). Read-only: releasing goes through the fields (`release_saved`)."""
    data = getattr(node, name + "_saved")
    if type(data) is TensorWrapper:
        return data
    _, where, slot, no_need_buffer = _field(node, name)
    w = _new(TensorWrapper)
    w._name = w._hooked = w._tensor = w._grad_node = None
    w._data = data
    w._slot, w._rank = slot, 0
    if data is None:  # released
        w._version, w._snapshot = None, 0
    elif no_need_buffer:
        w._version, w._snapshot = _NO_VERSION, 0
    else:
        w._version, w._snapshot = getattr(node, name + "_version"), getattr(node, name + "_snap")
    if where == "out":
        w._is_output = True
        w._stop_gradient = data is not None and data.dtype.kind in "biu"
        return w
    w._is_output = False
    sizes = node.slot_sizes()
    pos = sum(sizes[:slot])
    nxt = node.next_nodes()[pos]
    w._stop_gradient = nxt is None
    if type(nxt) is GradNodeAccumulation and nxt._tensor_ref() is not None:
        w._tensor = nxt._tensor_ref()  # a leaf: the user's tensor, as TensorWrapper keeps it
        w._name = w._tensor._name
    elif nxt is not None:  # an intermediate (or a leaf gone since): its place in the graph
        w._grad_node = nxt
        w._slot, w._rank = node.edge_metas()[pos][:2]
    return w


_new = object.__new__


def recover_saved(node, name):
    """The saved tensor `name` as a Tensor wired to its place in the graph (create_graph)."""
    return saved_wrapper(node, name).recover(node)


def saved_data(node, name):
    """The saved array `name` where the fast path's inline read does not apply: released (raises
    Paddle's error), written in place since it was saved (raises the inplace error), or packed
    by saved-tensor hooks (unpacks)."""
    return saved_wrapper(node, name).recover_data(node)


def pack_saved(node, name, t, out_slot=None):
    """Saved-tensor hooks are active: field `name` holds a TensorWrapper that packed `t` instead
    of the array (the wrapper counts itself in the version counter's `saved`)."""
    getattr(node, name + "_version").saved -= 1
    w = TensorWrapper(t) if out_slot is None else TensorWrapper(t, False, node, out_slot, 0)
    setattr(node, name + "_saved", w)
    setattr(node, name + "_version", w._version)
