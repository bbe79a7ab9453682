"""interpolate/upsample mode='bicubic' (4-D) and mode='area' on 5-D input (compositions in
nn/functional/vision.py): values against per-pixel NumPy references written here (Keys' cubic
convolution with a = -0.75 and clamped taps; box means), gradients by central differences to
second order, and the nn.Upsample layer."""
import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F
from tests.gradcheck import check_grads

RNG = np.random.default_rng(0)


def keys(s, a=-0.75):
    s = abs(s)
    if s <= 1:
        return (a + 2) * s ** 3 - (a + 3) * s ** 2 + 1
    if s < 2:
        return a * s ** 3 - 5 * a * s ** 2 + 8 * a * s - 4 * a
    return 0.0


def ref_bicubic(x, out_hw, align_corners, scales=None):
    n, c, h, w = x.shape
    oh, ow = out_hw

    def src(k, n_in, n_out, scale):  # Paddle keeps the ratio in float32
        f = np.float32
        if align_corners:
            return float(f(k) * (f(n_in - 1) / f(n_out - 1))) if n_out > 1 else 0.0
        ratio = float(f(1.0 / scale) if scale else f(n_in) / f(n_out))
        ratio = ratio if n_out > 1 else 0.0  # Paddle: a 1-pixel output has ratio 0
        return ratio * (k + 0.5) - 0.5

    out = np.zeros((n, c, oh, ow))
    for i in range(oh):
        sy = src(i, h, oh, scales and scales[0])
        y0 = int(np.floor(sy))
        for j in range(ow):
            sx = src(j, w, ow, scales and scales[1])
            x0 = int(np.floor(sx))
            for dy in range(-1, 3):
                for dx in range(-1, 3):
                    wgt = keys(sy - (y0 + dy)) * keys(sx - (x0 + dx))
                    yy, xx = min(max(y0 + dy, 0), h - 1), min(max(x0 + dx, 0), w - 1)
                    out[:, :, i, j] += wgt * x[:, :, yy, xx]
    return out


@pytest.mark.parametrize("align_corners", [True, False])
@pytest.mark.parametrize("size", [[7, 9], [3, 2], [1, 1], [4, 5]])
def test_bicubic_values(align_corners, size):
    x = RNG.standard_normal([2, 3, 4, 5])
    got = F.interpolate(paddle.to_tensor(x), size=size, mode="bicubic",
                        align_corners=align_corners)
    assert got.dtype == paddle.float64 and got.shape == [2, 3] + size
    np.testing.assert_allclose(got.numpy(), ref_bicubic(x, size, align_corners), atol=1e-12)


def test_bicubic_scale_factor_nhwc_and_float32():
    x = RNG.standard_normal([1, 2, 4, 5])
    got = F.interpolate(paddle.to_tensor(x), scale_factor=[0.75, 2.0], mode="bicubic")
    assert got.shape == [1, 2, 3, 10]
    np.testing.assert_allclose(got.numpy(), ref_bicubic(x, [3, 10], False, [0.75, 2.0]),
                               atol=1e-6)
    xl = np.transpose(x, (0, 2, 3, 1)).astype("float32")
    got = F.interpolate(paddle.to_tensor(xl), size=[6, 7], mode="bicubic",
                        data_format="NHWC")
    assert got.dtype == paddle.float32
    np.testing.assert_allclose(got.numpy(),
                               np.transpose(ref_bicubic(x, [6, 7], False), (0, 2, 3, 1)),
                               rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("align_corners", [True, False])
def test_bicubic_grads_second_order(align_corners):
    x = RNG.standard_normal([1, 2, 3, 4])
    check_grads(lambda t: F.interpolate(t[0], size=[5, 3], mode="bicubic",
                                        align_corners=align_corners), [x])


def test_upsample_layer_bicubic_and_errors():
    x = RNG.standard_normal([1, 1, 4, 4])
    got = paddle.nn.Upsample(scale_factor=2, mode="bicubic")(paddle.to_tensor(x))
    np.testing.assert_allclose(got.numpy(), ref_bicubic(x, [8, 8], False, [2.0, 2.0]),
                               atol=1e-6)
    with pytest.raises(ValueError, match="only support 4-D"):
        F.interpolate(paddle.zeros([1, 1, 2, 2, 2]), size=[2, 2, 2], mode="bicubic")


def ref_area(x, size):
    out = np.zeros(x.shape[:2] + tuple(size))
    bounds = [[((i * n) // m, -((-(i + 1) * n) // m)) for i in range(m)]
              for n, m in zip(x.shape[2:], size)]
    for idx in np.ndindex(*size):
        sl = tuple(slice(*bounds[a][i]) for a, i in enumerate(idx))
        out[(slice(None), slice(None)) + idx] = x[(slice(None), slice(None)) + sl].mean(
            axis=(2, 3, 4))
    return out


@pytest.mark.parametrize("size", [[2, 3, 2], [1, 1, 1], [3, 4, 5], [5, 2, 3], 2])
def test_area_5d_values_and_grads(size):
    x = RNG.standard_normal([2, 2, 3, 4, 5])
    got = F.interpolate(paddle.to_tensor(x), size=size, mode="area")
    sz = [size] * 3 if isinstance(size, int) else size
    np.testing.assert_allclose(got.numpy(), ref_area(x, sz), rtol=1e-12, atol=1e-12)
    check_grads(lambda t: F.interpolate(t[0], size=size, mode="area"), [x[:1, :1]])
