"""CTCLoss (Paddle nn/layer/loss.py) over nn/functional/loss_sequence.py."""
from ..functional import loss_sequence as LS
from .layers import Layer

__all__ = ["CTCLoss"]


class CTCLoss(Layer):
    def __init__(self, blank=0, reduction="mean", zero_infinity=False):
        super().__init__()
        self.blank, self.reduction, self.zero_infinity = blank, reduction, zero_infinity

    def forward(self, log_probs, labels, input_lengths, label_lengths, norm_by_times=False):
        return LS.ctc_loss(log_probs, labels, input_lengths, label_lengths, self.blank,
                           self.reduction, norm_by_times=norm_by_times,
                           zero_infinity=self.zero_infinity)
