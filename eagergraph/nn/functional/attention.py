"""scaled_dot_product_attention (Paddle nn/functional/sdpa.py) as Paddle computes it off the GPU
(its 'math' backend), composed from public ops so the gradients come from those ops. Layout
[batch, seq_len, num_heads, head_dim]."""
import numpy as np

from ... import ops as _ops
from ...creation import to_tensor
from . import common as _common

__all__ = ["scaled_dot_product_attention"]


def _repeat_kv(key, value, num_repeats):
    """Grouped-query attention: each key/value head serves num_repeats query heads."""
    if num_repeats == 1:
        return key, value

    def _repeat(x):
        x = _ops.unsqueeze(x, 3)
        x = _ops.expand(x, [-1, -1, -1, num_repeats, -1])
        return _ops.flatten(x, 2, 3)
    return _repeat(key), _repeat(value)


def _upper_triangle_mask(product):
    """-1e4 above the diagonal of the last two axes, 0 elsewhere (Paddle's
    get_triangle_upper_mask), broadcast over the leading axes."""
    q_len, k_len = product.shape[-2:]
    mask = np.triu(np.full((q_len, k_len), -1e4), 1)
    return to_tensor(mask, dtype=product.dtype)


def _math_attention(query, key, value, mask=None, dropout_rate=0.0, causal=False,
                    training=True, scale=None):
    head_dim = query.shape[-1]
    query = _ops.transpose(query, [0, 2, 1, 3])
    key = _ops.transpose(key, [0, 2, 1, 3])
    value = _ops.transpose(value, [0, 2, 1, 3])
    scale = scale or (head_dim ** (-0.5) if head_dim != 0 else 1.0)
    product = _ops.matmul(query * scale, key, transpose_y=True)
    if causal:  # as Paddle, an attn_mask is not applied then
        product = product + _upper_triangle_mask(product)
    elif mask is not None:
        product = product + mask
    weights = _ops.softmax(product, -1)
    if dropout_rate > 0.0:
        weights = _common.dropout(weights, dropout_rate, training=training,
                                  mode="upscale_in_train")
    out = _ops.matmul(weights, value)
    return _ops.transpose(out, [0, 2, 1, 3])


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
                                 is_causal=False, training=True, backend=None, scale=None,
                                 enable_gqa=True, name=None):
    """softmax(query @ key^T * scale + attn_mask) @ value per head; query [batch, seq_q, heads,
    head_dim] (or without batch), key / value [batch, seq_k, kv_heads, head_dim]. A bool
    attn_mask keeps the positions where it is True; a float one is added. is_causal masks the
    future with -1e4 (and ignores attn_mask); scale defaults to 1/sqrt(head_dim)."""
    is_batched = len(query.shape) == 4
    if not is_batched:
        query = _ops.unsqueeze(query, 0)
        key = _ops.unsqueeze(key, 0)
        value = _ops.unsqueeze(value, 0)
    k_heads, q_heads, v_heads = key.shape[2], query.shape[2], value.shape[2]
    if enable_gqa:
        assert k_heads == 0 or q_heads % k_heads == 0, (
            f"The number of groups in query({q_heads}) must be divisible by the number of "
            f"groups in key({k_heads}) if GQA enabled.")
        assert k_heads == v_heads, (
            f"The number of groups in key({k_heads}) must be equal to the number of groups in "
            f"value({v_heads}) if GQA enabled.")
    else:
        assert q_heads == k_heads == v_heads, (
            f"The number of groups in query({q_heads}) must be equal to the number of groups "
            f"in key({k_heads}) and the number of groups in value({v_heads}) if GQA disabled.")
    if attn_mask is not None and str(attn_mask.dtype) == "paddle.bool":
        attn_mask = _ops.where(attn_mask, to_tensor(0.0, dtype=query.dtype),
                               to_tensor(-float("inf"), dtype=query.dtype))
    repeats = q_heads // k_heads if k_heads != 0 else 1
    key, value = _repeat_kv(key, value, repeats)
    out = _math_attention(query, key, value, attn_mask, dropout_p, is_causal, training, scale)
    if not is_batched:
        out = _ops.squeeze(out, axis=0)
    return out
