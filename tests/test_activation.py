"""paddle.nn.functional activations: values at Paddle's edge cases (expected numbers taken from
Paddle 3.3), argument handling, dtype support and errors."""
import warnings

import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F

X = [-3.0, -0.5, 0.0, 1.5, 25.0]


def t(data, dtype="float64"):
    return paddle.to_tensor(np.asarray(data), dtype=dtype)


def close(out, want, rtol=1e-6):
    np.testing.assert_allclose(out.numpy(), want, rtol=rtol, atol=1e-7)


@pytest.fixture(autouse=True)
def _no_warnings():
    """Paddle computes these silently: overflow or inf - inf must not print NumPy warnings."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


def test_gelu_exact_and_tanh():
    x = t(X)
    exact = [-0.0040497, -0.1542688, 0.0, 1.3997892, 25.0]
    approx = [-0.0036374, -0.154286, 0.0, 1.3995716, 25.0]
    close(F.gelu(x), exact, 1e-5)
    close(F.gelu(x, "none"), exact, 1e-5)
    close(F.gelu(x, True), approx, 1e-5)
    close(F.gelu(x, approximate="tanh"), approx, 1e-5)


def test_gelu_bad_approximate():
    with pytest.raises(ValueError, match=r"gelu\(\).*'tanh' or 'none', but received foo"):
        F.gelu(t(X), "foo")
    with pytest.raises(TypeError, match=r"gelu\(\).*approximate.*int"):
        F.gelu(t(X), 1)


def test_softplus_threshold_and_beta():
    x = t(X)
    close(F.softplus(x), [0.0485874, 0.474077, 0.6931472, 1.7014133, 25.0])
    close(F.softplus(x, beta=2, threshold=1), [0.0012378, 0.1566308, 0.3465736, 1.5, 25.0], 1e-5)
    close(F.softplus(x, -1), [-3.0485874, -0.974077, -0.6931472, -0.2014133, 0.0])
    assert np.isposinf(F.softplus(x, 0).numpy()).all()
    big = F.softplus(t([100.0, -100.0, 20.0, 21.0], "float32"))
    assert big.dtype.name == "float32"
    close(big, [100.0, 0.0, 20.0, 21.0])


def test_softplus_complex_compares_the_real_part():
    c = np.array([1 + 1j, -2 + 0.5j, 30 + 0j])
    out = F.softplus(paddle.to_tensor(c))
    assert out.dtype.name == "complex128"
    close(out, [np.log1p(np.exp(1 + 1j)), np.log1p(np.exp(-2 + 0.5j)), 30])


def test_elu_leaky_relu_relu_silu():
    x = t(X)
    close(F.elu(x), [-0.9502129, -0.3934693, 0.0, 1.5, 25.0])
    close(F.elu(x, alpha=2.0), [-1.9004259, -0.7869387, 0.0, 1.5, 25.0])
    close(F.elu(x, -1.0), [0.9502129, 0.3934693, 0.0, 1.5, 25.0])
    close(F.leaky_relu(x), [-0.03, -0.005, 0.0, 1.5, 25.0])
    close(F.leaky_relu(x, 2.0), [-6.0, -1.0, 0.0, 1.5, 25.0])
    close(F.leaky_relu(x, negative_slope=-0.5), [1.5, 0.25, 0.0, 1.5, 25.0])
    close(F.relu(x), [0.0, 0.0, 0.0, 1.5, 25.0])
    close(F.silu(x), [-0.1422776, -0.1887703, 0.0, 1.2263617, 25.0])
    assert F.silu(t([-1000.0, 1000.0], "float32")).tolist() == [0.0, 1000.0]


def test_nan_handling_matches_paddle():
    x = t([np.nan, -1.0], "float32")
    assert F.relu(x).tolist() == [0.0, 0.0]  # x > 0 ? x : 0
    out = F.leaky_relu(x).numpy()
    assert np.isnan(out[0]) and out[1] == pytest.approx(-0.01)


def test_softmax_values_and_paddle_clip():
    s = t([[1.0, 2, 3], [1000, 1000, -1000]], "float32")
    close(F.softmax(s), [[0.0900306, 0.2447285, 0.665241], [0.5, 0.5, 0.0]])
    close(F.log_softmax(s), [[-2.407606, -1.407606, -0.407606], [-0.6931472, -0.6931472,
                                                                 -64.6931472]], 1e-6)
    # Paddle clips x - max(x) at -64 before exp
    close(F.log_softmax(s, 0), [[-64.0, -64.0, 0.0], [0.0, 0.0, -64.0]])
    np.testing.assert_allclose(F.softmax(t([0.0, -100.0])).numpy(), [1.0, np.exp(-64.0)],
                               rtol=1e-12)
    assert F.log_softmax(t([0.0, -100.0])).tolist() == [0.0, -64.0]


def test_softmax_infinities_match_paddle():
    assert np.isnan(F.softmax(t([-np.inf, -np.inf], "float32")).numpy()).all()
    assert np.isnan(F.softmax(t([np.inf, 1.0], "float32")).numpy()).all()
    assert F.log_softmax(t([-np.inf, 1.0], "float32")).tolist() == [-64.0, 0.0]


def test_softmax_axis_and_shapes():
    z = t(2.0, "float32")
    assert F.softmax(z).item() == 1.0 and F.log_softmax(z).item() == 0.0
    assert F.softmax(z, 0).shape == []
    assert F.softmax(paddle.zeros([0, 3])).shape == [0, 3]
    assert F.log_softmax(paddle.zeros([3, 0])).shape == [3, 0]
    x = t(np.arange(24.0).reshape(2, 3, 4))
    np.testing.assert_allclose(F.softmax(x, 1).numpy().sum(1), np.ones((2, 4)))


@pytest.mark.parametrize("fn", [F.softmax, F.log_softmax])
def test_softmax_bad_axis(fn):
    name = fn.__name__
    with pytest.raises(ValueError, match=rf"{name}\(\).*range \[-R, R-1\].*axis = 2"):
        fn(paddle.zeros([2, 3]), 2)
    with pytest.raises(ValueError, match=rf"{name}\(\).*axis = -3"):
        fn(paddle.zeros([2, 3]), axis=-3)
    with pytest.raises(ValueError, match=r"range \[-1, 0\] when input is 0D Tensor"):
        fn(t(1.0), 1)


def test_softmax_dtype_argument():
    i = paddle.to_tensor([[1, 2, 3]])
    with pytest.raises(RuntimeError, match=r"NotFound.*dtype=int64.*`softmax`"):
        F.softmax(i)
    out = F.softmax(i, dtype="float32")
    assert out.dtype.name == "float32"
    close(out, [[0.0900306, 0.2447285, 0.665241]])
    out = F.log_softmax(i, dtype="float64")
    assert out.dtype.name == "float64"
    close(out, [[-2.407606, -1.407606, -0.407606]])
    assert F.softmax(t([1.0, 2.0], "float32"), dtype="float64").dtype.name == "float64"


@pytest.mark.parametrize("fn,dt", [(F.relu, "int32"), (F.relu, "complex64"),
                                   (F.gelu, "int64"), (F.leaky_relu, "complex128"),
                                   (F.elu, "int32"), (F.softmax, "complex64"),
                                   (F.log_softmax, "int32"), (F.silu, "int64"),
                                   (F.softplus, "bool")])
def test_unsupported_dtypes(fn, dt):
    with pytest.raises(RuntimeError, match=rf"NotFound.*dtype={dt}.*`{fn.__name__}`"):
        fn(paddle.ones([2]).astype(dt))


@pytest.mark.parametrize("fn", [F.relu, F.gelu, F.silu, F.leaky_relu, F.elu, F.softplus,
                                F.softmax, F.log_softmax])
def test_non_tensor_input(fn):
    with pytest.raises(ValueError, match=rf"{fn.__name__}\(\): argument 'x' \(position 0\) "
                                         rf"must be Tensor, but got list"):
        fn([1.0, 2.0])


@pytest.mark.parametrize("fn", [F.relu, F.gelu, F.silu, F.leaky_relu, F.elu, F.softplus,
                                F.softmax, F.log_softmax])
def test_half_precision_keeps_its_dtype(fn):
    for dt in ("float16", "bfloat16"):
        x = paddle.to_tensor([[-1.0, 0.5, 2.0]], dtype=dt)
        out = fn(x)
        assert out.dtype.name == dt
        want = fn(x.astype("float32")).numpy()
        np.testing.assert_allclose(out.astype("float32").numpy(), want, rtol=2e-2, atol=1e-2)


def test_sigmoid_and_tanh_are_the_paddle_functions():
    assert F.sigmoid is paddle.sigmoid and F.tanh is paddle.tanh


def test_silu_inplace():
    x = t([-1.0, 2.0])
    v = x.inplace_version
    out = F.silu(x, inplace=True)
    assert out is x and x.inplace_version == v + 1
    close(x, [-1 / (1 + np.e), 2 / (1 + np.exp(-2.0))])


def test_defaults_match_paddle_signatures():
    import inspect
    params = {fn.__name__: inspect.signature(fn).parameters for fn in
              (F.leaky_relu, F.elu, F.softplus, F.softmax, F.log_softmax, F.gelu, F.silu)}
    assert params["leaky_relu"]["negative_slope"].default == 0.01
    assert params["elu"]["alpha"].default == 1.0
    assert params["softplus"]["beta"].default == 1 and params["softplus"]["threshold"].default == 20
    assert params["softmax"]["axis"].default == -1 and params["softmax"]["dtype"].default is None
    assert params["log_softmax"]["axis"].default == -1
    assert params["gelu"]["approximate"].default is False
    assert list(params["silu"]) == ["x", "inplace", "name"]
