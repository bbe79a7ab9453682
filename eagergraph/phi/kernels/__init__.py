"""⑤ Kernels: plain functions over NumPy arrays, registered per backend and dtype."""
from . import cpu  # noqa: F401
