"""Attention and Transformer layers and F.scaled_dot_product_attention: NumPy references with
the layers' own weights, bool / integer / additive masks, float64 central-difference gradients,
state_dict keys and reprs as Paddle 3.3.1."""
import contextlib

import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F
from eagergraph import nn
from tests.gradcheck import check_vjp


@contextlib.contextmanager
def float64():
    old = paddle.get_default_dtype()
    paddle.set_default_dtype("float64")
    try:
        yield
    finally:
        paddle.set_default_dtype(old)


rng = np.random.default_rng(0)
B, S, T, E = 2, 4, 3, 8


# ---- NumPy references -------------------------------------------------------------------------
def np_softmax(a):
    e = np.exp(a - a.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def np_linear(layer, x):
    out = x @ layer.weight.numpy()
    return out + layer.bias.numpy() if layer.bias is not None else out


def np_layer_norm(layer, x, eps=1e-5):
    mu = x.mean(-1, keepdims=True)
    var = x.var(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * layer.weight.numpy() + layer.bias.numpy()


def np_mask(mask):
    """Paddle's conversion: bool / int masks -> (mask - 1) * 1e9, float masks as they are."""
    if mask is None:
        return 0.0
    return (mask.astype(np.float64) - 1.0) * 1e9 if mask.dtype.kind in "biu" else mask


def np_mha(mha, q, k=None, v=None, mask=None):
    k = q if k is None else k
    v = q if v is None else v
    h, d = mha.num_heads, mha.head_dim

    def heads(x):
        return x.reshape(x.shape[0], x.shape[1], h, d).transpose(0, 2, 1, 3)
    qh, kh, vh = heads(np_linear(mha.q_proj, q)), heads(np_linear(mha.k_proj, k)), \
        heads(np_linear(mha.v_proj, v))
    w = np_softmax(qh / np.sqrt(d) @ kh.transpose(0, 1, 3, 2) + np_mask(mask))
    out = (w @ vh).transpose(0, 2, 1, 3).reshape(q.shape[0], q.shape[1], h * d)
    return np_linear(mha.out_proj, out), w


def np_ffn(layer, x, act):
    return np_linear(layer.linear2, act(np_linear(layer.linear1, x)))


def relu(x):
    return np.maximum(x, 0)


def np_encoder_layer(layer, x, mask=None):
    pre = layer.normalize_before

    def block(x, norm, fn):
        y = x + fn(np_layer_norm(norm, x) if pre else x)
        return y if pre else np_layer_norm(norm, y)
    x = block(x, layer.norm1, lambda y: np_mha(layer.self_attn, y, mask=mask)[0])
    return block(x, layer.norm2, lambda y: np_ffn(layer, y, relu))


def np_decoder_layer(layer, x, memory, tgt_mask=None, memory_mask=None):
    pre = layer.normalize_before

    def block(x, norm, fn):
        y = x + fn(np_layer_norm(norm, x) if pre else x)
        return y if pre else np_layer_norm(norm, y)
    x = block(x, layer.norm1, lambda y: np_mha(layer.self_attn, y, mask=tgt_mask)[0])
    x = block(x, layer.norm2,
              lambda y: np_mha(layer.cross_attn, y, memory, memory, memory_mask)[0])
    return block(x, layer.norm3, lambda y: np_ffn(layer, y, relu))


def np_sdpa(q, k, v, mask=None, causal=False, scale=None):
    """[batch, seq, heads, dim] layout; GQA repeats each key/value head."""
    rep = q.shape[2] // k.shape[2]
    k, v = np.repeat(k, rep, axis=2), np.repeat(v, rep, axis=2)
    q, k, v = (a.transpose(0, 2, 1, 3) for a in (q, k, v))
    s = (q * (scale or q.shape[-1] ** -0.5)) @ k.transpose(0, 1, 3, 2)
    if causal:
        s = s + np.triu(np.full(s.shape[-2:], -1e4), 1)
    elif mask is not None:
        s = s + (np.where(mask, 0.0, -np.inf) if mask.dtype == bool else mask)
    return (np_softmax(s) @ v).transpose(0, 2, 1, 3)


# ---- MultiHeadAttention ----------------------------------------------------------------------
BOOL_MASK = rng.random((B, 1, S, S)) > 0.4
BOOL_MASK[..., 0] = True


@pytest.mark.parametrize("mask", [None, BOOL_MASK, BOOL_MASK.astype("int64"),
                                  rng.standard_normal((S, S))], ids=["none", "bool", "int", "float"])
def test_mha_matches_numpy(mask):
    with float64():
        mha = nn.MultiHeadAttention(E, 2, need_weights=True)
    q = rng.standard_normal((B, S, E))
    out, w = mha(paddle.to_tensor(q), attn_mask=None if mask is None else paddle.to_tensor(mask))
    ref, ref_w = np_mha(mha, q, mask=mask)
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(w.numpy(), ref_w, rtol=1e-10, atol=1e-12)
    if mask is not None and mask.dtype == bool:  # Paddle's softmax floors x - max at -64
        np.testing.assert_allclose(w.numpy()[np.broadcast_to(~mask, w.shape)], 0, atol=1e-27)


def test_mha_kdim_vdim_and_no_bias():
    with float64():
        mha = nn.MultiHeadAttention(E, 4, kdim=5, vdim=6, bias_attr=False)
    assert mha.k_proj.weight.shape == [5, E] and mha.v_proj.weight.shape == [6, E]
    assert mha.q_proj.bias is None
    q, k, v = rng.standard_normal((B, S, E)), rng.standard_normal((B, T, 5)), \
        rng.standard_normal((B, T, 6))
    out = mha(*(paddle.to_tensor(a) for a in (q, k, v)))
    np.testing.assert_allclose(out.numpy(), np_mha(mha, q, k, v)[0], rtol=1e-10, atol=1e-12)


def test_mha_gradients():
    with float64():
        mha = nn.MultiHeadAttention(4, 2, kdim=3, vdim=3)
    mask = paddle.to_tensor(rng.standard_normal((2, 3)))
    check_vjp(lambda ts: mha(ts[0], ts[1], ts[2], attn_mask=mask),
              [rng.standard_normal((2, 2, 4)), rng.standard_normal((2, 3, 3)),
               rng.standard_normal((2, 3, 3))], np.random.default_rng(1))
    x = paddle.to_tensor(rng.standard_normal((2, 2, 4)))
    kv = paddle.to_tensor(rng.standard_normal((2, 3, 3)))
    param_directional_check(mha, lambda: (mha(x, kv, kv, attn_mask=mask) ** 2).sum())


def test_mha_cache_matches_full_attention():
    """Step-by-step decoding with an incremental cache equals attention over the prefix."""
    with float64():
        mha = nn.MultiHeadAttention(E, 2)
    q = rng.standard_normal((B, S, E))
    cache = mha.gen_cache(paddle.to_tensor(q))
    assert cache.k.shape == [B, 2, 0, E // 2]
    for t in range(S):
        out, cache = mha(paddle.to_tensor(q[:, t:t + 1]), cache=cache)
        step_mask = np.zeros((1, t + 1))
        ref = np_mha(mha, q[:, t:t + 1], q[:, :t + 1], q[:, :t + 1], step_mask)[0]
        np.testing.assert_allclose(out.numpy(), ref, rtol=1e-10, atol=1e-12)
    assert cache.k.shape == [B, 2, S, E // 2]
    static = mha.gen_cache(paddle.to_tensor(q), paddle.to_tensor(q), type=mha.StaticCache)
    out, same = mha(paddle.to_tensor(q), cache=static)
    assert same is static
    np.testing.assert_allclose(out.numpy(), np_mha(mha, q)[0], rtol=1e-10, atol=1e-12)


# ---- encoder / decoder -----------------------------------------------------------------------
@pytest.mark.parametrize("normalize_before", [False, True])
def test_encoder_and_decoder_layers(normalize_before):
    with float64():
        enc = nn.TransformerEncoderLayer(E, 2, 16, dropout=0.3, normalize_before=normalize_before)
        dec = nn.TransformerDecoderLayer(E, 2, 16, dropout=0.3, normalize_before=normalize_before)
    enc.eval()
    dec.eval()
    src, tgt = rng.standard_normal((B, S, E)), rng.standard_normal((B, T, E))
    tgt_mask = np.triu(np.full((T, T), -np.inf), 1)
    out = enc(paddle.to_tensor(src), src_mask=paddle.to_tensor(BOOL_MASK))
    np.testing.assert_allclose(out.numpy(), np_encoder_layer(enc, src, BOOL_MASK), rtol=1e-9,
                               atol=1e-11)
    out = dec(paddle.to_tensor(tgt), paddle.to_tensor(src), tgt_mask=paddle.to_tensor(tgt_mask))
    np.testing.assert_allclose(out.numpy(), np_decoder_layer(dec, tgt, src, tgt_mask),
                               rtol=1e-9, atol=1e-11)


def test_stacks_and_transformer():
    with float64():
        model = nn.Transformer(E, 2, num_encoder_layers=2, num_decoder_layers=2,
                               dim_feedforward=16, dropout=0.0)
    enc_layers, dec_layers = model.encoder.layers, model.decoder.layers
    assert enc_layers[0].linear1.weight is not enc_layers[1].linear1.weight  # fresh copies
    src, tgt = rng.standard_normal((B, S, E)), rng.standard_normal((B, T, E))
    mask = model.generate_square_subsequent_mask(T)
    out = model(paddle.to_tensor(src), paddle.to_tensor(tgt), tgt_mask=mask)
    memory = src
    for layer in enc_layers:
        memory = np_encoder_layer(layer, memory)
    memory = np_layer_norm(model.encoder.norm, memory)
    y = tgt
    for layer in dec_layers:
        y = np_decoder_layer(layer, y, memory, tgt_mask=mask.numpy())
    np.testing.assert_allclose(out.numpy(), np_layer_norm(model.decoder.norm, y), rtol=1e-9,
                               atol=1e-11)


def test_square_subsequent_mask():
    mask = nn.Transformer(8, 2, 1, 1, 16).generate_square_subsequent_mask(3)
    assert mask.dtype == paddle.float32 and mask.shape == [3, 3]
    np.testing.assert_array_equal(mask.numpy(), [[0, -np.inf, -np.inf], [0, 0, -np.inf],
                                                 [0, 0, 0]])


def test_encoder_gradients_and_dropout():
    with float64():
        enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, 6, dropout=0.0,
                                                               normalize_before=True), 2)
    check_vjp(lambda ts: enc(ts[0]), [rng.standard_normal((2, 3, 4))], np.random.default_rng(2))
    x = paddle.to_tensor(rng.standard_normal((2, 3, 4)))
    param_directional_check(enc, lambda: (enc(x) ** 3).sum())
    drop = nn.TransformerEncoderLayer(4, 2, 6, dropout=0.5)
    x32 = paddle.to_tensor(rng.standard_normal((2, 3, 4)).astype("float32"))
    a, b = drop(x32), drop(x32)
    assert not np.allclose(a.numpy(), b.numpy())
    drop.eval()
    np.testing.assert_array_equal(drop(x32).numpy(), drop(x32).numpy())


def param_directional_check(layer, loss_fn, seed=3, eps=1e-6):
    """d loss / d params along a random direction: backward against central differences."""
    params = layer.parameters()
    r = np.random.default_rng(seed)
    loss_fn().backward()
    grads = [p.grad.numpy() for p in params]
    base = [p.numpy().copy() for p in params]
    dirs = [r.standard_normal(p.shape) for p in base]

    def at(step):
        for p, b, d in zip(params, base, dirs):
            p.set_value(b + step * d)
        return float(loss_fn())
    numeric = (at(eps) - at(-eps)) / (2 * eps)
    at(0.0)
    analytic = sum(float((g * d).sum()) for g, d in zip(grads, dirs))
    assert abs(analytic - numeric) <= 1e-6 + 1e-5 * abs(numeric), (analytic, numeric)


def test_state_dict_keys_and_repr():
    layer = nn.TransformerEncoderLayer(8, 2, 16)
    assert list(layer.state_dict()) == [
        "self_attn.q_proj.weight", "self_attn.q_proj.bias", "self_attn.k_proj.weight",
        "self_attn.k_proj.bias", "self_attn.v_proj.weight", "self_attn.v_proj.bias",
        "self_attn.out_proj.weight", "self_attn.out_proj.bias", "linear1.weight", "linear1.bias",
        "linear2.weight", "linear2.bias", "norm1.weight", "norm1.bias", "norm2.weight",
        "norm2.bias"]
    assert repr(nn.MultiHeadAttention(8, 2)) == (
        "MultiHeadAttention(\n"
        "  (q_proj): Linear(in_features=8, out_features=8, dtype=float32)\n"
        "  (k_proj): Linear(in_features=8, out_features=8, dtype=float32)\n"
        "  (v_proj): Linear(in_features=8, out_features=8, dtype=float32)\n"
        "  (out_proj): Linear(in_features=8, out_features=8, dtype=float32)\n)")
    model = nn.Transformer(8, 2, 1, 2, 16)
    keys = list(model.state_dict())
    assert "decoder.layers.1.cross_attn.out_proj.bias" in keys and "encoder.norm.weight" in keys
    assert len(keys) == 16 + 2 + 2 * 26 + 2


def test_errors():
    with pytest.raises(AssertionError, match="embed_dim must be divisible by num_heads"):
        nn.MultiHeadAttention(6, 4)
    with pytest.raises(AssertionError, match="Expected nhead to be greater than 0"):
        nn.TransformerEncoderLayer(8, 0, 16)
    with pytest.raises(AssertionError, match="length of bias_attr should be 1 or 2 or 3"):
        nn.Transformer(8, 2, 1, 1, 16, bias_attr=[None] * 4)


# ---- scaled_dot_product_attention ------------------------------------------------------------
Q = rng.standard_normal((2, 4, 4, 3))
K = rng.standard_normal((2, 5, 4, 3))
V = rng.standard_normal((2, 5, 4, 3))
SDPA_CASES = {
    "plain": ((Q, K, V), {}),
    "gqa": ((Q, K[:, :, :2], V[:, :, :2]), {}),
    "bool_mask": ((Q, K, V), {"attn_mask": np.concatenate(
        [np.ones((2, 1, 4, 1), bool), rng.random((2, 1, 4, 4)) > 0.3], -1)}),
    "float_mask": ((Q, K, V), {"attn_mask": rng.standard_normal((4, 5))}),
    "causal": ((Q, K[:, :4], V[:, :4]), {"is_causal": True}),
    "scale": ((Q, K, V), {"scale": 0.3}),
}


@pytest.mark.parametrize("case", list(SDPA_CASES))
def test_sdpa_matches_numpy_and_gradients(case):
    arrays, kw = SDPA_CASES[case]
    t_kw = {k: paddle.to_tensor(v) if isinstance(v, np.ndarray) else v for k, v in kw.items()}
    out = F.scaled_dot_product_attention(*(paddle.to_tensor(a) for a in arrays), **t_kw)
    mask = kw.get("attn_mask")
    ref = np_sdpa(*arrays, mask=mask, causal=kw.get("is_causal", False), scale=kw.get("scale"))
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-10, atol=1e-12)
    check_vjp(lambda ts: F.scaled_dot_product_attention(*ts, **t_kw), list(arrays),
              np.random.default_rng(5))


def test_sdpa_unbatched_and_dropout():
    out = F.scaled_dot_product_attention(*(paddle.to_tensor(a[0]) for a in (Q, K, V)))
    np.testing.assert_allclose(out.numpy(), np_sdpa(Q, K, V)[0], rtol=1e-10, atol=1e-12)
    args = [paddle.to_tensor(a) for a in (Q, K, V)]
    eval_out = F.scaled_dot_product_attention(*args, dropout_p=0.5, training=False)
    np.testing.assert_allclose(eval_out.numpy(), np_sdpa(Q, K, V), rtol=1e-10)
    train_out = F.scaled_dot_product_attention(*args, dropout_p=0.5)
    assert not np.allclose(train_out.numpy(), eval_out.numpy())
