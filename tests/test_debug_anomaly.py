"""Anomaly mode: NaN/Inf raises at the op that made it, naming the op and the user's line, and
leaves no wrapper behind when it is turned off."""
import pytest

import eagergraph as paddle
from eagergraph._generated import dygraph_functions as dyf
from eagergraph.autograd import anomaly_mode
from eagergraph.eager import seams
from eagergraph.eager.grad_node_info import GradNodeBase


def _line_of(marker):
    with open(__file__) as f:
        for i, line in enumerate(f, 1):
            if marker in line and "_line_of" not in line:
                return f"{__file__}:{i}"
    raise AssertionError(marker)


def _state():
    """What anomaly mode may change: the debug seams' flag and process-wide subscriptions, and
    any layer function or grad node class attribute (which it must leave alone)."""
    nodes = []
    stack = [GradNodeBase]
    while stack:
        c = stack.pop()
        nodes.append((c, c.__dict__.get("__call__")))
        stack.extend(c.__subclasses__())
    return (seams.seam_flag.on, {p: list(h) for p, h in seams._everywhere.items()},
            {n: f.__code__ for n, f in vars(dyf).items() if n.endswith("_ad_func")}, nodes)


def test_forward_nan_names_op_and_line():
    x = paddle.to_tensor([1.0, 0.0], stop_gradient=False)
    with paddle.autograd.detect_anomaly():
        assert paddle.autograd.is_anomaly_enabled()
        with pytest.raises(RuntimeError) as e:
            paddle.log(x)  # MARK-forward
    msg = str(e.value)
    assert "(PreconditionNotMet) There are NAN or INF (num_nan=0, num_inf=1, num_zero=1)" in msg
    assert "op=log," in msg and "dtype=fp32" in msg
    assert _line_of("MARK-forward") in msg
    assert not paddle.autograd.is_anomaly_enabled()


def test_backward_nan_names_node_and_forward_line():
    x = paddle.to_tensor([4.0, 0.0], stop_gradient=False)
    paddle.autograd.set_detect_anomaly(True)
    try:
        y = paddle.sqrt(x)  # MARK-sqrt
        loss = (y * 2.0).sum()
        with pytest.raises(RuntimeError) as e:
            loss.backward()
    finally:
        paddle.autograd.set_detect_anomaly(False)
    msg = str(e.value)
    assert "op=sqrt_grad" in msg and "num_inf=1" in msg
    assert "SqrtGradNode" in msg and _line_of("MARK-sqrt") in msg
    assert x.grad is None  # raised before the leaf accumulated anything


def test_node_without_saved_tensors_gets_a_site():
    # add saves nothing (no save site of its own); anomaly mode records one
    x = paddle.to_tensor([1.0], stop_gradient=False)
    with paddle.autograd.detect_anomaly():
        y = x + x  # MARK-add
        node = y._grad_node
    from eagergraph.eager.inplace_check import site_text
    assert site_text(node._save_site) == _line_of("MARK-add")


def test_flags_check_nan_inf():
    assert paddle.get_flags(["FLAGS_check_nan_inf"]) == {"FLAGS_check_nan_inf": False}
    x = paddle.to_tensor([-1.0], stop_gradient=False)
    paddle.set_flags({"FLAGS_check_nan_inf": 1})
    try:
        assert paddle.get_flags("FLAGS_check_nan_inf") == {"FLAGS_check_nan_inf": True}
        with pytest.raises(RuntimeError, match=r"op=sqrt, .*num_nan=|num_nan=1.*op=sqrt,"):
            paddle.sqrt(x)
    finally:
        paddle.set_flags({"FLAGS_check_nan_inf": 0})
    assert paddle.sqrt(x).shape == [1]  # off again: NaN passes silently, as in Paddle
    with pytest.raises(ValueError, match="cannot set"):
        paddle.set_flags({"FLAGS_no_such_flag": 1})
    with pytest.raises(TypeError, match="should be a dict"):
        paddle.set_flags(["FLAGS_check_nan_inf"])


def test_finite_values_pass_and_grads_match():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    with paddle.autograd.detect_anomaly():
        (paddle.tanh(x) * x).sum().backward()
    g = x.grad.numpy()
    x2 = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    (paddle.tanh(x2) * x2).sum().backward()
    assert (g == x2.grad.numpy()).all()


def test_no_wrapper_left_behind():
    before = _state()
    with paddle.autograd.detect_anomaly():
        assert _state()[:2] != before[:2] and _state()[2:] == before[2:]
        paddle.set_flags({"FLAGS_check_nan_inf": True})
    assert _state() != before  # the flag still holds it on
    paddle.set_flags({"FLAGS_check_nan_inf": False})
    assert _state() == before
    assert anomaly_mode._state.patches is None
