"""Half-precision rows of the op table: every op AMP can route a float16/bfloat16 input to
runs in that dtype (a kernel of its own, or the float32 kernel through the registry's
low-precision fallback, rounded back) and matches the NumPy reference computed in float32 on
the same (already rounded) inputs. Tolerances: one or two units in the last place of the half
type on the result, float16 (10-bit mantissa) 2e-3 and bfloat16 (7-bit) 1.6e-2, relative and
absolute; ops with a row tolerance wider than float32's keep theirs scaled up."""
import numpy as np
import pytest

import eagergraph as paddle
from .op_db import OP_DB, samples

HALF_TOL = {"float16": (2e-3, 2e-3), "bfloat16": (1.6e-2, 1.6e-2)}


def _takes_tensors(info):
    """AMP only sees ops with Tensor inputs (creation ops from a shape and a dtype have none)."""
    return any(isinstance(a, np.ndarray)
               for s in samples(info, np.random.default_rng(0), np.dtype(np.float32))
               for a in s.args)


CASES = [(info, dt) for info in OP_DB if info.ref is not None and "float32" in info.dtypes
         and info.out_dtype is None and _takes_tensors(info) for dt in ("float16", "bfloat16")]


def _np_dtype(name):
    return paddle.to_tensor([0], dtype=name)._data.dtype


def _as32(a):
    a = np.asarray(a)
    return a.astype(np.float32) if a.dtype.itemsize == 2 and a.dtype.kind in "fV" else a


@pytest.mark.parametrize("info,dt", CASES, ids=[f"{i.name}-{d}" for i, d in CASES])
def test_half_precision_matches_float32_reference(info, dt):
    rng = np.random.default_rng(0)
    f32 = np.dtype(np.float32)
    rtol, atol = HALF_TOL[dt]
    for s in samples(info, rng, f32):
        ts = [paddle.to_tensor(a, dtype=dt) if isinstance(a, np.ndarray) and a.dtype == f32
              else (paddle.to_tensor(a) if isinstance(a, np.ndarray) else a) for a in s.args]
        got = info.op(*ts, **s.kwargs)
        ref_args = [_as32(t._data) if isinstance(t, paddle.Tensor) else t for t in ts]
        want = info.ref(*ref_args, **s.kwargs)
        gots = got if isinstance(got, (list, tuple)) else [got]
        wants = want if isinstance(want, (list, tuple)) else [want]
        for g, w in zip(gots, wants):
            w = np.asarray(w)
            if w.dtype.kind == "f":
                assert g.dtype.name == dt, f"{info.name} {s.desc}: {g.dtype.name}"
                np.testing.assert_allclose(_as32(g._data), w.astype(np.float32),
                                           rtol=rtol, atol=atol, equal_nan=True,
                                           err_msg=f"{info.name} {s.desc}")
            else:
                np.testing.assert_array_equal(_as32(g._data), w)
