"""Inplace ops, version counters, views sharing storage, rebased gradients, diagnostics."""
import inspect

import numpy as np
import pytest

import eagergraph as paddle


def leaf(v):
    return paddle.to_tensor(v, dtype="float64", stop_gradient=False)


def test_every_inplace_op_in_the_table_is_public_where_paddle_has_it():
    """An op's `inplace:` form is paddle.X_ and Tensor.X_ by default; ops.yaml's inplace_public
    names the places Paddle 3.3.1 has it (Tensor.exp_ only, paddle.erf_ only, F.relu_ only, ...)
    or keeps it internal (tests/test_inplace_public.py checks them against Paddle's list)."""
    from codegen.__main__ import load_specs
    F = paddle.nn.functional
    specs = [s for s in load_specs()[0] if s.inplace]
    assert len(specs) >= 20
    for s in specs:
        n = s.name + "_"
        assert hasattr(paddle, n) is ("paddle" in s.inplace_public), n
        assert hasattr(paddle.Tensor, n) is ("Tensor" in s.inplace_public), n
        assert hasattr(F, n) is ("nn.functional" in s.inplace_public), n
        assert callable(getattr(paddle._C_ops, n)), n
    for n in ("relu_", "leaky_relu_", "elu_", "softmax_"):  # F only, as Paddle 3.3.1
        assert callable(getattr(F, n)) and not hasattr(paddle, n) and not hasattr(paddle.Tensor, n)
    for n in ("zero_", "fill_", "uniform_", "normal_", "masked_fill_", "index_put_"):
        assert callable(getattr(paddle.Tensor, n)), n


def test_inplace_bumps_version_and_keeps_identity():
    a = paddle.to_tensor([1.0, 2.0])
    assert a.inplace_version == 0
    r = a.add_(paddle.to_tensor([1.0, 1.0]))
    assert r is a and a.inplace_version == 1
    a.scale_(2.0)
    np.testing.assert_allclose(a.numpy(), [4.0, 6.0])
    assert a.inplace_version == 2


def test_leaf_check_runs_before_data_changes():
    x = leaf([1.0, 2.0])
    with pytest.raises(ValueError, match=r"Leaf Var .* can't use inplace strategy"):
        x.exp_()
    np.testing.assert_allclose(x.numpy(), [1.0, 2.0])  # Paddle 3.3.1 would have changed it
    with paddle.no_grad():
        x.add_(paddle.to_tensor([1.0, 1.0], dtype="float64"))  # optimizer-style update: allowed
    np.testing.assert_allclose(x.numpy(), [2.0, 3.0])


def test_inplace_on_non_leaf_rewires_graph():
    x = leaf([1.0, 2.0])
    y = x * 2.0
    y.exp_()
    assert y.grad_fn.name() == "ExpGradNode" and y.inplace_version == 1
    y.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), 2 * np.exp(2 * np.array([1.0, 2.0])))


def test_multiply_inplace_keeps_the_value_its_grad_needs():
    x, w = leaf([1.0, 2.0]), leaf([3.0, 4.0])
    y = x * 1.0
    y.multiply_(w)
    y.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [3.0, 4.0])
    np.testing.assert_allclose(w.grad.numpy(), [1.0, 2.0])  # the value of y before the write


def test_stop_gradient_tensor_becomes_part_of_graph():
    c = paddle.to_tensor([1.0, 2.0], dtype="float64")
    x = leaf([3.0, 4.0])
    c.multiply_(x)
    assert not c.stop_gradient and c.grad_fn.name() == "MultiplyGradNode"
    c.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [1.0, 2.0])


def test_broadcast_shape_change_is_rejected_before_writing():
    a = paddle.to_tensor([1.0, 2.0])
    with pytest.raises(ValueError, match="broadcast output"):
        a.add_(paddle.ones([2, 2]))
    np.testing.assert_allclose(a.numpy(), [1.0, 2.0])


def test_modified_saved_tensor_error_names_node_and_writer():
    x = leaf([1.0, 2.0])
    y = x * 2.0
    z = y * y
    y.add_(paddle.to_tensor([1.0, 1.0], dtype="float64"))
    with pytest.raises(RuntimeError, match=r"MultiplyGradNode.*'multiply'.*add_ at .*test_inplace\.py:\d+.*version is 1 but the expected version is 0"):
        z.sum().backward()


def test_error_names_the_save_site():
    x = leaf([1.0, 2.0])
    y = x * 2.0
    z = paddle.tanh(y) * y  # the multiply saves y here
    line = inspect.currentframe().f_lineno - 1
    y.add_(paddle.to_tensor([1.0, 1.0], dtype="float64"))
    with pytest.raises(RuntimeError, match=rf"saved at .*test_inplace\.py:{line}\b"):
        z.sum().backward()


def test_save_sites_can_be_turned_off():
    paddle.autograd.set_record_save_locations(False)
    try:
        x = leaf([1.0, 2.0])
        y = x * 2.0
        z = y * y
        y.add_(paddle.to_tensor([1.0, 1.0], dtype="float64"))
        with pytest.raises(RuntimeError, match="set_record_save_locations"):
            z.sum().backward()
    finally:
        paddle.autograd.set_record_save_locations(True)


def test_strict_mode_raises_at_the_inplace_call():
    paddle.autograd.set_inplace_strict(True)
    try:
        x = leaf([1.0, 2.0])
        y = x * 2.0
        z = y * y  # saves y
        with pytest.raises(RuntimeError, match="strict inplace mode: add_ at .*saved by"):
            y.add_(paddle.to_tensor([1.0, 1.0], dtype="float64"))
        np.testing.assert_allclose(y.numpy(), [2.0, 4.0])
        z.sum().backward()  # the graph is still intact
        np.testing.assert_allclose(x.grad.numpy(), [8.0, 16.0])
        y2 = x * 3.0
        y2.add_(paddle.to_tensor([1.0, 1.0], dtype="float64"))  # not saved: fine
    finally:
        paddle.autograd.set_inplace_strict(False)


def test_views_share_storage_and_version():
    a = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    for v in (a.reshape([4]), a.transpose([1, 0]), a[0], a[:, 1:], a.flatten(), a.unsqueeze(0),
              paddle.split(a, 2)[1], a.detach()):
        assert np.shares_memory(v._data, a._data)
    r = a.reshape([4])
    r.add_(paddle.ones([4]))
    np.testing.assert_allclose(a.numpy(), [[2.0, 3.0], [4.0, 5.0]])
    assert a.inplace_version == 1 == r.inplace_version
    a[1:].scale_(10.0)
    np.testing.assert_allclose(a.numpy(), [[2.0, 3.0], [40.0, 50.0]])


def test_inplace_on_view_gives_correct_base_gradient():
    # Paddle 3.3.1 gives x.grad == 1 here; the right answer is 2
    x = leaf([1.0, 2.0, 3.0, 4.0])
    y = x * 1.0
    y.reshape([4]).scale_(2.0)
    y.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [2.0, 2.0, 2.0, 2.0])


def test_inplace_on_slice_view_gradient():
    x = leaf([1.0, 2.0, 3.0, 4.0])
    y = x * 1.0
    y[1:3].scale_(3.0)
    (y * y).sum().backward()
    y_val = np.array([1.0, 6.0, 9.0, 4.0])
    np.testing.assert_allclose(x.grad.numpy(), 2 * y_val * np.array([1, 3, 3, 1]))


def test_sibling_view_sees_the_write_in_its_gradient():
    x = leaf([1.0, 2.0, 3.0, 4.0])
    y = x * 1.0
    a, b = y.reshape([2, 2]), y[0:2]
    a.scale_(2.0)
    (b * 1.0).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [2.0, 2.0, 0.0, 0.0])


def test_setitem_gradients_to_base_and_value():
    x = leaf([1.0, 2.0, 3.0, 4.0])
    v = leaf([10.0, 20.0])
    y = x * 2.0
    y[1:3] = v
    assert y.inplace_version == 1
    (y * y).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [8.0, 0.0, 0.0, 32.0])
    np.testing.assert_allclose(v.grad.numpy(), [20.0, 40.0])


def test_setitem_scalar_and_advanced_index():
    a = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    a[0, 1] = 10.0
    a[paddle.to_tensor([1]), 0] = -1.0
    np.testing.assert_allclose(a.numpy(), [[1.0, 10.0], [-1.0, 4.0]])


def test_zero_fill_masked_fill_index_put_assign_output():
    a = paddle.to_tensor([1.0, 2.0, 3.0])
    np.testing.assert_allclose(a.zero_().numpy(), [0.0, 0.0, 0.0])
    np.testing.assert_allclose(a.fill_(3.0).numpy(), [3.0, 3.0, 3.0])
    a.masked_fill_(paddle.to_tensor([True, False, True]), 0.0)
    np.testing.assert_allclose(a.numpy(), [0.0, 3.0, 0.0])
    a.index_put_((paddle.to_tensor([0, 2]),), paddle.to_tensor([5.0, 6.0]))
    np.testing.assert_allclose(a.numpy(), [5.0, 3.0, 6.0])
    a.index_put_((paddle.to_tensor([0]),), paddle.to_tensor([1.0]), accumulate=True)
    np.testing.assert_allclose(a.numpy(), [6.0, 3.0, 6.0])
    o = paddle.zeros([3])
    assert paddle.assign(paddle.to_tensor([1.0, 2.0]), output=o) is o
    np.testing.assert_allclose(o.numpy(), [1.0, 2.0])
    assert o.inplace_version == 1
    u = paddle.zeros([1000]).uniform_(0.0, 1.0)
    assert 0.0 <= u.numpy().min() and u.numpy().max() < 1.0 and u.numpy().std() > 0.2


def test_shape_changing_inplace_ops():
    a = paddle.to_tensor([1.0, 2.0, 3.0, 4.0])
    assert a.reshape_([2, 2]) is a and a.shape == [2, 2]
    assert a.unsqueeze_(0).shape == [1, 2, 2]
    assert a.squeeze_().shape == [2, 2]
    assert a.flatten_().shape == [4]
    assert a.cast_("float64").dtype == paddle.float64


def test_detach_then_inplace_is_caught_by_version_check():
    x = leaf([1.0, 2.0])
    y = x * 2.0
    z = paddle.tanh(y)  # saves its output z
    z.detach().add_(paddle.ones([2], dtype="float64"))
    with pytest.raises(RuntimeError, match="TanhGradNode.*modified by an inplace operation"):
        z.sum().backward()


def test_inplace_into_view_of_constant_buffer_brings_buffer_into_graph():
    buf = paddle.zeros([4], dtype="float64")
    w = leaf([1.0, 2.0])
    buf[0:2].add_(w * 3.0)
    assert not buf.stop_gradient
    np.testing.assert_allclose(buf.numpy(), [3.0, 6.0, 0.0, 0.0])
    (buf * buf).sum().backward()
    np.testing.assert_allclose(w.grad.numpy(), [18.0, 36.0])


def test_inplace_into_transpose_view():
    x = leaf([[1.0, 2.0], [3.0, 4.0]])
    y = x * 1.0
    y.transpose([1, 0]).multiply_(paddle.to_tensor([[1.0, 10.0], [100.0, 1000.0]],
                                                   dtype="float64"))
    (y * 1.0).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [[1.0, 100.0], [10.0, 1000.0]])


def test_inplace_into_view_of_a_view():
    x = leaf([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    y = x * 1.0
    y.reshape([2, 3])[1].scale_(5.0)
    y.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [1.0, 1.0, 1.0, 5.0, 5.0, 5.0])


def test_setitem_on_integer_and_bool_tensors():
    i = paddle.to_tensor([1, 2])
    i[0] = 2.7  # truncates into the tensor's dtype, as Paddle does
    np.testing.assert_array_equal(i.numpy(), [2, 2])
    b = paddle.to_tensor([True, False, True])
    b[1] = True
    b[0] = False
    np.testing.assert_array_equal(b.numpy(), [False, True, True])
