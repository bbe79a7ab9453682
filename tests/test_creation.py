"""Creation ops beyond the op table: Paddle's defaults and output dtypes, the forms `shape`
takes, Paddle's C++ conversions of fill values, arange/linspace values that match Paddle bit
for bit, and the errors bad arguments raise. Expected values were taken from Paddle 3.3.1."""
import contextlib

import numpy as np
import pytest

import eagergraph as paddle


@contextlib.contextmanager
def default_dtype(d):
    old = paddle.get_default_dtype()
    paddle.set_default_dtype(d)
    try:
        yield
    finally:
        paddle.set_default_dtype(old)


def check(t, dtype, values):
    assert isinstance(t, paddle.Tensor)
    assert t.dtype == getattr(paddle, dtype) if dtype != "bool" else t.dtype == paddle.bool
    np.testing.assert_array_equal(t.numpy().astype(np.float64) if dtype == "bfloat16"
                                  else t.numpy(), np.asarray(values))
    assert t.stop_gradient is True


# ---------------------------------------------------------------- defaults and dtypes
@pytest.mark.parametrize("value,dtype,want", [
    (3, "float32", 3.0), (2.5, "float32", 2.5), (True, "bool", True), (False, "bool", False),
    (1 + 2j, "complex128", 1 + 2j), (np.float64(1.5), "float32", 1.5),
    (np.int32(1), "float32", 1.0), ("3.5", "float32", 3.5),
])
def test_full_default_dtype(value, dtype, want):
    check(paddle.full([2], value), dtype, [want, want])


def test_full_tensor_fill_value():
    check(paddle.full([2], paddle.to_tensor(2.0)), "float32", [2.0, 2.0])
    check(paddle.full([2], paddle.full([], 7, "int32"), "int64"), "int64", [7, 7])


def test_zeros_ones_empty_defaults():
    check(paddle.zeros([2, 3]), "float32", np.zeros((2, 3)))
    check(paddle.ones([2]), "float32", [1, 1])
    check(paddle.zeros([2], "int32"), "int32", [0, 0])
    check(paddle.ones([2], "bool"), "bool", [True, True])
    check(paddle.ones([2], paddle.complex64), "complex64", [1, 1])
    check(paddle.ones([2], np.int16), "int16", [1, 1])
    check(paddle.empty([2, 3]), "float32", np.zeros((2, 3)))  # values unspecified; ours are 0
    check(paddle.empty([2], "int64"), "int64", [0, 0])


def test_creation_follows_default_dtype():
    with default_dtype("float64"):
        for t in (paddle.zeros([2]), paddle.ones([2]), paddle.empty([2]), paddle.full([2], 1),
                  paddle.arange(0.5, 2), paddle.linspace(0, 1, 3), paddle.eye(2)):
            assert t.dtype == paddle.float64
        assert paddle.arange(3).dtype == paddle.int64
        assert paddle.full([1], True).dtype == paddle.bool


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_half_dtypes(dtype):
    check(paddle.full([2], 1.5, dtype), dtype, [1.5, 1.5])
    check(paddle.zeros([2], dtype), dtype, [0, 0])
    check(paddle.ones([1, 2], dtype), dtype, [[1, 1]])
    check(paddle.full_like(paddle.zeros([2], dtype), 2), dtype, [2, 2])
    check(paddle.eye(2, dtype=dtype), dtype, np.eye(2))


def test_like_ops_keep_or_override_dtype():
    i = paddle.to_tensor([1, 2])
    f = paddle.to_tensor([[1.0, 2.0]], dtype="float64")
    check(paddle.full_like(i, 2.5), "int64", [2, 2])  # the value is converted to int
    check(paddle.full_like(i, 2.5, "float64"), "float64", [2.5, 2.5])
    check(paddle.full_like(f, True), "float64", [[1.0, 1.0]])
    check(paddle.full_like(f, 1 + 1j), "float64", [[1.0, 1.0]])
    check(paddle.full_like(f, paddle.to_tensor(3.0)), "float64", [[3.0, 3.0]])
    check(paddle.zeros_like(i), "int64", [0, 0])
    check(paddle.zeros_like(i, "float32"), "float32", [0, 0])
    check(paddle.ones_like(f), "float64", [[1, 1]])
    check(paddle.ones_like(f, "complex64"), "complex64", [[1, 1]])
    check(paddle.ones_like(paddle.to_tensor(1.0)), "float32", 1.0)
    check(paddle.empty_like(i, "float32"), "float32", [0, 0])
    check(paddle.empty_like(f), "float64", [[0, 0]])


def test_created_tensor_is_independent_of_input():
    x = paddle.to_tensor([1.0, 2.0])
    y = paddle.zeros_like(x)
    assert not np.shares_memory(x._data, y._data)
    np.testing.assert_array_equal(x.numpy(), [1.0, 2.0])


# ---------------------------------------------------------------- shape forms
@pytest.mark.parametrize("shape,want", [
    ([2, 3], (2, 3)), ((2, 3), (2, 3)), (3, (3,)), ([], ()), ([0, 2], (0, 2)),
    (np.int64(2), (2,)), (np.array([2, 3]), (2, 3)),
])
def test_shape_python_forms(shape, want):
    for t in (paddle.zeros(shape), paddle.full(shape, 1), paddle.empty(shape),
              paddle.rand(shape)):
        assert tuple(t.shape) == want


def test_shape_tensor_forms():
    assert paddle.full([paddle.to_tensor(2), 3], 1).shape == [2, 3]
    assert paddle.zeros([paddle.to_tensor(2, "int32"), paddle.to_tensor(3, "int64")]).shape \
        == [2, 3]
    assert paddle.ones(paddle.to_tensor([2, 3])).shape == [2, 3]
    assert paddle.rand(paddle.to_tensor([4], "int32")).shape == [4]


# ---------------------------------------------------------------- Paddle's value conversions
@pytest.mark.parametrize("value,dtype,want", [
    (3.7, "int32", 3), (-3.7, "int32", -3), (-1, "uint8", 255), (300, "uint8", 44),
    (2 ** 40, "int32", 0), (-129, "int8", 127), (1.5, "bool", True), (0.0, "bool", False),
    (2 + 3j, "float32", 2.0), (1e40, "float32", np.inf), (70000.0, "float16", np.inf),
    (65504.9, "float16", 65504.0), (float("inf"), "int32", -2 ** 31),
    (float("inf"), "int64", -2 ** 63), (float("inf"), "int8", 0),
    (2 ** 63 - 1, "int64", 2 ** 63 - 1), (1e40, "complex64", np.inf),
])
def test_full_converts_value_like_paddle(value, dtype, want):
    check(paddle.full([2], value, dtype), dtype, [want, want])


def test_full_like_converts_through_double():
    x = paddle.zeros([1], "int64")
    check(paddle.full_like(x, 2 ** 63 - 1), "int64", [-2 ** 63])
    check(paddle.full_like(paddle.zeros([1], "int32"), 2 ** 31), "int32", [-2 ** 31])
    check(paddle.full_like(paddle.zeros([1], "int32"), float("inf")), "int32", [-2 ** 31])
    check(paddle.full_like(paddle.zeros([1]), float("-inf")), "float32", [-np.inf])
    check(paddle.full_like(paddle.to_tensor([True]), 0.5), "bool", [True])


@pytest.mark.parametrize("x_dtype,value,range_text", [
    ("bool", 3, "between 0.000000 and 1.000000"),
    ("bool", -1, "between 0.000000 and 1.000000"),
    ("uint8", -1, "between 0.000000 and 255.000000"),
    ("int32", 2 ** 40, "between -2147483648.000000 and 2147483648.000000"),
    ("float16", 70000, "between -65504.000000 and 65504.000000"),
    ("float32", 1e40, "kernel type is float32"),
])
def test_full_like_out_of_range_value(x_dtype, value, range_text):
    x = paddle.zeros([2], x_dtype)
    with pytest.raises(ValueError, match=r"full_like\(\): \(InvalidArgument\) The filled value "
                                         r"is out of range") as e:
        paddle.full_like(x, value)
    assert range_text in str(e.value)


# ---------------------------------------------------------------- arange
@pytest.mark.parametrize("args,dtype,want", [
    ((5,), "int64", [0, 1, 2, 3, 4]),
    ((1, 5), "int64", [1, 2, 3, 4]),
    ((5.0,), "float32", [0, 1, 2, 3, 4]),
    ((0, 1, 0.3), "float32", np.float32([0.0, 0.3, 0.6, 0.90000004])),
    ((5, 0, -1), "int64", [5, 4, 3, 2, 1]),
    ((5, 0), "int64", []),
    ((np.int32(3),), "int64", [0, 1, 2]),
    ((np.float64(2.5),), "float32", [0, 1, 2]),
    ((True,), "int64", [0]),
    ((-7, 10, 3), "int64", [-7, -4, -1, 2, 5, 8]),
    ((0.1, 0.4, 0.1), "float32", np.float32([0.1, 0.2, 0.3])),
])
def test_arange_values_and_default_dtype(args, dtype, want):
    t = paddle.arange(*args)
    assert t.dtype == getattr(paddle, dtype)
    np.testing.assert_array_equal(t.numpy(), np.asarray(want, t.numpy().dtype))


def test_arange_converts_to_dtype_first():
    check(paddle.arange(0.5, 3, 1, "int32"), "int32", [0, 1, 2])
    check(paddle.arange(0, 5, 2, "float64"), "float64", [0.0, 2.0, 4.0])


def test_arange_tensor_arguments():
    check(paddle.arange(paddle.to_tensor(3)), "int64", [0, 1, 2])
    check(paddle.arange(paddle.to_tensor(3.0)), "float32", [0, 1, 2])
    check(paddle.arange(paddle.to_tensor(1), 5), "int64", [1, 2, 3, 4])
    check(paddle.arange(1, paddle.to_tensor(4.0)), "float32", [1, 2, 3])
    check(paddle.arange(paddle.to_tensor(1, "int32"), paddle.to_tensor(3, "int32")), "int64",
          [1, 2])


def test_arange_float_accumulates_like_paddle():
    # Paddle's kernel does `value += step` in float32: 10000 steps of 0.1 end at 999.8029,
    # not 999.9 (what start + i * step gives)
    t = paddle.arange(0, 1000, 0.1)
    assert t.shape == [10000]
    want = np.add.accumulate(np.r_[np.float32(0), np.full(9999, np.float32(0.1))],
                             dtype=np.float32)
    np.testing.assert_array_equal(t.numpy(), want)
    assert t.numpy()[-1] == np.float32(999.8029)


@pytest.mark.parametrize("args,match", [
    ((0, 5, 0), r"arange\(\): \(InvalidArgument\) The step of range op should not be 0"),
    ((0, 5, 0.5, "int32"), r"The step of range op should not be 0"),
    ((0, float("inf")), r"arange\(\): The value of end must be finite, but received: inf"),
    ((float("nan"), 2.0), r"The value of start must be finite"),
])
def test_arange_bad_values(args, match):
    with pytest.raises(ValueError, match=match):
        paddle.arange(*args)


@pytest.mark.parametrize("dtype", ["bool", "int16", "complex64"])
def test_arange_unsupported_dtype(dtype):
    with pytest.raises(RuntimeError, match=r"\(NotFound\).*`arange` is not registered"):
        paddle.arange(0, 5, 1, dtype)


# ---------------------------------------------------------------- linspace
@pytest.mark.parametrize("args,dtype,want", [
    ((0, 1, 5), "float32", [0.0, 0.25, 0.5, 0.75, 1.0]),
    ((0, 1, 5, "int32"), "int32", [0, 0, 0, 0, 1]),
    ((0, 10, 5, "int64"), "int64", [0, 2, 5, 7, 10]),
    ((-1, 10, 4, "int32"), "int32", [-1, 2, 6, 10]),
    ((0.7, 9.9, 4, "int32"), "int32", [0, 3, 6, 9]),
    ((0, 1, 1), "float32", [0.0]),
    ((0, 1, 0), "float32", []),
    # float32 arithmetic, as Paddle: 10 + (-10/3) is 6.666667 (one ulp above float64's)
    ((10, 0, 4), "float32", np.float32([10.0, 6.666667, 3.3333333, 0.0])),
])
def test_linspace_values(args, dtype, want):
    t = paddle.linspace(*args)
    assert t.dtype == getattr(paddle, dtype)
    np.testing.assert_array_equal(t.numpy(), np.asarray(want, t.numpy().dtype))


def test_linspace_tensor_arguments_keep_requested_dtype():
    t = paddle.linspace(paddle.to_tensor(0.0, "float64"), paddle.to_tensor(1.0), 3)
    check(t, "float32", [0.0, 0.5, 1.0])
    check(paddle.linspace(0, 1, paddle.to_tensor(3, "int32"), "float64"), "float64",
          [0.0, 0.5, 1.0])


def test_linspace_bad_arguments():
    with pytest.raises(ValueError, match=r"linspace\(\): \(InvalidArgument\) The num of "
                                         r"linspace op should be larger than or equal to 0, "
                                         r"but received num is -1"):
        paddle.linspace(0, 1, -1)
    with pytest.raises(TypeError, match=r"linspace\(\): argument 'num' .* must be int, but got "
                                        r"float"):
        paddle.linspace(0, 1, 2.5)
    with pytest.raises(RuntimeError, match=r"`linspace` is not registered"):
        paddle.linspace(0, 1, 3, "complex64")


# ---------------------------------------------------------------- eye
def test_eye():
    check(paddle.eye(3), "float32", np.eye(3))
    check(paddle.eye(2, 3), "float32", np.eye(2, 3))
    check(paddle.eye(2, 3, "int32"), "int32", np.eye(2, 3))
    check(paddle.eye(2, None, "int64"), "int64", np.eye(2))
    check(paddle.eye(2, 3, "complex64"), "complex64", np.eye(2, 3))
    check(paddle.eye(0), "float32", np.zeros((0, 0)))
    check(paddle.eye(paddle.to_tensor(2)), "float32", np.eye(2))
    check(paddle.eye(np.int64(2), paddle.to_tensor([1])), "float32", np.eye(2, 1))
    check(paddle.eye(paddle.to_tensor(2.7)), "float32", np.eye(2))


@pytest.mark.parametrize("args,match", [
    ((-1,), r"eye\(\): num_rows should be a non-negative int"),
    ((2, -1), r"eye\(\): num_columns should be a non-negative int"),
    ((2.5,), r"eye\(\): num_rows should be a non-negative int"),
    ((paddle.to_tensor([2, 3]),), r"num_rows should be a non-negative int"),
])
def test_eye_bad_sizes(args, match):
    with pytest.raises(TypeError, match=match):
        paddle.eye(*args)


def test_eye_bool_is_not_supported():
    with pytest.raises(RuntimeError, match=r"`eye` is not registered.*supports these dtypes"):
        paddle.eye(2, 3, "bool")


# ---------------------------------------------------------------- errors
@pytest.mark.parametrize("fn", [paddle.zeros, paddle.ones, paddle.empty,
                                lambda s: paddle.full(s, 1)])
def test_negative_shape(fn):
    with pytest.raises(ValueError, match=r"(full|empty)\(\): \(InvalidArgument\) Each value of "
                                         r"attribute 'shape' is expected to be no less than 0\. "
                                         r"But received: shape\[1\] = -1; shape = \[2, -1\]"):
        fn([2, -1])


@pytest.mark.parametrize("shape,match", [
    ([2.5], r"\(InvalidType\) full\(\): argument 'shape' \(position 0\) must be int, but got "
            r"float"),
    ([2, None], r"must be int, but got NoneType"),
    ([paddle.to_tensor(2.0), 3], r"argument 'shape' .* must be int, but got .*Tensor"),
    ("a", r"full\(\): argument 'shape' \(position 0\) must be list, tuple, int, or Tensor, "
          r"but got str"),
    (2.0, r"must be list, tuple, int, or Tensor, but got float"),
])
def test_non_integer_shape(shape, match):
    with pytest.raises(TypeError, match=match):
        paddle.full(shape, 1)


def test_float_shape_tensor():
    with pytest.raises(TypeError, match=r"full\(\): argument 'shape' .*integer Tensor"):
        paddle.zeros(paddle.to_tensor([2.0, 3.0]))


@pytest.mark.parametrize("fn", [lambda v: paddle.full([2], v),
                                lambda v: paddle.full_like(paddle.zeros([2]), v)])
def test_bad_fill_value(fn):
    with pytest.raises(TypeError, match=r"(full|full_like)\(\): The fill_value should be int, "
                                        r"float, bool, complex.*NoneType"):
        fn(None)
    with pytest.raises(TypeError, match=r"The fill_value should be .* but received <class "
                                        r"'list'>"):
        fn([1])
    with pytest.raises(ValueError, match=r"fill_value 'abc' is not a numeric string"):
        fn("abc")
    with pytest.raises(ValueError, match=r"must be a scalar; a Tensor with 2 elements"):
        fn(paddle.to_tensor([2, 3]))


@pytest.mark.parametrize("fn", [paddle.zeros_like, paddle.ones_like, paddle.empty_like,
                                lambda x: paddle.full_like(x, 1)])
def test_like_ops_need_a_tensor(fn):
    with pytest.raises(ValueError, match=r"_like\(\): argument 'x' \(position 0\) must be "
                                         r"Tensor, but got list"):
        fn([1, 2])


def test_unknown_dtype():
    with pytest.raises(TypeError, match=r"full\(\): argument 'dtype' .*Unsupported dtype 'foo'"):
        paddle.full([2], 1, dtype="foo")
    with pytest.raises(TypeError, match=r"full_like\(\): argument 'dtype'"):
        paddle.zeros_like(paddle.zeros([2]), "foo")
