"""Every differentiable op in the table: analytic gradients vs central differences, float64 and
complex128, first and second order. Claims are checked both ways: a row with grad > 0 needs a
backward in backward.yaml, a row with grad == 0 must not declare one."""
import numpy as np
import pytest

import eagergraph as paddle
from codegen.__main__ import load_specs
from .op_db import OP_DB, samples
from .gradcheck import check_grads

_SPECS = {s.name: s for s in load_specs()[0]}

GRAD_CASES = []
for info in OP_DB:
    if info.grad > 0:
        for dt in ("float64", "complex128"):
            if dt in info.dtypes or (dt == "float64" and "float32" in info.dtypes):
                GRAD_CASES.append((info, dt))


@pytest.mark.parametrize("info,dt", GRAD_CASES, ids=[f"{i.name}-{d}" for i, d in GRAD_CASES])
def test_gradient_matches_finite_differences(info, dt):
    rng = np.random.default_rng(1)
    for s in samples(info, rng, np.dtype(dt)):
        arrays = [a for a in s.args if isinstance(a, np.ndarray) and a.dtype.kind in "fc"]
        others = [a for a in s.args]

        def fn(xs, s=s, others=others):
            it = iter(xs)
            args = [next(it) if isinstance(a, np.ndarray) and a.dtype.kind in "fc"
                    else (paddle.to_tensor(a) if isinstance(a, np.ndarray) else a)
                    for a in others]
            return info.op(*args, **s.kwargs)
        check_grads(fn, arrays, order=info.grad)


@pytest.mark.parametrize("info", OP_DB, ids=[i.name for i in OP_DB])
def test_grad_claims_match_backward_yaml(info):
    spec = _SPECS.get(info.name)
    assert spec is not None, f"op table row '{info.name}' is not an op in ops.yaml"
    if info.grad > 0:
        assert spec.backward, f"row '{info.name}' claims grad={info.grad} but ops.yaml has no backward"
    else:
        assert not spec.backward, f"'{info.name}' has a backward but its row says grad=0"


def test_every_op_has_a_row():
    rows = {i.name for i in OP_DB}
    missing = sorted(set(_SPECS) - rows)
    assert not missing, f"ops in ops.yaml without an op-table row: {missing}"
