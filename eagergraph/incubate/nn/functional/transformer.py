"""The fused transformer blocks of paddle.incubate.nn.functional (Paddle python/paddle/
incubate/nn/functional/fused_transformer.py, fused_dropout_add.py), composed of ops exactly
as Paddle documents them (its fused kernels are GPU-only in Paddle 3.3.1, except
fused_dropout_add, which Paddle itself runs as dropout + add)."""
from .... import ops as P
from ....nn import functional as F

__all__ = ["fused_dropout_add", "fused_bias_dropout_residual_layer_norm", "fused_feedforward",
           "fused_multi_head_attention"]

_MODES = ("upscale_in_train", "downscale_in_infer")


def _check_mode(mode):
    if mode not in _MODES:
        raise ValueError("mode argument should be 'downscale_in_infer' or 'upscale_in_train'")


def _check_p(p, what="p"):
    if isinstance(p, (int, float)) and (p < 0 or p > 1):
        raise ValueError(f"{what} argument should between 0 and 1")


def fused_dropout_add(x, y, p=0.5, training=True, mode="upscale_in_train", name=None):
    """dropout(x, p) + y."""
    _check_p(p)
    _check_mode(mode)
    return F.dropout(x, p, training=training, mode=mode) + y


def _ln(x, scale, bias, eps):
    return F.layer_norm(x, x.shape[-1:], weight=scale, bias=bias, epsilon=eps)


def fused_bias_dropout_residual_layer_norm(x, residual, bias=None, ln_scale=None, ln_bias=None,
                                           dropout_rate=0.5, ln_epsilon=1e-5, training=True,
                                           mode="upscale_in_train", name=None):
    """layer_norm(residual + dropout(x + bias)) over the last dim."""
    _check_p(dropout_rate, "dropout_rate")
    _check_mode(mode)
    if x.shape != residual.shape:
        raise ValueError(f"(InvalidArgument) The shape of x {list(x.shape)} and residual "
                         f"{list(residual.shape)} should be equal.")
    h = x if bias is None else x + bias
    return _ln(residual + F.dropout(h, dropout_rate, training=training, mode=mode), ln_scale,
               ln_bias, ln_epsilon)


_FF_ACT = {"relu": F.relu, "gelu": F.gelu}


def fused_feedforward(x, linear1_weight, linear2_weight, linear1_bias=None, linear2_bias=None,
                      ln1_scale=None, ln1_bias=None, ln2_scale=None, ln2_bias=None,
                      dropout1_rate=0.5, dropout2_rate=0.5, activation="relu",
                      ln1_epsilon=1e-5, ln2_epsilon=1e-5, pre_layer_norm=False, training=True,
                      mode="upscale_in_train", ring_id=-1, add_residual=True, name=None):
    """The transformer feed-forward block: (pre_layer_norm: ln1 first) linear1, activation,
    dropout1, linear2, dropout2, + x (add_residual), (post: ln2 last)."""
    _check_p(dropout1_rate, "dropout1_rate")
    _check_p(dropout2_rate, "dropout2_rate")
    _check_mode(mode)
    if activation not in _FF_ACT:
        raise ValueError(f"(InvalidArgument) fused_feedforward(): activation should be 'relu' "
                         f"or 'gelu', but got {activation!r}.")
    out = _ln(x, ln1_scale, ln1_bias, ln1_epsilon) if pre_layer_norm else x
    out = F.linear(out, linear1_weight, linear1_bias)
    out = F.dropout(_FF_ACT[activation](out), dropout1_rate, training=training, mode=mode)
    out = F.dropout(F.linear(out, linear2_weight, linear2_bias), dropout2_rate,
                    training=training, mode=mode)
    if add_residual:
        out = x + out
    return out if pre_layer_norm else _ln(out, ln2_scale, ln2_bias, ln2_epsilon)


def fused_multi_head_attention(x, qkv_weight, linear_weight, pre_layer_norm=False,
                               pre_ln_scale=None, pre_ln_bias=None, ln_scale=None, ln_bias=None,
                               pre_ln_epsilon=1e-5, qkv_bias=None, linear_bias=None,
                               cache_kv=None, attn_mask=None, dropout_rate=0.5,
                               attn_dropout_rate=0.5, ln_epsilon=1e-5, training=True,
                               mode="upscale_in_train", ring_id=-1, add_residual=True,
                               num_heads=-1, transpose_qkv_wb=False, name=None):
    """Multi-head self-attention as Paddle documents it: (pre-LN) the qkv projection
    (qkv_weight [3, num_heads, head_dim, embed_dim], or [embed_dim, 3 * embed_dim] with
    transpose_qkv_wb), softmax(q k^T / sqrt(head_dim) + attn_mask), attention dropout, the
    output projection linear_weight [embed_dim, embed_dim] + linear_bias, dropout, + x
    (add_residual), (post-LN). cache_kv [2, batch, num_heads, cache_len, head_dim] is
    prepended to k and v; with it the result is (out, cache_kv_out)."""
    _check_p(dropout_rate, "dropout_rate")
    _check_p(attn_dropout_rate, "attn_dropout_rate")
    _check_mode(mode)
    if x.ndim != 3:
        raise ValueError(f"(InvalidArgument) fused_multi_head_attention(): x should be "
                         f"[batch, seq_len, embed_dim], but got {list(x.shape)}.")
    b, s, e = x.shape
    h = _ln(x, pre_ln_scale, pre_ln_bias, pre_ln_epsilon) if pre_layer_norm else x
    if transpose_qkv_wb:
        if num_heads <= 0:
            raise ValueError("num_heads should be given (> 0) with transpose_qkv_wb.")
        qkv = F.linear(h, qkv_weight, qkv_bias)                    # [b, s, 3e]
        qkv = P.reshape(qkv, [b, s, 3, num_heads, e // num_heads])
    else:
        if qkv_weight.ndim != 4 or qkv_weight.shape[0] != 3 or qkv_weight.shape[3] != e:
            raise ValueError(f"(InvalidArgument) fused_multi_head_attention(): qkv_weight "
                             f"should be [3, num_heads, head_dim, {e}], but got "
                             f"{list(qkv_weight.shape)}.")
        nh, hd = qkv_weight.shape[1], qkv_weight.shape[2]
        qkv = P.matmul(h, P.reshape(qkv_weight, [3 * nh * hd, e]), transpose_y=True)
        if qkv_bias is not None:
            qkv = qkv + P.reshape(qkv_bias, [3 * nh * hd])
        qkv = P.reshape(qkv, [b, s, 3, nh, hd])
    qkv = P.transpose(qkv, [2, 0, 3, 1, 4])                       # [3, b, nh, s, hd]
    q, k, v = qkv[0], qkv[1], qkv[2]
    hd = q.shape[-1]
    cache_out = None
    if cache_kv is not None:
        k = P.concat([cache_kv[0], k], axis=2)
        v = P.concat([cache_kv[1], v], axis=2)
        cache_out = P.stack([k, v], axis=0)
    scores = P.matmul(q * (hd ** -0.5), k, transpose_y=True)
    if attn_mask is not None:
        scores = scores + attn_mask
    attn = F.dropout(F.softmax(scores, axis=-1), attn_dropout_rate, training=training,
                     mode=mode)
    ctx = P.reshape(P.transpose(P.matmul(attn, v), [0, 2, 1, 3]), [b, s, -1])
    out = P.matmul(ctx, linear_weight)
    if linear_bias is not None:
        out = out + linear_bias
    out = F.dropout(out, dropout_rate, training=training, mode=mode)
    if add_residual:
        out = x + out
    if not pre_layer_norm:
        out = _ln(out, ln_scale, ln_bias, ln_epsilon)
    return out if cache_out is None else (out, cache_out)
