"""Op-table rows: complex helpers (conj, real, imag)."""
import numpy as np

import eagergraph as paddle
from ..op_db import OpInfo

_REAL = {"complex64": "float32", "complex128": "float64"}

ROWS = [
    OpInfo("conj", paddle.conj, np.conj, ("float32", "float64", "complex64", "complex128")),
    OpInfo("real", paddle.real, np.real, ("complex64", "complex128"),
           out_dtype=lambda d: _REAL[d]),
    OpInfo("imag", paddle.imag, np.imag, ("complex64", "complex128"),
           out_dtype=lambda d: _REAL[d]),
]
