"""fused_matmul_bias, fused_linear, fused_linear_activation (Paddle python/paddle/incubate/nn/
functional/fused_matmul_bias.py; Paddle 3.3.1 runs their fused_gemm_epilogue on the GPU only):
matmul plus bias (plus activation), composed of ops."""
from .... import ops as P
from ....nn import functional as F

__all__ = ["fused_matmul_bias", "fused_linear", "fused_linear_activation"]


def fused_matmul_bias(x, y, bias=None, transpose_x=False, transpose_y=False, name=None):
    """matmul(x, y) (either transposed) + bias."""
    out = P.matmul(x, y, transpose_x, transpose_y)
    return out if bias is None else out + bias


def fused_linear(x, weight, bias=None, transpose_weight=False, name=None):
    """x @ weight (weight [in, out], or [out, in] with transpose_weight) + bias."""
    return fused_matmul_bias(x, weight, bias, False, transpose_weight)


def fused_linear_activation(x, y, bias, trans_x=False, trans_y=False, activation=None):
    """activation(matmul(x, y) + bias): 'gelu' (the tanh form cuBLASLt's GELU epilogue uses),
    'relu', or None."""
    out = fused_matmul_bias(x, y, bias, trans_x, trans_y)
    if activation is None or activation == "none":
        return out
    if activation == "gelu":
        return F.gelu(out, approximate=True)
    if activation == "relu":
        return F.relu(out)
    raise ValueError(f"(InvalidArgument) fused_linear_activation(): activation should be "
                     f"'gelu', 'relu' or None, but got {activation!r}.")
