"""Run Paddle 3.3.1's own dygraph unit tests (test/legacy_test/*.py) against eagergraph.

    PYTHONPATH=. /path/to/python-with-paddle tools/run_paddle_unittests.py --tests-dir DIR
    ... --areas losses,io          # only these areas
    ... --files test_linear.py     # only these files
    ... --json /tmp/report.json    # also write every case's outcome
    ... --failures                 # list each eagergraph failure with its first error line

The test files are third-party (Apache-2.0, PaddlePaddle/Paddle) and stay out of this
repository: put them, flat, in --tests-dir (test/distribution's files also want its
parameterize.py beside them and its config.py in a distribution/ package there). AREAS below
names the files used per area. A file that is missing is reported and skipped.

Every file runs twice, each time in a fresh worker process with a timeout: once with the real
paddle, once with eagergraph installed as `paddle` (eagergraph.install_as_paddle()). A worker
runs the file's unittest cases one by one, each with its own alarm. A case counts only when it
passes on real Paddle; cases whose test method, setUp/setUpClass, or a helper either calls
(a method on self or a module-level function, one level deep) mentions static-graph machinery
(STATIC_MARKERS) are left out before either run. The workers hide the GPU
(CUDA_VISIBLE_DEVICES=""), so GPU-only cases skip or fail on Paddle and do not count; a GPU-only
case that just returns early on a CPU build passes on both and does count. Many dygraph tests end
with `paddle.enable_static()` (to restore the suite's default); in a case that mentions
enable_static but none of the markers, enable_static is a no-op in both runs (eagergraph raises
StaticModeNotSupportedError there, which is test plumbing, not a result). The report is the share of
the counted cases that also pass under eagergraph, per area.

A small `op_test` shim (get_places, get_device_place, is_custom_device: CPU only) is put on the
workers' path, since many dygraph tests import just those helpers from Paddle's big op_test.py.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

AREAS = {
    "nn layers": ["test_zeropad2d.py", "test_linear.py", "test_nn_functional_embedding_dygraph.py"],
    "functional": ["test_normalize.py", "test_glu.py"],
    "losses": ["test_soft_margin_loss.py", "test_cosine_embedding_loss.py"],
    "optimizers + LR": ["test_adamax_api.py", "test_lr_scheduler.py"],
    "io": ["test_batch_sampler.py"],
    "math": ["test_inner.py", "test_outer.py"],
    "manipulation": ["test_take.py", "test_unflatten.py"],
    "linalg": ["test_cdist.py"],
    "save/load": ["test_state_dict_convert.py"],
    "fft": ["test_fft_compat.py"],
    "distribution": ["test_distribution_laplace.py"],
    "hapi + vision": ["test_vision_models.py"],
}

STATIC_MARKERS = ("program_guard", "static.Program", "static.data", "static_mode",
                  "Executor", "test_with_pir_api",
                  "in_pir_mode", "paddle.jit", "to_static")

OP_TEST_SHIM = '''
import paddle
def get_places(*a, **k):
    return [paddle.CPUPlace()]
def get_device_place(*a, **k):
    return paddle.CPUPlace()
def get_device(*a, **k):
    return "cpu"
def is_custom_device(*a, **k):
    return False
def convert_float_to_uint16(x):
    import numpy as np
    x = np.asarray(x, dtype=np.float32)
    return (x.view(np.uint32) >> 16).astype(np.uint16)
def convert_uint16_to_float(x):
    import numpy as np
    x = np.asarray(x, dtype=np.uint16)
    return (x.astype(np.uint32) << 16).view(np.float32)
'''

WORKER = r'''
import inspect, io, json, os, signal, sys, traceback, unittest
mode, path, shim_dir, case_timeout = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
markers = json.loads(sys.argv[5])
if mode == "eagergraph":
    import eagergraph
    eagergraph.install_as_paddle()
sys.path[:0] = [shim_dir, os.path.dirname(path)]
import numpy as np
out = {}
def emit():
    print("@@RESULT@@" + json.dumps(out), flush=True)
try:
    import importlib.util
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # class decorators look the module up (parameterize.place)
    spec.loader.exec_module(mod)
except BaseException as e:
    first = str(e).splitlines()[0] if str(e) else ""
    out["__import__"] = ["import-error", "%s: %s" % (type(e).__name__, first)]
    emit(); sys.exit(0)
def flatten(s):
    for t in s:
        if isinstance(t, unittest.TestSuite):
            yield from flatten(t)
        else:
            yield t
def src(cls, name):
    try:
        return inspect.getsource(getattr(cls, name))
    except Exception:
        return ""
def is_static(case):
    cls = type(case)
    text = src(cls, case._testMethodName) + src(cls, "setUp") + src(cls, "setUpClass")
    for name in dir(cls):  # helpers the test method calls on self (one level)
        if name != case._testMethodName and ("self." + name + "(") in text:
            text += src(cls, name)
    for name, obj in list(vars(mod).items()):  # module-level helpers it calls
        if inspect.isfunction(obj) and (name + "(") in text:
            try:
                text += inspect.getsource(obj)
            except Exception:
                pass
    return any(m in text for m in markers), "enable_static" in text
class Alarm(BaseException):
    pass
def on_alarm(*a):
    raise Alarm()
signal.signal(signal.SIGALRM, on_alarm)
cases = list(flatten(unittest.defaultTestLoader.loadTestsFromModule(mod)))
for case in cases:
    cid = case.id()
    static, teardown = is_static(case)
    if static:
        out[cid] = ["static", ""]; continue
    import paddle
    real_enable = paddle.enable_static
    if teardown:  # a dygraph test that switches static mode on as its last step
        paddle.enable_static = lambda *a, **k: None
    np.random.seed(2024)
    res = unittest.TestResult()
    signal.setitimer(signal.ITIMER_REAL, case_timeout)
    try:
        stderr, sys.stderr = sys.stderr, io.StringIO()
        try:
            case.run(res)
        finally:
            sys.stderr = stderr
    except Alarm:
        out[cid] = ["timeout", ""]; continue
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        paddle.enable_static = real_enable
    if res.errors or res.failures:
        tb = (res.errors or res.failures)[0][1].strip().splitlines()
        out[cid] = ["error" if res.errors else "fail", tb[-1][:300] if tb else ""]
    elif res.skipped:
        out[cid] = ["skipped", res.skipped[0][1][:200]]
    else:
        out[cid] = ["pass", ""]
    try:
        import paddle
        paddle.disable_static()
    except Exception:
        pass
emit()
'''


def run_file(mode, path, shim_dir, timeout, case_timeout):
    env = dict(os.environ, CUDA_VISIBLE_DEVICES="", PYTHONWARNINGS="ignore")
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    cmd = [sys.executable, "-c", WORKER, mode, path, shim_dir, str(case_timeout),
           json.dumps(STATIC_MARKERS)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                           env=env, cwd=shim_dir)  # a private dir: nothing on sys.path by chance
    except subprocess.TimeoutExpired:
        return {"__file__": ["timeout", "file timed out after %ss" % timeout]}
    for line in reversed(p.stdout.splitlines()):
        if line.startswith("@@RESULT@@"):
            return json.loads(line[len("@@RESULT@@"):])
    tail = (p.stderr or p.stdout).strip().splitlines()[-1:] or ["no output"]
    return {"__file__": ["crash", "exit %s: %s" % (p.returncode, tail[0][:300])]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tests-dir", required=True)
    ap.add_argument("--areas", default="")
    ap.add_argument("--files", default="")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per file and mode")
    ap.add_argument("--case-timeout", type=float, default=120.0)
    ap.add_argument("--json", default="")
    ap.add_argument("--failures", action="store_true")
    args = ap.parse_args()
    areas = [a for a in AREAS if not args.areas or a in args.areas.split(",")]
    only = set(f for f in args.files.split(",") if f)
    shim_dir = tempfile.mkdtemp(prefix="paddle_ut_shim_")
    with open(os.path.join(shim_dir, "op_test.py"), "w") as f:
        f.write(OP_TEST_SHIM)
    report, rows = {}, []
    for area in areas:
        counted = passed = static = 0
        used = []
        for name in AREAS[area]:
            if only and name not in only:
                continue
            path = os.path.join(os.path.abspath(args.tests_dir), name)
            if not os.path.exists(path):
                print("missing: %s" % path, file=sys.stderr)
                continue
            used.append(name)
            ref = run_file("paddle", path, shim_dir, args.timeout, args.case_timeout)
            ours = run_file("eagergraph", path, shim_dir, args.timeout, args.case_timeout)
            report[name] = {"area": area, "paddle": ref, "eagergraph": ours}
            for cid, (status, _msg) in ref.items():
                if status == "static":
                    static += 1
                if status != "pass":
                    continue
                counted += 1
                got = ours.get(cid) or ours.get("__import__") or ours.get("__file__") \
                    or ["missing", ""]
                if got[0] == "pass":
                    passed += 1
                elif args.failures:
                    print("  %s %s: %s %s" % (area, cid, got[0], got[1]))
        share = "%.0f%%" % (100.0 * passed / counted) if counted else "-"
        rows.append((area, ", ".join(used), counted, passed, share, static))
    print("| area | files | pass on Paddle | pass on eagergraph | share | static left out |")
    print("|---|---|---|---|---|---|")
    for area, used, counted, passed, share, static in rows:
        print("| %s | %s | %d | %d | %s | %d |" % (area, used, counted, passed, share, static))
    tot_c = sum(r[2] for r in rows)
    tot_p = sum(r[3] for r in rows)
    print("| all | | %d | %d | %s | |" % (tot_c, tot_p,
                                        "%.0f%%" % (100.0 * tot_p / tot_c) if tot_c else "-"))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
