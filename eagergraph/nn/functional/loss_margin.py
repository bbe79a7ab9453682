"""Margin and embedding losses composed from public ops (Paddle nn/functional/loss.py):
margin_ranking_loss, hinge_embedding_loss, cosine_embedding_loss, triplet_margin_loss,
triplet_margin_with_distance_loss, soft_margin_loss, multi_label_soft_margin_loss,
sigmoid_focal_loss, multi_margin_loss. Gradients of every order come from the ops."""
from ... import ops as _ops
from ..._generated import public as _public
from .activation_extra import log_sigmoid
from .distance import pairwise_distance
from .loss import _reduce

__all__ = ["margin_ranking_loss", "hinge_embedding_loss", "cosine_embedding_loss",
           "triplet_margin_loss", "triplet_margin_with_distance_loss", "soft_margin_loss",
           "multi_label_soft_margin_loss", "sigmoid_focal_loss", "multi_margin_loss"]

_softplus = _public.FUNCTIONAL["softplus"]


def _check(reduction, msg):
    if reduction not in ("sum", "mean", "none"):
        raise ValueError(msg.format(reduction))


_PLAIN = "'reduction' in '{}' should be 'sum', 'mean' or 'none', but received {{}}."


def _relu(x):
    return _ops.maximum(x, _ops.zeros_like(x))


def _where_label(label, value, x):
    """x where label == value, else 0."""
    return _ops.where(_ops.equal(label, _ops.full_like(label, value, label.dtype)), x,
                      _ops.zeros_like(x))


def margin_ranking_loss(input, other, label, margin=0.0, reduction="mean", name=None):
    """relu(label * (other - input) + margin)."""
    _check(reduction, "The value of 'reduction' in MarginRankingLoss should be 'sum', 'mean' "
                      "or 'none', but received {}, which is not allowed.")
    out = _ops.multiply(_ops.subtract(other, input), label)
    if margin != 0.0:
        out = _ops.scale(out, 1.0, margin)
    return _reduce(_relu(out), reduction, mean_all=True)


def hinge_embedding_loss(input, label, margin=1.0, reduction="mean", name=None):
    """input where label == 1, relu(margin - input) where label == -1, 0 elsewhere."""
    _check(reduction, _PLAIN.format("hinge_embedding_loss"))
    loss = _ops.add(_where_label(label, 1.0, input),
                    _where_label(label, -1.0, _relu(_ops.scale(input, -1.0, margin))))
    return _reduce(loss, reduction)


def cosine_embedding_loss(input1, input2, label, margin=0, reduction="mean", name=None):
    """1 - cos(input1, input2) where label == 1, max(cos - margin, 0) where label == -1
    (cos over the last axis, each squared norm plus 1e-11)."""
    if len(label.shape) != 1:
        raise ValueError("1D target tensor expected, multi-target not supported")
    if list(input1.shape) != list(input2.shape):
        raise ValueError("the shape of input tensor 1 should be equal to input tensor 2, but "
                         "found inputs with different sizes")
    if len(input1.shape) > 2:
        raise ValueError("1D target tensor expects 1D or 2D input tensors, but found inputs "
                         "with different sizes")
    if input1.dtype.name not in ("float32", "float64"):
        raise ValueError("The data type of input Variable must be 'float32' or 'float64'")
    if label.dtype.name not in ("int32", "int64", "float32", "float64"):
        raise ValueError("The data type of label Variable must be 'int32', 'int64', 'float32', "
                         "'float64'")
    prod = _ops.sum(_ops.multiply(input1, input2), axis=-1)
    m1 = _ops.scale(_ops.sum(_ops.square(input1), axis=-1), 1.0, 10e-12)
    m2 = _ops.scale(_ops.sum(_ops.square(input2), axis=-1), 1.0, 10e-12)
    cos = _ops.divide(prod, _ops.sqrt(_ops.multiply(m1, m2)))
    out = _ops.add(_where_label(label, 1, _ops.scale(cos, -1.0, 1.0)),
                   _where_label(label, -1, _relu(_ops.scale(cos, 1.0, -margin))))
    return _reduce(out, reduction)


def _triplet(input, positive, negative, dist, margin, swap, reduction, where, check_sign):
    _check(reduction, _PLAIN.format(where))
    if margin < 0:
        raise ValueError("The margin between positive samples and negative samples should be "
                         "greater than 0.")
    if not list(input.shape) == list(positive.shape) == list(negative.shape):
        raise ValueError("input's shape must equal to positive's shape and negative's shape")
    pos = dist(input, positive)
    neg = dist(input, negative)
    if swap:
        neg = _ops.minimum(neg, dist(positive, negative))
    if check_sign and ((pos._data < 0).any() or (neg._data < 0).any()):
        raise ValueError("The positive distance or negative distance should be greater than 0, "
                         "The distance functions should be checked.")
    return _reduce(_relu(_ops.scale(_ops.subtract(pos, neg), 1.0, margin)), reduction)


def triplet_margin_loss(input, positive, negative, margin=1.0, p=2, epsilon=1e-06,
                        swap=False, reduction="mean", name=None):
    """relu(d(input, positive) - d(input, negative) + margin), d = pairwise_distance(p,
    epsilon); swap uses min(d(input, negative), d(positive, negative))."""
    def dist(a, b):
        return pairwise_distance(a, b, p, epsilon)
    return _triplet(input, positive, negative, dist, margin, swap, reduction,
                    "triplet_margin_loss", False)


def triplet_margin_with_distance_loss(input, positive, negative, distance_function=None,
                                      margin=1.0, swap=False, reduction="mean", name=None):
    """triplet_margin_loss with any distance (default: pairwise_distance with p=2)."""
    dist = distance_function if distance_function is not None else pairwise_distance
    return _triplet(input, positive, negative, dist, margin, swap, reduction,
                    "triplet_margin_with_distance_loss", True)


def soft_margin_loss(input, label, reduction="mean", name=None):
    """log(1 + exp(-label * input))."""
    _check(reduction, "The value of 'reduction' in soft_margin_loss should be 'sum', 'mean' "
                      "or 'none', but received {}, which is not allowed.")
    if list(input.shape) != list(label.shape):
        raise ValueError("input's shape must equal to label's shape")
    label = _ops.cast(label, input.dtype)
    out = _ops.log(_ops.scale(_ops.exp(_ops.scale(_ops.multiply(label, input), -1.0)), 1.0, 1.0))
    return _reduce(out, reduction)


def multi_label_soft_margin_loss(input, label, weight=None, reduction="mean", name=None):
    """-mean over the last axis of label * log_sigmoid(input) + (1 - label) *
    log_sigmoid(-input), times weight when given."""
    _check(reduction, _PLAIN.format("multi_label_soft_margin_loss"))
    if list(input.shape) != list(label.shape):
        raise ValueError(f"The input and label should have same dimension,but received "
                         f"{list(input.shape)}!={list(label.shape)}")
    loss = _ops.scale(_ops.add(
        _ops.multiply(label, log_sigmoid(input)),
        _ops.multiply(_ops.scale(label, -1.0, 1.0), log_sigmoid(_ops.scale(input, -1.0)))), -1.0)
    if weight is not None:
        loss = _ops.multiply(loss, weight)
    return _reduce(_ops.mean(loss, axis=-1), reduction)


def sigmoid_focal_loss(logit, label, normalizer=None, alpha=0.25, gamma=2.0, reduction="sum",
                       name=None):
    """alpha_t * (1 - p_t)^gamma * bce_with_logits(logit, label), p = sigmoid(logit),
    p_t = p label + (1 - p)(1 - label), alpha_t = alpha label + (1 - alpha)(1 - label);
    divided by normalizer when given. Default reduction 'sum', as Paddle."""
    _check(reduction, "The value of 'reduction' in sigmoid_focal_loss should be 'sum', 'mean' "
                      "or 'none', but received {}, which is not allowed.")
    if normalizer is not None and len(normalizer.shape) > 1:
        raise ValueError("Expected zero or one dimension of normalizer in sigmoid_focal_loss "
                         f"but got {len(normalizer.shape)}.")
    bce = _ops.subtract(_softplus(logit, 1.0, 20.0), _ops.multiply(logit, label.detach()))
    pred = _ops.sigmoid(logit)
    one_m_label = _ops.scale(label, -1.0, 1.0)
    p_t = _ops.add(_ops.multiply(pred, label),
                   _ops.multiply(_ops.scale(pred, -1.0, 1.0), one_m_label))
    alpha_t = _ops.add(_ops.scale(label, alpha), _ops.scale(one_m_label, 1.0 - alpha))
    loss = _ops.multiply(_ops.multiply(alpha_t, bce),
                         _ops.pow(_ops.scale(p_t, -1.0, 1.0), float(gamma)))
    if normalizer is not None:
        loss = _ops.divide(loss, normalizer)
    return _reduce(loss, reduction, mean_all=True)


def multi_margin_loss(input, label, p=1, margin=1.0, weight=None, reduction="mean", name=None):
    """Multi-class hinge loss of input [N, C] and int labels [N]: the mean over classes of
    (w_y *) max(0, margin - x_y + x_j)^p, less the j = y term margin^p / C, as Paddle."""
    _check(reduction, _PLAIN.format("multi_margin_loss"))
    if input.shape[0] != label.shape[0]:
        raise ValueError(f"The label's shape[0] should be equal to input's shape[0], but "
                         f"received input's shape[0] {input.shape[0]} and label's shape[0]:"
                         f"{label.shape[0]}. ")
    label = _ops.reshape(label, [-1, 1])
    picked = _ops.take_along_axis(input, label, axis=1)
    hinge = _ops.pow(_relu(_ops.add(_ops.scale(picked, -1.0, margin), input)), p)
    c = input.shape[1]
    if weight is None:
        loss = _ops.scale(_ops.mean(hinge, axis=1), 1.0, -(margin ** p) / c)
    else:
        if input.shape[1] != weight.shape[0]:
            raise ValueError(f"The weight's shape[0] should be equal to input's shape[1]but "
                             f"received weight's shape[0]: {weight.shape[0]} and input's "
                             f"shape[1]: {input.shape[1]}")
        w = _ops.reshape(_ops.gather(weight, _ops.reshape(label, [-1]), axis=0), [-1, 1])
        loss = _ops.subtract(_ops.mean(_ops.multiply(w, hinge), axis=1),
                             _ops.squeeze(_ops.scale(w, margin ** p / c)))
    return _reduce(loss, reduction)
