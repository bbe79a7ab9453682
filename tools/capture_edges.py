"""Capture what paddlepaddle 3.3.1 does on the op table's edge samples, as committed test data.

    PYTHONPATH=. /path/to/python-with-paddle tools/capture_edges.py            # all ops
    PYTHONPATH=. /path/to/python-with-paddle tools/capture_edges.py --ops clip,relu
    PYTHONPATH=. /path/to/python-with-paddle tools/capture_edges.py --check    # report only

Run from the repository root, in an environment with paddlepaddle 3.3.1, NumPy and SciPy (and
eagergraph importable: the rows and specs are imported from tests/). For every op-table row
(except random ops) and every Extra in tests/op_edges, it runs each edge sample
(tests/op_edges/__init__.py) with real Paddle and writes values, dtypes, gradients for a fixed
upstream grad, or error class names into tests/fixtures/edges/<family>.json (one line per
sample). tests/test_edge_samples.py then checks eagergraph against that data, no Paddle needed.

The row's callable is an eagergraph function or a lambda over eagergraph names; it is turned
into the Paddle callable by name: public functions by the path they have in eagergraph
(eagergraph.nn.functional.relu -> paddle.nn.functional.relu), lambdas and helpers from tests/
re-bound to globals in which every eagergraph module/function is Paddle's. PADDLE_NAMES maps
the few names that differ. An op Paddle lacks is recorded as {"paddle": "missing: ..."}.

Samples run in a worker process; when Paddle crashes (segfault, abort) the sample is recorded
as {"paddle": "crash"} and a new worker goes on with the next one.

--ops a,b   recapture only these ops (names as in the op table) and merge them into the files.
--check     capture everything into memory and report what differs from the committed files
            (exit status 1 if anything does); writes nothing.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "tests", "fixtures", "edges")

# eagergraph public path -> Paddle path, where they differ
PADDLE_NAMES = {}


def _targets():
    sys.path.insert(0, ROOT)
    from tests.op_edges import targets
    return targets()


# ---- eagergraph callable -> Paddle callable --------------------------------------------------

class Missing(Exception):
    pass


_INDEX = None
_PUBLIC = ("eagergraph.nn.functional", "eagergraph.linalg", "eagergraph.fft",
           "eagergraph.signal", "eagergraph.incubate", "eagergraph", "eagergraph.nn",
           "eagergraph.Tensor", "eagergraph._C_ops")


def _index():
    """id(eagergraph public object) -> its dotted public path (first namespace wins)."""
    global _INDEX
    if _INDEX is None:
        import importlib
        import eagergraph
        _INDEX = {}
        for ns in _PUBLIC:
            try:
                obj = importlib.import_module(ns) if ns != "eagergraph.Tensor" else eagergraph.Tensor
            except ImportError:
                continue
            _INDEX.setdefault(id(obj), [ns])
            for k in dir(obj):
                if k.startswith("__"):
                    continue
                v = getattr(obj, k, None)
                if isinstance(v, (types.FunctionType, types.BuiltinFunctionType, type)) or \
                        type(v).__name__ in ("DataType", "dtype"):
                    _INDEX.setdefault(id(v), []).append(f"{ns}.{k}")
    return _INDEX


def _public_path(obj):
    """The public path of an eagergraph object: the first of _PUBLIC's namespaces that exports
    it (F.softmax before paddle.softmax, which is another function in Paddle 3.3.1)."""
    paths = _index().get(id(obj))
    return paths[0] if paths else None


def _paddle_path(path):
    import importlib
    path = PADDLE_NAMES.get(path, path)
    parts = ("paddle" + path[len("eagergraph"):]).split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for p in parts[i:]:
            if not hasattr(obj, p):
                raise Missing(".".join(parts))
            obj = getattr(obj, p)
        return obj
    raise Missing(".".join(parts))


def _code_names(code):
    names = set(code.co_names) | set(code.co_freevars)
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            names |= _code_names(c)
    return names


def to_paddle(obj, memo=None):
    memo = {} if memo is None else memo
    if id(obj) in memo:
        return memo[id(obj)]
    if isinstance(obj, types.ModuleType):
        if id(obj) in _index():
            return _paddle_path(_index()[id(obj)][0])
        if obj.__name__.split(".")[0] == "eagergraph":
            return _paddle_path(obj.__name__)
        return obj
    if isinstance(obj, (bool, int, float, str, complex, bytes)) or obj is None:
        return obj
    path = _public_path(obj)
    if path is not None:
        return _paddle_path(path)
    mod = (getattr(obj, "__module__", None) or "").split(".")[0]
    if isinstance(obj, types.FunctionType) and mod == "eagergraph":
        raise Missing(f"{obj.__module__}.{obj.__qualname__} (not public)")
    if isinstance(obj, types.FunctionType) and mod == "tests":
        g = dict(obj.__globals__)
        cells = tuple(types.CellType() for _ in obj.__closure__ or ())
        new = types.FunctionType(obj.__code__, g, obj.__name__, None, cells or None)
        memo[id(obj)] = new  # before converting what it refers to (recursive helpers)
        for n in _code_names(obj.__code__):
            if n in g:
                g[n] = to_paddle(g[n], memo)
        for cell, old in zip(cells, obj.__closure__ or ()):
            cell.cell_contents = to_paddle(old.cell_contents, memo)
        if obj.__defaults__:
            new.__defaults__ = tuple(to_paddle(d, memo) for d in obj.__defaults__)
        new.__kwdefaults__ = obj.__kwdefaults__
        return new
    if isinstance(obj, (list, tuple)):
        return type(obj)(to_paddle(o, memo) for o in obj)
    if type(obj).__module__.split(".")[0] == "eagergraph":
        raise Missing(f"{type(obj).__name__} object")
    return obj


# ---- worker: runs samples with Paddle, one JSON line each ------------------------------------

def _worker(job_file, start):
    import numpy as np
    import paddle
    from tests.op_edges import NO_PADDLE, SHAPE_ONLY
    from tests.op_edges.record import run_sample
    np.seterr(all="ignore")
    paddle.disable_static()
    with open(job_file) as f:
        jobs = json.load(f)
    by_name = {t[0]: t for t in _targets()}
    fns = {}
    for i in range(start, len(jobs)):
        name, key = jobs[i]
        t = by_name[name]
        if name not in fns and name not in NO_PADDLE:
            try:
                fns[name] = to_paddle(t[2])
            except Missing as e:
                fns[name] = e
        fn = fns.get(name)
        edge = dict(t[4])[key]
        if name in NO_PADDLE:
            rec = {"paddle": f"not comparable: {NO_PADDLE[name]}"}
        elif isinstance(fn, Missing):
            rec = {"paddle": f"missing: {fn}"}
        else:
            grad = t[3] > 0 if edge.grad is None else bool(edge.grad)
            rec = run_sample(paddle, fn, edge.args, edge.kwargs, grad=grad)
            if name in SHAPE_ONLY or edge.shape_only:  # garbage: keep dtypes and shapes only
                for o in rec.get("out", []):
                    o["data"] = None
        sys.stdout.write(json.dumps([i, rec]) + "\n")
        sys.stdout.flush()


def capture(jobs):
    """[(name, key)] -> {(name, key): record}, restarting the worker after a crash."""
    results = {}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(jobs, f)
        job_file = f.name
    try:
        start = 0
        while start < len(jobs):
            env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
            p = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--worker", job_file,
                                  str(start)], stdout=subprocess.PIPE, env=env, cwd=ROOT,
                                 text=True)
            for line in p.stdout:
                if not line.startswith("["):
                    continue
                i, rec = json.loads(line)
                results[tuple(jobs[i])] = rec
                start = i + 1
            p.wait()
            if start < len(jobs):  # a signal, or Paddle exiting the process (eig on NaN: 0)
                print(f"paddle crashed (exit {p.returncode}) on {jobs[start]}", file=sys.stderr)
                results[tuple(jobs[start])] = {"paddle": "crash"}
                start += 1
    finally:
        os.unlink(job_file)
    return results


# ---- files ------------------------------------------------------------------------------------

def _path(family):
    return os.path.join(OUT_DIR, f"{family}.json")


def load(family):
    try:
        with open(_path(family)) as f:
            return json.load(f)
    except FileNotFoundError:
        return {}


def dump(family, data):
    """{op: {key: record}}, one line per sample, ops and keys in a stable order."""
    os.makedirs(OUT_DIR, exist_ok=True)
    lines = ["{"]
    ops = sorted(data)
    for i, op in enumerate(ops):
        lines.append(f"{json.dumps(op)}: {{")
        keys = list(data[op])
        for j, k in enumerate(keys):
            sep = "," if j < len(keys) - 1 else ""
            lines.append(f"  {json.dumps(k)}: {json.dumps(data[op][k], separators=(',', ':'))}{sep}")
        lines.append("}" + ("," if i < len(ops) - 1 else ""))
    lines.append("}")
    with open(_path(family), "w") as f:
        f.write("\n".join(lines) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ops", default="", help="comma-separated op names to recapture")
    ap.add_argument("--check", action="store_true", help="report differences, write nothing")
    ap.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.worker:
        return _worker(a.worker[0], int(a.worker[1]))
    import paddle
    if paddle.__version__ != "3.3.1":
        print(f"warning: paddle {paddle.__version__}, the data is for 3.3.1", file=sys.stderr)
    wanted = set(filter(None, a.ops.split(",")))
    targets = [t for t in _targets() if not wanted or t[0] in wanted]
    unknown = wanted - {t[0] for t in targets}
    if unknown:
        ap.error(f"no op-table row or Extra named {sorted(unknown)}")
    jobs = [[t[0], k] for t in targets for k, _ in t[4]]
    print(f"capturing {len(jobs)} samples of {len(targets)} ops", file=sys.stderr)
    res = capture(jobs)
    families = {}
    for name, fam, _, _, keyed in targets:
        families.setdefault(fam, {})[name] = {k: res[(name, k)] for k, _ in keyed}
    ndiff = 0
    for fam, ops in sorted(families.items()):
        old = load(fam)
        if a.check:
            for op, recs in sorted(ops.items()):
                for k, r in recs.items():
                    if old.get(op, {}).get(k) != r:
                        ndiff += 1
                        print(f"{fam}/{op} [{k}]: {'new' if k not in old.get(op, {}) else 'differs'}")
                for k in set(old.get(op, {})) - set(recs):
                    ndiff += 1
                    print(f"{fam}/{op} [{k}]: stale (no such sample now)")
            continue
        if wanted:
            old.update(ops)
            ops = old
        dump(fam, ops)
    if a.check:
        print(f"{ndiff} difference(s)", file=sys.stderr)
        return 1 if ndiff else 0
    if not wanted:  # drop files of families that no longer have targets
        for fn in os.listdir(OUT_DIR):
            if fn.endswith(".json") and fn[:-5] not in families:
                os.unlink(os.path.join(OUT_DIR, fn))
    return 0


if __name__ == "__main__":
    sys.exit(main())
