"""Paddle's complex gradient convention (docs/complex_autograd.md): each worked example of the
doc, with values derived by hand / NumPy; literals marked "Paddle 3.3.1" were printed by the
oracle for the same program. Also the public behaviour of complex, as_complex, as_real, angle
and is_complex that the op table cannot express (dtypes, errors, Tensor methods)."""
import numpy as np
import pytest

import eagergraph as paddle


def c128(v, stop_gradient=True):
    return paddle.to_tensor(np.asarray(v, dtype=np.complex128), stop_gradient=stop_gradient)


def f64(v, stop_gradient=True):
    return paddle.to_tensor(np.asarray(v, dtype=np.float64), stop_gradient=stop_gradient)


# ---- worked examples of docs/complex_autograd.md ---------------------------------------------
def test_multiply_grad_is_out_grad_times_conj_of_other():
    x = c128([1 + 2j, 3 - 1j], False)
    y = c128([2 - 1j, -1 + 4j], False)
    g = np.array([1 + 0j, 1j])
    (x * y).backward(c128(g))
    np.testing.assert_allclose(x.grad.numpy(), g * np.conj(y.numpy()))
    np.testing.assert_allclose(y.grad.numpy(), g * np.conj(x.numpy()))
    # Paddle 3.3.1: x.grad [(2+1j), (4-1j)], y.grad [(1-2j), (-1+3j)]
    np.testing.assert_array_equal(x.grad.numpy(), [2 + 1j, 4 - 1j])
    np.testing.assert_array_equal(y.grad.numpy(), [1 - 2j, -1 + 3j])


def test_abs_grad_is_unit_vector_and_zero_at_zero():
    z = c128([3 + 4j, -1 + 0j, 0j], False)
    paddle.abs(z).sum().backward()
    # Paddle 3.3.1: [(0.6+0.8j), (-1+0j), 0j]
    np.testing.assert_allclose(z.grad.numpy(), [0.6 + 0.8j, -1, 0], atol=1e-15)


def test_matmul_conjugates_both_operands():
    a = np.array([[1 + 1j, 2], [0, 1 - 1j]])
    b = np.array([[1j, 1], [2, -1j]])
    g = np.array([[1, 1j], [2 - 1j, 0]])
    A, B = c128(a, False), c128(b, False)
    paddle.matmul(A, B).backward(c128(g))
    np.testing.assert_allclose(A.grad.numpy(), g @ b.conj().T)
    np.testing.assert_allclose(B.grad.numpy(), a.conj().T @ g)
    # Paddle 3.3.1
    np.testing.assert_array_equal(A.grad.numpy(), [[0, 1], [-1 - 2j, 4 - 2j]])
    np.testing.assert_array_equal(B.grad.numpy(), [[1 - 1j, 1 + 1j], [5 + 1j, 2j]])


def test_real_input_of_complex_op_receives_the_real_part():
    r = f64([1.5, -2.0], False)
    w = c128([2 + 3j, 1 - 1j])
    (r * w).backward(c128([1 - 1j, 2 + 1j]))
    assert r.grad.dtype == paddle.float64
    # Re([(1-1j)(2-3j), (2+1j)(1+1j)]) = Re([-1-5j, 1+3j]); Paddle 3.3.1: [-1., 1.]
    np.testing.assert_array_equal(r.grad.numpy(), [-1.0, 1.0])


def test_complex_from_real_parts_grads_are_real_and_imag_of_out_grad():
    re, im = f64([1.0, 2.0], False), f64([3.0, 4.0], False)
    (paddle.abs(paddle.complex(re, im)) ** 2).sum().backward()
    # sum(re^2 + im^2): Paddle 3.3.1 gives [2., 4.] and [6., 8.]
    np.testing.assert_allclose(re.grad.numpy(), [2.0, 4.0])
    np.testing.assert_allclose(im.grad.numpy(), [6.0, 8.0])
    assert re.grad.dtype == paddle.float64 and im.grad.dtype == paddle.float64


def test_complex_grad_reduces_broadcast_dims():
    re, im = f64(np.ones((2, 1)), False), f64(np.ones(3), False)
    g = np.arange(6).reshape(2, 3) * (1 + 2j)
    paddle.complex(re, im).backward(c128(g))
    # Paddle 3.3.1: [[3.], [12.]] and [6., 10., 14.]
    np.testing.assert_allclose(re.grad.numpy(), [[3.0], [12.0]])
    np.testing.assert_allclose(im.grad.numpy(), [6.0, 10.0, 14.0])


def test_real_loss_gradient_and_descent_step():
    t = np.array([1 + 1j, -2 + 0.5j])
    z = c128([0j, 1 + 1j], False)
    loss = (paddle.abs(z - c128(t)) ** 2).sum()
    loss.backward()
    # 2 (z - t); Paddle 3.3.1: [(-2-2j), (6+1j)]
    np.testing.assert_allclose(z.grad.numpy(), [-2 - 2j, 6 + 1j])
    stepped = z.numpy() - 0.5 * z.grad.numpy()  # lr = 0.5 lands on t
    np.testing.assert_allclose(stepped, t)


def test_grad_descends_and_its_conjugate_does_not():
    t = c128([1j])

    def loss(v):
        return float((paddle.abs(c128(v) - t) ** 2).sum())

    z = c128([0j], False)
    (paddle.abs(z - t) ** 2).sum().backward()
    g = z.grad.numpy()
    np.testing.assert_allclose(g, [-2j])
    assert loss([0j]) == pytest.approx(1.0)
    assert loss(-0.1 * g) == pytest.approx(0.64)            # z - lr * z.grad
    assert loss(-0.1 * np.conj(g)) == pytest.approx(1.44)   # z - lr * conj(z.grad)


def test_grad_gives_the_directional_derivative_of_a_real_loss():
    """Re(sum(conj(grad) * u)) = dL(z + s u)/ds, here for a non-holomorphic L."""
    rng = np.random.default_rng(0)
    z0 = rng.standard_normal(4) + 1j * rng.standard_normal(4)
    u = rng.standard_normal(4) + 1j * rng.standard_normal(4)

    def L(v, grad=False):
        z = c128(v, not grad)
        out = (paddle.abs(z) ** 3 + paddle.real(z * z) - paddle.imag(paddle.conj(z))).sum()
        if grad:
            out.backward()
            return z.grad.numpy()
        return float(out)

    g = L(z0, grad=True)
    eps = 1e-6
    numeric = (L(z0 + eps * u) - L(z0 - eps * u)) / (2 * eps)
    assert np.real(np.vdot(g, u)) == pytest.approx(numeric, rel=1e-6)


def test_angle_grad_matches_paddle_including_zero():
    z = c128([1 + 1j, -2 + 0.5j, 0j, 3j], False)
    (paddle.angle(z) * f64([1.0, 2.0, 3.0, 4.0])).sum().backward()
    zn = z.numpy()
    expect = np.array([1, 2, 3, 4]) * 1j * zn / np.where(zn == 0, 1, np.abs(zn) ** 2)
    np.testing.assert_allclose(z.grad.numpy(), expect)
    # Paddle 3.3.1
    np.testing.assert_allclose(z.grad.numpy(), [-0.5 + 0.5j,
                                                -0.23529411764705882 - 0.9411764705882353j,
                                                0j, -1.3333333333333333 + 0j])


def test_angle_of_real_input_is_0_or_pi_with_zero_grad():
    x = f64([-2.0, -0.0, 3.0, np.nan, -np.inf, np.inf], False)
    out = paddle.angle(x)
    # Paddle 3.3.1: pi for x < 0, 0 for -0.0 (np.angle says pi there), NaN stays NaN
    np.testing.assert_array_equal(out.numpy(), [np.pi, 0.0, 0.0, np.nan, np.pi, 0.0])
    out.sum().backward()
    np.testing.assert_array_equal(x.grad.numpy()[:3], [0.0, 0.0, 0.0])


def test_real_imag_conj_grads():
    z = c128([1 + 2j], False)
    (paddle.real(z) * 2 + paddle.imag(z) * 3).sum().backward()
    np.testing.assert_array_equal(z.grad.numpy(), [2 + 3j])  # Paddle 3.3.1: [(2+3j)]
    w = c128([1 + 2j], False)
    paddle.conj(w).backward(c128([1 + 1j]))
    np.testing.assert_array_equal(w.grad.numpy(), [1 - 1j])  # Paddle 3.3.1: [(1-1j)]


def test_as_complex_and_as_real_grads_are_each_other():
    x = f64([[1.0, 2.0], [3.0, 4.0]], False)
    paddle.as_real(paddle.as_complex(x) * c128([1j, 2])).sum().backward()
    # d/dx of sum(Re, Im of (x0 + i x1) * w): Paddle 3.3.1 [[1., -1.], [2., 2.]]
    np.testing.assert_array_equal(x.grad.numpy(), [[1.0, -1.0], [2.0, 2.0]])
    z = c128([1 + 2j, 3 - 4j], False)
    (paddle.as_real(z) * f64([[1.0, 2.0], [3.0, 4.0]])).sum().backward()
    np.testing.assert_array_equal(z.grad.numpy(), [1 + 2j, 3 + 4j])


def test_double_backward_through_a_complex_graph():
    z = c128([1 + 2j, -0.5 + 1j], False)
    w = c128([2 - 1j, 1 + 1j])
    (gz,) = paddle.grad((paddle.abs(z * w) ** 2).sum(), z, create_graph=True)
    # L = sum(|z|^2 |w|^2): grad 2 |w|^2 z; then sum(Re(grad)) has grad 2 |w|^2
    np.testing.assert_allclose(gz.numpy(), 2 * np.abs(w.numpy()) ** 2 * z.numpy())
    (ggz,) = paddle.grad(paddle.real(gz).sum(), z)
    np.testing.assert_allclose(ggz.numpy(), 2 * np.abs(w.numpy()) ** 2)


# ---- API: dtypes, shapes, errors -------------------------------------------------------------
@pytest.mark.parametrize("dt,out", [("float32", "complex64"), ("float64", "complex128")])
def test_complex_output_dtype_and_broadcast(dt, out):
    c = paddle.complex(paddle.ones([2, 1], dtype=dt), paddle.zeros([3], dtype=dt))
    assert c.dtype.name == out and c.shape == [2, 3]
    assert paddle.as_complex(paddle.ones([4, 2], dtype=dt)).dtype.name == out
    assert paddle.as_real(c).dtype.name == dt and paddle.as_real(c).shape == [2, 3, 2]
    assert paddle.angle(c).dtype.name == dt


def test_as_complex_of_1d_pair_is_0d_and_as_real_of_0d_is_pair():
    assert paddle.as_complex(f64([1.0, 2.0])).shape == []
    np.testing.assert_array_equal(paddle.as_real(c128(1 + 2j)).numpy(), [1.0, 2.0])


@pytest.mark.parametrize("call", [
    lambda: paddle.complex(paddle.ones([2], "int32"), paddle.ones([2], "int32")),
    lambda: paddle.complex(paddle.ones([2], "float16"), paddle.ones([2], "float16")),
    lambda: paddle.as_complex(paddle.ones([2, 2], "complex64")),
    lambda: paddle.as_real(paddle.ones([2], "float32")),
    lambda: paddle.angle(paddle.ones([2], "int64")),
    lambda: paddle.angle(paddle.ones([2], "bfloat16")),
])
def test_unsupported_dtypes_raise_runtime_error_naming_the_op(call):
    with pytest.raises(RuntimeError,
                       match=r"NotFound.*kernel `(complex|as_complex|as_real|angle)`"):
        call()


def test_complex_errors():
    with pytest.raises(ValueError, match=r"complex\(\).*Broadcast dimension mismatch"):
        paddle.complex(paddle.ones([2]), paddle.ones([3]))
    with pytest.raises(ValueError, match=r"complex\(\).*same dtype.*float32.*float64"):
        paddle.complex(paddle.ones([2], "float32"), paddle.ones([2], "float64"))
    with pytest.raises(ValueError,
                       match=r"complex\(\): argument 'real' \(position 0\) must be Tensor"):
        paddle.complex(np.ones(2), paddle.ones([2]))


def test_as_complex_shape_errors():
    with pytest.raises(ValueError, match=r"as_complex\(\).*last dimension.*But received 3"):
        paddle.as_complex(paddle.ones([2, 3]))
    with pytest.raises(ValueError, match=r"as_complex\(\).*rank of input\(X\) = 0"):
        paddle.as_complex(paddle.ones([]))
    with pytest.raises(ValueError,
                       match=r"as_real\(\): argument 'x' \(position 0\) must be Tensor"):
        paddle.as_real(np.ones(2))


def test_is_complex_and_tensor_methods():
    z, r = c128([1j]), f64([1.0])
    assert paddle.is_complex(z) is True and paddle.is_complex(r) is False
    assert z.is_complex() and not r.is_complex()
    with pytest.raises(TypeError, match="Expected Tensor"):
        paddle.is_complex(1j)
    np.testing.assert_array_equal(z.as_real().numpy(), [[0.0, 1.0]])
    np.testing.assert_array_equal(f64([[1.0, 2.0]]).as_complex().numpy(), [1 + 2j])
    np.testing.assert_allclose(z.angle().numpy(), [np.pi / 2])
    assert not hasattr(paddle.Tensor, "complex")  # Paddle has no Tensor.complex


def test_as_complex_output_does_not_alias_input():
    x = f64([[1.0, 2.0]])
    z = paddle.as_complex(x)
    assert not np.shares_memory(z._data, x._data)
