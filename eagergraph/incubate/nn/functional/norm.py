"""fused_rms_norm and fused_layer_norm (Paddle python/paddle/incubate/nn/functional/
fused_rms_norm.py, fused_layer_norm.py): (x + bias + residual_alpha * residual) normalised
over the axes from begin_norm_axis on, then scaled (and shifted) by norm_weight / norm_bias.
Composed of ops, so they differentiate (Paddle 3.3.1 has no CPU gradient for them) and compute
in float32 for float16/bfloat16 inputs, as Paddle's kernels do."""
from .... import ops as P

__all__ = ["fused_rms_norm", "fused_layer_norm"]


def _axis(x, begin_norm_axis):
    rank = len(x.shape)
    a = begin_norm_axis + rank if begin_norm_axis < 0 else begin_norm_axis
    if a < 0 or a >= rank:
        raise ValueError(f"begin_norm_axis must be in range [0, {rank}), but got "
                         f"{begin_norm_axis}")
    return a


def _check_quant(name, quant_scale):
    if quant_scale > 0:
        raise NotImplementedError(f"{name}(): int8 output quantisation (quant_scale > 0) is "
                                  f"not supported on the CPU.")


def _pre_add(x, bias, residual, residual_alpha):
    """The input to normalise, and residual_out (x + bias + alpha * residual) or None."""
    h = x if bias is None else x + bias
    if residual is None:
        return h, None
    h = h + (residual if residual_alpha == 1.0 else residual * residual_alpha)
    return h, h


def _check_weight(w, x, axis, what):
    n = 1
    for s in x.shape[axis:]:
        n *= s
    if w is not None and w.size != n:
        raise ValueError(f"(InvalidArgument) The normalized size of Input(X) must equal to be "
                         f"the size of {what}, but received normalized size of Input(X) is "
                         f"[{n}], received size of {what} is {list(w.shape)}")
    return None if w is None else P.reshape(w, x.shape[axis:])


def _compute(x):
    low = x.dtype.name in ("float16", "bfloat16")
    return (P.cast(x, "float32") if low else x), low


def fused_rms_norm(x, norm_weight, norm_bias, epsilon, begin_norm_axis=1, bias=None,
                   residual=None, quant_scale=-1, quant_round_type=0, quant_max_bound=0,
                   quant_min_bound=0):
    """(out, residual_out): out = h / sqrt(mean(h^2) + epsilon) * norm_weight + norm_bias with
    h = x + bias + residual; residual_out is h (an empty Tensor without residual)."""
    _check_quant("fused_rms_norm", quant_scale)
    axis = _axis(x, begin_norm_axis)
    h, res_out = _pre_add(x, bias, residual, 1.0)
    w = _check_weight(norm_weight, x, axis, "Weight")
    b = _check_weight(norm_bias, x, axis, "Bias")
    hc, low = _compute(h)
    axes = list(range(axis, len(x.shape)))
    out = hc * P.rsqrt(P.mean(P.square(hc), axis=axes, keepdim=True) + epsilon)
    if low:
        out = P.cast(out, x.dtype)
    if w is not None:
        out = out * w
    if b is not None:
        out = out + b
    return out, (res_out if res_out is not None else P.empty([0], dtype=x.dtype))


def fused_layer_norm(x, norm_weight, norm_bias, epsilon, residual_alpha=1.0, begin_norm_axis=1,
                     bias=None, residual=None, quant_scale=-1, quant_round_type=0,
                     quant_max_bound=0, quant_min_bound=0):
    """(out, residual_out, mean, variance): out = (h - mean) / sqrt(var + epsilon) *
    norm_weight + norm_bias with h = x + bias + residual_alpha * residual; mean and variance
    (Paddle's name for 1 / sqrt(var + epsilon)) are float32, one per normalised row."""
    _check_quant("fused_layer_norm", quant_scale)
    axis = _axis(x, begin_norm_axis)
    h, res_out = _pre_add(x, bias, residual, residual_alpha)
    w = _check_weight(norm_weight, x, axis, "Weight")
    b = _check_weight(norm_bias, x, axis, "Bias")
    hc, low = _compute(h)
    axes = list(range(axis, len(x.shape)))
    mean = P.mean(hc, axis=axes, keepdim=True)
    centred = hc - mean
    inv = P.rsqrt(P.mean(P.square(centred), axis=axes, keepdim=True) + epsilon)
    out = centred * inv
    if low:
        out = P.cast(out, x.dtype)
    if w is not None:
        out = out * w
    if b is not None:
        out = out + b
    rows = 1
    for s in x.shape[:axis]:
        rows *= s
    return (out, res_out if res_out is not None else P.empty([0], dtype=x.dtype),
            P.cast(P.reshape(mean, [rows]), "float32"), P.cast(P.reshape(inv, [rows]), "float32"))
