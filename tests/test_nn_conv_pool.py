"""The conv and pooling functionals and layers around the conv2d / pool2d ops (the op table checks
the ops themselves): Paddle's padding forms, conv1d as conv2d on a height-1 image, 1-D pools,
adaptive pools (pool2d with adaptive=True, max_pool2d_with_index), the layers' defaults. Values
against the direct loops of tests/op_db_rows, gradients by central differences."""
import math

import numpy as np
import pytest

import eagergraph as paddle
from tests.op_db import OP_DB  # first: the rows modules import op_db
from tests.gradcheck import check_grads
from tests.op_db_rows.conv import ref_conv2d
from tests.op_db_rows.pool import ref_pool as ref_pool2d

F = paddle.nn.functional
RNG = np.random.default_rng(0)


def _t(a):
    return paddle.to_tensor(a)


@pytest.mark.parametrize("padding,explicit", [
    (1, [1, 1, 1, 1]), ([1, 2], [1, 1, 2, 2]), ([0, 1, 2, 0], [0, 1, 2, 0]),
    ([[0, 0], [0, 0], [1, 0], [2, 1]], [1, 0, 2, 1]), ("valid", [0, 0, 0, 0])])
def test_conv2d_padding_forms(padding, explicit):
    x = RNG.standard_normal((2, 4, 6, 5))
    w = RNG.standard_normal((6, 2, 3, 2))
    b = RNG.standard_normal(6)
    out = F.conv2d(_t(x), _t(w), _t(b), stride=[2, 1], padding=padding, groups=2)
    ref = ref_conv2d(x, w, (2, 1), explicit, "EXPLICIT", (1, 1), 2) + b[None, :, None, None]
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-10)


def test_conv2d_same_padding_keeps_ceil_of_size_over_stride():
    x = RNG.standard_normal((1, 2, 7, 6))
    w = RNG.standard_normal((3, 2, 3, 3))
    out = F.conv2d(_t(x), _t(w), stride=2, padding="SAME")
    assert out.shape == [1, 3, math.ceil(7 / 2), math.ceil(6 / 2)]
    np.testing.assert_allclose(out.numpy(), ref_conv2d(x, w, (2, 2), (), "SAME"), rtol=1e-10)


def test_conv1d_is_conv2d_on_a_height_one_image_and_differentiates():
    x = RNG.standard_normal((2, 4, 9))
    w = RNG.standard_normal((6, 2, 3))
    out = F.conv1d(_t(x), _t(w), stride=2, padding=[1, 2], groups=2)
    ref = ref_conv2d(x[:, :, None], w[:, :, None], (1, 2), [0, 0, 1, 2], "EXPLICIT", (1, 1),
                     2)[:, :, 0]
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-10)
    nlc = F.conv1d(_t(x.transpose(0, 2, 1)), _t(w), stride=2, padding=[1, 2], groups=2,
                   data_format="NLC")
    np.testing.assert_allclose(nlc.numpy(), ref.transpose(0, 2, 1), rtol=1e-10)
    check_grads(lambda xs: F.conv1d(xs[0], xs[1], xs[2], padding=1, groups=2),
                [x, w, RNG.standard_normal(6)])


def test_pool1d_and_pool2d_wrappers_match_the_window_loops():
    x = RNG.standard_normal((2, 3, 9))
    out = F.max_pool1d(_t(x), 3, stride=2, padding=1)
    ref = ref_pool2d(x[:, :, None], [1, 3], [1, 2], [0, 1], pooling_type="max")[:, :, 0]
    np.testing.assert_allclose(out.numpy(), ref)
    out = F.avg_pool1d(_t(x), 2, exclusive=False)
    ref = ref_pool2d(x[:, :, None], [1, 2], [1, 2], [0, 0], exclusive=False,
                     pooling_type="avg")[:, :, 0]
    np.testing.assert_allclose(out.numpy(), ref)
    x2 = RNG.standard_normal((1, 2, 5, 6))
    out = F.avg_pool2d(_t(x2), 2, divisor_override=3)  # sum / 3
    ref = ref_pool2d(x2, [2, 2], [2, 2], [0, 0], exclusive=False, pooling_type="avg") * 4 / 3
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-12)


def _adaptive_ref(x, oh, ow, reduce):
    h, w = x.shape[2:]
    out = np.zeros(x.shape[:2] + (oh, ow))
    for i in range(oh):
        for j in range(ow):
            hs, he = (i * h) // oh, math.ceil((i + 1) * h / oh)
            ws, we = (j * w) // ow, math.ceil((j + 1) * w / ow)
            out[:, :, i, j] = reduce(x[:, :, hs:he, ws:we], axis=(2, 3))
    return out


@pytest.mark.parametrize("size", [(2, 3), (3, 4), 1])  # divides, does not divide, global
def test_adaptive_pools(size):
    x = RNG.standard_normal((2, 3, 6, 9))
    oh, ow = (size, size) if isinstance(size, int) else size
    np.testing.assert_allclose(F.adaptive_avg_pool2d(_t(x), size).numpy(),
                               _adaptive_ref(x, oh, ow, np.mean), rtol=1e-12)
    np.testing.assert_allclose(F.adaptive_max_pool2d(_t(x), size).numpy(),
                               _adaptive_ref(x, oh, ow, np.max))
    check_grads(lambda xs: F.adaptive_avg_pool2d(xs[0], size), [x])


def test_bad_arguments_raise_clearly():
    x = _t(RNG.standard_normal((1, 1, 4, 4)))
    with pytest.raises(ValueError, match="return_mask"):
        F.max_pool2d(paddle.transpose(x, [0, 2, 3, 1]), 2, return_mask=True, data_format="NHWC")
    with pytest.raises(ValueError, match="VALID"):  # Paddle refuses VALID, not SAME, with ceil
        F.max_pool2d(x, 2, padding="VALID", ceil_mode=True)
    with pytest.raises(ValueError, match="padding"):
        F.conv2d(x, _t(np.ones((1, 1, 2, 2))), padding="FULL")
    with pytest.raises(ValueError, match="channels"):
        F.conv2d(x, _t(np.ones((1, 2, 2, 2))))


def test_conv_layers_defaults_and_repr():
    paddle.seed(0)
    conv = paddle.nn.Conv2D(3, 8, 3)
    assert conv.weight.shape == [8, 3, 3, 3] and conv.bias.shape == [8]
    assert np.all(conv.bias.numpy() == 0)
    std = float(np.std(conv.weight.numpy()))
    assert abs(std - math.sqrt(2 / 27)) < 0.05  # Normal(0, sqrt(2 / fan_in))
    assert repr(conv) == "Conv2D(3, 8, kernel_size=[3, 3], data_format=NCHW)"
    assert repr(paddle.nn.MaxPool2D(3, 2, 1)) == "MaxPool2D(kernel_size=3, stride=2, padding=1)"
    y = paddle.nn.Conv1D(2, 4, 3, padding="same", bias_attr=False)(_t(np.ones((1, 2, 5),
                                                                                "float32")))
    assert y.shape == [1, 4, 5]


def test_the_ops_under_these_wrappers_have_gradient_checked_rows():
    rows = {i.name: i for i in OP_DB}
    for op in ("conv2d", "unfold", "fold", "pool2d"):
        assert rows[op].grad >= 2, op


@pytest.mark.parametrize("xs,ws,stride,pad,dil,groups,fmt", [
    ((16, 16, 16, 16), (32, 16, 3, 3), 1, 1, 1, 1, "NCHW"),     # output rows < 16: batch-last
    ((8, 8, 40, 40), (16, 8, 3, 3), 1, 1, 1, 1, "NCHW"),        # per-sample forward
    ((16, 16, 15, 13), (32, 8, 3, 3), 2, [1, 2], 1, 2, "NCHW"),
    ((8, 8, 30, 30), (16, 8, 5, 5), 1, 2, 2, 1, "NCHW"),
    ((16, 16, 16, 16), (32, 16, 3, 3), 1, 1, 1, 1, "NHWC"),
    ((16, 32, 9, 9), (32, 16, 3, 3), 2, 1, 1, 1, "transpose")])
def test_conv_in_chunks_gives_the_whole_arrays_bits(xs, ws, stride, pad, dil, groups, fmt,
                                                    monkeypatch):
    """Columns over conv._WHOLE elements are made a few images (forward, filter grad) or
    output rows (input grad, the batch-last forward) at a time; the sums are added in the
    same order, so every bit is as with the whole batch at once (chunks kept large enough
    for BLAS's large-matrix kernels, as they are at conv._CHUNK)."""
    from eagergraph.phi.kernels.cpu import conv
    rng = np.random.default_rng(1)
    x, w = rng.standard_normal(xs), rng.standard_normal(ws)
    products = []
    real_gemm = conv.gemm
    monkeypatch.setattr(conv, "gemm", lambda a, b: products.append(1) or real_gemm(a, b))
    for dtype in ("float32", "float64"):
        res, calls = [], []
        for whole, chunk in ((1 << 40, 1 << 40), (1000, 60000), (1000, 150000)):
            monkeypatch.setattr(conv, "_WHOLE", whole)
            monkeypatch.setattr(conv, "_CHUNK", chunk)
            products.clear()
            xt = paddle.to_tensor(x.astype(dtype), stop_gradient=False)
            wt = paddle.to_tensor(w.astype(dtype), stop_gradient=False)
            if fmt == "transpose":
                y = F.conv2d_transpose(xt, wt, stride=stride, padding=pad, dilation=dil,
                                       groups=groups)
            else:
                y = F.conv2d(xt, wt, stride=stride, padding=pad, dilation=dil, groups=groups,
                             data_format=fmt)
            y.backward(paddle.to_tensor(np.cos(np.arange(y.size)).reshape(y.shape)
                                        .astype(dtype)))
            res.append([t.numpy().tobytes() for t in (y, xt.grad, wt.grad)])
            calls.append(len(products))
        assert res[1] == res[0] and res[2] == res[0]
        assert calls[1] > calls[0]  # the products were made in chunks
