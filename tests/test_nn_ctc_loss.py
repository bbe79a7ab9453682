"""F.ctc_loss and nn.CTCLoss (composition in nn/functional/loss_sequence.py): values against a
per-sample NumPy CTC forward written here (softmax inside, as warpctc), gradients by central
differences to second order (float64), norm_by_times scaling only the gradient, warpctc's
impossible-alignment convention, reductions and argument errors."""
import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F
from tests.gradcheck import check_grads

RNG = np.random.default_rng(0)


def ref_ctc(x, labels, in_len, lab_len, blank=0):
    """-log p(label | softmax(x)) per sample by the textbook alpha recursion."""
    out = []
    for b in range(x.shape[1]):
        t_len, lab = in_len[b], list(labels[b, :lab_len[b]])
        z = x[:t_len, b] - x[:t_len, b].max(axis=1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        ext = [blank]
        for c in lab:
            ext += [c, blank]
        alpha = np.full(len(ext), -np.inf)
        alpha[0] = logp[0, ext[0]]
        if len(ext) > 1:
            alpha[1] = logp[0, ext[1]]
        for t in range(1, t_len):
            new = np.full(len(ext), -np.inf)
            for s in range(len(ext)):
                terms = [alpha[s]] + ([alpha[s - 1]] if s >= 1 else [])
                if s >= 2 and ext[s] != blank and ext[s] != ext[s - 2]:
                    terms.append(alpha[s - 2])
                new[s] = np.logaddexp.reduce(terms) + logp[t, ext[s]]
            alpha = new
        tail = alpha[-2:] if len(ext) > 1 else alpha[-1:]
        out.append(-np.logaddexp.reduce(tail))
    return np.array(out)


def args(lab, in_len, lab_len):
    return (paddle.to_tensor(np.asarray(lab, "int32")), paddle.to_tensor(np.asarray(in_len)),
            paddle.to_tensor(np.asarray(lab_len)))


LAB = np.array([[1, 2, 2], [3, 1, 0], [4, 0, 0], [0, 0, 0]])
IN_LEN, LAB_LEN = np.array([6, 5, 3, 4]), np.array([3, 2, 1, 0])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_ctc_values_and_reductions(dtype):
    x = RNG.standard_normal([6, 4, 5])
    want = ref_ctc(x, LAB, IN_LEN, LAB_LEN)
    xt = paddle.to_tensor(x.astype(dtype))
    got = F.ctc_loss(xt, *args(LAB, IN_LEN, LAB_LEN), reduction="none")
    assert got.shape == [4] and got.dtype == xt.dtype
    tol = 1e-5 if dtype == "float32" else 1e-12
    np.testing.assert_allclose(got.numpy(), want, rtol=tol)
    s = F.ctc_loss(xt, *args(LAB, IN_LEN, LAB_LEN), reduction="sum")
    assert s.shape == [] and np.isclose(s.item(), want.sum(), rtol=tol)
    m = F.ctc_loss(paddle.to_tensor(x[:, :3].astype(dtype)),
                   *args(LAB[:3], IN_LEN[:3], LAB_LEN[:3]))  # 'mean': loss / label length
    assert m.shape == []
    np.testing.assert_allclose(m.item(), np.mean(want[:3] / LAB_LEN[:3]), rtol=tol)


def test_ctc_blank_not_zero():
    x = RNG.standard_normal([5, 2, 4])
    lab = np.array([[0, 2], [1, 1]])
    got = F.ctc_loss(paddle.to_tensor(x), *args(lab, [5, 5], [2, 2]), blank=3,
                     reduction="none")
    np.testing.assert_allclose(got.numpy(), ref_ctc(x, lab, [5, 5], [2, 2], blank=3),
                               rtol=1e-12)


def test_ctc_grads_second_order():
    x = RNG.standard_normal([4, 3, 4])
    lab, il, ll = np.array([[1, 2], [2, 2], [3, 0]]), [4, 4, 2], [2, 2, 1]
    check_grads(lambda t: F.ctc_loss(t[0], *args(lab, il, ll), reduction="none"), [x])
    check_grads(lambda t: F.ctc_loss(t[0], *args(lab, il, ll)), [x], order=1)


def test_ctc_norm_by_times_scales_only_the_gradient():
    x = RNG.standard_normal([6, 3, 5])
    il = [6, 5, 3]
    grads, vals = [], []
    for nbt in (False, True):
        xt = paddle.to_tensor(x, stop_gradient=False)
        loss = F.ctc_loss(xt, *args(LAB[:3], il, LAB_LEN[:3]), reduction="none",
                          norm_by_times=nbt)
        loss.sum().backward()
        grads.append(xt.grad.numpy())
        vals.append(loss.numpy())
    np.testing.assert_array_equal(vals[0], vals[1])
    np.testing.assert_allclose(grads[1], grads[0] / np.array(il)[None, :, None], rtol=1e-12)


def test_ctc_impossible_alignment_and_zero_infinity():
    x = RNG.standard_normal([6, 3, 5])
    # [1, 2, 2] needs 4 frames (a blank between the repeats); 3 give no alignment: warpctc
    # returns 0 with a zero gradient; an empty input with an empty label costs inf
    for zi in (False, True):
        xt = paddle.to_tensor(x, stop_gradient=False)
        loss = F.ctc_loss(xt, *args(LAB[:3], [3, 5, 0], [3, 2, 0]), reduction="none",
                          zero_infinity=zi)
        assert loss.numpy()[0] == 0
        assert loss.numpy()[2] == (0 if zi else np.inf)
        np.testing.assert_allclose(loss.numpy()[1], ref_ctc(x[:, 1:2], LAB[1:2], [5], [2])[0],
                                   rtol=1e-12)
        loss.sum().backward()
        assert not xt.grad.numpy()[:, 0].any() and not xt.grad.numpy()[:, 2].any()


def test_ctc_layer_and_errors():
    x = paddle.to_tensor(RNG.standard_normal([6, 3, 5]))
    a = args(LAB[:3], IN_LEN[:3], LAB_LEN[:3])
    layer = paddle.nn.CTCLoss(reduction="sum")
    np.testing.assert_allclose(layer(x, *a).item(), F.ctc_loss(x, *a, reduction="sum").item())
    with pytest.raises(ValueError, match=r"retrieve \(int32\)"):
        F.ctc_loss(x, paddle.to_tensor(LAB[:3]), a[1], a[2])
    with pytest.raises(ValueError, match=r"retrieve \(int64\)"):
        F.ctc_loss(x, a[0], paddle.to_tensor(IN_LEN[:3].astype("int32")), a[2])
    with pytest.raises(AssertionError):
        F.ctc_loss(x, *a, reduction="foo")
    with pytest.raises(ValueError, match="should not be greater than max_logit_length"):
        F.ctc_loss(x, a[0], paddle.to_tensor(np.array([7, 5, 3])), a[2])
