"""A grad node has two paths: first order runs its grad kernel on ndarrays (or its formula with no
graph recorded), `create_graph=True` runs its `composite:`/`invoke` formula over Tensors, recorded
with ops. 31 backward ops define both a NumPy grad kernel and a composite formula, and nothing
else holds the two to each other: a composite that returns NaN where the kernel is finite passes
every first-order test. Here both paths run on every op-table row's edge samples (0, +-inf, NaN,
ties, empty and 0-D tensors, tests/op_edges) and its random samples (tests/op_db.py), for the
same fixed upstream gradient, and must give the same gradients: equal to rounding, with NaN and
inf in the same places.

Known disagreements are strict expected failures in KNOWN below (they fail once fixed)."""
import warnings

import numpy as np
import pytest

import eagergraph as paddle
from .op_db import OP_DB, samples
from .op_edges import targets
from .op_edges.record import decode, run_sample

TARGETS = [t for t in targets() if t[3] > 0]  # rows with a gradient
RTOL = {"float64": 1e-10, "complex128": 1e-10, "float32": 2e-5, "complex64": 2e-5,
        "float16": 2e-3, "bfloat16": 2e-2}
_ROWS = {i.name: i for i in OP_DB}

# row name -> why its two paths disagree somewhere (a strict xfail: remove the entry when fixed)
KNOWN = {}


class _CreateGraph:
    """eagergraph as `run_sample` sees it, with paddle.grad recording the graph (create_graph):
    the grads then come from the formulas over Tensors."""

    def __getattr__(self, name):
        return getattr(paddle, name)

    @staticmethod
    def grad(*args, **kwargs):
        return paddle.grad(*args, create_graph=True, **kwargs)


_CG = _CreateGraph()


def _record(fn, args, kwargs, create_graph):
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return run_sample(_CG if create_graph else paddle, fn, args, kwargs, grad=True)


def _disagreement(first, second):
    """'' or where the two records' gradients differ."""
    if ("error" in first) != ("error" in second) or first.get("grad_error") != \
            second.get("grad_error"):
        return (f"first order: {first.get('error') or first.get('grad_error') or 'ok'}, "
                f"create_graph: {second.get('error') or second.get('grad_error') or 'ok'}")
    for i, (a, b) in enumerate(zip(first.get("grads") or [], second.get("grads") or [])):
        if (a is None) != (b is None):
            return f"grad[{i}]: first order {a and 'a tensor'}, create_graph {b and 'a tensor'}"
        if a is None:
            continue
        if a["dtype"] != b["dtype"] or a["shape"] != b["shape"]:
            return (f"grad[{i}]: first order {a['dtype']}{a['shape']}, create_graph "
                    f"{b['dtype']}{b['shape']}")
        x, y = decode(a), decode(b)
        if x.dtype.kind not in "fc":
            continue
        rtol = RTOL.get(a["dtype"], 1e-10)
        fin = np.abs(x[np.isfinite(x)])
        atol = rtol * (float(fin.max()) if fin.size else 1.0)
        parts = ((x.real, y.real), (x.imag, y.imag)) if x.dtype.kind == "c" else ((x, y),)
        for p, q in parts:
            ok = np.isclose(q, p, rtol=rtol, atol=atol, equal_nan=True) & \
                (np.isinf(p) == np.isinf(q))
            if not np.all(ok):
                bad = ~ok
                return (f"grad[{i}] at {np.argwhere(bad)[:3].tolist()}: first order "
                        f"{p[bad][:3].tolist()}, create_graph {q[bad][:3].tolist()}")
    return ""


def _random_samples(name):
    info = _ROWS.get(name)
    if info is None:
        return []
    out = []
    for dt in ("float64", "complex128"):
        if dt in info.dtypes:
            try:
                out += [(f"random {dt} #{i}", s.args, s.kwargs) for i, s in
                        enumerate(samples(info, np.random.default_rng(0), np.dtype(dt)))]
            except (TypeError, ValueError):  # the row has no samples of this dtype
                pass
    return out


def check(name, fn, keyed):
    """['[sample] how the paths differ'] over the row's edge and random samples."""
    cases = [(k, e.args, e.kwargs) for k, e in keyed if e.grad is not False]
    cases += _random_samples(name)
    failures = []
    for key, args, kwargs in cases:
        first = _record(fn, args, kwargs, False)
        if "error" in first:
            continue
        msg = _disagreement(first, _record(fn, args, kwargs, True))
        if msg:
            failures.append(f"[{key}] {msg}")
    return failures


@pytest.mark.parametrize(
    "name,fn,keyed", [pytest.param(
        t[0], t[2], t[4], id=t[0],
        marks=[pytest.mark.xfail(strict=True, reason=KNOWN[t[0]])] if t[0] in KNOWN else [])
        for t in TARGETS])
def test_first_order_and_create_graph_gradients_agree(name, fn, keyed):
    failures = check(name, fn, keyed)
    assert not failures, f"{name}: {len(failures)} sample(s):\n" + "\n".join(failures[:12])


def test_a_composite_that_breaks_at_an_edge_is_caught(monkeypatch):
    """A tanh composite that is NaN where out is +-1 (x = +-inf: 0/0), where the kernel gives 0:
    finite differences and first-order tests never see it; comparing the paths does."""
    from eagergraph._generated import dygraph_functions as ad

    def nan_at_saturation(need, out, out_grad):
        one = paddle.ones_like(out)
        d = paddle.divide(one - out * out, one - out * out)  # 0/0 at out = +-1
        return (out_grad * (one - out * out) * d,)

    name, _, fn, _, keyed = next(t for t in TARGETS if t[0] == "tanh")
    assert not check(name, fn, keyed)
    monkeypatch.setattr(ad, "tanh_grad_ad_func", nan_at_saturation)
    failures = check(name, fn, keyed)
    assert any("specials" in f and "first order [0.0" in f and "create_graph [nan" in f
               for f in failures), failures
