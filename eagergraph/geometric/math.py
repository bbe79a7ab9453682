"""paddle.geometric.segment_sum / segment_mean / segment_max / segment_min (Paddle
python/paddle/geometric/math.py): the segment_pool op with its pooltype. Rows of `data` that
share a (sorted) segment id are reduced into output row id; the output has segment_ids[-1] + 1
rows, and rows no id names are 0."""
from .._generated import ops_api as _C_ops

__all__ = ["segment_sum", "segment_mean", "segment_min", "segment_max"]


def segment_sum(data, segment_ids, name=None):
    """out[i] = sum of the rows j of data with segment_ids[j] == i."""
    return _C_ops.segment_pool(data, segment_ids, "SUM")[0]


def segment_mean(data, segment_ids, name=None):
    """out[i] = mean of the rows j of data with segment_ids[j] == i (integer data: truncated)."""
    return _C_ops.segment_pool(data, segment_ids, "MEAN")[0]


def segment_min(data, segment_ids, name=None):
    """out[i] = elementwise min of the rows j of data with segment_ids[j] == i."""
    return _C_ops.segment_pool(data, segment_ids, "MIN")[0]


def segment_max(data, segment_ids, name=None):
    """out[i] = elementwise max of the rows j of data with segment_ids[j] == i."""
    return _C_ops.segment_pool(data, segment_ids, "MAX")[0]
