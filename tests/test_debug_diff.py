"""The diff tool's recorder, aligner and reporters on two eagergraph runs, the second with a
deliberately perturbed kernel (no real paddle needed); the real-paddle run is optional."""
import contextlib
import inspect
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.debug.diff.align import analyze, canonical
from eagergraph.debug.diff.child import record_run
from eagergraph.debug.diff.report import to_text, to_data
from eagergraph.debug.diff.report_html import to_html
from eagergraph.debug.diff.tensors import summarize, compare
from eagergraph.phi.kernel_registry import KernelFactory

HERE = os.path.abspath(__file__)


@contextlib.contextmanager
def perturbed(op, dtype_name="float32", eps=1e-3):
    """Kernel `op` for dtype returns its results times (1 + eps) at element 0 (flat)."""
    saved = []
    for table in KernelFactory._kernels[op].values():
        for d, fn in list(table.items()):
            if d.name == dtype_name:
                def bump(a):
                    if isinstance(a, np.ndarray) and a.size:
                        a = a.copy()
                        a.reshape(-1)[0] *= 1 + eps
                    return a

                def bad(*args, _fn=fn, **kwargs):
                    out = _fn(*args, **kwargs)
                    if isinstance(out, (list, tuple)):
                        return type(out)(bump(a) for a in out)
                    return bump(out)
                saved.append((table, d, fn))
                table[d] = bad
    KernelFactory._caches[op].clear()
    try:
        yield
    finally:
        for table, d, fn in saved:
            table[d] = fn
        KernelFactory._caches[op].clear()


def model(pd):
    """A two-layer step; the tanh line and the sum line are what the tests look for."""
    pd.seed(3)
    x = pd.to_tensor(np.linspace(-1, 1, 12).reshape(4, 3).astype("float32"))
    w = pd.create_parameter([3, 5], "float32")
    w.name = "w"
    h = pd.matmul(x, w)
    t = pd.tanh(h)  # LINE_TANH
    loss = (t * t).sum()  # LINE_SUM
    loss.backward()


def _line(tag):
    src, start = inspect.getsourcelines(model)
    return start + next(i for i, s in enumerate(src) if tag in s)


def _run(target=model, **kw):
    return record_run("eagergraph", target, **kw)


def test_identical_runs_do_not_differ():
    ref, cur = _run(), _run()
    a = analyze(ref, cur)
    assert not a.diverged
    assert len(a.pairs) == len(ref["events"]) == len(cur["events"])
    assert a.backward_compared == len(ref["backward"]) > 0
    assert "no difference found" in to_text(a)


def test_forward_divergence_found_at_the_perturbed_op_and_line():
    ref = _run()
    with perturbed("tanh"):
        cur = _run()
    a = analyze(ref, cur)
    f = a.first_forward
    assert f["op"] == "tanh" and f["site"] == f"{HERE}:{_line('LINE_TANH')}"
    out = f["outputs"][0]
    assert out["where"] == [0, 0] and out["bad"] == 1
    exp = np.tanh(np.linspace(-1, 1, 12).reshape(4, 3).astype("float32")
                  @ ref["events"][f["ref_seq"] - 1]["inputs"][1]["values"])[0, 0]
    assert out["ref_value"] == pytest.approx(float(exp), rel=1e-6)
    assert out["max_abs"] == pytest.approx(abs(float(exp)) * 1e-3, rel=1e-2)
    assert f["inputs_agree"] is True and all(x["same"] for x in f["inputs"])
    assert "output 0 of #" in f["inputs"][0]["from"] and "matmul" in f["inputs"][0]["from"]
    text = to_text(a)
    assert "FIRST FORWARD DIFFERENCE: op #" in text and "tanh" in text
    assert "this op is where the runs part" in text


def test_backward_divergence_found_at_the_perturbed_grad_kernel():
    ref = _run()
    with perturbed("tanh_grad"):
        cur = _run()
    a = analyze(ref, cur)
    assert a.first_forward is None
    b = a.first_backward
    # tanh's backward wrote the wrong gradient into the matmul output it consumed
    assert b["kind"] == "grad" and b["op"] == "matmul"
    assert b["culprit"]["op"] == "tanh"
    assert b["culprit"]["site"] == f"{HERE}:{_line('LINE_TANH')}"
    assert b["compare"]["where"] == [0, 0]
    assert "the backward of #" in to_text(a)


def test_leaf_grad_divergence_names_the_leaf():
    ref = _run()
    with perturbed("matmul_grad", eps=1e-2):
        cur = _run()
    b = analyze(ref, cur).first_backward
    assert b is not None and b["kind"] == "leaf" and ".grad of leaf w" in b["what"]
    assert b["culprit"]["op"] == "matmul"


def test_missing_op_is_reported_and_does_not_shift_the_rest():
    def extra(pd):
        pd.seed(3)
        x = pd.to_tensor([1.0, 2.0, 3.0], stop_gradient=False)
        y = pd.exp(x)
        if pd.is_tensor(y) and os.environ.get("EG_DIFF_EXTRA") == "1":
            y = pd.abs(y)
        z = pd.tanh(y)
        z.sum().backward()

    ref = _run(extra)
    os.environ["EG_DIFF_EXTRA"] = "1"
    try:
        cur = _run(extra)
    finally:
        del os.environ["EG_DIFF_EXTRA"]
    a = analyze(ref, cur)
    assert [cur["events"][j]["op"] for j in a.only_cur] == ["abs"]
    assert a.only_ref == []
    assert a.first_forward is None      # abs of a positive tensor changes nothing
    assert "only in eagergraph: #" in to_text(a)


def test_training_steps_are_counted_and_recording_stops_after_the_first_divergence():
    def train(pd):
        pd.seed(0)
        lin = pd.nn.Linear(3, 2)
        opt = pd.optimizer.SGD(0.1, parameters=lin.parameters())
        x = pd.to_tensor(np.arange(6, dtype="float32").reshape(2, 3) / 6)
        for _ in range(4):
            loss = pd.tanh(lin(x)).mean()
            loss.backward()
            opt.step()
            opt.clear_grad()

    ref = _run(train)
    assert ref["steps"] == 4
    assert sorted({e["step"] for e in ref["events"]}) == [0, 1, 2, 3]
    with perturbed("tanh"):
        cur = _run(train, reference=ref)
    assert cur["steps"] == 1 and "stopped after step 0" in cur["stopped"]
    a = analyze(ref, cur)
    assert a.first_forward["op"] == "tanh" and a.first_forward["step"] == 0
    with perturbed("tanh"):
        full = _run(train, reference=ref, record_all=True)
    assert full["steps"] == 4 and full["stopped"] is None


def test_random_draws_are_replayed():
    def rnd(pd):
        x = pd.rand([3, 4])
        lin = pd.nn.Linear(4, 2)
        (lin(x) * 2).sum().backward()

    ref = _run(rnd)
    # a reference run "from paddle": its draws are what the replaying run must use
    ref["draws"] = [{"op": "uniform", "site": "", "step": 0, "dtypes": ["float32"],
                     "values": [np.full((3, 4), 0.25, "float32")]},
                    {"op": "uniform", "site": "", "step": 0, "dtypes": ["float32"],
                     "values": [np.full((4, 2), 0.5, "float32")]}]
    cur = _run(rnd, reference=ref)
    assert [r["replayed"] for r in cur["replays"]] == [True, True]
    xs = cur["events"][0]["inputs"][0]["values"]
    np.testing.assert_array_equal(xs, np.full((3, 4), 0.25, "float32"))
    w = [x for e in cur["events"] for x in e["inputs"] if x["shape"] == [4, 2]][0]["values"]
    np.testing.assert_array_equal(w, np.full((4, 2), 0.5, "float32"))


def test_compare_tolerances_and_summaries():
    a = summarize(np.array([1.0, 2.0, np.nan], "float32"), "float32")
    b = summarize(np.array([1.0, 2.00001, np.nan], "float32"), "float32")
    assert compare(a, b)["same"]
    c = summarize(np.array([1.0, 2.1, np.nan], "float32"), "float32")
    r = compare(a, c)
    assert not r["same"] and r["where"] == [1] and r["max_abs"] == pytest.approx(0.1, rel=1e-5)
    assert not compare(summarize(np.arange(3), "int64"),
                       summarize(np.arange(3) + [0, 0, 1], "int64"))["same"]
    big = np.linspace(0, 1, 100)
    s1, s2 = summarize(big, "float64", limit=10), summarize(big * 1.01, "float64", limit=10)
    assert s1["values"] is None and s1["stats"]["max"] == 1.0
    assert not compare(s1, s2)["same"] and "statistics differ" in compare(s1, s2)["reason"]
    assert compare(summarize(np.zeros((2, 3)), "float64"),
                   summarize(np.zeros((3, 2)), "float64"))["reason"] == "shape [2, 3] vs [3, 2]"
    assert canonical("add_") == "add" and canonical("strided_slice") == "getitem"


def test_json_and_html_reports():
    ref = _run()
    with perturbed("tanh"):
        cur = _run()
    a = analyze(ref, cur)
    data = json.loads(json.dumps(to_data(a)))
    assert data["diverged"] and data["first_forward"]["op"] == "tanh"
    html = to_html(a)
    assert html.startswith("<!DOCTYPE html>") and "tanh" in html
    assert "<script src" not in html and "http" not in html.split("<body", 1)[1]
    # one side-by-side row per aligned pair and per op only one side ran, one red row
    stream = html.split("the op streams side by side", 1)[1]
    assert stream.count("<tr class=") == len(a.pairs) + len(a.only_ref) + len(a.only_cur)
    differs = [ref["events"][i]["op"] for i, _ in a.pairs if a.status[i] == "differs"]
    assert differs == ["tanh", "multiply", "sum"]   # the perturbed op and all after it
    assert stream.count('<tr class="differs">') == 3
    assert stream.split('<tr class="differs">', 1)[1].startswith("<td>0</td><td>#")
    assert "tanh" in stream.split('<tr class="differs">', 2)[1]
    assert "|paddle - eagergraph|" in html and "histogram of log10" in html


def test_different_errors_are_reported():
    def failing(pd):
        x = pd.to_tensor([1.0, 2.0])
        if os.environ.get("EG_DIFF_FAIL") == "1":
            pd.reshape(x, [3])
        pd.exp(x)

    ref = _run(failing)
    os.environ["EG_DIFF_FAIL"] = "1"
    try:
        cur = _run(failing)
    finally:
        del os.environ["EG_DIFF_FAIL"]
    a = analyze(ref, cur)
    assert a.diverged and a.error["paddle"] is None
    assert a.error["eagergraph"]["type"] == "ValueError"
    assert a.error["eagergraph"]["site"].startswith(HERE + ":")
    assert "ERRORS DIFFER" in to_text(a)


def test_recording_leaves_nothing_behind():
    from eagergraph._generated import ops_api
    code = ops_api.tanh.__code__
    backward = paddle.Tensor.backward
    had = sys.modules.get("paddle")
    _run()
    assert ops_api.tanh.__code__ is code and paddle.Tensor.backward is backward
    assert sys.modules.get("paddle") is had     # no `import paddle` alias left in this process


def test_cli_errors(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "eagergraph", "diff", str(tmp_path / "no.py")],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "no such script" in proc.stderr


# ---- with real paddle (optional) -------------------------------------------------------------
def test_real_paddle_known_bug_is_diagnosed(tmp_path):
    pytest.importorskip("paddle")
    script = tmp_path / "unfold_bug.py"
    script.write_text(
        "import paddle\n"
        "x = paddle.arange(6, dtype='float32')\n"
        "x.stop_gradient = False\n"
        "y = paddle.unfold(x, 0, 3, 1)\n"
        "(y * paddle.arange(12, dtype='float32').reshape([4, 3])).sum().backward()\n")
    out = tmp_path / "r.json"
    proc = subprocess.run([sys.executable, "-m", "eagergraph", "diff", "--json", str(out),
                           str(script)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    data = json.loads(out.read_text())
    b = data["first_backward"]
    assert data["first_forward"] is None
    assert b["kind"] == "leaf" and b["culprit"]["op"] == "tensor_unfold"  # paddle.unfold
    assert b["culprit"]["site"].endswith("unfold_bug.py:4")
    assert any("unfold" in k for k in b["known"])
    # eagergraph's side is the gradient NumPy gives: each window adds its weights
    ref = np.zeros(6)
    for k in range(4):
        for j in range(3):
            ref[k + j] += 3 * k + j
    i = b["compare"]["where"][0]
    assert b["compare"]["value"] == ref[i] and b["compare"]["ref_value"] != ref[i]


def test_real_paddle_diff_of_a_function_inplace_on_a_view():
    pytest.importorskip("paddle")
    from eagergraph.debug import diff

    def f():
        x = paddle.to_tensor([1.0, 2.0, 3.0, 4.0], stop_gradient=False)
        y = x * 1.0
        y[1:3].exp_()  # LINE_VIEW
        (y * y).sum().backward()

    r = diff(f)   # `paddle` in f is rebound to the real paddle in the first run
    assert r.diverged and r.first_forward is None
    b = r.first_backward
    assert b["culprit"]["op"] == "exp_" and b["culprit"]["note"].startswith("an inplace write")
    src, start = inspect.getsourcelines(f)
    line = start + next(i for i, s in enumerate(src) if "LINE_VIEW" in s)
    assert b["culprit"]["site"] == f"{HERE}:{line}"
    # eagergraph's gradient of y is NumPy's: d/dy sum(y'^2) with y' = y except exp on [1:3]
    yv = np.array([1.0, 2.0, 3.0, 4.0])
    ref = 2 * yv.copy()
    ref[1:3] = 2 * np.exp(yv[1:3]) * np.exp(yv[1:3])
    i = b["compare"]["where"][0]
    assert b["compare"]["value"] == pytest.approx(ref[i], rel=1e-5)
    assert any(k.startswith("**Inplace**") for k in b["known"])


def _ev(seq, op, site, shape, value=0.0, step=0):
    out = summarize(np.full(shape, value, "float32"), "float32")
    return {"seq": seq, "op": op, "site": site, "step": step, "inputs": [], "outputs": [out]}


def _rec(events):
    return {"framework": "x", "version": "0", "events": events, "backward": [], "leaves": [],
            "draws": [], "replays": [], "steps": 0, "error": None, "stopped": None}


def test_lines_composed_differently_pair_only_their_unique_ops_and_result():
    # line 2: Paddle's fused linear vs matmul + add; line 3: a loss with other internals
    ref = _rec([_ev(0, "linear", "m.py:2", [4, 2]), _ev(1, "softmax", "m.py:3", [4, 2]),
                _ev(2, "multiply", "m.py:3", [4, 1]), _ev(3, "mean", "m.py:3", [])])
    cur = _rec([_ev(0, "matmul", "m.py:2", [4, 2]), _ev(1, "add", "m.py:2", [4, 2]),
                _ev(2, "softmax", "m.py:3", [4, 2]), _ev(3, "multiply", "m.py:3", [4, 2], 1.0),
                _ev(4, "mean", "m.py:3", [])])
    a = analyze(ref, cur)
    assert a.pairs == [(0, 1), (1, 2), (3, 4)]
    assert a.composite == {0}
    assert a.only_ref == [2] and a.only_cur == [0, 3]
    assert not a.diverged     # the differing multiplies are internals, not compared
    # a line of one op with a wrong shape is reported as such
    bad = _rec([_ev(0, "matmul", "m.py:2", [2, 4])])
    f = analyze(_rec([_ev(0, "matmul", "m.py:2", [4, 2])]), bad).first_forward
    assert f["outputs"][0]["reason"] == "shape [4, 2] vs [2, 4]"


def test_real_paddle_recorder_restores_everything():
    pytest.importorskip("paddle")
    code = (
        "import paddle\n"
        "from eagergraph.debug.diff.child import record_run\n"
        "before = (paddle._C_ops.tanh, paddle.Tensor.__mul__, paddle.Tensor.backward,\n"
        "          paddle.grad, paddle.optimizer.Optimizer.step)\n"
        "def f(pd):\n"
        "    x = pd.to_tensor([1.0, 2.0], stop_gradient=False)\n"
        "    (pd.tanh(x) * 2.0).sum().backward()\n"
        "rec = record_run('paddle', f)\n"
        "after = (paddle._C_ops.tanh, paddle.Tensor.__mul__, paddle.Tensor.backward,\n"
        "         paddle.grad, paddle.optimizer.Optimizer.step)\n"
        "assert all(a is b for a, b in zip(before, after)), after\n"
        "print([e['op'] for e in rec['events']], [e['kind'] for e in rec['backward']])\n")
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(HERE)))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, env=env)
    assert proc.returncode == 0, proc.stderr
    # three op outputs' gradients (sum's first: backward starts there), then x.grad
    assert proc.stdout.strip().splitlines()[-1] == \
        "['tanh', 'scale', 'sum'] ['grad', 'grad', 'grad', 'leaf']"


def test_real_paddle_training_with_dropout_and_adam_agrees(tmp_path):
    pytest.importorskip("paddle")
    script = tmp_path / "train.py"
    script.write_text(
        "import numpy as np\n"
        "import paddle\n"
        "net = paddle.nn.Sequential(paddle.nn.Linear(8, 16), paddle.nn.ReLU(),\n"
        "                           paddle.nn.Dropout(0.3), paddle.nn.Linear(16, 1))\n"
        "opt = paddle.optimizer.Adam(0.01, parameters=net.parameters())\n"
        "x = paddle.to_tensor(np.random.rand(32, 8).astype('float32'))\n"
        "y = paddle.randn([32, 1])\n"
        "for step in range(3):\n"
        "    loss = paddle.nn.functional.mse_loss(net(x), y)\n"
        "    loss.backward()\n"
        "    opt.step()\n"
        "    opt.clear_grad()\n"
        "print('loss', float(loss))\n")
    out = tmp_path / "r.json"
    proc = subprocess.run([sys.executable, "-m", "eagergraph", "diff", "--json", str(out),
                           str(script)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    data = json.loads(out.read_text())
    assert not data["diverged"] and data["first_forward"] is None
    assert data["paddle"]["steps"] == data["eagergraph"]["steps"] == 3
    # initializers (2 weights), randn and 3 dropout masks: all replayed
    assert data["paddle"]["random_draws"] == data["eagergraph"]["replayed"] == 6
    losses = [line for line in proc.stdout.splitlines() if line.startswith("loss")]
    assert len(losses) == 2 and losses[0] == losses[1]


def test_a_run_that_crashed_is_reported():
    from eagergraph.debug.diff.runner import _crashed
    ref = _crashed("paddle", "train.py", -11)
    a = analyze(ref, _run())
    assert a.diverged and a.error["paddle"]["type"] == "crash"
    assert "killed by SIGSEGV" in to_text(a) and "eagergraph ran to the end" in to_text(a)


def test_float64_oracle_rounds_wide_results_to_the_script_dtypes():
    """--device gpu's eagergraph side: float32 kernels (forward and grad) run in float64 and
    their results are rounded to float32; dtypes stay; restore() gives the float32 kernels
    back and no oracle kernel stays in a cache."""
    from eagergraph.debug.diff import oracle
    rng = np.random.default_rng(3)
    a = rng.standard_normal((5, 7)).astype(np.float32)
    b = rng.standard_normal((7, 3)).astype(np.float32)

    def run():
        x = paddle.to_tensor(a, stop_gradient=False)
        y = paddle.tanh(paddle.matmul(x, paddle.to_tensor(b)))
        y.sum().backward()
        return y, x.grad

    p = oracle.install()
    try:
        y, g = run()
    finally:
        p.restore()
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    t = np.tanh((a64 @ b64).astype(np.float32).astype(np.float64))  # each op rounded to float32
    assert y.dtype == paddle.float32 and g.dtype == paddle.float32
    np.testing.assert_array_equal(y.numpy(), t.astype(np.float32))
    dz = (1 - y.numpy().astype(np.float64) ** 2).astype(np.float32).astype(np.float64)
    np.testing.assert_array_equal(g.numpy(), (dz @ b64.T).astype(np.float32))
    assert all("oracle" not in k.fn.__name__ for c in KernelFactory._caches.values()
               for k in c.values())
    y2, _ = run()  # float32 kernels again
    np.testing.assert_allclose(y2.numpy(), y.numpy(), rtol=1e-5, atol=1e-6)


def test_cli_device_gpu_without_a_gpu_says_so(tmp_path):
    paddle_real = pytest.importorskip("paddle")
    if paddle_real.is_compiled_with_cuda() and paddle_real.device.cuda.device_count() > 0:
        pytest.skip("a GPU is here: the no-GPU message is not what happens")
    script = tmp_path / "s.py"
    script.write_text("import paddle\nprint(paddle.ones([2]).sum())\n")
    r = subprocess.run([sys.executable, "-m", "eagergraph", "diff", "--device", "gpu",
                        str(script)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 2, r.stderr
    assert "no GPU here" in r.stderr and "eagergraph diff:" in r.stderr
