"""Reductions: Paddle's output dtypes, 0-d and keepdim shapes, axis forms, empty inputs, and the
errors Paddle raises (checked against Paddle 3.3) -- what the op table can't express."""
import warnings

import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F

REDUCE = ["sum", "mean", "max", "min", "prod", "all", "any", "logsumexp"]


def t(data, dtype=None):
    return paddle.to_tensor(np.asarray(data), dtype=dtype)


X = [[1.0, 2.0, 3.0], [4.0, 5.0, 7.0]]


# ---------------------------------------------------------------- output dtypes
@pytest.mark.parametrize("dt,want", [("bool", "int64"), ("int32", "int64"), ("int64", "int64"),
                                     ("uint8", "uint8"), ("int8", "int8"), ("int16", "int16"),
                                     ("float16", "float16"), ("bfloat16", "bfloat16"),
                                     ("complex64", "complex64")])
def test_sum_default_output_dtype(dt, want):
    assert paddle.sum(paddle.ones([2, 3], dtype=dt)).dtype.name == want


def test_sum_dtype_argument():
    i = t([[-1, -2, -3], [-4, -5, -7]], "int32")
    out = paddle.sum(i, dtype="float64")
    assert out.dtype.name == "float64" and out.item() == -22.0
    assert paddle.sum(i, dtype="int32").dtype.name == "int32"
    # elements are converted first: 1.7 -> 1, 2.6 -> 2
    assert paddle.sum(t([1.7, 2.6], "float32"), dtype="int32").item() == 3
    b = t([True, True, False])
    assert paddle.sum(b, dtype="int32").item() == 2
    assert paddle.sum(b, dtype=paddle.complex64).dtype.name == "complex64"
    assert paddle.sum(b, dtype="bool").dtype.name == "bool"


def test_sum_wraps_in_small_integer_dtypes():
    assert paddle.sum(t([100, 100], "int8")).item() == -56


def test_mean_integer_truncates_toward_zero_in_its_dtype():
    out = paddle.mean(t([[1, 2, 3], [4, 5, 7]], "int32"), axis=1)
    assert out.dtype.name == "int32" and out.tolist() == [2, 5]
    assert paddle.mean(t([[-1, -2, -3], [-4, -5, -7]], "int64"), 1).tolist() == [-2, -5]
    assert paddle.mean(t([[1, 2, 3], [4, 5, 7]], "int32")).item() == 3


def test_mean_of_bool_is_bool():
    out = paddle.mean(t([[True, False], [False, False]]), axis=1)
    assert out.dtype.name == "bool" and out.tolist() == [True, False]


def test_mean_and_prod_dtype_argument_converts_first():
    i = t([[-1, -2, -3], [-4, -5, -7]], "int32")
    out = paddle.mean(i, dtype="float64")
    assert out.dtype.name == "float64" and out.item() == pytest.approx(-22 / 6)
    out = paddle.prod(t([2, 3], "int8"), dtype="int64")
    assert out.dtype.name == "int64" and out.item() == 6


@pytest.mark.parametrize("dt", ["bool", "int32", "float64", "complex64"])
def test_all_any_are_bool(dt):
    x = t([[0, 1], [1, 1]]).astype(dt)
    assert paddle.all(x).dtype.name == "bool" and paddle.all(x).item() is False
    assert paddle.any(x, axis=0).tolist() == [True, True]
    assert paddle.all(x, axis=1).tolist() == [False, True]


def test_logsumexp_integer_input_computes_in_float32():
    old = paddle.get_default_dtype()
    paddle.set_default_dtype("float64")
    try:
        out = paddle.logsumexp(t([[-1, -2], [-3, -4]], "int32"))
    finally:
        paddle.set_default_dtype(old)
    assert out.dtype.name == "float32"
    assert out.item() == pytest.approx(np.log(np.exp([-1, -2, -3, -4]).sum()), rel=1e-6)


# ---------------------------------------------------------------- shapes and axis forms
@pytest.mark.parametrize("op", REDUCE)
def test_axis_forms_and_keepdim_shapes(op):
    f = getattr(paddle, op)
    x = t(X, "float32")
    assert f(x).shape == []
    for empty in ([], ()):
        assert f(x, axis=empty).shape == [] and np.allclose(f(x, axis=empty).numpy(),
                                                            f(x).numpy())
    assert f(x, keepdim=True).shape == [1, 1]
    assert f(x, axis=[1, 0], keepdim=True).shape == [1, 1]
    assert f(x, axis=[0, 1]).shape == []
    assert f(x, axis=-1, keepdim=True).shape == [2, 1]
    assert f(x, axis=(0,)).shape == [3]
    assert f(x, axis=np.int64(1)).shape == [2]
    assert f(x, axis=t(1)).shape == [2]
    assert f(x, axis=[t(1)]).shape == [2]
    assert getattr(x, op)(1).shape == [2]  # Tensor method


@pytest.mark.parametrize("op", REDUCE)
def test_zero_dim_input(op):
    f = getattr(paddle, op)
    z = t(3.0, "float32")
    for kw in ({}, {"axis": 0}, {"axis": -1}, {"axis": [0]}, {"keepdim": True}):
        out = f(z, **kw)
        assert out.shape == []
    with pytest.raises(ValueError, match=rf"{op}\(\).*0D Tensor"):
        f(z, axis=1)
    with pytest.raises(ValueError, match=rf"{op}\(\).*duplicate"):
        f(z, axis=[0, -1])


def test_values():
    x = t(X, "float64")
    assert paddle.sum(x, 0).tolist() == [5.0, 7.0, 10.0]
    assert paddle.mean(x, 1).numpy() == pytest.approx([2.0, 16 / 3])
    assert paddle.max(x, 1).tolist() == [3.0, 7.0]
    assert paddle.min(x).item() == 1.0
    assert paddle.prod(x).item() == 840.0
    assert paddle.logsumexp(x, 1).numpy() == pytest.approx(
        np.log(np.exp(np.asarray(X)).sum(1)))


def test_empty_inputs():
    e = paddle.zeros([0, 3])
    assert paddle.sum(e).item() == 0.0
    assert paddle.sum(e, axis=0).tolist() == [0.0, 0.0, 0.0]
    assert paddle.sum(e, axis=1).shape == [0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert np.isnan(paddle.mean(e).item())
        assert np.isneginf(paddle.logsumexp(e).item())
        assert paddle.logsumexp(e, axis=0).shape == [3]
    assert paddle.prod(e).item() == 1.0
    assert paddle.all(e).item() is True and paddle.any(e).item() is False
    assert paddle.max(e, axis=1).shape == [0]


@pytest.mark.parametrize("op", ["max", "min"])
def test_max_min_of_empty_axis_is_an_error(op):
    with pytest.raises(ValueError, match=rf"{op}\(\).*axis \(0\).*size of 0"):
        getattr(paddle, op)(paddle.zeros([0, 3]))
    with pytest.raises(ValueError, match=r"axis \(1\)"):
        getattr(paddle, op)(paddle.zeros([2, 0]))


def test_max_min_propagate_nan():
    x = t([1.0, np.nan, 3.0], "float32")
    assert np.isnan(paddle.max(x).item()) and np.isnan(paddle.min(x).item())


def test_logsumexp_is_stable_and_matches_paddle_on_infinities():
    assert paddle.logsumexp(t([1000.0, 1000.0], "float32")).item() == pytest.approx(
        1000 + np.log(2))
    assert paddle.logsumexp(t([0.0, -100.0], "float64")).item() == pytest.approx(0.0, abs=1e-40)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # Paddle subtracts the max without special-casing infinities: nan
        assert np.isnan(paddle.logsumexp(t([-np.inf, -np.inf], "float32")).item())
        assert np.isnan(paddle.logsumexp(t([np.inf, 1.0], "float32")).item())


# ---------------------------------------------------------------- argmax / argmin
@pytest.mark.parametrize("op", ["argmax", "argmin"])
def test_argmax_argmin(op):
    f = getattr(paddle, op)
    x = t([[1.0, 5, 3], [4, 2, 6]], "float32")
    out = f(x)
    assert out.dtype.name == "int64" and out.shape == []
    assert out.item() == (5 if op == "argmax" else 0)
    assert f(x, keepdim=True).shape == [1, 1]
    assert f(x, axis=1).tolist() == ([1, 2] if op == "argmax" else [0, 1])
    assert f(x, axis=-1, keepdim=True).shape == [2, 1]
    assert f(x, axis=1, dtype="int32").dtype.name == "int32"
    assert f(x, axis=1, dtype=paddle.int32).dtype.name == "int32"
    assert f(x, axis=1.0).shape == [2] and f(x, axis=t(1)).shape == [2]
    assert getattr(x, op)(axis=0).shape == [3]
    # ties: the first index
    assert f(t([1.0, 3, 3, 1], "float32")).item() == (1 if op == "argmax" else 0)
    z = t(2.0, "float32")
    assert f(z).shape == [] and f(z, axis=0).shape == []
    assert f(z, axis=0, keepdim=True).shape == [1] and f(z, keepdim=True).shape == []


@pytest.mark.parametrize("op", ["argmax", "argmin"])
def test_argmax_argmin_errors(op):
    f = getattr(paddle, op)
    x = paddle.zeros([2, 3])
    with pytest.raises(ValueError, match=rf"{op}\(\).*'axis'\(2\) must be less than Rank"):
        f(x, axis=2)
    with pytest.raises(ValueError, match=rf"{op}\(\).*-Rank"):
        f(x, axis=-3)
    with pytest.raises(ValueError, match=r"must be 0 or -1 if input tensor is 0-dim"):
        f(t(1.0), axis=1)
    with pytest.raises(TypeError, match=rf"{op}\(\).*'axis'.*list"):
        f(x, axis=[0])
    with pytest.raises(ValueError, match=r"must be \[int32\] or \[int64\], but received \[float32\]"):
        f(x, axis=1, dtype="float32")
    with pytest.raises(ValueError, match=rf"{op}\(\).*'dtype'.*None"):
        f(x, axis=1, dtype=None)
    with pytest.raises(ValueError, match=rf"{op}\(\).*empty"):
        f(paddle.zeros([0, 3]))
    with pytest.raises(ValueError, match=rf"{op}\(\).*size 0"):
        f(paddle.zeros([0, 3]), axis=0)
    assert f(paddle.zeros([0, 3]), axis=1).shape == [0]


# ---------------------------------------------------------------- errors
@pytest.mark.parametrize("op", REDUCE)
def test_bad_axis(op):
    f = getattr(paddle, op)
    x = paddle.zeros([2, 3])
    with pytest.raises(ValueError, match=rf"{op}\(\).*reduce dim index 0 .* dimension = 2.*= 2"):
        f(x, axis=2)
    with pytest.raises(ValueError, match=rf"{op}\(\).*= -3"):
        f(x, axis=-3)
    with pytest.raises(ValueError, match=rf"{op}\(\).*duplicate.*Dimension 0"):
        f(x, axis=[0, -2])
    with pytest.raises(TypeError, match=rf"{op}\(\).*'axis'.*float"):
        f(x, axis=1.0)
    with pytest.raises(TypeError, match=rf"{op}\(\).*'axis'.*str"):
        f(x, axis="a")
    with pytest.raises(TypeError, match=rf"{op}\(\).*'axis'"):
        f(x, axis=[1.5])


@pytest.mark.parametrize("op", REDUCE + ["argmax", "argmin"])
def test_non_tensor_x(op):
    with pytest.raises(ValueError, match=rf"{op}\(\): argument 'x' \(position 0\) must be Tensor"):
        getattr(paddle, op)([1.0, 2.0])
    with pytest.raises(ValueError, match=r"numpy.ndarray"):
        getattr(paddle, op)(np.ones(3))


@pytest.mark.parametrize("op,dt", [("max", "complex64"), ("min", "bool"), ("max", "int8"),
                                   ("mean", "uint8"), ("mean", "int16"), ("prod", "bool"),
                                   ("prod", "int8"), ("all", "int8"), ("any", "uint8"),
                                   ("argmax", "bool"), ("argmin", "int8"),
                                   ("argmax", "complex128"), ("logsumexp", "bool"),
                                   ("logsumexp", "complex64")])
def test_unsupported_dtype_is_not_found(op, dt):
    with pytest.raises(RuntimeError, match=rf"NotFound.*dtype={dt}.*`{op}`"):
        getattr(paddle, op)(paddle.ones([2]).astype(dt))


def test_softmax_is_also_a_top_level_function_and_method():
    x = t(X, "float32")
    # Paddle 3.3.1: paddle.softmax / Tensor.softmax are the torch-style (input, dim=None, dtype=None)
    # form, F.softmax keeps (x, axis=-1, dtype=None, name=None)
    assert paddle.softmax is not F.softmax
    np.testing.assert_allclose(x.softmax(0).numpy(), F.softmax(x, 0).numpy())
    np.testing.assert_allclose(paddle.softmax(x, dim=-1).numpy(), F.softmax(x).numpy())


def test_inputs_are_not_modified():
    a = np.asarray(X, np.float64)
    x = paddle.to_tensor(a)
    for op in REDUCE + ["argmax", "argmin"]:
        getattr(paddle, op)(x, 1)
    np.testing.assert_array_equal(x.numpy(), a)
