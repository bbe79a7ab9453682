"""What a DataLoader hands out (Paddle's flat.py round trip through the blocking queue): every
NumPy array and Tensor in the collated batch becomes a new Tensor (stop_gradient=True, detached
from any graph), sequences become lists, dicts plain dicts; numbers, strings and other objects
pass through."""
import numbers
from collections.abc import Mapping, Sequence

import numpy as np

from ...creation import to_tensor
from ...tensor import Tensor

__all__ = ["to_output", "to_transfer"]


def _walk(batch, leaf):
    if isinstance(batch, (np.ndarray, Tensor)):
        return leaf(batch)
    if isinstance(batch, (str, bytes, numbers.Number)):
        return batch
    if isinstance(batch, Mapping):
        return {k: _walk(v, leaf) for k, v in batch.items()}
    if isinstance(batch, Sequence):
        return [_walk(v, leaf) for v in batch]
    return batch


def to_output(batch):
    """The batch as the DataLoader yields it."""
    return _walk(batch, to_tensor)


def _to_array(x):
    return x.numpy() if isinstance(x, Tensor) else x


def to_transfer(batch):
    """The batch as a worker sends it: arrays only (no autograd state crosses processes)."""
    return _walk(batch, _to_array)
