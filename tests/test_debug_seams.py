"""The named debug seams (eager/seams.py): every layer function checks one, subscribers are per
thread (a tool on in one thread sees nothing of another's ops), process-wide subscribers see
every thread, nesting and cancelling, and errors for unknown points."""
import threading

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph._generated import ops_api, dygraph_functions, api
from eagergraph.debug import trace
from eagergraph.eager import seams


def _own_functions(module, suffix=""):
    return [f for n, f in vars(module).items()
            if callable(f) and getattr(f, "__module__", None) == module.__name__
            and not n.startswith("_") and n.endswith(suffix) and hasattr(f, "__code__")]


@pytest.mark.parametrize("module,suffix,point", [(ops_api, "", "api"),
                                                 (dygraph_functions, "_ad_func", "ad_func"),
                                                 (api, "", "kernel_api")])
def test_every_generated_layer_function_checks_its_seam(module, suffix, point):
    fns = _own_functions(module, suffix)
    assert len(fns) > 100
    missing = [f.__name__ for f in fns
               if "seam_wants" not in f.__code__.co_names or point not in f.__code__.co_consts]
    assert missing == []


def test_seams_off_once_the_tools_end():
    assert seams.seam_flag.on == 0
    with trace():
        assert seams.seam_flag.on == 1
        with paddle.autograd.detect_anomaly():
            assert seams.seam_flag.on == 2  # this thread, and a process-wide subscription
        assert seams.seam_flag.on == 1
    assert seams.seam_flag.on == 0 and seams._here.hooks == {} and seams._everywhere == {}


def _while_another_thread_runs(tool, other, mine):
    """Enter `tool` here, run other() in a second thread while it is on, then mine(); returns
    the tool."""
    entered, other_done = threading.Event(), threading.Event()

    def run_other():
        entered.wait(10)
        other()
        other_done.set()

    t = threading.Thread(target=run_other)
    t.start()
    with tool as tr:
        entered.set()
        other_done.wait(10)
        mine()
    t.join(10)
    return tr


def test_a_trace_sees_only_its_own_threads_ops():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    results = {}

    def other():
        results["other"] = paddle.exp(x * 3.0).numpy()
        with trace() as tr:   # a trace of its own at the same time
            paddle.sin(x)
        results["other_calls"] = [c.name for c in tr.calls]

    tr = _while_another_thread_runs(trace(), other, lambda: paddle.tanh(x))
    assert [c.name for c in tr.calls] == ["tanh"]
    assert results["other_calls"] == ["sin"]
    np.testing.assert_allclose(results["other"], np.exp([3.0, 6.0]), rtol=1e-6)
    assert seams.seam_flag.on == 0


def test_anomaly_mode_checks_every_thread():
    bad = paddle.to_tensor([-1.0])
    errors = []

    def other():
        try:
            paddle.log(bad)
        except RuntimeError as e:
            errors.append(str(e))

    with paddle.autograd.detect_anomaly():
        t = threading.Thread(target=other)
        t.start()
        t.join(10)
    assert len(errors) == 1 and "There are NAN or INF" in errors[0] and "op=log" in errors[0]
    assert not np.isfinite(paddle.log(bad).numpy()).any()  # off again: no error


def test_subscribers_nest_first_outermost_and_see_nested_ops():
    seen = []

    def outer(name, fn, args, kwargs):
        seen.append(("outer", name))
        return fn(*args, **kwargs)

    def inner(name, fn, args, kwargs):
        seen.append(("inner", name))
        return fn(*args, **kwargs)

    x = paddle.to_tensor([1.0, 2.0])
    with seams.subscribe("ad_func", outer), seams.subscribe("ad_func", inner):
        y = paddle.nn.functional.softplus(x)
    assert seen[:2] == [("outer", "softplus"), ("inner", "softplus")]
    np.testing.assert_allclose(y.numpy(), np.log1p(np.exp([1.0, 2.0])), rtol=1e-6)


def test_a_subscriber_may_replace_the_call():
    x = paddle.to_tensor([1.0, 2.0])

    def replace(name, fn, args, kwargs):
        return paddle.to_tensor([7.0, 7.0]) if name == "tanh" else fn(*args, **kwargs)

    with seams.subscribe("ad_func", replace):
        y = paddle.tanh(x)
        z = paddle.exp(x)
    assert y.numpy().tolist() == [7.0, 7.0]
    np.testing.assert_allclose(z.numpy(), np.exp([1.0, 2.0]), rtol=1e-6)
    np.testing.assert_allclose(paddle.tanh(x).numpy(), np.tanh([1.0, 2.0]), rtol=1e-6)


def test_a_subscriber_that_raises_leaves_the_seam_usable():
    x = paddle.to_tensor([1.0, 2.0])

    def boom(name, fn, args, kwargs):
        raise KeyError(name)

    with pytest.raises(KeyError, match="tanh"):
        with seams.subscribe("ad_func", boom):
            paddle.tanh(x)
    assert seams.seam_flag.on == 0
    np.testing.assert_allclose(paddle.tanh(x).numpy(), np.tanh([1.0, 2.0]), rtol=1e-6)


def test_kernel_and_infermeta_seams_name_what_they_call():
    seen = []

    def note(name, fn, args, kwargs):
        seen.append(name if isinstance(name, str) else name.key.dtype.name)
        return fn(*args, **kwargs)

    x = paddle.to_tensor(np.ones((2, 3), np.float32))
    with seams.subscribe("infermeta", note), seams.subscribe("kernel", note):
        paddle.matmul(x, x, transpose_y=True)
    assert seen == ["MatmulInferMeta", "float32"]


def test_backward_and_grad_seams():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    seen = []

    def note(name, fn, args, kwargs):
        seen.append(name)
        return fn(*args, **kwargs)

    with seams.subscribe("backward", note), seams.subscribe("grad", note):
        paddle.autograd.backward([(x * x).sum()])
        g, = paddle.grad((x * x).sum(), [x])
    assert seen == ["backward", "grad"]
    np.testing.assert_allclose(g.numpy(), [2.0, 4.0])
    np.testing.assert_allclose(x.grad.numpy(), [2.0, 4.0])


def test_bad_subscriptions_raise():
    with pytest.raises(ValueError, match="unknown debug seam 'kernels'.*ad_func"):
        seams.subscribe("kernels", lambda *a: None)
    with pytest.raises(TypeError, match="must be callable"):
        seams.subscribe("api", 3)
    sub = seams.subscribe("api", lambda name, fn, a, k: fn(*a, **k))
    sub.cancel()
    sub.cancel()  # idempotent
    assert seams.seam_flag.on == 0


def test_a_schedule_trace_sees_only_its_own_threads_backward():
    from eagergraph.debug import schedule_trace
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    x.name = "x"
    st = _while_another_thread_runs(schedule_trace(),
                                    lambda: (paddle.exp(x) * 2.0).sum().backward(),
                                    lambda: paddle.tanh(x).sum().backward())
    [run] = st.runs
    assert run.order == ["SumGradNode", "TanhGradNode", "GradNodeAccumulation(x)"]
    expected = 2 * np.exp([1.0, 2.0]) + 1 - np.tanh([1.0, 2.0]) ** 2
    np.testing.assert_allclose(x.grad.numpy(), expected, rtol=1e-6)


def test_a_subscription_cancelled_from_another_thread_counts_down_its_own_thread():
    sub = seams.subscribe("api", lambda name, fn, a, k: fn(*a, **k))
    assert seams.seam_flag.on == 1
    t = threading.Thread(target=sub.cancel)
    t.start()
    t.join(10)
    assert seams.seam_flag.on == 0 and seams._here.hooks == {} and seams._here.count.n == 0
