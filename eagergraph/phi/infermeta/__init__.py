"""InferMeta: output shape and dtype computed from the inputs *before* the kernel runs
(Paddle paddle/phi/infermeta). Each function returns (shape tuple, DataType), or a list of them
for ops with several outputs, and raises Paddle's error types on invalid input.
Names are Paddle's verbatim (UnchangedInferMeta), the one documented exception to PEP 8.
Every module here lists its functions in __all__; all of them are re-exported."""
import importlib as _importlib
import pkgutil as _pkgutil

__all__ = []
for _m in _pkgutil.iter_modules(__path__):
    if _m.name == "common":
        continue
    _mod = _importlib.import_module(f"{__name__}.{_m.name}")
    for _n in getattr(_mod, "__all__", ()):
        globals()[_n] = getattr(_mod, _n)
        __all__.append(_n)
