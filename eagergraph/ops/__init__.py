"""The public op surface (Paddle python/paddle/tensor/*): the generated functions that are public
as they are (`eagergraph/_generated/public.py`, from ops.yaml), and thin functions with Paddle's
Python signatures over the generated `_C_ops` where Paddle's Python does real work. Every module
here lists its public names in __all__ and the Tensor methods it adds in TENSOR_METHODS."""
import importlib as _importlib
import pkgutil as _pkgutil

from .._generated import public as _public

# the generated functions that are public as they are (ops.yaml `public:` and `inplace:`); every
# generated X_ is reachable here (eagergraph.ops.clip_) even where Paddle has no paddle.X_
__all__ = list(_public.PADDLE)
globals().update(_public.INPLACE)
globals().update(_public.PADDLE)
TENSOR_METHODS = dict(_public.TENSOR_METHODS)  # method name -> function
# then Paddle's Python wrappers, module by module; a Tensor-only method (Tensor.zero_) is also an
# attribute of this package for eagergraph's own use, but not part of paddle.*
for _m in sorted(_pkgutil.iter_modules(__path__), key=lambda m: m.name):
    _mod = _importlib.import_module(f"{__name__}.{_m.name}")
    for _n in getattr(_mod, "__all__", ()):
        globals()[_n] = getattr(_mod, _n)
        __all__.append(_n)
    for _n in getattr(_mod, "TENSOR_METHODS", ()):
        TENSOR_METHODS[_n] = getattr(_mod, _n)
        if not _n.startswith("__"):
            globals().setdefault(_n, TENSOR_METHODS[_n])
