"""paddle.incubate.nn.functional: the fused ops that have a CPU meaning, composed of
eagergraph ops (so they differentiate, to any order): norms (norm.py), rotary embedding
(rope.py), swiglu and fused_bias_act (activation.py), fused linear layers (linear.py) and the
fused transformer blocks (transformer.py). The GPU-only kernels (quantised GEMMs, paged
attention, MoE dispatch, ...) raise Paddle's own error for a missing kernel (gpu_only.py)."""
from .activation import fused_bias_act, swiglu
from . import gpu_only as _gpu
from .linear import fused_linear, fused_linear_activation, fused_matmul_bias
from .norm import fused_layer_norm, fused_rms_norm
from .rope import fused_rotary_position_embedding
from .transformer import (fused_bias_dropout_residual_layer_norm, fused_dropout_add,
                          fused_feedforward, fused_multi_head_attention)

__all__ = ["fused_multi_head_attention", "fused_feedforward", "fused_matmul_bias",
           "fused_linear", "fused_linear_activation", "fused_bias_dropout_residual_layer_norm",
           "fused_dropout_add", "fused_rotary_position_embedding", "fused_rms_norm",
           "fused_layer_norm", "fused_bias_act", "swiglu"]
globals().update({_n: getattr(_gpu, _n) for _n in _gpu.__all__})
__all__ += _gpu.__all__
