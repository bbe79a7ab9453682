"""Values at the edges where a formula taken literally goes wrong (inf * 0, 0 * log 0, ties,
NaN, INT64_MIN), each checked against the mathematically right answer, which is also Paddle
3.3.1's."""
import numpy as np
import pytest

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


# NaN inputs on purpose: NumPy flags the NaN products (Paddle does not warn)
@pytest.mark.filterwarnings("ignore:invalid value encountered:RuntimeWarning")
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


def test_bad_writes_and_arguments_raise_value_error():
    t = paddle.zeros([3])
    with pytest.raises(ValueError, match="Value type error"):
        t[0] = None
    with pytest.raises(ValueError, match="complex"):
        t.masked_fill_(paddle.to_tensor([True, False, True]), 1 + 2j)
    with pytest.raises(ValueError, match="max should be greater than or equal to min"):
        paddle.clip(paddle.to_tensor([1.0, 2.0]), 1.0, 0.5)
    with pytest.raises(ValueError, match="other than unknown section must be less"):
        paddle.split(paddle.zeros([2, 3]), [-1, 3], axis=1)
    assert [p.shape for p in paddle.split(paddle.zeros([2, 3]), [-1, 1], axis=1)] == \
        [[2, 2], [2, 1]]


def test_setitem_with_repeated_indices_assigns_the_last_value():
    x = paddle.zeros([4])
    x[[2, 2]] = 8.0
    np.testing.assert_array_equal(x.numpy(), [0, 0, 8, 0])
    x = paddle.zeros([4])
    v = paddle.to_tensor([1.0, 2.0, 3.0], stop_gradient=False)
    y = x.clone()
    y.stop_gradient = False
    z = y * 1.0
    z[paddle.to_tensor([1, 1, 3])] = v
    np.testing.assert_array_equal(z.numpy(), [0, 2, 0, 3])
    z.sum().backward()
    np.testing.assert_array_equal(v.grad.numpy(), [0, 1, 1])  # the overwritten 1.0 is unused
    np.testing.assert_array_equal(y.grad.numpy(), [1, 0, 1, 0])


def test_zero_size_reshape_and_the_grads_through_it():
    assert paddle.reshape(paddle.zeros([3, 0]), [0, 3]).shape == [0, 3]
    assert paddle.reshape(paddle.zeros([2, 0]), [0, 0]).shape == [0, 0]
    assert paddle.reshape(paddle.zeros([2, 3]), [0, 3]).shape == [2, 3]  # 0 copies here
    fns = [lambda x: paddle.unsqueeze(x, 0), lambda x: paddle.flatten(x),
           lambda x: x[None], lambda x: paddle.tile(x, [2, 1]),
           lambda x: paddle.max(x, axis=1), lambda x: paddle.prod(x, axis=0),
           lambda x: paddle.logsumexp(x, axis=0)]
    for f in fns:
        x = paddle.zeros([0, 3])
        x.stop_gradient = False
        f(x).sum().backward()
        assert x.grad.shape == [0, 3]


def test_concat_float_axis_range_index_and_paddle_grad_twice():
    a = paddle.ones([2, 2])
    a.stop_gradient = False
    y = paddle.concat([a, a], axis=1.5)  # truncated to 1, as Paddle
    assert y.shape == [2, 4]
    y.sum().backward()
    np.testing.assert_array_equal(a.grad.numpy(), np.full((2, 2), 2.0))
    x = paddle.arange(6).reshape([2, 3])
    np.testing.assert_array_equal(x[:, range(2)].numpy(), [[0, 1], [3, 4]])


def test_paddle_flags_and_arguments_as_paddle():
    with pytest.raises(AssertionError, match="outputs should not be None"):
        paddle.grad(None, None)
    with pytest.raises(AssertionError, match="inputs should not be None"):
        paddle.grad(paddle.ones([1]), None)
    x = paddle.zeros([2])
    x.set_value(np.ones(2, "float32"))
    assert x.inplace_version == 0 and x.numpy().tolist() == [1.0, 1.0]
    r = paddle.round(paddle.to_tensor([1.234, -2.56, 0.1251]), decimals=1)
    np.testing.assert_allclose(r.numpy(), [1.2, -2.6, 0.1], rtol=1e-6)
    np.testing.assert_array_equal(paddle.pow(paddle.to_tensor([2.0, 3.0]), True).numpy(),
                                  [2.0, 3.0])
    np.testing.assert_array_equal(paddle.pow(paddle.to_tensor([2.0, 3.0]), False).numpy(),
                                  [1.0, 1.0])


def test_modified_saved_tensor_error_carries_paddles_hint():
    a = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    b = a * 1.0
    y = paddle.exp(b)
    with paddle.no_grad():
        y.add_(paddle.ones([2]))
    with pytest.raises(RuntimeError, match="tensor_version:1 != wrapper_version_snapshot:0"):
        y.sum().backward()


def test_scale_on_bool_and_complex_remainder_as_paddle():
    b = paddle.to_tensor([True, False])
    # Paddle casts the attributes to bool: x * s + b is (x and s) or b
    assert paddle.scale(b, 2.0).numpy().tolist() == [True, False]
    assert paddle.scale(b, 0.0).numpy().tolist() == [False, False]
    assert paddle.scale(b, 1.0, -1.0).numpy().tolist() == [True, True]
    # complex remainder: x - y * q, q = x / y with both parts rounded half away from zero
    x = paddle.to_tensor([3.5 + 1.7j], dtype="complex128")
    y = paddle.to_tensor([1 + 1j], dtype="complex128")
    # x / y = 2.6 - 0.9j -> q = 3 - 1j, y * q = 4 + 2j
    np.testing.assert_allclose(paddle.remainder(x, y).numpy(), [-0.5 - 0.3j], atol=1e-12)
