"""Loss layers (Paddle nn/layer/loss.py): each holds its options and calls its functional."""
from ..functional import loss as F
from .layers import Layer

__all__ = ["MSELoss", "L1Loss", "SmoothL1Loss", "CrossEntropyLoss", "NLLLoss", "BCELoss",
           "BCEWithLogitsLoss", "KLDivLoss"]


def _check_reduction(reduction, where):
    if reduction not in ("sum", "mean", "none"):
        raise ValueError(f"The value of 'reduction' in {where} should be 'sum', 'mean' or "
                         f"'none', but received {reduction}, which is not allowed.")


class MSELoss(Layer):
    def __init__(self, reduction="mean"):
        super().__init__()
        if reduction not in ("sum", "mean", "none"):
            raise ValueError(f"'reduction' in 'MSELoss' should be 'sum', 'mean' or 'none', but "
                             f"received {reduction}.")
        self.reduction = reduction

    def forward(self, input, label):
        return F.mse_loss(input, label, self.reduction)


class L1Loss(Layer):
    def __init__(self, reduction="mean", name=None):
        _check_reduction(reduction, "L1Loss")
        super().__init__()
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):
        return F.l1_loss(input, label, self.reduction, self.name)


class SmoothL1Loss(Layer):
    def __init__(self, reduction="mean", delta=1.0, is_huber=True, name=None):
        super().__init__()
        self.reduction = reduction
        self.delta = delta
        self.is_huber = is_huber
        self.name = name

    def forward(self, input, label):
        return F.smooth_l1_loss(input, label, reduction=self.reduction, delta=self.delta,
                                is_huber=self.is_huber, name=self.name)


class CrossEntropyLoss(Layer):
    def __init__(self, weight=None, ignore_index=-100, reduction="mean", soft_label=False,
                 axis=-1, use_softmax=True, label_smoothing=0.0, name=None):
        super().__init__()
        self.weight = weight
        self.reduction = reduction
        self.ignore_index = ignore_index
        self.soft_label = soft_label
        self.axis = axis
        self.use_softmax = use_softmax
        self.label_smoothing = label_smoothing
        self.name = name

    def forward(self, input, label):
        return F.cross_entropy(input, label, weight=self.weight, ignore_index=self.ignore_index,
                               reduction=self.reduction, soft_label=self.soft_label,
                               axis=self.axis, use_softmax=self.use_softmax,
                               label_smoothing=self.label_smoothing, name=self.name)


class NLLLoss(Layer):
    def __init__(self, weight=None, ignore_index=-100, reduction="mean", name=None):
        _check_reduction(reduction, "nll_loss")
        super().__init__()
        self._weight = weight
        self._ignore_index = ignore_index
        self._reduction = reduction
        self._name = name

    def forward(self, input, label):
        return F.nll_loss(input, label, weight=self._weight, ignore_index=self._ignore_index,
                          reduction=self._reduction, name=self._name)


class BCELoss(Layer):
    def __init__(self, weight=None, reduction="mean", name=None):
        _check_reduction(reduction, "bce_loss")
        super().__init__()
        self.weight = weight
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):
        return F.binary_cross_entropy(input, label, self.weight, self.reduction, self.name)


class BCEWithLogitsLoss(Layer):
    def __init__(self, weight=None, reduction="mean", pos_weight=None, name=None):
        _check_reduction(reduction, "BCEWithLogitsLoss")
        super().__init__()
        self.weight = weight
        self.reduction = reduction
        self.pos_weight = pos_weight
        self.name = name

    def forward(self, logit, label):
        return F.binary_cross_entropy_with_logits(logit, label, self.weight, self.reduction,
                                                  self.pos_weight, self.name)


class KLDivLoss(Layer):
    def __init__(self, reduction="mean", log_target=False):
        super().__init__()
        self.reduction = reduction
        self.log_target = log_target

    def forward(self, input, label):
        return F.kl_div(input, label, self.reduction, self.log_target)


# Paddle keeps every loss layer in this module (paddle.nn.loss is paddle.nn.layer.loss); the
# margin, likelihood and sequence losses live in their own modules here and are re-exported.
from .loss_margin import (MarginRankingLoss, HingeEmbeddingLoss, CosineEmbeddingLoss,  # noqa: E402
                          TripletMarginLoss, TripletMarginWithDistanceLoss, SoftMarginLoss,
                          MultiLabelSoftMarginLoss, MultiMarginLoss, PoissonNLLLoss,
                          GaussianNLLLoss)
from .loss_sequence import CTCLoss, RNNTLoss  # noqa: E402

_REEXPORTED = (MarginRankingLoss, HingeEmbeddingLoss, CosineEmbeddingLoss, TripletMarginLoss,
               TripletMarginWithDistanceLoss, SoftMarginLoss, MultiLabelSoftMarginLoss,
               MultiMarginLoss, PoissonNLLLoss, GaussianNLLLoss, CTCLoss, RNNTLoss)
