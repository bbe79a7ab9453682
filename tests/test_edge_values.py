"""Values at the edges where a formula taken literally goes wrong (inf * 0, 0 * log 0, ties,
NaN, INT64_MIN), each checked against the mathematically right answer, which is also Paddle
3.3.1's."""
import numpy as np

import eagergraph as paddle

INT64_MIN = np.iinfo(np.int64).min


def _grad(f, *values):
    xs = [paddle.to_tensor(v, stop_gradient=False) for v in values]
    f(*xs).sum().backward()
    return [x.grad.numpy() for x in xs]


def test_elu_grad_for_large_inputs_is_one_not_nan():
    g, = _grad(paddle.nn.functional.elu, [100.0, 1.0, -1.0, 0.0])
    np.testing.assert_allclose(g, [1.0, 1.0, np.exp(-1.0), 1.0], rtol=1e-6)


def test_pow_grads_at_zero():
    g, = _grad(lambda x: x ** 0, [0.0, 2.0])  # d/dx x^0 = 0 everywhere
    np.testing.assert_array_equal(g, [0.0, 0.0])
    gx, gy = _grad(paddle.pow, [0.0, 2.0], [2.0, 3.0])
    np.testing.assert_allclose(gx, [0.0, 3 * 2.0 ** 2], rtol=1e-6)  # y x^(y-1)
    np.testing.assert_allclose(gy, [0.0, 8 * np.log(2.0)], rtol=1e-6)  # d/dy 0^y = 0 for y > 0
    gx, = _grad(lambda x: paddle.pow(x, paddle.to_tensor([0.0, 0.0])), [0.0, 2.0])
    np.testing.assert_array_equal(gx, [0.0, 0.0])


def test_integer_pow_with_negative_exponent_truncates_and_zero_base_gives_zero():
    out = paddle.pow(paddle.to_tensor([0, 2, 1, -1]), paddle.to_tensor([-3, -1, -3, -3]))
    np.testing.assert_array_equal(out.numpy(), [0, 0, 1, -1])


def test_max_min_grad_is_shared_among_ties_and_nan_poisons_its_slice():
    g, = _grad(paddle.max, [3.0, 1.0, 3.0])
    np.testing.assert_array_equal(g, [0.5, 0.0, 0.5])
    g, = _grad(lambda x: paddle.min(x, axis=0), [[1.0, 1.0], [1.0, 2.0]])
    np.testing.assert_array_equal(g, [[0.5, 1.0], [0.5, 0.0]])
    g, = _grad(lambda x: paddle.max(x, axis=1), [[1.0, np.nan], [3.0, 2.0]])
    assert np.isnan(g[0]).all()
    np.testing.assert_array_equal(g[1], [1.0, 0.0])


def test_topk_with_int64_min_and_nan():
    v, i = paddle.topk(paddle.to_tensor([5, INT64_MIN, -1]), 2)
    np.testing.assert_array_equal(v.numpy(), [5, -1])
    np.testing.assert_array_equal(i.numpy(), [0, 2])
    v, i = paddle.topk(paddle.to_tensor([5.0, np.nan, -1.0]), 2)  # NaN is the largest
    assert np.isnan(v.numpy()[0]) and v.numpy()[1] == 5.0
    np.testing.assert_array_equal(i.numpy(), [1, 0])
    v, i = paddle.topk(paddle.to_tensor([5.0, np.nan, -1.0]), 2, largest=False)
    np.testing.assert_array_equal(v.numpy(), [-1.0, 5.0])


def test_floor_divide_promotes_with_a_0d_tensor_by_the_table():
    f32 = paddle.to_tensor([3.0, 4.0])
    assert paddle.floor_divide(f32, paddle.to_tensor(2.0, dtype="float64")).dtype == \
        paddle.float64
    i32 = paddle.to_tensor([3, 4], dtype="int32")
    out = paddle.floor_divide(i32, paddle.to_tensor(2, dtype="int64"))
    assert out.dtype == paddle.int64
    np.testing.assert_array_equal(out.numpy(), [1, 2])
    # the scalar rule still holds for the ops that have it: float32 stays float32
    assert paddle.remainder(f32, paddle.to_tensor(2.0, dtype="float64")).dtype == paddle.float32
