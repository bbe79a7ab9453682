"""⑤ Kernels: plain functions over NumPy arrays, registered per backend and dtype (importing
this package registers them all)."""
from . import cpu

__all__ = ["cpu"]
