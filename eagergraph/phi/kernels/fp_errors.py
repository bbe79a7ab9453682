"""Floating-point errors in kernels: Paddle returns inf/nan silently, NumPy warns. `quiet(fn)` is
`fn` run under `np.errstate(all="ignore")`, without errstate's cost per call (about 1 us, more
than a small kernel's arithmetic): on NumPy 2 it sets NumPy's error-state context variable
directly, with the same effect; elsewhere it falls back to errstate."""
import functools

import numpy as np

try:  # NumPy >= 2: the error state is a context variable holding an extobj
    from numpy._core._ufunc_config import _extobj_contextvar as _state
    from numpy._core.umath import _make_extobj
    _IGNORE = _make_extobj(all="ignore")
except (ImportError, AttributeError, TypeError):  # pragma: no cover - NumPy 1.x
    _state = None


def quiet(fn):
    """`fn` with NumPy's floating-point warnings (overflow, divide, invalid) off."""
    if _state is None:  # pragma: no cover - NumPy 1.x
        def kernel(*args):
            with np.errstate(all="ignore"):
                return fn(*args)
    else:
        set_state, reset_state = _state.set, _state.reset

        def kernel(*args):
            token = set_state(_IGNORE)
            try:
                return fn(*args)
            finally:
                reset_state(token)
    try:
        functools.update_wrapper(kernel, fn)
    except AttributeError:  # a ufunc: keep its name only
        kernel.__name__ = fn.__name__
    return kernel
