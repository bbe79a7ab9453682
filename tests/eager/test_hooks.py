"""Tensor hooks, node post-hooks, reduce hooks, retain_grads, detach/clone and grad modes."""
import threading

import numpy as np
import pytest

import eagergraph as paddle


def leaf(v):
    return paddle.to_tensor(v, dtype="float64", stop_gradient=False)


def test_leaf_hooks_run_in_order_and_can_replace_grad():
    a = leaf([1.0, 2.0])
    order = []
    a.register_hook(lambda g: order.append(("h1", g.numpy().tolist())))
    a.register_hook(lambda g: g * 10.0)
    a.register_hook(lambda g: order.append(("h3", g.numpy().tolist())))
    (a * 3.0).backward()
    assert order == [("h1", [3.0, 3.0]), ("h3", [30.0, 30.0])]
    np.testing.assert_allclose(a.grad.numpy(), [30.0, 30.0])


def test_non_leaf_hook_changes_what_flows_on():
    a = leaf([1.0, 2.0])
    m = a * 2.0
    m.register_hook(lambda g: g * 2.0)
    (m * m).backward()
    np.testing.assert_allclose(a.grad.numpy(), [16.0, 32.0])


def test_hook_handle_remove():
    a = leaf([1.0])
    h = a.register_hook(lambda g: g * 100.0)
    assert h.remove()
    (a * 1.0).backward()
    np.testing.assert_allclose(a.grad.numpy(), [1.0])


def test_hook_on_stop_gradient_tensor_raises():
    with pytest.raises(RuntimeError, match="stop_gradient"):
        paddle.to_tensor([1.0]).register_hook(lambda g: g)


def test_node_post_hook_and_reduce_hook():
    a = leaf([1.0, 2.0])
    y = paddle.tanh(a)
    seen = []
    y.grad_fn.register_post_hook(lambda gin, gout: seen.append(gout[0][0].numpy().copy()))
    acc = y.grad_fn.next_functions[0]
    reduced = []
    acc.register_reduce_hook(lambda: reduced.append(a.grad.numpy().copy()))
    y.backward()
    t = np.tanh([1.0, 2.0])
    np.testing.assert_allclose(seen[0], 1 - t * t)
    np.testing.assert_allclose(reduced[0], 1 - t * t)


def test_retain_grads_on_leaf_is_noop_and_on_stop_gradient_tensor_is_allowed():
    a = leaf([1.0])
    a.retain_grads()
    (a * 2.0).backward()
    np.testing.assert_allclose(a.grad.numpy(), [2.0])
    y = paddle.to_tensor([1.0]) * 2  # stops gradient: retain_grads is accepted, as in Paddle
    y.retain_grads()
    y.stop_gradient = False  # now a leaf that needs grad
    (y * 3).backward()
    np.testing.assert_allclose(y.grad.numpy(), [3.0])


def test_detach_shares_data_and_cuts_graph():
    a = leaf([1.0, 2.0])
    d = a.detach()
    assert d.stop_gradient and d.is_leaf
    assert np.shares_memory(d._data, a._data)
    y = (a * 2.0) * d
    y.backward()
    np.testing.assert_allclose(a.grad.numpy(), [2.0, 4.0])


def test_detach_inplace_and_clone():
    a = leaf([1.0])
    m = a * 2.0
    m.detach_()
    assert m.stop_gradient and m.grad_fn is None
    c = a.clone()
    assert not c.stop_gradient and c.grad_fn.name() == "AssignGradNode"
    (c * 3.0).backward()
    np.testing.assert_allclose(a.grad.numpy(), [3.0])


def test_no_grad_context_and_decorator():
    a = leaf([1.0])
    with paddle.no_grad():
        assert not paddle.is_grad_enabled()
        y = a * 2.0
    assert y.stop_gradient and y.grad_fn is None
    assert paddle.is_grad_enabled()

    @paddle.no_grad()
    def f(t):
        return t * 2.0
    assert f(a).stop_gradient

    @paddle.no_grad
    def g(t):
        return t * 2.0
    assert g(a).stop_gradient
    with paddle.no_grad():
        with paddle.enable_grad():
            assert not (a * 2.0).stop_gradient


def test_set_grad_enabled_function_and_context():
    a = leaf([1.0])
    with paddle.set_grad_enabled(False):
        assert (a * 2.0).stop_gradient
    assert paddle.is_grad_enabled()
    paddle.set_grad_enabled(False)
    try:
        assert not paddle.is_grad_enabled()
    finally:
        paddle.set_grad_enabled(True)


def test_grad_mode_is_thread_local():
    seen = {}
    with paddle.no_grad():
        t = threading.Thread(target=lambda: seen.setdefault("other", paddle.is_grad_enabled()))
        t.start()
        t.join()
        assert not paddle.is_grad_enabled()
    assert seen["other"] is True


def test_hook_returning_wrong_shape_or_type_raises():
    a = leaf([1.0, 2.0])
    a.register_hook(lambda g: paddle.ones([3], dtype="float64"))
    with pytest.raises(ValueError, match=r"shape \[3\].*shape \[2\]"):
        (a * 2.0).backward()
    b = leaf([1.0, 2.0])
    m = b * 2.0
    m.register_hook(lambda g: 5)
    with pytest.raises(TypeError, match="must return a Tensor or None"):
        (m * 1.0).backward()


def test_hooks_run_with_grad_mode_on_and_see_a_grad_that_needs_grad():
    """As in Paddle: inside a tensor hook is_grad_enabled() is True, the grad it receives has
    stop_gradient=False, and autograd (even a nested backward) works there."""
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    w = paddle.to_tensor([3.0, 4.0], stop_gradient=False)
    seen = {}

    def hook(g):
        seen["enabled"], seen["sg"] = paddle.is_grad_enabled(), g.stop_gradient
        (w * w).sum().backward()  # d/dw = 2w
        return g * 2

    y = x * x
    y.register_hook(hook)
    y.sum().backward()
    assert seen == {"enabled": True, "sg": False}
    np.testing.assert_array_equal(x.grad.numpy(), [4.0, 8.0])  # 2 * 2x
    np.testing.assert_array_equal(w.grad.numpy(), [6.0, 8.0])
    a = paddle.to_tensor([1.0], stop_gradient=False)
    a.register_hook(lambda g: seen.__setitem__("leaf", (paddle.is_grad_enabled(),
                                                         g.stop_gradient)))
    (a * 3).sum().backward()
    assert seen["leaf"] == (True, False)
    assert paddle.is_grad_enabled()  # and grad mode is as it was before backward
