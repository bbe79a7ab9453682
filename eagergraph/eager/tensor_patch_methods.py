"""Autograd methods and properties of Tensor (Paddle python/paddle/base/dygraph/
tensor_patch_methods.py): backward, grad, grad_fn, hooks, retain_grads, detach, clone, ..."""
import weakref

from ..tensor import Tensor
from .autograd_meta import autograd_meta
from .accumulation_node import GradNodeAccumulation, zero_grad
from .slot_meta import edge_record
from ..phi.version_counter import VersionCounter
from . import backward as _engine
from .bound_ops import ops


def backward(self, grad_tensor=None, retain_graph=False):
    """Compute the gradients of this tensor w.r.t. the leaves and accumulate them in .grad."""
    if grad_tensor is not None and not isinstance(grad_tensor, Tensor):
        raise TypeError(f"backward(): grad_tensor must be a Tensor or None, got "
                        f"{type(grad_tensor).__name__}")
    _engine.run_backward([self], [grad_tensor], retain_graph)


def _get_grad(self):
    m = self._autograd_meta
    return None if m is None else m.grad


def _set_grad(self, value):
    if value is not None and not isinstance(value, Tensor):
        raise TypeError(f"Tensor.grad must be a Tensor or None, got {type(value).__name__}")
    if value is not None and value._data.shape != self._data.shape:
        raise ValueError(f"Tensor.grad: shape {value.shape} does not match the tensor's shape "
                         f"{self.shape}")
    m = autograd_meta(self)
    m.grad, m.grad_zeroed = value, None


def gradient(self):
    """The gradient as a NumPy array (a copy), or None when there is none (Paddle's deprecated
    spelling of `x.grad.numpy()`)."""
    g = _get_grad(self)
    return None if g is None else g.numpy()


def _grad_fn(self):
    n = self._grad_node
    return None if n is None or type(n) is GradNodeAccumulation else n


def _is_leaf(self):
    return self.stop_gradient or _grad_fn(self) is None


def clear_gradient(self, set_to_zero=True):
    """Zero .grad in place (set_to_zero=True, Paddle's default) or drop it (False)."""
    m = self._autograd_meta
    if m is None or m.grad is None:
        return
    if set_to_zero:
        zero_grad(m)  # the same Tensor: one held as `x.grad` sees the zeros too
    else:
        m.grad = m.grad_zeroed = None


def clear_grad(self, set_to_zero=True):
    clear_gradient(self, set_to_zero)


def retain_grads(self):
    """Keep .grad for a non-leaf tensor after backward (leaves always keep it). On a tensor that
    stops gradient it does nothing now; if stop_gradient is set False later, the tensor is a
    leaf and gets its .grad anyway (as in Paddle)."""
    if self.stop_gradient:
        return
    node = self._grad_node
    if node is None or type(node) is GradNodeAccumulation:
        return
    m = autograd_meta(self)
    if m.retain_grads:
        return
    m.retain_grads = True
    ref = weakref.ref(self)

    def _retain(g):
        t = ref()
        if t is not None:
            t._autograd_meta.grad = g if g._grad_node is not None else Tensor._wrap(
                g._data.copy())
        return None
    node.register_gradient_hook(self._out_slot, self._out_rank, _retain)


def register_hook(self, hook):
    """hook(grad) -> Tensor | None runs when this tensor's grad is computed; a returned Tensor
    replaces the grad. Returns a handle with remove()."""
    if not callable(hook):
        raise TypeError(f"register_hook() expects a callable, got {type(hook).__name__}")
    if self.stop_gradient:
        raise RuntimeError("Cannot register hook on a tensor that stops gradient "
                           "(stop_gradient=True).")
    node = self._grad_node
    if node is None:
        node = edge_record(self)[0]
    if type(node) is GradNodeAccumulation:
        return node.register_tensor_hook(hook)
    return node.register_gradient_hook(self._out_slot, self._out_rank, hook)


def _register_grad_hook(self, hook):
    return register_hook(self, hook)


def detach(self):
    """A new tensor sharing this one's data, cut from the graph (stop_gradient=True)."""
    t = Tensor._wrap(self._data)
    if self._version is None:
        self._version = VersionCounter()
    t._version = self._version  # same storage, same version counter (no graph: not a view)
    return t


def detach_(self):
    self._grad_node = None
    self._out_slot = self._out_rank = 0
    self._autograd_meta = None
    self.stop_gradient = True
    return self


def clone(self):
    """A copy that stays in the graph (its gradient flows back to self)."""
    return ops.assign(self)


# installed on Tensor by tensor_tables
TENSOR_METHODS = {
    "backward": backward,
    "grad": property(_get_grad, _set_grad),
    "gradient": gradient,
    "grad_fn": property(_grad_fn),
    "is_leaf": property(_is_leaf),
    "clear_gradient": clear_gradient,
    "clear_grad": clear_grad,
    "retain_grads": retain_grads,
    "register_hook": register_hook,
    "_register_grad_hook": _register_grad_hook,
    "detach": detach,
    "detach_": detach_,
    "clone": clone,
}
