"""The pooling functionals and layers beyond 2-D max/avg: max_pool3d / avg_pool3d, return_mask
of the max pools (1-D to 3-D, adaptive too), adaptive 3-D pools, max_unpool1d/2d/3d and their
layers. Values and masks against the direct window loops of tests/op_db_rows/pool.py, unpooling
against a NumPy scatter, gradients (to second order) by central differences; Paddle's tie rule
and edge values (a window over padding only, NaN) against hand-derived NumPy expectations."""
import numpy as np
import pytest

import eagergraph as paddle
from tests.op_db import OP_DB  # first: the rows modules import op_db
from tests.gradcheck import check_grads
from tests.op_db_rows.pool import _pool_ref

F = paddle.nn.functional
RNG = np.random.default_rng(0)


def test_pool_ops_have_op_table_rows():
    names = {row.name for row in OP_DB}
    assert {"pool2d", "pool3d", "max_pool2d_with_index", "max_pool3d_with_index", "unpool",
            "unpool3d"} <= names


def _t(a):
    return paddle.to_tensor(a)


def _distinct(shape):
    """Distinct values (max pool grads are smooth around them)."""
    return (RNG.permutation(int(np.prod(shape))).reshape(shape) * 0.1
            + 0.01 * RNG.standard_normal(shape))


def _explicit(padding, nd):
    p = [padding] * nd if isinstance(padding, int) else list(padding)
    return p


@pytest.mark.parametrize("kw", [
    dict(kernel_size=2), dict(kernel_size=3, stride=2, padding=1),
    dict(kernel_size=3, stride=2, padding=1, ceil_mode=True),
    dict(kernel_size=[2, 3, 1], stride=[1, 2, 1], padding=[1, 0, 0]),
    dict(kernel_size=2, padding=[0, 1, 1, 0, 0, 1])])
@pytest.mark.parametrize("channel_last", [False, True])
def test_pool3d_values_match_window_loops(kw, channel_last):
    x = RNG.standard_normal((2, 5, 6, 7, 3) if channel_last else (2, 3, 5, 6, 7))
    fmt = "NDHWC" if channel_last else "NCDHW"
    k = kw["kernel_size"]
    k = [k] * 3 if isinstance(k, int) else k
    s = kw.get("stride", k)
    s = [s] * 3 if isinstance(s, int) else s
    p = _explicit(kw.get("padding", 0), 3)
    ceil = kw.get("ceil_mode", False)
    out = F.max_pool3d(_t(x), data_format=fmt, **kw)
    ref = _pool_ref(x, k, s, p, ceil, True, channel_last, "max", False, False)
    np.testing.assert_allclose(out.numpy(), ref)
    for exclusive in (True, False):
        out = F.avg_pool3d(_t(x), exclusive=exclusive, data_format=fmt, **kw)
        ref = _pool_ref(x, k, s, p, ceil, exclusive, channel_last, "avg", False, False)
        np.testing.assert_allclose(out.numpy(), ref, rtol=1e-12)


def test_pool3d_same_padding_divisor_override_and_grads():
    x = RNG.standard_normal((1, 2, 5, 4, 6))
    out = F.avg_pool3d(_t(x), 2, 1, padding="SAME")  # pads [0, 1] per dim, output = input
    assert out.shape == [1, 2, 5, 4, 6]
    ref = _pool_ref(x, [2] * 3, [1] * 3, [0, 1] * 3, False, True, False, "avg", False, False)
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-12)
    out = F.avg_pool3d(_t(x), 2, divisor_override=3)
    ref = _pool_ref(x, [2] * 3, [2] * 3, [0], False, True, False, "avg", False, False) * 8 / 3
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-12)
    check_grads(lambda xs: F.avg_pool3d(xs[0], 3, 2, 1, exclusive=False), [x])
    check_grads(lambda xs: F.max_pool3d(xs[0], 2, 1), [_distinct((1, 2, 3, 4, 3))])
    check_grads(lambda xs: F.max_pool3d(xs[0], 2, data_format="NDHWC"),
                [_distinct((1, 4, 4, 2, 2))])


@pytest.mark.parametrize("nd", [1, 2, 3])
def test_return_mask_is_int32_flat_index_in_each_plane(nd):
    shape = (2, 3) + (7, 6, 5)[:nd]
    x = _distinct(shape)
    fn = getattr(F, f"max_pool{nd}d")
    for kw in (dict(kernel_size=2), dict(kernel_size=3, stride=2, padding=1),
               dict(kernel_size=3, stride=2, padding=1, ceil_mode=True)):
        out, mask = fn(_t(x), return_mask=True, **kw)
        assert mask.dtype == paddle.int32
        ks, st = [kw["kernel_size"]] * nd, [kw.get("stride", kw["kernel_size"])] * nd
        ref, ref_mask = _pool_ref(x, ks, st, [kw.get("padding", 0)] * nd,
                                  kw.get("ceil_mode", False), True, False, "max", False, False,
                                  with_mask=True)
        np.testing.assert_allclose(out.numpy(), ref)
        np.testing.assert_array_equal(mask.numpy(), ref_mask)
        # the mask reads the maxima back out of each flattened plane
        flat = x.reshape(x.shape[:2] + (-1,))
        picked = np.take_along_axis(flat, mask.numpy().reshape(x.shape[:2] + (-1,)), axis=2)
        np.testing.assert_allclose(picked.reshape(out.shape), out.numpy())
    check_grads(lambda xs: fn(xs[0], 2, return_mask=True)[0], [x[:1, :2]])


@pytest.mark.parametrize("nd", [1, 2, 3])
def test_adaptive_pools_with_mask_and_grads(nd):
    shape = (2, 2) + (7, 5, 6)[:nd]
    x = _distinct(shape)
    sizes = {1: [3, 4, 7], 2: [3, [2, 5], [None, 3]], 3: [2, [2, 3, 4], [None, 2, 6]]}[nd]
    for size in sizes:
        out_size = [size] * nd if isinstance(size, int) else [
            shape[2 + i] if v is None else v for i, v in enumerate(size)]
        out, mask = getattr(F, f"adaptive_max_pool{nd}d")(_t(x), size, return_mask=True)
        ref, ref_mask = _pool_ref(x, out_size, [1] * nd, [0], False, True, False, "max", False,
                                  True, with_mask=True)
        np.testing.assert_allclose(out.numpy(), ref)
        np.testing.assert_array_equal(mask.numpy(), ref_mask)
        assert mask.dtype == paddle.int32
        avg = getattr(F, f"adaptive_avg_pool{nd}d")(_t(x), size)
        ref = _pool_ref(x, out_size, [1] * nd, [0], False, True, False, "avg", False, True)
        np.testing.assert_allclose(avg.numpy(), ref, rtol=1e-12)
    size = sizes[1]
    check_grads(lambda xs: getattr(F, f"adaptive_max_pool{nd}d")(xs[0], size), [x[:1]])
    check_grads(lambda xs: getattr(F, f"adaptive_avg_pool{nd}d")(xs[0], size), [x[:1]])


def test_adaptive_avg_pool3d_channel_last():
    x = RNG.standard_normal((1, 5, 4, 6, 3))
    out = F.adaptive_avg_pool3d(_t(x), [2, 3, 4], data_format="NDHWC")
    ref = _pool_ref(x, [2, 3, 4], [1] * 3, [0], False, True, True, "avg", False, True)
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-12)


def test_first_maximum_takes_the_whole_grad():
    """Paddle's max-pool grad: on ties the first maximum (row-major in the window) gets it."""
    for nd in (2, 3):
        x = paddle.to_tensor(np.ones((1, 1) + (4,) * nd), stop_gradient=False)
        fn = getattr(F, f"max_pool{nd}d")
        fn(x, 2).sum().backward()
        ref = np.zeros((4,) * nd)
        ref[(slice(0, None, 2),) * nd] = 1  # each 2x..x2 window's first element
        np.testing.assert_array_equal(x.grad.numpy()[0, 0], ref)
    x = paddle.to_tensor(np.ones((1, 1, 5, 5)), stop_gradient=False)
    F.max_pool2d(x, 3, 1).sum().backward()  # overlapping: every window's top-left
    ref = np.zeros((5, 5))
    ref[:3, :3] = 1
    np.testing.assert_array_equal(x.grad.numpy()[0, 0], ref)
    x = paddle.to_tensor(np.ones((1, 1, 4, 4)), stop_gradient=False)
    out, mask = F.max_pool2d(x, 2, return_mask=True)
    np.testing.assert_array_equal(mask.numpy()[0, 0], [[0, 2], [8, 10]])


def test_edge_values_as_paddle():
    lowest = float(np.finfo(np.float32).min)
    x = _t(np.arange(9.0).reshape(1, 1, 3, 3))
    # the last window (ceil_mode) is over padding only
    out = F.max_pool2d(x, 2, 2, padding=1, ceil_mode=True)
    np.testing.assert_array_equal(out.numpy()[0, 0], [[0, 2, lowest], [6, 8, lowest],
                                                       [lowest] * 3])
    out, mask = F.max_pool2d(x, 2, 2, padding=1, ceil_mode=True, return_mask=True)
    np.testing.assert_array_equal(mask.numpy()[0, 0], [[0, 2, -1], [6, 8, -1], [-1, -1, -1]])
    avg = F.avg_pool2d(x, 2, 2, padding=1, ceil_mode=True).numpy()[0, 0]
    # no inputs, exclusive: 0 (Paddle's 0 / 0 gives NaN; a deliberate difference, docs/differences.md)
    np.testing.assert_array_equal(avg, [[0, 1.5, 0], [4.5, 6, 0], [0, 0, 0]])
    # non-exclusive: padding after the input counts only as far as the padding before reaches
    avg = F.avg_pool2d(x, 2, 2, padding=1, ceil_mode=True, exclusive=False).numpy()[0, 0]
    np.testing.assert_allclose(avg, [[0, 0.75, 0], [2.25, 6, 0], [0, 0, 0]])
    # a NaN restarts Paddle's max scan; a window whose last element is NaN is NaN
    xn = np.arange(16.0).reshape(1, 1, 4, 4)
    xn[0, 0, 0, 0] = np.nan
    xn[0, 0, 3, 3] = np.nan
    out = F.max_pool2d(_t(xn), 2).numpy()[0, 0]
    np.testing.assert_array_equal(out, [[5, 7], [13, np.nan]])
    out, mask = F.max_pool2d(_t(xn), 2, return_mask=True)  # with_index never picks NaN
    np.testing.assert_array_equal(out.numpy()[0, 0], [[5, 7], [13, 14]])
    # a kernel larger than the input still gives one window (C++ integer division)
    assert F.max_pool3d(_t(np.ones((1, 1, 1, 1, 1))), 2).shape == [1, 1, 1, 1, 1]


def _scatter_ref(x, idx, out_sp):
    n, c = x.shape[:2]
    out = np.zeros((n, c, int(np.prod(out_sp))), x.dtype)
    for i in range(n):
        for j in range(c):
            out[i, j, idx[i, j].ravel()] = x[i, j].ravel()
    return out.reshape((n, c) + tuple(out_sp))


@pytest.mark.parametrize("nd", [1, 2, 3])
def test_max_unpool_inverts_max_pool(nd):
    shape = (2, 3) + (8, 6, 4)[:nd]
    x = _distinct(shape)
    out, mask = getattr(F, f"max_pool{nd}d")(_t(x), 2, return_mask=True)
    un = getattr(F, f"max_unpool{nd}d")(out, mask, 2)
    assert un.shape == list(shape)
    np.testing.assert_allclose(un.numpy(), _scatter_ref(out.numpy(), mask.numpy(), shape[2:]))
    # every maximum back in place, zeros elsewhere
    np.testing.assert_allclose(un.numpy()[un.numpy() != 0], x[un.numpy() != 0])
    idx = mask.numpy()
    check_grads(lambda xs: getattr(F, f"max_unpool{nd}d")(xs[0], _t(idx), 2), [out.numpy()])


def test_max_unpool_output_size_and_errors():
    x = np.arange(70.0).reshape(1, 2, 5, 7)  # each window's maximum at its bottom right
    out, mask = F.max_pool2d(_t(x), 2, return_mask=True)
    un = F.max_unpool2d(out, mask, 2, output_size=[5, 7])
    assert un.shape == [1, 2, 5, 7]
    np.testing.assert_allclose(un.numpy(), _scatter_ref(out.numpy(), mask.numpy(), (5, 7)))
    assert F.max_unpool2d(out, mask, 2, output_size=[1, 2, 5, 7]).shape == [1, 2, 5, 7]
    with pytest.raises(ValueError, match="invalid output_size"):
        F.max_unpool2d(out, mask, 2, output_size=[9, 9])
    with pytest.raises(ValueError, match="index should less than"):
        F.max_unpool2d(out, mask, 2)  # indices into a 5x7 plane do not fit the default 4x6
    with pytest.raises(ValueError, match="NCHW"):
        F.max_unpool2d(out, mask, 2, data_format="NHWC")
    with pytest.raises(ValueError, match="NCL"):
        F.max_unpool1d(out[:, :, 0], mask[:, :, 0], 2, data_format="NLC")
    with pytest.raises(ValueError, match="return_mask"):
        F.max_pool3d(_t(np.ones((1, 2, 2, 2, 1))), 2, return_mask=True, data_format="NDHWC")
    with pytest.raises(ValueError, match="Paddings size 4"):
        F.max_pool2d(_t(x), 2, padding=[1, 0, 0, 1], return_mask=True)
    with pytest.raises(ValueError, match="VALID"):
        F.avg_pool3d(_t(np.ones((1, 1, 2, 2, 2))), 2, padding="VALID", ceil_mode=True)


def test_3d_and_unpool_layers():
    x = _distinct((1, 2, 4, 4, 6))
    np.testing.assert_allclose(paddle.nn.MaxPool3D(2)(_t(x)).numpy(),
                               F.max_pool3d(_t(x), 2).numpy())
    np.testing.assert_allclose(paddle.nn.AvgPool3D(3, 2, 1, divisor_override=5)(_t(x)).numpy(),
                               F.avg_pool3d(_t(x), 3, 2, 1, divisor_override=5).numpy())
    np.testing.assert_allclose(paddle.nn.AdaptiveAvgPool3D([2, None, 3])(_t(x)).numpy(),
                               F.adaptive_avg_pool3d(_t(x), [2, 4, 3]).numpy())
    out, mask = paddle.nn.AdaptiveMaxPool3D(2, return_mask=True)(_t(x))
    ref, ref_mask = F.adaptive_max_pool3d(_t(x), 2, return_mask=True)
    np.testing.assert_array_equal(mask.numpy(), ref_mask.numpy())
    assert repr(paddle.nn.MaxPool3D(3, 2, 1)) == "MaxPool3D(kernel_size=3, stride=2, padding=1)"
    assert repr(paddle.nn.AdaptiveMaxPool3D(2, True)) == \
        "AdaptiveMaxPool3D(output_size=2, return_mask=True)"
    assert repr(paddle.nn.MaxUnPool2D(2)) == "MaxUnPool2D(output_size=None)"
    for nd, shape in ((1, (1, 2, 8)), (2, (1, 2, 4, 6)), (3, (1, 2, 4, 4, 2))):
        xs = _distinct(shape)
        out, mask = getattr(paddle.nn, f"MaxPool{nd}D")(2, return_mask=True)(_t(xs))
        un = getattr(paddle.nn, f"MaxUnPool{nd}D")(2)(out, mask)
        np.testing.assert_allclose(un.numpy(), _scatter_ref(out.numpy(), mask.numpy(),
                                                             shape[2:]))


def test_matches_paddle_when_installed():
    pd = pytest.importorskip("paddle")
    x = _distinct((2, 3, 5, 6, 7)).astype("float32")
    for fn, kw in (("max_pool3d", dict(kernel_size=3, stride=2, padding=1, ceil_mode=True)),
                   ("avg_pool3d", dict(kernel_size=2, padding=[0, 1, 1, 0, 0, 1],
                                       exclusive=False)),
                   ("adaptive_max_pool3d", dict(output_size=[2, 3, 4], return_mask=True))):
        mine = getattr(F, fn)(_t(x), **kw)
        theirs = getattr(pd.nn.functional, fn)(pd.to_tensor(x), **kw)
        mine = mine if isinstance(mine, tuple) else (mine,)
        theirs = theirs if isinstance(theirs, tuple) else (theirs,)
        for a, b in zip(mine, theirs):
            np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-6)
