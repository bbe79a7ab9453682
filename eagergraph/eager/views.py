"""Views: outputs that share storage and the version counter with their base (reshape, slice,
transpose, ...; `view:` in ops.yaml), and how a view's history is re-derived from its base.

`make_view` marks an output as a view and records `fn(base, *args)[index]`, a differentiable
way to rebuild it; `refresh_view` re-derives a view whose base was written since its history
was made (by an inplace op through another view, or directly), so its gradient reaches the
base's current history. The inplace ops themselves are in inplace.py.
"""
import numpy as np

from ..tensor import Tensor
from .autograd_meta import copy_history
from .grad_mode import enable_grad
from ..phi.version_counter import VersionCounter


def make_view(out, x, fn, args, index=None):
    """Mark `out` as a view of x (storage and version counter shared) that `fn(x, *args)`
    [index] recomputes: a differentiable way to rebuild it from its base."""
    if not np.may_share_memory(out._data, x._data):
        return  # the kernel had to copy: not a view
    v = x._version
    if v is None:
        v = x._version = VersionCounter()
    out._version = v
    if x._base is None:
        out._base = x
        out._view_fn = (None, fn, args, index)
    else:
        out._base = x._base
        out._view_fn = (x._view_fn, fn, args, index)
    out._view_version = v.value


def apply_view_fn(chain, base):
    parent, fn, args, index = chain
    t = base if parent is None else apply_view_fn(parent, base)
    r = fn(t, *args)
    return r if index is None else r[index]


def refresh_view(t):
    """A view whose base was written (through another view or directly) since its history was
    made is re-derived from the base, so its gradient reaches the base's current history."""
    v = t._version
    if t._view_version == v.value or t._base.stop_gradient:
        return
    with enable_grad():
        _take_history(t, apply_view_fn(t._view_fn, _history_alias(t._base)))
    t._view_version = v.value


def _history_alias(t):
    """A tensor with t's data and place in the graph (not its .grad)."""
    a = Tensor._wrap(t._data)
    a.stop_gradient = t.stop_gradient
    copy_history(a, t)
    return a


def _take_history(t, src):
    if src._grad_node is None:
        return
    copy_history(t, src)
    t.stop_gradient = False
