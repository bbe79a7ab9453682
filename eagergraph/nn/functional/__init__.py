"""paddle.nn.functional: stateless neural-network functions."""
from .activation import (relu, gelu, silu, leaky_relu, elu, softplus, softmax, log_softmax,  # noqa: F401
                         sigmoid, tanh)

__all__ = ["relu", "gelu", "silu", "leaky_relu", "elu", "softplus", "softmax", "log_softmax",
           "sigmoid", "tanh"]
