"""Default batch assembly (Paddle python/paddle/io/dataloader/collate.py).

`default_collate_fn` stacks field by field: NumPy arrays with np.stack, Tensors with
paddle.stack, numbers with np.array (so Python ints give int64, floats float64, bools bool, and
NumPy scalars keep their dtype); strings stay a list; dicts and sequences recurse (a tuple sample
gives a list of fields)."""
import numbers
from collections.abc import Mapping, Sequence

import numpy as np

from ...ops import stack
from ...tensor import Tensor

__all__ = ["default_collate_fn", "default_convert_fn"]


def default_collate_fn(batch):
    sample = batch[0]
    if isinstance(sample, np.ndarray):
        return np.stack(batch, axis=0)
    if isinstance(sample, Tensor):
        return stack(batch, axis=0)
    if isinstance(sample, numbers.Number):
        return np.array(batch)
    if isinstance(sample, (str, bytes)):
        return batch
    if isinstance(sample, Mapping):
        return {key: default_collate_fn([d[key] for d in batch]) for key in sample}
    if isinstance(sample, Sequence):
        sample_fields_num = len(sample)
        if not all(len(s) == sample_fields_num for s in iter(batch)):
            raise RuntimeError("fields number not same among samples in a batch")
        return [default_collate_fn(fields) for fields in zip(*batch)]
    raise TypeError("batch data con only contains: tensor, numpy.ndarray, "
                    f"dict, list, number, but got {type(sample)}")


def default_convert_fn(batch):
    """The collate function without automatic batching (batch_size=None): samples pass as they
    are, sequences become lists."""
    if isinstance(batch, (Tensor, np.ndarray, str, bytes)):
        return batch
    if isinstance(batch, Mapping):
        return {key: default_convert_fn(batch[key]) for key in batch}
    if isinstance(batch, Sequence):
        return [default_convert_fn(d) for d in batch]
    return batch
