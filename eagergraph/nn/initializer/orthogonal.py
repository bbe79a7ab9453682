"""Orthogonal initializer (Paddle nn/initializer/orthogonal.py): the Q of a QR decomposition
of a Gaussian matrix (signs fixed by R's diagonal), reshaped, times gain."""
import numpy as np

from .initializer import Initializer, _rng, _write, _check_float

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
        normal = _rng().normal(0.0, 1.0, (max(row, col), min(row, col)))
        q, r = np.linalg.qr(normal, mode="reduced")
        q = q * np.sign(np.diag(r))
        if row < col:
            q = q.T
        _write(var, self._gain * q.reshape(shape))
        return None
