"""ctc_loss and rnnt_loss (Paddle nn/functional/loss.py over the warpctc / warprnnt ops),
composed from public ops.

As warpctc, the input is unnormalised: log_softmax over the classes comes first. The CTC
forward (alpha) recursion over the blank-extended labels runs in log space, vectorised over
the batch and the 2L+1 states; the Python loop is over time only. Unreachable states hold a
large finite negative instead of -inf, so logsumexp's gradient has no inf - inf. Gradients of
any order are the ops' gradients. Impossible alignments give 0 (loss and gradient), as
warpctc does (an empty input with an empty label gives inf); norm_by_times scales only the gradient by 1 / input_length.

rnnt_loss, as Paddle's CPU warprnnt, reads its input [B, T, U+1, V] as log-probabilities (no
softmax). Per time step the label axis is a linear recurrence, solved in closed form in log
space: alpha_t[u] = C[u] + logsumexp_{k<=u}(a[k] - C[k]) with a = alpha_{t-1} + blank and C the
cumulative label log-probabilities, a masked [B, U+1, U+1] logsumexp; the loop is over time
only. fastemit_lambda scales only the label emissions' gradient by 1 + lambda."""
import numpy as np

from ... import ops as _ops
from ...creation import to_tensor
from ...ops.activation import log_softmax
from ...tensor import Tensor

__all__ = ["ctc_loss", "rnnt_loss"]

_NEG = -1e30


def _dtype_name(t):
    return str(t.dtype).replace("paddle.", "")


def _check_ctc(log_probs, labels, input_lengths, label_lengths, reduction):
    for t, want in ((labels, "int32"), (input_lengths, "int64"), (label_lengths, "int64")):
        if not isinstance(t, Tensor):
            raise TypeError(f"ctc_loss expects Tensors, but received {type(t).__name__}")
        if _dtype_name(t) != want:
            raise ValueError(f"(InvalidArgument) The type of data we are trying to retrieve "
                             f"({want}) does not match the type of data ({_dtype_name(t)}) "
                             f"currently contained in the container.")
    if _dtype_name(log_probs) not in ("float32", "float64"):
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), "
                           f"{_dtype_name(log_probs)}) of kernel `warpctc` is not registered.")
    if len(log_probs.shape) != 3:
        raise ValueError(f"(InvalidArgument) The input of warpctc should be 3-D "
                         f"[max_logit_length, batch_size, num_classes + 1], but received "
                         f"{list(log_probs.shape)}.")
    if reduction not in ("mean", "sum", "none"):
        raise AssertionError()


def _ctc_nll(logp, lab, in_len, lab_len, blank):
    """-log p(label | input) per sample from log-probabilities logp [T, N, C]; 0 where no
    alignment exists."""
    t_max, n, _ = logp.shape
    l_max = lab.shape[1]
    s = 2 * l_max + 1
    ext = np.full((n, s), blank, np.int64)
    ext[:, 1::2] = lab
    # s - 2 -> s is allowed onto a label that differs from the label two states back
    skip = np.zeros((n, s), bool)
    skip[:, 3::2] = lab[:, 1:] != lab[:, :-1]
    dt = logp.dtype
    # states are kept with two leading padding columns (position p = state p - 2) that hold
    # (and stay) a huge negative, so each step is one gather of the three predecessors
    emit = _ops.take_along_axis(logp, to_tensor(ext[None]), axis=2)  # [T, N, S]
    emit = _ops.concat([_ops.full([t_max, n, 2], _NEG, dt), emit], axis=2)
    pos = np.arange(s + 2)
    src = np.stack([np.broadcast_to(pos, (n, s + 2)),
                    np.broadcast_to(np.maximum(pos - 1, 0), (n, s + 2)),
                    np.where(np.pad(skip, ((0, 0), (2, 0))), pos - 2, 0)], axis=1)
    src[:, :, :2] = 0
    src = to_tensor(src.reshape(n, 3 * (s + 2)))
    emits = _ops.unbind(emit, axis=0)
    init = np.full((n, s + 2), _NEG)
    init[:, 2:4] = 0.0
    alpha = _ops.add(_ops.cast(to_tensor(init), dt), emits[0])
    for t in range(1, t_max):
        live = in_len > t
        if not live.any():
            break
        prev = _ops.reshape(_ops.take_along_axis(alpha, src, axis=1), [n, 3, s + 2])
        step = _ops.add(_ops.logsumexp(prev, axis=1), emits[t])
        alpha = step if live.all() else _ops.where(to_tensor(live[:, None]), step, alpha)
    # end in the last label or the blank after it
    last = np.stack([2 * lab_len, np.maximum(2 * lab_len - 1, 0)], axis=1) + 2
    ends = _ops.take_along_axis(alpha, to_tensor(last), axis=1)
    ends = _ops.where(to_tensor(np.stack([np.ones(n, bool), lab_len > 0], axis=1)), ends,
                      _ops.full([n, 2], _NEG, dt))
    nll = _ops.neg(_ops.logsumexp(ends, axis=1))
    # warpctc: an alignment needs input_length >= label_length + number of repeats
    repeats = ((lab[:, 1:] == lab[:, :-1])
               & (np.arange(1, l_max)[None] < lab_len[:, None])).sum(axis=1) if l_max else 0
    feasible = (in_len >= lab_len + repeats) & (in_len > 0)
    if not feasible.all():
        # warpctc: an empty input with an empty label costs inf, any other impossible pair 0
        fill = np.where((in_len == 0) & (lab_len == 0), np.inf, 0.0)
        nll = _ops.where(to_tensor(feasible), nll, _ops.cast(to_tensor(fill), dt))
    return nll


def ctc_loss(log_probs, labels, input_lengths, label_lengths, blank=0, reduction="mean",
             norm_by_times=False, zero_infinity=False):
    """CTC loss of unnormalised scores log_probs [T, N, C] (softmax is applied inside, as
    warpctc does) against padded int32 labels [N, L], with int64 input/label lengths [N].
    'mean' divides each loss by its label length before averaging."""
    _check_ctc(log_probs, labels, input_lengths, label_lengths, reduction)
    lab = np.asarray(labels.numpy(), np.int64)
    in_len = np.asarray(input_lengths.numpy(), np.int64).reshape(-1)
    lab_len = np.asarray(label_lengths.numpy(), np.int64).reshape(-1)
    t_max = log_probs.shape[0]
    if (in_len > t_max).any():
        raise ValueError(f"(InvalidArgument) The value of Input(LogitsLength) should not be "
                         f"greater than max_logit_length {t_max}, but received "
                         f"{int(in_len.max())}.")
    if (lab_len > lab.shape[1]).any():
        raise ValueError(f"(InvalidArgument) The value of Input(LabelLength) should not be "
                         f"greater than max_label_length {lab.shape[1]}, but received "
                         f"{int(lab_len.max())}.")
    loss = _ctc_nll(log_softmax(log_probs, axis=2), lab, in_len, lab_len, blank)
    if norm_by_times:  # warpctc scales the gradient, not the loss, by 1 / input_length
        scale = to_tensor((1.0 / np.maximum(in_len, 1)).astype(np.float64))
        scale = _ops.cast(scale, loss.dtype)
        fixed = loss.detach()
        loss = _ops.add(fixed, _ops.multiply(_ops.subtract(loss, fixed), scale))
    if zero_infinity:
        loss = _ops.where(_ops.isinf(loss), _ops.zeros_like(loss), loss)
    if reduction == "mean":
        return _ops.mean(_ops.divide(loss, _ops.cast(label_lengths, loss.dtype)))
    if reduction == "sum":
        return _ops.sum(loss)
    return loss


def _check_rnnt(input, label, input_lengths, label_lengths, reduction):
    for t, what in ((label, "label"), (input_lengths, "input_lengths"),
                    (label_lengths, "label_lengths")):
        if not isinstance(t, Tensor):
            raise TypeError(f"rnnt_loss expects Tensors, but received {type(t).__name__}")
        if _dtype_name(t) != "int32":
            raise ValueError(f"(InvalidArgument) The type of data we are trying to retrieve "
                             f"(int32) does not match the type of data ({_dtype_name(t)}) "
                             f"currently contained in the container.")
    if _dtype_name(input) not in ("float32", "float64"):
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), "
                           f"{_dtype_name(input)}) of kernel `warprnnt` is not registered.")
    if len(input.shape) != 4:
        raise ValueError(f"(InvalidArgument) The input of warprnnt should be 4-D "
                         f"[B, max_T, max_U + 1, V], but received {list(input.shape)}.")
    assert reduction in ["mean", "sum", "none"]


def rnnt_loss(input, label, input_lengths, label_lengths, blank=0, fastemit_lambda=0.001,
              reduction="mean", name=None):
    """RNN-transducer loss of log-probabilities input [B, T, U+1, V] against int32 labels
    [B, U] with int32 lengths [B]; 'mean' is the sum over the batch divided by B."""
    _check_rnnt(input, label, input_lengths, label_lengths, reduction)
    b, t_max, u1, v = input.shape
    lab = np.clip(np.asarray(label.numpy(), np.int64), 0, v - 1)
    in_len = np.asarray(input_lengths.numpy(), np.int64).reshape(-1)
    lab_len = np.asarray(label_lengths.numpy(), np.int64).reshape(-1)
    dt = input.dtype
    blank_lp = input[:, :, :, blank]  # [B, T, U+1]
    u = u1 - 1
    if u > 0:
        idx = to_tensor(lab[:, None, :u, None])
        lab_lp = _ops.squeeze(_ops.take_along_axis(input[:, :, :u, :], idx, axis=3), [3])
        if fastemit_lambda:  # FastEmit: the label emissions' gradient times 1 + lambda
            lab_lp = _ops.add(lab_lp, _ops.scale(_ops.subtract(lab_lp, lab_lp.detach()),
                                                 fastemit_lambda))
        zero = _ops.zeros([b, t_max, 1], dt)
        cum = _ops.concat([zero, _ops.cumsum(lab_lp, axis=2)], axis=2)  # [B, T, U+1]
    else:
        cum = _ops.zeros([b, t_max, 1], dt)
    tril = to_tensor(np.tril(np.ones((u1, u1), bool)))
    neg = _ops.full([b, u1, u1], _NEG, dt)
    alpha = cum[:, 0]
    for t in range(1, t_max):
        live = in_len > t
        if not live.any():
            break
        a = _ops.subtract(_ops.add(alpha, blank_lp[:, t - 1]), cum[:, t])  # a[k] - C[k]
        m = _ops.where(tril, _ops.unsqueeze(a, 1), neg)  # [B, u, k], k <= u
        step = _ops.add(cum[:, t], _ops.logsumexp(m, axis=2))
        alpha = step if live.all() else _ops.where(to_tensor(live[:, None]), step, alpha)
    last_t = np.maximum(in_len - 1, 0)
    end_alpha = _ops.squeeze(_ops.take_along_axis(alpha, to_tensor(lab_len[:, None]), axis=1),
                             [1])
    end_blank = _ops.gather_nd(blank_lp, to_tensor(np.stack([np.arange(b), last_t, lab_len],
                                                            axis=1)))
    loss = _ops.neg(_ops.add(end_alpha, end_blank))
    if reduction == "mean":
        return _ops.scale(_ops.sum(loss), 1.0 / b)
    if reduction == "sum":
        return _ops.sum(loss)
    return loss
