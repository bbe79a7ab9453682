"""paddle.incubate, the part dygraph autograd code uses: paddle.incubate.autograd."""
from . import autograd

__all__ = ["autograd"]
