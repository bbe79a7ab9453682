"""Linalg behaviour the op table cannot express: Paddle's errors (messages captured from
paddlepaddle 3.3.1), singular matrices, broadcast batch shapes, the paddle.linalg namespace."""
import re

import numpy as np
import pytest

import eagergraph as paddle


def t(*shape, dtype="float64"):
    return paddle.to_tensor(np.random.default_rng(0).uniform(-1, 1, shape).astype(dtype))


@pytest.mark.parametrize("call, err, msg", [
    (lambda: paddle.bmm(t(2, 3), t(3, 2)), ValueError, "must be 3-dimensional in BmmOp"),
    (lambda: paddle.bmm(t(2, 2, 3), t(3, 3, 2)), ValueError, "same batch size"),
    (lambda: paddle.bmm(t(2, 2, 3), t(2, 2, 2)), ValueError, "width must be equal"),
    (lambda: paddle.mv(t(2, 3), t(2)), ValueError, "second dimension is expected"),
    (lambda: paddle.mv(t(3), t(3)), ValueError, "rank of input X should be 2"),
    (lambda: paddle.mv(t(2, 3), t(3, 1)), ValueError, "rank of input Vec should be 1"),
    (lambda: paddle.linalg.inv(t(2, 3)), ValueError, "last two dimensions are expected"),
    (lambda: paddle.linalg.inv(t(3)), ValueError, "no less than 2"),
    (lambda: paddle.linalg.inv(paddle.zeros([2, 2])), ValueError, "Input is not invertible"),
    (lambda: paddle.linalg.det(t(2, 3)), ValueError, "should be square matrix"),
    (lambda: paddle.linalg.solve(t(3, 3), t(2, 3)), ValueError, "X1's width must be equal"),
    (lambda: paddle.linalg.solve(t(3, 3), t(3, 2), left=False), ValueError,
     "Out * X = Y"),
    (lambda: paddle.linalg.solve(paddle.zeros([2, 2], "float64"), t(2, 2)), ValueError,
     "not invertible"),
    (lambda: paddle.addmm(t(2, 2), t(2, 3), t(2, 3)), ValueError, "width must be equal"),
    (lambda: paddle.addmm(t(3, 4), t(2, 3), t(3, 4)), ValueError, "dimension[0] must be 1"),
    (lambda: paddle.addmm(t(2, 3, 4), t(2, 3), t(3, 4)), ValueError, "should be 2 or 1"),
    (lambda: paddle.trace(t(3)), IndexError, "out of range"),
    (lambda: paddle.trace(t(3, 3), axis1=0, axis2=0), ValueError, "should not be identical"),
    (lambda: paddle.trace(t(3, 3), axis1=3), IndexError, "axis1 is out of range"),
])
def test_errors(call, err, msg):
    with pytest.raises(err, match=re.escape(msg)):
        call()


def test_shapes_and_namespace():
    assert paddle.linalg.solve(t(3, 3), t(3)).shape == [3]
    assert paddle.linalg.solve(t(2, 3, 3), t(3)).shape == [2, 3]
    assert paddle.linalg.solve(t(3, 3), t(2, 3, 2)).shape == [2, 3, 2]
    assert paddle.linalg.solve(t(3, 3), t(2, 3), left=False).shape == [2, 3]
    assert paddle.addmm(t(3), t(2, 3), t(3, 3)).shape == [2, 3]
    assert paddle.trace(t(2, 3, 4), axis1=-1, axis2=0).shape == [3]
    np.testing.assert_array_equal(paddle.trace(t(2, 3, 4), offset=5).numpy(), np.zeros(4))
    assert float(paddle.linalg.det(paddle.zeros([2, 2]))) == 0.0
    assert paddle.linalg.inv is paddle.inverse
    x = t(3, 3)
    assert x.solve(t(3)).shape == [3] and x.inverse().shape == [3, 3]


def test_addmm_inplace():
    inp, x, y = t(2, 4), t(2, 3), t(3, 4)
    ref = paddle.addmm(inp, x, y, beta=0.5, alpha=2.0).numpy()
    out = inp.addmm_(x, y, beta=0.5, alpha=2.0)
    assert out is inp
    np.testing.assert_allclose(inp.numpy(), ref)


def test_lapack_failures_raise_paddles_types_not_numpys():
    # inf/nan inputs: Paddle 3.3.1's svd raises ValueError (gesdd's argument check), eigh and
    # lstsq (gelss) RuntimeError; eig of a 1x1 gives LAPACK's nan (larger ones abort Paddle's
    # process: eagergraph raises ValueError); gels gives an all-NaN solution
    a = np.random.default_rng(0).standard_normal((3, 3))
    a[0, 0], a[1, 2] = np.nan, np.inf
    t = paddle.to_tensor(a)
    for call, err in [(lambda: paddle.linalg.svd(t), ValueError),
                      (lambda: paddle.linalg.eigh(t), RuntimeError),
                      (lambda: paddle.linalg.eig(t), ValueError),
                      (lambda: paddle.linalg.lstsq(t, t, driver="gelss"), RuntimeError)]:
        with pytest.raises(err) as e:
            call()
        assert not isinstance(e.value, np.linalg.LinAlgError)
    sol = paddle.linalg.lstsq(t, t, driver="gels")[0].numpy()
    assert np.isnan(sol).all()
    w, v = paddle.linalg.eig(paddle.to_tensor(np.array([[[np.nan]], [[np.inf]], [[2.0]]])))
    np.testing.assert_array_equal(w.numpy().ravel(),
                                  [complex(np.nan, 0), complex(np.nan, np.nan), 2 + 0j])
    np.testing.assert_array_equal(v.numpy(), np.ones((3, 1, 1), complex))


def test_lu_of_a_matrix_with_nan_propagates_it_as_paddles_getrf():
    # a leading NaN stays the pivot and the multipliers under it are NaN (SciPy's OpenBLAS
    # getrf keeps them finite); the values are Paddle 3.3.1's
    a = np.array([[np.nan, np.inf, -np.inf, 0.0], [0.0, 1.0, 2.0, 3.0], [0.5, 1.0, -1.0, 2.0]])
    lu, piv = paddle.linalg.lu(paddle.to_tensor(a))
    assert piv.numpy().tolist() == [1, 2, 3]
    got = lu.numpy()
    np.testing.assert_array_equal(got[0], a[0])
    assert np.isnan(got[1:]).all()
    b = np.array([[1.0, 2.0], [3.0, 4.0]])
    np.testing.assert_allclose(paddle.linalg.lu(paddle.to_tensor(b))[0].numpy(),
                               [[3.0, 4.0], [1 / 3, 2 - 4 / 3]])
