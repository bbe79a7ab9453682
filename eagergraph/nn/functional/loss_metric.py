"""dice_loss and npair_loss (Paddle nn/functional/loss.py), composed from public ops as
Paddle composes them, so gradients of any order are the ops' gradients."""
import numpy as np

from ... import ops as _ops
from ...creation import to_tensor
from ...ops.activation import log_softmax

__all__ = ["dice_loss", "npair_loss"]


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
