"""The paddle.incubate.nn.functional ops that exist only as GPU kernels (quantised GEMMs,
paged and variable-length attention, MoE dispatch, ...). Each raises the error Paddle 3.3.1
raises on a CPU-only build: RuntimeError '(NotFound) The kernel `<op>` is not registered.'"""

def _gpu_only(name, kernel):
    def f(*args, **kwargs):
        raise RuntimeError(f"(NotFound) The kernel `{kernel}` is not registered. (Paddle "
                           f"registers paddle.incubate.nn.functional.{name} for the GPU only; "
                           f"eagergraph runs on the CPU.)")
    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"{name}: a GPU-only kernel in Paddle; raises RuntimeError here."
    f._gpu_only = True
    return f


# public name = the Paddle kernel it calls
embedding_grad_add_to_ = _gpu_only("embedding_grad_add_to_", "embedding_grad_add_to")
fp8_gemm_blockwise = _gpu_only("fp8_gemm_blockwise", "fp8_gemm_blockwise")
cross_entropy_with_softmax_bwd_w_downcast = _gpu_only(
    "cross_entropy_with_softmax_bwd_w_downcast", "cross_entropy_with_softmax_bwd_w_downcast")
fp8_quant_blockwise = _gpu_only("fp8_quant_blockwise", "fp8_quant_blockwise")
fast_ln = _gpu_only("fast_ln", "fast_ln")
fast_rms_norm = _gpu_only("fast_rms_norm", "fast_rms_norm")
fused_act_dequant = _gpu_only("fused_act_dequant", "fused_act_dequant")
fused_multi_transformer = _gpu_only("fused_multi_transformer", "fused_multi_transformer")
fused_stack_transpose_quant = _gpu_only(
    "fused_stack_transpose_quant", "fused_stack_transpose_quant")
fused_transpose_split_quant = _gpu_only(
    "fused_transpose_split_quant", "fused_transpose_split_quant")
fused_transpose_wlch_split_quant = _gpu_only(
    "fused_transpose_wlch_split_quant", "fused_transpose_wlch_split_quant")
variable_length_memory_efficient_attention = _gpu_only(
    "variable_length_memory_efficient_attention", "variable_length_memory_efficient_attention")
fused_swiglu_weighted_bwd = _gpu_only("fused_swiglu_weighted_bwd", "fused_swiglu_weighted_bwd")
fused_weighted_swiglu_act_quant = _gpu_only(
    "fused_weighted_swiglu_act_quant", "fused_weighted_swiglu_act_quant")
masked_multihead_attention = _gpu_only("masked_multihead_attention", "masked_multihead_attention")
blha_get_max_len = _gpu_only("blha_get_max_len", "blha_get_max_len")
block_multihead_attention = _gpu_only("block_multihead_attention", "block_multihead_attention")
moe_combine = _gpu_only("moe_combine", "moe_combine")
expand_modality_expert_id = _gpu_only("expand_modality_expert_id", "expand_modality_expert_id")
cal_aux_loss = _gpu_only("cal_aux_loss", "cal_aux_loss")
build_src_rank_and_local_expert_id = _gpu_only(
    "build_src_rank_and_local_expert_id", "build_src_rank_and_local_expert_id")
int_bincount = _gpu_only("int_bincount", "int_bincount")
fused_rms_norm_ext = _gpu_only("fused_rms_norm_ext", "fused_rms_norm_ext")
moe_gate_dispatch = _gpu_only("moe_gate_dispatch", "moe_gate_dispatch")
moe_gate_dispatch_permute = _gpu_only("moe_gate_dispatch_permute", "moe_gate_dispatch_permute")
moe_gate_dispatch_partial_nosoftmaxtopk = _gpu_only(
    "moe_gate_dispatch_partial_nosoftmaxtopk", "moe_gate_dispatch_partial_nosoftmaxtopk")
moe_gate_dispatch_and_quant = _gpu_only(
    "moe_gate_dispatch_and_quant", "moe_gate_dispatch_and_quant")

__all__ = ["embedding_grad_add_to_", "fp8_gemm_blockwise",
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
