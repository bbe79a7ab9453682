"""Manipulation and index ops beyond the op table: Paddle's defaults, Tensor methods, Tensor
arguments, output dtypes, and the error types Paddle raises on bad input (messages name the op).
Behaviour checked against Paddle 3.3."""
import numpy as np
import pytest

import eagergraph as paddle

X = np.arange(24, dtype=np.float32).reshape(2, 3, 4)


def x():
    return paddle.to_tensor(X)


def idx(v, dtype="int64"):
    return paddle.to_tensor(v, dtype=dtype)


# ------------------------------------------------------------------ defaults and Tensor methods
def test_defaults():
    t = x()
    assert paddle.squeeze(paddle.zeros([1, 3, 1])).shape == [3]
    assert paddle.flatten(t).shape == [24]
    assert paddle.concat([t, t]).shape == [4, 3, 4]
    assert [o.shape for o in paddle.split(t, 2)] == [[1, 3, 4]] * 2
    assert [o.shape for o in paddle.chunk(t, 2)] == [[1, 3, 4]] * 2
    assert paddle.stack([t, t]).shape == [2, 2, 3, 4]
    assert [o.shape for o in paddle.unbind(t)] == [[3, 4]] * 2
    np.testing.assert_array_equal(paddle.gather(t, idx([1, 0])).numpy(), X[[1, 0]])
    np.testing.assert_array_equal(paddle.index_select(t, idx([1])).numpy(), X[[1]])


def test_tensor_methods():
    t = x()
    i = idx([0, 2])
    assert t.reshape([4, 6]).shape == [4, 6]
    assert t.reshape(4, 6).shape == [4, 6]
    assert paddle.reshape(t, 6, 4).shape == [6, 4]
    assert t.transpose([1, 0, 2]).shape == [3, 2, 4]
    assert t.transpose(2, 0).shape == [4, 3, 2]
    assert paddle.transpose(t, 0, 1).shape == [3, 2, 4]
    assert t.unsqueeze(0).squeeze().shape == [2, 3, 4]
    assert t.flatten(1).shape == [2, 12]
    assert [o.shape for o in t.split(2, -1)] == [[2, 3, 2]] * 2
    assert [o.shape for o in t.chunk(3, 1)] == [[2, 1, 4]] * 3
    assert [o.shape for o in t.unbind(1)] == [[2, 4]] * 3
    c = paddle.zeros([3, 1])
    assert c.expand([3, 2]).shape == [3, 2]
    assert c.expand(2, 3, 2).shape == [2, 3, 2]
    assert c.broadcast_to([2, 3, 5]).shape == [2, 3, 5]
    assert c.expand_as(paddle.zeros([2, 3, 2], "int32")).shape == [2, 3, 2]
    assert c.tile([2]).shape == [3, 2]
    np.testing.assert_array_equal(t.flip(1).numpy(), X[:, ::-1])
    np.testing.assert_array_equal(t.gather(i, 2).numpy(), X[:, :, [0, 2]])
    np.testing.assert_array_equal(t.index_select(i, 2).numpy(), X[:, :, [0, 2]])
    np.testing.assert_array_equal(t.slice([1], [1], [3]).numpy(), X[:, 1:3])
    np.testing.assert_array_equal(t.masked_select(t > 20).numpy(), X[X > 20])
    np.testing.assert_array_equal((t > 20).where(t, -t).numpy(), np.where(X > 20, X, -X))


def test_tensor_valued_arguments():
    t = x()
    assert paddle.reshape(t, idx([6, 4])).shape == [6, 4]
    assert paddle.reshape(t, [idx(6), 4]).shape == [6, 4]
    assert paddle.unsqueeze(t, idx([0, 1])).shape == [1, 1, 2, 3, 4]
    assert paddle.squeeze(paddle.zeros([1, 3, 1]), idx(0)).shape == [3, 1]
    assert paddle.concat([t, t], axis=idx(2)).shape == [2, 3, 8]
    assert [o.shape for o in paddle.split(t, 2, idx(2))] == [[2, 3, 2]] * 2
    assert [o.shape for o in paddle.split(t, [idx(1), 2], 1)] == [[2, 1, 4], [2, 2, 4]]
    assert paddle.expand(paddle.zeros([3, 1]), idx([3, 2])).shape == [3, 2]
    assert paddle.tile(paddle.zeros([3, 1]), idx([1, 3])).shape == [3, 3]
    assert paddle.gather(t, idx([0, 1]), idx(1)).shape == [2, 2, 4]
    assert paddle.slice(t, [0], idx([0]), idx([1])).shape == [1, 3, 4]


def test_int_and_tuple_arguments():
    t = x()
    assert paddle.reshape(t, 24).shape == [24]
    assert paddle.reshape(t, (6, 4)).shape == [6, 4]
    assert paddle.tile(paddle.zeros([3, 1]), 2).shape == [3, 2]
    assert paddle.flip(t, 0).shape == [2, 3, 4]
    assert paddle.squeeze(paddle.zeros([1, 3, 1]), (0,)).shape == [3, 1]
    assert paddle.concat([t, t], 1.0).shape == [2, 6, 4]
    assert paddle.gather(t, idx([0, 1]), 1.0).shape == [2, 2, 4]


@pytest.mark.parametrize("dt", ["bool", "int32", "int64", "float16", "bfloat16", "complex64"])
def test_output_dtype_is_input_dtype(dt):
    t = x().astype(dt)
    i = idx([0, 1])
    outs = [paddle.reshape(t, [6, 4]), paddle.transpose(t, [1, 0, 2]), paddle.squeeze(t),
            paddle.unsqueeze(t, 0), paddle.flatten(t), paddle.concat([t, t]),
            paddle.stack([t, t]), paddle.expand(t, [2, 2, 3, 4]), paddle.tile(t, [2]),
            paddle.flip(t, 0), paddle.slice(t, [0], [0], [1]), paddle.gather(t, i),
            paddle.index_select(t, i), paddle.gather_nd(t, idx([[0, 1]])),
            paddle.masked_select(t, paddle.ones([4], "bool")), paddle.where(t != t, t, t),
            paddle.strided_slice(t, [0], [1], [0], [-1])]
    outs += paddle.split(t, 2) + paddle.split(t, [1, 1]) + paddle.unbind(t)
    for o in outs:
        assert o.dtype == t.dtype


def test_index_outputs_are_int64():
    m = x() > 10
    assert paddle.nonzero(m).dtype == paddle.int64
    assert all(o.dtype == paddle.int64 for o in paddle.where(m))


def test_int32_index():
    t = x()
    np.testing.assert_array_equal(paddle.gather(t, idx([2, 0], "int32"), 1).numpy(),
                                  X[:, [2, 0]])
    np.testing.assert_array_equal(paddle.index_select(t, idx([1], "int32"), 1).numpy(),
                                  X[:, [1]])
    np.testing.assert_array_equal(paddle.gather_nd(t, idx([[1, 2]], "int32")).numpy(),
                                  X[[1], [2]])


def test_gather_zero_d_index_removes_the_axis():
    np.testing.assert_array_equal(paddle.gather(x(), idx(1), 1).numpy(), X[:, 1])


def test_split_and_chunk_values():
    parts = paddle.split(x(), [1, -1], 1)
    np.testing.assert_array_equal(parts[0].numpy(), X[:, :1])
    np.testing.assert_array_equal(parts[1].numpy(), X[:, 1:])
    parts = paddle.chunk(x(), 2, axis=-1)
    np.testing.assert_array_equal(parts[1].numpy(), X[:, :, 2:])
    assert paddle.unbind(paddle.zeros([0, 2])) == []


def test_where_scalars_and_promotion():
    c = x() > 5
    out = paddle.where(c, 1.0, 2.0)
    assert out.dtype == paddle.float32
    np.testing.assert_array_equal(out.numpy(), np.where(X > 5, 1.0, 2.0))
    assert paddle.where(c, True, False).dtype == paddle.bool
    assert paddle.where(c, x().astype("int64"), 2).dtype == paddle.int64
    assert paddle.where(c, x(), 0.5).dtype == paddle.float32
    assert paddle.where(c, x(), x().astype("float64")).dtype == paddle.float64
    assert paddle.where(c, x(), x().astype("float16")).dtype == paddle.float32
    out = paddle.where(c[0], x(), paddle.zeros([4]))
    np.testing.assert_array_equal(out.numpy(), np.where(X[0] > 5, X, 0))
    with pytest.raises(TypeError, match="where"):
        paddle.where(c, x(), 2)


def test_where_condition_only_is_nonzero_as_tuple():
    c = x() > 5
    got = paddle.where(c)
    assert isinstance(got, tuple) and len(got) == 3
    for g, w in zip(got, np.nonzero(X > 5)):
        np.testing.assert_array_equal(g.numpy(), w)
    got = paddle.nonzero(x(), as_tuple=True)
    assert [g.shape for g in got] == [[23]] * 3
    np.testing.assert_array_equal(paddle.nonzero(c).numpy(), np.argwhere(X > 5))


def test_non_view_outputs_are_writable_copies():
    t = x()
    for out in (paddle.expand(t, [2, 2, 3, 4]), paddle.flip(t, 0), paddle.tile(t, [1]),
                paddle.gather(t, idx([0]))):
        assert out._data.flags.writeable
        assert not np.shares_memory(out._data, t._data)


def test_ops_do_not_change_their_input():
    t = x()
    paddle.reshape(t, [4, 6])
    paddle.flip(t, [0, 1])
    paddle.split(t, 2)
    paddle.expand(t, [2, 2, 3, 4])
    np.testing.assert_array_equal(t.numpy(), X)


# ------------------------------------------------------------------------------------ errors
ERRORS = [
    # (callable, exception type, words the message must contain)
    (lambda: paddle.reshape(x(), [-1, -1]), ValueError, "reshape().*Only one"),
    (lambda: paddle.reshape(x(), [5, -1]), ValueError, "reshape().*divisible"),
    (lambda: paddle.reshape(x(), [7]), ValueError, "reshape().*capacity"),
    (lambda: paddle.reshape(x(), [-2, 12]), ValueError, "reshape().*negative"),
    (lambda: paddle.reshape(x(), [0, 0, 0, 0]), ValueError, "reshape()"),
    (lambda: paddle.transpose(x(), [2, 0, 0]), ValueError, "transpose().*repeated"),
    (lambda: paddle.transpose(x(), [3, 0, 1]), ValueError, "transpose().*range"),
    (lambda: paddle.transpose(x(), [1, 0]), ValueError, "transpose().*perm"),
    (lambda: paddle.squeeze(x(), 3), ValueError, "squeeze().*range"),
    (lambda: paddle.squeeze(paddle.zeros([]), 1), ValueError, "squeeze()"),
    (lambda: paddle.squeeze(x(), 1.0), TypeError, "squeeze().*axis"),
    (lambda: paddle.unsqueeze(x(), 4), ValueError, "unsqueeze().*larger"),
    (lambda: paddle.unsqueeze(x(), -5), ValueError, "unsqueeze().*less than 0"),
    (lambda: paddle.unsqueeze(x(), [0, 5]), ValueError, "unsqueeze()"),
    (lambda: paddle.unsqueeze(x(), 1.5), TypeError, "unsqueeze().*axis"),
    (lambda: paddle.flatten(x(), 2, 1), ValueError, "flatten().*stop_axis"),
    (lambda: paddle.flatten(x(), 3), ValueError, "flatten().*start_axis"),
    (lambda: paddle.flatten(paddle.zeros([]), 1), ValueError, "flatten().*0-D"),
    (lambda: paddle.concat([x(), x()], 3), ValueError, "concat().*range"),
    (lambda: paddle.concat([x(), x()[:, :2]], 0), ValueError, "concat().*shape"),
    (lambda: paddle.concat([x(), x()[0]], 0), ValueError, "concat().*shape"),
    (lambda: paddle.concat([x(), x().astype("float64")]), ValueError, "concat().*data_type"),
    (lambda: paddle.concat([paddle.zeros([]), paddle.zeros([])]), ValueError, "concat()"),
    (lambda: paddle.concat(x()), ValueError, "concat().*list of Tensors"),
    (lambda: paddle.concat([]), ValueError, "concat()"),
    (lambda: paddle.concat([x(), 1]), ValueError, "concat()"),
    (lambda: paddle.split(x(), 2, 1), ValueError, "split_with_num().*divisible"),
    (lambda: paddle.split(x(), 0, 1), ValueError, "split_with_num()"),
    (lambda: paddle.split(x(), -1, 1), ValueError, "split_with_num()"),
    (lambda: paddle.split(x(), [-1, -1], 1), ValueError, "split().*-1"),
    (lambda: paddle.split(x(), [1, 1], 1), ValueError, "split().*Sum"),
    (lambda: paddle.split(x(), [-2, 2], 1), ValueError, "split()"),
    (lambda: paddle.split(x(), 2, 3), ValueError, "split_with_num().*range"),
    (lambda: paddle.split(x(), 1.0), TypeError, "num_or_sections"),
    (lambda: paddle.split(x(), idx([1, 2])), TypeError, "num_or_sections"),
    (lambda: paddle.chunk(x(), 3, 2), ValueError, "divisible"),
    (lambda: paddle.chunk(x(), 0, 1), ValueError, "chunks"),
    (lambda: paddle.stack([x(), x()], 4), ValueError, "stack().*axis"),
    (lambda: paddle.stack([x(), x()], -5), ValueError, "stack().*axis"),
    (lambda: paddle.stack([x(), x()[0]]), ValueError, "stack().*shape"),
    (lambda: paddle.stack([x(), x().astype("float64")]), ValueError, "stack()"),
    (lambda: paddle.stack(x()), ValueError, "stack().*list of Tensors"),
    (lambda: paddle.stack([]), ValueError, "stack()"),
    (lambda: paddle.unbind(x(), 3), ValueError, "unbind().*axis"),
    (lambda: paddle.unbind(x(), -4), ValueError, "unbind().*axis"),
    (lambda: paddle.unbind(x(), 1.0), TypeError, "unbind().*axis"),
    (lambda: paddle.expand(paddle.zeros([3, 1]), [4, 4]), ValueError, "expand().*non-singleton"),
    (lambda: paddle.expand(paddle.zeros([3, 1]), [4]), ValueError, "expand().*rank"),
    (lambda: paddle.expand(paddle.zeros([3, 1]), [-1, -1, 4]), ValueError, "expand()"),
    (lambda: paddle.broadcast_to(paddle.zeros([3, 1]), [4, 4]), ValueError, "expand()"),
    (lambda: paddle.expand_as(paddle.zeros([3, 1]), paddle.zeros([2, 2])), ValueError,
     "expand()"),
    (lambda: paddle.tile(paddle.zeros([3, 1]), [-1, 3]), ValueError, "tile().*repeat_times"),
    (lambda: paddle.flip(x(), [0, 0]), ValueError, "flip().*repeated"),
    (lambda: paddle.flip(x(), 3), ValueError, "flip().*range"),
    (lambda: paddle.flip(paddle.zeros([]), 0), ValueError, "flip()"),
    (lambda: paddle.flip(x(), 1.0), TypeError, "flip().*axis"),
    (lambda: paddle.where((x() > 5).astype("int32"), x(), x()), ValueError, "where().*bool"),
    (lambda: paddle.where(x() > 5, x(), None), ValueError, "where().*both or neither"),
    (lambda: paddle.where(x() > 5, x(), paddle.zeros([5])), ValueError, "where().*Broadcast"),
    (lambda: paddle.where(x() > 5, x().astype("int32"), 2), TypeError, "where().*promotion"),
    (lambda: paddle.where(paddle.to_tensor(True)), ValueError, "nonzero().*dimension"),
    (lambda: paddle.nonzero(paddle.to_tensor(False)), ValueError, "nonzero()"),
    (lambda: paddle.slice(x(), 0, 0, 1), ValueError, "slice().*list or tuple"),
    (lambda: paddle.slice(x(), [], [], []), ValueError, "slice().*empty"),
    (lambda: paddle.slice(x(), [0], [0, 1], [1]), ValueError, "slice().*length"),
    (lambda: paddle.strided_slice(x(), [2], [0], [4], [0]), ValueError, "strided_slice().*0"),
    (lambda: paddle.gather(x(), idx([0, 2])), IndexError, "gather().*out of bounds"),
    (lambda: paddle.gather(x(), idx([5]), 1), IndexError, "gather()"),
    (lambda: paddle.gather(x(), idx([[0, 1]]), 1), ValueError, "gather().*last dim 1"),
    (lambda: paddle.gather(x(), idx([0]), 3), IndexError, "gather().*axis"),
    (lambda: paddle.gather(x(), idx([1.0], "float32"), 1), ValueError, "gather().*wrong type"),
    (lambda: paddle.gather(x(), [0, 1]), ValueError, "gather().*'index'.*Tensor"),
    (lambda: paddle.index_select(x(), idx([0, 2])), ValueError, "index_select().*out of bounds"),
    (lambda: paddle.index_select(x(), idx([[0, 1]]), 1), ValueError, "index_select().*1-D"),
    (lambda: paddle.index_select(x(), idx(1), 1), ValueError, "index_select().*1-D"),
    (lambda: paddle.index_select(x(), idx([1.0], "float32"), 1), ValueError,
     "index_select().*wrong type"),
    (lambda: paddle.index_select(x(), idx([0]), 3), IndexError, "index_select().*axis"),
    (lambda: paddle.index_select(x(), [0, 1]), ValueError, "index_select().*'index'.*Tensor"),
    (lambda: paddle.gather_nd(x(), idx([[0, 3]])), ValueError, "gather_nd().*out of bounds"),
    (lambda: paddle.gather_nd(x(), idx([[0, 1, 2, 3]])), ValueError, "gather_nd().*rank"),
    (lambda: paddle.gather_nd(x(), idx(1)), ValueError, "gather_nd().*rank"),
    (lambda: paddle.gather_nd(x(), idx([1.0], "float32")), ValueError, "gather_nd().*type"),
    (lambda: paddle.masked_select(x(), (x() > 5).astype("int32")), ValueError,
     "masked_select().*bool"),
    (lambda: paddle.masked_select(x(), paddle.ones([3], "bool")), RuntimeError,
     "masked_select().*Broadcast"),
    # attributes of the wrong Python type: TypeError (InvalidType), as in Paddle
    (lambda: paddle.reshape(x(), [6.0, 4]), TypeError, "reshape().*shape"),
    (lambda: paddle.stack([x(), x()], 1.0), TypeError, "stack().*axis"),
    (lambda: paddle.tile(x(), [1.0]), TypeError, "tile().*repeat_times"),
    (lambda: paddle.expand(paddle.zeros([3, 1]), [3, 2.0]), TypeError, "expand().*shape"),
    (lambda: paddle.slice(x(), [0], [0.0], [1]), TypeError, "slice().*starts"),
]


@pytest.mark.parametrize("fn,exc,words", ERRORS, ids=[f"err{i}" for i in range(len(ERRORS))])
def test_errors(fn, exc, words):
    with pytest.raises(exc, match=words.replace("()", r"\(\)")):
        fn()
