"""Edge samples for the op table: the inputs finite differences cannot see (0, boundaries,
+-inf, NaN, ties, empty and 0-D tensors, bad arguments). What Paddle 3.3.1 does on them (values,
dtypes, gradients for a fixed upstream grad, error types) is captured by tools/capture_edges.py
into tests/fixtures/edges/<family>.json; tests/test_edge_samples.py compares eagergraph with
that data without Paddle installed.

Every op-table row gets generic samples built from the row (`default_edges`): elementwise rows
(no sample_inputs, arity 1 or 2) get special values, all pairs of them for binary ops, empty and
0-D tensors, in float64, float32, complex128 and an integer dtype where the row has them; other
rows get their own samples with the float inputs rounded (ties, zeros) and poisoned with
NaN/inf/0. tests/op_edges/<family>.py adds per-op samples: `BOUNDARY` (extra special values
for an elementwise op), `EDGES` (op name -> list of Edge) and `EXTRA` (public functions without
a row of their own, e.g. F.hardtanh, as Extra), `XFAIL` (op name -> [(key substring or "*",
reason)]: samples where eagergraph's code still differs from Paddle; each is a strict expected
failure of its own, test_known_divergence[op key], which fails once the sample matches),
`DIFFERS` (op name -> [(key substring or "*", reason, expect)]: the same as an Edge's
differs/expect, for generated samples) and `SHAPE_ONLY` (ops whose values are arbitrary, like
empty, or (op, key substring) for such samples of an op: only dtypes and shapes are compared) and `NO_PADDLE` (op name -> why the row's callable
cannot run in Paddle; captured as {"paddle": "not comparable: ..."}).

`expect` is "ref" (eagergraph's first output equals the row's NumPy reference), "error:Name"
(eagergraph raises that class), "grads" (eagergraph gives a gradient for every differentiable
input where Paddle gives None), "fd" (eagergraph's gradients equal central finite differences of
the op, for a finite sample where Paddle's gradient is wrong), or a callable record -> bool.

An Edge whose eagergraph result deliberately differs from Paddle's carries `differs` (the
README's reason) and `expect` (what eagergraph gives instead: an error class name, or a
callable that checks the eagergraph record); one where eagergraph's code still differs carries
`xfail` (the reason): a strict expected failure, as an XFAIL entry.
"""
import builtins
from dataclasses import dataclass, field
import importlib
import pkgutil

import numpy as np

from ..op_db import OP_DB, samples

INF, NAN = np.inf, np.nan
UNARY_VALUES = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, INF, -INF, NAN]
BINARY_VALUES = [0.0, -0.0, 1.0, -1.0, 0.5, 2.0, INF, -INF, NAN]
COMPLEX_PARTS = [0.0, 1.0, -1.0, INF, NAN]
EMPTY_UNARY = [(0,), (2, 0)]
EMPTY_BINARY = [((0,), (0,)), ((2, 0), (0,)), ((), (0,)), ((2, 1), (1, 0))]


@dataclass
class Edge:
    args: list
    kwargs: dict = field(default_factory=dict)
    desc: str = ""
    grad: object = None     # None: the row's (grad > 0); False: values only
    differs: str = ""       # docs/differences.md reason ...
    expect: object = None   # ... and eagergraph's behaviour: error class name or check(record)
    xfail: str = ""         # why eagergraph still differs: a strict expected failure
    shape_only: bool = False  # Paddle's values are garbage here: keep its dtypes and shapes only


@dataclass
class Extra:
    """A public function without an op-table row (a composition), with its own edge samples."""
    name: str
    op: object
    edges: list
    grad: int = 1
    family: str = ""


def _load():
    boundary, edges, extra, xfail, differs, shape_only = {}, {}, [], {}, {}, set()
    no_paddle = {}
    for m in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if m.name == "record":
            continue
        mod = importlib.import_module(f"{__name__}.{m.name}")
        boundary.update(getattr(mod, "BOUNDARY", {}))
        edges.update(getattr(mod, "EDGES", {}))
        xfail.update(getattr(mod, "XFAIL", {}))
        differs.update(getattr(mod, "DIFFERS", {}))
        shape_only |= set(getattr(mod, "SHAPE_ONLY", ()))
        no_paddle.update(getattr(mod, "NO_PADDLE", {}))
        for e in getattr(mod, "EXTRA", []):
            e.family = m.name
            extra.append(e)
    return boundary, edges, extra, xfail, differs, shape_only, no_paddle


BOUNDARY, EDGES, EXTRAS, XFAIL, DIFFERS, SHAPE_ONLY, NO_PADDLE = _load()


def _row_dtypes(info):
    d = info.dtypes
    out = []
    if "float64" in d or "float32" in d:
        out.append("float64")
    if "float32" in d:
        out.append("float32")
    if "complex128" in d:
        out.append("complex128")
    ints = [t for t in ("int64", "int32") if t in d]
    if ints:
        out.append(ints[0])
    if "bool" in d and not ints and "float64" not in out:
        out.append("bool")
    return out


def _values(dt, name, binary):
    dt = np.dtype(dt)
    if dt.kind == "f":
        base = BINARY_VALUES if binary else UNARY_VALUES
        with np.errstate(over="ignore"):
            return np.array(base + list(BOUNDARY.get(name, [])), dtype=dt)
    if dt.kind == "c":
        parts = COMPLEX_PARTS[:4] if binary else COMPLEX_PARTS
        return np.array([builtins.complex(r, i) for r in parts for i in parts], dtype=dt)
    if dt.kind == "b":
        return np.array([False, True])
    ii = np.iinfo(dt)
    extra = [v for v in BOUNDARY.get(name, []) if float(v).is_integer() and abs(v) < 100]
    return np.array([0, 1, -1, 2, -3, ii.max, ii.min] + [int(v) for v in extra], dtype=dt)


def _elementwise_edges(info, dt):
    v = _values(dt, info.name, info.arity == 2)
    one = np.array(0.5 if np.dtype(dt).kind in "fc" else 1).astype(dt)
    if info.arity == 1:
        out = [Edge([v], desc="specials")]
        out += [Edge([np.zeros(s, dt)], desc=f"empty{s}") for s in EMPTY_UNARY]
        out += [Edge([one], desc="0-d"), Edge([v[-1:].reshape(())], desc="0-d special")]
        return out
    x, y = np.meshgrid(v, v, indexing="ij")
    out = [Edge([x.reshape(-1), y.reshape(-1)], desc="all pairs of specials")]
    out += [Edge([np.zeros(a, dt), np.zeros(b, dt)], desc=f"empty{a},{b}")
            for a, b in EMPTY_BINARY]
    out.append(Edge([one, one], desc="0-d,0-d"))
    return out


def _round(a):
    if a.dtype.kind == "c":
        return np.asarray(np.round(a.real) + 1j * np.round(a.imag)).astype(a.dtype)
    return np.asarray(np.round(a)).astype(a.dtype)


def _poison(a):
    a = a.copy()
    flat = a.reshape(-1)
    bad = [NAN, INF, -INF, 0.0]
    if a.dtype.kind == "c":
        bad = [builtins.complex(NAN, 0), builtins.complex(INF, 0), builtins.complex(0, -INF), 0j]
    n = min(len(bad), flat.size)
    flat[:n] = np.array(bad[:n], dtype=a.dtype)
    return a


def _structured_edges(info, dt):
    rng = np.random.default_rng(0)
    try:
        base = samples(info, rng, np.dtype(dt))[:3]
    except Exception:  # noqa: BLE001 (a row without samples for dt has no edges for it)
        return []
    out = []
    floaty = np.dtype(dt).kind in "fc"
    for i, s in enumerate(base):
        tag = s.desc or str(i)
        out.append(Edge(list(s.args), dict(s.kwargs), desc=f"sample {tag}"))
        if not floaty:
            continue
        fl = [isinstance(a, np.ndarray) and a.dtype.kind in "fc" and a.size > 0 for a in s.args]
        if not any(fl):
            continue
        for variant, f in (("rounded", _round), ("nan/inf/0", _poison)):
            args = [f(a) if m else a for a, m in zip(s.args, fl)]
            out.append(Edge(args, dict(s.kwargs), desc=f"{variant} {tag}"))
    return out


def is_elementwise(info):
    return info.sample_inputs is None and info.arity in (1, 2)


def default_edges(info):
    out = []
    for dt in _row_dtypes(info):
        gen = _elementwise_edges if is_elementwise(info) else _structured_edges
        for e in gen(info, dt):
            e.desc = f"{dt} {e.desc}"
            out.append(e)
    return out


def _keyed(edges):
    seen, out = {}, []
    for e in edges:
        k = e.desc or "sample"
        n = seen.get(k, 0)
        seen[k] = n + 1
        out.append((k if n == 0 else f"{k} #{n}", e))
    return out


def edge_samples(name, info=None, extra=()):
    """[(key, Edge)] for an op-table row (defaults + EDGES[name]) or an Extra (its edges);
    keys are unique and stable (dtype and description)."""
    out = list(default_edges(info)) if info is not None else []
    return _keyed(out + list(extra) + list(EDGES.get(name, [])))


def targets():
    """[(name, family, eagergraph callable, grad order, [(key, Edge)])]: every non-random row
    and every Extra."""
    out = []
    for info in OP_DB:
        if info.family == "random" or info.ref is None:
            continue
        out.append((info.name, info.family, info.op, info.grad, edge_samples(info.name, info)))
    for x in EXTRAS:
        out.append((x.name, x.family, x.op, x.grad, edge_samples(x.name, extra=x.edges)))
    return out
