"""sequence_mask, temporal_shift (Paddle nn/functional/extension.py) and gumbel_softmax
(activation.py), composed from public ops.

temporal_shift views [N*T, C, H, W] as [N, T, C, H, W]: the first int(C * r) channels read the
previous segment, the next up to int(2 * C * r) read the following one (zeros past the ends),
the rest stay; it is concat/slice, so its gradient is the ops' gradient. gumbel_softmax is
softmax((x + g) / temperature) with g = -log(-log(U)); hard=True returns the one-hot of its
argmax with a zero gradient, as Paddle's grad kernel (softmax's backward through the one-hot)
gives."""
import numpy as np

from ... import ops as _ops
from ...creation import to_tensor
from ...tensor import Tensor

__all__ = ["sequence_mask", "temporal_shift", "gumbel_softmax"]


def _dtype_name(t):
    return str(t.dtype).replace("paddle.", "")


def sequence_mask(x, maxlen=None, dtype="int64", name=None):
    """mask[..., j] = j < x[...] for j < maxlen (default: max(x)), in `dtype`."""
    xv = np.asarray(x.numpy())
    if isinstance(maxlen, Tensor):
        maxlen = int(maxlen.item())
    if maxlen is None or maxlen < 0:
        maxlen = int(np.max(xv)) if xv.size else 0
    mask = np.arange(maxlen) < xv[..., None]
    out = _ops.cast(to_tensor(mask), dtype)
    out.stop_gradient = True
    return out


def temporal_shift(x, seg_num, shift_ratio=0.25, name=None, data_format="NCHW"):
    """Shift a fraction of the channels one segment back / forward in time (TSM)."""
    if data_format not in ["NCHW", "NHWC"]:
        raise ValueError(f"Attr(data_format) should be 'NCHW' or 'NHWC'. Received "
                         f"Attr(data_format): {data_format}.")
    shape = list(x.shape)
    if len(shape) != 4:
        raise ValueError(f"(InvalidArgument) Input(X) rank should be 4 in shape of "
                         f"[N*T, C, H, W], but received X rank({len(shape)})")
    if shape[0] % seg_num != 0:
        raise ValueError(f"(InvalidArgument) Input(X) dimension[0] should be divided exactly "
                         f"by Attr(seg_num), but received X dimension[0]({shape[0]}) mod "
                         f"seg_num({seg_num}) != 0")
    if not shift_ratio < 0.5:
        raise ValueError(f"(InvalidArgument) Attr(shift_ratio) should be less than 0.5, but "
                         f"received {shift_ratio:g}")
    if not shift_ratio > 0:
        raise ValueError(f"(InvalidArgument) Attr(shift_ratio) should be greater than 0, but "
                         f"received {shift_ratio:g}")
    if _dtype_name(x) not in ("float32", "float64"):
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), "
                           f"{_dtype_name(x)}) of kernel `temporal_shift` is not registered. "
                           f"Selected wrong DataType `{_dtype_name(x)}`. Paddle support "
                           f"following DataTypes: float64, float32.")
    caxis = 2 if data_format == "NCHW" else 4
    c = shape[1] if data_format == "NCHW" else shape[3]
    r = np.float32(shift_ratio)
    c1 = int(np.float32(c) * r)
    c2 = int(np.float32(c) * np.float32(2) * r)  # <= c as shift_ratio < 0.5
    t = seg_num
    v = _ops.reshape(x, [shape[0] // t, t] + shape[1:])

    def chan(lo, hi):
        idx = [slice(None)] * 5
        idx[caxis] = slice(lo, hi)
        return v[tuple(idx)]

    def zeros_like_step(part):
        s = list(part.shape)
        s[1] = 1
        return _ops.zeros(s, part.dtype)

    parts = []
    if c1 > 0:  # read segment t - 1
        p = chan(0, c1)
        parts.append(_ops.concat([zeros_like_step(p), p[:, :t - 1]], axis=1))
    if c2 > c1:  # read segment t + 1
        p = chan(c1, c2)
        parts.append(_ops.concat([p[:, 1:], zeros_like_step(p)], axis=1))
    if c > c2:
        parts.append(chan(c2, c))
    out = parts[0] if len(parts) == 1 else _ops.concat(parts, axis=caxis)
    return _ops.reshape(out, shape)


def gumbel_softmax(x, temperature=1.0, hard=False, axis=-1, name=None):
    """Softmax of (x + Gumbel noise) / temperature along axis; hard=True: its one-hot."""
    if _dtype_name(x) not in ("float32", "float64"):
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), "
                           f"{_dtype_name(x)}) of kernel `gumbel_softmax` is not registered. "
                           f"Selected wrong DataType `{_dtype_name(x)}`. Paddle support "
                           f"following DataTypes: float64, float32.")
    if not temperature > 0:
        raise ValueError(f"(InvalidArgument) The temperature must be greater than 0. But "
                         f"received temperature = {float(temperature):f}")
    rank = len(x.shape)
    if not (-max(rank, 1) <= axis < max(rank, 1)):
        raise ValueError("(InvalidArgument) Attr(axis) value should be in range [-R, R-1], "
                         "R is the rank of Input(X).")
    if rank == 0:
        return _ops.add(_ops.ones([], x.dtype), _ops.scale(x, 0.0))
    # Paddle's kernel: std::uniform_real_distribution<T>(0.00001, 1) draws, -log(-log(u))
    u = _ops.uniform(x.shape, x.dtype, min=0.00001, max=1.0)
    g = _ops.neg(_ops.log(_ops.neg(_ops.log(u))))
    soft = _ops.softmax(_ops.scale(_ops.add(x, g), 1.0 / temperature), axis)
    if not hard:
        return soft
    idx = _ops.argmax(soft, axis=axis, keepdim=True)
    onehot = _ops.put_along_axis(_ops.zeros_like(soft), idx,
                                 _ops.ones([], soft.dtype), axis=axis)
    return _ops.add(onehot.detach(), _ops.scale(soft, 0.0))
