"""`import paddle` answered by eagergraph: `python -m eagergraph run script.py` and
install_as_paddle() (run in subprocesses, so this test process keeps no alias)."""
import os
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent("""
    import sys
    import paddle
    import paddle.nn as nn
    import paddle.nn.functional as F
    from paddle.autograd import PyLayer
    from paddle.nn import Linear
    import eagergraph
    assert nn is eagergraph.nn and F is eagergraph.nn.functional
    assert paddle.Tensor is eagergraph.Tensor and paddle.nn is eagergraph.nn
    assert paddle.__version__ == "3.3.1" == paddle.version.full_version
    assert eagergraph.__version__ != paddle.__version__
    paddle.my_flag = 1  # attributes write through to eagergraph
    assert eagergraph.my_flag == 1
    t = paddle.to_tensor([1.0])
    assert repr(type(t)) == "<class 'paddle.Tensor'>" and isinstance(t, eagergraph.Tensor)
    w = paddle.nn.Linear(2, 2).weight
    assert repr(type(w)) == "<class 'paddle.base.framework.EagerParamBase'>"
    assert isinstance(w, paddle.Tensor) and isinstance(w, eagergraph.nn.Parameter)
    import pickle
    assert type(pickle.loads(pickle.dumps(w))) is type(w)
    assert eagergraph.nn.__spec__.name == "eagergraph.nn"  # the real module keeps its own spec
    assert PyLayer is eagergraph.autograd.PyLayer
    paddle.seed(0)
    x = paddle.to_tensor([[1.0, -2.0]], stop_gradient=False)
    F.relu(Linear(2, 3)(x)).sum().backward()
    assert x.grad.shape == [1, 2]
    try:
        import paddle.no_such_module
    except ModuleNotFoundError as e:
        assert e.name == "paddle.no_such_module" and "eagergraph" in str(e), e
    else:
        raise AssertionError("paddle.no_such_module imported")
    print("args", sys.argv[1:])
""")


def _run(args, tmp_path):
    env = dict(os.environ)
    return subprocess.run([sys.executable] + args, capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=120)


def test_run_command_runs_an_unchanged_paddle_script(tmp_path):
    script = tmp_path / "train.py"
    script.write_text(SCRIPT)
    r = _run(["-m", "eagergraph", "run", str(script), "--epochs", "2"], tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().endswith("args ['--epochs', '2']")


def test_install_as_paddle_in_process(tmp_path):
    code = "import eagergraph; eagergraph.install_as_paddle()\n" + SCRIPT
    r = _run(["-c", code], tmp_path)
    assert r.returncode == 0, r.stderr


def test_run_command_errors_clearly(tmp_path):
    r = _run(["-m", "eagergraph", "run", str(tmp_path / "missing.py")], tmp_path)
    assert r.returncode == 2 and "no such script" in r.stderr
    script = tmp_path / "fails.py"
    script.write_text("import paddle.not_a_paddle_module\n")
    r = _run(["-m", "eagergraph", "run", str(script)], tmp_path)
    assert r.returncode == 1 and "No module named 'paddle.not_a_paddle_module'" in r.stderr
