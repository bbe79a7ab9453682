"""Helpers the detection modules share: Paddle's C++ rounding, the RoI-to-image map from
boxes_num, and the linear 'gather and weigh' map the differentiable RoI ops are made of."""
import numpy as np

from ..._generated import dygraph_functions as _ad
from ...creation import to_tensor
from ..._generated.eager_utils import parse_tensor


def cround(v):
    """std::round: halves away from zero (NumPy's round goes to even)."""
    v = np.asarray(v)
    return np.sign(v) * np.floor(np.abs(v) + 0.5)


def float_tensor(t, op, arg, pos, dtypes=("float32", "float64")):
    t = parse_tensor(t, op, arg, pos)
    if t.dtype.name not in dtypes:
        raise TypeError(f"{op}(): the dtype of '{arg}' must be one of {list(dtypes)}, but got "
                        f"{t.dtype.name}.")
    return t


def pair(v, op, arg):
    if isinstance(v, int) and not isinstance(v, bool):
        return int(v), int(v)
    if isinstance(v, (tuple, list)) and len(v) == 2 and all(isinstance(e, int) for e in v):
        return int(v[0]), int(v[1])
    raise TypeError(f"{op}(): '{arg}' must be an int or a tuple of two ints, but got {v!r}.")


def roi_batch_ids(op, boxes, boxes_num, batch):
    """The image each RoI belongs to, from boxes_num (RoIs per image, int32/int64)."""
    if boxes.ndim != 2 or boxes.shape[1] != 4:
        raise ValueError(f"(InvalidArgument) {op}(): boxes should be a 2-D Tensor of shape "
                         f"[num_boxes, 4], but got shape {list(boxes.shape)}.")
    if boxes_num is None:
        raise ValueError(f"{op}(): boxes_num should not be None in dygraph mode.")
    boxes_num = parse_tensor(boxes_num, op, "boxes_num", 2)
    if boxes_num.dtype.name not in ("int32", "int64"):
        raise TypeError(f"{op}(): the dtype of 'boxes_num' must be int32 or int64, but got "
                        f"{boxes_num.dtype.name}.")
    num = boxes_num.numpy().reshape(-1).astype(np.int64)
    if num.size != batch:
        raise ValueError(f"(InvalidArgument) {op}(): the batch size of boxes_num ({num.size}) "
                         f"should be the batch size of x ({batch}).")
    if (num < 0).any() or num.sum() != boxes.shape[0]:
        raise ValueError(f"(InvalidArgument) {op}(): boxes_num should add up to the number of "
                         f"boxes ({boxes.shape[0]}), but it adds up to {int(num.sum())}.")
    return np.repeat(np.arange(batch), num)


def gather_weigh(x_rows, batch_ids, idx, w, k, out_shape):
    """out = sum over the last axis (k entries) of x_rows[batch_ids][..., idx] * w, reshaped:
    a linear map of x made of gather, multiply and sum, so that its gradient (the transposed
    map) and every higher one come from those ops. x_rows: [N, F] or [N, C, F]; idx and w:
    [R, M * k] or [R, C, M * k] (idx may be [R, 1, M * k] to share it between channels). The
    entries are gathered from the flat x by their flat positions: nothing of x_rows[batch_ids]'s
    size (R rows of the whole feature map) is built, forward or backward."""
    r = len(batch_ids)
    rest = x_rows.shape[1:]
    if idx.ndim == 3 and idx.shape[1] == 1:
        idx = np.broadcast_to(idx, (r, rest[0], idx.shape[2]))
        w = np.broadcast_to(w, idx.shape)
    # flat position in x_rows: the box's batch row, then (3-D rows) the channel, then idx
    flat = np.asarray(batch_ids, np.int64).reshape((r,) + (1,) * (idx.ndim - 1)) * int(
        np.prod(rest))
    if idx.ndim == 3:
        flat = flat + np.arange(rest[0], dtype=np.int64)[None, :, None] * rest[1]
    flat = (flat + idx).reshape(-1)
    vals = _ad.gather_ad_func(_ad.reshape_ad_func(x_rows, (-1,)), to_tensor(flat), 0)
    vals = _ad.multiply_ad_func(vals, to_tensor(np.ascontiguousarray(
        w, x_rows._data.dtype).reshape(-1)))
    vals = _ad.reshape_ad_func(vals, tuple(idx.shape[:-1]) + (idx.shape[-1] // k, k))
    out = _ad.sum_ad_func(vals, (-1,), None, False)
    return _ad.reshape_ad_func(out, tuple(out_shape))


def gather_rows_weigh(x, batch_ids, pos, w, k, out_shape):
    """out[r, c, p] = sum over k terms of x[batch_ids[r], c, pos[r, p, k]] * w[r, p, k], for
    maps whose positions and weights are the same for every channel (roi_align): the rows of x
    viewed as [N * H * W, C] are gathered once per term, so nothing of size R * C * P * k is
    indexed. Made of ops (transpose, reshape, gather, multiply, sum), so linear in x with the
    transposed map as its gradient. pos, w: [R, P * k]; out_shape [R, C, ph, pw]."""
    n, c = x.shape[0], x.shape[1]
    hw = int(np.prod(x.shape[2:]))
    r = len(batch_ids)
    rows = _ad.reshape_ad_func(_ad.transpose_ad_func(x, (0, 2, 3, 1)), (n * hw, c))
    flat = (np.asarray(batch_ids, np.int64)[:, None] * hw + pos).reshape(-1)
    vals = _ad.gather_ad_func(rows, to_tensor(flat), 0)                    # [R * P * k, C]
    vals = _ad.multiply_ad_func(vals, to_tensor(np.ascontiguousarray(
        w.reshape(-1, 1), x._data.dtype)))
    p = pos.shape[1] // k
    vals = _ad.sum_ad_func(_ad.reshape_ad_func(vals, (r, p, k, c)), (2,), None, False)
    return _ad.reshape_ad_func(_ad.transpose_ad_func(vals, (0, 2, 1)), tuple(out_shape))
