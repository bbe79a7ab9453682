"""Dirac and Bilinear initializers (Paddle nn/initializer/dirac.py, bilinear.py): fixed weights
for convolutions, an identity map and a bilinear-upsampling kernel."""
import numpy as np

from .initializer import Initializer, _write, _check_float

__all__ = ["Dirac", "Bilinear"]


class Dirac(Initializer):
    """Conv weights [out, in, *k] that pass channels through: in each of `groups` groups, output
    channel i copies input channel i at the kernel's centre (min(out/groups, in) of them)."""

    def __init__(self, groups=1, name=None):
        assert groups > 0 and isinstance(groups, int), \
            "'groups' must be a positive integer."
        super().__init__()
        self._groups = groups

    def forward(self, var, block=None):
        _check_float(var, "Dirac")
        shape = var.shape
        assert len(shape) in (3, 4, 5), \
            "Only Tensor with 3/4/5 dimensions can be initialized by Dirac"
        assert shape[0] % self._groups == 0, \
            "Tensor 0-dimension must be divisible by groups"
        w = np.zeros(shape, np.float32)
        per_group = shape[0] // self._groups
        centre = tuple(k // 2 for k in shape[2:])
        for g in range(self._groups):
            for i in range(min(per_group, shape[1])):
                w[(g * per_group + i, i) + centre] = 1.0
        _write(var, w)


class Bilinear(Initializer):
    """The bilinear-interpolation kernel for a transposed convolution that upsamples: weights
    [C_out, C_in, K, K], every [K, K] slice (1 - |x/f - c|)(1 - |y/f - c|) with f = ceil(K/2),
    c = (2f - 1 - f % 2) / (2f).

    Difference from Paddle 3.3.1: Paddle computes the row index with true division (i / K), so
    its kernel is not the bilinear one (it is lopsided and has negative entries); here the row
    index is an integer, as the formula means."""

    def __init__(self):
        super().__init__()

    def forward(self, var, block=None):
        _check_float(var, "Bilinear")
        shape = var.shape
        if len(shape) != 4:
            raise ValueError("the length of shape must be 4.")
        if shape[2] != shape[3]:
            raise ValueError("shape[2] must be equal to shape[3].")
        size = shape[3]
        f = np.ceil(size / 2.0)
        c = (2 * f - 1 - f % 2) / (2.0 * f)
        ramp = 1 - np.abs(np.arange(size) / f - c)
        kernel = np.outer(ramp, ramp).astype(np.float32)
        _write(var, np.broadcast_to(kernel, shape))
