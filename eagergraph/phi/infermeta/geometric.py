"""InferMeta for the geometric ops (Paddle phi/infermeta: SegmentPoolInferMeta,
SendURecvInferMeta): segment reductions and message passing. The output row count depends on
the index values (the last segment id; out_size), so it is read here, as Paddle's kernels do."""
import numpy as np

from ..common import NP_TO_DTYPE
from .common import dtype_of

__all__ = ["SegmentPoolInferMeta", "SendURecvInferMeta"]

_INDEX = (np.dtype(np.int32), np.dtype(np.int64))
_POOLTYPES = ("SUM", "MEAN", "MAX", "MIN")


def _index_dtype(t, what):
    if t._data.dtype not in _INDEX:
        raise ValueError(f"(InvalidArgument) Unsupported index type, Expected int, int64, but "
                         f"got {NP_TO_DTYPE[t._data.dtype].name}.")


def _counts_shape(rows, x):
    return (rows,) + (1,) * (x._data.ndim - 1)


def SegmentPoolInferMeta(x, segment_ids, pooltype):
    if pooltype not in _POOLTYPES:
        raise ValueError(f"(InvalidArgument) Unsupported segment pooling type: {pooltype}; "
                         f"expected one of SUM, MEAN, MAX, MIN.")
    _index_dtype(segment_ids, "SegmentIds")
    ids, xs = segment_ids._data, x._data.shape
    if not xs:
        raise ValueError("(InvalidArgument) The input X of segment_pool must be at least 1-D, "
                         "but got a 0-D Tensor.")
    n = int(ids.shape[0]) if ids.ndim else 1
    if ids.ndim != 1 and ids.size != n:
        raise ValueError(f"(InvalidArgument) Segment_ids should be 1-D tensor, or it's other "
                         f"dimension size is 1. Segment_ids's shape is: {list(ids.shape)}.")
    if ids.size != xs[0]:
        raise ValueError(f"(InvalidArgument) Segment_ids should be the same size as dimension 0 "
                         f"of input X. Received {ids.size} segment ids and {xs[0]} rows.")
    flat = ids.reshape(-1)
    if flat.size and flat[0] < 0:
        raise ValueError(f"(InvalidArgument) The segment ids should be non-negative, but got "
                         f"segment_ids[0]:{flat[0]}.")
    down = np.flatnonzero(flat[1:] < flat[:-1])
    if down.size:
        i = int(down[0])
        raise ValueError(f"(InvalidArgument) The segment ids should be sorted, but got "
                         f"segment_ids[{i}]:{flat[i]} > segment_ids[{i + 1}]:{flat[i + 1]}.")
    rows = int(flat[-1]) + 1 if flat.size else 0
    return [((rows,) + xs[1:], dtype_of(x)), (_counts_shape(rows, x), dtype_of(x))]


def SendURecvInferMeta(x, src_index, dst_index, reduce_op, out_size):
    if reduce_op not in _POOLTYPES:
        raise ValueError(f"(InvalidArgument) reduce_op should be SUM, MEAN, MAX or MIN, but "
                         f"received {reduce_op}.")
    for t, name in ((src_index, "Src_index"), (dst_index, "Dst_index")):
        _index_dtype(t, name)
        if t._data.ndim != 1:
            raise ValueError(f"(InvalidArgument) {name} should be a 1-D Tensor, but got shape "
                             f"{list(t._data.shape)}.")
    if src_index._data.dtype != dst_index._data.dtype:
        raise ValueError(f"(InvalidArgument) Src_index and Dst_index should have the same "
                         f"dtype, but got {dtype_of(src_index).name} and "
                         f"{dtype_of(dst_index).name}.")
    xs = x._data.shape
    if not xs:
        raise ValueError("(InvalidArgument) The input X of send_u_recv must be at least 1-D, "
                         "but got a 0-D Tensor.")
    src, dst = src_index._data, dst_index._data
    if src.shape[0] != dst.shape[0]:
        raise ValueError(f"(InvalidArgument) Src_index and Dst_index should have the same shape. "
                         f"Received src_index_dims[0]:{src.shape[0]} != "
                         f"dst_index_dims[0]:{dst.shape[0]}.")
    size = list(out_size)
    if len(size) != 1:
        raise ValueError(f"(InvalidArgument) out_size should hold one number, but got {size}.")
    rows = int(size[0]) if int(size[0]) > 0 else xs[0]
    for idx, name, limit in ((src, "src_index", xs[0]), (dst, "dst_index", rows)):
        if idx.size and (idx.min() < 0 or idx.max() >= limit):
            bad = int(idx.min()) if idx.min() < 0 else int(idx.max())
            raise IndexError(f"(OutOfRange) {name} holds {bad}, out of the range [0, {limit}) "
                             f"of the rows it indexes.")
    return [((rows,) + xs[1:], dtype_of(x)), (_counts_shape(rows, x), dtype_of(x))]
