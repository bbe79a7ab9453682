"""Op-table rows: creation ops (NumPy references; the random ops are in random.py). None of them
has a gradient. The dtype under test reaches
each op as its `dtype` keyword (a NumPy dtype; ml_dtypes' bfloat16 included)."""
import numpy as np

import eagergraph as paddle
from ..op_db import OpInfo, Sample, make_array

F = ("float16", "bfloat16", "float32", "float64")
C = ("complex64", "complex128")
I = ("uint8", "int8", "int16", "int32", "int64")
ALL = ("bool",) + I + F + C
RANGE_DTYPES = ("int32", "int64", "float32", "float64")


def _full_samples(rng, dt):
    return [Sample([], {"shape": [2, 3], "fill_value": 3, "dtype": dt}, "list"),
            Sample([], {"shape": (4,), "fill_value": 0.5, "dtype": dt}, "tuple"),
            Sample([], {"shape": [], "fill_value": 1, "dtype": dt}, "0-d"),
            Sample([], {"shape": [2, 0], "fill_value": 2, "dtype": dt}, "empty")]


def _full_like_samples(rng, dt):
    return [Sample([make_array(rng, (2, 3), dt)], {"fill_value": 1}, "2x3"),
            Sample([make_array(rng, (), dt)], {"fill_value": 0}, "0-d")]


def _shape_samples(rng, dt):
    return [Sample([], {"shape": [2, 3], "dtype": dt}), Sample([], {"shape": [], "dtype": dt})]


def _like_samples(rng, dt):
    return [Sample([make_array(rng, (2, 3), dt)]), Sample([make_array(rng, (), dt)])]


def _arange_samples(rng, dt):
    if np.dtype(dt).kind == "i":
        return [Sample([], {"start": 0, "end": 7, "step": 2, "dtype": dt}),
                Sample([], {"start": 5, "end": -4, "step": -3, "dtype": dt}),
                Sample([], {"start": 3, "end": 3, "step": 1, "dtype": dt})]
    # binary fractions: the accumulated values are exact, so np.arange is the reference
    return [Sample([], {"start": 0.5, "end": 3.0, "step": 0.25, "dtype": dt}),
            Sample([], {"start": 2.0, "end": -1.0, "step": -0.5, "dtype": dt})]


def _linspace_samples(rng, dt):
    return [Sample([], {"start": -1, "stop": 10, "num": 4, "dtype": dt}),
            Sample([], {"start": 0, "stop": 1, "num": 1, "dtype": dt}),
            Sample([], {"start": 0, "stop": 1, "num": 0, "dtype": dt})]


def _eye_samples(rng, dt):
    return [Sample([], {"num_rows": 2, "num_columns": 3, "dtype": dt}),
            Sample([], {"num_rows": 3, "dtype": dt}),
            Sample([], {"num_rows": 0, "dtype": dt})]


def _linspace_ref(start, stop, num, dtype):
    return np.linspace(start, stop, num).astype(dtype)


def _eye_ref(num_rows, num_columns=None, dtype=None):
    return np.eye(num_rows, num_columns, dtype=dtype)


ROWS = [
    OpInfo("full", paddle.full, lambda shape, fill_value, dtype: np.full(shape, fill_value, dtype),
           ALL, sample_inputs=_full_samples, grad=0),
    OpInfo("full_like", paddle.full_like, np.full_like, ALL, sample_inputs=_full_like_samples,
           grad=0),
    OpInfo("empty", paddle.empty, lambda shape, dtype: np.zeros(shape, dtype), ALL,
           sample_inputs=_shape_samples, grad=0,
           notes="Paddle leaves the values unspecified; eagergraph returns zeros"),
    OpInfo("empty_like", paddle.empty_like, np.zeros_like, ALL, sample_inputs=_like_samples,
           grad=0),
    OpInfo("arange", paddle.arange, lambda start, end, step, dtype: np.arange(start, end, step,
                                                                             dtype=dtype),
           RANGE_DTYPES, sample_inputs=_arange_samples, grad=0),
    OpInfo("linspace", paddle.linspace, _linspace_ref, RANGE_DTYPES,
           sample_inputs=_linspace_samples, grad=0),
    OpInfo("eye", paddle.eye, _eye_ref, ("int32", "int64", "float16", "float32", "float64") + C,
           sample_inputs=_eye_samples, grad=0),
]
