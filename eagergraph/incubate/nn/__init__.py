"""paddle.incubate.nn: the fused layers and paddle.incubate.nn.functional."""
from . import functional
from .layer.fused_linear import FusedDropoutAdd, FusedLinear
from .layer.fused_transformer import (FusedBiasDropoutResidualLayerNorm, FusedFeedForward,
                                      FusedMultiHeadAttention, FusedMultiTransformer,
                                      FusedTransformerEncoderLayer)

__all__ = ["functional", "FusedMultiHeadAttention", "FusedFeedForward", "FusedTransformerEncoderLayer",
           "FusedMultiTransformer", "FusedLinear", "FusedBiasDropoutResidualLayerNorm",
           "FusedDropoutAdd"]
