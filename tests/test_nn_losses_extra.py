"""multi_margin_loss / nn.MultiMarginLoss, dice_loss, npair_loss, sequence_mask, temporal_shift
and gumbel_softmax (compositions in nn/functional/{loss_margin,loss_metric,extension}.py): values
against NumPy references written here, gradients by central differences to second order
(float64), Paddle's argument errors."""
import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F
from eagergraph.nn.functional.loss_metric import _npair
from tests.gradcheck import check_grads

RNG = np.random.default_rng(0)
T = paddle.to_tensor


def ref_multi_margin(x, y, p, margin, w):
    n, c = x.shape
    out = np.zeros(n)
    for i in range(n):
        for j in range(c):
            if j != y[i]:
                out[i] += (w[y[i]] if w is not None else 1) * max(0, margin - x[i, y[i]]
                                                                     + x[i, j]) ** p
    return out / c


@pytest.mark.parametrize("p", [1, 2])
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("reduction", ["none", "mean", "sum"])
def test_multi_margin_loss(p, weighted, reduction):
    x, y = RNG.standard_normal([5, 4]), RNG.integers(0, 4, 5)
    w = RNG.random(4) + 0.5 if weighted else None
    got = F.multi_margin_loss(T(x), T(y), p=p, margin=0.8, weight=None if w is None else T(w),
                              reduction=reduction)
    want = ref_multi_margin(x, y, p, 0.8, w)
    want = {"none": want, "mean": want.mean(), "sum": want.sum()}[reduction]
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-12, atol=1e-14)
    layer = paddle.nn.MultiMarginLoss(p=p, margin=0.8, weight=None if w is None else T(w),
                                      reduction=reduction)
    np.testing.assert_allclose(layer(T(x), T(y)).numpy(), want, rtol=1e-12, atol=1e-14)
    arrays = [x] if w is None else [x, w]
    check_grads(lambda t: F.multi_margin_loss(t[0], T(y), p=p, margin=0.8,
                                              weight=t[1] if len(t) > 1 else None,
                                              reduction=reduction), arrays)


def test_multi_margin_loss_errors():
    x = T(np.zeros([3, 4]))
    with pytest.raises(ValueError, match="label's shape"):
        F.multi_margin_loss(x, T(np.array([1, 2])))
    with pytest.raises(ValueError, match="'reduction' in 'multi_margin_loss'"):
        F.multi_margin_loss(x, T(np.array([1, 2, 0])), reduction="x")
    with pytest.raises(ValueError, match="weight's shape"):
        F.multi_margin_loss(x, T(np.array([1, 2, 0])), weight=T(np.ones(3)))
    with pytest.raises(ValueError, match="'MultiMarginLoss'"):
        paddle.nn.MultiMarginLoss(reduction="x")


def test_dice_loss():
    x = RNG.random([3, 2, 4])
    lab = RNG.integers(0, 4, [3, 2, 1])
    onehot = (lab == np.arange(4)).astype(float)
    inse = (x * onehot).sum(axis=(1, 2))
    want = np.mean(1 - 2 * inse / (x.sum(axis=(1, 2)) + onehot.sum(axis=(1, 2)) + 1e-3))
    got = F.dice_loss(T(x), T(lab), epsilon=1e-3)
    assert got.shape == [] and got.dtype == paddle.float64
    np.testing.assert_allclose(got.item(), want, rtol=1e-12)
    check_grads(lambda t: F.dice_loss(t[0], T(lab)), [x])
    with pytest.raises(AssertionError, match="rank of input and label"):
        F.dice_loss(T(x), T(lab[..., 0]))


def ref_npair(a, p, labels, l2_reg):
    same = (labels[:, None] == labels[None, :]).astype(float)
    target = same / same.sum(1, keepdims=True)
    sim = a @ p.T
    logp = sim - sim.max(1, keepdims=True)
    logp -= np.log(np.exp(logp).sum(1, keepdims=True))
    ce = -(target * logp).sum(1, keepdims=True)
    l2 = ((a ** 2).sum(1).mean() + (p ** 2).sum(1).mean()) * 0.25 * l2_reg
    return l2 + (target * ce).sum(0).mean()


def test_npair_loss():
    a, p = RNG.standard_normal([4, 3]), RNG.standard_normal([4, 3])
    labels = np.array([1, 2, 1, 3])
    got = F.npair_loss(T(a.astype("float32")), T(p.astype("float32")), T(labels), l2_reg=0.1)
    assert got.dtype == paddle.float32 and got.shape == []
    np.testing.assert_allclose(got.item(), ref_npair(a, p, labels, 0.1), rtol=1e-5)
    # Paddle's npair_loss accepts float32 only; the float64 composition checks the gradients
    np.testing.assert_allclose(_npair(T(a), T(p), T(labels), 0.1).item(),
                               ref_npair(a, p, labels, 0.1), rtol=1e-12)
    check_grads(lambda t: _npair(t[0], t[1], T(labels), 0.1), [a, p])
    with pytest.raises(ValueError, match="does not match"):
        F.npair_loss(T(a), T(p), T(labels))
    with pytest.raises(ValueError, match="dims of anchor"):
        F.npair_loss(T(np.zeros([0, 3], "float32")), T(p.astype("float32")), T(labels))


def test_sequence_mask():
    got = F.sequence_mask(T([1, 3, 0]), 4)
    assert got.dtype == paddle.int64 and got.stop_gradient
    np.testing.assert_array_equal(got.numpy(), np.arange(4) < np.array([[1], [3], [0]]))
    lens = np.array([[1, 3], [0, 2]])
    np.testing.assert_array_equal(F.sequence_mask(T(lens)).numpy(),
                                  np.arange(3) < lens[..., None])
    got = F.sequence_mask(T([1.5, 3.0]), T(4), dtype="float32")
    assert got.dtype == paddle.float32
    np.testing.assert_array_equal(got.numpy(), [[1, 1, 0, 0], [1, 1, 1, 0]])
    assert F.sequence_mask(T(2), 3).shape == [3]
    assert F.sequence_mask(T([1, 2]), 3, "bool").dtype == paddle.bool


def ref_temporal_shift(x, seg_num, ratio):
    nt, c = x.shape[:2]
    v = x.reshape((nt // seg_num, seg_num) + x.shape[1:])
    out = np.zeros_like(v)
    c1, c2 = int(c * ratio), int(c * 2 * ratio)
    out[:, 1:, :c1] = v[:, :-1, :c1]
    out[:, :-1, c1:c2] = v[:, 1:, c1:c2]
    out[:, :, c2:] = v[:, :, c2:]
    return out.reshape(x.shape)


@pytest.mark.parametrize("ratio", [0.25, 0.3, 0.1, 0.45])
def test_temporal_shift(ratio):
    x = RNG.standard_normal([6, 5, 2, 3])
    got = F.temporal_shift(T(x), 3, ratio)
    np.testing.assert_array_equal(got.numpy(), ref_temporal_shift(x, 3, ratio))
    xl = x.transpose(0, 2, 3, 1)
    got = F.temporal_shift(T(xl), 3, ratio, data_format="NHWC")
    np.testing.assert_array_equal(got.numpy(),
                                  ref_temporal_shift(x, 3, ratio).transpose(0, 2, 3, 1))
    check_grads(lambda t: F.temporal_shift(t[0], 3, ratio), [x[:, :, :1, :2]])


def test_temporal_shift_errors():
    with pytest.raises(ValueError, match="divided exactly by Attr"):
        F.temporal_shift(paddle.zeros([6, 4, 1, 1]), 4)
    with pytest.raises(ValueError, match="rank should be 4"):
        F.temporal_shift(paddle.zeros([4, 4, 1]), 4)
    with pytest.raises(ValueError, match="less than 0.5"):
        F.temporal_shift(paddle.zeros([4, 4, 1, 1]), 4, 0.5)
    with pytest.raises(ValueError, match="greater than 0"):
        F.temporal_shift(paddle.zeros([4, 4, 1, 1]), 4, 0.0)
    with pytest.raises(ValueError, match="data_format"):
        F.temporal_shift(paddle.zeros([4, 4, 1, 1]), 4, data_format="NCDHW")
    with pytest.raises(RuntimeError, match="not registered"):
        F.temporal_shift(paddle.zeros([4, 4, 1, 1], "int32"), 4)


def test_gumbel_softmax():
    paddle.seed(7)
    logits = np.log(np.array([0.1, 0.2, 0.3, 0.4]))
    x = T(np.tile(logits, (4000, 1)), stop_gradient=False)
    y = F.gumbel_softmax(x, temperature=0.5)
    yv = y.numpy()
    np.testing.assert_allclose(yv.sum(1), 1, rtol=1e-12)
    # Gumbel-max: the argmax of x + g is distributed as softmax(x)
    freq = np.bincount(yv.argmax(1), minlength=4) / 4000
    np.testing.assert_allclose(freq, [0.1, 0.2, 0.3, 0.4], atol=0.03)
    # the gradient is softmax's: (1 / tau) * y * (w - sum(w * y))
    w = RNG.standard_normal(4)
    (y * T(w)).sum().backward()
    want = 2.0 * yv * (w - (yv * w).sum(1, keepdims=True))
    np.testing.assert_allclose(x.grad.numpy(), want, rtol=1e-9, atol=1e-12)
    # hard: one-hot at the argmax, with Paddle's zero gradient
    xh = T(RNG.standard_normal([3, 5]), stop_gradient=False)
    h = F.gumbel_softmax(xh, hard=True, axis=0)
    assert set(np.unique(h.numpy())) <= {0.0, 1.0}
    np.testing.assert_array_equal(h.numpy().sum(0), np.ones(5))
    (h * T(RNG.standard_normal([3, 5]))).sum().backward()
    np.testing.assert_array_equal(xh.grad.numpy(), np.zeros([3, 5]))
    with pytest.raises(ValueError, match="temperature must be greater than 0"):
        F.gumbel_softmax(xh, temperature=0)
    with pytest.raises(ValueError, match="Attr\\(axis\\)"):
        F.gumbel_softmax(xh, axis=3)
    with pytest.raises(RuntimeError, match="not registered"):
        F.gumbel_softmax(T([1, 2]))


def ref_margin_ce(x, y, m1, m2, m3, s):
    z = x.copy()
    rows = np.arange(len(y))
    z[rows, y] = np.cos(m1 * np.arccos(x[rows, y]) + m2) - m3
    z *= s
    z -= z.max(1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(1, keepdims=True))
    return -logp[rows, y][:, None], np.exp(logp)


@pytest.mark.parametrize("margins", [(1.0, 0.5, 0.0), (0.9, 0.4, 0.15), (1.0, 0.0, 0.35)])
def test_margin_cross_entropy(margins):
    x = RNG.uniform(-0.9, 0.9, [4, 5])
    y = RNG.integers(0, 5, 4)
    loss, sm = F.margin_cross_entropy(T(x), T(y), *margins, scale=8.0, return_softmax=True,
                                      reduction=None)
    want, want_sm = ref_margin_ce(x, y, *margins, 8.0)
    assert loss.shape == [4, 1]
    np.testing.assert_allclose(loss.numpy(), want, rtol=1e-10)
    np.testing.assert_allclose(sm.numpy(), want_sm, rtol=1e-10, atol=1e-15)
    np.testing.assert_allclose(F.margin_cross_entropy(T(x), T(y[:, None]), *margins,
                                                      scale=8.0).item(), want.mean(),
                               rtol=1e-10)
    check_grads(lambda t: F.margin_cross_entropy(t[0], T(y), *margins, scale=8.0,
                                                 reduction="sum"), [x])
    with pytest.raises(ValueError, match="input_dims - 1 = label_dims"):
        F.margin_cross_entropy(T(x), T(y[None, None]))
