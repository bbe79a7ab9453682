"""paddle.nn.functional: stateless neural-network functions: the generated functions public here
as they are (ops.yaml `public: nn.functional`, _generated/public.py's FUNCTIONAL), the activation
wrappers of ops/activation.py (its FUNCTIONAL) and Paddle's Python wrappers and the functions
composed from public ops, one module per kind. Each name is imported from the module that
defines it (tests/test_namespaces.py holds them to those tables)."""
# .dropout before .common: common's dropout function is F.dropout, not the submodule
from ..._generated.public import (elu, elu_, leaky_relu, leaky_relu_, relu, relu_, sigmoid,
                                  softmax_, softplus, tanh, tanh_)
from ...ops.activation import (gelu, log_softmax, silu, softmax)
from .activation_extra import (celu, hardsigmoid, hardswish, hardtanh, hardtanh_, log_sigmoid, mish,
                               prelu, relu6, selu, softsign, swiglu, tanhshrink)
from .dropout import (alpha_dropout, dropout1d, dropout2d, dropout3d, feature_alpha_dropout)
from .common import (bilinear, diag_embed, dropout, embedding, embedding_renorm_, label_smooth,
                     linear, one_hot)
from .loss import (binary_cross_entropy, binary_cross_entropy_with_logits, cross_entropy, kl_div,
                   l1_loss, mse_loss, nll_loss, smooth_l1_loss, softmax_with_cross_entropy)
from .conv import (conv1d, conv1d_transpose, conv2d, conv2d_transpose, conv3d, conv3d_transpose,
                   fold, unfold)
from .pooling import (adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_avg_pool3d,
                      adaptive_max_pool1d, adaptive_max_pool2d, adaptive_max_pool3d, avg_pool1d,
                      avg_pool2d, avg_pool3d, fractional_max_pool2d, fractional_max_pool3d,
                      lp_pool1d, lp_pool2d, max_pool1d, max_pool2d, max_pool3d, max_unpool1d,
                      max_unpool2d, max_unpool3d)
from .attention import (scaled_dot_product_attention)
from .norm import (batch_norm, group_norm, instance_norm, layer_norm, local_response_norm,
                   normalize, rms_norm)
from .pad import (pad, zeropad2d)
from .vision import (channel_shuffle, interpolate, pixel_shuffle, pixel_unshuffle, upsample)
from .activation_shrink import (glu, hardshrink, logsigmoid, maxout, rrelu, softshrink, swish,
                                thresholded_relu, thresholded_relu_)
from .distance import (cosine_similarity, pairwise_distance, pdist)
from .loss_margin import (cosine_embedding_loss, hinge_embedding_loss, margin_ranking_loss,
                          multi_label_soft_margin_loss, multi_margin_loss, sigmoid_focal_loss,
                          soft_margin_loss, triplet_margin_loss, triplet_margin_with_distance_loss)
from .loss_likelihood import (gaussian_nll_loss, log_loss, poisson_nll_loss, square_error_cost)
from .sampling import (affine_grid, grid_sample)
from .loss_sequence import (ctc_loss, rnnt_loss)
from .loss_metric import (dice_loss, margin_cross_entropy, npair_loss)
from .extension import (gumbel_softmax, sequence_mask, temporal_shift)
__all__ = ["adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d",
           "adaptive_max_pool1d", "adaptive_max_pool2d", "adaptive_max_pool3d", "affine_grid",
           "alpha_dropout", "avg_pool1d", "avg_pool2d", "avg_pool3d", "batch_norm", "bilinear",
           "binary_cross_entropy", "binary_cross_entropy_with_logits", "celu", "channel_shuffle",
           "conv1d", "conv1d_transpose", "conv2d", "conv2d_transpose", "conv3d", "conv3d_transpose",
           "cosine_embedding_loss", "cosine_similarity", "cross_entropy", "ctc_loss", "diag_embed",
           "dice_loss", "dropout", "dropout1d", "dropout2d", "dropout3d", "elu", "elu_",
           "embedding", "embedding_renorm_", "feature_alpha_dropout", "fold",
           "fractional_max_pool2d", "fractional_max_pool3d", "gaussian_nll_loss", "gelu", "glu",
           "grid_sample", "group_norm", "gumbel_softmax", "hardshrink", "hardsigmoid", "hardswish",
           "hardtanh", "hardtanh_", "hinge_embedding_loss", "instance_norm", "interpolate",
           "kl_div", "l1_loss", "label_smooth", "layer_norm", "leaky_relu", "leaky_relu_", "linear",
           "local_response_norm", "log_loss", "log_sigmoid", "log_softmax", "logsigmoid",
           "lp_pool1d", "lp_pool2d", "margin_cross_entropy", "margin_ranking_loss", "max_pool1d",
           "max_pool2d", "max_pool3d", "max_unpool1d", "max_unpool2d", "max_unpool3d", "maxout",
           "mish", "mse_loss", "multi_label_soft_margin_loss", "multi_margin_loss", "nll_loss",
           "normalize", "npair_loss", "one_hot", "pad", "pairwise_distance", "pdist",
           "pixel_shuffle", "pixel_unshuffle", "poisson_nll_loss", "prelu", "relu", "relu6",
           "relu_", "rms_norm", "rnnt_loss", "rrelu", "scaled_dot_product_attention", "selu",
           "sequence_mask", "sigmoid", "sigmoid_focal_loss", "silu", "smooth_l1_loss",
           "soft_margin_loss", "softmax", "softmax_", "softmax_with_cross_entropy", "softplus",
           "softshrink", "softsign", "square_error_cost", "swiglu", "swish", "tanh", "tanh_",
           "tanhshrink", "temporal_shift", "thresholded_relu", "thresholded_relu_",
           "triplet_margin_loss", "triplet_margin_with_distance_loss", "unfold", "upsample",
           "zeropad2d"]
from . import input as _input  # binds paddle.nn.functional.input, Paddle's module
del _input
