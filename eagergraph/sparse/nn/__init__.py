"""paddle.sparse.nn: layers over sparse COO tensors (activations, Softmax, Conv2D/3D,
SubmConv2D/3D, BatchNorm, SyncBatchNorm, MaxPool3D) and their functional forms."""
from . import functional
from .layer import (ReLU, ReLU6, LeakyReLU, Softmax, BatchNorm, SyncBatchNorm, Conv2D, Conv3D,
                    SubmConv2D, SubmConv3D, MaxPool3D)

__all__ = ["ReLU", "ReLU6", "LeakyReLU", "Softmax", "BatchNorm", "SyncBatchNorm", "Conv2D",
           "Conv3D", "SubmConv2D", "SubmConv3D", "MaxPool3D"]

__all__ += ["functional"]  # the subpackage
