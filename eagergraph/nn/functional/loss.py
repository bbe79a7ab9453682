"""Loss functions (Paddle nn/functional/loss.py): mse_loss, l1_loss, smooth_l1_loss,
cross_entropy, nll_loss, binary_cross_entropy, binary_cross_entropy_with_logits, kl_div.

Each is composed from public ops, so its gradient is the ops' gradient. Class picks use a
one-hot mask built from the (constant) labels: sum(logp * onehot) along the class axis."""
import numpy as np

from ... import ops as _ops
from ...creation import to_tensor
from ..._generated.eager_utils import to_float32
from ..._generated import public as _public
from ..._generated import ops_api as _C_ops

__all__ = ["mse_loss", "l1_loss", "smooth_l1_loss", "cross_entropy", "softmax_with_cross_entropy",
           "nll_loss", "binary_cross_entropy", "binary_cross_entropy_with_logits", "kl_div"]

_softplus = _public.FUNCTIONAL["softplus"]
_REDUCTIONS = ("sum", "mean", "none")


def _check_reduction(reduction, where):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"The value of 'reduction' in {where} should be 'sum', 'mean' or "
                         f"'none', but received {reduction}, which is not allowed.")


def _reduce(out, reduction, mean_all=False):
    """reduction "sum", "mean" or "none" of a loss; mean_all: the mean as Paddle's mean_all op
    (the losses whose Paddle graph ends in MeanAllGradNode), else as paddle.mean."""
    if reduction == "sum":
        return _ops.sum(out)
    if reduction == "mean":
        return _C_ops.mean_all(out) if mean_all else _ops.mean(out)
    return out


def _const(arr, dtype):
    return to_tensor(np.asarray(arr), dtype=dtype)


def mse_loss(input, label, reduction="mean", name=None):
    """(input - label)^2, reduced."""
    if reduction not in _REDUCTIONS:
        raise ValueError(f"'reduction' in 'mse_loss' should be 'sum', 'mean' or 'none', but "
                         f"received {reduction}.")
    return _reduce(_ops.square(_ops.subtract(input, label)), reduction)


def l1_loss(input, label, reduction="mean", name=None):
    """|input - label|, reduced."""
    _check_reduction(reduction, "L1Loss")
    return _reduce(_ops.abs(_ops.subtract(input, label)), reduction, mean_all=True)


def smooth_l1_loss(input, label, reduction="mean", delta=1.0, is_huber=True, name=None):
    """Huber loss of r = label - input: 0.5 r^2 where |r| <= delta, else
    delta * (|r| - delta / 2); is_huber=False divides it by delta."""
    r = _ops.subtract(label, input)
    ar = _ops.abs(r)
    d = to_float32(delta)  # Paddle's huber_loss kernel: a float32 attribute; is_huber=False
    out = _ops.where(_ops.less_equal(ar, _ops.full([], d, ar.dtype)),  # divides by delta itself
                     _ops.scale(_ops.square(r), 0.5),
                     _ops.scale(ar, d, -0.5 * d * d))
    if not is_huber:
        out = _ops.divide(out, _ops.full([], delta, out.dtype))  # as Paddle: out / delta
    _check_reduction(reduction, "smooth_l1_loss")
    return _reduce(out, reduction)


def _onehot_mask(label_np, num_classes, axis, ndim, dtype):
    """One-hot of integer labels (shape with a size-1 class axis at `axis`) along `axis`, as
    a constant tensor; labels outside [0, num_classes) give all-zero rows."""
    classes = np.arange(num_classes).reshape([num_classes if i == axis else 1
                                              for i in range(ndim)])
    return _const(label_np == classes, dtype)


def _cross_entropy_unreduced(input, label, soft_label, use_softmax, ignore_index, axis):
    """Paddle's cross_entropy_with_softmax loss: shape of label (class axis of size 1)."""
    _, loss = _C_ops.cross_entropy_with_softmax(input, label, soft_label, use_softmax, True,
                                                ignore_index, axis)
    return loss


def cross_entropy(input, label, weight=None, ignore_index=-100, reduction="mean",
                  soft_label=False, axis=-1, use_softmax=True, label_smoothing=0.0, name=None):
    """Softmax cross entropy (use_softmax=False: input holds probabilities). Hard labels are
    integer class ids shaped like input without the class axis (or with it of size 1); soft
    labels are distributions shaped like input. weight: per-class weights; ignore_index: a
    label that contributes 0 (and, when >= 0, is left out of the mean)."""
    if reduction not in _REDUCTIONS:
        raise ValueError(f"The value of 'reduction' in softmax_cross_entropyshould be 'sum', "
                         f"'mean' or 'none', but received {reduction}, which is not allowed.")
    if ignore_index > 0 and soft_label:
        raise ValueError(f"When soft_label == True, the value of 'ignore_index' in "
                         f"softmax_cross_entropyshould be '-100', but received {ignore_index}, "
                         f"which is not allowed.")
    input_dims = len(input.shape)
    if input_dims == 0:
        raise ValueError("The dimension of input should be larger than zero!")
    label_dims = len(label.shape)
    if input_dims - 1 == label_dims:
        label = _ops.unsqueeze(label, axis)
    if input_dims - 1 != label_dims and input_dims != label_dims:
        raise ValueError(f"Expected input_dims - 1 = label_dims or input_dims == label_dims     "
                         f"        (got input_dims{input_dims}, label_dims{label_dims})")
    if label_smoothing > 0.0:
        from .common import one_hot, label_smooth
        soft_label = True
        if input_dims - 1 == label_dims:
            label = _ops.squeeze(label, axis)
            label = one_hot(label.astype("int64"), input.shape[-1])
        label = label_smooth(label, epsilon=label_smoothing).astype(input.dtype)
    out = _cross_entropy_unreduced(input, label, soft_label, use_softmax, ignore_index, axis)
    wg = None
    if weight is not None:
        if soft_label:
            wg = _ops.reshape(_ops.matmul(_ops.cast(label, weight.dtype), weight,
                                          transpose_y=True), out.shape)
        else:
            if input.shape[axis] != weight.shape[-1]:
                raise ValueError(f"input's class_dimension({input.shape[axis]}) must equal to "
                                 f"weight's class_dimension({weight.shape[-1]}) when weight is "
                                 f"provided")
            label_np = label._data.astype(np.int64)
            valid = np.where(label_np != ignore_index, label_np, 0)
            w_np = np.where(label_np != ignore_index, 1, 0)
            wg = _ops.multiply(_ops.gather(weight, _const(valid.reshape(-1), "int64")),
                               _const(w_np.reshape(-1), weight.dtype))
            wg = _ops.reshape(wg, label.shape)
        out = _ops.multiply(_ops.cast(out, wg.dtype), wg)
    if reduction == "sum":
        return _ops.sum(out)
    if reduction == "mean":
        if 0 in input.shape:
            return _C_ops.mean_all(_ops.add(out, _ops.full([], float("nan"), out.dtype)))
        if ignore_index >= 0:
            keep = _const(label._data != ignore_index, out.dtype)
            denom = _ops.sum(keep) if wg is None else _ops.sum(_ops.multiply(keep, wg))
            return _ops.divide(_ops.sum(out), _nonzero(denom))
        if wg is not None:
            return _ops.divide(_ops.sum(out), _nonzero(_ops.sum(wg)))
        return _C_ops.mean_all(out)
    if input_dims - 1 == label_dims:
        out = _ops.squeeze(out, axis)
    return out


def _nonzero(t):
    """t, or 1 where t == 0 (the mean of nothing is 0, not NaN)."""
    return _ops.add(t, _ops.cast(_ops.equal(t, _ops.zeros_like(t)), t.dtype))


def softmax_with_cross_entropy(logits, label, soft_label=False, ignore_index=-100,
                               numeric_stable_mode=True, return_softmax=False, axis=-1):
    """The unreduced loss, shaped like label (class axis of size 1); optionally the softmax."""
    if len(label.shape) == len(logits.shape) - 1:
        label = _ops.unsqueeze(label, axis)
    softmax, loss = _C_ops.cross_entropy_with_softmax(logits, label, soft_label, True,
                                                      numeric_stable_mode, ignore_index, axis)
    return (loss, softmax) if return_softmax else loss


def nll_loss(input, label, weight=None, ignore_index=-100, reduction="mean", name=None):
    """-weight[label] * input[n, label] for log-probabilities input [N, C, d1, ...] and integer
    labels [N, d1, ...]; the mean divides by the total weight of non-ignored labels."""
    _check_reduction(reduction, "nll_loss")
    input_shape, label_shape = input.shape, label.shape
    input_dims, label_dims = len(input_shape), len(label_shape)
    if input_dims - 1 != label_dims and input_dims != label_dims:
        raise ValueError(f"Expected input_dims - 1 = label_dims or input_dims == label_dims     "
                         f"        (got input_dims{input_dims}, label_dims{label_dims})")
    if input_dims < 2:
        raise ValueError(f"Expected 2 or more dimensions (got {input_dims})")
    if input_shape[1] < 1:
        raise ValueError(f"Expected 1 or more classes (got num classes{input_shape[1]})")
    n, c = input_shape[0], input_shape[1]
    out_shape = [n] + input_shape[2:]
    label_np = label._data.astype(np.int64).reshape(out_shape)
    if ((label_np != ignore_index) & ((label_np < 0) | (label_np >= c))).any():
        raise ValueError("(InvalidArgument) label should not be out of bounds.")
    # classes last: [N, d1, ..., C]
    x = _ops.transpose(input, [0] + list(range(2, input_dims)) + [1]) if input_dims > 2 \
        else input
    mask = _onehot_mask(label_np[..., None], c, input_dims - 1, input_dims, input.dtype)
    picked = _ops.sum(_ops.multiply(x, mask), axis=-1)
    keep = label_np != ignore_index
    if weight is None:
        w = _const(keep, input.dtype)
    else:
        valid = np.where(keep, label_np, 0)
        w = _ops.multiply(_ops.reshape(_ops.gather(weight, _const(valid.reshape(-1), "int64")),
                                       out_shape), _const(keep, weight.dtype))
    out = _ops.scale(_ops.multiply(picked, w), -1.0)
    if reduction == "sum":
        return _ops.sum(out)
    if reduction == "mean":
        total = _ops.sum(w)
        return _ops.divide(_ops.sum(out), _nonzero(total))
    return out


def binary_cross_entropy(input, label, weight=None, reduction="mean", name=None):
    """-(label * log(input) + (1 - label) * log(1 - input)), each log clamped at -100;
    input must lie in [0, 1]."""
    _check_reduction(reduction, "binary_cross_entropy")
    label = label.detach()  # Paddle's bce_loss gives the label no gradient
    x = input._data
    if (x > 1).any():
        v = x[x > 1].flat[0]
        raise ValueError(f"(InvalidArgument) Illegal input, input must be less than or equal "
                         f"to 1\n  [Hint: Expected x_data[i] <= static_cast<T>(1), but received "
                         f"x_data[i]:{v} > static_cast<T>(1):1.]")
    if (x < 0).any():
        v = x[x < 0].flat[0]
        raise ValueError(f"(InvalidArgument) Illegal input, input must be greater than or equal "
                         f"to 0\n  [Hint: Expected x_data[i] >= static_cast<T>(0), but received "
                         f"x_data[i]:{v} < static_cast<T>(0):0.]")
    floor = _ops.full([], -100.0, input.dtype)
    log_x = _ops.maximum(_ops.log(input), floor)
    log_1mx = _ops.maximum(_ops.log(_ops.scale(input, -1.0, 1.0)), floor)
    out = _ops.scale(_ops.add(_ops.multiply(label, log_x),
                              _ops.multiply(_ops.scale(label, -1.0, 1.0), log_1mx)), -1.0)
    if weight is not None:
        out = _ops.multiply(out, weight)
    return _reduce(out, reduction, mean_all=True)


def binary_cross_entropy_with_logits(logit, label, weight=None, reduction="mean",
                                     pos_weight=None, name=None):
    """softplus(logit) - logit * label (sigmoid folded in, stable); pos_weight scales the
    positive term: (1 - label) * logit + (1 + (pos_weight - 1) * label) * softplus(-logit)."""
    _check_reduction(reduction, "binary_cross_entropy_with_logits")
    label = label.detach()  # Paddle's kernel gives label and pos_weight no gradient
    if pos_weight is not None:
        pos_weight = pos_weight.detach()
    if pos_weight is None:
        # Paddle's kernel: max(x, 0) - x * z + log(1 + exp(-|x|)). Keeping the small log term
        # apart matters: softplus(x) - x * z rounds it away (Bernoulli(1.).log_prob(1.) is
        # -1.19e-07 in float32 there, not 0). The branches are chosen so that x = 0 takes the
        # x <= 0 side everywhere, giving the gradient sigmoid(x) - z there too.
        positive = _ops.greater_than(logit, _ops.zeros_like(logit))
        xz = _ops.multiply(logit, label)
        head = _ops.where(positive, _ops.subtract(logit, xz), _ops.scale(xz, -1.0))
        neg_abs = _ops.where(positive, _ops.scale(logit, -1.0), logit)
        out = _ops.add(head, _ops.log(_ops.scale(_ops.exp(neg_abs), 1.0, 1.0)))
    else:
        log_weight = _ops.scale(_ops.multiply(label, _ops.scale(pos_weight, 1.0, -1.0)), 1.0,
                                1.0)
        out = _ops.add(_ops.multiply(_ops.scale(label, -1.0, 1.0), logit),
                       _ops.multiply(log_weight, _softplus(_ops.scale(logit, -1.0), 1.0, 20.0)))
    if weight is not None:
        out = _ops.multiply(out, weight)
    return _reduce(out, reduction, mean_all=True)


def kl_div(input, label, reduction="mean", log_target=False, name=None):
    """label * (log(label) - input) (0 where label <= 0); log_target: exp(label) *
    (label - input). reduction 'batchmean' divides the sum by the batch size; an unknown
    reduction leaves the loss unreduced, as in Paddle."""
    if input.dtype.name == "float32" and label.dtype.name == "float64":
        input = _ops.cast(input, "float64")
    elif input.dtype.name == "float64" and label.dtype.name == "float32":
        label = _ops.cast(label, "float64")
    label = label.detach()  # Paddle's kldiv_loss gives the label no gradient
    if log_target:
        out = _ops.multiply(_ops.exp(label), _ops.subtract(label, input))
    else:
        positive = _ops.greater_than(label, _ops.zeros_like(label))
        safe = _ops.where(positive, label, _ops.ones_like(label))
        coef = _ops.where(positive, label, _ops.zeros_like(label))
        out = _ops.multiply(coef, _ops.subtract(_ops.log(safe), input))
    if reduction == "mean":
        return _ops.mean(out)
    if reduction == "sum":
        return _ops.sum(out)
    if reduction == "batchmean" and len(input.shape) > 0:
        return _ops.scale(_ops.sum(out), 1.0 / input.shape[0])
    return out
