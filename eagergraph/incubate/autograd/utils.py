"""paddle.incubate.autograd.utils: the helpers Paddle's autograd tests import."""
from collections.abc import Sequence

from ...tensor import Tensor

__all__ = ["as_tensors", "prim_enabled"]


def as_tensors(xs):
    """A tuple of tensors: (xs,) for one Tensor, tuple(xs) for a sequence, anything else as is."""
    if isinstance(xs, Tensor):
        return (xs,)
    if isinstance(xs, Sequence):
        return tuple(xs)
    return xs


def prim_enabled():
    """False: primitive-operator (static) autodiff is not part of eagergraph."""
    return False
