"""The public op surface (Paddle python/paddle/tensor/*): thin functions with Paddle's Python
signatures over the generated `_C_ops` (eagergraph._generated.ops_api). Every module lists its
public names in __all__ and the Tensor methods it adds in TENSOR_METHODS."""
import importlib as _importlib
import pkgutil as _pkgutil

__all__ = []
TENSOR_METHODS = {}  # method name -> function
for _m in sorted(_pkgutil.iter_modules(__path__), key=lambda m: m.name):
    _mod = _importlib.import_module(f"{__name__}.{_m.name}")
    for _n in getattr(_mod, "__all__", ()):
        globals()[_n] = getattr(_mod, _n)
        __all__.append(_n)
    for _n in getattr(_mod, "TENSOR_METHODS", ()):
        TENSOR_METHODS[_n] = getattr(_mod, _n)
