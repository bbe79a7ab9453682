"""Sparse <-> dense conveniences: paddle.to_tensor / assign of a sparse tensor give a sparse copy
(Paddle 3.3.1 raises an internal OSError: docs/differences.md), a list holding one,
paddle.Tensor(sparse) and paddle.save of one raise TypeError instead of silently keeping only
the values (what they did before)."""
import io

import numpy as np
import pytest

import eagergraph as paddle

DENSE = np.array([[0., 1., 0.], [2., 0., 3.]], np.float32)


def _pair():
    d = paddle.to_tensor(DENSE)
    return d.to_sparse_coo(2), d.to_sparse_csr()


@pytest.mark.parametrize("kind", ["coo", "csr"])
def test_to_tensor_copies_sparse(kind):
    x = _pair()[kind == "csr"]
    y = paddle.to_tensor(x)
    assert y is not x and y.is_sparse() and y.is_sparse_coo() == (kind == "coo")
    assert y.shape == [2, 3] and y.dtype == paddle.float32 and y.stop_gradient
    np.testing.assert_array_equal(y.to_dense().numpy(), DENSE)
    z = paddle.to_tensor(x, dtype="float64", stop_gradient=False, place=paddle.CPUPlace())
    assert z.dtype == paddle.float64 and not z.stop_gradient
    np.testing.assert_array_equal(z.to_dense().numpy(), DENSE)
    # a copy: writing the copy's values leaves x alone
    y._data[...] = 7
    np.testing.assert_array_equal(x.to_dense().numpy(), DENSE)


def test_to_tensor_copy_is_a_leaf_with_its_own_grad():
    x = paddle.to_tensor(DENSE).to_sparse_coo(2)
    y = paddle.to_tensor(x, stop_gradient=False)
    paddle.sparse.sum(y).backward()
    assert y.grad.is_sparse_coo()
    np.testing.assert_array_equal(y.grad.values().numpy(), np.ones(3, np.float32))
    assert x.grad is None


def test_assign_of_sparse_is_a_differentiable_copy():
    x = paddle.to_tensor(DENSE).to_sparse_coo(2)
    x.stop_gradient = False
    y = paddle.assign(x)
    assert y.is_sparse_coo() and not y.stop_gradient
    paddle.sparse.sum(paddle.sparse.multiply(y, y)).backward()
    np.testing.assert_array_equal(x.grad.values().numpy(), 2 * np.array([1., 2., 3.], np.float32))
    with pytest.raises(TypeError, match="output= is not supported"):
        paddle.assign(x, output=paddle.zeros([3]))


def test_refused_instead_of_dropping_the_pattern():
    coo, csr = _pair()
    with pytest.raises(TypeError, match="list holds a sparse COO tensor"):
        paddle.to_tensor([coo])
    with pytest.raises(TypeError, match=r"paddle.Tensor\(x\) with a sparse CSR tensor"):
        paddle.Tensor(csr)
    for x in (coo, csr, {"w": coo}, [csr]):
        with pytest.raises(TypeError, match="cannot be saved"):
            paddle.save(x, io.BytesIO())
