"""Draws shaped like a tensor (bernoulli, poisson, multinomial, binomial, standard_gamma,
log_normal, *_like) and in-place fills (bernoulli_, exponential_, cauchy_, geometric_,
log_normal_, random_): dtypes and shapes as Paddle, sample statistics against the distributions'
moments (several standard errors of slack), Paddle's errors, and paddle.seed / rng-state
repeatability."""
import numpy as np
import pytest

import eagergraph as paddle

N = 40000


def _close(sample, mean, var, k=6):
    """Sample mean within k standard errors of the distribution's mean."""
    se = np.sqrt(var / sample.size)
    assert abs(sample.mean() - mean) < k * se + 1e-12, (sample.mean(), mean, se)


def test_bernoulli_and_poisson_moments_and_dtypes():
    paddle.seed(0)
    p = paddle.full([N], 0.3, "float64")
    b = paddle.bernoulli(p)
    assert b.dtype == paddle.float64 and b.stop_gradient
    assert set(np.unique(b.numpy())) <= {0.0, 1.0}
    _close(b.numpy(), 0.3, 0.21)
    assert paddle.bernoulli(paddle.zeros([3]), p=1.0).numpy().tolist() == [1.0, 1.0, 1.0]
    lam = paddle.full([N], 2.5)
    d = paddle.poisson(lam)
    assert d.dtype == paddle.float32
    np.testing.assert_array_equal(d.numpy(), np.round(d.numpy()))
    _close(d.numpy(), 2.5, 2.5)


def test_poisson_gradient_is_zero():
    x = paddle.to_tensor([1.0, 4.0], stop_gradient=False)
    y = paddle.poisson(x)
    assert not y.stop_gradient
    (y * 3).sum().backward()
    assert x.grad.numpy().tolist() == [0.0, 0.0]


def test_standard_gamma_binomial_log_normal_moments():
    paddle.seed(1)
    g = paddle.standard_gamma(paddle.full([N], 3.0, "float64")).numpy()
    _close(g, 3.0, 3.0)
    assert g.min() > 0
    c = paddle.full([N], 12.0)
    bn = paddle.binomial(c, paddle.full([N], 0.25))
    assert bn.dtype == paddle.int64
    _close(bn.numpy(), 3.0, 12 * 0.25 * 0.75)
    assert bn.numpy().max() <= 12
    ln = paddle.log_normal(0.0, 0.5, [N]).numpy()
    assert ln.dtype == np.float32
    _close(np.log(ln), 0.0, 0.25)


def test_multinomial_frequencies_and_without_replacement():
    paddle.seed(2)
    w = paddle.to_tensor([1.0, 0.0, 3.0, 6.0])
    s = paddle.multinomial(w, N, replacement=True)
    assert s.dtype == paddle.int64 and s.shape == [N]
    freq = np.bincount(s.numpy(), minlength=4) / N
    np.testing.assert_allclose(freq, [0.1, 0.0, 0.3, 0.6], atol=0.015)
    rows = paddle.multinomial(paddle.tile(w, [5000, 1]), 3)
    assert rows.shape == [5000, 3]
    r = rows.numpy()
    # no category repeats in a row, and the zero-weight one never appears
    assert all(len(set(row)) == 3 for row in r[:200]) and not (r == 1).any()
    # the first draw follows the weights
    np.testing.assert_allclose(np.bincount(r[:, 0], minlength=4) / 5000, [0.1, 0, 0.3, 0.6],
                               atol=0.03)


def test_draw_errors_as_paddle():
    with pytest.raises(IndexError):
        paddle.bernoulli(paddle.to_tensor([1.5]))
    with pytest.raises(ValueError):
        paddle.multinomial(paddle.to_tensor([-0.1, 0.9]))
    with pytest.raises(ValueError):
        paddle.multinomial(paddle.to_tensor([0.0, 0.0]))
    with pytest.raises(ValueError):
        paddle.multinomial(paddle.to_tensor([0.5, 0.5]), 3)
    with pytest.raises(ValueError):
        paddle.multinomial(paddle.ones([2, 2, 2]))
    with pytest.raises(RuntimeError):
        paddle.bernoulli(paddle.to_tensor([1]))


def test_like_functions():
    x = paddle.ones([2, 3], "float64")
    assert paddle.rand_like(x).dtype == paddle.float64 and paddle.rand_like(x).shape == [2, 3]
    assert paddle.randn_like(x, dtype="float32").dtype == paddle.float32
    assert not paddle.randn_like(x, requires_grad=True).stop_gradient
    r = paddle.randint_like(x, 3)
    assert r.dtype == paddle.float64 and set(np.unique(r.numpy())) <= {0.0, 1.0, 2.0}
    r = paddle.randint_like(paddle.ones([100], "int32"), 5, 7)
    assert r.dtype == paddle.int32 and r.numpy().min() >= 5 and r.numpy().max() <= 6
    with pytest.raises(ValueError):
        paddle.randint_like(x, 0)


@pytest.mark.parametrize("fill,args,check", [
    ("bernoulli_", (0.25,), lambda v: set(np.unique(v)) <= {0.0, 1.0} and abs(v.mean() - 0.25) < 0.02),
    ("exponential_", (2.0,), lambda v: v.min() >= 0 and abs(v.mean() - 0.5) < 0.02),
    ("cauchy_", (1.0, 2.0), lambda v: abs(np.median(v) - 1.0) < 0.1),
    ("geometric_", (0.25,), lambda v: (v == np.round(v)).all() and v.min() >= 1
     and abs(v.mean() - 4.0) < 0.15),
    ("log_normal_", (0.0, 0.5), lambda v: v.min() > 0 and abs(np.log(v).mean()) < 0.02),
    ("random_", (3, 7), lambda v: set(np.unique(v)) == {3.0, 4.0, 5.0, 6.0}),
    ("random_", (4,), lambda v: set(np.unique(v)) == {0.0, 1.0, 2.0, 3.0}),
])
def test_inplace_fills(fill, args, check):
    paddle.seed(3)
    x = paddle.zeros([20000])
    v0 = x.inplace_version
    out = getattr(x, fill)(*args)
    assert out is x and x.inplace_version == v0 + 1 and x.dtype == paddle.float32
    assert check(x.numpy().astype(np.float64))
    leaf = paddle.zeros([2])
    leaf.stop_gradient = False
    with pytest.raises(ValueError):
        getattr(leaf, fill)(*args)


def test_inplace_fill_cuts_the_gradient_to_old_values():
    a = paddle.to_tensor([1.0, 1.0, 1.0], stop_gradient=False)
    h = a * 2
    h.exponential_()
    (h * 5).sum().backward()
    assert a.grad.numpy().tolist() == [0.0, 0.0, 0.0]


def test_random_on_integers_and_defaults():
    r = paddle.zeros([1000], "int64").random_(10)
    assert r.dtype == paddle.int64 and r.numpy().min() >= 0 and r.numpy().max() <= 9
    f = paddle.zeros([1000]).random_()
    assert f.numpy().min() >= 0 and f.numpy().max() <= 2 ** 24
    with pytest.raises(ValueError):
        paddle.zeros([2]).random_(5, 5)


def test_seed_and_rng_state_repeat_draws():
    paddle.seed(11)
    a = paddle.poisson(paddle.full([8], 3.0)).numpy()
    paddle.seed(11)
    assert (paddle.poisson(paddle.full([8], 3.0)).numpy() == a).all()
    state = paddle.get_rng_state()
    b = paddle.multinomial(paddle.ones([10]), 5).numpy()
    paddle.set_rng_state(state)
    assert (paddle.multinomial(paddle.ones([10]), 5).numpy() == b).all()
