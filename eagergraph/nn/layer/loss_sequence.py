"""CTCLoss and RNNTLoss (Paddle nn/layer/loss.py) over nn/functional/loss_sequence.py."""
from ..functional import loss_sequence as LS
from .layers import Layer

__all__ = ["CTCLoss", "RNNTLoss"]


class CTCLoss(Layer):
    def __init__(self, blank=0, reduction="mean", zero_infinity=False):
        super().__init__()
        self.blank, self.reduction, self.zero_infinity = blank, reduction, zero_infinity

    def forward(self, log_probs, labels, input_lengths, label_lengths, norm_by_times=False):
        return LS.ctc_loss(log_probs, labels, input_lengths, label_lengths, self.blank,
                           self.reduction, norm_by_times=norm_by_times,
                           zero_infinity=self.zero_infinity)


class RNNTLoss(Layer):
    def __init__(self, blank=0, fastemit_lambda=0.001, reduction="mean", name=None):
        super().__init__()
        self.blank, self.fastemit_lambda = blank, fastemit_lambda
        self.reduction, self.name = reduction, name

    def forward(self, input, label, input_lengths, label_lengths):
        return LS.rnnt_loss(input, label, input_lengths, label_lengths, blank=self.blank,
                            fastemit_lambda=self.fastemit_lambda, reduction=self.reduction,
                            name=self.name)
