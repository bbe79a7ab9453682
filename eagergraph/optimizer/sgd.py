"""SGD: param -= lr * grad (Paddle's sgd kernel)."""
import numpy as np

from .optimizer import Optimizer

__all__ = ["SGD"]

# elements per block of `_sub_scaled`: the temporary lr * grad stays small (256 KiB of
# float32, within a core's L2 cache) and a large parameter takes few Python steps
_BLOCK = 65536


def _sub_scaled(data, g, lr):
    """data -= lr * g in place, a block at a time: the same roundings as `data - lr * g`
    without a temporary the size of the parameter (the step's peak memory) and with the
    temporary in cache."""
    if data.size <= _BLOCK or not (data.flags.c_contiguous and g.flags.c_contiguous
                                   and g.shape == data.shape):
        np.subtract(data, lr * g, out=data)
        return
    flat, gflat = data.reshape(-1), g.reshape(-1)
    for s in range(0, flat.size, _BLOCK):
        part = flat[s:s + _BLOCK]
        np.subtract(part, gflat[s:s + _BLOCK] * lr, out=part)


class SGD(Optimizer):
    def __init__(self, learning_rate=0.001, parameters=None, weight_decay=None, grad_clip=None,
                 multi_precision=False, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "sgd"
        self._multi_precision = multi_precision

    def _update(self, p, data, g, lr):
        _sub_scaled(data, g, lr)
