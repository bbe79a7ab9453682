"""Tensor.__getitem__: shapes and values as Paddle 3.3 gives them (checked against it), errors of
Paddle's types. Where Paddle and NumPy agree the reference is NumPy's own indexing; where they
differ (ints are basic indices in Paddle, applied before the advanced ones) the reference spells
out Paddle's two steps in NumPy."""
import numpy as np
import pytest

import eagergraph as paddle

A = np.arange(120).reshape(2, 3, 4, 5).astype(np.float32)
T = paddle.to_tensor
_ = slice(None)

# (index, reference on the NumPy array); index may hold Tensors
CASES = [
    (1, lambda a: a[1]),
    (-1, lambda a: a[-1]),
    ((0, 1), lambda a: a[0, 1]),
    ((0, 0, 0, 0), lambda a: a[0, 0, 0, 0]),
    (slice(None, None, -1), lambda a: a[::-1]),
    (slice(None, None, -2), lambda a: a[::-2]),
    ((_, slice(1, None, 2), slice(None, None, -3)), lambda a: a[:, 1::2, ::-3]),
    ((_, slice(2, 0, -1)), lambda a: a[:, 2:0:-1]),
    ((_, slice(-10, None, -1)), lambda a: a[:, -10::-1]),
    ((_, slice(None, -10, -1)), lambda a: a[:, :-10:-1]),
    (slice(-10, 1), lambda a: a[-10:1]),
    (slice(10, 20), lambda a: a[10:20]),
    ((Ellipsis, 1), lambda a: a[..., 1]),
    ((1, Ellipsis, 1), lambda a: a[1, ..., 1]),
    ((None, 1), lambda a: a[None, 1]),
    ((None, Ellipsis, None), lambda a: a[None, ..., None]),
    ((0, 0, 0, 0, None), lambda a: a[0, 0, 0, 0, None]),
    (None, lambda a: a[None]),
    (Ellipsis, lambda a: a[...]),
    ((), lambda a: a[()]),
    (True, lambda a: a[True]),
    (False, lambda a: a[False]),
    ((_, False), lambda a: a[:, False]),
    (np.int64(1), lambda a: a[1]),
    ((np.int64(1), np.int32(2)), lambda a: a[1, 2]),
    (slice(np.int64(1), None), lambda a: a[1:]),
    # 0-D tensors act as Python scalars
    (T(1), lambda a: a[1]),
    ((T(1), T(2)), lambda a: a[1, 2]),
    (T(True), lambda a: a[True]),
    ((T(True), 0), lambda a: a[None, 0]),
    (slice(T(1), T(2)), lambda a: a[1:2]),
    (slice(None, None, T(-1)), lambda a: a[::-1]),
    # advanced: int lists / arrays / tensors
    ([1], lambda a: a[[1]]),
    ([0, 1], lambda a: a[[0, 1]]),
    ([-1, -2], lambda a: a[[-1, -2]]),
    ([0, True], lambda a: a[[0, 1]]),
    ([[0, 1]], lambda a: a[np.array([[0, 1]])]),
    ([[0, 1], [1, 0]], lambda a: a[np.array([[0, 1], [1, 0]])]),
    ([], lambda a: a[np.zeros(0, np.int64)]),
    (np.array([1, 0]), lambda a: a[[1, 0]]),
    (T([0, 1], "int32"), lambda a: a[[0, 1]]),
    (T([[1]]), lambda a: a[np.array([[1]])]),
    (([0, 1], [1, 2]), lambda a: a[[0, 1], [1, 2]]),
    ((_, [0, 2]), lambda a: a[:, [0, 2]]),
    ((_, [0, 2], [1, 3]), lambda a: a[:, [0, 2], [1, 3]]),
    ((_, [0, 2], _, [1, 3]), lambda a: a[:, [0, 2], :, [1, 3]]),
    (([0, 1], _, [1, 2]), lambda a: a[[0, 1], :, [1, 2]]),
    ((Ellipsis, [1, 2]), lambda a: a[..., [1, 2]]),
    ((Ellipsis, [0, 1], _), lambda a: a[..., [0, 1], :]),
    (([0, 1], Ellipsis, [1, 2]), lambda a: a[[0, 1], ..., [1, 2]]),
    (([0, 1], None), lambda a: a[[0, 1], None]),
    ((_, [0, 1], None), lambda a: a[:, [0, 1], None]),
    ((T([[0], [1]]), T([0, 2])), lambda a: a[[[0], [1]], [0, 2]]),
    ((_, [[0], [1]], _, [0, 1, 2]), lambda a: a[:, [[0], [1]], :, [0, 1, 2]]),
    (([1, 0], slice(1, None), [1, 2]), lambda a: a[[1, 0], 1:, [1, 2]]),
    ((T([0, 1]),) * 4, lambda a: a[[0, 1], [0, 1], [0, 1], [0, 1]]),
    # Paddle: ints are basic indices, applied before the advanced ones (NumPy differs)
    ((0, _, [1, 2]), lambda a: a[0][:, [1, 2]]),
    ((_, 0, _, [1, 2]), lambda a: a[:, 0][:, :, [1, 2]]),
    (([0, 1], _, 1), lambda a: a[:, :, 1][[0, 1]]),
    ((_, [1, 2], _, 1), lambda a: a[:, :, :, 1][:, [1, 2]]),
    ((1, [1, 2], [0, 1]), lambda a: a[1][[1, 2], [0, 1]]),
    ((_, [1, 2], 1, [0, 1]), lambda a: a[:, :, 1][:, [1, 2], [0, 1]]),
    ((T(1), [0, 1]), lambda a: a[1][[0, 1]]),
    # bool masks
    (T([True, False]), lambda a: a[[True, False]]),
    ([True, False], lambda a: a[[True, False]]),
    (T(A[:, :, 0, 0] > 5), lambda a: a[a[:, :, 0, 0] > 5]),
    (T(A > 50), lambda a: a[a > 50]),
    ((_, T(np.arange(12).reshape(3, 4) > 5)), lambda a: a[:, np.arange(12).reshape(3, 4) > 5]),
    ((_, T([True, False, True])), lambda a: a[:, [True, False, True]]),
    ((T([True, False]), [1, 2]), lambda a: a[[True, False], [1, 2]]),
    ((T([True, True]), T([True, False, True])), lambda a: a[[True, True], [True, False, True]]),
    ((T([True, False]), 1), lambda a: a[:, 1][[True, False]]),
    ((0, T([True, False, True])), lambda a: a[0][[True, False, True]]),
]


def _ids():
    return [f"case{i}" for i in range(len(CASES))]


@pytest.mark.parametrize("index,ref", CASES, ids=_ids())
def test_getitem_matches_reference(index, ref):
    x = paddle.to_tensor(A)
    got = x[index]
    want = ref(A)
    assert isinstance(got, paddle.Tensor)
    assert got.shape == list(want.shape)
    assert got.dtype == paddle.float32
    np.testing.assert_array_equal(got.numpy(), want)


@pytest.mark.parametrize("dt", ["bool", "uint8", "int16", "int64", "float16", "bfloat16",
                                "float64", "complex64"])
def test_getitem_every_dtype(dt):
    x = paddle.to_tensor(A).astype(dt)
    for index in [1, (_, [0, 2]), ([0, 1], [1, 2]), T(A > 50), (Ellipsis, -1)]:
        got = x[index]
        ref = x._data[index._data if isinstance(index, paddle.Tensor) else index]
        assert got.dtype == x.dtype
        assert got.shape == list(ref.shape)
        if dt == "bfloat16":
            got, ref = got.astype("float32"), ref.astype(np.float32)
        np.testing.assert_array_equal(got.numpy(), ref)


def test_getitem_zero_d():
    x = paddle.to_tensor(3.0)
    assert x[None].shape == [1]
    assert x[...].shape == []
    assert x[()].shape == []
    assert x[True].shape == [1]
    assert x[T(True)].shape == [1]
    assert x[False].shape == [0]
    with pytest.raises(IndexError):
        x[0]
    with pytest.raises(ValueError, match="Too many indices"):
        x[:]


def test_getitem_returns_new_tensor_and_leaves_input_alone():
    x = paddle.to_tensor(A)
    y = x[...]
    assert y is not x
    np.testing.assert_array_equal(y.numpy(), A)
    z = x[::-1, [0, 2]]
    np.testing.assert_array_equal(x.numpy(), A)
    np.testing.assert_array_equal(z.numpy(), A[::-1][:, [0, 2]])


def test_iteration_and_len_use_getitem():
    x = paddle.to_tensor(A[:, :, 0, 0])
    rows = list(x)
    assert len(rows) == 2 and rows[1].shape == [3]
    np.testing.assert_array_equal(rows[1].numpy(), A[1, :, 0, 0])


@pytest.mark.parametrize("index,axis", [(2, 0), (-3, 0), ((0, 3), 1), ((0, -4), 1),
                                        (T(5), 0), ((_, _, _, 5), 3)])
def test_int_out_of_range_names_the_axis(index, axis):
    x = paddle.to_tensor(A)
    with pytest.raises(IndexError, match=f"axis {axis}"):
        x[index]


@pytest.mark.parametrize("index,axis", [([2], 0), (T([0, 2]), 0), ((_, [3]), 1), ((_, [-4]), 1),
                                        ((_, _, _, T([[5]])), 3)])
def test_advanced_out_of_range_names_the_axis(index, axis):
    # Paddle 3.3 reads out of bounds here; an IndexError is the useful answer
    x = paddle.to_tensor(A)
    with pytest.raises(IndexError, match=f"axis {axis} with size"):
        x[index]


def test_too_many_indices():
    x = paddle.to_tensor(A)
    with pytest.raises(IndexError):
        x[0, 0, 0, 0, 0]
    with pytest.raises(ValueError, match=r"Too many indices \(5\) for tensor of dimension 4"):
        x[:, :, :, :, :]
    with pytest.raises(ValueError, match="Too many indices"):
        x[0, 0, 0, 0, :]


@pytest.mark.parametrize("index", [1.0, "a", [1.0], T([1.0]), T([0, 1], "int16"),
                                   T([0, 1], "uint8"), slice(1.0, 2), {1: 2}])
def test_bad_index_types_raise_value_error(index):
    x = paddle.to_tensor(A)
    with pytest.raises(ValueError):
        x[index]


def test_bad_index_messages():
    x = paddle.to_tensor(A)
    with pytest.raises(ValueError, match="received float in the 0th slice item"):
        x[1.0]
    with pytest.raises(ValueError, match=r"wrong type, it holds \[float64\]"):
        x[[1.0]]
    with pytest.raises(ValueError, match="step cannot be zero"):
        x[::0]
    with pytest.raises(ValueError, match="single ellipsis"):
        x[..., ...]


def test_mask_shape_mismatch_raises_index_error():
    x = paddle.to_tensor(A)
    with pytest.raises(IndexError, match="boolean index 3 did not match indexed tensor 2 "
                                         "along axis 0"):
        x[T([True, False, True])]
    with pytest.raises(IndexError, match="along axis 1"):
        x[:, T([True, True])]


def test_advanced_indices_must_broadcast():
    x = paddle.to_tensor(A)
    with pytest.raises(ValueError, match="Broadcast dimension mismatch"):
        x[[0, 1], [0, 1, 2]]


def test_getitem_keeps_stop_gradient_default():
    x = paddle.to_tensor(A)
    assert x[0].stop_gradient
    assert x[[0, 1]].stop_gradient
