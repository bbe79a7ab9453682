"""paddle.autograd.gradcheck / gradgradcheck: they pass correct gradients (real, complex, mixed,
several outputs), and catch wrong ones, including a gradient that is right up to the
conjugate (torch-style vs Paddle's convention is the same here: z.grad = dL/da + i dL/db)."""
import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.autograd import GradcheckError, gradcheck, gradgradcheck


def _t(a):
    return paddle.to_tensor(np.asarray(a), stop_gradient=False)


def _wrong_grad(backward_fn):
    """A PyLayer y = x**2 (elementwise) whose backward is backward_fn(x, dy)."""
    class Sq(paddle.autograd.PyLayer):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x

        @staticmethod
        def backward(ctx, dy):
            x, = ctx.saved_tensor()
            return backward_fn(x, dy)
    return Sq.apply


def test_exported_like_torch():
    assert paddle.autograd.gradcheck is gradcheck
    assert paddle.autograd.gradgradcheck is gradgradcheck


@pytest.mark.parametrize("fast_mode", [False, True])
def test_real_and_complex_pass(fast_mode):
    rng = np.random.default_rng(0)
    x = _t(rng.standard_normal((2, 3)))
    z = _t(rng.standard_normal(3) + 1j * rng.standard_normal(3))
    assert gradcheck(lambda a: paddle.tanh(a) * a, x, fast_mode=fast_mode)
    assert gradcheck(lambda a: paddle.exp(a) * a, z, fast_mode=fast_mode)
    # non-holomorphic and complex -> real
    assert gradcheck(lambda a: paddle.abs(a) ** 2, z, fast_mode=fast_mode)
    # a real input of a complex op, two outputs, a non-tensor argument
    assert gradcheck(lambda r, c, k: (r * c * k, paddle.real(c).sum()),
                     (_t(rng.standard_normal(3)), z, 2.0), fast_mode=fast_mode)
    assert gradgradcheck(lambda a: paddle.sin(a) * a, x, fast_mode=fast_mode)
    assert gradgradcheck(lambda a: a * a * a, z, fast_mode=fast_mode)


def test_wrong_gradients_are_caught():
    x = _t(np.array([0.5, -1.5, 2.0]))
    wrong = _wrong_grad(lambda x, dy: 3 * x * dy)
    with pytest.raises(GradcheckError, match="Jacobian mismatch"):
        gradcheck(wrong, x)
    with pytest.raises(GradcheckError, match="vjp mismatch"):
        gradcheck(wrong, x, fast_mode=True)
    assert gradcheck(wrong, x, raise_exception=False) is False
    assert gradcheck(_wrong_grad(lambda x, dy: 2 * x * dy), x)


def test_conjugated_complex_gradient_is_caught():
    # d(z^2)/dz = 2z: Paddle's grad is dy * conj(2z); dy * 2z is the Wirtinger dL/dz mistake
    z = _t(np.array([1 + 2j, -0.5 + 1j]))
    assert gradcheck(_wrong_grad(lambda x, dy: dy * paddle.conj(2 * x)), z)
    for fast in (False, True):
        assert not gradcheck(_wrong_grad(lambda x, dy: dy * 2 * x), z, fast_mode=fast,
                             raise_exception=False)


def test_tolerances_and_errors():
    x = _t(np.array([1.0, 2.0]))
    off = _wrong_grad(lambda x, dy: 2 * x * dy + 1e-4)
    assert not gradcheck(off, x, raise_exception=False)
    assert gradcheck(off, x, atol=1e-3)
    assert gradcheck(off, x, atol=1e-3, check_grad_dtypes=True)
    with pytest.raises(ValueError, match="stop_gradient=False"):
        gradcheck(paddle.sin, paddle.to_tensor([1.0]))


def test_gradgradcheck_catches_a_wrong_double_gradient():
    # backward of x**2 written as dy * x * 2 with x detached: first order right, second wrong
    x = _t(np.array([0.3, -1.2]))
    detached = _wrong_grad(lambda x, dy: dy * x.detach() * 2)
    assert gradcheck(detached, x)
    assert not gradgradcheck(detached, x, raise_exception=False)
    v = _t(np.array([1.0, -2.0]))
    assert gradgradcheck(_wrong_grad(lambda x, dy: dy * x * 2), x, v)


def test_angle_double_grad_wrt_cotangent():
    z = _t(np.array([-1.2 - 1.9j, 0.5 + 0.3j]))
    assert gradgradcheck(paddle.angle, z)


def test_low_precision_inputs_warn():
    """As torch: float32 (or complex64) inputs make the central differences meaningless at the
    default eps, so gradcheck warns (the check may still pass with loose tolerances)."""
    x = paddle.to_tensor([0.5, 1.5], dtype="float32", stop_gradient=False)
    with pytest.warns(UserWarning, match="not float64 or complex128 but float32"):
        gradcheck(lambda a: a * 2.0, x, eps=1e-2, atol=1e-2, rtol=1e-2)
    z = _t(np.array([0.5 + 1j]))
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert gradcheck(lambda a: a * a, z)
