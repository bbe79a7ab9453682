"""paddle.grad: pruning, no .grad writes, unused inputs, non-leaf inputs, higher orders."""
import numpy as np
import pytest

import eagergraph as paddle


def leaf(v):
    return paddle.to_tensor(v, dtype="float64", stop_gradient=False)


def test_grad_returns_list_and_never_writes_dot_grad():
    x = leaf([1.0, 2.0])
    y = x * x
    g, = paddle.grad(y, x)
    np.testing.assert_allclose(g.numpy(), [2.0, 4.0])
    assert x.grad is None
    assert g.stop_gradient


def test_unused_input_raises_or_gives_none():
    a, b = leaf([1.0, 2.0]), leaf([3.0])
    with pytest.raises(ValueError, match="1-th input does not appear.*allow_unused=True"):
        paddle.grad(a * 2.0, [a, b])
    ga, gb = paddle.grad(a * 2.0, [a, b], allow_unused=True)
    np.testing.assert_allclose(ga.numpy(), [2.0, 2.0])
    assert gb is None


def test_grad_with_respect_to_non_leaf_stops_there():
    x = leaf([1.0, 2.0])
    m = x * 2.0
    calls = []
    x.register_hook(lambda g: calls.append(1))
    g, = paddle.grad(m * 3.0, m)
    np.testing.assert_allclose(g.numpy(), [3.0, 3.0])
    assert calls == []  # the part of the graph behind m did not run
    assert x.grad is None


def test_grad_of_leaf_and_non_leaf_behind_it():
    x = leaf([1.0, 2.0])
    m = paddle.tanh(x)
    y = m * m
    gm, gx = paddle.grad(y, [m, x])
    t = np.tanh([1.0, 2.0])
    np.testing.assert_allclose(gm.numpy(), 2 * t)
    np.testing.assert_allclose(gx.numpy(), 2 * t * (1 - t * t))


def test_grad_prunes_branches_not_leading_to_inputs():
    x, w = leaf([1.0]), leaf([2.0])
    side = paddle.exp(w)
    hits = []
    w.register_hook(lambda g: hits.append(1))
    y = x * 3.0 + side
    g, = paddle.grad(y, x)
    np.testing.assert_allclose(g.numpy(), [3.0])
    assert hits == []


def test_grad_outputs_and_multiple_outputs():
    x = leaf([1.0, 2.0])
    g, = paddle.grad([x * 2.0, x * x], x,
                     grad_outputs=[paddle.to_tensor([1.0, 0.0], dtype="float64"), None])
    np.testing.assert_allclose(g.numpy(), [2.0 + 2.0, 0.0 + 4.0])


def test_no_grad_vars_cut_the_graph():
    x = leaf([1.0])
    m = x * 2.0
    y = m * x  # = 2 x^2; through m blocked: dy/dx = m = 2x
    g, = paddle.grad(y, x, no_grad_vars=[m])
    np.testing.assert_allclose(g.numpy(), [2.0])


def test_create_graph_second_and_third_order():
    x = leaf(2.0)
    y = x * x * x
    g1, = paddle.grad(y, x, create_graph=True)
    assert not g1.stop_gradient
    g2, = paddle.grad(g1, x, create_graph=True)
    g3, = paddle.grad(g2, x)
    assert (g1.item(), g2.item(), g3.item()) == (12.0, 12.0, 6.0)


def test_create_graph_through_saved_output():
    # tanh saves its output; the second derivative must flow through it
    x = leaf([0.3, -0.7])
    g, = paddle.grad(paddle.tanh(x), x, create_graph=True)
    g2, = paddle.grad(g, x)
    t = np.tanh([0.3, -0.7])
    np.testing.assert_allclose(g2.numpy(), -2 * t * (1 - t * t))


def test_backward_with_create_graph_makes_grad_differentiable():
    x = leaf([1.5])
    y = x * x * x
    g, = paddle.grad(y, x, create_graph=True)
    (g * 1.0).backward()
    np.testing.assert_allclose(x.grad.numpy(), [6 * 1.5])


def test_paddle_grad_keeps_the_graph_as_paddle_does():
    """Paddle's paddle.grad releases no saved tensor (whatever retain_graph says): it can run
    twice on one graph, and backward can follow it; backward itself releases the graph."""
    x = leaf([1.0, 2.0])
    h = paddle.exp(x)
    y = (h * h).sum()
    expected = 2 * np.exp(2 * np.array([1.0, 2.0]))
    for _ in range(2):
        g, = paddle.grad(y, x)
        np.testing.assert_allclose(g.numpy(), expected, rtol=1e-6)
    g, = paddle.grad(y, x, retain_graph=False)
    np.testing.assert_allclose(g.numpy(), expected, rtol=1e-6)
    y.backward()
    np.testing.assert_allclose(x.grad.numpy(), expected, rtol=1e-6)
    with pytest.raises(SystemError, match="retain_graph"):
        y.backward()


def test_jacobian_and_hessian():
    x = leaf([1.0, 2.0])
    J = paddle.autograd.jacobian(x * x, x)
    assert J.shape == [2, 2]
    np.testing.assert_allclose(J[:].numpy(), [[2.0, 0.0], [0.0, 4.0]])
    H = paddle.autograd.hessian(paddle.sum(x * x * x), x)
    np.testing.assert_allclose(H[:].numpy(), [[6.0, 0.0], [0.0, 12.0]])


def test_inputs_outside_the_graph_are_unused_not_errors_of_the_engine():
    a = leaf([1.0, 2.0])
    c = paddle.to_tensor([1.0])  # stops gradient
    with pytest.raises(ValueError, match="0-th input does not appear in the backward graph"):
        paddle.grad((a * 2.0).sum(), c)
    assert paddle.grad((a * 2.0).sum(), c, allow_unused=True) == [None]
    with pytest.raises(ValueError, match="0-th input does not appear"):
        paddle.grad(c * 2.0, a)  # the output has no graph at all (as in Paddle 3.3.1)
