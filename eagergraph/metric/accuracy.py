"""Top-k classification accuracy: the streaming Accuracy metric and the functional
paddle.metric.accuracy (Paddle's accuracy op)."""
import numpy as np

from ..creation import to_tensor
from ..ops import topk
from ..tensor import Tensor
from .base import Metric

__all__ = ["Accuracy", "accuracy"]


def _top_indices(pred, k):
    """Indices of the k largest entries along the last axis, largest first (argsort
    descending, then sliced, as Paddle's Accuracy.compute)."""
    return np.argsort(-pred, axis=-1, kind="stable")[..., :k]


class Accuracy(Metric):
    """Top-k accuracy for each k in `topk`. compute(pred, label) gives the float32 mask
    [batch, ..., max(topk)] of hits; update(mask) returns this batch's accuracy (a float, or a
    list with one per k); accumulate() the accuracy since reset(). Names are [name] or
    [f'{name}_top{k}', ...] when max(topk) > 1 (name defaults to 'acc')."""

    def __init__(self, topk=(1,), name=None, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.topk = topk
        self.maxk = max(topk)
        self._init_name(name)
        self.reset()

    def compute(self, pred, label, *args):
        """Hit mask: column j is 1 where the j-th highest score is the label. A label of shape
        [N] or [N, 1] holds class ids; a wider last axis is one-hot (its argmax is taken)."""
        p = np.array(pred)
        top = _top_indices(p, self.maxk)
        lab = np.array(label)
        if lab.ndim == 1 or (lab.ndim == 2 and lab.shape[-1] == 1):
            lab = lab.reshape(-1, 1)
        elif lab.shape[-1] != 1:
            lab = np.argmax(lab, axis=-1)[..., None]
        return to_tensor((top == lab.astype(top.dtype)).astype("float32"))

    def update(self, correct, *args):
        """Add a hit mask's counts; returns this batch's accuracy."""
        if isinstance(correct, Tensor):
            correct = np.array(correct)
        num_samples = np.prod(np.array(correct.shape[:-1]))
        accs = []
        for i, k in enumerate(self.topk):
            num_corrects = correct[..., :k].sum()
            accs.append(float(num_corrects) / num_samples)
            self.total[i] += num_corrects
            self.count[i] += num_samples
        return accs[0] if len(self.topk) == 1 else accs

    def reset(self):
        self.total = [0.0] * len(self.topk)
        self.count = [0] * len(self.topk)

    def accumulate(self):
        res = [float(t) / c if c > 0 else 0.0 for t, c in zip(self.total, self.count)]
        return res[0] if len(self.topk) == 1 else res

    def _init_name(self, name):
        name = name or "acc"
        self._name = [f"{name}_top{k}" for k in self.topk] if self.maxk != 1 else [name]

    def name(self):
        return self._name


def accuracy(input, label, k=1, correct=None, total=None, name=None):
    """The fraction of rows of `input` [N, C] whose label ([N, 1] class ids) is among the k
    highest scores, as a float32 0-D Tensor. `correct` / `total`, when given, receive the
    int32 counts (Paddle's accuracy op outputs)."""
    label_shape = list(label.shape)
    if len(label_shape) != 2:
        raise ValueError(
            "(InvalidArgument) ShapeError: label's dimensions of AccuracyOp must be 2. But "
            f"received label's dimensions = {len(label_shape)}, label's shape = {label_shape}")
    _, indices = topk(input, k=k)
    idx = np.array(indices).reshape(indices.shape[0], -1)
    lab = np.array(label).astype("int64").reshape(-1, 1)
    num_samples = idx.shape[0]
    num_correct = int((idx == lab).any(axis=1).sum())
    acc = np.float32(num_correct / num_samples if num_samples else 0.0)
    for out, value in ((correct, num_correct), (total, num_samples)):
        if out is not None:
            out.set_value(np.array([value], dtype="int32"))
    return to_tensor(np.array(acc, dtype="float32"))
