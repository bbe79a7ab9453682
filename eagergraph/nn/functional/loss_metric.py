"""dice_loss, npair_loss and margin_cross_entropy (Paddle nn/functional/loss.py), composed
from public ops, so gradients of any order are the ops' gradients.

margin_cross_entropy is the single-card (group=None/False, nranks 1) combined-margin softmax of
ArcFace/CosFace: the label's cosine x_y becomes cos(m1 * acos(x_y) + m2) - m3, every logit is
multiplied by `scale`, then softmax cross entropy. Paddle 3.3.1 has only a GPU kernel (its CPU
kernel raises Unavailable); this follows the GPU kernel's formula on CPU."""
import numpy as np

from ... import ops as _ops
from ...creation import to_tensor
from ...ops.activation import log_softmax

__all__ = ["dice_loss", "npair_loss", "margin_cross_entropy"]


def _dtype_name(t):
    return str(t.dtype).replace("paddle.", "")


def dice_loss(input, label, epsilon=1e-05, name=None):
    """mean over the batch of 1 - 2 |X n Y| / (|X| + |Y| + epsilon), with input [N, ..., C]
    probabilities and label [N, ..., 1] class ids (one-hot along the last axis)."""
    assert _dtype_name(input) in ("float32", "float64")
    assert _dtype_name(label) in ("int32", "int64")
    assert len(input.shape) >= 2, "The rank of input should be greater than or equal to 2."
    assert len(input.shape) == len(label.shape), (
        "The rank of input and label should be equal, "
        f"but received input: {len(input.shape)}, label: {len(label.shape)}.")
    assert label.shape[-1] == 1, ("The last dimension of label should be 1, "
                                  f"but received {label.shape[-1]}.")
    assert input.shape[:-1] == label.shape[:-1], \
        "All dimensions should be equal except the last one."
    c = input.shape[-1]
    lab = np.asarray(label.numpy())
    onehot = to_tensor(lab == np.arange(c).reshape([1] * (lab.ndim - 1) + [c]))
    onehot = _ops.cast(onehot, input.dtype)
    axes = list(range(1, len(input.shape)))
    inse = _ops.sum(_ops.multiply(input, onehot), axis=axes)
    denom = _ops.add(_ops.sum(input, axis=axes), _ops.sum(onehot, axis=axes))
    score = _ops.subtract(_ops.ones([], input.dtype),
                          _ops.divide(_ops.scale(inse, 2.0), _ops.scale(denom, 1.0, epsilon)))
    return _ops.mean(score)


def npair_loss(anchor, positive, labels, l2_reg=0.002):
    """N-pair loss: softmax cross entropy of anchor @ positive^T against the (row-normalised)
    same-label matrix, plus l2_reg / 4 times the mean squared norms of both embeddings."""
    if anchor.size == 0:
        raise ValueError("The dims of anchor should be greater than 0.")
    if positive.size == 0:
        raise ValueError("The dims of positive should be greater than 0.")
    if _dtype_name(anchor) != "float32":  # Paddle's soft-label cross entropy is float32 here
        raise ValueError(f"(InvalidArgument) The type of data we are trying to retrieve "
                         f"({_dtype_name(anchor)}) does not match the type of data (float32) "
                         f"currently contained in the container.")
    return _npair(anchor, positive, labels, l2_reg)


def _npair(anchor, positive, labels, l2_reg):
    lab = np.asarray(labels.numpy()).reshape(-1)
    same = (lab[:, None] == lab[None, :]).astype(np.float64)
    target = _ops.cast(to_tensor(same / same.sum(axis=1, keepdims=True)), anchor.dtype)
    l2 = _ops.add(_ops.mean(_ops.sum(_ops.square(anchor), axis=1)),
                  _ops.mean(_ops.sum(_ops.square(positive), axis=1)))
    l2 = _ops.scale(l2, 0.25 * l2_reg)
    sim = _ops.matmul(anchor, positive, transpose_y=True)
    ce = _ops.neg(_ops.sum(_ops.multiply(target, log_softmax(sim, axis=1)), axis=1,
                           keepdim=True))  # [N, 1]
    return _ops.add(l2, _ops.mean(_ops.sum(_ops.multiply(target, ce), axis=0)))


def margin_cross_entropy(logits, label, margin1=1.0, margin2=0.5, margin3=0.0, scale=64.0,
                         group=None, return_softmax=False, reduction="mean"):
    """Loss [N, 1] (reduced unless reduction is 'none'/None) and, with return_softmax, the
    softmax [N, C] of the margin-adjusted, scaled logits."""
    assert reduction in ["mean", "sum", "none", None]
    if not (group is False or group is None):
        raise ValueError(f"Expected group is False, None or instance of "
                         f"paddle.distributed.collective.Group (got group: {group}); only the "
                         f"single-card form is supported")
    if logits.shape[-1] == 0:
        raise ValueError(f"Expected logit_dims[-1] > 0 (got logit_dims {logits.shape})")
    nd, ld = len(logits.shape), len(label.shape)
    if nd - 1 != ld and nd != ld:
        raise ValueError(f"Expected input_dims - 1 = label_dims or input_dims == label_dims "
                         f"(got input_dims{nd}, label_dims{ld})")
    c = logits.shape[-1]
    lab = np.asarray(label.numpy()).reshape(-1)
    if ((lab < 0) | (lab >= c)).any():
        raise ValueError(f"(InvalidArgument) The label should be in [0, {c}), but received "
                         f"{int(lab[(lab < 0) | (lab >= c)][0])}.")
    onehot = lab[:, None] == np.arange(c)[None, :]
    x = _ops.reshape(logits, [-1, c])
    picked = _ops.take_along_axis(x, to_tensor(lab[:, None]), axis=1)  # [N, 1]
    if abs(margin1 - 1.0) < 1e-8 and abs(margin2) < 1e-8:
        target = _ops.scale(picked, 1.0, -margin3)
    else:
        target = _ops.scale(_ops.cos(_ops.scale(_ops.acos(picked), margin1, margin2)), 1.0,
                            -margin3)
    z = _ops.scale(_ops.where(to_tensor(onehot), target, x), scale)
    logp = log_softmax(z, axis=1)
    loss = _ops.neg(_ops.take_along_axis(logp, to_tensor(lab[:, None]), axis=1))
    if reduction == "mean":
        loss = _ops.mean(loss)
    elif reduction == "sum":
        loss = _ops.sum(loss)
    if not return_softmax:
        return loss
    return loss, _ops.exp(logp)
