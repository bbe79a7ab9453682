"""paddle.incubate.nn.functional: the fused ops that have a CPU meaning, composed of
eagergraph ops (so they differentiate, to any order): norms (norm.py), rotary embedding
(rope.py), swiglu and fused_bias_act (activation.py), fused linear layers (linear.py) and the
fused transformer blocks (transformer.py). The GPU-only kernels (quantised GEMMs, paged
attention, MoE dispatch, ...) raise Paddle's own error for a missing kernel (gpu_only.py)."""
from .activation import fused_bias_act, swiglu
from .linear import fused_linear, fused_linear_activation, fused_matmul_bias
from .norm import fused_layer_norm, fused_rms_norm
from .rope import fused_rotary_position_embedding
from .transformer import (fused_bias_dropout_residual_layer_norm, fused_dropout_add,
                          fused_feedforward, fused_multi_head_attention)

__all__ = ["fused_multi_head_attention", "fused_feedforward", "fused_matmul_bias",
           "fused_linear", "fused_linear_activation", "fused_bias_dropout_residual_layer_norm",
           "fused_dropout_add", "fused_rotary_position_embedding", "fused_rms_norm",
           "fused_layer_norm", "fused_bias_act", "swiglu"]
# the GPU-only kernels: each raises Paddle's missing-kernel error
from .gpu_only import (embedding_grad_add_to_, fp8_gemm_blockwise,
                       cross_entropy_with_softmax_bwd_w_downcast, fp8_quant_blockwise, fast_ln,
                       fast_rms_norm, fused_act_dequant, fused_multi_transformer,
                       fused_stack_transpose_quant, fused_transpose_split_quant,
                       fused_transpose_wlch_split_quant, variable_length_memory_efficient_attention,
                       fused_swiglu_weighted_bwd, fused_weighted_swiglu_act_quant,
                       masked_multihead_attention, blha_get_max_len, block_multihead_attention,
                       moe_combine, expand_modality_expert_id, cal_aux_loss,
                       build_src_rank_and_local_expert_id, int_bincount, fused_rms_norm_ext,
                       moe_gate_dispatch, moe_gate_dispatch_permute,
                       moe_gate_dispatch_partial_nosoftmaxtopk, moe_gate_dispatch_and_quant)
__all__ += ["embedding_grad_add_to_", "fp8_gemm_blockwise",
            "cross_entropy_with_softmax_bwd_w_downcast", "fp8_quant_blockwise", "fast_ln",
            "fast_rms_norm", "fused_act_dequant", "fused_multi_transformer",
            "fused_stack_transpose_quant", "fused_transpose_split_quant",
            "fused_transpose_wlch_split_quant", "variable_length_memory_efficient_attention",
            "fused_swiglu_weighted_bwd", "fused_weighted_swiglu_act_quant",
            "masked_multihead_attention", "blha_get_max_len", "block_multihead_attention",
            "moe_combine", "expand_modality_expert_id", "cal_aux_loss",
            "build_src_rank_and_local_expert_id", "int_bincount", "fused_rms_norm_ext",
            "moe_gate_dispatch", "moe_gate_dispatch_permute",
            "moe_gate_dispatch_partial_nosoftmaxtopk", "moe_gate_dispatch_and_quant"]
