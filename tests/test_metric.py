"""paddle.metric: Accuracy, Precision, Recall, Auc and the functional accuracy.

Expected values are computed here independently: top-k hits by sorting each row in Python,
precision / recall from confusion counts, and the AUC as the Mann-Whitney statistic (the
probability that a positive outscores a negative, ties counting one half) over the same score
buckets Paddle uses, which is what integrating the ROC curve with trapezoids gives."""
import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.metric import Accuracy, Auc, Metric, Precision, Recall, accuracy


def _topk_hits(pred, label, k):
    """1.0 per row whose label is among the k highest scores (scores are distinct)."""
    hits = []
    for row, lab in zip(pred, label):
        order = sorted(range(len(row)), key=lambda j: -row[j])
        hits.append(1.0 if lab in order[:k] else 0.0)
    return np.array(hits)


# ---- Accuracy -------------------------------------------------------------------------------

def test_accuracy_compute_mask_is_the_top_k_hits_in_order():
    rng = np.random.RandomState(0)
    pred = rng.rand(6, 5).astype("float32")
    label = rng.randint(0, 5, (6, 1))
    m = Accuracy(topk=(1, 3))
    mask = m.compute(paddle.to_tensor(pred), paddle.to_tensor(label))
    assert mask.dtype == paddle.float32 and mask.shape == [6, 3]
    for i in range(6):
        order = sorted(range(5), key=lambda j: -pred[i, j])[:3]
        np.testing.assert_array_equal(mask.numpy()[i], [float(o == label[i, 0]) for o in order])


def test_accuracy_update_and_accumulate_over_batches():
    rng = np.random.RandomState(1)
    m = Accuracy(topk=(1, 2))
    all_pred, all_label = [], []
    for n in (7, 5):
        pred = rng.rand(n, 4).astype("float32")
        label = rng.randint(0, 4, (n, 1))
        accs = m.update(m.compute(paddle.to_tensor(pred), paddle.to_tensor(label)))
        assert accs == pytest.approx([_topk_hits(pred, label[:, 0], 1).mean(),
                                      _topk_hits(pred, label[:, 0], 2).mean()])
        assert all(type(a) is np.float64 for a in accs)
        all_pred.append(pred)
        all_label.append(label[:, 0])
    p, lab = np.concatenate(all_pred), np.concatenate(all_label)
    assert m.accumulate() == pytest.approx([_topk_hits(p, lab, 1).mean(),
                                            _topk_hits(p, lab, 2).mean()])
    assert m.count == [12, 12]
    m.reset()
    assert m.accumulate() == [0.0, 0.0]


def test_accuracy_names_and_single_k_returns_scalars():
    assert Accuracy().name() == ["acc"]
    assert Accuracy(topk=(1, 5)).name() == ["acc_top1", "acc_top5"]
    assert Accuracy(topk=(2,), name="a").name() == ["a_top2"]
    m = Accuracy()
    pred = np.array([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]], "float32")
    acc = m.update(m.compute(paddle.to_tensor(pred), paddle.to_tensor(np.array([[1], [1], [1]]))))
    assert acc == pytest.approx(2 / 3) and isinstance(acc, float)
    assert m.accumulate() == pytest.approx(2 / 3)


def test_accuracy_one_hot_and_flat_labels():
    pred = paddle.to_tensor(np.array([[0.2, 0.1, 0.7], [0.5, 0.3, 0.2]], "float32"))
    m = Accuracy()
    one_hot = paddle.to_tensor(np.array([[0, 0, 1], [0, 1, 0]], "int64"))
    np.testing.assert_array_equal(m.compute(pred, one_hot).numpy(), [[1.0], [0.0]])
    np.testing.assert_array_equal(m.compute(pred, paddle.to_tensor([2, 0])).numpy(), [[1.0], [1.0]])


def test_functional_accuracy():
    pred = paddle.to_tensor([[0.2, 0.1, 0.4, 0.1, 0.1], [0.2, 0.3, 0.1, 0.15, 0.25]],
                            dtype="float32")
    label = paddle.to_tensor([[2], [0]], dtype="int64")
    r = accuracy(pred, label)
    assert r.dtype == paddle.float32 and r.shape == [] and r.stop_gradient
    assert float(r) == 0.5
    assert float(accuracy(pred, label, k=3)) == 1.0
    assert float(accuracy(pred.astype("float64"), label.astype("int32"))) == 0.5
    assert paddle.metric.accuracy is accuracy
    with pytest.raises(ValueError, match="label's dimensions of AccuracyOp must be 2"):
        accuracy(pred, paddle.to_tensor([2, 0]))


def test_functional_accuracy_random_against_sorting():
    rng = np.random.RandomState(2)
    pred = rng.rand(20, 6).astype("float32")
    label = rng.randint(0, 6, (20, 1))
    for k in (1, 2, 4):
        got = float(accuracy(paddle.to_tensor(pred), paddle.to_tensor(label), k=k))
        assert got == pytest.approx(_topk_hits(pred, label[:, 0], k).mean())


# ---- Precision / Recall ---------------------------------------------------------------------

def test_precision_recall_against_confusion_counts():
    rng = np.random.RandomState(3)
    preds = rng.rand(40, 1)
    labels = rng.randint(0, 2, (40, 1))
    predicted = preds[:, 0] > 0.5
    positive = labels[:, 0] == 1
    tp = np.sum(predicted & positive)
    p, r = Precision(), Recall()
    p.update(preds[:20], labels[:20])
    p.update(paddle.to_tensor(preds[20:]), paddle.to_tensor(labels[20:]))
    r.update(preds, labels)
    assert p.accumulate() == pytest.approx(tp / predicted.sum())
    assert r.accumulate() == pytest.approx(tp / positive.sum())
    assert (p.name(), r.name()) == ("precision", "recall")
    p.reset()
    r.reset()
    assert p.accumulate() == 0.0 and r.accumulate() == 0.0


def test_precision_recall_paddle_doc_examples_and_errors():
    p = Precision()
    p.update(np.array([0.1, 0.5, 0.6, 0.7]), np.array([0, 1, 1, 1]))
    assert p.accumulate() == 1.0
    r = Recall()
    r.update(np.array([0.1, 0.5, 0.6, 0.7]), np.array([1, 0, 1, 1]))
    assert r.accumulate() == pytest.approx(2 / 3)
    with pytest.raises(ValueError, match="The 'preds' must be a numpy ndarray or Tensor."):
        p.update([0.1], np.array([1]))
    with pytest.raises(ValueError, match="The 'labels' must be a numpy ndarray or Tensor."):
        r.update(np.array([0.1]), [1])


# ---- Auc ------------------------------------------------------------------------------------

def _bucketed_mann_whitney(scores, labels, num_thresholds):
    buckets = np.floor(scores * num_thresholds).astype(int)
    pos, neg = buckets[labels == 1], buckets[labels == 0]
    wins = (pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()
    return wins / (len(pos) * len(neg))


def _exact_roc_area(scores, labels):
    """Trapezoidal area under (FPR, TPR) swept over every distinct score."""
    tpr, fpr = [0.0], [0.0]
    for t in sorted(set(scores), reverse=True):
        tpr.append(np.mean(scores[labels == 1] >= t))
        fpr.append(np.mean(scores[labels == 0] >= t))
    return float(np.trapezoid(tpr, fpr) if hasattr(np, "trapezoid") else np.trapz(tpr, fpr))


@pytest.mark.parametrize("num_thresholds", [4095, 10])
def test_auc_equals_roc_integration(num_thresholds):
    rng = np.random.RandomState(4)
    scores = rng.rand(200)
    labels = (rng.rand(200) < 0.3 + 0.4 * scores).astype("int64")
    m = Auc(num_thresholds=num_thresholds)
    preds = np.stack([1 - scores, scores], axis=1)
    m.update(preds[:120], labels[:120, None])
    m.update(paddle.to_tensor(preds[120:]), paddle.to_tensor(labels[120:, None]))
    auc = m.accumulate()
    assert auc == pytest.approx(_bucketed_mann_whitney(scores, labels, num_thresholds))
    if num_thresholds == 4095:  # fine buckets: the curve of the raw scores
        assert auc == pytest.approx(_exact_roc_area(scores, labels), abs=1e-3)


def test_auc_extremes_reset_and_name():
    m = Auc()
    assert m.name() == "auc" and m.accumulate() == 0.0
    scores = np.array([0.1, 0.2, 0.8, 0.9])
    preds = np.stack([1 - scores, scores], 1)
    m.update(preds, np.array([[0], [0], [1], [1]]))
    assert m.accumulate() == 1.0
    m.reset()
    m.update(preds, np.array([[1], [1], [0], [0]]))
    assert m.accumulate() == 0.0
    m.reset()
    m.update(preds, np.array([[1], [1], [1], [1]]))  # one class only
    assert m.accumulate() == 0.0


# ---- the base class -------------------------------------------------------------------------

def test_metric_is_abstract_and_compute_passes_through():
    with pytest.raises(TypeError, match="abstract"):
        Metric()

    class Count(Metric):
        def reset(self):
            self.n = 0

        def update(self, *args):
            self.n += len(args)

        def accumulate(self):
            return self.n

        def name(self):
            return "count"

    c = Count()
    c.reset()
    args = c.compute(1, 2, 3)
    assert args == (1, 2, 3)
    c.update(*args)
    assert c.accumulate() == 3
