"""Math ops beyond what the op table expresses: Paddle 3.3.1's errors, special values and
which inplace forms exist (values captured from paddlepaddle 3.3.1)."""
import numpy as np
import pytest

import eagergraph as paddle


def _t(v, **k):
    return paddle.to_tensor(v, **k)


def test_integer_inputs_of_float_math_run_in_float32():
    for n in ("asin", "acos", "atan", "sinh", "cosh", "asinh", "atanh", "log10", "lgamma",
              "digamma", "i0", "i1", "erfinv"):
        assert getattr(paddle, n)(_t([0, 1])).dtype == paddle.float32, n


def test_trunc_frac_neg_keep_integer_dtypes():
    x = _t([1, -2, 3])
    for f, want in ((paddle.trunc, [1, -2, 3]), (paddle.frac, [0, 0, 0]), (paddle.neg, [-1, 2, -3])):
        out = f(x)
        assert out.dtype == paddle.int64
        np.testing.assert_array_equal(out.numpy(), want)


def test_polygamma_checks_n_and_n0_is_digamma():
    x = _t([0.5, 2.0])
    with pytest.raises(TypeError, match="must be int type"):
        paddle.polygamma(x, 1.0)
    with pytest.raises(ValueError, match="greater than or equal to 0"):
        paddle.polygamma(x, -1)
    np.testing.assert_allclose(paddle.polygamma(x, 0).numpy(), paddle.digamma(x).numpy())


def test_erfinv_outside_minus1_1_is_signed_inf_as_paddle():
    np.testing.assert_array_equal(paddle.erfinv(_t([1.5, -1.5, 1.0])).numpy(),
                                  [np.inf, -np.inf, np.inf])


def test_i1_grad_at_zero_is_one_half():
    x = _t([0.0, 1.0], dtype="float64", stop_gradient=False)
    paddle.i1(x).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [0.5, 0.700906773759523])


def test_sinc_sgn_frac_dtype_errors():
    with pytest.raises(TypeError):
        paddle.sinc(_t([1, 2]))
    with pytest.raises(TypeError):
        paddle.sgn(_t([1, 2]))
    with pytest.raises(TypeError):
        paddle.frac(_t([1 + 1j]))
    np.testing.assert_allclose(paddle.sinc(_t([0.0, 0.5])).numpy(), [1.0, 2 / np.pi], rtol=1e-6)
    np.testing.assert_allclose(paddle.sgn(_t([3 + 4j, 0j])).numpy(), [0.6 + 0.8j, 0])


def test_acosh_complex_grad_is_the_principal_branch_derivative():
    # 1 / (sqrt(z - 1) sqrt(z + 1)); Paddle 3.3.1 uses 1 / sqrt(z^2 - 1), whose sign is wrong
    # left of the imaginary axis -- central differences side with this one
    z = np.array([-2.0 + 0.5j, 1.5 + 1.0j])
    x = _t(z, stop_gradient=False)
    paddle.real(paddle.acosh(x).sum()).backward()
    want = np.conj(1 / (np.sqrt(z - 1) * np.sqrt(z + 1)))
    np.testing.assert_allclose(x.grad.numpy(), want)


def test_isnan_isinf_isfinite():
    x = _t([0.0, np.nan, np.inf, -np.inf])
    np.testing.assert_array_equal(paddle.isnan(x).numpy(), [False, True, False, False])
    np.testing.assert_array_equal(paddle.isinf(x).numpy(), [False, False, True, True])
    np.testing.assert_array_equal(paddle.isfinite(x).numpy(), [True, False, False, False])
    assert paddle.isnan(_t([1, 2])).dtype == paddle.bool


INPLACE_BOTH = ["asin_", "acos_", "atan_", "sinh_", "cosh_", "asinh_", "acosh_", "atanh_",
                "log10_", "log2_", "logit_", "lgamma_", "digamma_", "polygamma_", "i0_",
                "trunc_", "frac_", "neg_", "sinc_"]


@pytest.mark.parametrize("name", INPLACE_BOTH)
def test_inplace_forms_match_out_of_place(name):
    assert hasattr(paddle, name) and hasattr(paddle.Tensor, name)
    base = name[:-1]
    args = (2,) if base == "polygamma" else ()
    v = [1.5, 2.5] if base == "acosh" else [0.3, 0.6]
    want = getattr(paddle, base)(_t(v), *args).numpy()
    x = _t(v)
    ver = x.inplace_version
    out = getattr(x, name)(*args)
    assert out is x and x.inplace_version > ver
    np.testing.assert_allclose(x.numpy(), want, rtol=1e-6)


def test_one_sided_inplace_forms_as_paddle():
    assert hasattr(paddle, "expm1_") and not hasattr(paddle.Tensor, "expm1_")
    assert hasattr(paddle.Tensor, "erfinv_") and not hasattr(paddle, "erfinv_")
    assert not hasattr(paddle, "i1_") and not hasattr(paddle.Tensor, "i1_")
    x = _t([0.5], stop_gradient=False)
    y = x * 1
    y.erfinv_()
    y.backward()
    np.testing.assert_allclose(x.grad.numpy(), [np.sqrt(np.pi) / 2 * np.exp(0.4769362762 ** 2)],
                               rtol=1e-6)


def _grads(f, *values):
    xs = [_t(v, dtype="float64", stop_gradient=False) for v in values]
    gs = paddle.grad([f(*xs).sum()], xs, allow_unused=True)
    return [None if g is None else g.numpy() for g in gs]


def test_heaviside_y_gets_the_grad_only_where_x_is_zero():
    gx, gy = _grads(paddle.heaviside, [0.0, -1.0, 3.0], [5.0, 6.0, 7.0])
    np.testing.assert_array_equal(gx, [0, 0, 0])
    np.testing.assert_array_equal(gy, [1, 0, 0])
    out = paddle.heaviside(_t([0.0, -1.0, np.nan, 2.0]), _t([5.0, 6.0, 7.0, 8.0]))
    np.testing.assert_array_equal(out.numpy(), [5.0, 0.0, 0.0, 1.0])


def test_fmax_fmin_ignore_nan_and_give_ties_to_x():
    x, y = [1.0, np.nan, 3.0, 2.0], [np.nan, 2.0, 3.0, 1.0]
    np.testing.assert_array_equal(paddle.fmax(_t(x), _t(y)).numpy(), [1, 2, 3, 2])
    gx, gy = _grads(paddle.fmax, x, y)
    np.testing.assert_array_equal(gx, [1, 0, 1, 1])
    np.testing.assert_array_equal(gy, [0, 1, 0, 0])
    gx, gy = _grads(paddle.fmin, x, y)
    np.testing.assert_array_equal(gx, [1, 0, 1, 0])
    np.testing.assert_array_equal(gy, [0, 1, 0, 1])


def test_atan2_of_integers_is_float64_and_mixed_dtypes_raise():
    assert paddle.atan2(_t([1, 2]), _t([3, 0])).dtype == paddle.float64
    with pytest.raises(TypeError):
        paddle.atan2(_t([1.0]), _t([1]))


def test_lerp_float_weight_inplace_shape_check_and_weight_grad():
    np.testing.assert_allclose(paddle.lerp(_t([0.0, 1.0]), _t([2.0, 3.0]), 0.25).numpy(),
                               [0.5, 1.5])
    x = _t([0.0, 1.0])
    assert x.lerp_(_t([2.0, 3.0]), 0.5) is x
    np.testing.assert_allclose(x.numpy(), [1.0, 2.0])
    with pytest.raises(ValueError, match="different from that of inplace tensor"):
        _t([0.0, 1.0]).lerp_(_t([[1.0, 2.0]]), 0.5)
    assert not hasattr(paddle, "lerp_")
    # Paddle 3.3.1 gives weight no gradient; here it gets its true one, y - x
    _, _, gw = _grads(paddle.lerp, [1.0, 2.0], [3.0, 5.0], [0.5, 0.5])
    np.testing.assert_array_equal(gw, [2.0, 3.0])


def test_gcd_lcm_and_inplace_forms():
    a, b = _t([12, -18, 0, 7, 0]), _t([8, 12, 5, 0, 0])
    np.testing.assert_array_equal(paddle.gcd(a, b).numpy(), [4, 6, 5, 7, 0])
    np.testing.assert_array_equal(paddle.lcm(a, b).numpy(), [24, 36, 0, 0, 0])
    x = _t([12, 9])
    assert paddle.gcd_(x, _t([8, 6])) is x
    np.testing.assert_array_equal(x.numpy(), [4, 3])
    with pytest.raises(ValueError, match="inplace tensor"):
        paddle.lcm_(_t([12]), _t([8, 6]))


def test_hypot_logaddexp_compose_as_paddle():
    x = _t([3.0, 1.0])
    assert paddle.hypot_(x, _t([4.0, 0.0])) is x
    np.testing.assert_allclose(x.numpy(), [5.0, 1.0])
    np.testing.assert_allclose(paddle.logaddexp(_t([1, 2]), _t([1, 0])).numpy(),
                               np.logaddexp([1, 2], [1, 0]), rtol=1e-6)
    assert paddle.logaddexp(_t([1, 2]), _t([1, 0])).dtype == paddle.float32
    with pytest.raises(TypeError, match="x must be tensor type"):
        paddle.hypot([1.0], _t([1.0]))


def test_sort_argsort_ties_and_nan_as_paddle():
    x = _t([[3.0, 1, 3, np.nan, 2], [0, 5, 4, 4, -1]])
    np.testing.assert_array_equal(paddle.argsort(x).numpy(), [[1, 4, 0, 2, 3], [4, 0, 2, 3, 1]])
    np.testing.assert_array_equal(paddle.argsort(x, descending=True).numpy(),
                                  [[3, 0, 2, 4, 1], [1, 2, 3, 0, 4]])
    np.testing.assert_array_equal(paddle.sort(x, descending=True).numpy()[1], [5, 4, 4, 0, -1])
    with pytest.raises(ValueError):
        paddle.sort(x, axis=5)


def test_cumsum_dtypes_axis_none_and_inplace():
    x = _t([[1, 2], [3, 4]], dtype="int32")
    assert paddle.cumsum(x).dtype == paddle.int64 and list(paddle.cumsum(x).shape) == [4]
    assert paddle.cumsum(x, dtype="float64").dtype == paddle.float64
    assert x.cumsum_().dtype == paddle.int32
    np.testing.assert_array_equal(x.numpy(), [1, 3, 6, 10])
    with pytest.raises(IndexError, match="out of range"):
        paddle.cumsum(_t([[1.0]]), axis=2)
    y = _t([[1.0, 2.0], [3.0, 4.0]])
    assert paddle.cumsum_(y, axis=0) is y
    np.testing.assert_array_equal(y.numpy(), [[1, 2], [4, 6]])


def test_tril_triu_need_2d_and_inplace():
    with pytest.raises(ValueError, match="rank must be at least 2"):
        paddle.tril(_t([1.0, 2.0]))
    x = _t([[1.0, 2.0], [3.0, 4.0]])
    assert paddle.tril_(x) is x
    np.testing.assert_array_equal(x.numpy(), [[1, 0], [3, 4]])
    x.triu_(1)
    np.testing.assert_array_equal(x.numpy(), [[0, 0], [0, 0]])


def test_dot_mm_outer_inner():
    with pytest.raises(RuntimeError, match="should be 1 or 2"):
        paddle.dot(_t(np.ones((2, 2, 2))), _t(np.ones((2, 2, 2))))
    with pytest.raises(RuntimeError, match="exactly the same"):
        paddle.dot(_t([1.0, 2.0]), _t([1.0]))
    a, b = np.arange(6.0).reshape(2, 3), np.arange(3.0)
    np.testing.assert_array_equal(paddle.dot(_t(a), _t(a)).numpy(), (a * a).sum(-1))
    np.testing.assert_array_equal(paddle.mm(_t(a), _t(a.T)).numpy(), a @ a.T)
    np.testing.assert_array_equal(paddle.outer(_t(a), _t(b)).numpy(), np.outer(a, b))
    np.testing.assert_array_equal(paddle.inner(_t(a), _t(b)).numpy(), np.inner(a, b))
    np.testing.assert_array_equal(paddle.inner(_t([1, 2]), _t([3, 4])).numpy(), 11)
    with pytest.raises(ValueError, match="last dim"):
        paddle.inner(_t(a), _t([1.0, 2.0]))


def test_var_std_as_paddle_composes_them():
    a = np.random.default_rng(0).uniform(-2, 2, (2, 3, 4))
    x = _t(a)
    np.testing.assert_allclose(paddle.var(x).numpy(), a.var(ddof=1), rtol=1e-6)
    np.testing.assert_allclose(paddle.var(x, axis=1, unbiased=False).numpy(), a.var(1),
                               rtol=1e-6)
    np.testing.assert_allclose(paddle.var(x, axis=-1, correction=2).numpy(), a.var(-1, ddof=2),
                               rtol=1e-6)
    np.testing.assert_allclose(paddle.std(x, axis=[0, 2], keepdim=True).numpy(),
                               a.std((0, 2), ddof=1, keepdims=True), rtol=1e-6)
    with pytest.raises(ValueError, match="Only one of unbiased and correction"):
        paddle.var(x, unbiased=True, correction=0)
    with pytest.warns(UserWarning, match="Degrees of freedom"):
        assert np.isnan(paddle.var(_t([1.0])).numpy())
    assert paddle.var(_t([[1, 3, 3], [2, 2, 0]])).dtype == paddle.int64
    with pytest.warns(UserWarning, match="Degrees of freedom is <= 0"):  # as Paddle warns
        assert np.isnan(paddle.var(_t(np.zeros((0, 3))), axis=0).numpy()).all()
    g, = _grads(lambda t: paddle.var(t, axis=0), [1.0, 2.0, 4.0])
    np.testing.assert_allclose(g, 2 * (np.array([1.0, 2, 4]) - 7 / 3) / 2)


def test_nansum_nanmean_count_nonzero_amax_amin():
    a = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, 0.0]])
    np.testing.assert_allclose(paddle.nansum(_t(a), axis=1).numpy(), [4.0, 0.0])
    np.testing.assert_allclose(paddle.nanmean(_t(a)).numpy(), 4.0 / 3)
    np.testing.assert_array_equal(paddle.nanmean(_t(a), axis=0).numpy(), [1.0, np.nan, 1.5])
    g, = _grads(paddle.nansum, a)
    np.testing.assert_array_equal(g, [[1, 0, 1], [0, 0, 1]])
    c = paddle.count_nonzero(_t([[0.0, 2.0, 0.5], [0.0, 0.0, 1.0]]), axis=1)
    assert c.dtype == paddle.int64
    np.testing.assert_array_equal(c.numpy(), [2, 1])
    g, = _grads(paddle.amax, [[1.0, 3.0, 3.0], [2.0, 2.0, 0.0]])
    np.testing.assert_array_equal(g, [[0, 0.5, 0.5], [0, 0, 0]])
    np.testing.assert_array_equal(paddle.amin(_t([[1, 3], [0, 2]]), axis=1).numpy(), [1, 0])
