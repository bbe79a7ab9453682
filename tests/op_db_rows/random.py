"""Op-table rows: random ops. ref=None: their values are checked by tests/test_random.py; the
op table checks dtypes and that every op has a row. None of them has a gradient."""
import eagergraph as paddle
from ..op_db import OpInfo
from .creation import F, C

ROWS = [
    OpInfo("uniform", paddle.uniform, None, F + C, grad=0),
    OpInfo("gaussian", paddle.standard_normal, None, F + C, grad=0),
    OpInfo("randint", paddle.randint, None, ("int32", "int64"), grad=0),
    OpInfo("randperm", paddle.randperm, None, ("int32", "int64", "float32", "float64"), grad=0),
]
