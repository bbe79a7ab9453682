"""F.pad and F.zeropad2d (Paddle nn/functional/common.py), composed from index_select and where.

Paddle routes a constant pad whose list is not 2*(ndim-2) long to its `pad` kernel (any rank,
non-negative widths, the list read from the first axis when it is 2*ndim long and
pad_from_left_axis, otherwise from the last axis backwards); everything else goes to `pad3d`
(3-D to 5-D input, widths for [W, H, D] in that order, negative widths crop). Both are the same
gather here: each output position along a padded axis reads input position i - before, mapped
into range by the mode (constant positions out of range take `value`), so gradients are the
index_select/where gradients.
"""
import numpy as np

from ... import ops as _ops
from ...creation import to_tensor
from ...tensor import Tensor

__all__ = ["pad", "zeropad2d"]

_MODES = ("reflect", "replicate", "constant", "circular")
_FORMATS = {3: ["NCL", "NLC"], 4: ["NCHW", "NHWC"], 5: ["NCDHW", "NDHWC"]}
_DIM_NAMES = (("width", "pad_left", "pad_right"), ("height", "pad_top", "pad_bottom"),
              ("depth", "pad_front", "pad_back"))


def _source_index(n, before, after, mode):
    """Input position read by each output position along one axis, and which are in range."""
    src = np.arange(n + before + after, dtype=np.int64) - before
    inside = (src >= 0) & (src < n)
    if mode == "reflect":
        period = 2 * (n - 1)
        src = np.abs(src) % period if period else np.zeros_like(src)
        src = np.where(src >= n, period - src, src)
    elif mode == "replicate":
        src = np.clip(src, 0, n - 1)
    elif mode == "circular":
        src = src % n if n else src
    else:
        src = np.clip(src, 0, max(n - 1, 0))
    return src, inside


def _pad_axes(x, widths, mode, value):
    """widths: {axis: (before, after)}. Gathers along each padded axis; constant mode then puts
    `value` where any axis read out of range."""
    shape = x.shape
    out, mask = x, None
    for axis, (before, after) in sorted(widths.items()):
        if before == 0 and after == 0:
            continue
        src, inside = _source_index(shape[axis], before, after, mode)
        out = _ops.index_select(out, to_tensor(src), axis=axis)
        if mode == "constant" and not inside.all():
            bshape = [1] * len(shape)
            bshape[axis] = inside.size
            m = inside.reshape(bshape)
            mask = m if mask is None else (mask & m)
    if mask is not None:
        fill = _ops.full([], value, out.dtype)
        out = _ops.where(to_tensor(np.broadcast_to(mask, out.shape).copy()), out, fill)
    return out


def _check_reflect(x_shape, spatial_axes, pads):
    for k, axis in enumerate(spatial_axes):  # k = 0: W, 1: H, 2: D
        dim, left_name, right_name = _DIM_NAMES[k]
        for side, name in ((0, left_name), (1, right_name)):
            p = pads[2 * k + side]
            if not x_shape[axis] > p:
                raise ValueError(
                    f"(InvalidArgument) The {dim} of Input(X)'s dimension should be greater than "
                    f"{name} in reflect mode, but received depth({x_shape[axis]}) and "
                    f"{name}({p}).\n  [Hint: Expected in_{dim} > pads[{2 * k + side}], but "
                    f"received in_{dim}:{x_shape[axis]} <= pads[{2 * k + side}]:{p}.]")


def _constant_pad(x, pad, value, pad_from_left_axis):
    ndim = len(x.shape)
    paddings = list(pad) + [0] * max(0, 2 * ndim - len(pad))
    if not (len(pad) == 2 * ndim and pad_from_left_axis):
        paddings = [paddings[i - 1] if i % 2 == 1 else paddings[i + 1]
                    for i in range(2 * ndim - 1, -1, -1)]
    if len(paddings) != 2 * ndim:
        raise ValueError(f"(InvalidArgument) Size of 'paddings' dimension should be equal to "
                         f"2 * size of 'x' dimension ({2 * ndim}), but received "
                         f"({len(paddings)}).")
    for i, p in enumerate(paddings):
        if p < 0:
            raise ValueError(f"(InvalidArgument) The element of 'paddings' should >= 0, but "
                             f"received {p} for index {i}.\n  [Hint: Expected paddings[i] >= 0, "
                             f"but received paddings[i]:{p} < 0:0.]")
    widths = {a: (int(paddings[2 * a]), int(paddings[2 * a + 1])) for a in range(ndim)}
    return _pad_axes(x, widths, "constant", float(value))


def pad(x, pad, mode="constant", value=0.0, data_format=None, pad_from_left_axis=True,
        name=None):
    """Pad x by `pad` in mode constant, reflect, replicate or circular (Paddle 3.3.1 rules)."""
    assert mode in _MODES, (f"mode should be one of constant, reflect, replicate, circular, "
                            f"but got {mode}.")
    x_dim = len(x.shape)
    if isinstance(pad, Tensor):
        if pad.size == 0:
            return _ops.assign(x)
        pad = [int(v) for v in np.asarray(pad.numpy()).reshape(-1)]
    elif mode == "constant" and isinstance(pad, (list, tuple)) and len(pad) != (x_dim - 2) * 2:
        return _constant_pad(x, pad, value, pad_from_left_axis)

    assert x_dim in [3, 4, 5], f"input tensor dimension must be in [3, 4, 5] but got {x_dim}"
    if data_format is None:
        data_format = {3: "NCL", 4: "NCHW", 5: "NCDHW"}[x_dim]
    data_format = data_format.upper()
    assert data_format in ["NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"], (
        "data_format should be in one of [NCL, NCHW, NCDHW, NLC, NHWC, NDHWC], "
        f"but got {data_format}")
    assert data_format in _FORMATS[x_dim], (
        f"input tensor dimension is {x_dim}, it's data format should be in "
        f"{_FORMATS[x_dim]} but got {data_format}")
    pad = [int(p) for p in pad]
    # pad3d's list: [left, right, top, bottom, front, back]
    full_pad = [0, 0, 0, 0] + pad if x_dim == 3 else pad + [0, 0] if x_dim == 4 else pad
    if len(full_pad) != 6:
        raise ValueError(f"(InvalidArgument) Size of paddings should be equal to 6, but "
                         f"received {len(full_pad)}.\n  [Hint: Expected paddings.size() == 6, "
                         f"but received paddings.size():{len(full_pad)} != 6:6.]")
    if x_dim == 3:
        pad = full_pad[4:]
    first = 2 if data_format.startswith("NC") else 1
    spatial = list(range(first, first + x_dim - 2))[::-1]  # W first, then H, then D
    if mode == "reflect":
        _check_reflect(x.shape, spatial, pad)
    widths = {axis: (pad[2 * k], pad[2 * k + 1]) for k, axis in enumerate(spatial)}
    return _pad_axes(x, widths, mode, float(value))


def zeropad2d(x, padding, data_format="NCHW", name=None):
    """Zero padding of a 4-D input by (left, right, top, bottom)."""
    return pad(x, pad=padding, mode="constant", value=0, data_format=data_format, name=name)
