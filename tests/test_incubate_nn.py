"""paddle.incubate.nn(.functional): the functions Paddle 3.3.1 runs on the CPU against its
captured results (tests/incubate_cases.py, tests/fixtures/paddle331_incubate.npz), the
GPU-only ones against NumPy written from Paddle's documented formulas, gradients of every
composition by finite differences (second order), the layers' parameters, and the GPU-only
errors."""
import os

import numpy as np
import pytest
from scipy.special import erf

import eagergraph as paddle
import eagergraph.incubate.nn.functional as IF
from tests.case_runner import compare, run
from tests.gradcheck import check_grads
from tests.incubate_cases import CASES

DATA = dict(np.load(os.path.join(os.path.dirname(__file__), "fixtures",
                                 "paddle331_incubate.npz")))
RNG = np.random.default_rng(11)
# Paddle 3.3.1 registers fused_rms_norm's CPU kernel for float32 only; eagergraph computes
# float64 too (checked against NumPy below)
EAGERGRAPH_COMPUTES = {"fused_rms_norm float64"}


def T(a, **kw):
    return paddle.to_tensor(a, **kw)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_matches_paddle(case):
    name, fname, args, kwargs, diff = case
    if f"{name}|error" in DATA and name not in EAGERGRAPH_COMPUTES:
        with pytest.raises(Exception) as e:
            run(paddle, "incubate.nn.functional", fname, args, kwargs, diff)
        assert type(e.value).__name__ == str(DATA[f"{name}|error"]), e.value
        return
    outs, grads = run(paddle, "incubate.nn.functional", fname, args, kwargs, diff)
    if name in EAGERGRAPH_COMPUTES:
        x, w = args[0], args[1]
        want = x / np.sqrt((x ** 2).mean(-1, keepdims=True) + 1e-5) * w
        np.testing.assert_allclose(outs[0], want, rtol=1e-12)
        return
    compare(DATA, name, outs, grads)


def _ln(h, w, b, eps=1e-5):
    m, v = h.mean(-1, keepdims=True), h.var(-1, keepdims=True)
    return (h - m) / np.sqrt(v + eps) * (1 if w is None else w) + (0 if b is None else b)


def test_norm_bias_without_residual_is_added():
    # Paddle 3.3.1's CPU kernels drop `bias` when no residual is given (README differences)
    x, bb, w = RNG.standard_normal((2, 4)), RNG.standard_normal(4), RNG.standard_normal(4)
    out = IF.fused_rms_norm(T(x), T(w), None, 1e-6, begin_norm_axis=1, bias=T(bb))[0]
    h = x + bb
    np.testing.assert_allclose(out.numpy(), h / np.sqrt((h ** 2).mean(-1, keepdims=True) + 1e-6)
                               * w, rtol=1e-12)
    out = IF.fused_layer_norm(T(x), T(w), None, 1e-6, begin_norm_axis=1, bias=T(bb))[0]
    np.testing.assert_allclose(out.numpy(), _ln(h, w, None, 1e-6), rtol=1e-10)


def test_norm_gradients():
    x, r = RNG.standard_normal((2, 3, 4)), RNG.standard_normal((2, 3, 4))
    w, b, bb = RNG.standard_normal(4), RNG.standard_normal(4), RNG.standard_normal(4)
    check_grads(lambda t: IF.fused_rms_norm(t[0], t[1], t[2], 1e-5, begin_norm_axis=2,
                                            bias=t[3], residual=t[4])[0], [x, w, b, bb, r])
    check_grads(lambda t: IF.fused_layer_norm(t[0], t[1], t[2], 1e-5, residual_alpha=0.7,
                                              begin_norm_axis=2, residual=t[3])[0],
                [x, w, b, r])


# ---- rotary embedding: Paddle's reference (its unit test's formulas) in NumPy ---------------

def _np_rope(x, sin, cos, every_two):
    r = sin.shape[-1]
    rot, rest = x[..., :r], x[..., r:]
    if every_two:
        turned = np.stack([-rot[..., 1::2], rot[..., 0::2]], -1).reshape(rot.shape)
    else:
        turned = np.concatenate([-rot[..., r // 2:], rot[..., :r // 2]], -1)
    return np.concatenate([rot * cos + turned * sin, rest], -1)


def _np_default_sin_cos(s, d, base=10000.0):
    inv = 1.0 / base ** ((np.arange(d) // 2 * 2) / d)
    ang = np.arange(s)[:, None] * inv[None, :]
    return np.sin(ang)[None, :, None, :], np.cos(ang)[None, :, None, :]


@pytest.mark.parametrize("every_two", [True, False])
def test_rotary_position_embedding(every_two):
    b, s, h, d = 2, 5, 3, 8
    q, k = RNG.standard_normal((b, s, h, d)), RNG.standard_normal((b, s, 1, d))
    ang = RNG.uniform(0, 3, (s, d))
    sin, cos = np.sin(ang), np.cos(ang)
    oq, ok, ov = IF.fused_rotary_position_embedding(T(q), T(k), None, T(sin), T(cos),
                                                    use_neox_rotary_style=every_two)
    assert ov is None
    np.testing.assert_allclose(oq.numpy(), _np_rope(q, sin[None, :, None], cos[None, :, None],
                                                    every_two), rtol=1e-12)
    np.testing.assert_allclose(ok.numpy(), _np_rope(k, sin[None, :, None], cos[None, :, None],
                                                    every_two), rtol=1e-12)
    # position_ids pick rows of sin/cos; time_major swaps the first two axes
    pos = np.array([[4, 3, 2, 1, 0], [0, 0, 1, 1, 2]])
    oq = IF.fused_rotary_position_embedding(T(q), sin=T(sin), cos=T(cos), position_ids=T(pos),
                                            use_neox_rotary_style=every_two)[0]
    np.testing.assert_allclose(oq.numpy(), _np_rope(q, sin[pos][:, :, None],
                                                    cos[pos][:, :, None], every_two), rtol=1e-12)
    qt = q.transpose(1, 0, 2, 3).copy()
    ot = IF.fused_rotary_position_embedding(T(qt), sin=T(sin), cos=T(cos), time_major=True,
                                            use_neox_rotary_style=every_two)[0]
    np.testing.assert_allclose(ot.numpy().transpose(1, 0, 2, 3),
                               _np_rope(q, sin[None, :, None], cos[None, :, None], every_two),
                               rtol=1e-12)
    # a narrower sin/cos rotates part of head_dim and passes the rest through
    op = IF.fused_rotary_position_embedding(T(q), sin=T(sin[:, :4]), cos=T(cos[:, :4]),
                                            use_neox_rotary_style=every_two)[0]
    np.testing.assert_allclose(op.numpy(), _np_rope(q, sin[None, :, None, :4],
                                                    cos[None, :, None, :4], every_two),
                               rtol=1e-12)
    check_grads(lambda t: IF.fused_rotary_position_embedding(
        t[0], sin=t[1], cos=t[2], use_neox_rotary_style=every_two)[0], [q, sin, cos])


def test_rotary_defaults_and_errors():
    q = RNG.standard_normal((1, 6, 2, 8)).astype("float32")
    oq = IF.fused_rotary_position_embedding(T(q))[0]
    sin, cos = _np_default_sin_cos(6, 8)
    np.testing.assert_allclose(oq.numpy(), _np_rope(q, sin, cos, True), rtol=1e-5, atol=1e-6)
    with pytest.raises(AssertionError, match="rotate_half"):
        IF.fused_rotary_position_embedding(T(q), use_neox_rotary_style=False)
    with pytest.raises(AssertionError, match="position_ids"):
        IF.fused_rotary_position_embedding(T(q), position_ids=T([[0] * 6]))


# ---- activations and linear -------------------------------------------------------------------

def _gelu(a):
    return 0.5 * a * (1 + erf(a / np.sqrt(2)))


def _gelu_tanh(a):
    return 0.5 * a * (1 + np.tanh(np.sqrt(2 / np.pi) * (a + 0.044715 * a ** 3)))


def _silu(a):
    return a / (1 + np.exp(-a))


def test_fused_bias_act():
    x, b = RNG.standard_normal((3, 8)), RNG.standard_normal(8)
    h = x + b
    for act, want in (("gelu", _gelu(h)), ("relu", np.maximum(h, 0)),
                      ("geglu", _gelu(h[:, :4]) * h[:, 4:]),
                      ("swiglu", _silu(h[:, :4]) * h[:, 4:])):
        out = IF.fused_bias_act(T(x), T(b), act_method=act)
        np.testing.assert_allclose(out.numpy(), want, rtol=1e-10, atol=1e-12)
        check_grads(lambda t, act=act: IF.fused_bias_act(t[0], t[1], act_method=act), [x, b])
    shift, smooth = RNG.standard_normal(4), RNG.standard_normal(4)
    out = IF.fused_bias_act(T(x), T(b), shift=T(shift), smooth=T(smooth), act_method="swiglu")
    np.testing.assert_allclose(out.numpy(), (_silu(h[:, :4]) * h[:, 4:] + shift) * smooth,
                               rtol=1e-10)
    with pytest.raises(ValueError, match="act_method"):
        IF.fused_bias_act(T(x), act_method="tanh")
    with pytest.raises(NotImplementedError, match="int8"):
        IF.fused_bias_act(T(x), quant_scale=1.0)


def test_fused_linear_family():
    x, w, b = RNG.standard_normal((2, 3, 4)), RNG.standard_normal((4, 5)), RNG.standard_normal(5)
    np.testing.assert_allclose(IF.fused_linear(T(x), T(w), T(b)).numpy(), x @ w + b, rtol=1e-12)
    np.testing.assert_allclose(IF.fused_linear(T(x), T(w.T.copy()), T(b),
                                               transpose_weight=True).numpy(), x @ w + b,
                               rtol=1e-12)
    np.testing.assert_allclose(IF.fused_matmul_bias(T(x[0].T.copy()), T(w), None,
                                                    transpose_x=True).numpy(), x[0] @ w,
                               rtol=1e-12)
    x2 = x.reshape(6, 4)
    for act, f in ((None, lambda a: a), ("relu", lambda a: np.maximum(a, 0)),
                   ("gelu", _gelu_tanh)):
        out = IF.fused_linear_activation(T(x2), T(w), T(b), activation=act)
        np.testing.assert_allclose(out.numpy(), f(x2 @ w + b), rtol=1e-10, atol=1e-12)
    check_grads(lambda t: IF.fused_linear_activation(t[0], t[1], t[2], activation="gelu"),
                [x2, w, b])


# ---- transformer blocks -----------------------------------------------------------------------

def test_fused_feedforward_and_bias_dropout_residual_layer_norm():
    x = RNG.standard_normal((2, 3, 4))
    w1, b1 = RNG.standard_normal((4, 6)), RNG.standard_normal(6)
    w2, b2 = RNG.standard_normal((6, 4)), RNG.standard_normal(4)
    s1, s2, c1, c2 = (RNG.standard_normal(4) for _ in range(4))
    for pre in (False, True):
        for act, f in (("relu", lambda a: np.maximum(a, 0)), ("gelu", _gelu)):
            out = IF.fused_feedforward(T(x), T(w1), T(w2), T(b1), T(b2), T(s1), T(c1), T(s2),
                                       T(c2), dropout1_rate=0.0, dropout2_rate=0.0,
                                       activation=act, pre_layer_norm=pre)
            h = _ln(x, s1, c1) if pre else x
            y = x + (f(h @ w1 + b1) @ w2 + b2)
            np.testing.assert_allclose(out.numpy(), y if pre else _ln(y, s2, c2), rtol=1e-10)
    out = IF.fused_feedforward(T(x), T(w1), T(w2), add_residual=False, training=False)
    np.testing.assert_allclose(out.numpy(), _ln(np.maximum(x @ w1, 0) @ w2, None, None),
                               rtol=1e-10)
    check_grads(lambda t: IF.fused_feedforward(t[0], t[1], t[2], t[3], t[4], ln2_scale=t[5],
                                               dropout1_rate=0.0, dropout2_rate=0.0,
                                               activation="gelu"),
                [x, w1, w2, b1, b2, s2])
    r, bias = RNG.standard_normal((2, 3, 4)), RNG.standard_normal(4)
    out = IF.fused_bias_dropout_residual_layer_norm(T(x), T(r), T(bias), T(s1), T(c1),
                                                    dropout_rate=0.0)
    np.testing.assert_allclose(out.numpy(), _ln(r + x + bias, s1, c1), rtol=1e-10)
    with pytest.raises(ValueError, match="mode"):
        IF.fused_feedforward(T(x), T(w1), T(w2), mode="scale")


def _np_mha(x, qkv_w, qkv_b, lin_w, lin_b, mask, pre, s, c):
    b, n, e = x.shape
    nh, hd = qkv_w.shape[1], qkv_w.shape[2]
    h = _ln(x, s, c) if pre else x
    qkv = np.einsum("bse,thde->tbhsd", h, qkv_w) + qkv_b[:, None, :, None, :]
    q, k, v = qkv
    att = q @ k.transpose(0, 1, 3, 2) / np.sqrt(hd) + (0 if mask is None else mask)
    att = np.exp(att - att.max(-1, keepdims=True))
    att /= att.sum(-1, keepdims=True)
    ctx = (att @ v).transpose(0, 2, 1, 3).reshape(b, n, nh * hd)
    out = x + ctx @ lin_w + lin_b
    return out if pre else _ln(out, s, c)


@pytest.mark.parametrize("pre", [False, True])
def test_fused_multi_head_attention(pre):
    b, n, e, nh = 2, 3, 4, 2
    x = RNG.standard_normal((b, n, e))
    qkv_w, qkv_b = RNG.standard_normal((3, nh, e // nh, e)), RNG.standard_normal((3, nh, e // nh))
    lin_w, lin_b = RNG.standard_normal((e, e)), RNG.standard_normal(e)
    mask = np.where(RNG.random((b, 1, n, n)) > 0.3, 0.0, -1e4)
    s, c = RNG.standard_normal(e), RNG.standard_normal(e)
    kw = dict(pre_layer_norm=pre, dropout_rate=0.0, attn_dropout_rate=0.0)
    if pre:
        kw.update(pre_ln_scale=T(s), pre_ln_bias=T(c))
    else:
        kw.update(ln_scale=T(s), ln_bias=T(c))
    out = IF.fused_multi_head_attention(T(x), T(qkv_w), T(lin_w), qkv_bias=T(qkv_b),
                                        linear_bias=T(lin_b), attn_mask=T(mask), **kw)
    np.testing.assert_allclose(out.numpy(), _np_mha(x, qkv_w, qkv_b, lin_w, lin_b, mask, pre,
                                                    s, c), rtol=1e-9)
    # transpose_qkv_wb: the same projection as [embed_dim, 3 * embed_dim]
    wt = qkv_w.reshape(3 * e, e).T.copy()
    out2 = IF.fused_multi_head_attention(T(x), T(wt), T(lin_w), qkv_bias=T(qkv_b.reshape(-1)),
                                         linear_bias=T(lin_b), attn_mask=T(mask), num_heads=nh,
                                         transpose_qkv_wb=True, **kw)
    np.testing.assert_allclose(out2.numpy(), out.numpy(), rtol=1e-10)
    check_grads(lambda t: IF.fused_multi_head_attention(
        t[0], t[1], t[2], qkv_bias=t[3], linear_bias=t[4], attn_mask=T(mask), **kw),
        [x, qkv_w, lin_w, qkv_b, lin_b])


def test_layers():
    layer = paddle.incubate.nn.FusedTransformerEncoderLayer(8, 2, 16, dropout_rate=0.0)
    shapes = {k: v.shape for k, v in layer.state_dict().items()}
    assert shapes["fused_attn.qkv_weight"] == [3, 2, 4, 8]
    assert shapes["ffn._linear1_weight"] == [8, 16] and "ffn._ln2_scale" in shapes
    x = T(RNG.standard_normal((2, 3, 8)).astype("float32"))
    out = layer(x)
    a = layer.fused_attn
    want = IF.fused_multi_head_attention(x, a.qkv_weight, a.linear_weight, qkv_bias=a.qkv_bias,
                                         linear_bias=a.linear_bias, ln_scale=a.ln_scale,
                                         ln_bias=a.ln_bias, dropout_rate=0.0,
                                         attn_dropout_rate=0.0)
    f = layer.ffn
    want = IF.fused_feedforward(want, f._linear1_weight, f._linear2_weight, f._linear1_bias,
                                f._linear2_bias, ln2_scale=f._ln2_scale, ln2_bias=f._ln2_bias,
                                dropout1_rate=0.0, dropout2_rate=0.0)
    np.testing.assert_allclose(out.numpy(), want.numpy(), rtol=1e-6)
    out.sum().backward()
    assert a.qkv_weight.grad is not None and f._linear1_weight.grad is not None
    pre = paddle.incubate.nn.FusedMultiHeadAttention(8, 2, normalize_before=True)
    assert pre.pre_ln_scale is not None and pre.ln_scale is None
    lin = paddle.incubate.nn.FusedLinear(4, 5, transpose_weight=True)
    assert lin.weight.shape == [5, 4]
    xs = T(RNG.standard_normal((2, 4)).astype("float32"))
    np.testing.assert_allclose(lin(xs).numpy(), xs.numpy() @ lin.weight.numpy().T, rtol=1e-6)
    add = paddle.incubate.nn.FusedDropoutAdd(p=0.5)
    add.eval()
    np.testing.assert_allclose(add(xs, xs).numpy(), 2 * xs.numpy())
    ln = paddle.incubate.nn.FusedBiasDropoutResidualLayerNorm(4, dropout_rate=0.0)
    np.testing.assert_allclose(ln(xs, xs).numpy(), _ln(2 * xs.numpy(), None, None), rtol=1e-5,
                               atol=1e-6)


def test_gpu_only_functions_raise_paddles_error():
    for name in ("masked_multihead_attention", "variable_length_memory_efficient_attention",
                 "fused_multi_transformer", "fast_ln", "moe_combine"):
        with pytest.raises(RuntimeError, match=r"\(NotFound\) The kernel `.*` is not registered"):
            getattr(IF, name)(T([1.0]))
    with pytest.raises(RuntimeError, match="fused_multi_transformer"):
        paddle.incubate.nn.FusedMultiTransformer(8, 2, 16)


def test_names_match_paddle():
    rp = pytest.importorskip("paddle")
    assert set(rp.incubate.nn.functional.__all__) <= set(IF.__all__)
    assert set(rp.incubate.nn.__all__) <= set(paddle.incubate.nn.__all__)
    for cls in ("FusedMultiHeadAttention", "FusedFeedForward", "FusedLinear"):
        args = {"FusedMultiHeadAttention": (8, 2), "FusedFeedForward": (8, 16),
                "FusedLinear": (4, 5)}[cls]
        want = {k: list(v.shape) for k, v in getattr(rp.incubate.nn, cls)(*args)
                .state_dict().items()}
        got = {k: list(v.shape) for k, v in getattr(paddle.incubate.nn, cls)(*args)
               .state_dict().items()}
        assert got == want
