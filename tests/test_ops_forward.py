"""Every op x dtype in the op table against its NumPy/SciPy reference; the output's dtype is
the one InferMeta computed (the kernel API checks shapes against InferMeta on every call)."""
import numpy as np
import pytest

import eagergraph as paddle
from .op_db import OP_DB, samples

TOL = {"float16": (2e-3, 2e-3), "bfloat16": (2e-2, 2e-2), "float32": (1e-5, 1e-6),
       "float64": (1e-10, 1e-12), "complex64": (1e-5, 1e-6), "complex128": (1e-10, 1e-12)}

# rows with ref=None (random ops) have their values checked by distribution tests elsewhere
CASES = [(info, dt) for info in OP_DB if info.ref is not None for dt in info.dtypes]


def _np_dtype(name):
    return paddle.to_tensor([0], dtype=name)._data.dtype


def _compare(info, dt, got, want):
    if isinstance(want, (tuple, list)):
        assert isinstance(got, (tuple, list)) and len(got) == len(want), \
            f"{info.name}: {len(want)} outputs expected"
        for g, w in zip(got, want):
            _compare(info, dt, g, w)
        return
    assert isinstance(got, paddle.Tensor), f"{info.name} returned {type(got).__name__}"
    want = np.asarray(want)
    assert tuple(got.shape) == want.shape, f"{info.name}: shape {got.shape} != {want.shape}"
    rtol, atol = TOL.get(dt, (0, 0))
    rtol = info.rtol if info.rtol is not None else rtol
    atol = info.atol if info.atol is not None else atol
    g = got._data
    if g.dtype.kind == "V" or "bfloat16" in str(g.dtype) or g.dtype == np.float16:
        g = g.astype(np.float32)
        want = want.astype(np.float32) if want.dtype.kind != "b" else want
    if want.dtype.kind in "biu" and g.dtype.kind in "biu":
        np.testing.assert_array_equal(g, want)
    else:
        np.testing.assert_allclose(g, want, rtol=rtol, atol=atol, equal_nan=True)


@pytest.mark.parametrize("info,dt", CASES, ids=[f"{i.name}-{d}" for i, d in CASES])
def test_forward_matches_reference(info, dt):
    rng = np.random.default_rng(0)
    np_dtype = _np_dtype(dt)
    for s in samples(info, rng, np_dtype):
        ts = [paddle.to_tensor(a, dtype=dt) if isinstance(a, np.ndarray) and a.dtype == np_dtype
              else (paddle.to_tensor(a) if isinstance(a, np.ndarray) else a) for a in s.args]
        got = info.op(*ts, **s.kwargs)
        # the reference sees what the tensors hold (half types widened to float32)
        ref_args = [t._data.astype(np.float32) if isinstance(t, paddle.Tensor)
                    and dt in ("float16", "bfloat16") and t._data.dtype == np_dtype
                    else (t._data if isinstance(t, paddle.Tensor) else t) for t in ts]
        want = info.ref(*ref_args, **s.kwargs)
        _compare(info, dt, got, want)
        outs = got if isinstance(got, (list, tuple)) else [got]
        expect = info.out_dtype(dt) if info.out_dtype is not None else dt
        for o in outs:
            if not isinstance(expect, (list, tuple)):
                assert o.dtype.name == expect, f"{info.name} {s.desc}: dtype {o.dtype.name}"
        if isinstance(expect, (list, tuple)):
            assert [o.dtype.name for o in outs] == list(expect), info.name
