"""paddle.nn: neural-network building blocks."""
import sys as _sys

from . import functional
from . import initializer
from . import utils
from .parameter import Parameter
from .param_attr import ParamAttr
from .clip import ClipGradByValue, ClipGradByNorm, ClipGradByGlobalNorm

# the layers, each from the module of nn/layer/ that defines it (nn/layer/__init__.py)
from .layer import (AdaptiveAvgPool1D, AdaptiveAvgPool1d, AdaptiveAvgPool2D, AdaptiveAvgPool2d,
                    AdaptiveAvgPool3D, AdaptiveAvgPool3d, AdaptiveMaxPool1D, AdaptiveMaxPool1d,
                    AdaptiveMaxPool2D, AdaptiveMaxPool2d, AdaptiveMaxPool3D, AdaptiveMaxPool3d,
                    AlphaDropout, AvgPool1D, AvgPool2D, AvgPool3D, BCELoss, BCEWithLogitsLoss,
                    BatchNorm, BatchNorm1D, BatchNorm2D, BatchNorm3D, BiRNN, Bilinear, CELU,
                    CTCLoss, ChannelShuffle, CircularPad1D, CircularPad1d, CircularPad2D,
                    CircularPad2d, CircularPad3D, CircularPad3d, ConstantPad1D, ConstantPad1d,
                    ConstantPad2D, ConstantPad2d, ConstantPad3D, ConstantPad3d, Conv1D,
                    Conv1DTranspose, Conv1d, Conv2D, Conv2DTranspose, Conv2d, Conv3D,
                    Conv3DTranspose, Conv3d, CosineEmbeddingLoss, CosineSimilarity,
                    CrossEntropyLoss, Dropout, Dropout2D, Dropout3D, ELU, Embedding,
                    FeatureAlphaDropout, Flatten, Fold, FractionalMaxPool2D, FractionalMaxPool3D,
                    GELU, GLU, GRU, GRUCell, GaussianNLLLoss, GroupNorm, Hardshrink, Hardsigmoid,
                    Hardswish, Hardtanh, HingeEmbeddingLoss, HuberLoss, Identity, InstanceNorm1D,
                    InstanceNorm2D, InstanceNorm3D, KLDivLoss, L1Loss, LPPool1D, LPPool2D, LSTM,
                    LSTMCell, Layer, LayerDict, LayerList, LayerNorm, LeakyReLU, Linear,
                    LocalResponseNorm, LogSigmoid, LogSoftmax, MSELoss, MarginRankingLoss,
                    MaxPool1D, MaxPool2D, MaxPool3D, MaxUnPool1D, MaxUnPool2D, MaxUnPool3D,
                    MaxUnpool1d, MaxUnpool2d, MaxUnpool3d, Maxout, Mish, Module, ModuleDict,
                    ModuleList, MultiHeadAttention, MultiLabelSoftMarginLoss, MultiMarginLoss,
                    NLLLoss, PReLU, Pad1D, Pad2D, Pad3D, PairwiseDistance, ParameterDict,
                    ParameterList, PixelShuffle, PixelUnshuffle, PoissonNLLLoss, RNN, RNNCellBase,
                    RNNTLoss, RReLU, ReLU, ReLU6, ReflectionPad1D, ReflectionPad1d, ReflectionPad2D,
                    ReflectionPad2d, ReflectionPad3D, ReflectionPad3d, ReplicationPad1D,
                    ReplicationPad1d, ReplicationPad2D, ReplicationPad2d, ReplicationPad3D,
                    ReplicationPad3d, SELU, Sequential, SiLU, Sigmoid, Silu, SimpleRNN,
                    SimpleRNNCell, SmoothL1Loss, SoftMarginLoss, Softmax, Softmax2D, Softplus,
                    Softshrink, Softsign, Swish, SyncBatchNorm, Tanh, Tanhshrink, ThresholdedReLU,
                    Transformer, TransformerDecoder, TransformerDecoderLayer, TransformerEncoder,
                    TransformerEncoderLayer, TripletMarginLoss, TripletMarginWithDistanceLoss,
                    Unflatten, Unfold, Upsample, UpsamplingBilinear2D, UpsamplingBilinear2d,
                    UpsamplingNearest2D, UpsamplingNearest2d, ZeroPad1D, ZeroPad1d, ZeroPad2D,
                    ZeroPad2d, ZeroPad3D, ZeroPad3d)

# paddle.nn.loss is Paddle's module of every loss layer, paddle.nn.layer.loss
from .layer import loss  # noqa: E402
_sys.modules.setdefault(__name__ + ".loss", loss)

__all__ = ["AdaptiveAvgPool1D", "AdaptiveAvgPool1d", "AdaptiveAvgPool2D", "AdaptiveAvgPool2d",
           "AdaptiveAvgPool3D", "AdaptiveAvgPool3d", "AdaptiveMaxPool1D", "AdaptiveMaxPool1d",
           "AdaptiveMaxPool2D", "AdaptiveMaxPool2d", "AdaptiveMaxPool3D", "AdaptiveMaxPool3d",
           "AlphaDropout", "AvgPool1D", "AvgPool2D", "AvgPool3D", "BCELoss", "BCEWithLogitsLoss",
           "BatchNorm", "BatchNorm1D", "BatchNorm2D", "BatchNorm3D", "BiRNN", "Bilinear", "CELU",
           "CTCLoss", "ChannelShuffle", "CircularPad1D", "CircularPad1d", "CircularPad2D",
           "CircularPad2d", "CircularPad3D", "CircularPad3d", "ClipGradByGlobalNorm",
           "ClipGradByNorm", "ClipGradByValue", "ConstantPad1D", "ConstantPad1d", "ConstantPad2D",
           "ConstantPad2d", "ConstantPad3D", "ConstantPad3d", "Conv1D", "Conv1DTranspose", "Conv1d",
           "Conv2D", "Conv2DTranspose", "Conv2d", "Conv3D", "Conv3DTranspose", "Conv3d",
           "CosineEmbeddingLoss", "CosineSimilarity", "CrossEntropyLoss", "Dropout", "Dropout2D",
           "Dropout3D", "ELU", "Embedding", "FeatureAlphaDropout", "Flatten", "Fold",
           "FractionalMaxPool2D", "FractionalMaxPool3D", "GELU", "GLU", "GRU", "GRUCell",
           "GaussianNLLLoss", "GroupNorm", "Hardshrink", "Hardsigmoid", "Hardswish", "Hardtanh",
           "HingeEmbeddingLoss", "HuberLoss", "Identity", "InstanceNorm1D", "InstanceNorm2D",
           "InstanceNorm3D", "KLDivLoss", "L1Loss", "LPPool1D", "LPPool2D", "LSTM", "LSTMCell",
           "Layer", "LayerDict", "LayerList", "LayerNorm", "LeakyReLU", "Linear",
           "LocalResponseNorm", "LogSigmoid", "LogSoftmax", "MSELoss", "MarginRankingLoss",
           "MaxPool1D", "MaxPool2D", "MaxPool3D", "MaxUnPool1D", "MaxUnPool2D", "MaxUnPool3D",
           "MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d", "Maxout", "Mish", "Module", "ModuleDict",
           "ModuleList", "MultiHeadAttention", "MultiLabelSoftMarginLoss", "MultiMarginLoss",
           "NLLLoss", "PReLU", "Pad1D", "Pad2D", "Pad3D", "PairwiseDistance", "ParamAttr",
           "Parameter", "ParameterDict", "ParameterList", "PixelShuffle", "PixelUnshuffle",
           "PoissonNLLLoss", "RNN", "RNNCellBase", "RNNTLoss", "RReLU", "ReLU", "ReLU6",
           "ReflectionPad1D", "ReflectionPad1d", "ReflectionPad2D", "ReflectionPad2d",
           "ReflectionPad3D", "ReflectionPad3d", "ReplicationPad1D", "ReplicationPad1d",
           "ReplicationPad2D", "ReplicationPad2d", "ReplicationPad3D", "ReplicationPad3d", "SELU",
           "Sequential", "SiLU", "Sigmoid", "Silu", "SimpleRNN", "SimpleRNNCell", "SmoothL1Loss",
           "SoftMarginLoss", "Softmax", "Softmax2D", "Softplus", "Softshrink", "Softsign", "Swish",
           "SyncBatchNorm", "Tanh", "Tanhshrink", "ThresholdedReLU", "Transformer",
           "TransformerDecoder", "TransformerDecoderLayer", "TransformerEncoder",
           "TransformerEncoderLayer", "TripletMarginLoss", "TripletMarginWithDistanceLoss",
           "Unflatten", "Unfold", "Upsample", "UpsamplingBilinear2D", "UpsamplingBilinear2d",
           "UpsamplingNearest2D", "UpsamplingNearest2d", "ZeroPad1D", "ZeroPad1d", "ZeroPad2D",
           "ZeroPad2d", "ZeroPad3D", "ZeroPad3d", "functional", "initializer", "utils"]
