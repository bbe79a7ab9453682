"""The backward engine: topologies, retain_graph, multiple roots, errors, accumulation."""
import numpy as np
import pytest

import eagergraph as paddle


def leaf(v, dtype="float64"):
    return paddle.to_tensor(v, dtype=dtype, stop_gradient=False)


def test_diamond_sums_both_paths():
    x = leaf([1.0, 2.0])
    a = x * 3.0
    b = paddle.exp(x)
    y = a * b  # d/dx (3x e^x) = 3 e^x (1 + x)
    y.backward()
    np.testing.assert_allclose(x.grad.numpy(), 3 * np.exp([1, 2]) * (1 + np.array([1, 2])))


def test_x_times_x():
    x = leaf([1.5, -2.0])
    (x * x).backward()
    np.testing.assert_allclose(x.grad.numpy(), [3.0, -4.0])


def test_shared_subgraph_runs_each_node_once():
    x = leaf([0.5])
    h = paddle.tanh(x)
    calls = []
    h.register_hook(lambda g: calls.append(g.numpy().copy()))
    y = h * 2.0 + h * h
    y.backward()
    assert len(calls) == 1  # the tanh node got one summed grad, not two partial ones
    t = np.tanh(0.5)
    np.testing.assert_allclose(calls[0], [2 + 2 * t])
    np.testing.assert_allclose(x.grad.numpy(), [(2 + 2 * t) * (1 - t * t)])


def test_stop_gradient_branch_gets_no_grad():
    x = leaf([1.0, 2.0])
    c = paddle.to_tensor([3.0, 4.0], dtype="float64")  # stop_gradient=True
    (x * c).backward()
    np.testing.assert_allclose(x.grad.numpy(), [3.0, 4.0])
    assert c.grad is None


def test_integer_outputs_in_graph_are_not_differentiable():
    x = leaf([1.0, -2.0])
    mask = x > 0
    assert mask.stop_gradient and mask.dtype == paddle.bool
    y = x * mask.astype("float64")
    y.backward()
    np.testing.assert_allclose(x.grad.numpy(), [1.0, 0.0])


def test_second_backward_without_retain_graph_raises_with_advice():
    x = leaf([1.0, 2.0])
    y = paddle.tanh(x)
    y.backward()
    with pytest.raises(SystemError, match="TanhGradNode.*'tanh'.*retain_graph=True.*detach"):
        y.backward()


def test_second_backward_with_retain_graph_accumulates():
    x = leaf([1.0, 2.0])
    y = x * x
    y.backward(retain_graph=True)
    y.backward()
    np.testing.assert_allclose(x.grad.numpy(), [4.0, 8.0])


def test_graph_without_saved_tensors_can_run_twice():
    x = leaf([1.0, 2.0])
    y = x + 1.0
    y.backward()
    y.backward()
    np.testing.assert_allclose(x.grad.numpy(), [2.0, 2.0])


def test_grad_accumulates_in_same_tensor_and_clear_grad():
    x = leaf([1.0, 2.0])
    (x * 2.0).backward()
    g = x.grad
    (x * 3.0).backward()
    assert x.grad is g
    np.testing.assert_allclose(g.numpy(), [5.0, 5.0])
    x.clear_grad()
    np.testing.assert_allclose(x.grad.numpy(), [0.0, 0.0])
    x.clear_gradient(set_to_zero=False)
    assert x.grad is None


def test_grad_never_aliases_between_leaves():
    # add passes one grad tensor to both inputs; their .grad must be separate buffers
    x, y = leaf([1.0]), leaf([2.0])
    (x + y).backward()
    x.grad._data[0] = 100.0
    assert y.grad.numpy()[0] == 1.0


def test_grad_never_aliases_a_tensor_a_hook_received():
    x = leaf([1.0, 2.0])
    seen = []
    x.register_hook(lambda g: seen.append(g))
    (x * 2.0).backward()
    (x * 2.0).backward()
    np.testing.assert_allclose(seen[0].numpy(), [2.0, 2.0])  # not accumulated into
    np.testing.assert_allclose(x.grad.numpy(), [4.0, 4.0])


def test_non_leaf_grad_is_none_unless_retained():
    x = leaf([1.0, 2.0])
    z = x * 2.0
    w = z * z
    z.retain_grads()
    w.backward()
    np.testing.assert_allclose(z.grad.numpy(), [4.0, 8.0])
    np.testing.assert_allclose(x.grad.numpy(), [8.0, 16.0])
    z2 = x * 2.0
    (z2 * 1.0).backward()
    assert z2.grad is None


def test_is_leaf_and_grad_fn():
    x = leaf([1.0])
    y = paddle.tanh(paddle.scale(x, 2.0))
    assert x.is_leaf and not y.is_leaf and paddle.to_tensor(1.0).is_leaf
    assert x.grad_fn is None
    assert y.grad_fn.name() == "TanhGradNode"
    nxt = y.grad_fn.next_functions
    assert len(nxt) == 1 and nxt[0].name() == "ScaleGradNode"
    assert nxt[0].next_functions[0].name() == "GradNodeAccumulation"


def test_backward_nonscalar_seeds_ones_and_grad_tensor():
    x = leaf([1.0, 2.0])
    (x * 3.0).backward()
    np.testing.assert_allclose(x.grad.numpy(), [3.0, 3.0])
    x.clear_gradient(False)
    (x * 3.0).backward(paddle.to_tensor([1.0, 10.0], dtype="float64"))
    np.testing.assert_allclose(x.grad.numpy(), [3.0, 30.0])
    with pytest.raises(AssertionError, match="shape"):
        (x * 3.0).backward(paddle.to_tensor([1.0, 2.0, 3.0], dtype="float64"))


def test_backward_of_nothing_to_differentiate_warns():
    c = paddle.to_tensor([1.0, 2.0])
    with pytest.warns(RuntimeWarning, match="stop_gradient"):
        c.backward()
    assert c.grad is None


def test_multiple_roots_overlapping_and_duplicate():
    x = leaf([1.0, 2.0])
    a = x * 2.0
    b = a * a  # b depends on a: root a must wait for b's grad
    paddle.autograd.backward([a, b, b])
    # d/dx [2x + 2 * (2x)^2] = 2 + 16x
    np.testing.assert_allclose(x.grad.numpy(), 2 + 16 * np.array([1.0, 2.0]))


def test_multiple_roots_with_grad_tensors():
    x = leaf([1.0, 2.0])
    paddle.autograd.backward([x * 2.0, x * 3.0],
                             [paddle.to_tensor([1.0, 1.0], dtype="float64"),
                              paddle.to_tensor([2.0, 0.0], dtype="float64")])
    np.testing.assert_allclose(x.grad.numpy(), [8.0, 2.0])
    with pytest.raises(ValueError, match="same length"):
        paddle.autograd.backward([x * 2.0], [None, None])


def test_broadcast_grad_is_reduced_to_input_shape():
    x = leaf([[1.0], [2.0]])       # [2, 1]
    y = leaf([10.0, 20.0, 30.0])   # [3]
    (x * y).backward()
    np.testing.assert_allclose(x.grad.numpy(), [[60.0], [60.0]])
    np.testing.assert_allclose(y.grad.numpy(), [3.0, 3.0, 3.0])


def test_real_input_of_complex_op_gets_real_grad():
    x = leaf([1.0, 2.0])
    z = paddle.to_tensor([1 + 2j, 3 - 1j], dtype="complex128")
    y = x * z
    y.backward(paddle.to_tensor([1 + 0j, 1j], dtype="complex128"))
    assert x.grad.dtype == paddle.float64
    # x_grad = Re(out_grad * conj(z))
    np.testing.assert_allclose(x.grad.numpy(), np.real(np.array([1, 1j]) * np.conj([1 + 2j, 3 - 1j])))


def test_float32_grad_dtype_and_stop_gradient_flag():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    (x * x).backward()
    assert x.grad.dtype == paddle.float32
    assert x.grad.stop_gradient is False


def test_deep_chain_one_million_nodes_without_recursion():
    import sys
    limit = sys.getrecursionlimit()
    x = leaf([1.0])
    y = x
    for _ in range(1_000_000):
        y = y + 0.0  # scale node per step (scalar operand)
    y.backward()
    assert sys.getrecursionlimit() == limit
    np.testing.assert_allclose(x.grad.numpy(), [1.0])
    del y  # freeing the 1M-node graph must not overflow the C stack either


def test_multi_output_split_uses_some_outputs():
    x = leaf([1.0, 2.0, 3.0, 4.0])
    a, b = paddle.split(x * 1.0, 2)
    (a * 3.0).sum().backward()  # b gets no grad: its part is filled with zeros
    np.testing.assert_allclose(x.grad.numpy(), [3.0, 3.0, 0.0, 0.0])


def test_multi_output_unbind_all_outputs_one_node_run():
    x = leaf([[1.0, 2.0], [3.0, 4.0]])
    r0, r1 = paddle.unbind(x * 1.0)
    node = r0.grad_fn
    assert node is r1.grad_fn and node.name() == "UnbindGradNode"
    calls = []
    node.register_post_hook(lambda gin, gout: calls.append(1))
    (r0 * 2.0 + r1 * r1).sum().backward()
    assert calls == [1]
    np.testing.assert_allclose(x.grad.numpy(), [[2.0, 2.0], [6.0, 8.0]])


def test_multi_output_topk_values_differentiable_indices_not():
    x = leaf([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]])
    v, i = paddle.topk(x, 2)
    assert i.dtype == paddle.int64 and i.stop_gradient and not v.stop_gradient
    np.testing.assert_array_equal(i.numpy(), [[1, 2], [2, 0]])
    (v * paddle.to_tensor([[1.0, 10.0], [100.0, 1000.0]], dtype="float64")).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [[0.0, 1.0, 10.0], [1000.0, 0.0, 100.0]])
    with pytest.raises(ValueError, match="topk.*'k'"):
        paddle.topk(x, 5)


def test_grad_after_clear_grad_is_the_new_grad_and_writes_since_count():
    """clear_grad() zeroes .grad in place (a held reference sees it); the next backward's grad
    lands in the same tensor, and a write into .grad after the clear is added to, not lost."""
    w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    (w * 3).sum().backward()
    held = w.grad
    w.clear_grad()
    np.testing.assert_array_equal(held.numpy(), [0, 0])
    (w * 2).sum().backward()
    assert w.grad is held
    np.testing.assert_array_equal(held.numpy(), [2, 2])
    (w * 5).sum().backward()
    np.testing.assert_array_equal(w.grad.numpy(), [7, 7])
    w.clear_grad()
    with paddle.no_grad():
        w.grad.add_(paddle.to_tensor([1.0, 1.0]))
    (w * 1).sum().backward()
    np.testing.assert_array_equal(w.grad.numpy(), [2, 2])
    w.clear_grad(False)
    (w * 4).sum().backward()
    np.testing.assert_array_equal(w.grad.numpy(), [4, 4])
