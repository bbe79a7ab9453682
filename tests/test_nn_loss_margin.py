"""Margin, embedding, likelihood and distance losses (and their layers): values against NumPy
formulas written here, gradients to second order with tests/gradcheck.py."""
import math

import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn as nn
import eagergraph.nn.functional as F
from tests.gradcheck import check_grads

rng = np.random.default_rng(0)
A, B, C = (rng.standard_normal((4, 3)) for _ in range(3))
SIGN = np.array([1.0, -1.0, -1.0, 1.0])


def T(a):
    return paddle.to_tensor(a)


def _pdist(x, y, p=2.0, eps=1e-6):
    # Paddle's p_norm keeps porder, and 1 / porder, in float32
    return (np.abs(x - y + eps) ** p).sum(-1) ** float(np.float32(1) / np.float32(p))


def _lsig(x):
    return -np.log1p(np.exp(-x))


def _cos(a, b):
    return (a * b).sum(-1) / np.sqrt(((a * a).sum(-1) + 1e-11) * ((b * b).sum(-1) + 1e-11))


def _focal(x, y, alpha=0.25, gamma=2.0):
    p = 1 / (1 + np.exp(-x))
    bce = np.log1p(np.exp(x)) - x * y
    pt = p * y + (1 - p) * (1 - y)
    return (alpha * y + (1 - alpha) * (1 - y)) * (1 - pt) ** gamma * bce


LABEL01 = (rng.random((4, 3)) > 0.5).astype(float)
POS = rng.uniform(0.5, 3, (4, 3))
# name -> (fn of the differentiable tensors, arrays, NumPy reference)
CASES = {
    "margin_ranking": (lambda a, b: F.margin_ranking_loss(a, b, T(SIGN[:, None] * np.ones(3)),
                                                          margin=0.3, reduction="none"),
                       [A, B], np.maximum(0, -SIGN[:, None] * (A - B) + 0.3)),
    "hinge_embedding": (lambda a: F.hinge_embedding_loss(a, T(np.sign(B)), margin=0.5),
                        [A], np.where(np.sign(B) == 1, A, np.maximum(0, 0.5 - A)).mean()),
    "cosine_embedding": (lambda a, b: F.cosine_embedding_loss(a, b, T(SIGN), margin=0.1,
                                                              reduction="sum"),
                         [A, B], np.where(SIGN == 1, 1 - _cos(A, B),
                                          np.maximum(_cos(A, B) - 0.1, 0)).sum()),
    "triplet_margin": (lambda a, b, c: F.triplet_margin_loss(a, b, c, margin=2.0, p=3,
                                                             reduction="none"),
                       [A, B, C], np.maximum(_pdist(A, B, 3) - _pdist(A, C, 3) + 2.0, 0)),
    "triplet_swap": (lambda a, b, c: F.triplet_margin_loss(a, b, c, margin=2.0, swap=True),
                     [A, B, C], np.maximum(_pdist(A, B) - np.minimum(_pdist(A, C),
                                                                     _pdist(B, C)) + 2, 0).mean()),
    "triplet_distance": (lambda a, b, c: F.triplet_margin_with_distance_loss(
        a, b, c, distance_function=lambda x, y: F.pairwise_distance(x, y, 1.0), margin=3.0),
        [A, B, C], np.maximum(_pdist(A, B, 1) - _pdist(A, C, 1) + 3, 0).mean()),
    "soft_margin": (lambda a: F.soft_margin_loss(a, T(np.sign(B))), [A],
                    np.log1p(np.exp(-np.sign(B) * A)).mean()),
    "multi_label_soft_margin": (lambda a: F.multi_label_soft_margin_loss(
        a, T(LABEL01), weight=T(np.array([1.0, 2.0, 0.5])), reduction="none"), [A],
        (-(LABEL01 * _lsig(A) + (1 - LABEL01) * _lsig(-A)) * [1, 2, .5]).mean(-1)),
    "sigmoid_focal": (lambda a: F.sigmoid_focal_loss(a, T(LABEL01), normalizer=T(2.0)), [A],
                      _focal(A, LABEL01).sum() / 2),
    "poisson_log": (lambda a: F.poisson_nll_loss(a, T(POS), reduction="sum"), [A],
                    (np.exp(A) - POS * A).sum()),
    "poisson_full": (lambda a: F.poisson_nll_loss(a, T(POS), log_input=False, full=True), [POS],
                     (POS - POS * np.log(POS + 1e-8) + np.where(
                         POS > 1, POS * np.log(POS) - POS + 0.5 * np.log(2 * np.pi * POS),
                         0)).mean()),
    "gaussian_nll": (lambda a, b: F.gaussian_nll_loss(a, b, T(POS[:, 0]), full=True), [A, B],
                     (0.5 * (np.log(POS[:, :1]) + (A - B) ** 2 / POS[:, :1])
                      + 0.5 * math.log(2 * math.pi)).mean()),
    "square_error_cost": (lambda a, b: F.square_error_cost(a, b), [A, B], (A - B) ** 2),
    "log_loss": (lambda a: F.log_loss(a, T(LABEL01)), [POS / 4],
                 -LABEL01 * np.log(POS / 4 + 1e-4) - (1 - LABEL01) * np.log(1 - POS / 4 + 1e-4)),
    "pairwise_inf": (lambda a, b: F.pairwise_distance(a, b, p=math.inf, keepdim=True), [A, B],
                     np.abs(A - B + 1e-6).max(-1, keepdims=True)),
    "cosine_similarity": (lambda a, b: F.cosine_similarity(a, b, axis=0), [A, B],
                          (A * B).sum(0) / np.sqrt((A * A).sum(0) * (B * B).sum(0))),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_values_and_grads(name):
    fn, arrays, ref = CASES[name]
    out = fn(*[T(a) for a in arrays])
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-10, atol=1e-12)
    check_grads(lambda xs: fn(*xs), arrays)


def test_gaussian_nll_variance_gets_no_gradient_and_checks():
    v = paddle.to_tensor(POS, stop_gradient=False)
    x = paddle.to_tensor(A, stop_gradient=False)
    F.gaussian_nll_loss(x, T(B), v).backward()
    assert v.grad is None and x.grad is not None  # Paddle clips variance under no_grad
    with pytest.raises(ValueError, match="incorrect shape"):
        F.gaussian_nll_loss(T(A), T(B), T(POS[:2]))
    with pytest.raises(ValueError, match="negative"):
        F.gaussian_nll_loss(T(A), T(B), T(-POS))


def test_argument_errors():
    with pytest.raises(ValueError, match="reduction"):
        F.margin_ranking_loss(T(A), T(B), T(A), reduction="avg")
    with pytest.raises(ValueError, match="greater than 0"):
        F.triplet_margin_loss(T(A), T(B), T(C), margin=-1.0)
    with pytest.raises(ValueError, match="1D target"):
        F.cosine_embedding_loss(T(A), T(B), T(A))
    with pytest.raises(ValueError, match="epsilon"):
        F.poisson_nll_loss(T(A), T(B), epsilon=0.0)
    with pytest.raises(ValueError, match="distance should be greater than 0"):
        F.triplet_margin_with_distance_loss(T(A), T(B), T(C), lambda x, y: (x - y).sum(-1))
    with pytest.raises(ValueError, match="margin"):
        nn.CosineEmbeddingLoss(margin=2.0)


def test_layers_match_functionals():
    a, b, c, s = T(A), T(B), T(C), T(SIGN)
    pairs = [
        (nn.MarginRankingLoss(0.2)(a, b, T(np.sign(C))),
         F.margin_ranking_loss(a, b, T(np.sign(C)), 0.2)),
        (nn.HingeEmbeddingLoss(0.5, "sum")(a, T(np.sign(B))),
         F.hinge_embedding_loss(a, T(np.sign(B)), 0.5, "sum")),
        (nn.CosineEmbeddingLoss(0.1)(a, b, s), F.cosine_embedding_loss(a, b, s, 0.1)),
        (nn.TripletMarginLoss(p=1.0, swap=True)(a, b, c),
         F.triplet_margin_loss(a, b, c, p=1.0, swap=True)),
        (nn.TripletMarginWithDistanceLoss(margin=0.5)(a, b, c),
         F.triplet_margin_with_distance_loss(a, b, c, margin=0.5)),
        (nn.SoftMarginLoss("none")(a, T(np.sign(B))), F.soft_margin_loss(a, T(np.sign(B)), "none")),
        (nn.MultiLabelSoftMarginLoss()(a, T(LABEL01)), F.multi_label_soft_margin_loss(a, T(LABEL01))),
        (nn.PoissonNLLLoss(full=True)(a, T(POS)), F.poisson_nll_loss(a, T(POS), full=True)),
        (nn.GaussianNLLLoss()(a, b, T(POS)), F.gaussian_nll_loss(a, b, T(POS))),
        (nn.HuberLoss(delta=0.5)(a, b), F.smooth_l1_loss(a, b, delta=0.5)),
        (nn.CosineSimilarity(axis=-1)(a, b), F.cosine_similarity(a, b, axis=-1)),
        (nn.PairwiseDistance(keepdim=True)(a, b), F.pairwise_distance(a, b, keepdim=True)),
    ]
    for got, want in pairs:
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-14)
