"""A growing graph stays out of the cyclic GC's walks (eagergraph/eager/graph_gc.py), and no
garbage is hidden from it for good: counts, not timings."""
import gc
import weakref

import pytest

import eagergraph as paddle
from eagergraph.eager import graph_gc


@pytest.fixture(autouse=True)
def _fresh_gc_state():
    gc.collect()  # also thaws whatever an earlier test left frozen
    graph_gc.state.nodes = 0
    graph_gc.state.paused = False
    yield
    paddle.autograd.set_graph_gc(True)
    gc.collect()


def _chain(n):
    x = paddle.to_tensor([1.0], stop_gradient=False)
    y = x
    for _ in range(n):
        y = y * 1.0
    return x, y


def test_a_million_node_graph_is_not_walked_by_the_collector():
    before = len(gc.get_objects())
    full = gc.get_stats()[2]["collections"]
    x, y = _chain(1_000_000)
    # gc.get_objects() lists what the collector walks (frozen objects are not in it)
    visible = len(gc.get_objects()) - before
    assert visible < 0.1 * 1_000_000, visible
    assert gc.get_stats()[2]["collections"] == full  # no full collection while it grew
    assert graph_gc.state.frozen
    y.backward()
    assert not graph_gc.state.frozen  # backward gives the collector everything back
    assert x.grad.numpy()[0] == 1.0
    first = weakref.ref(y._grad_node)
    del y
    assert first() is None  # freed by reference counting


def test_no_collection_is_needed_to_free_a_graph_after_backward():
    gc.disable()
    try:
        x, y = _chain(20_000)
        node = weakref.ref(y._grad_node)
        mid = y._grad_node
        for _ in range(10_000):
            mid = mid.next_nodes()[0]
        mid = weakref.ref(mid)
        y.backward()
        del y
        assert node() is None and mid() is None
    finally:
        gc.enable()


def _hooked_cycle(y):
    """z = y * 2 with a hook whose closure holds a box holding z: closure -> box -> z -> z's
    node -> its hooks -> closure, a reference cycle. Returns z and a weak ref to the box."""
    class Box:
        pass

    box = Box()
    z = y * 2.0
    box.z = z
    z.register_hook(lambda g: g if box.z is not None else g)
    return z, weakref.ref(box)


def test_a_cycle_through_a_hook_closure_in_a_frozen_graph_is_collected():
    x, y = _chain(5_000)
    y, probe = _hooked_cycle(y)
    for _ in range(5_000):  # keeps growing: the hook's node is frozen
        y = y * 1.0
    assert graph_gc.state.frozen
    del y
    assert probe() is not None  # only the cycle holds it now
    gc.collect()  # an explicit full collection walks everything again
    assert probe() is None


def test_garbage_made_while_frozen_is_collected_after_backward():
    x, y = _chain(5_000)
    assert graph_gc.state.frozen

    class Cycle:
        pass

    c = Cycle()
    c.me = c
    probe = weakref.ref(c)
    del c
    y.backward()
    del y
    gc.collect()
    assert probe() is None


def test_hidden_garbage_is_bounded_without_backward_or_explicit_collect(monkeypatch):
    monkeypatch.setattr(graph_gc, "THAW_MIN", 20_000)  # thaw after ~4 x 20k frozen objects

    class Cycle:
        pass

    full = gc.get_stats()[2]["collections"]
    x, y = _chain(3_000)
    c = Cycle()
    c.me = c
    probe = weakref.ref(c)
    del c
    for _ in range(200_000):  # the graph keeps growing, no backward, no gc.collect()
        y = y * 1.0
    assert gc.get_stats()[2]["collections"] > full  # CPython ran its own full collection
    assert probe() is None


def test_switched_off_the_collector_is_left_alone():
    paddle.autograd.set_graph_gc(False)
    assert not paddle.autograd.is_graph_gc_enabled()
    x, y = _chain(5_000)
    assert not graph_gc.state.frozen
    with pytest.raises(TypeError):
        paddle.autograd.set_graph_gc(1)


def test_small_graphs_are_never_frozen():
    w = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]], stop_gradient=False)
    for _ in range(300):  # a training loop: every step's graph dies at its backward
        loss = paddle.tanh(w * w + 1.0).sum()
        loss.backward()
        w.clear_gradient()
        gc.collect(0)
    assert not graph_gc.state.frozen
    assert graph_gc.state.nodes <= 4  # at most the live graph of the last step
