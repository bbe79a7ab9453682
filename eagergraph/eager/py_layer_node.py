"""GradNodePyLayer: the backward node of one `PyLayer.apply` call (Paddle
eager/pylayer/py_layer_node.cc).

Its input slots are the grads of the forward's Tensor outputs, its output slots one per Tensor
input of the forward (a list/tuple argument of Tensors is one slot with one rank per Tensor).
Calling it hands the grads to the user's `backward(ctx, *grads)` (zeros for outputs that got
none, unless `ctx.set_materialize_grads(False)`) and checks what comes back the way Paddle does,
with Paddle's error types.

The node holds the ctx until its saved state is released: `clear_tensor_wrappers()` (after a
backward without retain_graph) drops the ctx and the TensorWrappers of everything it saved, so a
second `backward(retain_graph=True)` works (Paddle 3.3.1 drops the ctx after the first run and
segfaults on the second) and nothing the ctx held outlives the backward that used it.
"""
import numpy as np

from ..tensor import Tensor
from .grad_node_info import GradNodeBase
from .bound_ops import ops
from ..phi.common import NP_TO_DTYPE, type_name as _type_name
from .inplace_check import raise_modified_inplace
from .tensor_wrapper import TensorWrapper


class GradNodePyLayer(GradNodeBase):
    __slots__ = ("_ctx", "_dup_out", "_dup_in", "forward_op")

    def __init__(self, ctx, cls_name, dup_in, dup_out):
        super().__init__()
        self._ctx = ctx
        self.forward_op = cls_name
        self._dup_in = dup_in     # per forward input slot: a list/tuple argument?
        self._dup_out = dup_out   # per forward output slot: a list/tuple output?

    def name(self):
        return f"GradNodePyLayer_{self.forward_op}"

    # ---- saved state -----------------------------------------------------------------------
    def saved_wrappers(self):
        """The TensorWrappers of what the ctx saved (inside lists/tuples too)."""
        ctx = self._ctx
        if ctx is None or ctx._saved is None:
            return []
        out = []
        stack = list(ctx._saved)
        while stack:
            item = stack.pop()
            if isinstance(item, TensorWrapper):
                out.append(item)
            elif isinstance(item, (list, tuple)):
                stack.extend(item)
        return out

    def clear_tensor_wrappers(self):
        for w in self.saved_wrappers():
            w.clear()
        ctx = self._ctx
        if ctx is not None:
            ctx._saved = None
        self._ctx = None
        self._wrappers_cleared = True

    # ---- backward --------------------------------------------------------------------------
    def __call__(self, grads, create_graph=False):
        ctx = self._ctx
        for w in self.saved_wrappers():  # inplace check outside the user's code: RuntimeError
            if w._version is not None and w._version.value != w._snapshot:
                raise_modified_inplace(w, self)
        args = self._backward_args(ctx, grads)
        try:
            outputs = ctx.backward(*args)
        except Exception as e:
            raise OSError(
                f"(External) Error in backward of {self.name()}: {type(e).__name__}: {e}"
            ) from e
        return [g for slot in self._check_outputs(outputs) for g in slot]

    def grad_stops(self, res):
        """Per input position, whether the grad `backward` returned there (res, Tensors) stops
        gradient (made under no_grad, as usual). Paddle keeps the first grad a leaf's holder
        receives as the Tensor itself, so such a grad reaching a leaf first makes that leaf's
        new `.grad` (and what its hooks see) stop gradient, where a plain op's grad would not:
        the engine reads these flags (`backward._mark_first_grad_stops`)."""
        return tuple(g is not None and g.stop_gradient for g in res)

    def _backward_args(self, ctx, grads):
        materialize = ctx.materialize_grads
        consistent = ctx.grad_in_dtype_consistent
        args = []
        for i, slot in enumerate(grads):
            metas = self.bwd_in_meta[i]
            gs = []
            for g, m in zip(slot, metas):
                if g is None:
                    if materialize:
                        g = Tensor._wrap(np.zeros(m.shape, m.np_dtype))
                else:
                    if consistent and g._data.dtype != m.np_dtype:
                        g = _cast(g, m.np_dtype)
                    if g.stop_gradient:  # Paddle hands `backward` grads that need grad; a
                        g = Tensor._wrap(g._data)  # fresh wrapper: the engine's may be the user's
                        g.stop_gradient = False
                gs.append(g)
            args.append(gs if self._dup_out[i] else gs[0])
        return args

    def _check_outputs(self, outputs):
        """Paddle's checks on what `backward` returned, plus one of our own: each grad has its
        input's shape (Paddle stores a wrongly shaped grad as is)."""
        if not isinstance(outputs, tuple):
            outputs = (outputs,)
        metas = self.bwd_out_meta
        n = len(metas)
        if len(outputs) > n:
            raise ValueError(
                f"(InvalidArgument) {self.name()} : The number of outputs of `PyLayer.backward` "
                f"should be {n}, but received {len(outputs)}.")
        result = []
        for i, slot in enumerate(metas):
            stops = all(m.stop_gradient for m in slot)
            if i >= len(outputs):
                if not stops:
                    raise ValueError(
                        f"(InvalidArgument) {self.name()}'s backward function should not return "
                        f"empty at {i} position.")
                result.append([None] * len(slot))
                continue
            obj = outputs[i]
            if stops:
                if obj is not None:
                    raise ValueError(
                        f"(InvalidArgument) {self.name()}'s backward function should return None "
                        f"at {i} position, because it's forward Tensor's stopgradient is true.")
                result.append([None] * len(slot))
            elif self._dup_in[i]:
                result.append(self._check_list(i, obj, slot))
            else:
                result.append([self._check_one(i, obj, slot[0])])
        return result

    def _check_list(self, i, obj, slot):
        if not isinstance(obj, (list, tuple)):
            raise ValueError(
                f"(InvalidArgument) {self.name()} : the forward input at position {i} is a list "
                f"of {len(slot)} Tensors, so backward must return a list or tuple of "
                f"{len(slot)} gradients (Tensor or None) there, but got {type(obj).__name__}.")
        if len(obj) != len(slot):
            raise ValueError(
                f"(InvalidArgument) {self.name()} : backward returned {len(obj)} gradients at "
                f"position {i}, but the forward input there is a list of {len(slot)} Tensors.")
        return [None if m.stop_gradient else self._check_one(i, g, m) for g, m in zip(obj, slot)]

    def _check_one(self, i, g, meta):
        if g is None:
            return None
        if not isinstance(g, Tensor):
            raise ValueError(
                f"(InvalidArgument) {self.name()} : We can only support Tensor or None for "
                f"backward output, but got {_type_name(g)}, please check your PyLayer code "
                f"and make it fits")
        if g._data.shape != meta.shape:
            raise ValueError(
                f"(InvalidArgument) {self.name()} : backward returned a gradient of shape "
                f"{list(g._data.shape)} at position {i}, but the forward input there has shape "
                f"{list(meta.shape)}. Return one gradient per forward Tensor input, with that "
                f"input's shape.")
        return g


def _cast(g, np_dtype):
    from .grad_mode import grad_state
    if grad_state.enabled:
        return ops.cast(g, NP_TO_DTYPE[np_dtype])
    return Tensor._wrap(g._data.astype(np_dtype))
