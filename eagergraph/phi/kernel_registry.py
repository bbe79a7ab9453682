"""Kernel registry: kernels registered per (op, backend, dtype), selected by KernelKey.

Paddle phi::KernelFactory. A kernel is a plain function over NumPy arrays; it knows nothing of
autograd. Selection order for a KernelKey(backend, layout, dtype):
  1. the kernel registered for exactly that dtype;
  2. fallback for low-precision floats: float16/bfloat16 with no kernel of their own run the
     float32 kernel (PrepareData casts the inputs up, the kernel API casts the output back to the
     dtype InferMeta gave), the way Paddle CPU computes half types in float32 (MPTypeTrait);
  3. otherwise Paddle's RuntimeError (NotFound) that lists the dtypes that are registered.
Selected kernels are cached per NumPy dtype in `KernelFactory.cache(op)` so the hot path is one
dict lookup.
"""
import sys

from .common import Backend, DataLayout, KernelKey, ALL_DTYPES, float16, bfloat16, float32

__all__ = ["register_kernel", "KernelFactory", "Kernel", "select_kernel"]


class Kernel:
    """A selected kernel: `fn` plus the dtype PrepareData must cast inputs to (None: as is)."""

    __slots__ = ("fn", "input_np_dtype", "key", "registered_dtype")

    def __init__(self, fn, key, registered_dtype):
        self.fn = fn
        self.key = key
        self.registered_dtype = registered_dtype
        self.input_np_dtype = None if registered_dtype is key.dtype else registered_dtype.np_dtype

    def __repr__(self):
        via = "" if self.input_np_dtype is None else f" via {self.registered_dtype.name} fallback"
        return f"<Kernel {self.fn.__module__}.{self.fn.__name__} for {self.key}{via}>"


class KernelFactory:
    # op name -> backend -> DataType -> fn
    _kernels = {}
    # op name -> {np.dtype: Kernel}
    _caches = {}
    # op name -> the family (kernels/cpu/<family>.py) whose module registered its kernel
    families = {}

    @classmethod
    def register(cls, op, backend, dtypes, fn):
        table = cls._kernels.setdefault(op, {}).setdefault(backend, {})
        for d in dtypes:
            if d in table:
                raise ValueError(f"kernel for op '{op}' dtype {d.name} registered twice "
                                 f"({table[d].__module__} and {fn.__module__})")
            table[d] = fn
        cls._caches.setdefault(op, {}).clear()

    @classmethod
    def has_kernel(cls, op):
        return op in cls._kernels

    @classmethod
    def registered_dtypes(cls, op, backend=Backend.CPU):
        return [d for d in ALL_DTYPES if d in cls._kernels.get(op, {}).get(backend, {})]

    @classmethod
    def cache(cls, op):
        """The {np.dtype: Kernel} dict the generated kernel API looks in first."""
        return cls._caches.setdefault(op, {})

    @classmethod
    def select(cls, op, key):
        table = cls._kernels.get(op, {}).get(key.backend)
        if not table:
            raise RuntimeError(
                f"(NotFound) The kernel of operator '{op}' is not registered for backend {key.backend}. "
                f"Registered backends: {sorted(cls._kernels.get(op, {})) or 'none'}.")
        fn = table.get(key.dtype)
        reg = key.dtype
        if fn is None and key.dtype in (float16, bfloat16) and float32 in table:
            fn, reg = table[float32], float32
        if fn is None:
            names = ", ".join(d.name for d in ALL_DTYPES if d in table)
            raise RuntimeError(
                f"(NotFound) The kernel with key {key} of kernel `{op}` is not registered. "
                f"'{op}' supports these dtypes: {names}. "
                f"Cast the input with .astype() to one of them.")
        kernel = Kernel(fn, key, reg)
        cls.cache(op)[key.dtype.np_dtype] = kernel
        return kernel


def select_kernel(op, dtype, backend=Backend.CPU):
    """Kernel for `op` on `dtype` (a DataType), through the cache."""
    k = KernelFactory._caches.get(op, {}).get(dtype.np_dtype)
    if k is None:
        k = KernelFactory.select(op, KernelKey(backend, DataLayout.ANY, dtype))
    return k


def register_kernel(op, dtypes, backend=Backend.CPU):
    """Decorator: `@register_kernel("exp", FLOATS)` registers fn as op's kernel for dtypes. The
    kernel module that registers it names the op's family (`KernelFactory.family`)."""
    module = sys._getframe(1).f_globals.get("__name__", "")
    KernelFactory.families[op] = module.rsplit(".", 1)[-1]

    def deco(fn):
        KernelFactory.register(op, backend, dtypes, fn)
        return fn
    return deco
