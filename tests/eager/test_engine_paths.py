"""The fast backward loop and the general one give the same grads, hook calls and errors on a
graph that uses every kind of node the fast path hands to the general step: several outputs,
Tensor[] inputs, broadcasting and complex -> real projection, formula nodes, PyLayer, gradient,
post, tensor and reduce hooks, a leaf reached by several edges."""
import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.eager import backward as engine


class Twice(paddle.autograd.PyLayer):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * 2.0

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensor()
        return g * 2.0 + x * 0.0


def _run(fast):
    engine.FAST_PATH = fast
    log = []
    rng = np.random.default_rng(7)
    x = paddle.to_tensor(rng.standard_normal((3, 4)), stop_gradient=False)
    b = paddle.to_tensor(rng.standard_normal((4,)), stop_gradient=False)  # broadcast
    z = paddle.to_tensor(rng.standard_normal((3, 4)) + 1j * rng.standard_normal((3, 4)),
                         stop_gradient=False)
    x.register_hook(lambda g: log.append(("x", g.numpy().sum())))
    h = paddle.tanh(x + b)
    h.register_hook(lambda g: g * 3.0)                       # gradient hook on a node
    parts = paddle.split(h, 2, axis=1)                       # several outputs
    s = paddle.concat([parts[1], parts[0] * parts[0]], 1)    # Tensor[] input
    c = paddle.real(z * paddle.cast(s, "complex128"))        # complex -> real projection
    p = Twice.apply(c)                                       # PyLayer
    q = paddle.nn.functional.softplus(p)                     # a formula node
    node = q._grad_node
    node.register_post_hook(lambda gin, gout: log.append(("post", len(gout))))
    r = (q * x).sum() + (b * b).sum()                        # leaves reached twice
    reduce_calls = []
    x._grad_node.register_reduce_hook(lambda: reduce_calls.append(1))
    r.backward(retain_graph=True)
    first = [t.grad.numpy().copy() for t in (x, b, z)]
    r.backward()  # second run through the retained graph accumulates
    second = [t.grad.numpy().copy() for t in (x, b, z)]
    with pytest.raises(SystemError, match="already released"):
        r.backward()
    return first, second, log, len(reduce_calls)


def test_fast_and_general_loops_agree():
    saved = engine.FAST_PATH
    try:
        fast = _run(True)
        general = _run(False)
    finally:
        engine.FAST_PATH = saved
    for a, b in zip(fast[0] + fast[1], general[0] + general[1]):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=0)
    assert [k for k, _ in fast[2]] == [k for k, _ in general[2]]
    assert {k for k, _ in fast[2]} == {"x", "post"}  # both hooks ran, on both runs
    np.testing.assert_allclose([v for _, v in fast[2]], [v for _, v in general[2]], rtol=1e-12)
    assert fast[3] == general[3] == 2
    for a, b in zip(fast[0], fast[1]):
        np.testing.assert_allclose(b, 2 * a, rtol=1e-12)  # the retained graph ran twice


def test_run_raw_is_the_no_graph_branch_of_call():
    x = paddle.to_tensor([[0.3, -1.2]], dtype="float64", stop_gradient=False)
    y = paddle.tanh(x) * x
    node = y._grad_node
    g = np.ones((1, 2))
    via_call = node([[g]], False)
    via_raw = node.run_raw(g)
    for a, b in zip(via_call, via_raw):
        np.testing.assert_array_equal(a, b)


def test_op_outputs_carry_their_place_without_an_autograd_meta():
    """The grad node and out slot/rank live on the Tensor: an op output gets no AutogradMeta
    until it has a gradient to keep (retain_grads), and a leaf gets one when its .grad
    arrives; grads, is_leaf and grad_fn read the same as before."""
    x = paddle.to_tensor(np.arange(6.0).reshape(2, 3), stop_gradient=False)
    y = paddle.tanh(x) * 2.0
    parts = paddle.split(y, 3, axis=1)
    assert y._autograd_meta is None and y._grad_node is not None
    assert [p._out_slot for p in parts] == [0, 0, 0]
    assert [p._out_rank for p in parts] == [0, 1, 2]
    assert not y.is_leaf and x.is_leaf and y.grad_fn is y._grad_node
    parts[1].retain_grads()
    assert parts[1]._autograd_meta is not None and parts[0]._autograd_meta is None
    (parts[0].sum() + 3.0 * parts[1].sum()).backward()
    t = np.tanh(np.arange(6.0).reshape(2, 3))
    want = 2.0 * (1 - t * t) * np.array([1.0, 3.0, 0.0])
    np.testing.assert_allclose(x.grad.numpy(), want, rtol=1e-12)
    np.testing.assert_allclose(parts[1].grad.numpy(), np.full((2, 1), 3.0))
    assert parts[0].grad is None


def test_fast_path_releases_saved_tensors_as_it_reads_them():
    """run_raw(release=True) clears each TensorWrapper as it reads it: after backward the node
    keeps no saved array and a second backward raises the released-graph error."""
    engine.FAST_PATH = True
    x = paddle.to_tensor(np.ones((2, 2)), stop_gradient=False)
    y = paddle.tanh(x * x)
    node = y._grad_node
    y.sum().backward()
    assert node._wrappers_cleared and node.out_saved is None
    with pytest.raises(SystemError):
        y.sum().backward()


def test_run_step_passes_on_what_run_raw_returns():
    """A generated node's run_step is run_raw and the engine's hand-over in one: the grads it
    holds for the next nodes are run_raw's, projected onto each input's meta (broadcast sum,
    complex -> real), a next node of several outputs gets a [slot][rank] holder, in-degrees
    drop by one and a next node at 0 is queued (leaf accumulation nodes to the front)."""
    from collections import deque
    from eagergraph.eager.grad_tensor_holder import project_array
    rng = np.random.default_rng(3)
    w = paddle.to_tensor(rng.standard_normal((3,)), stop_gradient=False)        # leaf, broadcast
    z = paddle.to_tensor(rng.standard_normal((2, 3)) + 1j, stop_gradient=False)
    parts = paddle.split(paddle.tanh(z), 2, axis=0)                            # several outputs
    y = parts[1] * paddle.cast(w, "complex128")                                # complex x real
    node = y._grad_node
    assert type(node).run_step is not None
    g = rng.standard_normal((1, 3)) + 1j * rng.standard_normal((1, 3))
    want = node.run_raw(g.copy())
    n_split, n_cast = node._next
    indeg = {n_split: 2, n_cast: 1}
    buffers, ready = {}, deque(["queued before"])
    node.run_step(g.copy(), False, buffers, indeg, ready)
    assert indeg == {n_split: 1, n_cast: 0}
    assert list(ready) == ["queued before", n_cast]
    held = buffers[n_split]  # split's holder: [slot 0][rank 0, rank 1]
    assert held[0][0] is None
    np.testing.assert_array_equal(held[0][1], want[0])
    m = node._meta[1]
    np.testing.assert_array_equal(buffers[n_cast], project_array(want[1], m[2], m[3]))
    # into a leaf accumulation node: to the front of the queue, a broadcast input summed
    b = paddle.to_tensor(rng.standard_normal((3,)), stop_gradient=False)
    x = paddle.to_tensor(rng.standard_normal((4, 3)), stop_gradient=False)
    s = x + b
    node = s._grad_node
    leaf_x, leaf_b = node._next
    indeg, buffers, ready = {leaf_x: 1, leaf_b: 1}, {leaf_b: np.ones(3)}, deque(["other"])
    g = rng.standard_normal((4, 3))
    node.run_step(g, False, buffers, indeg, ready)
    assert list(ready) == [leaf_b, leaf_x, "other"]
    np.testing.assert_array_equal(buffers[leaf_x], g)
    np.testing.assert_allclose(buffers[leaf_b], 1.0 + g.sum(0), rtol=1e-15)
    assert s._grad_node._wrappers_cleared is False  # release=False kept what it saved


def test_edge_metas_are_named_records():
    from eagergraph.eager.grad_node_info import EdgeMeta
    x = paddle.to_tensor(np.ones((2, 3), np.float32), stop_gradient=False)
    h = paddle.tanh(x)
    metas = (h + x)._grad_node.edge_metas()
    assert all(type(m) is EdgeMeta for m in metas)
    assert [(m.in_slot, m.in_rank, m.shape, m.dtype.name) for m in metas] == [
        (0, 0, (2, 3), "float32"), (0, 0, (2, 3), "float32")]
    assert type(h._grad_node._meta) is tuple  # the node's own field stays a plain tuple


def test_grad_tensor_holder_is_a_named_record_over_the_engines_buffer():
    from eagergraph.eager.grad_tensor_holder import GradTensorHolder
    buf = [[None, np.ones(2, np.float32)], [None]]
    h = GradTensorHolder(buf)
    assert h.buffer is buf and len(h) == 2 and h[0][1].tolist() == [1.0, 1.0]
    h.add(0, 1, np.full(2, 2.0, np.float32))
    h.add(1, 0, np.full(3, 5.0, np.float32))
    assert buf[0][1].tolist() == [3.0, 3.0] and buf[1][0].tolist() == [5.0] * 3
    assert repr(h) == "GradTensorHolder([None, [2]], [[3]])"
    assert GradTensorHolder(np.zeros(4)).buffer[0][0].shape == (4,)  # a fast-path buffer
