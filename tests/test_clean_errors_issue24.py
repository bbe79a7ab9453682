"""Clean errors and gradient edge cases from issue 24: no internal TypeError/OverflowError, no
NumPy exception class or warning reaching the user; references are NumPy (and Paddle 3.3.1's
observed values where noted)."""
import warnings

import numpy as np
import pytest

import eagergraph as paddle


def test_int_power_of_negative_integer_0d():
    # Paddle truncates integer x ** -n (2 ** -1 == 0); the 0-D case raised an internal TypeError
    for dtype in ("int32", "int64"):
        for base in (2, 1, -1, 0):
            got = paddle.to_tensor(base, dtype=dtype) ** -1
            assert got.shape == [] and got.dtype == getattr(paddle, dtype)
            want = np.trunc(np.power(float(base), -1.0)) if base else 0
            assert got.item() == want


def test_concat_axis_as_0d_float_tensor_has_a_backward():
    x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
    y = paddle.to_tensor([[3.0, 4.0]], stop_gradient=False)
    out = paddle.concat([x, y], axis=paddle.to_tensor(1.0))
    (out * paddle.to_tensor([[1.0, 2.0, 3.0, 4.0]])).sum().backward()
    np.testing.assert_array_equal(out.numpy(), [[1.0, 2.0, 3.0, 4.0]])
    np.testing.assert_array_equal(x.grad.numpy(), [[1.0, 2.0]])
    np.testing.assert_array_equal(y.grad.numpy(), [[3.0, 4.0]])


@pytest.mark.parametrize("index", [10 ** 20, -10 ** 20])
def test_item_with_an_index_beyond_int64_is_a_value_error(index):
    with pytest.raises(ValueError, match="InvalidArgument"):
        paddle.to_tensor([1.0, 2.0]).item(index)


@pytest.mark.parametrize("make", [
    lambda: paddle.zeros([2 ** 20, 2 ** 20, 2 ** 10]),
    lambda: paddle.ones([2 ** 44]),
    lambda: paddle.full([2 ** 44], 3.0),
    lambda: paddle.empty([2 ** 44]),
    lambda: paddle.eye(2 ** 22),
    lambda: paddle.arange(2 ** 44),
])
def test_failed_allocation_is_paddles_memory_error(make):
    with pytest.raises(MemoryError) as info:
        make()
    assert type(info.value) is MemoryError  # not NumPy's _ArrayMemoryError
    assert str(info.value).startswith("(ResourceExhausted) Fail to alloc memory of ")
    assert info.value.__suppress_context__


def test_creation_kernels_still_right():
    np.testing.assert_array_equal(paddle.arange(5).numpy(), np.arange(5))
    np.testing.assert_array_equal(paddle.arange(1, 10, 3, dtype="int32").numpy(),
                                  np.arange(1, 10, 3, dtype=np.int32))
    np.testing.assert_array_equal(paddle.eye(2, 3).numpy(), np.eye(2, 3, dtype=np.float32))
    np.testing.assert_array_equal(paddle.eye(3, dtype="int64").numpy(), np.eye(3, dtype=np.int64))
    np.testing.assert_array_equal(paddle.full([2], 2 ** 40, "int64").numpy(), [2 ** 40] * 2)
    np.testing.assert_array_equal(paddle.zeros([0, 2]).numpy(), np.zeros((0, 2), np.float32))


def test_amp_gradient_overflow_warns_nothing():
    lin = paddle.nn.Linear(4, 4)
    x = paddle.to_tensor(np.full((2, 4), 100.0, np.float32), stop_gradient=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with paddle.amp.auto_cast(level="O1"):
            y = lin(x)
            loss = (y.astype("float32") * 1e6).sum()
        loss.backward()  # float32 gradients past 65504 cast to float16: inf, silently
    assert y.dtype == paddle.float16
    assert not np.all(np.isfinite(lin.weight.grad.numpy()))


def test_complex_pow_minus_one_gradient_at_huge_magnitude():
    x_np = np.array([1e300 + 0j, 1e300j, 1 + 1j, -1e300 + 0j, 1e200 + 1e200j])
    x = paddle.to_tensor(x_np, stop_gradient=False)
    out = paddle.pow(x, -1)
    (out.real() + out.imag()).sum().backward()
    np.testing.assert_allclose(out.numpy(), 1 / x_np, rtol=1e-15)
    # Paddle's convention: out_grad * conj(d out/dx) with d out/dx = -(1/x)**2 (0 here, not NaN)
    want = (1 + 1j) * np.conj(-(1 / x_np) ** 2)
    np.testing.assert_allclose(x.grad.numpy(), want, rtol=1e-15)
    np.testing.assert_allclose(paddle.pow(paddle.to_tensor(np.array([-2 + 0.5j])), -3).numpy(),
                               np.power(np.array([-2 + 0.5j]), -3), rtol=1e-15)


def test_softplus_with_nan_threshold_has_sigmoid_gradient():
    x_np = np.array([1.0, -2.0, 30.0])
    x = paddle.to_tensor(x_np, stop_gradient=False)
    out = paddle.nn.functional.softplus(x, threshold=float("nan"))
    out.sum().backward()
    # beta x > NaN is false: the log1p(exp) branch everywhere, with its gradient sigmoid(x)
    np.testing.assert_allclose(out.numpy(), np.logaddexp(0, x_np), rtol=1e-15)
    np.testing.assert_allclose(x.grad.numpy(), 1 / (1 + np.exp(-x_np)), rtol=1e-15)


def test_pow_exponent_gradient_at_minus_inf_base_is_nan():
    # Paddle 3.3.1 and torch: y_grad = out * log(x) = inf * log(-inf) = NaN
    x = paddle.to_tensor([-np.inf, 2.0], stop_gradient=False)
    y = paddle.to_tensor([2.0, 2.0], stop_gradient=False)
    paddle.pow(x, y).sum().backward()
    assert np.isnan(y.grad.numpy()[0])
    np.testing.assert_allclose(y.grad.numpy()[1], 4 * np.log(2.0), rtol=1e-6)
