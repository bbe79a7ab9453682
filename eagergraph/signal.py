"""paddle.signal (python/paddle/signal.py): stft and istft, and the frame / overlap_add they
are built on. Paddle has frame and overlap_add as ops; here they are compositions: frame is one
index_select of the frames' sample indices, overlap_add its adjoint, one index_add into zeros,
so their gradients (any order) come from those ops. The transforms are paddle.fft's."""
import numpy as np

from ._generated import dygraph_functions as _ad
from ._generated.eager_utils import parse_tensor
from .phi.common import convert_dtype
from .tensor import Tensor
from . import fft as _fft
from .nn.functional import pad as _pad

__all__ = ["stft", "istft"]


def _check_axis_hop(axis, hop_length):
    if axis not in (0, -1):
        raise ValueError(f"Unexpected axis: {axis}. It should be 0 or -1.")
    if not isinstance(hop_length, (int, np.integer)) or hop_length <= 0:
        raise ValueError(f"Unexpected hop_length: {hop_length}. It should be an positive "
                         f"integer.")


def _frame_index(frame_length, hop_length, num_frames, axis):
    """Sample indices of the frames, in the order of the framed layout: [frame_length,
    num_frames] for axis -1, [num_frames, frame_length] for axis 0, flattened."""
    idx = np.arange(frame_length)[:, None] + hop_length * np.arange(num_frames)[None, :]
    return Tensor._wrap(np.ascontiguousarray(idx if axis == -1 else idx.T).reshape(-1))


def frame(x, frame_length, hop_length, axis=-1, name=None):
    """Slices of frame_length samples every hop_length along axis: [..., seq] ->
    [..., frame_length, num_frames] (axis -1), [seq, ...] -> [num_frames, frame_length, ...]
    (axis 0)."""
    x = parse_tensor(x, "frame", "x", 0)
    if axis not in (0, -1):
        raise ValueError(f"Unexpected axis: {axis}. It should be 0 or -1.")
    if not isinstance(frame_length, (int, np.integer)) or frame_length <= 0:
        raise ValueError(f"Unexpected frame_length: {frame_length}. It should be an positive "
                         f"integer.")
    _check_axis_hop(axis, hop_length)
    seq = x.shape[axis]
    if frame_length > seq:
        raise ValueError(f"Attribute frame_length should be less equal than sequence length, "
                         f"but got ({frame_length}) > ({seq}).")
    num = 1 + (seq - frame_length) // hop_length
    out = _ad.index_select_ad_func(x, _frame_index(frame_length, hop_length, num, axis), axis)
    rest = list(x.shape[:-1]) if axis == -1 else list(x.shape[1:])
    shape = rest + [frame_length, num] if axis == -1 else [num, frame_length] + rest
    return _ad.reshape_ad_func(out, shape)


def overlap_add(x, hop_length, axis=-1, name=None):
    """The frames of x (frame's layout) added back at hop_length apart: [..., frame_length,
    num_frames] -> [..., (num_frames - 1) * hop_length + frame_length] (axis -1), and the
    mirrored layout for axis 0."""
    x = parse_tensor(x, "overlap_add", "x", 0)
    _check_axis_hop(axis, hop_length)
    if x.ndim < 2:
        raise ValueError(f"(InvalidArgument) Input(X) of OverlapAddOp should be a tensor which "
                         f"contains at least 2 dimensions, but got rank {x.ndim}.")
    shape = list(x.shape)
    if axis == -1:
        frame_length, num, rest = shape[-2], shape[-1], shape[:-2]
    else:
        num, frame_length, rest = shape[0], shape[1], shape[2:]
    seq = (num - 1) * hop_length + frame_length
    flat = _ad.reshape_ad_func(x, rest + [-1] if axis == -1 else [-1] + rest)
    zeros = _ad.full_ad_func(tuple(rest + [seq] if axis == -1 else [seq] + rest), 0.0, x.dtype)
    return _ad.index_add_ad_func(zeros, _frame_index(frame_length, hop_length, num, axis), flat,
                                 x.ndim - 2 if axis == -1 else 0)


def _check(cond, msg):
    if not cond:
        raise AssertionError(msg)  # Paddle asserts these


def _window(window, win_length, n_fft, dtype):
    if window is not None:
        _check(len(window.shape) == 1 and window.shape[0] == win_length,
               f"expected a 1D window tensor of size equal to win_length({win_length}), but "
               f"got window with shape {window.shape}.")
    else:
        window = _ad.full_ad_func((win_length,), 1.0, dtype)
    if win_length < n_fft:
        left = (n_fft - win_length) // 2
        window = _pad(window, pad=[left, n_fft - win_length - left], mode="constant")
    return window


def stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True,
         pad_mode="reflect", normalized=False, onesided=None, name=None):
    """Short-time Fourier transform of [seq] or [batch, seq]: [(batch,) freq, num_frames],
    freq = n_fft // 2 + 1 when onesided (the default for a real x and window), else n_fft."""
    x = parse_tensor(x, "stft", "x", 0)
    rank = x.ndim
    _check(rank in (1, 2), f"x should be a 1D or 2D real tensor, but got rank of x is {rank}")
    if rank == 1:
        x = _ad.unsqueeze_ad_func(x, [0])
    if hop_length is None:
        hop_length = int(n_fft // 4)
    _check(hop_length > 0, f"hop_length should be > 0, but got {hop_length}.")
    if win_length is None:
        win_length = n_fft
    _check(0 < n_fft <= x.shape[-1],
           f"n_fft should be in (0, seq_length({x.shape[-1]})], but got {n_fft}.")
    _check(0 < win_length <= n_fft,
           f"win_length should be in (0, n_fft({n_fft})], but got {win_length}.")
    window = _window(window, win_length, n_fft, x.dtype)
    if center:
        _check(pad_mode in ("constant", "reflect"),
               f'pad_mode should be "reflect" or "constant", but got "{pad_mode}".')
        p = n_fft // 2
        x = _ad.squeeze_ad_func(_pad(_ad.unsqueeze_ad_func(x, [-1]), pad=[p, p], mode=pad_mode,
                                     data_format="NLC"), [-1])
    frames = _ad.transpose_ad_func(frame(x, n_fft, hop_length, -1), [0, 2, 1])
    frames = _ad.multiply_ad_func(frames, window)
    norm = "ortho" if normalized else "backward"
    if onesided is None:
        onesided = not frames.is_complex()
    if frames.is_complex():
        _check(not onesided, "onesided should be False when input or window is a complex "
                             "Tensor.")
    if not x.is_complex():
        out = _fft._r2c(frames, None, -1, norm, True, onesided, None)
    else:
        out = _fft._c2c(frames, None, -1, norm, True, None)
    out = _ad.transpose_ad_func(out, [0, 2, 1])
    return _ad.squeeze_ad_func(out, [0]) if rank == 1 else out


def istft(x, n_fft, hop_length=None, win_length=None, window=None, center=True,
          normalized=False, onesided=True, length=None, return_complex=False, name=None):
    """The inverse of stft by overlap-add of the windowed inverse transforms, divided by the
    overlap-added squared window (which must not vanish: NOLA)."""
    x = parse_tensor(x, "istft", "x", 0)
    rank = x.ndim
    _check(rank in (2, 3), f"x should be a 2D or 3D complex tensor, but got rank of x is {rank}")
    if rank == 2:
        x = _ad.unsqueeze_ad_func(x, [0])
    if hop_length is None:
        hop_length = int(n_fft // 4)
    if win_length is None:
        win_length = n_fft
    _check(0 < hop_length <= win_length,
           f"hop_length should be in (0, win_length({win_length})], but got {hop_length}.")
    _check(0 < win_length <= n_fft,
           f"win_length should be in (0, n_fft({n_fft})], but got {win_length}.")
    n_frames, fft_size = x.shape[-1], x.shape[-2]
    _check(x.size != 0, "x should not be an empty tensor.")
    if onesided:
        _check(fft_size == n_fft // 2 + 1,
               f"fft_size should be equal to n_fft // 2 + 1({n_fft // 2 + 1}) when onesided is "
               f"True, but got {fft_size}.")
    else:
        _check(fft_size == n_fft, f"fft_size should be equal to n_fft({n_fft}) when onesided "
                                  f"is False, but got {fft_size}.")
    real_dtype = convert_dtype("float32" if x.dtype.name in ("float32", "complex64")
                               else "float64")
    window = _window(window, win_length, n_fft, real_dtype)
    x = _ad.transpose_ad_func(x, [0, 2, 1])
    norm = "ortho" if normalized else "backward"
    if return_complex:
        _check(not onesided, "onesided should be False when input(output of istft) or window "
                             "is a complex Tensor.")
        out = _fft._c2c(x, None, -1, norm, False, None)
    else:
        _check(not window.is_complex(),
               "Data type of window should not be complex when return_complex is False.")
        if onesided is False:
            x = x[:, :, : n_fft // 2 + 1]
        out = _fft._c2r(x, None, -1, norm, False, None)
    out = _ad.transpose_ad_func(_ad.multiply_ad_func(out, window), [0, 2, 1])
    out = overlap_add(out, hop_length, -1)
    sq = _ad.unsqueeze_ad_func(_ad.multiply_ad_func(window, window), [0])
    envelope = overlap_add(_ad.transpose_ad_func(_ad.tile_ad_func(sq, [n_frames, 1]), [1, 0]),
                           hop_length, -1)
    if length is None:
        if center:
            out = out[:, (n_fft // 2):-(n_fft // 2)]
            envelope = envelope[(n_fft // 2):-(n_fft // 2)]
    else:
        start = n_fft // 2 if center else 0
        out = out[:, start:start + length]
        envelope = envelope[start:start + length]
    if envelope.abs().min().item() < 1e-11:
        raise ValueError(
            "Abort istft because Nonzero Overlap Add (NOLA) condition failed. For more "
            "information about NOLA constraint please see `scipy.signal.check_NOLA`(https://"
            "docs.scipy.org/doc/scipy/reference/generated/scipy.signal.check_NOLA.html).")
    out = _ad.divide_ad_func(out, envelope)
    return _ad.squeeze_ad_func(out, [0]) if rank == 2 else out


# Paddle also has them as Tensor methods (x.stft(n_fft), spec.istft(n_fft)), installed by
# tensor_tables
TENSOR_METHODS = {"stft": stft, "istft": istft}
