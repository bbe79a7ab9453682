"""F.pad, interpolate/upsample, pixel_shuffle/unshuffle, channel_shuffle, channel and alpha
dropout, and their layers: values against NumPy references written here (np.pad, a loop-based
bilinear interpolation, index formulas), gradients against central differences (float64),
reprs and error messages as Paddle 3.3.1 prints them."""
import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F
from eagergraph import nn
from tests.gradcheck import check_grads

rng = np.random.default_rng(0)
NP_MODE = {"constant": "constant", "reflect": "reflect", "replicate": "edge",
           "circular": "wrap"}


def t(a, **kw):
    return paddle.to_tensor(a, **kw)


def np_pad3d(x, pad, mode, value, channel_last):
    """Paddle's pad3d convention: pad lists [W, H, D] pairs, spatial axes after N, C."""
    nd = x.ndim
    spatial = list(range(1, nd - 1)) if channel_last else list(range(2, nd))
    widths = [(0, 0)] * nd
    for k, axis in enumerate(reversed(spatial)):
        widths[axis] = (pad[2 * k], pad[2 * k + 1])
    kw = {"constant_values": value} if mode == "constant" else {}
    return np.pad(x, widths, mode=NP_MODE[mode], **kw)


# ------------------------------------------------------------------ pad: values

@pytest.mark.parametrize("mode", ["constant", "reflect", "replicate", "circular"])
@pytest.mark.parametrize("shape,fmt", [((2, 3, 5), "NCL"), ((2, 5, 3), "NLC"),
                                       ((2, 3, 4, 5), "NCHW"), ((2, 4, 5, 3), "NHWC"),
                                       ((1, 2, 3, 4, 5), "NCDHW"), ((1, 3, 4, 5, 2), "NDHWC")])
def test_pad_spatial_modes_match_np_pad(mode, shape, fmt):
    x = rng.standard_normal(shape)
    pad = [2, 1, 1, 2, 0, 2][:2 * (len(shape) - 2)]
    got = F.pad(t(x), pad, mode=mode, value=1.5, data_format=fmt).numpy()
    np.testing.assert_array_equal(got, np_pad3d(x, pad, mode, 1.5, fmt.endswith("C")))


def test_pad_circular_wider_than_input_wraps_again():
    x = np.arange(6.0).reshape(1, 1, 2, 3)
    got = F.pad(t(x), [4, 4, 0, 0], mode="circular").numpy()
    np.testing.assert_array_equal(got, np.pad(x, [(0, 0), (0, 0), (0, 0), (4, 4)], "wrap"))


def test_pad_negative_spatial_width_crops():
    x = np.arange(6.0).reshape(1, 1, 2, 3)
    # [left, right, top, bottom]: drop the first column, add one on the right and one row below
    got = F.pad(t(x), [-1, 1, 0, 1]).numpy()
    np.testing.assert_array_equal(got, [[[[1, 2, 0], [4, 5, 0], [0, 0, 0]]]])
    got = F.pad(t(x), [-1, 1, 0, 0], mode="reflect").numpy()
    np.testing.assert_array_equal(got, [[[[1, 2, 1], [4, 5, 4]]]])


def test_pad_constant_full_length_from_left_or_right_axis():
    x = np.arange(1.0, 4.0).reshape(1, 1, 3)
    # 2*ndim entries, pad_from_left_axis: pairs for axes 0, 1, 2 in order
    got = F.pad(t(x), [1, 0, 0, 1, 0, 0], pad_from_left_axis=True).numpy()
    np.testing.assert_array_equal(got, np.pad(x, [(1, 0), (0, 1), (0, 0)]))
    # otherwise the first pair is for the last axis
    got = F.pad(t(x), [1, 0, 0, 1, 0, 0], pad_from_left_axis=False).numpy()
    np.testing.assert_array_equal(got, np.pad(x, [(0, 0), (0, 1), (1, 0)]))


def test_pad_constant_short_list_starts_at_last_axis_any_rank():
    x = rng.standard_normal((2, 3))
    got = F.pad(t(x), [1, 1, 0, 2], value=-1.0).numpy()  # 2*ndim long: from the left axis
    np.testing.assert_array_equal(got, np.pad(x, [(1, 1), (0, 2)], constant_values=-1.0))
    x = rng.standard_normal((2, 3, 4))
    got = F.pad(t(x), [1, 2], value=3.0).numpy()  # 2 == 2*(ndim-2): the pad3d rule, last axis
    np.testing.assert_array_equal(got, np.pad(x, [(0, 0), (0, 0), (1, 2)],
                                              constant_values=3.0))
    x = rng.standard_normal((2, 3, 4, 5))
    got = F.pad(t(x), [1, 2]).numpy()  # 2 entries on a 4-D input: the last axis
    np.testing.assert_array_equal(got, np.pad(x, [(0, 0), (0, 0), (0, 0), (1, 2)]))


def test_pad_integer_input_keeps_dtype_and_truncates_value():
    x = np.arange(6).reshape(2, 3)
    got = F.pad(t(x), [1, 1], value=2.7)
    assert got.dtype == paddle.int64
    np.testing.assert_array_equal(got.numpy(), [[2, 0, 1, 2, 2], [2, 3, 4, 5, 2]])


def test_pad_tensor_pad_and_zeropad2d():
    x = rng.standard_normal((1, 2, 3, 4))
    got = F.pad(t(x), t(np.array([1, 0, 0, 1])), value=5.0).numpy()
    np.testing.assert_array_equal(got, np_pad3d(x, [1, 0, 0, 1], "constant", 5.0, False))
    np.testing.assert_array_equal(F.zeropad2d(t(x), [1, 2, 1, 1]).numpy(),
                                  np_pad3d(x, [1, 2, 1, 1], "constant", 0.0, False))


def test_pad_errors_as_paddle():
    x = t(np.zeros((1, 1, 2, 3)))
    with pytest.raises(ValueError, match=r"The width of Input\(X\)'s dimension should be "
                                         r"greater than pad_left in reflect mode, but received "
                                         r"depth\(3\) and pad_left\(3\)"):
        F.pad(x, [3, 0, 0, 0], mode="reflect")
    with pytest.raises(ValueError, match="greater than pad_top in reflect mode"):
        F.pad(x, [0, 0, 2, 0], mode="reflect")
    with pytest.raises(ValueError, match="Size of paddings should be equal to 6, but received 5"):
        F.pad(x, [1, 0, 0], mode="reflect")
    with pytest.raises(ValueError, match=r"The element of 'paddings' should >= 0, but received "
                                         r"-1 for index 0"):
        F.pad(x, [-1, 1, 0, 0, 0, 0, 0, 0])
    with pytest.raises(AssertionError, match="mode should be one of constant, reflect"):
        F.pad(x, [1, 1, 1, 1], mode="wrap")
    with pytest.raises(AssertionError, match="data format should be in"):
        F.pad(x, [1, 1, 1, 1], mode="replicate", data_format="NCL")
    with pytest.raises(AssertionError, match="input tensor dimension must be in"):
        F.pad(t(np.zeros((2, 3))), [1, 1], mode="reflect")


# ------------------------------------------------------------------ pad: gradients

@pytest.mark.parametrize("mode", ["constant", "reflect", "replicate", "circular"])
def test_pad_gradients(mode):
    x = rng.standard_normal((1, 2, 3, 4))
    check_grads(lambda xs: F.pad(xs[0], [2, 1, 1, 2], mode=mode, value=0.5), [x], order=1)


def test_pad_gradient_of_cropping_and_any_rank_constant():
    check_grads(lambda xs: F.pad(xs[0], [-1, 2, 1, 0]), [rng.standard_normal((1, 1, 3, 4))],
                order=1)
    check_grads(lambda xs: F.pad(xs[0], [1, 0, 2, 1]), [rng.standard_normal((2, 3))], order=1)


# ------------------------------------------------------------------ interpolate

def np_linear_axis(x, axis, out_size, align_corners, align_mode, scale=None):
    """Linear resampling along one axis, written from the formulas in Paddle's docs:
    align_corners: src = k*(in-1)/(out-1); align_mode 0: src = (k+0.5)*in/out - 0.5 (>= 0);
    align_mode 1: src = k*in/out; neighbours floor(src) and min(floor(src)+1, in-1)."""
    n = x.shape[axis]
    ratio = ((n - 1) / (out_size - 1) if align_corners else
             (1.0 / scale if scale else n / out_size)) if out_size > 1 else 0.0
    out = []
    for k in range(out_size):
        if not align_corners and align_mode == 0:
            src = max(ratio * (k + 0.5) - 0.5, 0.0)
        else:
            src = ratio * k
        lo = int(np.floor(src))
        hi = min(lo + 1, n - 1)
        d = src - lo
        out.append(np.take(x, lo, axis) * (1 - d) + np.take(x, hi, axis) * d)
    return np.stack(out, axis=axis)


def np_nearest_axis(x, axis, out_size, scale=None):
    n = x.shape[axis]
    ratio = 1.0 / scale if scale else n / out_size
    return np.take(x, [int(np.floor(ratio * k)) for k in range(out_size)], axis=axis)


@pytest.mark.parametrize("align_corners,align_mode", [(False, 0), (False, 1), (True, 0)])
@pytest.mark.parametrize("size", [(8, 11), (3, 4), (1, 2)])
def test_bilinear_matches_reference(align_corners, align_mode, size):
    x = rng.standard_normal((2, 3, 5, 7))
    want = np_linear_axis(np_linear_axis(x, 2, size[0], align_corners, align_mode), 3, size[1],
                          align_corners, align_mode)
    got = F.interpolate(t(x), size=list(size), mode="bilinear", align_corners=align_corners,
                        align_mode=align_mode)
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-6, atol=1e-6)
    # channel-last gives the same numbers on its own axes
    got = F.interpolate(t(x.transpose(0, 2, 3, 1)), size=list(size), mode="bilinear",
                        align_corners=align_corners, align_mode=align_mode,
                        data_format="NHWC")
    np.testing.assert_allclose(got.numpy(), want.transpose(0, 2, 3, 1), rtol=1e-6, atol=1e-6)


def test_bilinear_exact_values_on_a_small_case():
    # 1x2 -> 1x4 with half-pixel centres: src = 0.5k - 0.25 clamped -> 0, .25, .75, 1.25
    x = np.array([[[[0.0, 4.0]]]])
    got = F.interpolate(t(x), size=[1, 4], mode="bilinear").numpy()
    np.testing.assert_allclose(got, [[[[0.0, 1.0, 3.0, 4.0]]]])
    got = F.interpolate(t(x), size=[1, 3], mode="bilinear", align_corners=True).numpy()
    np.testing.assert_allclose(got, [[[[0.0, 2.0, 4.0]]]])


def test_scale_factor_output_size_and_ratio():
    x = rng.standard_normal((1, 2, 5, 6))
    got = F.interpolate(t(x), scale_factor=1.7, mode="bilinear")
    assert got.shape == [1, 2, 8, 10]  # int(5 * 1.7), int(6 * 1.7)
    want = np_linear_axis(np_linear_axis(x, 2, 8, False, 0, 1.7), 3, 10, False, 0, 1.7)
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-5, atol=1e-6)
    got = F.interpolate(t(x), scale_factor=[2, 0.5], mode="nearest")
    np.testing.assert_array_equal(got.numpy(),
                                  np_nearest_axis(np_nearest_axis(x, 2, 10, 2), 3, 3, 0.5))
    got = F.interpolate(t(x), scale_factor=1.5, mode="bilinear", recompute_scale_factor=True)
    assert got.shape == [1, 2, 7, 9]


def test_nearest_linear_trilinear_area():
    x = rng.standard_normal((2, 3, 5, 7))
    np.testing.assert_array_equal(F.interpolate(t(x), size=[9, 4]).numpy(),
                                  np_nearest_axis(np_nearest_axis(x, 2, 9), 3, 4))
    np.testing.assert_array_equal(F.upsample(t(x), scale_factor=2).numpy(),
                                  x.repeat(2, axis=2).repeat(2, axis=3))
    x3 = rng.standard_normal((2, 3, 5))
    # the kernel's source ratio is a float32 (5/9 here), so float64 agrees to ~1e-7
    np.testing.assert_allclose(F.interpolate(t(x3), size=[9], mode="linear").numpy(),
                               np_linear_axis(x3, 2, 9, False, 0), rtol=1e-6, atol=1e-6)
    x5 = rng.standard_normal((1, 2, 3, 4, 5))
    want = x5
    for axis, n in zip((2, 3, 4), (4, 6, 7)):
        want = np_linear_axis(want, axis, n, True, 0)
    got = F.interpolate(t(x5), size=[4, 6, 7], mode="trilinear", align_corners=True)
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-6, atol=1e-6)
    x = rng.standard_normal((1, 2, 4, 6))
    got = F.interpolate(t(x), size=[2, 3], mode="area").numpy()
    np.testing.assert_allclose(got, x.reshape(1, 2, 2, 2, 3, 2).mean(axis=(3, 5)), rtol=1e-12)


def test_interpolate_errors_as_paddle():
    x = t(np.zeros((1, 1, 2, 3)))
    with pytest.raises(ValueError, match="'linear' only support 3-D tensor."):
        F.interpolate(x, size=[2], mode="linear")
    with pytest.raises(ValueError, match="One of size and scale_factor must not be None."):
        F.interpolate(x, mode="bilinear")
    with pytest.raises(ValueError, match="Only one of size or scale_factor should be defined."):
        F.interpolate(x, size=[2, 3], scale_factor=2, mode="bilinear")
    with pytest.raises(ValueError, match="align_corners option can only be set"):
        F.interpolate(x, size=[2, 3], align_corners=True)
    with pytest.raises(ValueError, match=r"rank\(x\) - 2 == len\(size\)"):
        F.interpolate(x, size=[2], mode="bilinear")
    with pytest.raises(ValueError, match="Attr\\(scale\\) should be greater than zero."):
        F.interpolate(x, scale_factor=-1, mode="bilinear")


@pytest.mark.parametrize("mode,kw", [("bilinear", {}), ("bilinear", {"align_corners": True}),
                                     ("bilinear", {"align_mode": 1}), ("nearest", {})])
def test_interpolate_gradients(mode, kw):
    x = rng.standard_normal((1, 2, 3, 4))
    check_grads(lambda xs: F.interpolate(xs[0], size=[5, 3], mode=mode, **kw), [x], order=1)


def test_linear_gradient_and_upsample_layer():
    check_grads(lambda xs: F.interpolate(xs[0], scale_factor=2.5, mode="linear"),
                [rng.standard_normal((1, 2, 4))], order=1)
    x = rng.standard_normal((1, 2, 3, 3))
    np.testing.assert_allclose(
        nn.UpsamplingBilinear2D(size=5)(t(x)).numpy(),
        np_linear_axis(np_linear_axis(x, 2, 5, True, 0), 3, 5, True, 0), rtol=1e-6, atol=1e-6)
    np.testing.assert_array_equal(nn.UpsamplingNearest2D(scale_factor=2)(t(x)).numpy(),
                                  x.repeat(2, axis=2).repeat(2, axis=3))
    up = nn.Upsample(scale_factor=2)
    up(t(x))
    assert up.data_format == "NCHW"  # inferred on first call and kept, as Paddle does


# ------------------------------------------------------------------ shuffles

def np_pixel_shuffle(x, r):
    n, c, h, w = x.shape
    out = np.zeros((n, c // (r * r), h * r, w * r), x.dtype)
    for ch in range(c):
        oc, i, j = ch // (r * r), (ch % (r * r)) // r, ch % r
        out[:, oc, i::r, j::r] = x[:, ch]
    return out


def test_pixel_shuffle_unshuffle_channel_shuffle_values():
    x = rng.standard_normal((2, 18, 3, 4))
    y = F.pixel_shuffle(t(x), 3).numpy()
    np.testing.assert_array_equal(y, np_pixel_shuffle(x, 3))
    yl = F.pixel_shuffle(t(x.transpose(0, 2, 3, 1)), 3, "NHWC").numpy()
    np.testing.assert_array_equal(yl, np_pixel_shuffle(x, 3).transpose(0, 2, 3, 1))
    np.testing.assert_array_equal(F.pixel_unshuffle(t(y), 3).numpy(), x)
    np.testing.assert_array_equal(F.pixel_unshuffle(t(yl), 3, "NHWC").numpy(),
                                  x.transpose(0, 2, 3, 1))
    z = F.channel_shuffle(t(x), 3).numpy()
    # channel k of the output is channel (k % 3) * 6 + k // 3 of the input
    np.testing.assert_array_equal(z, x[:, [(k % 3) * 6 + k // 3 for k in range(18)]])
    zl = F.channel_shuffle(t(x.transpose(0, 2, 3, 1)), 3, "NHWC").numpy()
    np.testing.assert_array_equal(zl, z.transpose(0, 2, 3, 1))


def test_shuffle_errors_as_paddle():
    x = t(np.zeros((2, 18, 3, 4)))
    with pytest.raises(ValueError, match=r"The square of upscale_factor\[16\] should divide "
                                         r"the number of channel\[18\]"):
        F.pixel_shuffle(x, 4)
    with pytest.raises(TypeError, match="upscale factor must be int type"):
        F.pixel_shuffle(x, 2.0)
    with pytest.raises(ValueError, match=r"Downscale factor\[4\] should divide both height\[3\]"):
        F.pixel_unshuffle(x, 4)
    with pytest.raises(ValueError, match=r"groups to divide channels in \[4\]"):
        F.channel_shuffle(x, 4)
    with pytest.raises(ValueError, match="Data format should be 'NCHW' or 'NHWC'"):
        nn.PixelShuffle(2, "NCL")


def test_shuffle_gradients():
    x = rng.standard_normal((1, 8, 2, 3))
    check_grads(lambda xs: F.pixel_shuffle(xs[0], 2), [x], order=1)
    check_grads(lambda xs: F.pixel_unshuffle(xs[0], 2), [rng.standard_normal((1, 2, 4, 2))],
                order=1)
    check_grads(lambda xs: F.channel_shuffle(xs[0], 2), [x], order=1)


# ------------------------------------------------------------------ dropout

def test_dropout2d_drops_whole_channels_and_eval_is_identity():
    paddle.seed(7)
    x = t(np.ones((4, 8, 3, 3), "float32"))
    y = F.dropout2d(x, 0.5).numpy()
    per_channel = y.reshape(4, 8, 9)
    assert set(np.unique(y)) <= {0.0, 2.0}
    assert (per_channel.min(-1) == per_channel.max(-1)).all()  # one decision per (n, c)
    y3 = F.dropout3d(t(np.ones((2, 4, 2, 2, 2), "float32")), 0.5, data_format="NDHWC").numpy()
    assert (y3 == y3[:, :1, :1, :1, :]).all()  # NDHWC: one decision per (n, c) on the last axis
    assert F.dropout2d(x, 0.5, training=False) is x
    assert F.alpha_dropout(x, 0.5, training=False) is x
    layer = nn.Dropout2D(0.5)
    layer.eval()
    assert layer(x) is x


def test_alpha_dropout_keeps_zero_mean_unit_variance():
    paddle.seed(3)
    x = t(rng.standard_normal(200000).astype("float32"))
    y = F.alpha_dropout(x, 0.2).numpy()
    assert abs(y.mean()) < 0.02 and abs(y.std() - 1.0) < 0.02
    # dropped units all land on a * (-alpha * scale) + b
    alpha_p = -1.6732632423543772 * 1.0507009873554805
    a = ((1 - 0.2) * (1 + 0.2 * alpha_p ** 2)) ** -0.5
    b = -a * alpha_p * 0.2
    dropped = np.isclose(y, a * alpha_p + b, atol=1e-6)
    assert abs(dropped.mean() - 0.2) < 0.01
    np.testing.assert_array_equal(F.alpha_dropout(x, 1.0).numpy(), np.zeros(200000, "float32"))


# ------------------------------------------------------------------ layers

def test_layer_reprs_as_paddle():
    cases = [
        (nn.Pad1D(2), "Pad1D(padding=[2, 2], mode=constant, value=0.0, data_format=NCL)"),
        (nn.Pad2D([1, 2, 3, 4], mode="reflect"),
         "Pad2D(padding=[1, 2, 3, 4], mode=reflect, value=0.0, data_format=NCHW)"),
        (nn.Pad3D(1, value=2.5, data_format="NDHWC", name="p"),
         "Pad3D(padding=[1, 1, 1, 1, 1, 1], mode=constant, value=2.5, data_format=NDHWC, "
         "name=p)"),
        (nn.ZeroPad2D(3),
         "ZeroPad2D(padding=[3, 3, 3, 3], mode=constant, value=0.0, data_format=NCHW)"),
        (nn.ReplicationPad1D(2),
         "ReplicationPad1D(padding=[2, 2], mode=replicate, value=0.0, data_format=NCL)"),
        (nn.PixelShuffle(3), "PixelShuffle(upscale_factor=3)"),
        (nn.PixelShuffle(2, "NHWC", name="ps"),
         "PixelShuffle(upscale_factor=2, data_format=NHWC, name=ps)"),
        (nn.PixelUnshuffle(2), "PixelUnshuffle(downscale_factor=2)"),
        (nn.ChannelShuffle(3, "NHWC"), "ChannelShuffle(groups=3, data_format=NHWC)"),
        (nn.Upsample(scale_factor=2),
         "Upsample(scale_factor=2, mode=nearest, align_corners=False, align_mode=0, "
         "data_format=None)"),
        (nn.Upsample(size=[4, 5], mode="BILINEAR", align_corners=True),
         "Upsample(size=[4, 5], mode=bilinear, align_corners=True, align_mode=0, "
         "data_format=None)"),
        (nn.UpsamplingNearest2D(size=4), "UpsamplingNearest2D(size=[4, 4], data_format=NCHW)"),
        (nn.UpsamplingBilinear2D(scale_factor=2.0),
         "UpsamplingBilinear2D(scale_factor=2.0, data_format=NCHW)"),
        (nn.Dropout2D(), "Dropout2D(p=0.5, data_format=NCHW)"),
        (nn.Dropout3D(0.3, name="d"), "Dropout3D(p=0.3, data_format=NCDHW, name=d)"),
        (nn.AlphaDropout(0.2), "AlphaDropout(p=0.2)"),
    ]
    for layer, want in cases:
        assert repr(layer) == want


def test_pad_layers_apply_their_mode():
    x = rng.standard_normal((1, 2, 3, 4))
    for layer, mode in [(nn.ReflectionPad2D([1, 2, 0, 1]), "reflect"),
                        (nn.ReplicationPad2D([1, 2, 0, 1]), "replicate"),
                        (nn.CircularPad2D([1, 2, 0, 1]), "circular"),
                        (nn.ConstantPad2D([1, 2, 0, 1], 0.5), "constant")]:
        np.testing.assert_array_equal(layer(t(x)).numpy(),
                                      np_pad3d(x, [1, 2, 0, 1], mode, 0.5, False))
    x1 = rng.standard_normal((1, 2, 5))
    np.testing.assert_array_equal(nn.ZeroPad1D(2)(t(x1)).numpy(),
                                  np.pad(x1, [(0, 0), (0, 0), (2, 2)]))
    x3 = rng.standard_normal((1, 1, 2, 3, 4))
    np.testing.assert_array_equal(nn.ReflectionPad3D(1)(t(x3)).numpy(),
                                  np.pad(x3, [(0, 0), (0, 0), (1, 1), (1, 1), (1, 1)], "reflect"))
