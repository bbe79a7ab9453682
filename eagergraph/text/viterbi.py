"""paddle.text.viterbi_decode / ViterbiDecoder: the best tag path of a linear-chain CRF.

Follows Paddle 3.3.1's CPU kernel (phi/kernels/cpu/viterbi_decode_kernel.cc) step for step, so
scores, paths, ties and the odd corners agree: the last row of `transition_params` is the start
tag and the second-to-last the stop tag (include_bos_eos_tag=True); a finished sequence keeps its
alpha through float masks (alpha * (1 - m) + alpha_next * m, as the kernel computes it); argmax
takes the first strict maximum, starting from the dtype's lowest value; the path has
max(lengths) columns, zeros past each sequence's length. No gradient: Paddle registers none, and
both outputs are stop_gradient=True.

Where Paddle crashes we are defined instead (docs/differences.md): every length <= 0 (a
segmentation fault there) gives scores from the first step and a [batch, 0] path; a length
beyond the sequence (an internal OutOfRange there) raises IndexError naming both."""
import numpy as np

from ..creation import to_tensor
from .._generated.eager_utils import check_kernel_dtype, parse_tensor
from ..nn import Layer

__all__ = ["viterbi_decode", "ViterbiDecoder"]

_OP = "viterbi_decode"


def _type_mismatch(want, got):
    return ValueError(
        f"(InvalidArgument) The type of data we are trying to retrieve ({want}) does not match "
        f"the type of data ({got}) currently contained in the container.")


def _check(potentials, transition_params, lengths, include_bos_eos_tag):
    pot = parse_tensor(potentials, _OP, "potentials", 0)
    trans = parse_tensor(transition_params, _OP, "transition_params", 1)
    lens = parse_tensor(lengths, _OP, "lengths", 2)
    if include_bos_eos_tag is None:
        include_bos_eos_tag = False
    elif isinstance(include_bos_eos_tag, np.bool_):
        include_bos_eos_tag = bool(include_bos_eos_tag)
    elif include_bos_eos_tag is not True and include_bos_eos_tag is not False:
        raise TypeError(f"(InvalidType) {_OP}(): argument (position 4) must be bool, but got "
                        f"{type(include_bos_eos_tag).__name__}")
    if pot.ndim != 3:
        raise ValueError(f"(InvalidArgument) The rank of Input in ViterbiDecode  must be 3. But "
                         f"received Input's rank is {pot.ndim}.")
    if lens.ndim != 1:
        raise ValueError(f"(InvalidArgument) The rank of Length in ViterbiDecode must be 1. But "
                         f"received Length's rank is {lens.ndim}.")
    if trans.ndim != 2:
        raise ValueError(f"(InvalidArgument) The rank of Transition in ViterbiDecode must be 2. "
                         f"But received Transition's rank is {trans.ndim}.")
    if pot.shape[0] != lens.shape[0]:
        raise ValueError("(InvalidArgument) The batch size of Input and Length should be equal.")
    if pot.shape[2] != trans.shape[0]:
        # Paddle's message names the two numbers the other way round; kept as Paddle prints it
        raise ValueError(f"(InvalidArgument) The number of tags of Input ({trans.shape[0]}) and "
                         f"Transition ({pot.shape[2]}) should be equal.")
    check_kernel_dtype(pot, _OP, ("float64", "float32"))
    if trans.dtype.name != pot.dtype.name:
        raise _type_mismatch(pot.dtype.name, trans.dtype.name)
    if lens.dtype.name != "int64":
        raise _type_mismatch("int64", lens.dtype.name)
    n = pot.shape[2]
    if n < 2 or trans.shape[1] != n:
        # the kernel splits the transitions into [n-2, 1, 1] rows and needs a square matrix
        raise ValueError(f"(InvalidArgument) {_OP}(): transition_params must be a square "
                         f"[num_tags, num_tags] matrix with num_tags >= 2 (the kernel reserves "
                         f"the last two rows for the start and stop tags), but got shape "
                         f"{list(trans.shape)} for {n} tags.")
    return pot, trans, lens, include_bos_eos_tag


def _first_argmax(x, axis):
    """The kernel's argmax: the first j with x[j] > every earlier value, starting below every
    finite number (dtype lowest); NaN never wins, an all-NaN row gives (lowest, -1)."""
    x = np.moveaxis(x, axis, 0)
    best = np.full(x.shape[1:], np.finfo(x.dtype).min, x.dtype)
    idx = np.full(x.shape[1:], -1, np.int64)
    for j in range(x.shape[0]):
        better = x[j] > best
        best = np.where(better, x[j], best)
        idx = np.where(better, j, idx)
    return best, idx


def _decode(pot, trans, lens, tag):
    """NumPy arrays in, (scores [B], path [B, max_len] int64) out."""
    batch, seq_len, n = pot.shape
    dt = pot.dtype.type
    left = lens.astype(np.int64).reshape(batch, 1).copy()
    max_len = int(left.max()) if batch else 0
    if max_len > seq_len:
        raise IndexError(f"(OutOfRange) {_OP}(): lengths must not exceed the sequence length of "
                         f"potentials ({seq_len}), but the largest length is {max_len}.")
    stop, start = trans[n - 2][None, :], trans[n - 1][None, :]
    one = dt(1)
    with np.errstate(invalid="ignore", over="ignore"):
        alpha = pot[:, 0, :]
        if tag:
            alpha = alpha + start
            alpha = alpha + stop * (left == 1).astype(pot.dtype)
        left -= 1
        history = []
        for i in range(1, max_len):
            total = alpha[:, :, None] + trans[None, :, :]       # [B, from, to]
            best, arg = _first_argmax(total, 1)
            history.append(arg)
            nxt = best + pot[:, i, :]
            m = (left > 0).astype(pot.dtype)
            alpha = alpha * (one - m) + nxt * m
            if tag:
                alpha = alpha + stop * (left == 1).astype(pot.dtype)
            left -= 1
        scores, last = _first_argmax(alpha, 1)
    left = left.reshape(batch)
    width = max(max_len, 0)
    path = np.zeros((width, batch), np.int64)
    if width == 0:
        return scores, path.T
    path[width - 1] = last * (left >= 0)
    rows = np.arange(batch)
    for k, hist in enumerate(reversed(history)):
        left += 1
        upd = np.where(last >= 0, hist[rows, np.clip(last, 0, n - 1)], -1) * (left > 0)
        zero = (left == 0).astype(np.int64)
        upd = upd * (1 - zero) + last * zero
        last = last * (left < 0) + upd
        path[width - 2 - k] = upd
    return scores, path.T


def viterbi_decode(potentials, transition_params, lengths, include_bos_eos_tag=True, name=None):
    """The highest-scoring tag sequence of each batch row: (scores [batch] in potentials' dtype,
    paths [batch, max(lengths)] int64). potentials: [batch, seq_len, num_tags] float32/float64;
    transition_params: [num_tags, num_tags] of the same dtype; lengths: [batch] int64. With
    include_bos_eos_tag the last row/column of the transitions is the start tag and the
    second-to-last the stop tag."""
    pot, trans, lens, tag = _check(potentials, transition_params, lengths, include_bos_eos_tag)
    scores, path = _decode(pot.numpy(), trans.numpy(), lens.numpy(), tag)
    return to_tensor(np.ascontiguousarray(scores)), to_tensor(np.ascontiguousarray(path))


class ViterbiDecoder(Layer):
    """Layer form of viterbi_decode holding the transitions (a plain attribute, as in Paddle:
    not registered as a parameter unless it is one)."""

    def __init__(self, transitions, include_bos_eos_tag=True, name=None):
        super().__init__()
        self.transitions = transitions
        self.include_bos_eos_tag = include_bos_eos_tag
        self.name = name

    def forward(self, potentials, lengths):
        return viterbi_decode(potentials, self.transitions, lengths, self.include_bos_eos_tag,
                              self.name)
