"""The functionals and layers around conv3d / conv2d_transpose / conv3d_transpose (the op table
checks the ops themselves): Paddle's padding forms, conv1d_transpose as conv2d_transpose on a
width-1 image, output_padding / output_size, channel-last layouts, the layers' parameters and
padding modes. Values against the direct loops of tests/op_db_rows, gradients by central
differences; an optional comparison with real Paddle."""
import numpy as np
import pytest

import eagergraph as paddle
from tests.op_db import OP_DB  # first: the rows modules import op_db
from tests.gradcheck import check_grads
from tests.op_db_rows.conv import ref_conv2d, ref_conv3d, ref_conv_transpose

F = paddle.nn.functional
RNG = np.random.default_rng(0)


def _t(a):
    return paddle.to_tensor(a)


def test_ops_have_rows():
    """The ops themselves (values, 1st and 2nd order grads) are the op table's."""
    names = {info.name for info in OP_DB}
    assert {"conv3d", "conv2d_transpose", "conv3d_transpose"} <= names


@pytest.mark.parametrize("padding,explicit", [
    (1, [1, 1, 1]), ([1, 0, 2], [1, 0, 2]), ([1, 0, 2, 1, 0, 1], [1, 0, 2, 1, 0, 1]),
    ([[0, 0], [0, 0], [1, 0], [2, 1], [0, 1]], [1, 0, 2, 1, 0, 1]), ("valid", [0])])
def test_conv3d_padding_forms(padding, explicit):
    x, w, b = (RNG.standard_normal((2, 4, 4, 5, 3)), RNG.standard_normal((6, 2, 3, 2, 2)),
               RNG.standard_normal(6))
    got = F.conv3d(_t(x), _t(w), _t(b), stride=[1, 2, 1], padding=padding, groups=2).numpy()
    ref = ref_conv3d(x, w, [1, 2, 1], explicit, groups=2) + b.reshape(1, -1, 1, 1, 1)
    np.testing.assert_allclose(got, ref, rtol=1e-10, atol=1e-12)


def test_conv3d_same_ndhwc_and_grads():
    x, w = RNG.standard_normal((1, 4, 3, 5, 2)), RNG.standard_normal((3, 2, 2, 3, 1))
    got = F.conv3d(_t(x), _t(w), stride=2, padding="SAME", data_format="NDHWC").numpy()
    ref = ref_conv3d(x, w, [2, 2, 2], padding_algorithm="SAME", data_format="NDHWC")
    np.testing.assert_allclose(got, ref, rtol=1e-10, atol=1e-12)
    check_grads(lambda t: F.conv3d(t[0], t[1], t[2], stride=[2, 1, 1], padding=1,
                                   data_format="NDHWC"),
                [x, w, RNG.standard_normal(3)])


@pytest.mark.parametrize("kw,ref_kw", [
    ({}, {}),
    ({"stride": 2, "output_padding": 1}, {"strides": [2, 2], "output_padding": [1, 1]}),
    ({"stride": [2, 3], "padding": [1, 0, 0, 2], "output_size": [8, 12]},
     {"strides": [2, 3], "paddings": [1, 0, 0, 2], "output_size": [8, 12]}),
    ({"stride": 2, "padding": "SAME", "dilation": 2},
     {"strides": [2, 2], "padding_algorithm": "SAME"}),
    ({"padding": [[0, 0], [0, 0], [1, 1], [0, 2]], "dilation": [1, 2], "groups": 2},
     {"paddings": [1, 1, 0, 2], "dilations": [1, 2], "groups": 2})])
def test_conv2d_transpose(kw, ref_kw):
    x, w, b = RNG.standard_normal((2, 4, 4, 5)), RNG.standard_normal((4, 3, 3, 2)), None
    if kw.get("groups") != 2:
        b = RNG.standard_normal(3)
    got = F.conv2d_transpose(_t(x), _t(w), None if b is None else _t(b), **kw).numpy()
    ref = ref_conv_transpose(x, w, **ref_kw)
    if b is not None:
        ref = ref + b.reshape(1, -1, 1, 1)
    np.testing.assert_allclose(got, ref, rtol=1e-10, atol=1e-12)


def test_conv2d_transpose_nhwc_grads_second_order():
    x, w = RNG.standard_normal((1, 3, 2, 4)), RNG.standard_normal((4, 1, 2, 3))
    got = F.conv2d_transpose(_t(x), _t(w), stride=2, groups=2, data_format="NHWC").numpy()
    ref = ref_conv_transpose(x, w, [2, 2], groups=2, data_format="NHWC")
    np.testing.assert_allclose(got, ref, rtol=1e-10, atol=1e-12)
    check_grads(lambda t: F.conv2d_transpose(t[0], t[1], t[2], stride=2, padding=1,
                                             output_padding=1, data_format="NHWC"),
                [x, RNG.standard_normal((4, 2, 3, 3)), RNG.standard_normal(2)])


@pytest.mark.parametrize("data_format", ["NCL", "NLC"])
def test_conv1d_transpose(data_format):
    x, w, b = RNG.standard_normal((2, 4, 5)), RNG.standard_normal((4, 3, 3)), RNG.standard_normal(6)
    xin = x if data_format == "NCL" else x.transpose(0, 2, 1)
    got = F.conv1d_transpose(_t(xin), _t(w), _t(b[:3]), stride=2, padding=[1, 0],
                             output_padding=1, data_format=data_format).numpy()
    ref = (ref_conv_transpose(x[..., None], w[..., None], [2, 1], [1, 0, 0, 0], [1, 0])[..., 0]
           + b[:3].reshape(1, -1, 1))
    np.testing.assert_allclose(got if data_format == "NCL" else got.transpose(0, 2, 1), ref,
                               rtol=1e-10, atol=1e-12)
    got = F.conv1d_transpose(_t(x), _t(w[:, :1]), stride=3, groups=2, output_size=17).numpy()
    ref = ref_conv_transpose(x[..., None], w[:, :1, :, None], [3, 1], output_size=[17, 1],
                             groups=2)[..., 0]
    np.testing.assert_allclose(got, ref, rtol=1e-10, atol=1e-12)
    check_grads(lambda t: F.conv1d_transpose(t[0], t[1], t[2], stride=2, padding=1,
                                             data_format=data_format),
                [xin, w, b[:3]])


def test_conv3d_transpose():
    x, w, b = (RNG.standard_normal((1, 2, 2, 3, 2)), RNG.standard_normal((2, 2, 2, 1, 2)),
               RNG.standard_normal(4))
    got = F.conv3d_transpose(_t(x), _t(w), _t(b), stride=[2, 1, 2], padding=[1, 0, 0],
                             output_padding=[1, 0, 0], groups=2).numpy()
    ref = (ref_conv_transpose(x, w, [2, 1, 2], [1, 0, 0], [1, 0, 0], groups=2)
           + b.reshape(1, -1, 1, 1, 1))
    np.testing.assert_allclose(got, ref, rtol=1e-10, atol=1e-12)
    got = F.conv3d_transpose(_t(x.transpose(0, 2, 3, 4, 1)), _t(w), stride=2,
                             output_size=[5, 6, 4], data_format="NDHWC").numpy()
    ref = ref_conv_transpose(x, w, [2, 2, 2], output_size=[5, 6, 4])
    np.testing.assert_allclose(got, ref.transpose(0, 2, 3, 4, 1), rtol=1e-10, atol=1e-12)
    check_grads(lambda t: F.conv3d_transpose(t[0], t[1], t[2], stride=2, padding=[0, 1, 0]),
                [x, w, b[:2]])


def test_transpose_is_the_input_gradient_of_conv():
    """conv2d_transpose(g, w) is the gradient of sum(conv2d(x, w) * g) in x."""
    x, w = RNG.standard_normal((2, 4, 7, 6)), RNG.standard_normal((6, 2, 3, 2))
    xt = paddle.to_tensor(x, stop_gradient=False)
    out = F.conv2d(xt, _t(w), stride=2, padding=[1, 0], dilation=[1, 2], groups=2)
    g = RNG.standard_normal(out.shape)
    (xg,) = paddle.grad([(out * _t(g)).sum()], [xt])
    got = F.conv2d_transpose(_t(g), _t(w), stride=2, padding=[1, 0], dilation=[1, 2],
                             groups=2, output_size=[7, 6])
    np.testing.assert_allclose(got.numpy(), xg.numpy(), rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("call,exc,msg", [
    (lambda: F.conv2d_transpose(_t(np.ones((1, 2, 3, 3))), _t(np.ones((2, 1, 2, 2))),
                                stride=2, output_size=[9, 9]), ValueError, "output_size"),
    (lambda: F.conv2d_transpose(_t(np.ones((1, 2, 3, 3))), _t(np.ones((2, 1, 2, 2))),
                                output_padding=1), ValueError, "output_padding"),
    (lambda: F.conv2d_transpose(_t(np.ones((1, 2, 3, 3))), _t(np.ones((2, 1, 2, 2))),
                                stride=2, output_padding=1, output_size=7), ValueError,
     "mutually exclusive"),
    (lambda: F.conv2d_transpose(_t(np.ones((1, 2, 3, 3))), _t(np.ones((3, 1, 2, 2)))),
     ValueError, "filter channels"),
    (lambda: F.conv3d(_t(np.ones((1, 2, 3, 3))), _t(np.ones((3, 2, 2, 2, 2)))), ValueError,
     "5D"),
    (lambda: F.conv3d(_t(np.ones((1, 3, 3, 3, 3))), _t(np.ones((4, 1, 2, 2, 2))), groups=2),
     ValueError, "divisible"),
    (lambda: F.conv3d_transpose(_t(np.ones((1, 2, 3, 3, 3))), _t(np.ones((2, 1, 2, 2, 2))),
                                data_format="NCHW"), ValueError, "NCDHW"),
    (lambda: F.conv1d_transpose(_t(np.ones((1, 2, 3))), _t(np.ones((2, 1, 2))), groups=0),
     ValueError, "zero")])
def test_errors(call, exc, msg):
    with pytest.raises(exc, match=msg):
        call()


@pytest.mark.parametrize("cls,args,weight", [
    ("Conv3D", (4, 6, 3), [6, 4, 3, 3, 3]), ("Conv3D", (4, 6, (1, 2, 3), 1, 0, 1, 2), [6, 2, 1, 2, 3]),
    ("Conv1DTranspose", (4, 6, 3), [4, 6, 3]),
    ("Conv2DTranspose", (4, 6, 3, 1, 0, 0, 1, 2), [4, 3, 3, 3]),
    ("Conv3DTranspose", (4, 6, [2, 3, 1]), [4, 6, 2, 3, 1])])
def test_layer_parameters(cls, args, weight):
    layer = getattr(paddle.nn, cls)(*args)
    sd = layer.state_dict()
    assert list(sd) == ["weight", "bias"]
    assert sd["weight"].shape == weight and sd["bias"].shape == [args[1]]
    np.testing.assert_array_equal(sd["bias"].numpy(), 0)
    w = sd["weight"].numpy()
    if "Transpose" not in cls:  # Normal(0, sqrt(2 / fan_in)) with fan_in = in * prod(kernel)
        fan_in = args[0] * int(np.prod(weight[2:]))
        assert abs(w.std() / (2.0 / fan_in) ** 0.5 - 1) < 0.3
    else:  # XavierUniform: |w| <= sqrt(6 / (fan_in + fan_out))
        rf = int(np.prod(weight[2:]))
        assert np.abs(w).max() <= (6.0 / ((weight[0] + weight[1]) * rf)) ** 0.5 + 1e-7


_NP_MODES = {"reflect": "reflect", "replicate": "edge", "circular": "wrap"}


@pytest.mark.parametrize("mode", sorted(_NP_MODES))
@pytest.mark.parametrize("cls,shape,data_format", [
    ("Conv1D", (2, 3, 7), "NCL"), ("Conv2D", (2, 3, 6, 5), "NCHW"),
    ("Conv2D", (2, 6, 5, 3), "NHWC"), ("Conv3D", (1, 3, 4, 5, 4), "NCDHW")])
def test_padding_modes(mode, cls, shape, data_format):
    layer = getattr(paddle.nn, cls)(3, 4, 3, padding=2, padding_mode=mode,
                                    data_format=data_format)
    assert f"padding_mode={mode}" in repr(layer)
    x = RNG.standard_normal(shape).astype("float32")
    cl = data_format[-1] == "C"
    xf = np.moveaxis(x, -1, 1) if cl else x
    xp = np.pad(xf, [(0, 0), (0, 0)] + [(2, 2)] * (xf.ndim - 2), mode=_NP_MODES[mode])
    w, b = layer.weight.numpy(), layer.bias.numpy()
    nd = xf.ndim - 2
    if nd == 1:
        ref = ref_conv2d(xp[:, :, None], w[:, :, None])[:, :, 0]
    elif nd == 2:
        ref = ref_conv2d(xp, w)
    else:
        ref = ref_conv3d(xp, w)
    ref = ref + b.reshape((1, -1) + (1,) * nd)
    got = layer(_t(x)).numpy()
    np.testing.assert_allclose(np.moveaxis(got, -1, 1) if cl else got, ref, rtol=1e-5,
                               atol=1e-5)


def test_padding_mode_errors_and_transpose_forward_output_size():
    with pytest.raises(TypeError, match="type of padding must be int"):
        paddle.nn.Conv3D(2, 2, 3, padding=[1, 1, 1], padding_mode="reflect")
    with pytest.raises(ValueError, match="padding_mode must be one of"):
        paddle.nn.Conv2D(2, 2, 3, padding_mode="mirror")
    layer = paddle.nn.Conv2DTranspose(2, 3, 3, stride=2, output_padding=1)
    assert repr(layer) == ("Conv2DTranspose(2, 3, kernel_size=[3, 3], stride=[2, 2], "
                           "output_padding=1, data_format=NCHW)")
    x = _t(RNG.standard_normal((1, 2, 4, 4)).astype("float32"))
    assert layer(x).shape == [1, 3, 10, 10]
    assert layer(x, output_size=[9, 9]).shape == [1, 3, 9, 9]  # output_size wins


def test_against_paddle():
    """Values and first-order grads against real Paddle 3.3.1 where it is installed."""
    real = pytest.importorskip("paddle")
    if real is paddle or not hasattr(real, "_C_ops") or real.__name__ != "paddle":
        pytest.skip("real paddle not importable here")
    cases = [("conv3d", (2, 4, 5, 4, 3), (6, 2, 3, 2, 2), dict(stride=2, padding=1, groups=2)),
             ("conv2d_transpose", (2, 4, 5, 6), (4, 3, 3, 2),
              dict(stride=2, padding=[1, 0, 2, 1], output_padding=1)),
             ("conv3d_transpose", (1, 4, 3, 3, 2), (4, 2, 2, 2, 2),
              dict(stride=2, groups=2, data_format="NCDHW")),
             ("conv1d_transpose", (2, 4, 6), (4, 3, 3), dict(stride=3, padding="SAME"))]
    for name, xs, ws, kw in cases:
        x, w = RNG.standard_normal(xs), RNG.standard_normal(ws)
        res = []
        for lib in (real, paddle):
            xt = lib.to_tensor(x, stop_gradient=False)
            wt = lib.to_tensor(w, stop_gradient=False)
            out = getattr(lib.nn.functional, name)(xt, wt, **kw)
            out.sum().backward()
            res.append((out.numpy(), xt.grad.numpy(), wt.grad.numpy()))
        for a, b in zip(*res):
            np.testing.assert_allclose(b, a, rtol=1e-9, atol=1e-10)


@pytest.mark.parametrize("fn,xs,ws,out", [
    ("conv3d", (0, 2, 3, 3, 3), (3, 2, 2, 2, 2), [0, 3, 2, 2, 2]),  # empty batch
    ("conv2d_transpose", (0, 2, 3, 3), (2, 3, 2, 2), [0, 3, 4, 4]),
    ("conv2d", (2, 2, 2, 2), (3, 2, 3, 3), [2, 3, 0, 0]),  # no window fits: empty output
    ("conv2d", (2, 2, 3, 3), (3, 2, 4, 1), [2, 3, 0, 2]),
    ("conv2d_transpose", (2, 0, 3, 3), (0, 3, 2, 2), [2, 3, 4, 4])])  # no input channels
def test_empty(fn, xs, ws, out):
    """Empty inputs or outputs give empty results and zero grads, as Paddle does."""
    x = paddle.to_tensor(np.ones(xs), stop_gradient=False)
    w = paddle.to_tensor(np.ones(ws), stop_gradient=False)
    y = getattr(F, fn)(x, w, stride=2 if ws[2:] == (4, 1) else 1)
    assert y.shape == out
    np.testing.assert_array_equal(y.numpy(), 0)
    y.sum().backward()
    assert x.grad.shape == list(xs) and w.grad.shape == list(ws)
    assert not x.grad.numpy().any() and not w.grad.numpy().any()


def test_negative_output_size_raises():
    with pytest.raises(ValueError, match="negative"):
        F.conv2d(paddle.ones([1, 1, 2, 2]), paddle.ones([1, 1, 5, 5]))


def test_output_size_tensor():
    """output_size may be a 1-D int tensor, as in Paddle."""
    x, w = RNG.standard_normal((1, 2, 3, 3)), RNG.standard_normal((2, 3, 2, 2))
    got = F.conv2d_transpose(_t(x), _t(w), stride=2,
                             output_size=paddle.to_tensor([7, 6], dtype="int64"))
    np.testing.assert_allclose(got.numpy(), ref_conv_transpose(x, w, [2, 2], output_size=[7, 6]),
                               rtol=1e-10, atol=1e-12)


def test_aliases():
    assert paddle.nn.Conv1d is paddle.nn.Conv1D and paddle.nn.Conv2d is paddle.nn.Conv2D
    assert paddle.nn.Conv3d is paddle.nn.Conv3D
