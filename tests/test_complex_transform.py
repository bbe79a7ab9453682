"""matmul/kron/dot with a complex and a real input: phi's kernel data transform
(eager/type_promotion.py complex_transform). Dtypes and error types as Paddle 3.3.1 gives them
(captured on CPU); values and gradients checked against NumPy."""
import numpy as np
import pytest

import eagergraph as paddle


def _t(dt):
    a = np.arange(1, 5).reshape(2, 2)
    if "complex" in dt:
        a = a + 1j * a[::-1]
    t = paddle.to_tensor(a.astype(dt))
    t.stop_gradient = False
    return t


# (op, x dtype, y dtype) -> result dtype, or the error type Paddle 3.3.1 raises
CASES = [
    ("matmul", "complex128", "float64", "complex128"),
    ("matmul", "float64", "complex128", "complex128"),
    ("matmul", "complex128", "float32", "complex128"),
    ("matmul", "complex64", "float32", "complex64"),
    ("matmul", "float32", "complex64", "complex64"),
    ("matmul", "complex64", "float16", "complex64"),
    ("matmul", "complex128", "int16", "complex128"),
    ("matmul", "complex64", "float64", NotImplementedError),   # complex64 cannot be cast
    ("matmul", "complex64", "complex128", NotImplementedError),
    ("matmul", "complex128", "int8", NotImplementedError),
    ("matmul", "complex128", "int64", ValueError),             # int64 is not transformed
    ("matmul", "complex64", "bool", ValueError),
    ("matmul", "float32", "float64", ValueError),
    ("kron", "complex128", "float64", "complex128"),
    ("kron", "float32", "complex64", "complex64"),
    ("kron", "complex64", "float64", NotImplementedError),
    ("dot", "complex128", "float64", "complex128"),
    ("dot", "complex64", "float64", "complex64"),              # dot's kernel: x's dtype
    ("dot", "float64", "complex128", ValueError),
    ("dot", "complex64", "complex128", NotImplementedError),
]


@pytest.mark.parametrize("op,xd,yd,want", CASES)
def test_complex_real_products(op, xd, yd, want):
    x, y = _t(xd), _t(yd)
    f = getattr(paddle, op)
    if isinstance(want, type):
        with pytest.raises(want):
            f(x, y)
        return
    out = f(x, y)
    assert out.dtype == getattr(paddle, want)
    xn, yn = x.numpy().astype(want), y.numpy().astype(want)
    ref = {"matmul": np.matmul, "kron": np.kron, "dot": lambda a, b: (a * b).sum(-1)}[op](xn, yn)
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-3)
    if "int" in yd:  # integer tensors get no gradient here (docs/differences.md)
        return
    # d(sum(real(out))) : a real input's gradient is the real part, in its own dtype
    gx, gy = paddle.grad(paddle.real(out).sum(), [x, y])
    assert gx.dtype == x.dtype and gy.dtype == y.dtype
    if op == "matmul":
        g = np.ones(ref.shape)
        want_gx, want_gy = g @ yn.conj().T, xn.conj().T @ g
        for got, w, src in ((gx, want_gx, x), (gy, want_gy, y)):
            w = w if src.is_complex() else w.real
            np.testing.assert_allclose(got.numpy(), w, rtol=1e-3)


def test_matmul_operator_and_transpose():
    x, y = _t("complex64"), _t("float32")
    assert (x @ y).dtype == paddle.complex64
    assert paddle.matmul(y, x, transpose_x=True).dtype == paddle.complex64
