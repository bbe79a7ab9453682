"""Loss and distance layers over nn/functional/{loss_margin,loss_likelihood,distance}.py
(Paddle nn/layer/loss.py and distance.py): each holds its options and calls its functional."""
from ..functional import distance as D
from ..functional import loss as L
from ..functional import loss_likelihood as LL
from ..functional import loss_margin as LM
from .layers import Layer

__all__ = ["MarginRankingLoss", "HingeEmbeddingLoss", "CosineEmbeddingLoss", "TripletMarginLoss",
           "TripletMarginWithDistanceLoss", "SoftMarginLoss", "MultiLabelSoftMarginLoss",
           "PoissonNLLLoss", "GaussianNLLLoss", "HuberLoss", "CosineSimilarity",
           "PairwiseDistance", "MultiMarginLoss"]


def _check(reduction, where):
    if reduction not in ("sum", "mean", "none"):
        raise ValueError(f"The value of 'reduction' in {where} should be 'sum', 'mean' or "
                         f"'none', but received {reduction}, which is not allowed.")


class _Reduced(Layer):
    def __init__(self, reduction="mean", name=None):
        _check(reduction, type(self).__name__)
        super().__init__()
        self.reduction, self.name = reduction, name


class MarginRankingLoss(_Reduced):
    def __init__(self, margin=0.0, reduction="mean", name=None):
        super().__init__(reduction, name)
        self.margin = margin

    def forward(self, input, other, label):
        return LM.margin_ranking_loss(input, other, label, self.margin, self.reduction)


class HingeEmbeddingLoss(_Reduced):
    def __init__(self, margin=1.0, reduction="mean", name=None):
        super().__init__(reduction, name)
        self.margin = margin

    def forward(self, input, label):
        return LM.hinge_embedding_loss(input, label, self.margin, self.reduction)


class CosineEmbeddingLoss(_Reduced):
    def __init__(self, margin=0, reduction="mean", name=None):
        if margin > 1 or margin < -1:
            raise ValueError("The value of 'margin' should be in the interval of [-1, 1], but "
                             f"received {margin:f}, which is not allowed.")
        super().__init__(reduction, name)
        self.margin = margin

    def forward(self, input1, input2, label):
        return LM.cosine_embedding_loss(input1, input2, label, self.margin, self.reduction)


class TripletMarginLoss(_Reduced):
    def __init__(self, margin=1.0, p=2.0, epsilon=1e-6, swap=False, reduction="mean",
                 name=None):
        super().__init__(reduction, name)
        self.margin, self.p, self.epsilon, self.swap = margin, p, epsilon, swap

    def forward(self, input, positive, negative):
        return LM.triplet_margin_loss(input, positive, negative, self.margin, self.p,
                                      self.epsilon, self.swap, self.reduction)


class TripletMarginWithDistanceLoss(_Reduced):
    def __init__(self, distance_function=None, margin=1.0, swap=False, reduction="mean",
                 name=None):
        super().__init__(reduction, name)
        self.distance_function, self.margin, self.swap = distance_function, margin, swap

    def forward(self, input, positive, negative):
        return LM.triplet_margin_with_distance_loss(input, positive, negative,
                                                    self.distance_function, self.margin,
                                                    self.swap, self.reduction)


class SoftMarginLoss(_Reduced):
    def forward(self, input, label):
        return LM.soft_margin_loss(input, label, self.reduction)


class MultiLabelSoftMarginLoss(_Reduced):
    def __init__(self, weight=None, reduction="mean", name=None):
        super().__init__(reduction, name)
        self.weight = weight

    def forward(self, input, label):
        return LM.multi_label_soft_margin_loss(input, label, self.weight, self.reduction)


class PoissonNLLLoss(_Reduced):
    def __init__(self, log_input=True, full=False, epsilon=1e-8, reduction="mean", name=None):
        if epsilon <= 0:
            raise ValueError(f"The value of `epsilon` in PoissonNLLLoss should be positive, but "
                             f"received {epsilon:f}, which is not allowed")
        super().__init__(reduction, name)
        self.log_input, self.full, self.epsilon = log_input, full, epsilon

    def forward(self, input, label):
        return LL.poisson_nll_loss(input, label, self.log_input, self.full, self.epsilon,
                                   self.reduction)


class GaussianNLLLoss(_Reduced):
    def __init__(self, full=False, epsilon=1e-6, reduction="mean", name=None):
        super().__init__(reduction, name)
        self.full, self.epsilon = full, epsilon

    def forward(self, input, label, variance):
        return LL.gaussian_nll_loss(input, label, variance, self.full, self.epsilon,
                                    self.reduction)


class HuberLoss(_Reduced):
    """smooth_l1_loss with its delta and is_huber (Paddle's HuberLoss)."""

    def __init__(self, reduction="mean", delta=1.0, is_huber=True, name=None):
        super().__init__(reduction, name)
        self.delta, self.is_huber = delta, is_huber

    def forward(self, input, label):
        return L.smooth_l1_loss(input, label, self.reduction, self.delta, self.is_huber)


class CosineSimilarity(Layer):
    def __init__(self, axis=1, eps=1e-8):
        super().__init__()
        self._axis, self._eps = axis, eps

    def forward(self, x1, x2):
        return D.cosine_similarity(x1, x2, self._axis, self._eps)


class PairwiseDistance(Layer):
    def __init__(self, p=2.0, epsilon=1e-6, keepdim=False, name=None):
        super().__init__()
        self.p, self.epsilon, self.keepdim, self.name = p, epsilon, keepdim, name

    def forward(self, x, y):
        return D.pairwise_distance(x, y, self.p, self.epsilon, self.keepdim)


class MultiMarginLoss(Layer):
    def __init__(self, p=1, margin=1.0, weight=None, reduction="mean", name=None):
        super().__init__()
        if reduction not in ("sum", "mean", "none"):
            raise ValueError(f"'reduction' in 'MultiMarginLoss' should be 'sum', 'mean' or "
                             f"'none', but received {reduction}.")
        self.p, self.margin, self.weight = p, margin, weight
        self.reduction, self.name = reduction, name

    def forward(self, input, label):
        return LM.multi_margin_loss(input, label, p=self.p, margin=self.margin,
                                    weight=self.weight, reduction=self.reduction,
                                    name=self.name)
