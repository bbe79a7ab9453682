"""Memory: saved tensors are released by backward, graphs hold no reference cycles (freed by
refcounting alone, with the cyclic GC off), and a training-like loop does not grow."""
import gc
import tracemalloc
import weakref

import numpy as np

import eagergraph as paddle


def _step(w, x):
    h = paddle.tanh(x * w)          # tanh saves its output, multiply saves x and w
    return paddle.sum(h * h), h


def test_saved_arrays_are_released_after_backward():
    w = paddle.to_tensor(np.ones((64, 64)), stop_gradient=False)
    x = paddle.to_tensor(np.full((64, 64), 0.5))
    loss, h = _step(w, x)
    saved = weakref.ref(h._data)
    node = weakref.ref(h.grad_fn)
    del h
    assert saved() is not None  # still needed: the graph holds it
    loss.backward()
    assert node() is not None   # loss still references the graph ...
    assert saved() is None      # ... but the saved output array is gone


def test_retain_graph_keeps_saved_arrays():
    w = paddle.to_tensor(np.ones((4, 4)), stop_gradient=False)
    loss, h = _step(w, paddle.to_tensor(np.full((4, 4), 0.5)))
    saved = weakref.ref(h._data)
    del h
    loss.backward(retain_graph=True)
    assert saved() is not None


def test_graph_is_freed_without_the_cyclic_gc():
    gc.collect()
    gc.disable()
    try:
        w = paddle.to_tensor(np.ones((8, 8)), stop_gradient=False)
        loss, h = _step(w, paddle.to_tensor(np.full((8, 8), 0.5)))
        h.retain_grads()
        h.register_hook(lambda g: g)
        nodes = [weakref.ref(h.grad_fn), weakref.ref(loss.grad_fn)]
        acc = weakref.ref(h.grad_fn.next_functions[0].next_functions[1])
        loss.backward()
        del loss, h
        assert all(n() is None for n in nodes), "a grad node survived: reference cycle"
        assert acc() is not None  # the leaf's accumulation node lives as long as w
        del w
        assert acc() is None
    finally:
        gc.enable()


def test_training_loop_does_not_grow():
    w = paddle.to_tensor(np.random.default_rng(0).standard_normal((32, 32)), stop_gradient=False)
    x = paddle.to_tensor(np.random.default_rng(1).standard_normal((32, 32)))

    def step():
        loss, _ = _step(w, x)
        loss.backward()
        with paddle.no_grad():
            w._data -= 0.001 * w.grad._data
        w.clear_grad()

    for _ in range(20):
        step()
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for _ in range(200):
        step()
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    assert grown < 64 * 1024, f"memory grew by {grown} bytes over 200 iterations"
