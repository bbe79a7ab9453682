"""paddle.add_n and paddle.equal_all against NumPy."""
import numpy as np
import pytest

import eagergraph as paddle


def test_add_n_values_grads_and_dtypes():
    a_np, b_np = np.array([1.0, 2.0], np.float32), np.array([3.0, 4.0], np.float32)
    a = paddle.to_tensor(a_np, stop_gradient=False)
    b = paddle.to_tensor(b_np)
    s = paddle.add_n([a, a, b])
    np.testing.assert_array_equal(s.numpy(), 2 * a_np + b_np)
    assert s.stop_gradient is False
    (s * paddle.to_tensor([1.0, 10.0])).sum().backward()
    np.testing.assert_array_equal(a.grad.numpy(), [2.0, 20.0])
    one = paddle.add_n(a)  # a single Tensor is a list of one; the result is a new tensor
    assert one is not a and one.numpy().tolist() == [1.0, 2.0]
    assert paddle.add_n((a, b)).numpy().tolist() == [4.0, 6.0]
    assert a.add_n().numpy().tolist() == [1.0, 2.0]
    for dt in ("int32", "int64", "float16", "float64"):
        r = paddle.add_n([paddle.to_tensor([1, 2], dtype=dt)] * 3)
        assert r.dtype.name == dt and r.numpy().tolist() == [3, 6] and r.stop_gradient
    z = paddle.add_n([paddle.zeros([2, 0]), paddle.zeros([2, 0])])
    assert list(z.shape) == [2, 0]


def test_add_n_errors():
    a = paddle.to_tensor([1.0, 2.0])
    for bad in ([], [a, paddle.to_tensor([1.0])], [a, paddle.to_tensor([[1.0, 2.0]])],
                [a, paddle.to_tensor([1, 2])], [a, 1.0], 1.0, [a, None]):
        with pytest.raises(ValueError):
            paddle.add_n(bad)
    with pytest.raises(RuntimeError):
        paddle.add_n([paddle.to_tensor([True])] * 2)


def test_equal_all():
    a = paddle.to_tensor([1.0, 2.0])
    r = paddle.equal_all(a, a)
    assert list(r.shape) == [] and r.dtype == paddle.bool and r.stop_gradient and r.item()
    assert not paddle.equal_all(a, a * 2).item()
    assert not paddle.equal_all(a, paddle.to_tensor([1.0, 2.0, 3.0])).item()
    assert not paddle.equal_all(a, paddle.to_tensor([[1.0, 2.0]])).item()  # no broadcasting
    assert not paddle.equal_all(paddle.to_tensor(1.0), paddle.to_tensor([1.0])).item()
    assert not paddle.equal_all(paddle.to_tensor([np.nan]), paddle.to_tensor([np.nan])).item()
    assert paddle.equal_all(paddle.to_tensor([]), paddle.to_tensor([])).item()
    m = np.arange(6).reshape(2, 3)
    assert paddle.to_tensor(m).equal_all(paddle.to_tensor(m.copy())).item()
    assert paddle.equal_all(paddle.to_tensor([True]), paddle.to_tensor([True])).item()
    with pytest.raises(ValueError):
        paddle.equal_all(a, [1.0, 2.0])
    with pytest.raises(ValueError):
        paddle.equal_all(a, paddle.to_tensor([1, 2]))
    with pytest.raises(RuntimeError):
        paddle.equal_all(paddle.to_tensor([1 + 2j]), paddle.to_tensor([1 + 2j]))
