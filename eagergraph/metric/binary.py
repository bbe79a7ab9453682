"""Precision and Recall of a binary classifier whose outputs are probabilities of the positive
class (rounded at 0.5)."""
import numpy as np

from .base import Metric, as_numpy

__all__ = ["Precision", "Recall"]


class Precision(Metric):
    """tp / (tp + fp) over everything seen since reset() (0.0 when nothing was predicted
    positive). update(preds, labels): preds [N] or [N, 1] probabilities, labels 0/1."""

    def __init__(self, name="precision", *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.tp = 0
        self.fp = 0
        self._name = name

    def update(self, preds, labels):
        preds = as_numpy(preds, "preds")
        labels = as_numpy(labels, "labels")
        preds = np.floor(preds + 0.5).astype("int32")
        for i in range(labels.shape[0]):
            if preds[i] == 1:
                if preds[i] == labels[i]:
                    self.tp += 1
                else:
                    self.fp += 1

    def reset(self):
        self.tp = 0
        self.fp = 0

    def accumulate(self):
        ap = self.tp + self.fp
        return float(self.tp) / ap if ap != 0 else 0.0

    def name(self):
        return self._name


class Recall(Metric):
    """tp / (tp + fn) over everything seen since reset() (0.0 without positive labels).
    update(preds, labels): preds [N] or [N, 1] probabilities (rounded half to even), labels
    0/1."""

    def __init__(self, name="recall", *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.tp = 0
        self.fn = 0
        self._name = name

    def update(self, preds, labels):
        preds = as_numpy(preds, "preds")
        labels = as_numpy(labels, "labels")
        preds = np.rint(preds).astype("int32")
        for i in range(labels.shape[0]):
            if labels[i] == 1:
                if preds[i] == labels[i]:
                    self.tp += 1
                else:
                    self.fn += 1

    def accumulate(self):
        recall = self.tp + self.fn
        return float(self.tp) / recall if recall != 0 else 0.0

    def reset(self):
        self.tp = 0
        self.fn = 0

    def name(self):
        return self._name
