"""Where `.grad`'s values live: clear_grad() without a memory pass, the next grad handed over
instead of copied when nothing else holds it, and never an alias between two grads or between
a grad and another tensor."""
import numpy as np

import eagergraph as paddle


def leaf(shape, seed=0):
    a = np.random.default_rng(seed).standard_normal(shape).astype("float32")
    return paddle.to_tensor(a, stop_gradient=False)


def test_clear_grad_reads_zeros_without_writing_the_buffer_and_the_next_grad_is_exact():
    w, x = leaf([6, 4]), paddle.to_tensor(np.ones([3, 6], "float32"))
    paddle.matmul(x, w).sum().backward()
    g = w.grad
    w.clear_grad()
    assert w.grad is g
    np.testing.assert_array_equal(g.numpy(), np.zeros([6, 4]))
    assert g._data.strides == (0, 0)  # a zero broadcast: nothing was written
    with paddle.no_grad():
        w.set_value(w * 1.0)  # the optimizer's write into the parameter is separate
    paddle.matmul(x, w).sum().backward()
    assert w.grad is g
    np.testing.assert_array_equal(g.numpy(), np.full([6, 4], 3.0))
    assert g._data.flags.writeable and g._data.strides == (16, 4)
    paddle.matmul(x, w).sum().backward()  # accumulates in place into the buffer it now has
    np.testing.assert_array_equal(g.numpy(), np.full([6, 4], 6.0))


def test_a_view_of_grad_sees_the_zeros_of_clear_grad():
    w = leaf([4])
    (w * 2.0).sum().backward()
    part = w.grad[1:3]  # a view of .grad's buffer: clear_grad zeroes in place for it
    kept = np.asarray(w.grad)
    w.clear_grad()
    np.testing.assert_array_equal(part.numpy(), [0, 0])
    np.testing.assert_array_equal(kept, np.zeros(4))


def test_writes_into_a_cleared_grad_are_kept_and_added_to():
    w = leaf([2, 3])
    (w * 2.0).sum().backward()
    w.clear_grad()
    with paddle.no_grad():
        w.grad.add_(paddle.ones([2, 3]))
        w.grad[0, 0] = 5.0
    (w * 3.0).sum().backward()
    np.testing.assert_array_equal(w.grad.numpy(), [[8, 4, 4], [4, 4, 4]])


def test_an_optimizer_step_on_cleared_grads_changes_nothing():
    lin = paddle.nn.Linear(3, 2)
    opt = paddle.optimizer.SGD(0.1, parameters=lin.parameters())
    lin(paddle.ones([4, 3])).sum().backward()
    opt.step()
    opt.clear_grad()
    before = [p.numpy() for p in lin.parameters()]
    opt.step()
    for p, b in zip(lin.parameters(), before):
        np.testing.assert_array_equal(p.numpy(), b)


def test_grads_handed_over_never_alias_each_other_or_their_sources():
    a, b = leaf([3, 3], 1), leaf([3, 3], 2)
    for _ in range(3):  # the first grad, then the ones after clear_grad
        (a + b).sum().backward()  # add hands one array to both leaves
        assert not np.shares_memory(a.grad._data, b.grad._data)
        a.grad._data[...] += 1  # a write into one is not seen in the other
        np.testing.assert_array_equal(b.grad.numpy(), np.ones([3, 3]))
        a.clear_grad()
        b.clear_grad()
    seed = paddle.to_tensor(np.full([3, 3], 2.0, "float32"))
    a.backward(seed)  # a leaf as the root: its grad is the seed's values, not the seed
    assert not np.shares_memory(a.grad._data, seed._data)
    kept = []
    b.register_hook(lambda g: kept.append(g) or g)
    (b * 2.0).sum().backward()
    assert not np.shares_memory(b.grad._data, kept[0]._data)


def test_a_saved_tensor_is_never_handed_over_as_a_grad():
    x = leaf([4], 3)
    y = x * 1.0
    z = paddle.to_tensor(np.ones(4, "float32"), stop_gradient=False)
    out = (y * z).sum()  # multiply's grad to z reads the saved y
    out.backward()
    assert not np.shares_memory(z.grad._data, y._data)
    np.testing.assert_array_equal(z.grad.numpy(), y.numpy())
