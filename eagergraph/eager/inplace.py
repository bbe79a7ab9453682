"""Inplace ops and views (Paddle's CheckInplace / inplace version counter; the view rebasing is
PyTorch's, because Paddle 3.3.1 gets gradients through inplace-modified views wrong).

An inplace op `x.op_(...)` runs as: check (before any data changes) -> the out-of-place op on
x's current value, carrying x's autograd history -> `commit_inplace`: write the result into x's
storage (so views see it), bump the shared version counter, record the writer, and let x take
over the result's history. If x is a view of a base in the graph, the base's history is rebased
so that gradients flowing to the base see the modification; other views of that base are
re-derived lazily the next time they are used (`refresh_view`).
"""
import threading

import numpy as np

from ..tensor import Tensor
from .autograd_meta import copy_history
from .accumulation_node import GradNodeAccumulation
from .grad_mode import grad_state, enable_grad
from ..phi.version_counter import VersionCounter
from .inplace_check import user_location, save_site
from .backward import run_backward
from .views import refresh_view, apply_view_fn, _history_alias, _take_history
from .bound_ops import ops

class _InplaceFlags(threading.local):
    strict = False         # raise at the inplace call when the storage is saved for backward


flags = _InplaceFlags()


def _is_leaf(t):
    n = t._grad_node
    return n is None or type(n) is GradNodeAccumulation


def _tname(t):
    return t._name or "a tensor"


# ---- before ------------------------------------------------------------------------------
def check_inplace(x, op):
    """Paddle's leaf check, done before any data changes (Paddle 3.3.1 mutates first), and the
    strict-mode check that raises at the inplace call when x's storage is saved for backward."""
    if grad_state.enabled:
        if not x.stop_gradient and _is_leaf(x):
            raise ValueError(
                f"(InvalidArgument) Leaf Var ({x.name}) that doesn't stop gradient can't use "
                f"inplace strategy. ({op} was called on a leaf tensor with stop_gradient=False; "
                f"do the update under paddle.no_grad(), or on a copy: x.clone().{op}(...))")
        b = x._base
        if b is not None and not b.stop_gradient and _is_leaf(b):
            raise ValueError(
                f"(InvalidArgument) Leaf Var ({b.name}) that doesn't stop gradient can't use "
                f"inplace strategy: {op} writes into a view of it.")
    v = x._version
    if flags.strict and v is not None and v.saved:
        raise RuntimeError(
            f"(PreconditionNotMet) strict inplace mode: {op} at {user_location(2)} would modify "
            f"tensor '{_tname(x)}', whose storage is saved by {v.saved} grad node(s) for "
            f"backward. Modify a clone() instead, or move the inplace op after backward().")


def inplace_input(x, copy):
    """x's current value carrying x's autograd history, as the input of the out-of-place op.
    `copy`: the op's grad node saves this input, so it must not see the write that follows."""
    t = Tensor._wrap(x._data.copy() if copy else x._data)
    t.stop_gradient = x.stop_gradient
    t._name = x._name
    if x._base is not None and x._grad_node is not None:
        refresh_view(x)
    copy_history(t, x)
    t._autograd_meta = x._autograd_meta
    return t


# ---- after -------------------------------------------------------------------------------
def commit_inplace(x, out, op, rebind=False):
    """Write `out` into x (in its storage, or by rebinding when the op changes shape/dtype),
    bump the version, record the writer, move out's history onto x."""
    xd, od = x._data, out._data
    if rebind:
        x._data = od
    else:
        if od.shape != xd.shape:
            raise ValueError(
                f"(InvalidArgument) {op}(): The shape of broadcast output {list(od.shape)} is "
                f"different from that of inplace tensor {list(xd.shape)} in the Inplace "
                f"operation.")
        if od.dtype != xd.dtype:
            from ..phi.common import NP_TO_DTYPE
            raise TypeError(
                f"(InvalidType) {op}(): the result has dtype {NP_TO_DTYPE[od.dtype].name} but "
                f"the inplace tensor is {NP_TO_DTYPE[xd.dtype].name}; an inplace op cannot "
                f"change the dtype. Use the out-of-place op.")
        if xd.flags.writeable:
            np.copyto(xd, od)
        elif x._base is None:
            x._data = od.copy()
        else:
            raise RuntimeError(f"{op}(): the view '{_tname(x)}' is read-only (e.g. an expand() "
                               f"result); clone() it before writing into it.")
    v = x._version
    if v is None:
        v = x._version = VersionCounter()
    v.value += 1
    v.writer = (op, save_site())  # the user's line, turned into file:line only for an error
    if out._grad_node is not None and not out.stop_gradient:
        copy_history(x, out)
        x.stop_gradient = False
        if x._base is not None:
            _rebase_base(x)
    if x._base is not None:
        x._view_version = v.value
    return x


def _rebase_base(v):
    """After an inplace write into view v (which now carries the new history), give its base
    the history base_new = base_old + vjp_view(v_new - view(base_old)): the base with v's
    region replaced. Gradients to the base then see the modification (Paddle 3.3.1 loses it)."""
    b = v._base
    with enable_grad():
        b_old = Tensor._wrap(b._data)
        b_old.stop_gradient = b.stop_gradient
        copy_history(b_old, b)
        leaf = Tensor._wrap(b._data)
        leaf.stop_gradient = False
        d = ops.subtract(_history_alias(v), apply_view_fn(v._view_fn, b_old))
        scattered, = run_backward([apply_view_fn(v._view_fn, leaf)], [d], True, True,
                                  inputs=[leaf], allow_unused=True)
        b_new = ops.add(b_old, scattered)
        _take_history(b, b_new)
        # the view now derives from the new base
        _take_history(v, apply_view_fn(v._view_fn, _history_alias(b)))

