"""paddle.metric (Paddle 3.3.1 python/paddle/metric): streaming metrics for paddle.Model and
the functional top-k accuracy."""
from .base import Metric
from .accuracy import Accuracy, accuracy
from .binary import Precision, Recall
from .auc import Auc

__all__ = ["Metric", "Accuracy", "Precision", "Recall", "Auc", "accuracy"]
