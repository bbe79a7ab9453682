"""Loss functions and layers against NumPy references written here, plus gradient checks by
central differences (tests/gradcheck.py)."""
import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F
from tests.gradcheck import check_vjp


def check_grads(fn, arrays):
    """First-order reverse mode against central differences (no create_graph: the generated
    scale_grad formula can't record a graph yet)."""
    check_vjp(fn, arrays, np.random.default_rng(1))

rng = np.random.default_rng(0)
X = rng.standard_normal((4, 5)) * 2
LABEL = np.array([1, 0, 4, 1])
W = np.array([1.0, 2.0, 3.0, 0.5, 1.5])


def log_softmax_np(x, axis=-1):
    m = x.max(axis=axis, keepdims=True)
    return x - m - np.log(np.exp(x - m).sum(axis=axis, keepdims=True))


def t(a, **kw):
    return paddle.to_tensor(a, **kw)


def test_cross_entropy_hard_labels_all_reductions():
    nll = -log_softmax_np(X)[np.arange(4), LABEL]
    np.testing.assert_allclose(F.cross_entropy(t(X), t(LABEL), reduction="none").numpy(), nll)
    np.testing.assert_allclose(F.cross_entropy(t(X), t(LABEL)).numpy(), nll.mean())
    np.testing.assert_allclose(F.cross_entropy(t(X), t(LABEL), reduction="sum").numpy(),
                               nll.sum())
    # a label of shape [N, 1] keeps that shape unreduced
    out = F.cross_entropy(t(X), t(LABEL[:, None]), reduction="none")
    assert out.shape == [4, 1]


def test_cross_entropy_ignore_index_and_weight():
    nll = -log_softmax_np(X)[np.arange(4), LABEL]
    keep = LABEL != 1
    # ignore_index >= 0: the mean is over the kept labels only
    np.testing.assert_allclose(F.cross_entropy(t(X), t(LABEL), ignore_index=1).numpy(),
                               nll[keep].sum() / keep.sum())
    w = W[LABEL]
    np.testing.assert_allclose(F.cross_entropy(t(X), t(LABEL), weight=t(W)).numpy(),
                               (nll * w).sum() / w.sum())
    np.testing.assert_allclose(
        F.cross_entropy(t(X), t(LABEL), weight=t(W), ignore_index=1).numpy(),
        (nll * w * keep).sum() / (w * keep).sum())
    # the default ignore_index (-100) zeroes the loss but still counts it in the mean (Paddle)
    lab = np.array([1, 0, -100, 1])
    nll2 = np.where(lab == -100, 0, -log_softmax_np(X)[np.arange(4), np.maximum(lab, 0)])
    np.testing.assert_allclose(F.cross_entropy(t(X), t(lab)).numpy(), nll2.mean())


def test_cross_entropy_soft_label_smoothing_and_probabilities():
    soft = np.exp(log_softmax_np(X[::-1]))
    np.testing.assert_allclose(
        F.cross_entropy(t(X), t(soft), soft_label=True, reduction="none").numpy(),
        -(soft * log_softmax_np(X)).sum(-1, keepdims=True))
    eps = 0.2
    smooth = np.eye(5)[LABEL] * (1 - eps) + eps / 5
    np.testing.assert_allclose(F.cross_entropy(t(X), t(LABEL), label_smoothing=eps).numpy(),
                               -(smooth * log_softmax_np(X)).sum(-1).mean())
    p = np.exp(log_softmax_np(X))
    np.testing.assert_allclose(
        F.cross_entropy(t(p), t(LABEL), use_softmax=False, reduction="none").numpy(),
        -np.log(p[np.arange(4), LABEL]))


def test_cross_entropy_axis1():
    x = rng.standard_normal((2, 3, 4))
    lab = np.array([[0, 1, 2, 1], [2, 2, 0, 1]])
    ref = -np.take_along_axis(log_softmax_np(x, 1), lab[:, None, :], 1)[:, 0, :]
    np.testing.assert_allclose(F.cross_entropy(t(x), t(lab), axis=1, reduction="none").numpy(),
                               ref)


def test_cross_entropy_errors():
    with pytest.raises(ValueError, match="reduction"):
        F.cross_entropy(t(X), t(LABEL), reduction="foo")
    with pytest.raises(IndexError, match="label value should less than"):
        F.cross_entropy(t(X), t(np.array([1, 0, 5, 1])))
    with pytest.raises(ValueError, match="input_dims - 1 = label_dims"):
        F.cross_entropy(t(X), t(np.zeros((4, 1, 1), np.int64)))
    with pytest.raises(ValueError, match="same shape in dimensions except axis"):
        F.cross_entropy(t(X), t(np.array([1, 0, 2])))


def test_nll_loss():
    lp = log_softmax_np(X)
    picked = -lp[np.arange(4), LABEL]
    np.testing.assert_allclose(F.nll_loss(t(lp), t(LABEL)).numpy(), picked.mean())
    w = W[LABEL]
    np.testing.assert_allclose(F.nll_loss(t(lp), t(LABEL), weight=t(W)).numpy(),
                               (picked * w).sum() / w.sum())
    keep = LABEL != 1
    np.testing.assert_allclose(F.nll_loss(t(lp), t(LABEL), ignore_index=1,
                                          reduction="none").numpy(), picked * keep)
    # every label ignored: the mean is 0, not NaN
    assert F.nll_loss(t(lp), t(np.array([1, 1, 1, 1])), ignore_index=1).item() == 0.0
    x = rng.standard_normal((2, 3, 4))
    lab = np.array([[0, 1, 2, 1], [2, 2, 0, 1]])
    ref = -np.take_along_axis(x, lab[:, None, :], 1)[:, 0, :]
    np.testing.assert_allclose(F.nll_loss(t(x), t(lab), reduction="none").numpy(), ref)
    with pytest.raises(ValueError, match="out of bounds"):
        F.nll_loss(t(lp), t(np.array([5, 0, 1, 1])))


def test_bce_losses():
    p = rng.random((3, 4)) * 0.98 + 0.01
    y = (rng.random((3, 4)) > 0.5).astype(np.float64)
    ref = -(y * np.log(p) + (1 - y) * np.log(1 - p))
    np.testing.assert_allclose(F.binary_cross_entropy(t(p), t(y)).numpy(), ref.mean())
    # log is clamped at -100
    np.testing.assert_allclose(
        F.binary_cross_entropy(t([0.0, 1.0]), t([1.0, 0.0]), reduction="none").numpy(),
        [100.0, 100.0])
    with pytest.raises(ValueError, match="less than or equal to 1"):
        F.binary_cross_entropy(t([1.5]), t([1.0]))
    z = rng.standard_normal((3, 4)) * 3
    ref = np.log1p(np.exp(-np.abs(z))) + np.maximum(z, 0) - z * y
    np.testing.assert_allclose(
        F.binary_cross_entropy_with_logits(t(z), t(y), reduction="none").numpy(), ref)
    pw = np.array([1.0, 2.0, 0.5, 3.0])
    ref_pw = (1 - y) * z + (1 + (pw - 1) * y) * (np.log1p(np.exp(-np.abs(z))) + np.maximum(-z, 0))
    np.testing.assert_allclose(
        F.binary_cross_entropy_with_logits(t(z), t(y), pos_weight=t(pw),
                                           reduction="sum").numpy(), ref_pw.sum())


def test_regression_losses():
    a, b = rng.standard_normal((3, 4)), rng.standard_normal((3, 4))
    np.testing.assert_allclose(F.mse_loss(t(a), t(b)).numpy(), ((a - b) ** 2).mean())
    np.testing.assert_allclose(F.l1_loss(t(a), t(b), reduction="sum").numpy(),
                               np.abs(a - b).sum())
    d = 0.7
    r = np.abs(a - b)
    huber = np.where(r <= d, 0.5 * r ** 2, d * (r - 0.5 * d))
    np.testing.assert_allclose(F.smooth_l1_loss(t(a), t(b), delta=d).numpy(), huber.mean())
    np.testing.assert_allclose(
        F.smooth_l1_loss(t(a), t(b), delta=d, is_huber=False, reduction="none").numpy(),
        huber / d)
    with pytest.raises(ValueError, match="reduction"):
        F.mse_loss(t(a), t(b), reduction="foo")


def test_kl_div():
    x = log_softmax_np(rng.standard_normal((3, 4)))
    y = np.array([[0.0, 0.3, 0.7, 0.0], [0.25] * 4, [0.1, 0.2, 0.3, 0.4]])
    ref = np.where(y > 0, y * (np.log(np.where(y > 0, y, 1)) - x), 0)
    np.testing.assert_allclose(F.kl_div(t(x), t(y), reduction="none").numpy(), ref)
    np.testing.assert_allclose(F.kl_div(t(x), t(y), reduction="batchmean").numpy(),
                               ref.sum() / 3)
    ly = np.log(y + 0.1)
    np.testing.assert_allclose(F.kl_div(t(x), t(ly), log_target=True).numpy(),
                               (np.exp(ly) * (ly - x)).mean())


@pytest.mark.parametrize("fn", [
    lambda xs: F.cross_entropy(xs[0], t(LABEL)),
    lambda xs: F.cross_entropy(xs[0], t(LABEL), weight=t(W), ignore_index=1),
    lambda xs: F.cross_entropy(xs[0], t(LABEL), label_smoothing=0.1),
    lambda xs: F.nll_loss(F.log_softmax(xs[0]), t(LABEL), weight=t(W)),
    lambda xs: F.binary_cross_entropy_with_logits(xs[0], t((X > 0).astype(np.float64)),
                                                  pos_weight=t(W)),
    lambda xs: F.smooth_l1_loss(xs[0], t(X[::-1].copy()), delta=0.5),
    lambda xs: F.kl_div(xs[0], t(np.abs(X) / 10)),
], ids=["ce", "ce_weight_ignore", "ce_smoothing", "nll", "bce_logits", "smooth_l1", "kl_div"])
def test_loss_gradients(fn):
    check_grads(fn, [X.copy()])


def test_bce_gradient():
    p = rng.random((3, 4)) * 0.9 + 0.05
    y = (rng.random((3, 4)) > 0.5).astype(np.float64)
    check_grads(lambda xs: F.binary_cross_entropy(xs[0], t(y)), [p])


def test_labels_get_no_gradient_as_in_paddle():
    y = t(rng.random((4, 5)), stop_gradient=False)
    x = t(X, stop_gradient=False)
    F.kl_div(x, y).backward()
    assert y.grad is None and x.grad is not None


def test_loss_layers():
    x, lab = t(X), t(LABEL)
    assert repr(paddle.nn.CrossEntropyLoss()) == "CrossEntropyLoss()"
    np.testing.assert_allclose(paddle.nn.CrossEntropyLoss(reduction="sum")(x, lab).numpy(),
                               F.cross_entropy(x, lab, reduction="sum").numpy())
    np.testing.assert_allclose(paddle.nn.NLLLoss(weight=t(W))(F.log_softmax(x), lab).numpy(),
                               F.nll_loss(F.log_softmax(x), lab, weight=t(W)).numpy())
    np.testing.assert_allclose(paddle.nn.MSELoss()(x, x * 2).numpy(), (X ** 2).mean())
    np.testing.assert_allclose(paddle.nn.L1Loss()(x, x * 2).numpy(), np.abs(X).mean())
    np.testing.assert_allclose(paddle.nn.SmoothL1Loss()(x, x * 0).numpy(),
                               F.smooth_l1_loss(x, x * 0).numpy())
    y = t((X > 0).astype(np.float64))
    np.testing.assert_allclose(paddle.nn.BCEWithLogitsLoss()(x, y).numpy(),
                               F.binary_cross_entropy_with_logits(x, y).numpy())
    np.testing.assert_allclose(paddle.nn.BCELoss()(F.sigmoid(x), y).numpy(),
                               F.binary_cross_entropy(F.sigmoid(x), y).numpy())
    np.testing.assert_allclose(paddle.nn.KLDivLoss("sum")(x, t(np.abs(X))).numpy(),
                               F.kl_div(x, t(np.abs(X)), "sum").numpy())
    with pytest.raises(ValueError, match="reduction"):
        paddle.nn.BCELoss(reduction="avg")


def test_softmax_with_cross_entropy_returned_softmax_is_differentiable():
    # Paddle 3.3.1 drops this gradient (and segfaults when only the softmax is used):
    # docs/differences.md
    rng = np.random.default_rng(4)
    x = paddle.to_tensor(rng.random((3, 4)), stop_gradient=False)
    label = paddle.to_tensor(np.array([[1], [0], [3]]))
    w = np.arange(12.0).reshape(3, 4)
    loss, sm = paddle.nn.functional.softmax_with_cross_entropy(x, label, return_softmax=True)
    (loss.sum() + (sm * paddle.to_tensor(w)).sum()).backward()
    p = sm.numpy()
    onehot = np.eye(4)[[1, 0, 3]]
    expect = (p - onehot) + p * (w - (w * p).sum(1, keepdims=True))
    np.testing.assert_allclose(x.grad.numpy(), expect, rtol=1e-12, atol=1e-14)
