"""The op table the tests run over (PyTorch OpInfo / JAX LAX_GRAD_OPS style).

One OpInfo row per op in ops.yaml. Rows live in tests/op_db_rows/<family>.py as a list ROWS;
this module collects them into OP_DB. A completeness test fails when an op in ops.yaml has no
row (or a row names an op that is not in ops.yaml).

A row says what the YAML cannot know: the NumPy/SciPy reference, the dtypes to test, the input
domain, how to build sample inputs, and tolerances. Defaults cover most unary/binary ops.
"""
from dataclasses import dataclass, field
import importlib
import pkgutil

import numpy as np


@dataclass
class Sample:
    """Positional array args (become Tensors) plus keyword args passed as-is."""
    args: list
    kwargs: dict = field(default_factory=dict)
    desc: str = ""


@dataclass
class OpInfo:
    name: str                    # op name in ops.yaml
    op: object                   # eagergraph callable: op(*tensors, **kwargs)
    ref: object                  # reference: ref(*ndarrays, **kwargs) -> ndarray | tuple | list;
                                 # None only for random ops (checked in their own tests)
    dtypes: tuple = ("float32", "float64")
    arity: int = 1               # number of tensor args for the default samples
    domain: tuple = (-2.0, 2.0)  # values are drawn uniformly from here (ints: rounded)
    sample_inputs: object = None  # (rng, np_dtype) -> list[Sample]; None: default_samples
    out_dtype: object = None     # (input dtype name) -> output dtype name(s); None: same as input
    rtol: float = None           # None: per-dtype default
    atol: float = None
    grad: int = 2                # highest order whose gradient the backward tests check; 0: none
    notes: str = ""
    family: str = ""             # set from the op_db_rows module the row lives in


SHAPES_UNARY = [(), (3,), (2, 3)]
SHAPES_BINARY = [((2, 3), (2, 3)), ((2, 3), (3,)), ((2, 1), (1, 3)), ((), (2,))]


def make_array(rng, shape, np_dtype, domain=(-2.0, 2.0)):
    return np.asarray(_make_array(rng, shape, np_dtype, domain))


def _make_array(rng, shape, np_dtype, domain):
    np_dtype = np.dtype(np_dtype)
    lo, hi = domain
    if np_dtype == np.bool_:
        return rng.random(shape) > 0.5
    if np_dtype.kind in "iu":
        lo = max(lo, 0) if np_dtype.kind == "u" else lo
        return rng.integers(int(np.floor(lo)), int(np.ceil(hi)) + 1, size=shape).astype(np_dtype)
    if np_dtype.kind == "c":
        re = rng.uniform(lo, hi, shape)
        im = rng.uniform(lo, hi, shape)
        return (re + 1j * im).astype(np_dtype)
    return rng.uniform(lo, hi, shape).astype(np_dtype)


def default_samples(info, rng, np_dtype):
    if info.arity == 1:
        return [Sample([make_array(rng, s, np_dtype, info.domain)], desc=str(s))
                for s in SHAPES_UNARY]
    if info.arity == 2:
        return [Sample([make_array(rng, a, np_dtype, info.domain),
                        make_array(rng, b, np_dtype, info.domain)], desc=f"{a},{b}")
                for a, b in SHAPES_BINARY]
    raise ValueError(f"row '{info.name}' has arity {info.arity}: give sample_inputs")


def samples(info, rng, np_dtype):
    if info.sample_inputs is not None:
        return info.sample_inputs(rng, np_dtype)
    return default_samples(info, rng, np_dtype)


def _collect():
    rows = []
    from . import op_db_rows
    for m in sorted(pkgutil.iter_modules(op_db_rows.__path__), key=lambda m: m.name):
        mod = importlib.import_module(f"{op_db_rows.__name__}.{m.name}")
        for info in mod.ROWS:
            info.family = m.name  # the module a row lives in names the op's family
        rows.extend(mod.ROWS)
    return rows


OP_DB = _collect()
