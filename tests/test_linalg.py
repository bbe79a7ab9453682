"""matmul: Paddle's output shapes for 1-D, batched and transposed operands, its errors (checked
against Paddle 3.3), and the @ operator."""
import numpy as np
import pytest

import eagergraph as paddle


def z(shape, dtype="float32"):
    return paddle.zeros(list(shape), dtype=dtype)


# (x shape, y shape, transpose_x, transpose_y, output shape) -- from Paddle 3.3
SHAPES = [
    ((3,), (3,), False, False, []), ((3,), (3,), True, True, []),
    ((3,), (3, 4), False, False, [4]), ((3,), (3, 4), True, False, [4]),
    ((2, 3), (3,), False, False, [2]), ((2, 3), (3,), False, True, [2]),
    ((2, 3), (3, 4), False, False, [2, 4]), ((5, 2, 3), (3, 4), False, False, [5, 2, 4]),
    ((3,), (5, 3, 4), False, False, [5, 4]), ((3,), (5, 3, 4), True, False, [5, 4]),
    ((5, 2, 3), (3,), False, False, [5, 2]), ((5, 2, 3), (3,), False, True, [5, 2]),
    ((5, 1, 2, 3), (4, 3, 2), False, False, [5, 4, 2, 2]),
    ((1, 2, 3), (3, 3, 4), False, False, [3, 2, 4]), ((0, 3), (3, 2), False, False, [0, 2]),
    ((2, 0), (0, 3), False, False, [2, 3]), ((3, 2), (3, 4), True, False, [2, 4]),
    ((2, 3), (4, 3), False, True, [2, 4]), ((3, 2), (4, 3), True, True, [2, 4]),
]


@pytest.mark.parametrize("xs,ys,tx,ty,want", SHAPES)
def test_output_shapes(xs, ys, tx, ty, want):
    out = paddle.matmul(z(xs), z(ys), transpose_x=tx, transpose_y=ty)
    assert out.shape == want


# (x shape, y shape, transpose_x, transpose_y): the dims Paddle names in its message
@pytest.mark.parametrize("xs,ys,tx,ty,dims", [
    ((2, 3), (4, 5), False, False, (1, 0, 3, 4)), ((2, 3), (3, 4), True, False, (0, 0, 2, 3)),
    ((2, 3), (3, 4), False, True, (1, 1, 3, 4)), ((3,), (4,), False, False, (0, 0, 3, 4)),
    ((3,), (3, 4), False, True, (0, 1, 3, 4)), ((5, 2, 3), (3, 4), True, False, (1, 0, 2, 3))])
def test_inner_dimension_mismatch(xs, ys, tx, ty, dims):
    i, j, a, b = dims
    with pytest.raises(ValueError, match=rf"matmul\(\).*the \[{i}\] dimension of Input\(X\) must "
                                         rf"be equal to the \[{j}\] dimension of Input\(Y\).*"
                                         rf"is \[{a}\].*is \[{b}\]"):
        paddle.matmul(z(xs), z(ys), tx, ty)


def test_batch_dimension_mismatch():
    with pytest.raises(ValueError, match=r"matmul\(\).*X_broadcast's shape\[0\] = \[5\].*"
                                         r"Y_broadcast's shape\[0\] = \[4\]"):
        paddle.matmul(z((5, 2, 3)), z((4, 3, 4)))


def test_zero_dim_operand():
    with pytest.raises(ValueError, match=r"matmul\(\).*Input\(x\) dims size must be greater than 0"):
        paddle.matmul(z(()), z((3,)))
    with pytest.raises(ValueError, match=r"Input\(y\) dims size"):
        paddle.matmul(z((3,)), z(()))


@pytest.mark.parametrize("xd,yd", [("float32", "float64"), ("float32", "int32"),
                                   ("int64", "int32")])  # complex with real: test_complex_transform
def test_dtype_mismatch_is_an_error(xd, yd):
    with pytest.raises(ValueError, match=rf"matmul\(\).*\({xd}\).*\({yd}\).*must be the same"):
        paddle.matmul(z((2, 2), xd), z((2, 2), yd))


@pytest.mark.parametrize("dt", ["bool", "uint8", "int8", "int16"])
def test_unsupported_dtype(dt):
    with pytest.raises(RuntimeError, match=rf"NotFound.*dtype={dt}.*`matmul`"):
        paddle.matmul(z((2, 2), dt), z((2, 2), dt))


def test_non_tensor_operand():
    with pytest.raises(ValueError, match=r"matmul\(\): argument 'y' \(position 1\) must be "
                                         r"Tensor, but got numpy.ndarray"):
        paddle.matmul(z((2, 2)), np.ones((2, 2), np.float32))
    with pytest.raises(ValueError, match=r"argument 'x' \(position 0\).*list"):
        paddle.matmul([[1.0]], z((1, 1)))


@pytest.mark.parametrize("dt", ["int32", "int64", "float32", "float64", "complex128"])
def test_values_and_dtype(dt):
    rng = np.random.default_rng(0)
    a = rng.integers(-3, 4, (2, 4, 3)).astype(dt)
    b = rng.integers(-3, 4, (2, 4)).astype(dt)
    out = paddle.matmul(paddle.to_tensor(a), paddle.to_tensor(b), transpose_x=True,
                        transpose_y=True)
    assert out.dtype.name == dt
    np.testing.assert_allclose(out.numpy(), np.swapaxes(a, -1, -2) @ b.T)


def test_vector_dot_is_0d():
    out = paddle.matmul(paddle.to_tensor([1, 2, 3], "int64"), paddle.to_tensor([4, 5, 6], "int64"))
    assert out.shape == [] and out.dtype.name == "int64" and out.item() == 32


def test_operator_and_method():
    a = paddle.to_tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    b = paddle.to_tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
    want = a.numpy() @ b.numpy()
    np.testing.assert_array_equal((a @ b).numpy(), want)
    np.testing.assert_array_equal(a.matmul(b).numpy(), want)
    np.testing.assert_array_equal(a.matmul(a, transpose_y=True).numpy(), a.numpy() @ a.numpy().T)


def test_half_precision_runs_in_float32():
    a = paddle.ones([2, 3], dtype="float16")
    out = paddle.matmul(a, paddle.ones([3, 2], dtype="float16"))
    assert out.dtype.name == "float16" and out.tolist() == [[3.0, 3.0], [3.0, 3.0]]
