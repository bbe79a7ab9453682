"""Running both sides: `diff_script` (two child processes, `python -m eagergraph diff`) and
`diff` (a function, for notebooks: two forked processes)."""
import os
import pickle
import subprocess
import sys
import tempfile
import types

from .align import analyze
from .child import NO_GPU_EXIT
from .tensors import DEFAULT_LIMIT

__all__ = ["diff_script", "diff", "DiffResult"]


class DiffResult:
    """An Analysis with its reports: `text()`, `data()`, `json()`, `html()`."""

    def __init__(self, analysis):
        self.analysis = analysis

    @property
    def diverged(self):
        return self.analysis.diverged

    @property
    def first_forward(self):
        return self.analysis.first_forward

    @property
    def first_backward(self):
        return self.analysis.first_backward

    def text(self):
        from .report import to_text
        return to_text(self.analysis)

    def data(self):
        from .report import to_data
        return to_data(self.analysis)

    def json(self):
        from .report import to_json
        return to_json(self.analysis)

    def html(self):
        from .report_html import to_html
        return to_html(self.analysis)

    def _repr_html_(self):
        return self.html()

    def __repr__(self):
        return self.text()


def _child(side, script, args, out, opts, reference=None):
    cmd = [sys.executable, "-m", "eagergraph.debug.diff.child", side, "--out", out,
           "--limit", str(opts["limit"]), "--seed", str(opts["seed"])]
    if reference:
        cmd += ["--reference", reference]
    if opts["record_all"]:
        cmd.append("--all")
    if opts.get("device", "cpu") != "cpu":
        cmd += ["--device", opts["device"]]
    for k in ("steps", "rtol", "atol"):
        if opts.get(k) is not None:
            cmd += [f"--{k}", str(opts[k])]
    env = dict(os.environ, PYTHONHASHSEED=str(opts["seed"]))
    pkg_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    env["PYTHONPATH"] = pkg_root + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run(cmd + [script] + list(args), env=env)
    if proc.returncode == NO_GPU_EXIT:
        raise RuntimeError("the paddle run found no GPU (--device gpu); see the message above")
    if proc.returncode != 0 or not os.path.exists(out):
        return _crashed(side, script, proc.returncode)
    with open(out, "rb") as f:
        return pickle.load(f)


def _crashed(side, script, status):
    """The record of a run whose process died before writing one (Paddle 3.3.1 segfaults on
    some graphs): no ops, and the way it ended as its error."""
    how = f"exit status {status}"
    if status < 0:
        import signal
        try:
            how = f"killed by {signal.Signals(-status).name}"
        except ValueError:
            pass
    return {"framework": side, "version": "?", "events": [], "backward": [], "leaves": [],
            "draws": [], "replays": [], "steps": 0, "stopped": None, "limit": 0,
            "cwd": os.getcwd(), "script": os.path.abspath(script),
            "error": {"type": "crash", "message": f"the process ended before writing its "
                                                  f"record ({how})", "site": ""}}


def diff_script(script, args=(), limit=DEFAULT_LIMIT, seed=0, record_all=False, steps=None,
                rtol=None, atol=None, quiet=False, device="cpu"):
    """Run `script` with real paddle, then under eagergraph (replaying paddle's random draws),
    and compare the two records; returns a DiffResult. device="gpu": real paddle runs on its
    GPU and eagergraph computes its narrow float kernels in float64 (oracle.py)."""
    opts = dict(limit=limit, seed=seed, record_all=record_all, steps=steps, rtol=rtol,
                atol=atol, device=device)
    with tempfile.TemporaryDirectory(prefix="eagergraph-diff-") as tmp:
        ref_path, cur_path = os.path.join(tmp, "paddle.pkl"), os.path.join(tmp, "eager.pkl")
        if not quiet:
            print("== run 1/2: real paddle ==", file=sys.stderr, flush=True)
        ref = _child("paddle", script, args, ref_path, opts)
        if not quiet:
            print("== run 2/2: eagergraph ==", file=sys.stderr, flush=True)
        ref_ok = ref["error"] is None or ref["error"]["type"] != "crash"
        cur = _child("eagergraph", script, args, cur_path, opts,
                     reference=ref_path if ref_ok else None)
        if ref["error"] and ref["error"]["type"] == "crash" and cur["error"] and \
                cur["error"]["type"] == "crash":
            raise RuntimeError("both runs ended before writing their records")
    return DiffResult(analyze(ref, cur, rtol=rtol, atol=atol))


# ---- diff(fn): the same, for a function -----------------------------------------------------
def _swap_modules(side):
    """Make `import paddle` in this (forked) process give `side`."""
    for name in [n for n in sys.modules if n == "paddle" or n.startswith("paddle.")]:
        is_alias = getattr(sys.modules[name], "__name__", "").startswith("eagergraph")
        if is_alias == (side == "paddle"):    # keep a real paddle already loaded
            del sys.modules[name]
    if side == "paddle":
        from ...paddle_alias import _PaddleAliasFinder
        sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _PaddleAliasFinder)]


def _rebind(fn, paddle):
    """fn with its module-valued globals (paddle / eagergraph modules) pointing at `paddle`'s."""
    import importlib
    g = dict(fn.__globals__)
    for k, v in fn.__globals__.items():
        if isinstance(v, types.ModuleType):
            name = v.__name__
            for pre in ("eagergraph", "paddle"):
                if name == pre or name.startswith(pre + "."):
                    try:
                        g[k] = importlib.import_module("paddle" + name[len(pre):])
                    except ImportError:
                        pass
    new = types.FunctionType(fn.__code__, g, fn.__name__, fn.__defaults__, fn.__closure__)
    new.__kwdefaults__ = fn.__kwdefaults__
    return new


def _fork(side, fn, args, out, opts, reference):
    from .child import record_run
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            _swap_modules(side)

            def target(paddle):
                f = _rebind(fn, paddle)
                f(*args) if args else (f(paddle) if f.__code__.co_argcount else f())
            rec = record_run(side, target, opts["limit"], opts["seed"], reference,
                             opts["record_all"], opts["steps"], opts["rtol"], opts["atol"],
                             alias=True, device=opts["device"])
            rec["script"] = getattr(fn.__code__, "co_filename", "")
            with open(out, "wb") as f:
                pickle.dump(rec, f, protocol=pickle.HIGHEST_PROTOCOL)
            code = 0
        except BaseException:
            import traceback
            traceback.print_exc()
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    if status != 0 or not os.path.exists(out):
        raise RuntimeError(f"the {side} run of {fn.__name__} did not finish")
    with open(out, "rb") as f:
        return pickle.load(f)


def diff(fn, *args, limit=DEFAULT_LIMIT, seed=0, record_all=False, steps=None, rtol=None,
         atol=None, device="cpu"):
    """Run `fn` once with real paddle and once with eagergraph, each in a forked process, and
    compare them (a DiffResult; in a notebook it shows as the HTML report). `fn` gets `args`,
    or, if it takes one parameter and no args are given, the paddle module; module globals of
    fn that are paddle or eagergraph modules are rebound to each side's. POSIX only (fork).
    device="gpu": as in diff_script."""
    if not hasattr(os, "fork"):
        raise RuntimeError("eagergraph.debug.diff(fn) needs os.fork; use "
                           "`python -m eagergraph diff script.py` on this platform")
    opts = dict(limit=limit, seed=seed, record_all=record_all, steps=steps, rtol=rtol,
                atol=atol, device=device)
    sys.stdout.flush()
    sys.stderr.flush()
    with tempfile.TemporaryDirectory(prefix="eagergraph-diff-") as tmp:
        ref = _fork("paddle", fn, args, os.path.join(tmp, "paddle.pkl"), opts, None)
        cur = _fork("eagergraph", fn, args, os.path.join(tmp, "eager.pkl"), opts, ref)
    return DiffResult(analyze(ref, cur, rtol=rtol, atol=atol))
