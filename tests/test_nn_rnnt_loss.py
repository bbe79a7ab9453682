"""F.rnnt_loss and nn.RNNTLoss (composition in nn/functional/loss_sequence.py): values against a
per-sample NumPy transducer forward written here (the input read as log-probabilities, as
Paddle's CPU warprnnt does), gradients by central differences to second order (float64),
FastEmit scaling only the label emissions' gradient, reductions and argument errors."""
import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F
from tests.gradcheck import check_grads

RNG = np.random.default_rng(0)


def ref_rnnt(lp, lab, in_len, lab_len, blank=0):
    out = []
    for b in range(lp.shape[0]):
        t_len, u_len = in_len[b], lab_len[b]
        a = np.full((t_len, u_len + 1), -np.inf)
        a[0, 0] = 0.0
        for t in range(t_len):
            for u in range(u_len + 1):
                terms = []
                if t > 0:
                    terms.append(a[t - 1, u] + lp[b, t - 1, u, blank])
                if u > 0:
                    terms.append(a[t, u - 1] + lp[b, t, u - 1, lab[b, u - 1]])
                if terms:
                    a[t, u] = np.logaddexp.reduce(terms)
        out.append(-(a[t_len - 1, u_len] + lp[b, t_len - 1, u_len, blank]))
    return np.array(out)


def args(lab, in_len, lab_len):
    return tuple(paddle.to_tensor(np.asarray(a, "int32")) for a in (lab, in_len, lab_len))


LAB = np.array([[1, 3, 2], [2, 2, 0], [3, 0, 0]])
IN_LEN, LAB_LEN = np.array([5, 4, 2]), np.array([3, 2, 0])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_rnnt_values_and_reductions(dtype):
    x = RNG.standard_normal([3, 5, 4, 4])
    lp = x - np.log(np.exp(x).sum(-1, keepdims=True))
    want = ref_rnnt(lp, LAB, IN_LEN, LAB_LEN)
    xt = paddle.to_tensor(lp.astype(dtype))
    got = F.rnnt_loss(xt, *args(LAB, IN_LEN, LAB_LEN), reduction="none")
    assert got.shape == [3] and got.dtype == xt.dtype
    tol = 1e-5 if dtype == "float32" else 1e-12
    np.testing.assert_allclose(got.numpy(), want, rtol=tol)
    m = F.rnnt_loss(xt, *args(LAB, IN_LEN, LAB_LEN))
    assert m.shape == [] and np.isclose(m.item(), want.sum() / 3, rtol=tol)
    s = paddle.nn.RNNTLoss(reduction="sum")(xt, *args(LAB, IN_LEN, LAB_LEN))
    assert np.isclose(s.item(), want.sum(), rtol=tol)


def test_rnnt_blank_not_zero_and_raw_scores():
    x = RNG.standard_normal([2, 4, 3, 4])  # not normalised: read as log-probabilities as is
    lab = np.array([[0, 1], [3, 3]])
    got = F.rnnt_loss(paddle.to_tensor(x), *args(lab, [4, 3], [2, 2]), blank=2,
                      reduction="none")
    np.testing.assert_allclose(got.numpy(), ref_rnnt(x, lab, [4, 3], [2, 2], blank=2),
                               rtol=1e-12)


def test_rnnt_grads_second_order():
    x = RNG.standard_normal([2, 3, 3, 3])
    lab, il, ll = np.array([[1, 2], [2, 0]]), [3, 2], [2, 1]
    check_grads(lambda t: F.rnnt_loss(t[0], *args(lab, il, ll), fastemit_lambda=0.0,
                                      reduction="none"), [x])


def test_rnnt_fastemit_scales_only_label_gradients():
    x = RNG.standard_normal([2, 4, 3, 4])
    lab, il, ll = np.array([[1, 2], [3, 0]]), [4, 3], [2, 1]
    out = []
    for lam in (0.0, 0.5):
        xt = paddle.to_tensor(x, stop_gradient=False)
        loss = F.rnnt_loss(xt, *args(lab, il, ll), fastemit_lambda=lam, reduction="sum")
        loss.backward()
        out.append((loss.item(), xt.grad.numpy()))
    assert out[0][0] == out[1][0]
    g0, g1 = out[0][1], out[1][1]
    np.testing.assert_allclose(g1[..., 0], g0[..., 0], rtol=1e-12)  # blank: unchanged
    label_mask = np.zeros(x.shape, bool)
    for b in range(2):
        for u in range(ll[b]):
            label_mask[b, :, u, lab[b, u]] = True
    np.testing.assert_allclose(g1[label_mask], 1.5 * g0[label_mask], rtol=1e-12)


def test_rnnt_errors():
    x = paddle.to_tensor(RNG.standard_normal([3, 5, 4, 4]))
    a = args(LAB, IN_LEN, LAB_LEN)
    with pytest.raises(ValueError, match=r"retrieve \(int32\)"):
        F.rnnt_loss(x, paddle.to_tensor(LAB), a[1], a[2])
    with pytest.raises(AssertionError):
        F.rnnt_loss(x, *a, reduction="foo")
    with pytest.raises(RuntimeError, match="not registered"):
        F.rnnt_loss(paddle.zeros([3, 5, 4, 4], "int32"), *a)
