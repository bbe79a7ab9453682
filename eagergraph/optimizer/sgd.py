"""SGD: param -= lr * grad (Paddle's sgd kernel)."""
import numpy as np

from .optimizer import Optimizer

__all__ = ["SGD"]


class SGD(Optimizer):
    def __init__(self, learning_rate=0.001, parameters=None, weight_decay=None, grad_clip=None,
                 multi_precision=False, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "sgd"
        self._multi_precision = multi_precision

    def _update(self, p, data, g, lr):
        np.subtract(data, lr * g, out=data)
