"""paddle.sparse.nn: layers over sparse COO tensors (activations, Softmax, Conv3D/SubmConv3D,
BatchNorm, MaxPool3D) and their functional forms."""
from . import functional

__all__ = ["functional"]
