"""scatter_nd, scatter_nd_add, index_put(_), index_fill(_), masked_scatter(_), index_sample,
Tensor.put_along_axis_, where_ and t_: compositions in ops/indexing.py and ops/manipulation.py
(no op-table row of their own), checked against NumPy, by central differences (first and second
order, float64 and complex128), and, for duplicate indices where the gradient is a convention,
against Paddle's rule (every duplicate update gets its position's gradient; overwritten
positions of x get none). Inplace forms against the out-of-place op: value, version, gradient."""
import numpy as np
import pytest

import eagergraph as paddle
from tests.gradcheck import check_grads

RNG = np.random.default_rng(0)
A = RNG.standard_normal((3, 4))
C = A + 1j * RNG.standard_normal((3, 4))


def _i(a):
    return paddle.to_tensor(np.asarray(a, np.int64))


def _leaf(a):
    return paddle.to_tensor(a, stop_gradient=False)


# ------------------------------------------------------------------------------ scatter_nd(_add)
def test_scatter_nd_add():
    x = A  # float64 only: Paddle 3.3.1 has no complex scatter_nd_add kernel
    index = np.array([[1, 2], [0, 0], [1, 2], [-1, 3]])
    u = RNG.standard_normal(4)
    want = x.copy()
    np.add.at(want, tuple(np.moveaxis(index, -1, 0)), u)  # duplicates add up
    got = paddle.scatter_nd_add(paddle.to_tensor(x), _i(index), paddle.to_tensor(u))
    np.testing.assert_allclose(got.numpy(), want)
    check_grads(lambda t: paddle.scatter_nd_add(t[0], _i(index), t[1]), [x, u])
    # slices: index [..., 1] adds whole rows
    rows = np.array([[[1], [0]], [[1], [2]]])
    ur = np.ones((2, 2, 4), x.dtype)
    want = x.copy()
    np.add.at(want, rows[..., 0], ur)
    got = paddle.scatter_nd_add(paddle.to_tensor(x), _i(rows), paddle.to_tensor(ur))
    np.testing.assert_allclose(got.numpy(), want)
    check_grads(lambda t: paddle.scatter_nd_add(t[0], _i(rows), t[1]), [x, ur])


def test_scatter_nd():
    u = RNG.standard_normal((3, 2))
    want = np.zeros((4, 2))
    np.add.at(want, [1, 1, 3], u)
    got = paddle.scatter_nd(_i([[1], [1], [3]]), paddle.to_tensor(u), [4, 2])
    np.testing.assert_allclose(got.numpy(), want)
    assert got.dtype == paddle.float64
    check_grads(lambda t: paddle.scatter_nd(_i([[1], [1], [3]]), t[0], [4, 2]), [u])
    ints = paddle.scatter_nd(_i([[0], [0]]), _i([5, 6]), [3])
    assert ints.numpy().tolist() == [11, 0, 0] and ints.dtype == paddle.int64


def test_scatter_nd_add_errors():
    x = paddle.to_tensor([1.0, 2.0, 3.0], "float64")
    with pytest.raises(TypeError):
        paddle.scatter_nd_add(x, _i([[0]]), paddle.to_tensor([1.0], "float32"))
    with pytest.raises(ValueError):
        paddle.scatter_nd_add(x, _i([[0]]), paddle.to_tensor([1.0, 2.0], "float64"))
    with pytest.raises(IndexError):
        paddle.scatter_nd_add(x, _i([[3]]), paddle.to_tensor([1.0], "float64"))
    with pytest.raises(RuntimeError, match="NotFound"):  # Paddle has no complex kernel
        paddle.scatter_nd_add(x.astype("complex128"), _i([[0]]),
                              paddle.to_tensor([1.0], "complex128"))
    # an empty index: Paddle's Python returns x + updates (broadcast)
    got = paddle.scatter_nd_add(x, paddle.zeros([0, 1], "int64"), paddle.to_tensor(1.0, "float64"))
    assert got.numpy().tolist() == [2.0, 3.0, 4.0]


# ------------------------------------------------------------------------------------ index_put
@pytest.mark.parametrize("x", [A, C], ids=["float64", "complex128"])
def test_index_put(x):
    rows, cols = np.array([[0], [2]]), np.array([1, 3])  # broadcast to [2, 2], unique positions
    v = (np.arange(4.0).reshape(2, 2) + 1).astype(x.dtype)
    want = x.copy()
    want[rows, cols] = v
    got = paddle.index_put(paddle.to_tensor(x), (_i(rows), _i(cols)), paddle.to_tensor(v))
    np.testing.assert_allclose(got.numpy(), want)
    check_grads(lambda t: paddle.index_put(t[0], (_i(rows), _i(cols)), t[1]), [x, v])
    # accumulate with duplicates is linear: central differences apply
    acc = x.copy()
    np.add.at(acc, ([1, 1, 0],), np.ones((3, 4), x.dtype))
    got = paddle.index_put(paddle.to_tensor(x), (_i([1, 1, 0]),), paddle.to_tensor(
        np.ones((3, 4), x.dtype)), accumulate=True)
    np.testing.assert_allclose(got.numpy(), acc)
    check_grads(lambda t: paddle.index_put(t[0], (_i([1, 1, 0]),), t[1], True),
                [x, np.ones((1, 4), x.dtype)])  # value broadcast over the indexed rows
    # a bool mask
    m = np.array([True, False, True])
    want = x.copy()
    want[m] = x[0]
    got = paddle.index_put(paddle.to_tensor(x), (paddle.to_tensor(m),), paddle.to_tensor(x[0]))
    np.testing.assert_allclose(got.numpy(), want)
    check_grads(lambda t: paddle.index_put(t[0], (paddle.to_tensor(m),), t[1]), [x, x[0]])


def test_index_put_duplicates_follow_paddle():
    """Overwriting one position twice keeps the last value; the gradient is Paddle's
    index_put_grad: zero at the written positions of x, and every update gets the gradient
    of its position (checked against Paddle 3.3.1: value.grad == [2, 2, 4] here)."""
    x, v = _leaf(np.arange(5.0)), _leaf(np.array([10.0, 20.0, 30.0]))
    out = paddle.index_put(x, (_i([1, 1, 3]),), v)
    np.testing.assert_array_equal(out.numpy(), [0.0, 20.0, 2.0, 30.0, 4.0])
    w = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
    (out * paddle.to_tensor(w)).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [1.0, 0.0, 3.0, 0.0, 5.0])
    np.testing.assert_array_equal(v.grad.numpy(), w[[1, 1, 3]])


def test_index_put_inplace_matches_out_of_place():
    idx = (_i([0, 2]),)
    a = _leaf(A)
    ref = paddle.index_put(a * 1.0, idx, paddle.to_tensor(A[:2]))
    b = _leaf(A)
    y = b * 1.0
    v = y.inplace_version
    out = y.index_put_(idx, paddle.to_tensor(A[:2]))
    assert out is y and y.inplace_version == v + 1
    np.testing.assert_array_equal(y.numpy(), ref.numpy())
    w = paddle.to_tensor(RNG.standard_normal((3, 4)))
    (ref * w).sum().backward()
    (y * w).sum().backward()
    np.testing.assert_array_equal(b.grad.numpy(), a.grad.numpy())
    with pytest.raises(ValueError, match="data type"):
        paddle.index_put(paddle.to_tensor(A), idx, paddle.to_tensor(A[:2], "float32"))
    with pytest.raises(ValueError):
        paddle.index_put(paddle.to_tensor(A), idx, paddle.to_tensor(A))  # 3 rows into 2


# ----------------------------------------------------------------------------------- index_fill
@pytest.mark.parametrize("x", [A, C], ids=["float64", "complex128"])
def test_index_fill(x):
    want = x.copy()
    want[:, [0, 2]] = -1.0
    got = paddle.index_fill(paddle.to_tensor(x), _i([0, 2, 2]), 1, -1.0)
    np.testing.assert_allclose(got.numpy(), want)
    check_grads(lambda t: paddle.index_fill(t[0], _i([-1, 0]), 0, 2.0), [x])
    # a 0-D Tensor value gets the sum of the gradients of the filled positions
    check_grads(lambda t: paddle.index_fill(t[0], _i([1]), -1, t[1]),
                [x, np.asarray(0.5, x.dtype)])


def test_index_fill_inplace_and_errors():
    x = paddle.to_tensor(A)
    v = x.inplace_version
    out = x.index_fill_(_i([1]), 1, 0.5)
    want = A.copy()
    want[:, 1] = 0.5
    assert out is x and x.inplace_version == v + 1
    np.testing.assert_array_equal(x.numpy(), want)
    with pytest.raises(ValueError):
        paddle.index_fill(paddle.to_tensor(A), _i([0]), 2, 1.0)
    with pytest.raises(ValueError):
        paddle.index_fill(paddle.to_tensor(A), [0], 0, 1.0)
    with pytest.raises(ValueError):
        paddle.index_fill(paddle.to_tensor(A), _i([0]), 0, paddle.to_tensor([1.0, 2.0]))
    empty = paddle.index_fill(paddle.to_tensor(A), paddle.zeros([0], "int64"), 0, 9.0)
    np.testing.assert_array_equal(empty.numpy(), A)


# ------------------------------------------------------------------------------- masked_scatter
MASK = np.array([[True, False, True, False], [False, True, False, False],
                 [True, True, True, True]])


@pytest.mark.parametrize("x", [A, C], ids=["float64", "complex128"])
def test_masked_scatter(x):
    value = (np.arange(10.0) + 1).astype(x.dtype)
    want = x.copy()
    want[MASK] = value[:MASK.sum()]
    got = paddle.masked_scatter(paddle.to_tensor(x), paddle.to_tensor(MASK),
                                paddle.to_tensor(value))
    np.testing.assert_allclose(got.numpy(), want)
    check_grads(lambda t: paddle.masked_scatter(t[0], paddle.to_tensor(MASK), t[1]),
                [x, value])
    # the mask broadcasts against x (and x against the mask)
    row = np.array([True, False, False, True])
    want = x.copy()
    want[:, row] = value[:6].reshape(3, 2)
    got = paddle.masked_scatter(paddle.to_tensor(x), paddle.to_tensor(row),
                                paddle.to_tensor(value))
    np.testing.assert_allclose(got.numpy(), want)
    check_grads(lambda t: paddle.masked_scatter(t[0], paddle.to_tensor(MASK), t[1]),
                [x[:1], value])


def test_masked_scatter_inplace_and_errors():
    value = paddle.to_tensor(np.arange(10.0))
    ref = paddle.masked_scatter(paddle.to_tensor(A), paddle.to_tensor(MASK), value)
    x = paddle.to_tensor(A)
    v = x.inplace_version
    assert x.masked_scatter_(paddle.to_tensor(MASK), value) is x
    assert x.inplace_version == v + 1
    np.testing.assert_array_equal(x.numpy(), ref.numpy())
    with pytest.raises(AssertionError):  # fewer values than True positions
        paddle.masked_scatter(paddle.to_tensor(A), paddle.to_tensor(MASK),
                              paddle.to_tensor(np.arange(3.0)))
    with pytest.raises(AssertionError):  # dtypes differ
        paddle.masked_scatter(paddle.to_tensor(A), paddle.to_tensor(MASK),
                              paddle.to_tensor(np.arange(10.0), "float32"))


# --------------------------------------------------------------------------------- index_sample
@pytest.mark.parametrize("x", [A, C], ids=["float64", "complex128"])
def test_index_sample(x):
    index = np.array([[0, 0, 3], [1, 3, 3], [2, 2, 0]])
    got = paddle.index_sample(paddle.to_tensor(x), _i(index))
    np.testing.assert_array_equal(got.numpy(), np.take_along_axis(x, index, 1))
    check_grads(lambda t: paddle.index_sample(t[0], _i(index)), [x])  # repeats add up
    i32 = paddle.index_sample(paddle.to_tensor(x), paddle.to_tensor(index, "int32"))
    np.testing.assert_array_equal(i32.numpy(), np.take_along_axis(x, index, 1))
    with pytest.raises(ValueError):
        paddle.index_sample(paddle.to_tensor(x), _i([[0], [1]]))
    with pytest.raises(ValueError):
        paddle.index_sample(paddle.to_tensor(x[0]), _i([0]))


# ----------------------------------------------------------- put_along_axis_, where_ and t_
@pytest.mark.parametrize("reduce", ["assign", "add", "mul", "multiply", "mean", "amin", "amax"])
@pytest.mark.parametrize("include_self", [True, False])
def test_put_along_axis_inplace(reduce, include_self):
    idx = _i([[0, 0], [1, 3], [2, 2]])
    vals = paddle.to_tensor(RNG.standard_normal((3, 2)))
    ref = paddle.put_along_axis(paddle.to_tensor(A), idx, vals, 1, reduce, include_self)
    x = paddle.to_tensor(A)
    v = x.inplace_version
    out = x.put_along_axis_(idx, vals, 1, reduce, include_self)
    assert out is x and x.inplace_version == v + 1
    np.testing.assert_array_equal(x.numpy(), ref.numpy())
    assert not hasattr(paddle, "put_along_axis_")  # Paddle 3.3.1: Tensor method only


def test_put_along_axis_inplace_grad():
    idx = _i([[0], [1], [2]])
    a1, v1 = _leaf(A), _leaf(np.full((3, 1), 2.0))
    ref = paddle.put_along_axis(a1 * 1.0, idx, v1, 1, "mul")
    a2, v2 = _leaf(A), _leaf(np.full((3, 1), 2.0))
    y = a2 * 1.0
    y.put_along_axis_(idx, v2, 1, "mul")
    w = paddle.to_tensor(RNG.standard_normal((3, 4)))
    (ref * w).sum().backward()
    (y * w).sum().backward()
    np.testing.assert_allclose(a2.grad.numpy(), a1.grad.numpy())
    np.testing.assert_allclose(v2.grad.numpy(), v1.grad.numpy())


def test_where_inplace():
    cond = paddle.to_tensor([True, False, True])
    x, y = _leaf(np.array([1.0, 2.0, 3.0])), _leaf(np.array([4.0, 5.0, 6.0]))
    z = x * 1.0
    v = z.inplace_version
    out = cond.where_(z, y)  # Tensor.where_: self is the condition, x is written
    assert out is z and z.inplace_version == v + 1
    np.testing.assert_array_equal(z.numpy(), [1.0, 5.0, 3.0])
    (z * paddle.to_tensor([1.0, 2.0, 3.0])).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [1.0, 0.0, 3.0])
    np.testing.assert_array_equal(y.grad.numpy(), [0.0, 2.0, 0.0])
    b = paddle.to_tensor([1.0, 2.0])
    assert paddle.where_(paddle.to_tensor([False, True]), b, paddle.to_tensor([9.0])) is b
    np.testing.assert_array_equal(b.numpy(), [9.0, 2.0])
    with pytest.raises(ValueError):
        paddle.where_(cond, paddle.to_tensor([1.0, 2.0, 3.0]), 2.0)
    with pytest.raises(ValueError):
        paddle.where_(paddle.to_tensor([1.0]), paddle.to_tensor([1.0]), paddle.to_tensor([2.0]))


def test_t_inplace():
    a = _leaf(A)
    z = a * 1.0
    v = z.inplace_version
    assert z.t_() is z and z.inplace_version == v + 1
    np.testing.assert_array_equal(z.numpy(), A.T)
    w = RNG.standard_normal((4, 3))
    (z * paddle.to_tensor(w)).sum().backward()
    np.testing.assert_array_equal(a.grad.numpy(), w.T)
    one = paddle.to_tensor([1.0, 2.0])
    assert paddle.t_(one) is one
    with pytest.raises(ValueError):
        paddle.t_(paddle.zeros([1, 2, 3]))


# ----------------------------------------------- slice_scatter, select_scatter, diagonal_scatter
X3 = RNG.standard_normal((2, 3, 4))


@pytest.mark.parametrize("x", [X3, X3 + 1j * RNG.standard_normal(X3.shape)],
                         ids=["float64", "complex128"])
def test_slice_select_diagonal_scatter(x):
    v = np.ones((2, 2, 2), x.dtype) * 0.5
    want = x.copy()
    want[:, 0:3:2, 1:4:2] = v
    got = paddle.slice_scatter(paddle.to_tensor(x), paddle.to_tensor(v), [1, 2], [0, 1], [3, 4],
                               [2, 2])
    np.testing.assert_allclose(got.numpy(), want)
    check_grads(lambda t: paddle.slice_scatter(t[0], t[1], [1, 2], [0, 1], [3, 4], [2, 2]),
                [x, v])
    s = np.ones((2, 4), x.dtype)
    want = x.copy()
    want[:, -1] = s
    got = paddle.select_scatter(paddle.to_tensor(x), paddle.to_tensor(s), 1, -1)
    np.testing.assert_allclose(got.numpy(), want)
    check_grads(lambda t: paddle.select_scatter(t[0], t[1], 1, -1), [x, s])
    d = np.ones((2, 3), x.dtype)  # diagonal(x, 1, 1, 2): [2, 3]
    want = x.copy()
    i = np.arange(3)
    want[:, i, i + 1] = d
    got = paddle.diagonal_scatter(paddle.to_tensor(x), paddle.to_tensor(d), 1, 1, 2)
    np.testing.assert_allclose(got.numpy(), want)
    np.testing.assert_allclose(paddle.diagonal(got, 1, 1, 2).numpy(), d)
    # y gets its gradient here (Paddle 3.3.1's fill_diagonal_tensor gives y none)
    check_grads(lambda t: paddle.diagonal_scatter(t[0], t[1], 1, 1, 2), [x, d])


def test_scatter_into_slices_errors():
    x = paddle.to_tensor(X3)
    with pytest.raises(ValueError):
        paddle.slice_scatter(x, paddle.ones([2, 2, 2], "float64"), [1], [0], [1], [1])
    with pytest.raises(RuntimeError):
        paddle.select_scatter(x, paddle.ones([2, 3], "float64"), 1, 0)
    with pytest.raises(AssertionError):
        paddle.diagonal_scatter(paddle.to_tensor(A), paddle.ones([2], "float64"))
    # value is cast to x's dtype, as Paddle's astype
    got = paddle.slice_scatter(x, paddle.zeros([2, 1, 4], "float32"), [1], [0], [1], [1])
    assert got.dtype == paddle.float64 and not got.numpy()[:, 0].any()


def test_argwhere():
    a = np.array([[0.0, 1.0], [2.0, 0.0]])
    got = paddle.argwhere(paddle.to_tensor(a))
    np.testing.assert_array_equal(got.numpy(), np.argwhere(a))
    assert got.dtype == paddle.int64
    assert paddle.argwhere(paddle.zeros([2, 0])).shape == [0, 2]


def test_index_add_out_of_range_is_paddles_value_error():
    with pytest.raises(ValueError, match="index_add"):
        paddle.index_add(paddle.to_tensor(X3), _i([5]), 0, paddle.ones([1, 3, 4], "float64"))


def _inplace_on_copy(fn):
    """fn applied in place to a non-leaf copy of the first input (inplace needs a non-leaf)."""
    def run(t):
        y = t[0] * 1.0
        out = fn(y, *t[1:])
        assert out is y
        return y
    return run


@pytest.mark.parametrize("x", [A, C], ids=["float64", "complex128"])
def test_inplace_forms_second_order(x):
    """The inplace forms differentiate to second order like their out-of-place ops."""
    v = x[:2].copy()
    check_grads(_inplace_on_copy(lambda y, w: y.index_put_((_i([0, 2]),), w)), [x, v])
    check_grads(_inplace_on_copy(lambda y: y.index_fill_(_i([1]), 1, 0.5)), [x])
    check_grads(_inplace_on_copy(lambda y, w: y.masked_scatter_(paddle.to_tensor(MASK), w)),
                [x, np.arange(10.0).astype(x.dtype)])
    check_grads(_inplace_on_copy(lambda y, w: paddle.to_tensor(MASK).where_(y, w)),
                [x, x[::-1].copy()])
    check_grads(_inplace_on_copy(lambda y: y.t_()), [x])
    check_grads(_inplace_on_copy(lambda y, w: y.put_along_axis_(_i([[0], [1], [3]]), w, 1,
                                                                "add")),
                [x, np.ones((3, 1), x.dtype)])
