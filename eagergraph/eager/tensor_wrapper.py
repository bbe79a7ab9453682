"""TensorWrapper: a forward tensor saved for backward (Paddle eager/tensor_wrapper.h).

Saving an *input* keeps the Tensor itself (its node is an ancestor of the saving node, so no
cycle). Saving an *output* of the saving node keeps only the array and a weak reference to the
node: output -> meta -> node -> wrapper -> output would otherwise be a cycle. `recover()` checks
the inplace-version snapshot and rebuilds the output tensor, wired to the node, so higher-order
gradients flow through it. `no_need_buffer` keeps shape and dtype only.
Saved-tensor hooks (pack/unpack) apply to every wrapper that keeps a buffer.
"""
import weakref

import numpy as np

from ..tensor import Tensor
from .autograd_meta import AutogradMeta
from .version_counter import VersionCounter
from . import saved_tensors_hooks as _sth
from .inplace_check import flags as _flags, raise_modified_inplace, user_location


def _meta_only(arr):
    """A stand-in with arr's shape and dtype that owns one element of memory (zero strides):
    what a no_need_buffer wrapper keeps instead of the values."""
    return np.ndarray(arr.shape, arr.dtype, buffer=np.zeros(1, arr.dtype),
                      strides=(0,) * arr.ndim)


_NO_VERSION = VersionCounter()  # shared by no_need_buffer wrappers; never bumped


class TensorWrapper:
    __slots__ = ("_tensor", "_data", "_node_ref", "_slot", "_rank", "_stop_gradient",
                 "_version", "_snapshot", "_no_need_buffer", "_packed", "_unpack", "_name", "_where")

    def __init__(self, t, no_need_buffer=False, node=None, slot=0, rank=0):
        self._no_need_buffer = no_need_buffer
        if no_need_buffer:  # values unused: inplace writes to t cannot invalidate it
            self._version = _NO_VERSION
            self._snapshot = 0
        else:
            v = t._version
            if v is None:
                v = t._version = VersionCounter()
            v.saved += 1
            self._version = v
            self._snapshot = v.value
        self._packed = None
        self._unpack = None
        self._name = t._name
        self._where = user_location(2) if _flags.record_save_locations else None
        if no_need_buffer:
            self._tensor = None
            self._data = _meta_only(t._data)
            self._node_ref = None
        elif node is None:                 # a forward input
            self._tensor = t
            self._data = None
            self._node_ref = None
        else:                              # a forward output of `node`
            self._tensor = None
            self._data = t._data
            self._node_ref = weakref.ref(node)
            self._slot = slot
            self._rank = rank
            self._stop_gradient = t.stop_gradient
        hooks = _sth.current_hooks()
        if hooks is not None and not no_need_buffer:
            pack, unpack = hooks
            src = self._tensor if self._tensor is not None else Tensor._wrap(self._data)
            self._packed = pack(src)
            self._unpack = unpack
            self._tensor = None
            self._data = None

    def recover(self, node=None):
        """The saved tensor, after checking nothing modified it in place since it was saved."""
        if self._version is None:
            raise RuntimeError(
                f"The TensorWrapper of {node.name() if node else 'a grad node'} was already "
                f"released by an earlier backward.")
        if self._version.value != self._snapshot:
            raise_modified_inplace(self, node)
        if self._unpack is not None:
            t = self._unpack(self._packed)
            if not isinstance(t, Tensor):
                raise TypeError(f"saved_tensors_hooks: unpack_hook must return a Tensor, "
                                f"got {type(t).__name__}")
            if self._node_ref is None:
                return t
            data = t._data
        elif self._tensor is not None:
            return self._tensor
        else:
            data = self._data
        out = Tensor._wrap(data)
        if self._node_ref is not None:
            n = self._node_ref()
            if n is not None:
                m = out._autograd_meta = AutogradMeta()
                m.grad_node = n
                m.out_slot = self._slot
                m.out_rank = self._rank
                out.stop_gradient = self._stop_gradient
        return out

    def clear(self):
        if self._version is not None and not self._no_need_buffer:
            self._version.saved -= 1
        self._tensor = None
        self._data = None
        self._packed = None
        self._unpack = None
        self._version = None
