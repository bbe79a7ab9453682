"""Op-table rows: random ops. ref=None: their values are checked by tests/test_random.py and
tests/test_random_draws.py; the op table checks dtypes and that every op has a row. Only poisson
has a gradient (zero): with the generator re-seeded before every draw it is a piecewise-constant
function of its rates, so central differences check the zero gradient."""
import numpy as np

import eagergraph as paddle
from ..op_db import OpInfo, Sample, make_array
from .creation import F, C

ROWS = [
    OpInfo("uniform", paddle.uniform, None, F + C, grad=0),
    OpInfo("gaussian", paddle.standard_normal, None, F + C, grad=0),
    OpInfo("randint", paddle.randint, None, ("int32", "int64"), grad=0),
    OpInfo("randperm", paddle.randperm, None, ("int32", "int64", "float32", "float64"), grad=0),
    OpInfo("bernoulli", paddle.bernoulli, None, ("float32", "float64"), grad=0, domain=(0, 1)),
    OpInfo("poisson", lambda x: _seeded(paddle.poisson, x), None, ("float32", "float64"),
           domain=(0.5, 4.0)),
    OpInfo("multinomial", lambda x: paddle.multinomial(x, 2), None, ("float32", "float64"),
           grad=0, sample_inputs=lambda rng, dt: [
               Sample([make_array(rng, s, dt, (0.1, 1.0))], desc=str(s)) for s in [(4,), (3, 5)]],
           out_dtype=lambda d: "int64"),
    OpInfo("binomial", lambda c, p: paddle.binomial(c, p), None, ("float32", "float64"),
           grad=0, sample_inputs=lambda rng, dt: [Sample(
               [np.array([3.0, 10.0, 0.0]).astype(dt), make_array(rng, (3,), dt, (0, 1))])],
           out_dtype=lambda d: "int64"),
    OpInfo("standard_gamma", paddle.standard_gamma, None, ("float32", "float64"), grad=0,
           domain=(0.5, 3.0)),
    OpInfo("exponential", lambda x: x.clone().exponential_(2.0), None, ("float32", "float64"),
           grad=0),
]


def _seeded(op, x):
    paddle.seed(7)
    return op(x)
