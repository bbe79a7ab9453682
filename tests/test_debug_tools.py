"""Tracer, schedule trace, liveness report and the command line, on graphs of known shape; and
the tools leave no wrapper behind."""
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.debug import (trace, schedule_trace, report, assert_no_graph_survives,
                              _seams)
from eagergraph.eager import seams
from eagergraph.phi.kernel_registry import KernelFactory


def _layers_state():
    """Identities of everything the tools may change: the debug seams' subscriptions, and the
    engine and grad node attributes the backward tools replace."""
    eng = _seams.engine
    return (
        seams.seam_flag.on, dict(seams._here.hooks), dict(seams._everywhere),
        [eng._run, eng.prepare_roots, eng.holder_add, eng.in_degree_map, eng.FAST_PATH],
        [(c, c.__dict__.get("__call__"), c.__dict__.get("clear_tensor_wrappers"))
         for c in _seams.grad_node_classes()],
        [(k, k.fn) for cache in KernelFactory._caches.values() for k in cache.values()],
    )


def test_tracer_records_the_layers():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    d = paddle.to_tensor([1.0, 2.0], dtype="float64")
    h = paddle.to_tensor(np.ones(2, np.float16))
    i = paddle.to_tensor([1, 2])
    with trace() as tr:
        paddle.tanh(x)
        x + d
        paddle.exp(h)
        paddle.exp(i)
    calls = [(c.depth, c.name) for c in tr.calls]
    assert calls == [(0, "tanh"), (0, "add"), (1, "cast"), (0, "exp"), (0, "exp"), (1, "cast")]
    tanh, add, cast, exp16, expi, _ = tr.calls
    assert tanh.api == "tanh" and tanh.args == ["Tensor[2] float32"]
    assert tanh.node == "TanhGradNode" and [w["name"] for w in tanh.saved] == ["out"]
    assert tanh.kernel_key == "(CPU, ANY, float32)" and tanh.kernel.endswith("tanh")
    assert tanh.infermeta == ("UnchangedInferMeta", "[2] float32") and tanh.amp == "O0"
    assert tanh.kernel_api == ["tanh"] and tanh.fallback is None
    assert add.api is None  # an operator calls the ad_func directly
    assert add.promotion == ["float32, float64 -> float64"] and add.node == "AddGradNode"
    assert exp16.fallback == "float16 -> float32 kernel" and exp16.prepare
    assert exp16.node is None  # no input needs grad
    assert expi.promotion == ["int64 -> float32"]
    assert all(c.times["kernel"] > 0 for c in tr.calls)
    table, summary = tr.table(), tr.summary()
    assert table.splitlines()[0].startswith("op ") and "float16 -> float32 kernel" in table
    assert "6 op calls" in summary and "eager overhead" in summary


def _every_layer(call):
    """What the tracer saw of one op call in each of the five layers (None: nothing)."""
    return {"api": call.api, "amp": call.amp, "ad_func": call.op, "node": call.node,
            "kernel_api": call.kernel_api or None, "kernel_key": call.kernel_key,
            "infermeta": call.infermeta, "kernel": call.kernel}


def test_tracer_sees_every_layer_of_one_op_and_amp_decisions():
    x = paddle.to_tensor(np.ones((2, 3), np.float32), stop_gradient=False)
    w = paddle.to_tensor(np.ones((3, 2), np.float32), stop_gradient=False)
    with trace() as tr:
        paddle.matmul(x, w)
    call, = tr.calls
    seen = _every_layer(call)
    assert all(v is not None for v in seen.values()), seen
    assert seen["amp"] == "O0" and seen["kernel_key"] == "(CPU, ANY, float32)"
    with trace() as tr:
        with paddle.amp.auto_cast(level="O1"):  # matmul is on the white list
            paddle.matmul(x, w)
    outer, casts, inner = tr.calls[0], tr.calls[1:-1], tr.calls[-1]
    assert outer.amp == "O1 white: x float32 -> float16, y float32 -> float16", outer.amp
    assert outer.api == "matmul" and outer.node == "MatmulGradNode"
    assert [c.name for c in casts] == ["cast", "cast"] and all(c.depth == 1 for c in casts)
    # the op again, AMP suspended, on the cast inputs: every layer, in float16
    assert inner.name == "matmul" and inner.depth == 1 and inner.amp == "O0"
    seen = _every_layer(inner)
    assert all(v is not None for k, v in seen.items() if k != "api"), seen
    assert inner.kernel_key == "(CPU, ANY, float16)"
    assert inner.fallback == "float16 -> float32 kernel"
    assert " O1 white: " in tr.table()


def test_schedule_order_holders_releases():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    x.name = "x"
    w = paddle.to_tensor([3.0, 4.0], stop_gradient=False)
    w.name = "w"
    z = (paddle.tanh(x * w) + x).sum()
    with schedule_trace() as st:
        z.backward()
    [run] = st.runs
    assert run.indegree == {"SumGradNode": 0, "AddGradNode": 1, "TanhGradNode": 1,
                            "GradNodeAccumulation(x)": 2, "MultiplyGradNode": 1,
                            "GradNodeAccumulation(w)": 1}
    # Kahn order; a ready leaf goes to the front of the queue
    assert run.order == ["SumGradNode", "AddGradNode", "TanhGradNode", "MultiplyGradNode",
                         "GradNodeAccumulation(w)", "GradNodeAccumulation(x)"]
    steps = {s.node: s for s in run.steps}
    assert steps["SumGradNode"].summed == {(0, 0): [("seed", [])]}
    assert steps["GradNodeAccumulation(x)"].summed == {
        (0, 0): [("AddGradNode", [2]), ("MultiplyGradNode", [2])]}
    assert steps["TanhGradNode"].released == ["out (8 B)"]
    assert steps["MultiplyGradNode"].released == ["x (8 B)", "y (8 B)"]
    assert all(s.ran and s.ns > 0 for s in run.steps)
    text = st.report()
    assert "holder[0][0] = AddGradNode[2] + MultiplyGradNode[2]" in text
    np.testing.assert_allclose(x.grad.numpy(), 1 + w.numpy() * (1 - np.tanh([3.0, 8.0]) ** 2),
                               rtol=1e-6)


def test_schedule_retain_graph_releases_nothing_and_grad_prunes():
    x = paddle.to_tensor([1.0], stop_gradient=False)
    y = paddle.to_tensor([2.0], stop_gradient=False)
    z = paddle.exp(x) * y
    with schedule_trace() as st:
        z.backward(retain_graph=True)
        (gx,) = paddle.grad(z, [x])
    first, second = st.runs
    assert all(s.released == [] for s in first.steps)
    assert "GradNodeAccumulation(y)" not in second.order  # pruned: paddle.grad wants x only


def test_liveness():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    with assert_no_graph_survives():
        loss = (paddle.tanh(x) * x).sum()
        loss.backward()
        del loss
    kept = []
    with pytest.raises(AssertionError, match=r"2 nodes \(ScaleGradNode, TanhGradNode\), "
                                             r"1 saved tensors"):
        with assert_no_graph_survives():
            kept.append(paddle.tanh(x) * 2.0)
    assert "Tensor" in report() and "ScaleGradNode" in report()
    kept.clear()


def test_no_wrapper_left_behind():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    (x * x).sum().backward()  # select some kernels first
    before = _layers_state()
    with trace(), schedule_trace(), paddle.autograd.detect_anomaly():
        assert _layers_state() != before
        (paddle.tanh(x) * x).sum().backward()
        paddle.exp(paddle.to_tensor(np.ones(2, np.float16)))  # a new kernel selected inside
    assert _layers_state()[:-1] == before[:-1]
    # every kernel, including ones first selected inside the block, has its own fn back
    for k, fn in _layers_state()[-1]:
        assert getattr(fn, "__module__", "") != "eagergraph.debug.tracer", k
    # an error inside the block restores too
    with pytest.raises(ZeroDivisionError):
        with trace():
            1 / 0
    assert _layers_state()[:-1] == before[:-1]


SCRIPT = textwrap.dedent("""
    import sys
    import paddle
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = paddle.tanh(x * 3.0).sum()
    y.backward()
    print("script args", sys.argv[1:])
""")


@pytest.mark.parametrize("tool, opts, expect", [
    ("graph", [], "#0 SumGradNode (sum)"),
    ("graph", ["--format", "dot"], "digraph backward {"),
    ("graph", ["--format=html"], "<!DOCTYPE html>"),
    ("trace", [], "eager overhead"),
    ("schedule", [], "in-degree map:"),
])
def test_command_line(tmp_path, tool, opts, expect):
    script = tmp_path / "train.py"
    script.write_text(SCRIPT)
    out = tmp_path / "out.txt"
    r = subprocess.run([sys.executable, "-m", "eagergraph.debug", tool, str(script), *opts,
                        "-o", str(out), "a1", "--flag"], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert "script args ['a1', '--flag']" in r.stdout
    assert expect in out.read_text()


def test_command_line_help():
    r = subprocess.run([sys.executable, "-m", "eagergraph.debug", "schedule", "--help"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "GradTensorHolder" in r.stdout


def test_command_line_graph_gives_every_node_its_line(tmp_path):
    """Under `python -m eagergraph.debug graph` every grad node records the line that made it,
    also the ones that save no values (add, scale), which keep none otherwise."""
    script = tmp_path / "train.py"
    script.write_text("import paddle\n"
                      "x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)\n"
                      "z = x + x\n"
                      "y = paddle.tanh(z * 3.0).sum()\n"
                      "y.backward()\n")
    out = tmp_path / "graph.txt"
    r = subprocess.run([sys.executable, "-m", "eagergraph.debug", "graph", str(script),
                        "-o", str(out)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    lines = out.read_text().splitlines()
    nodes = [i for i, ln in enumerate(lines) if "GradNode (" in ln]
    assert len(nodes) == 4  # sum, tanh, scale, add
    sites = [lines[i + 1].strip() for i in nodes]
    assert sites == [f"| created at {script}:{n}" for n in (4, 4, 4, 3)]


def test_nodes_that_save_nothing_record_no_line_by_default():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    assert (x + x)._grad_node._save_site is None
    assert paddle.tanh(x)._grad_node._save_site is not None
