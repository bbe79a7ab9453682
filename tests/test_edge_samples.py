"""Every op-table row against Paddle 3.3.1 at its edges (0, boundaries, +-inf, NaN, ties, empty and
0-D tensors, bad arguments): values, dtypes, gradients for a fixed upstream grad and error types,
as captured by tools/capture_edges.py into tests/fixtures/edges/ (no Paddle needed here).

Finite differences cannot see these: a heaviside whose y-gradient ignores x == 0, or a clip at
float64 0.1 where Paddle's float32 attribute is 0.10000000149, pass tests/test_ops_grad.py; they
fail here (test_the_edges_catch_what_finite_differences_miss shows it)."""
import inspect
import json
import os
import warnings

import numpy as np
import pytest

import eagergraph as paddle
from .op_db import OP_DB
from .op_edges import DIFFERS, SHAPE_ONLY, XFAIL, targets
from .op_edges.record import decode, encode, fd_grads, run_sample

DATA_DIR = os.path.join(os.path.dirname(__file__), "fixtures", "edges")
RTOL = {"float64": 1e-12, "complex128": 1e-12, "float32": 1e-5, "complex64": 1e-5,
        "float16": 2e-3, "bfloat16": 2e-2}
TARGETS = targets()
_DATA = {}


def _data(family):
    if family not in _DATA:
        try:
            with open(os.path.join(DATA_DIR, f"{family}.json")) as f:
                _DATA[family] = json.load(f)
        except FileNotFoundError:
            _DATA[family] = {}
    return _DATA[family]


_ROWS = {i.name: i for i in OP_DB}


def _same_array(what, want, got, values=True):
    """'' or what differs between two encoded arrays."""
    if want is None or got is None:
        return "" if want is None and got is None else f"{what}: paddle {want and 'a tensor'}, " \
            f"eagergraph {got and 'a tensor'}"
    if want["dtype"] != got["dtype"]:
        return f"{what} dtype: paddle {want['dtype']}, eagergraph {got['dtype']}"
    if want["shape"] != got["shape"]:
        return f"{what} shape: paddle {want['shape']}, eagergraph {got['shape']}"
    if not values:
        return ""
    a, b = decode(want), decode(got)
    if a.dtype.kind in "fc":
        rtol = RTOL.get(want["dtype"], 1e-12)
        fin = np.abs(a[np.isfinite(a)])
        atol = rtol * (float(fin.max()) if fin.size else 1.0)  # cancellation near 0
        ok = np.isclose(b, a, rtol=rtol, atol=atol, equal_nan=True)
        if a.dtype.kind == "c":  # NaN in either part is NaN; compare the parts
            ok = np.isclose(b.real, a.real, rtol=rtol, atol=atol, equal_nan=True) & \
                np.isclose(b.imag, a.imag, rtol=rtol, atol=atol, equal_nan=True)
    else:
        ok = a == b
    if not np.all(ok):
        i = np.argwhere(~np.asarray(ok))[:4].tolist()
        return f"{what}: at {i} paddle {a[~ok][:4].tolist()}, eagergraph {b[~ok][:4].tolist()}"
    return ""


def compare(want, got, values=True):
    """'' or a description of how eagergraph's record differs from Paddle's."""
    if "error" in want or "error" in got:
        if want.get("error") != got.get("error"):
            return f"error: paddle {want.get('error', 'none')}, eagergraph {got.get('error', 'none')}"
        return ""
    if len(want["out"]) != len(got["out"]):
        return f"{len(want['out'])} outputs in paddle, {len(got['out'])} in eagergraph"
    for i, (a, b) in enumerate(zip(want["out"], got["out"])):
        msg = _same_array(f"out[{i}]", a, b, values)
        if msg:
            return msg
    if want.get("grad_error") != got.get("grad_error"):
        return f"grad error: paddle {want.get('grad_error')}, eagergraph {got.get('grad_error')}"
    for i, (a, b) in enumerate(zip(want.get("grads", []), got.get("grads", []))):
        msg = _same_array(f"grad[{i}]", a, b, values)
        if msg:
            return msg
    return ""


def _matches(sub, key):
    """sub: "*", a substring of the key, or a tuple of substrings that must all be in it."""
    return sub == "*" or all(s in key for s in ((sub,) if isinstance(sub, str) else sub))


def _fn(name):
    return next(t[2] for t in TARGETS if t[0] == name)


def _shape_only(name, key, edge):
    return edge.shape_only or name in SHAPE_ONLY or any(
        isinstance(s, tuple) and s[0] == name and _matches(s[1], key) for s in SHAPE_ONLY)


def _xfail(name, key, edge):
    if edge.xfail:
        return edge.xfail
    for sub, reason in XFAIL.get(name, ()):
        if _matches(sub, key):
            return reason
    return ""


def _differs(name, key, edge):
    if edge.differs:
        return edge.differs, edge.expect
    for sub, reason, expect in DIFFERS.get(name, ()):
        if _matches(sub, key):
            return reason, expect
    return "", None


def _as_expected(name, edge, want, got, expect):
    """'' or how eagergraph's record misses the behaviour a `differs` mark expects."""
    if callable(expect):  # check(record) or check(record, edge)
        two = len(inspect.signature(expect).parameters) == 2
        return "" if (expect(got, edge) if two else expect(got)) else f"got {got}"
    if expect.startswith("error:"):
        e = expect[len("error:"):]
        return "" if got.get("error") == e else f"should raise {e}, got {got.get('error', 'none')}"
    if expect == "grads":
        gs = got.get("grads") or []
        ok = "out" in got and gs and all(g is not None for g in gs)
        return "" if ok else "should give a gradient for every input"
    if expect == "fd":
        gs = got.get("grads") or []
        if "out" not in got or not gs or any(g is None for g in gs):
            return "should give a gradient for every input"
        fd = fd_grads(paddle, _fn(name), edge.args, edge.kwargs)
        for i, (g, f) in enumerate(zip(gs, fd)):
            if not np.allclose(decode(g), f, rtol=1e-6, atol=1e-6 * max(1.0, np.abs(f).max())):
                return f"grad[{i}] {decode(g).ravel()[:3]} is not finite differences' " \
                       f"{f.ravel()[:3]}"
        return ""
    if expect == "ref":
        if "out" not in got:
            return f"raised {got.get('error')}"
        ref = _ROWS[name].ref(*edge.args, **edge.kwargs)
        ref = ref[0] if isinstance(ref, (list, tuple)) else ref
        ref = dict(encode(np.asarray(ref)), dtype=got["out"][0]["dtype"])
        msg = _same_array("out[0] vs NumPy reference", ref, got["out"][0])
        return msg
    raise ValueError(f"unknown expect {expect!r}")


def _run(name, edge, grad_order, fn):
    grad = grad_order > 0 if edge.grad is None else bool(edge.grad)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return run_sample(paddle, fn, edge.args, edge.kwargs, grad=grad)


def check_sample(name, family, fn, grad_order, key, edge):
    """'' or how eagergraph's result on one sample misses Paddle's (or, for a `differs` sample,
    the behaviour it expects)."""
    data = _data(family).get(name)
    if data is None:
        return f"no captured edge data for '{name}': run tools/capture_edges.py --ops {name}"
    want = data.get(key)
    if want is None:
        return f"not captured: run tools/capture_edges.py --ops {name}"
    if "paddle" in want:  # Paddle lacks the op or crashed on this sample
        return ""
    got = _run(name, edge, grad_order, fn)
    if want["fp"] != got["fp"]:
        return f"captured for other inputs: rerun tools/capture_edges.py --ops {name}"
    reason, expect = _differs(name, key, edge)
    if reason:
        with np.errstate(all="ignore"):
            msg = _as_expected(name, edge, want, got, expect)
        return f"differs from Paddle by design ({reason}), but {msg}" if msg else ""
    return compare(want, got, values=not _shape_only(name, key, edge))


def check_target(name, family, fn, grad_order, keyed, honour_xfail=True):
    """[(key, message)] of failures; samples with an XFAIL reason are left to
    test_known_divergence (honour_xfail)."""
    assert _data(family).get(name) is not None, \
        f"no captured edge data for '{name}': run tools/capture_edges.py --ops {name}"
    failures = []
    for key, edge in keyed:
        if honour_xfail and _xfail(name, key, edge):
            continue
        msg = check_sample(name, family, fn, grad_order, key, edge)
        if msg:
            failures.append((key, msg))
    return failures


@pytest.mark.parametrize("name,family,fn,grad_order,keyed", TARGETS,
                         ids=[t[0] for t in TARGETS])
def test_edge_samples_match_paddle(name, family, fn, grad_order, keyed):
    failures = check_target(name, family, fn, grad_order, keyed)
    assert not failures, f"{name}: {len(failures)} edge sample(s) differ from Paddle 3.3.1:\n" + \
        "\n".join(f"  [{k}] {m}" for k, m in failures[:20])


KNOWN = [pytest.param(name, family, fn, grad_order, key, edge, id=f"{name}[{key}]",
                      marks=pytest.mark.xfail(strict=True, raises=AssertionError,
                                              reason=_xfail(name, key, edge)))
         for name, family, fn, grad_order, keyed in TARGETS
         for key, edge in keyed if _xfail(name, key, edge)]


@pytest.mark.parametrize("name,family,fn,grad_order,key,edge", KNOWN)
def test_known_divergence(name, family, fn, grad_order, key, edge):
    """One sample where eagergraph still differs from Paddle 3.3.1 (tests/op_edges XFAIL, with
    the reason): a strict expected failure, so a fix that makes it match fails here until its
    XFAIL entry goes."""
    msg = check_sample(name, family, fn, grad_order, key, edge)
    assert not msg, msg


def test_every_known_divergence_names_samples():
    """An XFAIL or DIFFERS pattern that matches no sample of its op is stale."""
    keys = {t[0]: [k for k, _ in t[4]] for t in TARGETS}
    for table in (XFAIL, DIFFERS):
        for name, entries in table.items():
            assert name in keys, f"'{name}' has known divergences but no edge samples"
            for entry in entries:
                assert any(_matches(entry[0], k) for k in keys[name]), \
                    f"{name}: {entry[0]!r} matches none of its edge samples"


def test_every_row_has_edge_samples():
    names = {t[0]: t for t in TARGETS}
    for info in OP_DB:
        if info.family == "random":
            continue
        assert info.name in names and names[info.name][4], f"row '{info.name}' has no edge samples"
    for name, family, _, _, keyed in TARGETS:
        captured = _data(family).get(name, {})
        missing = [k for k, _ in keyed if k not in captured]
        assert not missing, f"'{name}' edge samples not captured: {missing[:3]} " \
            f"(run tools/capture_edges.py --ops {name})"


def _target(name):
    return next(t for t in TARGETS if t[0] == name)


def test_the_edges_catch_what_finite_differences_miss():
    """A heaviside whose y-gradient is always 0 (right everywhere except x == 0) passes the op
    table's central differences, which never sample x == 0; the edge data catches it."""
    from .gradcheck import check_grads
    from .op_db import samples

    def wrong_heaviside(x, y):
        return paddle.heaviside(x, y.detach())

    info = _ROWS["heaviside"]
    for s in samples(info, np.random.default_rng(1), np.dtype("float64")):
        check_grads(lambda xs: wrong_heaviside(*xs), list(s.args), order=1)  # passes
    name, family, _, grad_order, keyed = _target("heaviside")
    assert not check_target(name, family, paddle.heaviside, grad_order, keyed)
    failures = check_target(name, family, wrong_heaviside, grad_order, keyed)
    assert any("grad[1]" in m for _, m in failures), failures


def test_the_edges_catch_a_clamp_at_the_wrong_bound():
    """hardtanh clamping at float64 0.1 where Paddle's float32 attribute is 0.10000000149: the
    values differ by 1e-9, which only a sample between the two bounds shows."""
    def clamp_at_float64_bounds(x, min=-1.0, max=1.0):  # noqa: A002 (Paddle's names)
        return paddle.minimum(paddle.maximum(x, paddle.full_like(x, min)),
                              paddle.full_like(x, max))

    name, family, _, grad_order, keyed = _target("hardtanh")
    keyed = [(k, e) for k, e in keyed if "bounds are float32" in k]
    failures = check_target(name, family, clamp_at_float64_bounds, grad_order, keyed,
                            honour_xfail=False)
    assert any("out[0]" in m for _, m in failures), failures
