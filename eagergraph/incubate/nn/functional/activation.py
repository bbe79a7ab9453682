"""swiglu (paddle.nn.functional.swiglu) and fused_bias_act (Paddle python/paddle/incubate/nn/
functional/fused_bias_act.py): composed of ops, so they differentiate."""
from .... import ops as P
from ....nn import functional as F

__all__ = ["swiglu", "fused_bias_act"]

swiglu = F.swiglu  # the same function, as in Paddle 3.3.1 (paddle.nn.functional.swiglu)


_GLU = {"geglu": lambda a: F.gelu(a), "swiglu": lambda a: F.silu(a)}
_ACT = {"gelu": lambda a: F.gelu(a), "relu": lambda a: F.relu(a)}


def fused_bias_act(x, bias=None, dequant_scales=None, shift=None, smooth=None,
                   act_method="gelu", compute_dtype="default", quant_scale=-1,
                   quant_round_type=0, quant_max_bound=0, quant_min_bound=0):
    """act(x + bias) over the last dim: gelu (erf form) or relu; geglu / swiglu split it in
    halves a, b and give gelu(a) * b / silu(a) * b. shift and smooth, when given, make it
    (act + shift) * smooth. The int8 paths (dequant_scales, quant_scale > 0) are not
    supported."""
    if dequant_scales is not None or quant_scale > 0:
        raise NotImplementedError("fused_bias_act(): the int8 dequantise / quantise paths "
                                  "(dequant_scales, quant_scale > 0) are not supported on the "
                                  "CPU.")
    if act_method not in _GLU and act_method not in _ACT:
        raise ValueError(f"(InvalidArgument) act_method must be geglu, swiglu or gelu, but get "
                         f"act_method ({act_method})")
    h = x if bias is None else x + bias
    if act_method in _GLU:
        if h.shape[-1] % 2:
            raise ValueError(f"(InvalidArgument) The second dimension of x must be even, but "
                             f"receive {h.shape[-1]}")
        a, b = P.chunk(h, 2, axis=-1)
        out = _GLU[act_method](a) * b
    else:
        out = _ACT[act_method](h)
    if shift is not None:
        out = out + shift
    if smooth is not None:
        out = out * smooth
    return out
