"""Op-table rows: topk."""
import numpy as np

import eagergraph as paddle
from ..op_db import OpInfo, Sample


def _ref(x, k, axis=-1, largest=True):
    idx = np.argsort(-x if largest else x, axis=axis, kind="stable")
    idx = np.take(idx, np.arange(k), axis=axis)
    return np.take_along_axis(x, idx, axis=axis), idx


def _samples(rng, dt):
    # distinct values (a permutation) so the order, and so the gradient, is well defined
    def perm(shape):
        return (rng.permutation(int(np.prod(shape))).reshape(shape) * 0.5 - 2).astype(dt)
    return [Sample([perm((5,))], {"k": 2}), Sample([perm((3, 4))], {"k": 3, "axis": 0}),
            Sample([perm((2, 3, 4))], {"k": 1, "axis": 1, "largest": False})]


ROWS = [
    OpInfo("topk", lambda x, **kw: paddle.topk(x, **kw), _ref,
           ("float32", "float64", "int32", "int64"), sample_inputs=_samples,
           out_dtype=lambda d: (d, "int64")),
]
