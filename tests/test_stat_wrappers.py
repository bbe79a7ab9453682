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
