"""Power-average pooling (F.lp_pool1d/2d, nn.LPPool1D/2D: compositions of pow and the average
pool2d op) and fractional max pooling (F.fractional_max_pool2d/3d, nn.FractionalMaxPool2D/3D: a
gather at the windows' first maxima), both in nn/functional/pooling.py, checked against NumPy
references and by central differences to second order."""
import warnings

import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F
from tests.gradcheck import check_grads

RNG = np.random.default_rng(0)


def _out(n, k, s, lo, hi, ceil):
    return (n + lo + hi - k + (s - 1 if ceil else 0)) // s + 1


def lp_ref(x, p, k, s, pads=(0, 0, 0, 0), ceil=False):
    """(sum over the window's input elements of x^p)^(1/p), NCHW; pads [top, bottom, left,
    right]."""
    h, w = x.shape[-2:]
    oh = _out(h, k[0], s[0], pads[0], pads[1], ceil)
    ow = _out(w, k[1], s[1], pads[2], pads[3], ceil)
    out = np.zeros(x.shape[:-2] + (oh, ow))
    for i in range(oh):
        for j in range(ow):
            h0, w0 = i * s[0] - pads[0], j * s[1] - pads[2]
            win = x[..., max(h0, 0):min(h0 + k[0], h), max(w0, 0):min(w0 + k[1], w)]
            out[..., i, j] = (win ** p).sum((-1, -2))
    return out ** (1.0 / p)


X = np.abs(RNG.standard_normal((2, 3, 5, 6))) + 0.1


@pytest.mark.parametrize("p", [1, 2, 3, 1.5, -1])
def test_lp_pool2d_norms(p):
    got = F.lp_pool2d(paddle.to_tensor(X), p, 2)
    # 1/p is a float32 exponent, as in Paddle's kernel (its float norm_type): 1e-7 relative
    np.testing.assert_allclose(got.numpy(), lp_ref(X, p, (2, 2), (2, 2)), rtol=1e-6)
    check_grads(lambda xs: F.lp_pool2d(xs[0], p, 2), [X])


@pytest.mark.parametrize("kw,pads,ceil,stride", [
    (dict(padding=1), (1, 1, 1, 1), False, (3, 3)),
    (dict(ceil_mode=True), (0, 0, 0, 0), True, (3, 3)),
    (dict(padding=1, ceil_mode=True, stride=2), (1, 1, 1, 1), True, (2, 2)),
    (dict(padding=[1, 0]), (1, 1, 0, 0), False, (3, 3)),
    (dict(padding=[1, 2, 0, 1]), (1, 2, 0, 1), False, (3, 3)),
    (dict(stride=(1, 2)), (0, 0, 0, 0), False, (1, 2)),
    (dict(padding="VALID", stride=1), (0, 0, 0, 0), False, (1, 1)),
    (dict(padding="SAME"), (0, 1, 0, 0), False, (3, 3)),  # 5 -> 2 rows: one row of padding
])
def test_lp_pool2d_geometry(kw, pads, ceil, stride):
    got = F.lp_pool2d(paddle.to_tensor(X), 2, 3, **kw).numpy()
    np.testing.assert_allclose(got, lp_ref(X, 2, (3, 3), stride, pads, ceil), rtol=1e-12)
    check_grads(lambda xs: F.lp_pool2d(xs[0], 2, 3, **kw), [X])


def test_lp_pool2d_layouts_dtypes_and_signs():
    xl = X.transpose(0, 2, 3, 1).copy()
    got = F.lp_pool2d(paddle.to_tensor(xl), 2, 2, data_format="NHWC").numpy()
    np.testing.assert_allclose(got, lp_ref(X, 2, (2, 2), (2, 2)).transpose(0, 2, 3, 1),
                               rtol=1e-12)
    out = F.lp_pool2d(paddle.to_tensor(X.astype("float32")), 2, 2)
    assert out.dtype == paddle.float32
    x = RNG.standard_normal((1, 2, 4, 4))  # odd p: x^3 keeps its sign, as Paddle's kernel
    with np.errstate(invalid="ignore"):
        np.testing.assert_allclose(F.lp_pool2d(paddle.to_tensor(x), 3, 2).numpy(),
                                   lp_ref(x, 3, (2, 2), (2, 2)), rtol=1e-6, equal_nan=True)
    # norm_type inf: the window's max, its gradient to the first maximum
    xi = np.array([[[[1., 1.], [0., 1.]]]])
    t = paddle.to_tensor(xi, stop_gradient=False)
    y = F.lp_pool2d(t, float("inf"), 2)
    (g,) = paddle.grad(y.sum(), [t])
    assert y.numpy().item() == 1.0
    np.testing.assert_array_equal(g.numpy(), [[[[1., 0.], [0., 0.]]]])


def test_lp_pool1d():
    x = X[:, :, 0]
    ref = lp_ref(x[:, :, None], 2, (1, 2), (1, 2))[:, :, 0]
    np.testing.assert_allclose(F.lp_pool1d(paddle.to_tensor(x), 2, 2).numpy(), ref,
                               rtol=1e-12)
    got = F.lp_pool1d(paddle.to_tensor(x.transpose(0, 2, 1).copy()), 2, 2, data_format="NLC")
    np.testing.assert_allclose(got.numpy(), ref.transpose(0, 2, 1), rtol=1e-12)
    ref = lp_ref(x[:, :, None], 3, (1, 3), (1, 2), (0, 0, 1, 1), True)[:, :, 0]
    np.testing.assert_allclose(F.lp_pool1d(paddle.to_tensor(x), 3, 3, 2, 1, ceil_mode=True)
                               .numpy(), ref, rtol=1e-6)
    check_grads(lambda xs: F.lp_pool1d(xs[0], 3, 3, 2, 1), [x])


def test_lp_layers_and_argument_forms():
    x = paddle.to_tensor(X)
    np.testing.assert_allclose(paddle.nn.LPPool2D(2, 3, 2, 1, ceil_mode=True)(x).numpy(),
                               lp_ref(X, 2, (3, 3), (2, 2), (1, 1, 1, 1), True), rtol=1e-12)
    x1 = paddle.to_tensor(X[:, :, 0])
    np.testing.assert_allclose(paddle.nn.LPPool1D(2, 3, 2, 1)(x1).numpy(),
                               F.lp_pool1d(x1, 2, 3, 2, 1).numpy())
    assert "norm_type=2.0" in repr(paddle.nn.LPPool2D(2, 2))
    np.testing.assert_array_equal(F.lp_pool2d(input=x, norm_type=2, kernel_size=2).numpy(),
                                  F.lp_pool2d(x, 2, 2).numpy())
    with warnings.catch_warnings(record=True) as w:  # a bool 5th positional is ceil_mode
        warnings.simplefilter("always")
        a = F.lp_pool2d(x, 2, 3, 2, True)
    assert any("ceil_mode" in str(i.message) for i in w)
    np.testing.assert_array_equal(a.numpy(), F.lp_pool2d(x, 2, 3, 2, ceil_mode=True).numpy())


def test_lp_pool_errors():
    x = paddle.to_tensor(X)
    with pytest.raises(ValueError, match="cannot be 0"):
        F.lp_pool2d(x, 0, 2)
    with pytest.raises(ValueError, match="cannot be 0"):
        F.lp_pool1d(paddle.to_tensor(X[:, :, 0]), 0, 2)
    with pytest.raises(ValueError, match="greater than 0.001"):
        F.lp_pool2d(x, 2, 0)
    with pytest.raises(ValueError, match="4-D"):
        F.lp_pool2d(paddle.to_tensor(X[0]), 2, 2)
    with pytest.raises(ValueError, match="3-D"):
        F.lp_pool1d(paddle.to_tensor(X[0, 0]), 2, 2)
    with pytest.raises(ValueError, match="data_format"):
        F.lp_pool2d(x, 2, 2, data_format="NCL")


# ---- fractional max pooling: the windows as Paddle's kernel computes them (float32), a
# loop-over-windows NumPy reference for the values and the masks, central differences for the
# gradient (a gather: linear where the maxima are unique)

def _bounds(n, out, pool, u):
    f = np.float32
    alpha = f(n - pool) / f(out - (1 if pool > 0 else 0))
    if pool <= 0:
        base = n // out
        u = f(u) * min(f(base + 2) / alpha - f(1), f(n + 1 - base) / alpha - f(out - 1))
    u = f(u)
    res = []
    for i in range(out):
        s = int(f(f(i) + u) * alpha) - int(u * alpha)
        e = s + pool if pool > 0 else int(f(f(i + 1) + u) * alpha) - int(u * alpha)
        res.append((max(s, 0), min(e, n)))
    return res


def frac_ref(x, out, kernel, u):
    nd = len(out)
    sp = x.shape[2:]
    bounds = [_bounds(sp[i], out[i], kernel[i], u) for i in range(nd)]
    vals = np.zeros(x.shape[:2] + tuple(out))
    mask = np.zeros(x.shape[:2] + tuple(out), np.int64)
    for o in np.ndindex(*out):
        sl = tuple(slice(*bounds[i][o[i]]) for i in range(nd))
        win = x[(Ellipsis,) + sl]
        for nc in np.ndindex(*x.shape[:2]):
            w = win[nc]
            j = np.unravel_index(np.argmax(w), w.shape)
            pos = tuple(bounds[i][o[i]][0] + j[i] for i in range(nd))
            vals[nc + o] = w[j]
            mask[nc + o] = np.ravel_multi_index(pos, sp)
    return vals, mask


@pytest.mark.parametrize("u", [0.1, 0.5, 0.93])
@pytest.mark.parametrize("out,kernel", [((5, 4), None), ((4, 3), 3), ((6, 7), (2, 3))])
def test_fractional_max_pool2d(u, out, kernel):
    x = RNG.standard_normal((2, 3, 11, 9))
    y, m = F.fractional_max_pool2d(paddle.to_tensor(x), out, kernel, random_u=u,
                                   return_mask=True)
    k = [0, 0] if kernel is None else ([kernel] * 2 if isinstance(kernel, int) else kernel)
    rv, rm = frac_ref(x, out, k, u)
    np.testing.assert_array_equal(y.numpy(), rv)
    np.testing.assert_array_equal(m.numpy(), rm)
    assert m.dtype == paddle.int32 and y.dtype == paddle.float64
    check_grads(lambda xs: F.fractional_max_pool2d(xs[0], out, kernel, u), [x])


def test_fractional_windows_tile_the_input():
    # without a kernel size the windows are disjoint and cover the axis (Graham's sequences)
    for n, out in ((11, 5), (32, 7), (9, 9), (29, 3)):
        for u in (0.05, 0.5, 0.95):
            b = _bounds(n, out, 0, u)
            assert b[0][0] == 0 and b[-1][1] == n
            assert all(b[i][1] == b[i + 1][0] and b[i][1] > b[i][0] for i in range(out - 1))


@pytest.mark.parametrize("u", [0.2, 0.6])
def test_fractional_max_pool3d(u):
    x = RNG.standard_normal((1, 2, 7, 8, 9))
    y, m = F.fractional_max_pool3d(paddle.to_tensor(x), (3, 4, 5), random_u=u, return_mask=True)
    rv, rm = frac_ref(x, (3, 4, 5), (0, 0, 0), u)
    np.testing.assert_array_equal(y.numpy(), rv)
    np.testing.assert_array_equal(m.numpy(), rm)
    y = F.fractional_max_pool3d(paddle.to_tensor(x), 3, kernel_size=2, random_u=u)
    np.testing.assert_array_equal(y.numpy(), frac_ref(x, (3, 3, 3), (2, 2, 2), u)[0])
    check_grads(lambda xs: F.fractional_max_pool3d(xs[0], (3, 4, 5), random_u=u), [x])


def test_fractional_layers_defaults_and_errors():
    x = paddle.to_tensor(RNG.standard_normal((2, 3, 11, 9)))
    np.testing.assert_array_equal(paddle.nn.FractionalMaxPool2D(5, random_u=0.4)(x).numpy(),
                                  F.fractional_max_pool2d(x, 5, random_u=0.4).numpy())
    y, m = paddle.nn.FractionalMaxPool3D(2, random_u=0.4, return_mask=True)(
        paddle.to_tensor(RNG.standard_normal((1, 1, 4, 4, 4))))
    assert y.shape == [1, 1, 2, 2, 2] and m.dtype == paddle.int32
    assert F.fractional_max_pool2d(x, (None, 4), random_u=0.3).shape == [2, 3, 11, 4]
    assert F.fractional_max_pool2d(x, 5).shape == [2, 3, 5, 5]  # random u
    with pytest.raises(ValueError, match="random_u"):
        F.fractional_max_pool2d(x, 4, random_u=1.0)
    with pytest.raises(ValueError, match="input_height"):
        F.fractional_max_pool2d(x, 6, kernel_size=7, random_u=0.5)
    with pytest.raises(ValueError, match="4-D"):
        F.fractional_max_pool2d(x[0], 4, random_u=0.5)


def test_pool_dtypes_and_empty_edges():
    with pytest.raises(RuntimeError, match="lp_pool2d"):  # Paddle's CPU kernel: f32/f64 only
        F.lp_pool2d(paddle.ones([1, 1, 4, 4], "float16"), 2, 2)
    with pytest.raises(RuntimeError, match="fractional_max_pool2d"):
        F.fractional_max_pool2d(paddle.ones([1, 1, 4, 4], "int64"), 2, random_u=0.5)
    assert F.fractional_max_pool2d(paddle.to_tensor(np.ones((0, 1, 4, 4))), 2,
                                   random_u=0.5).shape == [0, 1, 2, 2]
    # NaN is never a window's max (the kernel's '<' comparison skips it)
    y, m = F.fractional_max_pool2d(paddle.to_tensor(np.array([[[[np.nan, 1.], [2., 0.]]]])), 1,
                                   random_u=0.5, return_mask=True)
    assert y.numpy().item() == 2.0 and m.numpy().item() == 2
