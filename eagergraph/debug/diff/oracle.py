"""`diff --device gpu`'s oracle: the eagergraph run computes every float32, float16, bfloat16
and complex64 kernel in float64 (complex128) and rounds the result back to the kernel's dtype.

The script keeps its dtypes (so the two op streams align as they do on the CPU), but each op's
value is the correctly rounded-ish float64 result instead of one more float32 computation: what
a GPU kernel of Paddle's is then compared with is as close to the exact value as the dtype
allows. It acts at kernel selection (`KernelFactory.select`), so everything that goes through
the kernel registry, forward and grad kernels alike, is covered; the few ops written directly
in NumPy outside the registry keep computing in their own dtype. `install()` empties the
per-dtype kernel caches (shared with the ad_funcs' inline fast path) so that every kernel is
selected again through the oracle; the returned Patches' `restore()` empties them again."""
import numpy as np

from ...phi.common import float16, bfloat16, float32, float64, complex64, complex128
from ...phi.kernel_registry import KernelFactory, Kernel
from .._patch import Patches

__all__ = ["install", "upcast"]

_WIDE = {float32: float64, float16: float64, bfloat16: float64, complex64: complex128}
_UP = {np.dtype(np.float32): np.dtype(np.float64), np.dtype(np.complex64): np.dtype(np.complex128)}


def _up(a):
    if isinstance(a, np.ndarray) and a.dtype in _UP:
        return a.astype(_UP[a.dtype])
    return a


def _down(r, np_dtype):
    """r (an array, or a tuple/list of them as grad kernels return) back in the kernel's
    dtype: float64 to a float dtype, complex128 to complex64, and anything else as it is."""
    if isinstance(r, np.ndarray):
        if r.dtype == np.float64 and np_dtype.kind == "f":
            return r.astype(np_dtype)
        if r.dtype == np.complex128 and np_dtype.kind == "c":
            return r.astype(np.complex64)
        if r.dtype == np.float64 and np_dtype.kind == "c":  # real(), abs() of complex64
            return r.astype(np.float32)
        return r
    if isinstance(r, (tuple, list)):
        return type(r)(_down(v, np_dtype) for v in r)
    return r


def upcast(fn_wide, np_dtype):
    """A kernel function for `np_dtype` that runs `fn_wide` (the op's float64 or complex128
    kernel) on widened arrays and rounds its arrays back to `np_dtype`."""
    def kernel(*args, **kwargs):
        return _down(fn_wide(*[_up(a) for a in args], **kwargs), np_dtype)
    kernel.__name__ = f"{getattr(fn_wide, '__name__', 'kernel')}_float64_oracle"
    kernel.__module__ = __name__
    return kernel


def _clear_caches():
    for cache in KernelFactory._caches.values():
        cache.clear()


def install():
    """Run the kernels of narrow float dtypes in float64 from now on; returns the Patches."""
    p = Patches()
    orig = KernelFactory.select.__func__

    def select(cls, op, key):
        kernel = orig(cls, op, key)
        wide = _WIDE.get(kernel.registered_dtype)
        table = cls._kernels.get(op, {}).get(key.backend, {})
        if wide is None or wide not in table:
            return kernel
        oracle = Kernel(upcast(table[wide], kernel.registered_dtype.np_dtype), key,
                        kernel.registered_dtype)
        cls.cache(op)[key.dtype.np_dtype] = oracle
        return oracle

    p.set(KernelFactory, "select", classmethod(select))
    _clear_caches()
    restore = p.restore

    def restore_and_clear():
        restore()
        _clear_caches()
    p.restore = restore_and_clear
    return p
