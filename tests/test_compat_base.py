"""paddle.base / paddle.device / mode switches, as Paddle's dygraph unit tests use them. The
expected answers are those of a CPU build of Paddle 3.3.1 (eagergraph runs on the CPU only)."""
import inspect
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.base as base
from eagergraph.base import core
from eagergraph.base.wrapped_decorator import wrap_decorator, signature_safe_contextmanager


def test_compiled_with_queries_answer_for_a_cpu_build():
    for q in (core.is_compiled_with_cuda, core.is_compiled_with_rocm, core.is_compiled_with_xpu,
              core.is_compiled_with_ipu, core.is_compiled_with_cinn, base.is_compiled_with_cuda,
              paddle.is_compiled_with_cuda, paddle.is_compiled_with_rocm,
              paddle.is_compiled_with_xpu, paddle.device.is_compiled_with_cuda):
        assert q() is False
    assert core.is_compiled_with_custom_device("npu") is False
    assert core.is_float16_supported(core.CPUPlace()) is False
    assert core.is_bfloat16_supported(core.CPUPlace()) is True
    assert core.supports_bfloat16() is True  # Paddle 3.3.1 on an AVX-512 BF16 CPU: True
    assert core.eager.Tensor is paddle.Tensor
    with pytest.raises(ValueError):
        core.CUDAPlace(0)
    with pytest.raises(ValueError):
        paddle.CUDAPlace(0)


def test_modes():
    assert paddle.in_dynamic_mode() is True
    assert base.in_dygraph_mode() is True and base.framework.in_dygraph_mode() is True
    assert base.framework.in_pir_mode() is False
    assert base.dygraph.enabled() is True
    assert paddle.disable_static() is None and paddle.disable_static("gpu") is None
    with pytest.raises(RuntimeError, match="static graph mode is not supported"):
        paddle.enable_static()
    with pytest.raises(NotImplementedError):
        base.dygraph.disable_dygraph()
    assert paddle.in_dynamic_mode() is True


def test_dygraph_guard_and_grad():
    with base.dygraph.guard():
        x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]], dtype="float64", stop_gradient=False)
        y = paddle.to_tensor([[0.5], [-1.0]], dtype="float64")
        dx, = base.dygraph.grad(paddle.matmul(x, y), x)
    # d(sum(x @ y))/dx = ones([2, 1]) @ y^T
    np.testing.assert_allclose(dx.numpy(), np.ones((2, 1)) @ np.array([[0.5, -1.0]]))
    assert dx.stop_gradient is True
    with base.dygraph.guard(paddle.CPUPlace()):
        pass
    with pytest.raises(ValueError):
        with base.dygraph.guard("foo"):
            pass


def test_dygraph_no_grad_forms():
    x = paddle.to_tensor([1.0], stop_gradient=False)
    with base.dygraph.no_grad():
        assert (x * 2).stop_gradient is True

    @base.dygraph.no_grad
    def bare(a):
        return a * 3

    @base.dygraph.no_grad()
    def called(a):
        return a * 3

    assert bare(x).stop_gradient is True and called(x).stop_gradient is True
    assert (x * 2).stop_gradient is False


def test_wrap_decorator_keeps_name_doc_and_signature():
    def twice(func):
        def impl(*args, **kwargs):
            return 2 * func(*args, **kwargs)
        return impl

    @wrap_decorator(twice)
    def f(a, b=3):
        """adds"""
        return a + b

    assert f(1) == 8 and f.__name__ == "f" and f.__doc__ == "adds"
    assert str(inspect.signature(f)) == "(a, b=3)"

    @signature_safe_contextmanager
    def ctx(v):
        yield v + 1

    with ctx(1) as got:
        assert got == 2


def test_variable_and_parameter_isinstance():
    x = paddle.to_tensor([1.0])
    w = paddle.nn.Linear(2, 2).weight
    assert isinstance(x, base.framework.Variable) and not isinstance(1, base.framework.Variable)
    assert isinstance(w, base.framework.Parameter) and not isinstance(x, base.framework.Parameter)


def test_flags():
    assert base.get_flags("FLAGS_sort_sum_gradient") == {"FLAGS_sort_sum_gradient": False}
    base.set_flags({"FLAGS_sort_sum_gradient": True, "FLAGS_check_nan_inf_level": 1})
    try:
        assert base.get_flags(["FLAGS_sort_sum_gradient", "FLAGS_check_nan_inf_level"]) == {
            "FLAGS_sort_sum_gradient": True, "FLAGS_check_nan_inf_level": 1}
        assert core.globals()["FLAGS_sort_sum_gradient"] is True
    finally:
        base.set_flags({"FLAGS_sort_sum_gradient": False, "FLAGS_check_nan_inf_level": 0})
    # the flag eagergraph acts on is shared with paddle.set_flags / paddle.get_flags
    base.set_flags({"FLAGS_check_nan_inf": 1})
    try:
        assert paddle.get_flags("FLAGS_check_nan_inf") == {"FLAGS_check_nan_inf": True}
    finally:
        paddle.set_flags({"FLAGS_check_nan_inf": 0})
    assert base.get_flags(("FLAGS_check_nan_inf",)) == {"FLAGS_check_nan_inf": False}
    with pytest.raises(ValueError, match="FLAGS_nope cannot set"):
        base.set_flags({"FLAGS_nope": 1})
    with pytest.raises(ValueError, match="FLAGS_nope cannot get"):
        base.get_flags("FLAGS_nope")
    with pytest.raises(TypeError):
        base.set_flags(["FLAGS_check_nan_inf"])
    with pytest.raises(TypeError):
        base.get_flags(1)
    with pytest.raises(RuntimeError):
        base.set_flags({"FLAGS_check_nan_inf_level": 2.5})  # an int flag
    assert base.get_flags("FLAGS_check_nan_inf_level") == {"FLAGS_check_nan_inf_level": 0}


def test_device_answers_for_the_cpu():
    d = paddle.device
    assert d.get_device() == "cpu" and paddle.get_device() == "cpu"
    assert d.cuda.device_count() == 0 and d.device_count() == 0 and d.xpu.device_count() == 0
    assert repr(d.set_device("cpu")) == "Place(cpu)" and repr(d.set_device(0)) == "Place(cpu)"
    assert d.get_all_device_type() == [] and d.get_available_device() == []
    assert d.is_available() is False and d.get_default_device() == "cpu"
    assert d.get_device(paddle.to_tensor([1.0])) == -1
    for bad in ("gpu", "gpu:0", "xpu", "foo", 1, True):
        with pytest.raises(ValueError):
            d.set_device(bad)
    with d.device_guard("cpu"):
        pass
    assert d.cuda.empty_cache() is None
    with pytest.raises(RuntimeError):
        d.cuda.synchronize()
    with pytest.raises(ValueError):
        d.cuda.memory_allocated()
    with pytest.raises(ValueError):
        d.cuda.get_device_name()


def test_tensor_gradient_returns_a_numpy_copy_or_none():
    x = paddle.to_tensor([1.0, -2.0], stop_gradient=False)
    assert x.gradient() is None
    (x * x * x).sum().backward()
    g = x.gradient()
    assert isinstance(g, np.ndarray) and g.dtype == np.float32
    np.testing.assert_array_equal(g, 3 * np.array([1.0, -2.0]) ** 2)
    g[0] = 100.0
    np.testing.assert_array_equal(x.grad.numpy(), [3.0, 12.0])


PADDLE_TEST_STYLE = textwrap.dedent("""
    import numpy as np
    import paddle
    from paddle import base
    from paddle.base import core
    from paddle.base.wrapped_decorator import wrap_decorator
    import paddle.nn.functional as F

    def _dygraph_guard_(func):
        def __impl__(*args, **kwargs):
            if base.in_dygraph_mode():
                return func(*args, **kwargs)
            with base.dygraph.guard():
                return func(*args, **kwargs)
        return __impl__

    dygraph_guard = wrap_decorator(_dygraph_guard_)

    @dygraph_guard
    def run():
        base.set_flags({'FLAGS_sort_sum_gradient': True})
        x_np = np.array([-1.0, 0.5, 2.0], dtype='float32')
        x = paddle.to_tensor(x_np)
        x.stop_gradient = False
        w = paddle.mean((F.relu(x) + 1) ** 2)
        dx, = base.dygraph.grad([w], [x], create_graph=True)
        paddle.mean(dx * dx + x * x).backward()
        return dx.numpy(), x.gradient()

    assert not core.is_compiled_with_cuda()
    dx, gx = run()
    print(' '.join(f'{v:.6f}' for v in list(dx) + list(gx)))
    try:
        import paddle.fluid
    except ModuleNotFoundError:
        print('no fluid')
""")


def test_paddle_test_style_script_runs_under_the_alias(tmp_path):
    script = tmp_path / "paddle_style.py"
    script.write_text(PADDLE_TEST_STYLE)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-m", "eagergraph", "run", str(script)], cwd=root,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    values, fluid = out.stdout.strip().splitlines()
    # w = mean((relu(x)+1)^2): dx = 2 (relu(x)+1) [x>0] / n; loss = mean(dx^2 + x^2), and
    # d loss/dx = (2 dx d(dx)/dx + 2x) / n with d(dx)/dx = 2 [x>0] / n
    x = np.array([-1.0, 0.5, 2.0])
    n, on = 3, (x > 0).astype(float)
    dx = 2 * (np.maximum(x, 0) + 1) * on / n
    gx = (2 * dx * 2 * on / n + 2 * x) / n
    np.testing.assert_allclose([float(v) for v in values.split()], np.r_[dx, gx], rtol=1e-5)
    assert fluid == "no fluid"
