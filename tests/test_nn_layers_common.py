"""Common and activation layers: NumPy references, central-difference gradients, reprs."""
import math

import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F
from eagergraph import nn
from tests.gradcheck import check_vjp

rng = np.random.default_rng(0)
X = rng.standard_normal((3, 4)) * 3


def t(a, **kw):
    return paddle.to_tensor(a, **kw)


def grad_ok(fn, arrays):
    check_vjp(fn, arrays, np.random.default_rng(2))


def erf(v):
    return np.vectorize(math.erf)(v)


ACTIVATIONS = {
    "relu6": (lambda x: np.clip(x, 0, 6), nn.ReLU6()),
    "hardtanh": (lambda x: np.clip(x, -1, 1), nn.Hardtanh()),
    "hardsigmoid": (lambda x: np.clip(x * 0.1666667 + 0.5, 0, 1), nn.Hardsigmoid()),
    "hardswish": (lambda x: x * np.clip(x + 3, 0, 6) / 6, nn.Hardswish()),
    "mish": (lambda x: x * np.tanh(np.log1p(np.exp(x))), nn.Mish()),
    "softsign": (lambda x: x / (1 + np.abs(x)), nn.Softsign()),
    "tanhshrink": (lambda x: x - np.tanh(x), nn.Tanhshrink()),
    "log_sigmoid": (lambda x: -np.log1p(np.exp(-x)), nn.LogSigmoid()),
    "celu": (lambda x: np.where(x > 0, x, 0.5 * np.expm1(x / 0.5)), nn.CELU(0.5)),
    "selu": (lambda x: 1.0507009873554805 * np.where(x > 0, x, 1.6732632423543772 * np.expm1(x)),
             nn.SELU()),
    "relu": (lambda x: np.maximum(x, 0), nn.ReLU()),
    "gelu": (lambda x: 0.5 * x * (1 + erf(x / math.sqrt(2))), nn.GELU()),
    "sigmoid": (lambda x: 1 / (1 + np.exp(-x)), nn.Sigmoid()),
    "tanh": (np.tanh, nn.Tanh()),
    "silu": (lambda x: x / (1 + np.exp(-x)), nn.Silu()),
    "elu": (lambda x: np.where(x > 0, x, np.expm1(x)), nn.ELU()),
    "leaky_relu": (lambda x: np.where(x > 0, x, 0.01 * x), nn.LeakyReLU()),
    "softplus": (lambda x: np.log1p(np.exp(x)), nn.Softplus()),
    "softmax": (lambda x: np.exp(x) / np.exp(x).sum(-1, keepdims=True), nn.Softmax()),
    "log_softmax": (lambda x: x - np.log(np.exp(x).sum(-1, keepdims=True)), nn.LogSoftmax()),
}


@pytest.mark.parametrize("name", sorted(ACTIVATIONS))
def test_activation_layers(name):
    ref, layer = ACTIVATIONS[name]
    np.testing.assert_allclose(layer(t(X)).numpy(), ref(X), rtol=1e-6, atol=1e-7)
    grad_ok(lambda xs: layer(xs[0]), [X + 0.01])  # off the kinks at 0, +-1, +-3


def test_prelu():
    w = np.array([0.1, 0.2, 0.3])
    x = rng.standard_normal((2, 3, 4))
    out = F.prelu(t(x), t(w))
    np.testing.assert_allclose(out.numpy(), np.where(x > 0, x, w[None, :, None] * x))
    grad_ok(lambda xs: F.prelu(xs[0], xs[1]), [x, w])
    layer = nn.PReLU()
    assert list(layer.state_dict()) == ["_weight"]
    np.testing.assert_allclose(layer(t(X)).numpy(), np.where(X > 0, X, 0.25 * X), rtol=1e-6)
    assert repr(layer) == "PReLU(num_parameters=1, data_format=NCHW, init=0.25, dtype=float32)"


def test_activation_reprs_and_errors():
    assert repr(nn.SELU()) == "SELU(scale=1.0507009873554805, alpha=1.6732632423543772)"
    assert repr(nn.GELU()) == "GELU(approximate=False)"
    assert repr(nn.Silu()) == "Silu(inplace=False)"
    assert repr(nn.Hardtanh()) == "Hardtanh(min=-1.0, max=1.0)"
    assert repr(nn.Softplus()) == "Softplus(beta=1, threshold=20)"
    assert repr(nn.ReLU(name="r")) == "ReLU(name=r)"
    with pytest.raises(ValueError, match="scale must be greater than 1.0"):
        F.selu(t(X), scale=0.5)
    with pytest.raises(ZeroDivisionError):
        F.celu(t(X), alpha=0)


def test_linear_and_bilinear():
    lin = nn.Linear(4, 2)
    assert lin.weight.shape == [4, 2] and not lin.bias.numpy().any()
    np.testing.assert_allclose(lin(t(X.astype(np.float32))).numpy(),
                               X @ lin.weight.numpy() + lin.bias.numpy(), rtol=1e-5)
    grad_ok(lambda xs: F.linear(xs[0], xs[1], xs[2]), [X, rng.standard_normal((4, 2)),
                                                       rng.standard_normal(2)])
    x1, x2 = rng.standard_normal((3, 4)), rng.standard_normal((3, 2))
    w, b = rng.standard_normal((5, 4, 2)), rng.standard_normal((1, 5))
    np.testing.assert_allclose(F.bilinear(t(x1), t(x2), t(w), t(b)).numpy(),
                               np.einsum("bi,kij,bj->bk", x1, w, x2) + b)
    grad_ok(lambda xs: F.bilinear(*xs), [x1, x2, w, b])
    bl = nn.Bilinear(4, 2, 5)
    assert bl.weight.shape == [5, 4, 2] and bl.bias.shape == [1, 5]
    assert repr(bl) == "Bilinear(in1_features=4, in2_features=2, out_features=5, dtype=float32)"


def test_embedding():
    w = rng.standard_normal((5, 3))
    ids = np.array([[0, 2], [4, 2]])
    out = F.embedding(t(ids), t(w), padding_idx=2)
    ref = w[ids] * (ids != 2)[..., None]
    np.testing.assert_allclose(out.numpy(), ref)
    wt = t(w, stop_gradient=False)
    F.embedding(t(ids), wt, padding_idx=2).sum().backward()
    np.testing.assert_allclose(wt.grad.numpy(), np.array([1, 0, 0, 0, 1])[:, None] * np.ones(3))
    emb = nn.Embedding(4, 3, padding_idx=-1)
    assert not emb.weight.numpy()[3].any() and emb.weight.numpy()[:3].any()
    assert repr(emb) == "Embedding(4, 3, padding_idx=-1, sparse=False, scale_grad_by_freq=False)"
    with pytest.raises(ValueError, match="expected >= 0 and < 5"):
        F.embedding(t(np.array([5])), t(w))
    with pytest.raises(ValueError, match="padding_idx must be within"):
        nn.Embedding(4, 3, padding_idx=4)


def test_dropout():
    x = t(np.ones((200, 50), np.float32))
    paddle.seed(5)
    out = F.dropout(x, 0.3).numpy()
    kept = out != 0
    np.testing.assert_allclose(out[kept], 1 / 0.7, rtol=1e-6)  # upscale_in_train
    assert abs(kept.mean() - 0.7) < 0.02
    paddle.seed(5)
    np.testing.assert_array_equal(F.dropout(x, 0.3).numpy(), out)  # seed repeats the mask
    np.testing.assert_array_equal(F.dropout(x, 0.3, training=False).numpy(), x.numpy())
    np.testing.assert_allclose(
        F.dropout(x, 0.3, training=False, mode="downscale_in_infer").numpy(), 0.7)
    out = F.dropout(x, 0.5, axis=1).numpy()  # one decision per column
    assert ((out == 0).all(0) | (out != 0).all(0)).all()
    assert not F.dropout(x, 1.0).numpy().any()
    layer = nn.Dropout(0.5)
    layer.eval()
    np.testing.assert_array_equal(layer(x).numpy(), x.numpy())
    with pytest.raises(ValueError, match="between 0 and 1"):
        F.dropout(x, 1.5)
    with pytest.raises(ValueError, match="mode argument"):
        F.dropout(x, 0.5, mode="x")


def test_flatten_unflatten_identity_one_hot():
    x = t(rng.standard_normal((2, 3, 4)))
    assert nn.Flatten()(x).shape == [2, 12]
    assert nn.Unflatten(2, [2, 2])(x).shape == [2, 3, 2, 2]
    assert repr(nn.Unflatten(1, [2, 3])) == "Unflatten(axis=1, shape=[2, 3])"
    assert nn.Identity(3, foo=1)(x) is x
    oh = F.one_hot(t(np.array([1, 0, 3])), 4)
    assert oh.dtype == paddle.float32
    np.testing.assert_array_equal(oh.numpy(), np.eye(4)[[1, 0, 3]])
    np.testing.assert_allclose(F.label_smooth(oh, epsilon=0.2).numpy(),
                               np.eye(4)[[1, 0, 3]] * 0.8 + 0.05, rtol=1e-6)
