"""paddle.incubate.autograd (vjp, jvp, Jacobian, Hessian) against analytic derivatives and
central differences in float64."""
import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.incubate import autograd as ia
from eagergraph.incubate.autograd.utils import as_tensors


def _num_jacobian(f, xs, eps=1e-6):
    """d f(xs)_flat / d xs_flat by central differences (NumPy in, NumPy out)."""
    sizes = [x.size for x in xs]
    flat = np.concatenate([x.ravel() for x in xs]).astype(np.float64)

    def call(v):
        parts, k = [], 0
        for x, n in zip(xs, sizes):
            parts.append(v[k:k + n].reshape(x.shape))
            k += n
        return np.concatenate([np.ravel(y) for y in f(*parts)])

    cols = []
    for j in range(flat.size):
        d = np.zeros_like(flat)
        d[j] = eps
        cols.append((call(flat + d) - call(flat - d)) / (2 * eps))
    return np.stack(cols, axis=1)


A = np.array([[1.0, 2.0], [2.0, 3.0], [3.0, 4.0]])
B = np.array([[1.0, 2.0, 3.0], [2.0, 3.0, 4.0]])


def test_jacobian_of_two_inputs_and_its_indexes():
    J = ia.Jacobian(paddle.matmul, [paddle.to_tensor(A), paddle.to_tensor(B)])
    expected = _num_jacobian(lambda a, b: [a @ b], [A, B])
    assert J.shape == (9, 12)
    full = J[:]
    assert full.numpy().dtype == np.float64 and full.stop_gradient is False
    np.testing.assert_allclose(full.numpy(), expected, atol=1e-7)
    for idx in [(0, slice(None)), (slice(None), 0), (slice(0, 2, 1), slice(None)), (-1, -2),
                1, (slice(None, None, -1), 3), (slice(2, 7, 2), slice(1, 5))]:
        np.testing.assert_allclose(J[idx].numpy(), expected[idx], atol=1e-7, err_msg=str(idx))
    with pytest.raises(IndexError):
        J[..., 0]
    with pytest.raises(TypeError):
        J + 1  # Paddle's incubate Jacobian only indexes (paddle.autograd.jacobian computes)


def test_jacobian_of_two_outputs_and_batched():
    def f(a, b):
        return paddle.matmul(a, b), a * 2

    J = ia.Jacobian(f, [paddle.to_tensor(A), paddle.to_tensor(B)])
    np.testing.assert_allclose(J[:].numpy(), _num_jacobian(lambda a, b: [a @ b, 2 * a], [A, B]),
                               atol=1e-7)
    x = np.array([[1.0, 2.0, 3.0], [3.0, 4.0, 3.0]])
    Jb = ia.Jacobian(lambda t: t * t * t, paddle.to_tensor(x), True)
    assert Jb.shape == (2, 3, 3)
    expected = np.stack([np.diag(3 * row ** 2) for row in x])
    np.testing.assert_allclose(Jb[:].numpy(), expected)
    np.testing.assert_allclose(Jb[:, 0, :].numpy(), expected[:, 0, :])
    np.testing.assert_allclose(Jb[1, :, 2].numpy(), expected[1, :, 2])


def test_hessian_single_and_multi_input():
    x = np.array([[0.5, -1.0], [2.0, 0.25]])
    y = np.array([[1.0, 3.0], [-2.0, 1.5]])

    def f_np(a, b):
        return np.sum((a @ b) * a)

    # Hessian = Jacobian of the (numerical) gradient, itself from central differences
    def grad_np(a, b):
        return [_num_jacobian(lambda p, q: [np.array([f_np(p, q)])], [a, b], eps=1e-5)[0]]

    expected = _num_jacobian(grad_np, [x, y], eps=1e-4)
    xt = paddle.to_tensor(x, stop_gradient=False)
    yt = paddle.to_tensor(y, stop_gradient=False)
    H = ia.Hessian(lambda a, b: paddle.sum(paddle.matmul(a, b) * a), [xt, yt])
    assert H.shape == (8, 8)
    np.testing.assert_allclose(H[:].numpy(), expected, atol=1e-5)
    assert H[:].stop_gradient is False
    # sum(sigmoid(x)): diagonal Hessian s(1-s)(1-2s)
    s = 1 / (1 + np.exp(-x.ravel()))
    H1 = ia.Hessian(lambda a: paddle.sum(paddle.nn.functional.sigmoid(a)), xt)
    np.testing.assert_allclose(H1[:].numpy(), np.diag(s * (1 - s) * (1 - 2 * s)), atol=1e-12)
    with pytest.raises(RuntimeError):
        ia.Hessian(lambda t: t * t, paddle.ones([3]))


def test_batched_hessian():
    w = np.array([[1.0, 2.0, 0.5, 1.0], [0.5, -1.0, 2.0, 3.0]])
    xb = np.array([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]])
    H = ia.Hessian(lambda t: paddle.matmul(t * t * t, paddle.to_tensor(w))[:, 0:1],
                   paddle.to_tensor(xb), is_batched=True)
    assert H.shape == (3, 2, 2)
    # row b: sum_k x_k^3 w[k, 0] -> d2/dx_k^2 = 6 x_k w[k, 0]
    expected = np.stack([np.diag(6 * row * w[:, 0]) for row in xb])
    np.testing.assert_allclose(H[:].numpy(), expected)
    with pytest.raises(RuntimeError):
        ia.Hessian(lambda t: t * t, paddle.ones((3, 3)), is_batched=True)


def test_vjp_and_jvp():
    a_np, c_np = np.array([1.0, 2.0]), np.array([3.0, 4.0])
    a = paddle.to_tensor(a_np, stop_gradient=False)
    c = paddle.to_tensor(c_np, stop_gradient=False)
    ys, g = ia.vjp(lambda p, q: p * q + p, [a, c])
    np.testing.assert_allclose(ys.numpy(), a_np * c_np + a_np)
    assert isinstance(g, tuple)
    np.testing.assert_allclose(g[0].numpy(), c_np + 1)
    np.testing.assert_allclose(g[1].numpy(), a_np)
    v = [paddle.ones([2], dtype="float64"), paddle.to_tensor([2.0, 3.0], dtype="float64")]
    ys, g = ia.vjp(lambda p, q: (p * q, p + q), [a, c], v)
    np.testing.assert_allclose(g[0].numpy(), c_np + [2.0, 3.0])
    np.testing.assert_allclose(g[1].numpy(), a_np + [2.0, 3.0])
    _, g = ia.vjp(paddle.tanh, a)
    assert isinstance(g, paddle.Tensor)
    np.testing.assert_allclose(g.numpy(), 1 - np.tanh(a_np) ** 2)
    _, g = ia.vjp(lambda p, q: p * 2, [a, c])  # unused input: zeros, not None
    np.testing.assert_array_equal(g[1].numpy(), [0.0, 0.0])
    # J v for f = p q^2 with v = (e0, e1): q0^2 + 0, 0 + 2 p1 q1
    e0 = paddle.to_tensor([1.0, 0.0], dtype="float64")
    e1 = paddle.to_tensor([0.0, 1.0], dtype="float64")
    ys, jv = ia.jvp(lambda p, q: p * q * q, [a, c], [e0, e1])
    np.testing.assert_allclose(jv.numpy(), [c_np[0] ** 2, 2 * a_np[1] * c_np[1]])
    _, jv = ia.jvp(lambda p, q: (p * q, p * p), [a, c])  # v defaults to ones
    np.testing.assert_allclose(jv[0].numpy(), c_np + a_np)
    np.testing.assert_allclose(jv[1].numpy(), 2 * a_np)
    assert a.grad is None and c.grad is None  # nothing accumulated into the inputs


def test_checks():
    a = paddle.to_tensor([1.0, 2.0])
    with pytest.raises(RuntimeError):
        ia.vjp(lambda t: t * t, paddle.rand([3]), paddle.rand([1]))
    with pytest.raises(TypeError):
        ia.vjp(1, a)
    with pytest.raises(TypeError):
        ia.vjp(paddle.tanh, 1.0)
    with pytest.raises(TypeError):
        ia.jvp(paddle.tanh, [a], [1.0])
    assert as_tensors(a)[0] is a and len(as_tensors([a, a])) == 2
