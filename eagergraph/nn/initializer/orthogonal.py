"""Orthogonal initializer (Paddle nn/initializer/orthogonal.py): the Q of a QR decomposition
of a Gaussian matrix (the same Gaussian draws as Paddle; signs fixed by R's diagonal), reshaped, times gain."""
import numpy as np

from ...phi import std_random
from ...phi.generator import kernel_engine
from .initializer import Initializer, _write, _check_float

__all__ = ["Orthogonal"]


class Orthogonal(Initializer):
    def __init__(self, gain=1.0, name=None):
        assert gain is not None, "gain should not be None"
        super().__init__()
        self._gain = gain

    def forward(self, var, block=None):
        _check_float(var, "Orthogonal", ("float32", "float64"))
        shape = var.shape
        assert len(shape) >= 2, \
            "Only Tensor with 2 or more dimensions can be initialized by Orthogonal"
        row = shape[0]
        col = int(np.prod(shape[1:]))
        # Paddle's gaussian kernel in the parameter's dtype (the same draws), then QR
        draw = np.float64 if var._data.dtype == np.float64 else np.float32
        n_rows, n_cols = max(row, col), min(row, col)
        normal = std_random.normal(kernel_engine(), n_rows * n_cols, draw(0), draw(1),
                                   draw).reshape(n_rows, n_cols)
        q, r = np.linalg.qr(normal, mode="reduced")
        q = q * np.sign(np.diag(r))
        if row < col:
            q = q.T
        _write(var, self._gain * q.reshape(shape))
        return None
