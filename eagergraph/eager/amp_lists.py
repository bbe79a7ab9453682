"""Paddle's AMP op lists, as data (Paddle 3.3.1 python/paddle/amp/amp_lists.py).

White-list ops run in the AMP dtype (float16/bfloat16), black-list ops in float32; every other
op ("gray") follows the promotion rule of eager/amp_utils.py. The lists name ops by Paddle's
fluid names (what `phi::TransToFluidOpName` gives the generated AMP code: `matmul` is
`matmul_v2`, `sum` is `reduce_sum`, `add` is `elementwise_add`), so a custom list names them the
same way (`custom_black_list={'elementwise_add'}`); FLUID_NAMES maps eagergraph's op names."""

WHITE_LIST = frozenset({
    'conv2d', 'einsum', 'matmul', 'matmul_v2', 'linear_v2', 'max_pool2d_with_index', 'mul',
    'fused_gemm_epilogue', 'fused_rotary_position_embedding', 'flash_attn',
})

# ops that support float16 but not bfloat16
ONLY_FP16_WHITE_LIST = frozenset({
    'fake_quantize_dequantize_abs_max', 'fake_quantize_dequantize_moving_average_abs_max',
    'fused_attention', 'fused_feedforward',
})

FP16_WHITE_LIST = WHITE_LIST | ONLY_FP16_WHITE_LIST

# numerically dangerous in half precision, and their effects show downstream
FP16_BLACK_LIST = frozenset({
    'tan', 'acos', 'asin', 'sinh', 'cosh', 'atanh', 'tanh_shrink', 'erfinv', 'exp', 'expm1',
    'log', 'log10', 'log2', 'reciprocal', 'rsqrt', 'pow', 'square', 'reduce_sum', 'mean',
    'reduce_mean', 'reduce_prod', 'cumprod', 'cumsum', 'dist', 'pnorm', 'frobenius_norm',
    'renorm', 'group_norm', 'layer_norm', 'softmax', 'softmin', 'softplus', 'log_softmax',
    'softmax_with_cross_entropy', 'sigmoid_cross_entropy_with_logits',
    'c_softmax_with_cross_entropy', 'c_softmax_with_multi_label_cross_entropy',
    'cross_entropy', 'cross_entropy2', 'nll_loss', 'huber_loss', 'triplet_margin_loss',
    'log_loss', 'hsigmoid_loss', 'margin_cross_entropy',
})

# half-precision grad ops are slower than float32 ones: float32 by default, at O1 and O2
EXTRA_BLACK_LIST = frozenset({
    'linear_interp_v2', 'nearest_interp_v2', 'bilinear_interp_v2', 'bicubic_interp_v2',
    'trilinear_interp_v2', 'lookup_table', 'lookup_table_v2', 'scatter',
})

BF16_WHITE_LIST = WHITE_LIST
BF16_BLACK_LIST = FP16_BLACK_LIST

# dtype -> level -> list (OD: only the white list runs in half precision; O2: only
# EXTRA_BLACK_LIST stays float32)
WHITE = {
    "float16": {"OD": FP16_WHITE_LIST, "O1": FP16_WHITE_LIST, "O2": FP16_WHITE_LIST},
    "bfloat16": {"OD": BF16_WHITE_LIST, "O1": BF16_WHITE_LIST, "O2": BF16_WHITE_LIST},
}
BLACK = {
    "float16": {"OD": frozenset(), "O1": FP16_BLACK_LIST | EXTRA_BLACK_LIST,
                "O2": EXTRA_BLACK_LIST},
    "bfloat16": {"OD": frozenset(), "O1": BF16_BLACK_LIST | EXTRA_BLACK_LIST,
                 "O2": EXTRA_BLACK_LIST},
}

# eagergraph op name -> Paddle's fluid op name (paddle/phi/ops/yaml/op_compat.yaml), for the
# ops whose names differ; any other op keeps its name
FLUID_NAMES = {
    "add": "elementwise_add", "subtract": "elementwise_sub", "multiply": "elementwise_mul",
    "divide": "elementwise_div", "floor_divide": "elementwise_floordiv",
    "remainder": "elementwise_mod", "maximum": "elementwise_max", "minimum": "elementwise_min",
    "sum": "reduce_sum", "mean": "reduce_mean", "prod": "reduce_prod", "max": "reduce_max",
    "min": "reduce_min", "all": "reduce_all", "any": "reduce_any", "argmax": "arg_max",
    "argmin": "arg_min", "matmul": "matmul_v2", "reshape": "reshape2",
    "transpose": "transpose2", "squeeze": "squeeze2", "unsqueeze": "unsqueeze2",
    "flatten": "flatten_contiguous_range", "expand": "expand_v2", "topk": "top_k_v2",
    "nonzero": "where_index", "full": "fill_constant", "full_like": "fill_any_like",
    "arange": "range", "gaussian": "gaussian_random", "uniform": "uniform_random",
    "cross_entropy_with_softmax": "softmax_with_cross_entropy",
}


def fluid_name(op):
    """The name Paddle's AMP lists know `op` by."""
    return FLUID_NAMES.get(op, op)


def op_lists(level, dtype, custom_white_list=None, custom_black_list=None):
    """(white, black) sets for an AMP level and dtype with the custom lists applied, as
    Paddle's _update_list: a custom white op leaves the black list, a custom black op leaves
    the white list; one op in both custom lists is a ValueError. O0: both empty."""
    if level == "O0":
        return set(), set()
    white, black = set(WHITE[dtype][level]), set(BLACK[dtype][level])
    if custom_white_list and custom_black_list:
        for op in custom_white_list:
            if op in custom_black_list:
                raise ValueError("Custom white list overlap custom black list")
    for op in custom_white_list or ():
        black.discard(op)
        white.add(op)
    for op in custom_black_list or ():
        white.discard(op)
        black.add(op)
    return white, black
