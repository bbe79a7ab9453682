"""paddle.incubate, the parts dygraph code uses: paddle.incubate.autograd and paddle.incubate.nn
(the fused layers and functional ops, composed of eagergraph ops)."""
from . import autograd
from . import nn
from . import distributed
from . import optimizer

__all__ = ["autograd", "nn", "distributed", "optimizer"]
