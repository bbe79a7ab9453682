"""Op-table rows: matmul, over the 1-D, batched and transposed cases (shapes from Paddle 3.3)."""
import numpy as np

import eagergraph as paddle
from ..op_db import OpInfo, Sample, make_array

# (x shape, y shape, kwargs)
CASES = [((3,), (3,), {}), ((3,), (3, 4), {}), ((2, 3), (3,), {}), ((2, 3), (3, 4), {}),
         ((5, 2, 3), (3, 4), {}), ((3,), (5, 3, 4), {}), ((5, 1, 2, 3), (4, 3, 2), {}),
         ((1, 2, 3), (3, 3, 4), {}), ((3, 2), (3, 4), {"transpose_x": True}),
         ((2, 3), (4, 3), {"transpose_y": True}),
         ((2, 3, 2), (4, 3), {"transpose_x": True, "transpose_y": True}),
         ((3,), (4, 3), {"transpose_x": True, "transpose_y": True}), ((0, 3), (3, 2), {})]


def _samples(rng, dt):
    return [Sample([make_array(rng, a, dt), make_array(rng, b, dt)], dict(kw),
                   desc=f"{a}@{b} {kw}") for a, b, kw in CASES]


def _ref(x, y, transpose_x=False, transpose_y=False):
    if transpose_x and x.ndim > 1:
        x = np.swapaxes(x, -1, -2)
    if transpose_y and y.ndim > 1:
        y = np.swapaxes(y, -1, -2)
    return np.matmul(x, y)


ROWS = [
    OpInfo("matmul", paddle.matmul, _ref, ("int32", "int64", "float16", "bfloat16", "float32",
                                           "float64", "complex64", "complex128"),
           arity=2, sample_inputs=_samples),
]

ALLD = ("bool", "int32", "int64", "float16", "bfloat16", "float32", "float64", "complex64",
        "complex128")


def _tri_samples(rng, dt):
    return [Sample([make_array(rng, s, dt)], kw, desc=f"{s} {kw}")
            for s, kw in [((3, 3), {}), ((3, 4), {"diagonal": 1}), ((2, 4, 3), {"diagonal": -1}),
                          ((4, 2), {"diagonal": 5}), ((0, 3), {})]]


def _dot_samples(rng, dt):
    return [Sample([make_array(rng, s, dt), make_array(rng, s, dt)], desc=str(s))
            for s in [(4,), (2, 3), (0,)]]


ROWS += [
    OpInfo("tril", paddle.tril, lambda x, diagonal=0: np.tril(x, diagonal), ALLD,
           sample_inputs=_tri_samples),
    OpInfo("triu", paddle.triu, lambda x, diagonal=0: np.triu(x, diagonal), ALLD,
           sample_inputs=_tri_samples),
    OpInfo("dot", paddle.dot, lambda x, y: np.einsum("...i,...i->...", x, y),
           ("int32", "int64", "float32", "float64", "complex64", "complex128"),
           sample_inputs=_dot_samples),
]
