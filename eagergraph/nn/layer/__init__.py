"""paddle.nn layers: the Layer base class, containers, common, activation and loss layers, one
module per kind; each name is imported from the module that defines it (tests/test_namespaces.py
holds them to the modules' __all__)."""
from .layers import Layer
from .container import (LayerDict, LayerList, ParameterDict, ParameterList, Sequential)
from .common import (Bilinear, Dropout, Embedding, Flatten, Fold, Identity, Linear, Unflatten,
                     Unfold)
from .activation import (CELU, ELU, GELU, Hardsigmoid, Hardswish, Hardtanh, LeakyReLU, LogSigmoid,
                         LogSoftmax, Mish, PReLU, ReLU, ReLU6, SELU, Sigmoid, Silu, Softmax,
                         Softmax2D, Softplus, Softsign, Tanh, Tanhshrink)
from .loss import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, KLDivLoss, L1Loss, MSELoss,
                   NLLLoss, SmoothL1Loss)
from .conv import (Conv1D, Conv1DTranspose, Conv1d, Conv2D, Conv2DTranspose, Conv2d, Conv3D,
                   Conv3DTranspose, Conv3d)
from .pooling import (AdaptiveAvgPool1D, AdaptiveAvgPool2D, AdaptiveAvgPool3D, AdaptiveMaxPool1D,
                      AdaptiveMaxPool2D, AdaptiveMaxPool3D, AvgPool1D, AvgPool2D, AvgPool3D,
                      FractionalMaxPool2D, FractionalMaxPool3D, LPPool1D, LPPool2D, MaxPool1D,
                      MaxPool2D, MaxPool3D, MaxUnPool1D, MaxUnPool2D, MaxUnPool3D)
from .norm import (BatchNorm, BatchNorm1D, BatchNorm2D, BatchNorm3D, GroupNorm, InstanceNorm1D,
                   InstanceNorm2D, InstanceNorm3D, LayerNorm, LocalResponseNorm, SyncBatchNorm)
from .rnn import (BiRNN, GRU, GRUCell, LSTM, LSTMCell, RNN, RNNCellBase, SimpleRNN, SimpleRNNCell)
from .transformer import (MultiHeadAttention, Transformer, TransformerDecoder,
                          TransformerDecoderLayer, TransformerEncoder, TransformerEncoderLayer)
from .padding import (CircularPad1D, CircularPad2D, CircularPad3D, ConstantPad1D, ConstantPad2D,
                      ConstantPad3D, Pad1D, Pad2D, Pad3D, ReflectionPad1D, ReflectionPad2D,
                      ReflectionPad3D, ReplicationPad1D, ReplicationPad2D, ReplicationPad3D,
                      ZeroPad1D, ZeroPad2D, ZeroPad3D)
from .vision import (ChannelShuffle, PixelShuffle, PixelUnshuffle, Upsample, UpsamplingBilinear2D,
                     UpsamplingNearest2D)
from .dropout import (AlphaDropout, Dropout2D, Dropout3D, FeatureAlphaDropout)
from .activation_shrink import (GLU, Hardshrink, Maxout, RReLU, Softshrink, Swish, ThresholdedReLU)
from .loss_margin import (CosineEmbeddingLoss, CosineSimilarity, GaussianNLLLoss,
                          HingeEmbeddingLoss, HuberLoss, MarginRankingLoss,
                          MultiLabelSoftMarginLoss, MultiMarginLoss, PairwiseDistance,
                          PoissonNLLLoss, SoftMarginLoss, TripletMarginLoss,
                          TripletMarginWithDistanceLoss)
from .loss_sequence import CTCLoss, RNNTLoss

# Paddle 3.x's torch-style names for the layers above: the same classes (paddle.nn.Conv2d is
# paddle.nn.Conv2D)
Module = Layer
ModuleList = LayerList
ModuleDict = LayerDict
SiLU = Silu
UpsamplingBilinear2d = UpsamplingBilinear2D
UpsamplingNearest2d = UpsamplingNearest2D
AdaptiveAvgPool1d = AdaptiveAvgPool1D
AdaptiveMaxPool1d = AdaptiveMaxPool1D
CircularPad1d = CircularPad1D
ConstantPad1d = ConstantPad1D
ReflectionPad1d = ReflectionPad1D
ReplicationPad1d = ReplicationPad1D
ZeroPad1d = ZeroPad1D
MaxUnpool1d = MaxUnPool1D
AdaptiveAvgPool2d = AdaptiveAvgPool2D
AdaptiveMaxPool2d = AdaptiveMaxPool2D
CircularPad2d = CircularPad2D
ConstantPad2d = ConstantPad2D
ReflectionPad2d = ReflectionPad2D
ReplicationPad2d = ReplicationPad2D
ZeroPad2d = ZeroPad2D
MaxUnpool2d = MaxUnPool2D
AdaptiveAvgPool3d = AdaptiveAvgPool3D
AdaptiveMaxPool3d = AdaptiveMaxPool3D
CircularPad3d = CircularPad3D
ConstantPad3d = ConstantPad3D
ReflectionPad3d = ReflectionPad3D
ReplicationPad3d = ReplicationPad3D
ZeroPad3d = ZeroPad3D
MaxUnpool3d = MaxUnPool3D

__all__ = ["AdaptiveAvgPool1D", "AdaptiveAvgPool1d", "AdaptiveAvgPool2D", "AdaptiveAvgPool2d",
           "AdaptiveAvgPool3D", "AdaptiveAvgPool3d", "AdaptiveMaxPool1D", "AdaptiveMaxPool1d",
           "AdaptiveMaxPool2D", "AdaptiveMaxPool2d", "AdaptiveMaxPool3D", "AdaptiveMaxPool3d",
           "AlphaDropout", "AvgPool1D", "AvgPool2D", "AvgPool3D", "BCELoss", "BCEWithLogitsLoss",
           "BatchNorm", "BatchNorm1D", "BatchNorm2D", "BatchNorm3D", "BiRNN", "Bilinear", "CELU",
           "CTCLoss", "ChannelShuffle", "CircularPad1D", "CircularPad1d", "CircularPad2D",
           "CircularPad2d", "CircularPad3D", "CircularPad3d", "ConstantPad1D", "ConstantPad1d",
           "ConstantPad2D", "ConstantPad2d", "ConstantPad3D", "ConstantPad3d", "Conv1D",
           "Conv1DTranspose", "Conv1d", "Conv2D", "Conv2DTranspose", "Conv2d", "Conv3D",
           "Conv3DTranspose", "Conv3d", "CosineEmbeddingLoss", "CosineSimilarity",
           "CrossEntropyLoss", "Dropout", "Dropout2D", "Dropout3D", "ELU", "Embedding",
           "FeatureAlphaDropout", "Flatten", "Fold", "FractionalMaxPool2D", "FractionalMaxPool3D",
           "GELU", "GLU", "GRU", "GRUCell", "GaussianNLLLoss", "GroupNorm", "Hardshrink",
           "Hardsigmoid", "Hardswish", "Hardtanh", "HingeEmbeddingLoss", "HuberLoss", "Identity",
           "InstanceNorm1D", "InstanceNorm2D", "InstanceNorm3D", "KLDivLoss", "L1Loss", "LPPool1D",
           "LPPool2D", "LSTM", "LSTMCell", "Layer", "LayerDict", "LayerList", "LayerNorm",
           "LeakyReLU", "Linear", "LocalResponseNorm", "LogSigmoid", "LogSoftmax", "MSELoss",
           "MarginRankingLoss", "MaxPool1D", "MaxPool2D", "MaxPool3D", "MaxUnPool1D", "MaxUnPool2D",
           "MaxUnPool3D", "MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d", "Maxout", "Mish", "Module",
           "ModuleDict", "ModuleList", "MultiHeadAttention", "MultiLabelSoftMarginLoss",
           "MultiMarginLoss", "NLLLoss", "PReLU", "Pad1D", "Pad2D", "Pad3D", "PairwiseDistance",
           "ParameterDict", "ParameterList", "PixelShuffle", "PixelUnshuffle", "PoissonNLLLoss",
           "RNN", "RNNCellBase", "RNNTLoss", "RReLU", "ReLU", "ReLU6", "ReflectionPad1D",
           "ReflectionPad1d", "ReflectionPad2D", "ReflectionPad2d", "ReflectionPad3D",
           "ReflectionPad3d", "ReplicationPad1D", "ReplicationPad1d", "ReplicationPad2D",
           "ReplicationPad2d", "ReplicationPad3D", "ReplicationPad3d", "SELU", "Sequential", "SiLU",
           "Sigmoid", "Silu", "SimpleRNN", "SimpleRNNCell", "SmoothL1Loss", "SoftMarginLoss",
           "Softmax", "Softmax2D", "Softplus", "Softshrink", "Softsign", "Swish", "SyncBatchNorm",
           "Tanh", "Tanhshrink", "ThresholdedReLU", "Transformer", "TransformerDecoder",
           "TransformerDecoderLayer", "TransformerEncoder", "TransformerEncoderLayer",
           "TripletMarginLoss", "TripletMarginWithDistanceLoss", "Unflatten", "Unfold", "Upsample",
           "UpsamplingBilinear2D", "UpsamplingBilinear2d", "UpsamplingNearest2D",
           "UpsamplingNearest2d", "ZeroPad1D", "ZeroPad1d", "ZeroPad2D", "ZeroPad2d", "ZeroPad3D",
           "ZeroPad3d"]
