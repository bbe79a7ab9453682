"""median, nanmedian, quantile, nanquantile (ops/reduce.py) and kthvalue, mode (ops/search.py):
compositions of existing ops with no op-table row of their own, checked against NumPy, by
central differences (first and second order) where the selection is unambiguous, and for the
gradients Paddle 3.3.1 gives at ties (shared evenly among the elements equal to the median)."""
import numpy as np
import pytest

import eagergraph as paddle
from tests.gradcheck import check_grads

RNG = np.random.default_rng(0)


def _distinct(shape):
    """Values without ties (the selections are differentiable there)."""
    return RNG.permutation(int(np.prod(shape))).reshape(shape) * 0.37 - 3.0


def _grad(fn, a):
    x = paddle.to_tensor(a, stop_gradient=False)
    out = fn(x)
    out = out[0] if isinstance(out, tuple) else out
    out.sum().backward()
    return out.numpy(), x.grad.numpy()


@pytest.mark.parametrize("axis,keepdim", [(None, False), (None, True), (0, False), (1, True),
                                          (-1, False)])
def test_median_values_and_grads(axis, keepdim):
    a = _distinct((4, 6))
    t = paddle.to_tensor(a)
    np.testing.assert_allclose(paddle.median(t, axis, keepdim).numpy(),
                               np.median(a, axis=axis, keepdims=keepdim))
    np.testing.assert_allclose(paddle.nanmedian(t, axis, keepdim).numpy(),
                               np.median(a, axis=axis, keepdims=keepdim))
    check_grads(lambda xs: paddle.median(xs[0], axis, keepdim), [a])
    check_grads(lambda xs: paddle.nanmedian(xs[0], axis, keepdim), [a])
    if axis is not None:
        v, i = paddle.median(t, axis, keepdim, mode="min")
        srt = np.sort(a, axis=axis)
        lo = np.take(srt, [(a.shape[axis] - 1) // 2], axis=axis)
        np.testing.assert_array_equal(v.numpy(), lo if keepdim else np.squeeze(lo, axis))
        assert i.dtype == paddle.int64
        ii = i.numpy() if keepdim else np.expand_dims(i.numpy(), axis)
        np.testing.assert_array_equal(np.take_along_axis(a, ii, axis), lo)
        check_grads(lambda xs: paddle.median(xs[0], axis, keepdim, mode="min")[0], [a])


def test_median_dtypes_shapes_and_errors():
    assert paddle.median(paddle.to_tensor([1, 2, 3, 4])).dtype == paddle.float32
    assert paddle.median(paddle.to_tensor([1, 2, 3, 4])).item() == 2.5
    assert paddle.median(paddle.to_tensor([1, 2, 3, 4]), mode="min").dtype == paddle.int64
    assert paddle.nanmedian(paddle.to_tensor([1, 2, 3, 4])).dtype == paddle.int64
    assert paddle.median(paddle.to_tensor(2.0)).shape == []
    assert paddle.median(paddle.ones([2, 3]), keepdim=True).shape == [1, 1]
    assert paddle.median(paddle.ones([0, 3]), axis=1).shape == [0]
    assert np.isnan(paddle.median(paddle.ones([0, 3])).item())
    assert paddle.to_tensor([1.0, 5.0, 2.0]).median().item() == 2.0
    with pytest.raises(ValueError):
        paddle.median(paddle.ones([2]), axis=[0])
    with pytest.raises(ValueError):
        paddle.median(paddle.ones([2]), axis=1)
    with pytest.raises(ValueError):
        paddle.median(paddle.ones([2]), mode="max")
    with pytest.raises(TypeError):
        paddle.median(np.ones(2))


def test_median_nan():
    a = np.array([[3.0, np.nan, 3.0, 2.0], [1.0, 2.0, 3.0, 4.0]])
    v, i = paddle.median(paddle.to_tensor(a), axis=1, mode="min")
    np.testing.assert_array_equal(v.numpy(), [np.nan, 2.0])
    np.testing.assert_array_equal(i.numpy(), [1, 1])
    out, g = _grad(lambda x: paddle.median(x, axis=1), a)
    np.testing.assert_array_equal(out, [np.nan, 2.5])
    np.testing.assert_array_equal(g, [[0, 1, 0, 0], [0, 0.5, 0.5, 0]])  # NaN takes the grad
    out, g = _grad(lambda x: paddle.nanmedian(x, axis=1), a)
    np.testing.assert_array_equal(out, np.nanmedian(a, axis=1))
    np.testing.assert_array_equal(g, [[0.5, 0, 0.5, 0], [0, 0.5, 0.5, 0]])
    v, i = paddle.nanmedian(paddle.to_tensor(a), axis=1, mode="min")
    np.testing.assert_array_equal(v.numpy(), [3.0, 2.0])
    np.testing.assert_array_equal(i.numpy(), [2, 1])  # the last of equal values
    out, g = _grad(lambda x: paddle.nanmedian(x, axis=1), np.array([[np.nan, np.nan], [3, 3]]))
    np.testing.assert_array_equal(out, [np.nan, 3.0])
    b = RNG.standard_normal((2, 3, 4))
    np.testing.assert_allclose(paddle.nanmedian(paddle.to_tensor(b), axis=[0, 2]).numpy(),
                               np.median(b, axis=(0, 2)))


@pytest.mark.parametrize("a", [[3, 1, 3, 2, 3], [1, 2, 2, 2, 3, 3], [1, 1, 1, 1]])
def test_median_ties_share_the_grad(a):
    """Paddle 3.3.1: when the middle value(s) tie, each element equal to the median gets an
    equal share (avg, and nanmedian's min); median's min gives it all to its index."""
    a = np.array(a, np.float64)
    med = np.median(a)
    eq = (a == med) / np.sum(a == med)
    for fn in (paddle.median, paddle.nanmedian, lambda x: paddle.nanmedian(x, mode="min")):
        out, g = _grad(fn, a)
        assert out == med
        np.testing.assert_allclose(g, eq)
    v, i = paddle.median(paddle.to_tensor(a), axis=0, mode="min")
    assert i.item() == np.nonzero(a == v.item())[0][-1]


@pytest.mark.parametrize("interpolation", ["linear", "lower", "higher", "nearest", "midpoint"])
@pytest.mark.parametrize("q,axis,keepdim", [(0.3, None, False), ([0.1, 0.5, 1.0], 1, False),
                                            (0.75, [0, 2], True), (0.5, -1, True)])
def test_quantile(interpolation, q, axis, keepdim):
    a = _distinct((3, 4, 5))
    ax = tuple(axis) if isinstance(axis, list) else axis
    want = np.quantile(a, q, axis=ax, keepdims=keepdim, method=interpolation)
    got = paddle.quantile(paddle.to_tensor(a), q, axis, keepdim, interpolation)
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-12)
    an = a.copy()
    an[0, 1, 2] = an[2, 0, 0] = np.nan
    got = paddle.nanquantile(paddle.to_tensor(an), q, axis, keepdim, interpolation)
    np.testing.assert_allclose(got.numpy(), np.nanquantile(an, q, axis=ax, keepdims=keepdim,
                                                           method=interpolation), rtol=1e-12)
    got = paddle.quantile(paddle.to_tensor(an), q, axis, keepdim, interpolation)
    np.testing.assert_allclose(got.numpy(), np.quantile(an, q, axis=ax, keepdims=keepdim,
                                                        method=interpolation), rtol=1e-12)
    check_grads(lambda xs: paddle.quantile(xs[0], q, axis, keepdim, interpolation), [a])


def test_quantile_args():
    x = paddle.to_tensor([1.0, 2.0, 3.0, 4.0])
    np.testing.assert_allclose(paddle.quantile(x, paddle.to_tensor([0.1, 0.5])).numpy(),
                               [1.3, 2.5])
    assert x.quantile(0.5).item() == 2.5 and x.nanquantile(0.5).item() == 2.5
    for bad, err in (((1.5,), ValueError), (([],), ValueError), (("a",), TypeError),
                     ((0.5, 3), ValueError), ((0.5, None, False, "x"), ValueError)):
        with pytest.raises(err):
            paddle.quantile(x, *bad)


@pytest.mark.parametrize("axis,keepdim", [(None, False), (0, True), (1, False), (-1, True)])
def test_kthvalue(axis, keepdim):
    a = _distinct((4, 5))
    ax = -1 if axis is None else axis
    for k in (1, 3, 4):
        v, i = paddle.kthvalue(paddle.to_tensor(a), k, axis, keepdim)
        want = np.take(np.sort(a, axis=ax), [k - 1], axis=ax)
        np.testing.assert_array_equal(v.numpy(), want if keepdim else np.squeeze(want, ax))
        ii = i.numpy() if keepdim else np.expand_dims(i.numpy(), ax)
        np.testing.assert_array_equal(np.take_along_axis(a, ii, ax), want)
        assert i.dtype == paddle.int64
        check_grads(lambda xs: paddle.kthvalue(xs[0], k, axis, keepdim)[0], [a])
    v, i = paddle.kthvalue(paddle.to_tensor([3.0, 1.0, 3.0, 2.0, 3.0, 1.0]), 2)
    assert (v.item(), i.item()) == (1.0, 5)  # equal values in order of position
    with pytest.raises(ValueError):
        paddle.kthvalue(paddle.ones([2]), 3)
    with pytest.raises(ValueError):
        paddle.kthvalue(paddle.ones([2]), 0)
    with pytest.raises(ValueError):
        paddle.kthvalue(paddle.ones([2]), 1, axis=1)


def test_mode():
    a = RNG.integers(0, 4, (3, 5, 6)).astype(np.float64)
    for ax in (0, 1, 2, -1):
        v, i = paddle.mode(paddle.to_tensor(a), axis=ax)
        m = np.moveaxis(a, ax, -1)
        counts = (m[..., :, None] == m[..., None, :]).sum(-1)
        best = counts.max(-1, keepdims=True)
        want = np.where(counts == best, m, np.inf).min(-1)  # the smallest most frequent value
        np.testing.assert_array_equal(v.numpy(), want)
        last = np.where(m == want[..., None], np.arange(m.shape[-1]), -1).max(-1)
        np.testing.assert_array_equal(i.numpy(), last)
    x = paddle.to_tensor([2.0, 2.0, 1.0, 1.0, 3.0], stop_gradient=False)
    v, i = x.mode()
    v.backward()
    assert (v.item(), i.item()) == (1.0, 3)
    np.testing.assert_array_equal(x.grad.numpy(), [0, 0, 0, 1, 0])
    b = _distinct((3, 4))
    check_grads(lambda xs: paddle.mode(xs[0], 0, True)[0], [b])
    v, i = paddle.mode(paddle.to_tensor(3.0))
    assert v.shape == [] and i.item() == 0
    with pytest.raises(ValueError):
        paddle.mode(paddle.ones([2]), axis=3)


def test_against_paddle():
    paddle_ref = pytest.importorskip("paddle")
    a = RNG.integers(0, 5, (4, 7)).astype(np.float64)
    a[1, 2] = np.nan
    for fn in ("median", "nanmedian"):
        for kw in ({}, {"axis": 1}, {"axis": 0, "keepdim": True}, {"axis": 1, "mode": "min"}):
            got = getattr(paddle, fn)(paddle.to_tensor(a), **kw)
            ref = getattr(paddle_ref, fn)(paddle_ref.to_tensor(a), **kw)
            got, ref = (got, ref) if isinstance(got, tuple) else ((got,), (ref,))
            np.testing.assert_array_equal(got[0].numpy(), ref[0].numpy())
    for interpolation in ("linear", "nearest", "midpoint"):
        for fn in ("quantile", "nanquantile"):
            got = getattr(paddle, fn)(paddle.to_tensor(a), [0.2, 0.7], 1, False, interpolation)
            ref = getattr(paddle_ref, fn)(paddle_ref.to_tensor(a), [0.2, 0.7], 1, False,
                                          interpolation)
            np.testing.assert_allclose(got.numpy(), ref.numpy())


def test_cumprod_inplace_and_args():
    a = RNG.standard_normal((2, 3))
    x = paddle.to_tensor(a)
    y = paddle.cumprod_(x)  # dim=None flattens x itself, as Paddle does
    assert y is x and x.shape == [6]
    np.testing.assert_allclose(x.numpy(), np.cumprod(a.reshape(-1)))
    x = paddle.to_tensor(a)
    x.cumprod_(1)
    np.testing.assert_allclose(x.numpy(), np.cumprod(a, 1))
    assert paddle.cumprod(paddle.to_tensor([1, 2, 3]), 0, dtype="float64").dtype == paddle.float64
    assert paddle.cumprod(paddle.to_tensor([1, 2, 3], "int32"), 0).dtype == paddle.int32
    with pytest.raises(ValueError):
        paddle.cumprod(paddle.ones([2]), 1)
    with pytest.raises(IndexError):
        paddle.logcumsumexp(paddle.ones([2]), 1)
    # Paddle's quirk: a -inf running value is the lowest finite number
    out = paddle.logcumsumexp(paddle.to_tensor([-np.inf, -np.inf, 1.0]), axis=0).numpy()
    np.testing.assert_array_equal(out, [np.finfo(np.float32).min] * 2 + [1.0])


def _renorm_ref(a, p, axis, max_norm):
    others = tuple(i for i in range(a.ndim) if i != axis)
    n = np.sum(np.abs(a) ** p, axis=others, keepdims=True) ** (1 / p)
    return a * np.where(n > max_norm, max_norm / np.where(n > max_norm, n, 1.0), 1.0)


@pytest.mark.parametrize("p,axis,max_norm", [(2.0, 0, 5.0), (1.0, 1, 3.0), (3.0, -1, 2.0),
                                             (2.0, 1, 100.0)])
def test_renorm(p, axis, max_norm):
    a = np.arange(24.0).reshape(2, 3, 4) * 0.37 - 4.1
    got = paddle.renorm(paddle.to_tensor(a), p, axis, max_norm)
    np.testing.assert_allclose(got.numpy(), _renorm_ref(a, p, axis % 3, max_norm), rtol=1e-12)
    check_grads(lambda xs: paddle.renorm(xs[0], p, axis, max_norm), [a])
    x = paddle.to_tensor(a)
    assert x.renorm_(p, axis, max_norm) is x
    np.testing.assert_allclose(x.numpy(), got.numpy())


def test_renorm_errors_and_zero_slices():
    a = np.zeros((2, 3))
    a[1] = [3.0, 4.0, 0.0]
    x = paddle.to_tensor(a, stop_gradient=False)
    y = paddle.renorm(x, 2.0, 0, 1.0)
    y.sum().backward()
    assert np.all(np.isfinite(x.grad.numpy()))  # an all-zero slice (under the limit) stays 1
    np.testing.assert_allclose(y.numpy(), _renorm_ref(a, 2.0, 0, 1.0))
    with pytest.raises(ValueError):
        paddle.renorm(x, 2.0, 2, 1.0)
    with pytest.raises(ValueError):
        paddle.renorm(x, 2.0, -3, 1.0)
    with pytest.raises(RuntimeError):
        paddle.renorm(paddle.to_tensor([[1 + 1j]]), 2.0, 0, 1.0)


def test_bincount_weights_and_errors():
    x = paddle.to_tensor([1, 2, 1, 4])
    w = np.array([0.5, 1.0, 2.0, 3.0])
    for wd, od in (("float32", paddle.float32), ("float64", paddle.float64),
                   ("int64", paddle.float64)):
        got = paddle.bincount(x, paddle.to_tensor(w.astype(wd)), minlength=7)
        assert got.dtype == od
        np.testing.assert_allclose(got.numpy(), np.bincount([1, 2, 1, 4], w.astype(wd), 7))
    assert x.bincount().numpy().tolist() == [0, 2, 1, 0, 1]
    with pytest.raises(ValueError):
        paddle.bincount(paddle.to_tensor([1, -2]))
    with pytest.raises(ValueError):
        paddle.bincount(paddle.to_tensor([[1, 2]]))
    with pytest.raises(ValueError):
        paddle.bincount(x, minlength=-1)
    with pytest.raises(TypeError):
        paddle.bincount(paddle.to_tensor([1.0, 2.0]))


def test_histogram_weight_density_and_edges():
    a = np.array([1.0, 2.0, 1.0, 7.0])
    w = np.array([1.0, 2.0, 3.0, 4.0])
    t = paddle.to_tensor(a)
    got = paddle.histogram(t, bins=4, weight=paddle.to_tensor(w))
    assert got.dtype == paddle.float32
    np.testing.assert_allclose(got.numpy(), np.histogram(a, 4, weights=w)[0])
    got = paddle.histogram(t, bins=4, weight=paddle.to_tensor(w), density=True)
    np.testing.assert_allclose(got.numpy(), np.histogram(a, 4, weights=w, density=True)[0],
                               rtol=1e-6)
    np.testing.assert_allclose(t.histogram(bins=3, density=True).numpy(),
                               np.histogram(a, 3, density=True)[0], rtol=1e-6)
    # min == max (not 0): the data's range, as Paddle's kernel
    assert paddle.histogram(paddle.to_tensor([2.0, 2.4]), 4, 2, 2).numpy().tolist() == \
        np.histogram([2.0, 2.4], 4)[0].tolist()
    edges = paddle.histogram_bin_edges(t, bins=4)
    assert edges.dtype == paddle.float32
    np.testing.assert_allclose(edges.numpy(), np.histogram_bin_edges(a, 4), rtol=1e-6)
    np.testing.assert_allclose(t.histogram_bin_edges(3, 1.5, 2.7).numpy(),
                               np.linspace(1.5, 2.7, 4), rtol=1e-6)
    np.testing.assert_allclose(paddle.histogram_bin_edges(t, 2, 1, 1).numpy(), [0.5, 1, 1.5])
    with pytest.raises(ValueError):
        paddle.histogram(t, bins=0)
    with pytest.raises(ValueError):
        paddle.histogram(t, bins=2, min=3, max=1)
    with pytest.raises(ValueError):
        paddle.histogram(t, bins=2, weight=paddle.to_tensor([1.0]))
    with pytest.raises(ValueError):
        paddle.histogram_bin_edges(t, 2, 3, 1)


def test_isclose_paddle_rules():
    x = paddle.to_tensor([1.0, np.inf, -np.inf, np.nan])
    y = paddle.to_tensor([1.0, np.inf, np.inf, np.nan])
    # Paddle's rule |x - y| <= atol + rtol |y| holds for inf against -inf (inf <= inf)
    assert paddle.isclose(x, y).numpy().tolist() == [True, True, True, False]
    assert paddle.isclose(x, y, equal_nan=True).numpy().tolist() == [True, True, True, True]
    assert x.allclose(y, equal_nan=True).item() is True and x.allclose(y).item() is False
    assert paddle.allclose(paddle.zeros([0]), paddle.zeros([0])).shape == []
    with pytest.raises(ValueError):
        paddle.isclose(x, y, rtol=1)
    with pytest.raises(RuntimeError):
        paddle.isclose(x, paddle.ones([1]))
    with pytest.raises(ValueError):
        paddle.isclose(x, y.astype("float64"))
    with pytest.raises(RuntimeError):
        paddle.isclose(paddle.to_tensor([1, 2]), paddle.to_tensor([1, 2]))


def test_unique_options():
    x = paddle.to_tensor([2, 3, 3, 1, 5, 3])
    assert x.unique().numpy().tolist() == [1, 2, 3, 5]
    out, inv = paddle.unique(x, return_inverse=True, dtype="int32")
    assert inv.dtype == paddle.int32 and inv.numpy().tolist() == [1, 2, 2, 0, 3, 2]
    out, idx, cnt = paddle.unique(x, return_index=True, return_counts=True)
    assert idx.numpy().tolist() == [3, 0, 1, 4] and cnt.numpy().tolist() == [1, 1, 3, 1]
    out, cnt = x.unique_consecutive(return_counts=True)
    assert out.numpy().tolist() == [2, 3, 1, 5, 3] and cnt.numpy().tolist() == [1, 2, 1, 1, 1]
    assert paddle.unique(paddle.to_tensor(3.0)).shape == [1]
    with pytest.raises(ValueError):
        paddle.unique(x, axis=1)
    with pytest.raises(NotImplementedError):
        paddle.unique(x, dtype="float32")
    with pytest.raises(RuntimeError):
        paddle.unique(paddle.to_tensor([True, False]))


def test_against_paddle_grads():
    """Gradients Paddle 3.3.1 computes with kernels of its own: cumprod (with zeros),
    logcumsumexp, renorm, and the values of unique/histogram/bincount."""
    paddle_ref = pytest.importorskip("paddle")

    def both(fn_name, a, g, *args, **kw):
        out = []
        for lib in (paddle, paddle_ref):
            x = lib.to_tensor(a, stop_gradient=False)
            y = getattr(lib, fn_name)(x, *args, **kw)
            (gx,) = lib.grad(y, x, lib.to_tensor(g))
            out.append((y.numpy(), gx.numpy()))
        (y0, g0), (y1, g1) = out
        np.testing.assert_allclose(y0, y1, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(g0, g1, rtol=1e-10, atol=1e-12)

    a = RNG.standard_normal((3, 5))
    a[0, 1] = a[1, 0] = a[1, 3] = a[2, 4] = 0.0
    g = RNG.standard_normal((3, 5))
    both("cumprod", a, g, 1)
    both("cumprod", a, g, 0)
    c = a + 1j * RNG.standard_normal((3, 5))
    c[0, 2] = 0
    both("cumprod", c, g + 1j * RNG.standard_normal((3, 5)), 1)
    both("logcumsumexp", np.array([[-300.0, 2.0, 400.0, 1.0, 0.5]] * 3) + a, g, axis=1)
    b = np.arange(12.0).reshape(3, 4) - 4
    both("renorm", b, RNG.standard_normal((3, 4)), 2.0, 0, 5.0)
    both("renorm", b + 0.5, RNG.standard_normal((3, 4)), 1.0, 1, 3.0)
    i = RNG.integers(0, 4, (3, 6))
    for kw in ({}, {"axis": 0}, {"axis": 1}):
        got = paddle.unique(paddle.to_tensor(i), True, True, True, **kw)
        ref = paddle_ref.unique(paddle_ref.to_tensor(i), True, True, True, **kw)
        for u, v in zip(got, ref):
            np.testing.assert_array_equal(u.numpy(), v.numpy())
    f = RNG.standard_normal(50)
    for kw in ({"bins": 7}, {"bins": 5, "min": -1.0, "max": 0.5}, {"bins": 4, "density": True}):
        np.testing.assert_allclose(paddle.histogram(paddle.to_tensor(f), **kw).numpy(),
                                   paddle_ref.histogram(paddle_ref.to_tensor(f), **kw).numpy())


def test_pytorch_spelled_keywords():
    """Paddle 3.3.1's aliases: input=/dim= (median then defaults to mode='min'), elements=."""
    a = np.array([[3.0, 1.0, 2.0, 5.0], [4.0, 4.0, 1.0, 0.0]])
    x = paddle.to_tensor(a)
    v, i = paddle.median(input=x, dim=1)  # mode='min', so values and indices
    np.testing.assert_array_equal(v.numpy(), [2.0, 1.0])
    np.testing.assert_array_equal(i.numpy(), [2, 2])
    np.testing.assert_array_equal(paddle.quantile(input=x, q=0.5, dim=1).numpy(),
                                  np.quantile(a, 0.5, axis=1))
    np.testing.assert_array_equal(paddle.cumprod(input=x, dim=1).numpy(), np.cumprod(a, 1))
    assert paddle.unique_consecutive(input=paddle.to_tensor([1, 1, 2]), dim=0).numpy().tolist() \
        == [1, 2]
    assert paddle.isin(elements=paddle.to_tensor([1, 2]),
                       test_elements=paddle.to_tensor([2])).numpy().tolist() == [False, True]


@pytest.mark.parametrize("name", ["cumprod", "renorm", "copysign"])
def test_inplace_forms_differentiate_like_the_out_of_place_ones(name):
    a = np.array([[2.0, 0.0, 3.0], [1.0, 2.0, -1.0]])
    s = paddle.to_tensor([-1.0, 1.0, -1.0])
    forms = {"cumprod": (lambda t: t.cumprod_(1), lambda t: paddle.cumprod(t, 1)),
             "renorm": (lambda t: t.renorm_(2.0, 0, 1.0), lambda t: paddle.renorm(t, 2.0, 0, 1.0)),
             "copysign": (lambda t: t.copysign_(s), lambda t: paddle.copysign(t, s))}[name]
    grads = []
    for form in forms:
        x = paddle.to_tensor(a, stop_gradient=False)
        y = form(x * 1.0)  # a non-leaf, so the inplace form is allowed
        (y * y).sum().backward()
        grads.append(x.grad.numpy())
    np.testing.assert_allclose(grads[0], grads[1])


@pytest.mark.parametrize("exclusive,reverse", [(True, False), (False, True), (True, True)])
def test_scan_ops_exclusive_reverse(exclusive, reverse):
    """The ops' exclusive/reverse attributes (Paddle's _C_ops.cumprod/logcumsumexp have them):
    values against NumPy, gradients (the cumprod kernel and formulas, with zeros) by central
    differences."""
    from eagergraph import _C_ops
    a = RNG.standard_normal((3, 5))
    a[0, 1] = a[1, 3] = a[2, 0] = 0.0

    def np_scan(acc, x, ident):
        x = np.flip(x, 1) if reverse else x
        out = acc(x, axis=1)
        if exclusive:
            out = np.concatenate([np.full((x.shape[0], 1), ident), out[:, :-1]], 1)
        return np.flip(out, 1) if reverse else out

    got = _C_ops.cumprod(paddle.to_tensor(a), 1, exclusive, reverse).numpy()
    np.testing.assert_allclose(got, np_scan(np.cumprod, a, 1.0), atol=1e-12)
    check_grads(lambda xs: _C_ops.cumprod(xs[0], 1, exclusive, reverse), [a])
    c = a + 1j * RNG.standard_normal((3, 5))
    check_grads(lambda xs: _C_ops.cumprod(xs[0], -1, exclusive, reverse), [c])
    got = _C_ops.logcumsumexp(paddle.to_tensor(a), 1, False, exclusive, reverse).numpy()
    want = np.maximum(np_scan(np.logaddexp.accumulate, a, -np.inf), np.finfo(np.float64).min)
    np.testing.assert_allclose(got, want, atol=1e-12)
    check_grads(lambda xs: _C_ops.logcumsumexp(xs[0], 1, False, exclusive, reverse), [a])


def test_unique_with_nan_counts_each_nan_once():
    # Paddle 3.3.1 gives the NaN a garbage inverse and count 0 (unique) or a phantom leading
    # NaN of count 0 (unique_consecutive): docs/differences.md
    x = paddle.to_tensor([np.nan, np.inf, 0.0, 0.0])
    u, inv, cnt = paddle.unique(x, return_inverse=True, return_counts=True)
    assert np.isnan(u.numpy()[inv.numpy()[0]]) and cnt.numpy().tolist() == [2, 1, 1]
    u, inv, cnt = paddle.unique_consecutive(x, return_inverse=True, return_counts=True)
    assert inv.numpy().tolist() == [0, 1, 2, 2] and cnt.numpy().tolist() == [1, 1, 2]
