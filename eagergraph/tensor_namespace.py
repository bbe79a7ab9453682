"""`paddle.tensor`: a function and a namespace at once, as in Paddle 3.3.1.

`paddle.tensor([1, 2])` makes a Tensor (Paddle 3.x's torch-style constructor, `tensor(data,
dtype=None, device=None, requires_grad=False, pin_memory=False)`), while `paddle.tensor.math.add`,
`paddle.tensor.creation.zeros`, ... reach the op functions. Paddle binds `paddle.tensor` to a
small object that calls the function and forwards attribute lookups to the module
(`_TensorMethodOrModule`); this is the same object. Paddle's `paddle.tensor.<submodule>`
(math, creation, manipulation, ...) all answer with the public functions (`paddle.tensor.math.add
is paddle.add`, with its keyword aliases and `out=`).
"""
import importlib

from . import tensor as _tensor_module
from .creation import to_tensor
from .param_alias import check_device

__all__ = ["tensor", "TensorMethodOrModule", "fill_constant"]

_SUBMODULES = ("array", "attribute", "creation", "einsum", "linalg", "logic", "manipulation",
               "math", "random", "search", "stat", "to_string", "ops")


def tensor(data, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """A Tensor holding a copy of data (as paddle.to_tensor), on the CPU; requires_grad=True
    makes it a leaf that needs grad."""
    check_device(device)
    if pin_memory:
        raise RuntimeError("Pinning memory is not supported for Place(cpu)")
    return to_tensor(data, dtype, stop_gradient=not requires_grad)


def fill_constant(shape, dtype, value, force_cpu=False, out=None, place=None, name=None):
    """paddle.tensor.fill_constant (Paddle 3.3.1's creation.fill_constant): a tensor of `shape`
    filled with `value` in `dtype`, written into `out` (and returned) when given."""
    from . import ops
    t = ops.full(shape, value, dtype)
    if out is None:
        return t
    ops.assign(t, out)
    return out


class TensorMethodOrModule:
    def __call__(self, *args, **kwargs):
        return tensor(*args, **kwargs)

    def __getattr__(self, name):
        public = importlib.import_module("eagergraph")  # the package, once it is imported
        if name in _SUBMODULES:
            return public
        if name.startswith("__"):
            raise AttributeError(name)
        if name == "fill_constant":
            return fill_constant
        try:
            return getattr(public, name)
        except AttributeError:
            return getattr(_tensor_module, name)

    def __repr__(self):
        return repr(tensor)

    def __dir__(self):
        return sorted(set(dir(importlib.import_module("eagergraph"))) | set(_SUBMODULES))
