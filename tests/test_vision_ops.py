"""paddle.vision.ops against Paddle 3.3.1 (values, dtypes, shapes and gradients captured by
tools/capture_cases.py into tests/fixtures/paddle331_vision_ops.npz; no Paddle needed),
the differentiable ones (roi_align, roi_pool, psroi_pool, deform_conv2d) by finite differences
to second order, the layers, read_file/decode_jpeg, and the errors."""
import os

import numpy as np
import pytest

import eagergraph as paddle
from tests.gradcheck import check_grads
from tests.vision_ops_cases import CASES
from tests.case_runner import compare, run

V = paddle.vision.ops
FIXTURE = os.path.join(os.path.dirname(__file__), "fixtures", "paddle331_vision_ops.npz")
DATA = dict(np.load(FIXTURE))
# Paddle 3.3.1's roi_align gradient clamps a box smaller than one (scaled) pixel to 1 x 1, which
# its forward does not (aligned=True): for such a box it is not the forward's derivative.
# eagergraph's gradient is (test_roi_ops_gradients_by_finite_differences); README differences.
# Likewise its yolo_loss gradient keeps only the last of two ground-truth boxes that share a cell
# and anchor (the forward adds both losses; test_yolo_loss_gradient_by_finite_differences).
PADDLE_GRAD_WRONG = {"roi_align {'output_size': (3, 2), 'spatial_scale': 0.5}",
                     "yolo_loss collision"}


def _run(fname, args, kwargs, diff):
    return run(paddle, "vision.ops", fname, args, kwargs, diff)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_matches_paddle(case):
    name, fname, args, kwargs, diff = case
    if f"{name}|error" in DATA:
        with pytest.raises(Exception) as e:
            _run(fname, args, kwargs, diff)
        assert type(e.value).__name__ == str(DATA[f"{name}|error"])
        return
    outs, grads = _run(fname, args, kwargs, diff)
    compare(DATA, name, outs, grads, check_grads=name not in PADDLE_GRAD_WRONG)


RNG = np.random.default_rng(7)
X = RNG.standard_normal((2, 4, 6, 7))
BOXES = np.array([[0.5, 0.7, 5.2, 4.9], [1.3, 2.1, 3.2, 2.6], [0.0, 0.2, 6.7, 5.8]])
BN = np.array([2, 1], "int32")


@pytest.mark.parametrize("fn", [
    lambda x: V.roi_align(x, paddle.to_tensor(BOXES), paddle.to_tensor(BN), 2),
    lambda x: V.roi_align(x, paddle.to_tensor(BOXES), paddle.to_tensor(BN), (2, 3),
                          spatial_scale=0.7, sampling_ratio=2, aligned=False),
    lambda x: V.roi_pool(x, paddle.to_tensor(BOXES), paddle.to_tensor(BN), 2),
    lambda x: V.psroi_pool(x, paddle.to_tensor(BOXES), paddle.to_tensor(BN), (2, 1)),
], ids=["roi_align", "roi_align unaligned", "roi_pool", "psroi_pool"])
def test_roi_ops_gradients_by_finite_differences(fn):
    check_grads(lambda ts: fn(ts[0]), [X], order=2)


@pytest.mark.parametrize("with_mask", [False, True])
def test_deform_conv2d_gradients_by_finite_differences(with_mask):
    x = RNG.standard_normal((1, 4, 5, 5))
    # offsets away from integers, so no sample point sits on a cell edge (kinks there)
    off = np.round(RNG.standard_normal((1, 2 * 2 * 4, 4, 4)) * 2) + RNG.uniform(0.2, 0.8,
                                                                                 (1, 16, 4, 4))
    w = RNG.standard_normal((2, 2, 2, 2))
    b = RNG.standard_normal(2)
    m = RNG.uniform(0.2, 1, (1, 2 * 4, 4, 4))
    arrays = [x, off, w, b] + ([m] if with_mask else [])
    check_grads(lambda ts: V.deform_conv2d(ts[0], ts[1], ts[2], ts[3], stride=1, padding=0,
                                           deformable_groups=2, groups=2,
                                           mask=ts[4] if with_mask else None), arrays, order=2)


def test_yolo_loss_gradient_by_finite_differences():
    name, fname, args, kwargs, diff = next(c for c in CASES if c[0] == "yolo_loss collision")
    x = args[0].astype("float64")
    gt = paddle.to_tensor(args[1].astype("float64"))
    rest = [paddle.to_tensor(args[2])] + list(args[3:])
    check_grads(lambda ts: V.yolo_loss(ts[0], gt, *rest, **kwargs), [x], order=2)


def test_layers_equal_the_functions():
    x, b, n = paddle.to_tensor(X), paddle.to_tensor(BOXES), paddle.to_tensor(BN)
    np.testing.assert_array_equal(V.RoIAlign(2, 0.5)(x, b, n).numpy(),
                                  V.roi_align(x, b, n, 2, 0.5).numpy())
    np.testing.assert_array_equal(V.RoIAlign(2)(x, b, n, aligned=False).numpy(),
                                  V.roi_align(x, b, n, 2, aligned=False).numpy())
    np.testing.assert_array_equal(V.RoIPool((2, 3))(x, b, n).numpy(),
                                  V.roi_pool(x, b, n, (2, 3)).numpy())
    assert "output_size=(2, 3), spatial_scale=1.0" in repr(V.RoIPool((2, 3)))
    np.testing.assert_array_equal(V.PSRoIPool(2, 0.5)(x, b, n).numpy(),
                                  V.psroi_pool(x, b, n, 2, 0.5).numpy())
    layer = V.DeformConv2D(4, 6, 3, padding=1, groups=2, deformable_groups=2)
    assert layer.weight.shape == [6, 2, 3, 3] and layer.bias.shape == [6]
    off = paddle.to_tensor(RNG.standard_normal((2, 36, 6, 7)).astype("float32"))
    x32 = paddle.to_tensor(X.astype("float32"))
    out = layer(x32, off)
    want = V.deform_conv2d(x32, off, layer.weight, layer.bias, padding=1, groups=2,
                           deformable_groups=2)
    np.testing.assert_array_equal(out.numpy(), want.numpy())
    out.sum().backward()
    assert layer.weight.grad is not None and layer.bias.grad is not None
    # zero offsets make it an ordinary convolution
    zero = paddle.zeros([2, 36, 6, 7])
    np.testing.assert_allclose(layer(x32, zero).numpy(),
                               paddle.nn.functional.conv2d(x32, layer.weight, layer.bias,
                                                           padding=1, groups=2).numpy(),
                               rtol=1e-5, atol=1e-5)


def test_read_file_and_decode_jpeg(tmp_path):
    raw = bytes(range(256)) * 3
    p = tmp_path / "blob.bin"
    p.write_bytes(raw)
    t = V.read_file(str(p))
    assert t.dtype == paddle.uint8 and t.numpy().tobytes() == raw
    with pytest.raises(FileNotFoundError, match="no-such"):
        V.read_file(str(tmp_path / "no-such.jpg"))
    Image = pytest.importorskip("PIL.Image")
    yy, xx = np.mgrid[0:16, 0:20]
    img = np.stack([yy * 12, xx * 10, (yy + xx) * 6], -1).astype(np.uint8)  # smooth: JPEG-safe
    Image.fromarray(img).save(tmp_path / "a.jpg", quality=100)
    data = V.read_file(str(tmp_path / "a.jpg"))
    rgb = V.decode_jpeg(data)
    assert rgb.dtype == paddle.uint8 and rgb.shape == [3, 16, 20]
    assert np.abs(rgb.numpy().transpose(1, 2, 0).astype(int) - img).max() <= 8
    gray = V.decode_jpeg(data, mode="gray")
    assert gray.shape == [1, 16, 20]
    want = img @ np.array([0.299, 0.587, 0.114])
    assert np.abs(gray.numpy()[0] - want).max() <= 8
    assert V.decode_jpeg(data, mode="rgb").shape == [3, 16, 20]
    with pytest.raises(ValueError, match="mode"):
        V.decode_jpeg(data, mode="bgr")
    with pytest.raises(ValueError, match="not a decodable image"):
        V.decode_jpeg(paddle.to_tensor(np.frombuffer(b"not a jpeg", np.uint8).copy()))


def test_errors():
    x, b = paddle.to_tensor(X), paddle.to_tensor(BOXES)
    with pytest.raises(ValueError, match="add up"):
        V.roi_align(x, b, paddle.to_tensor(np.array([1, 1], "int32")), 2)
    with pytest.raises(ValueError, match="batch size"):
        V.roi_pool(x, b, paddle.to_tensor(np.array([3], "int32")), 2)
    with pytest.raises(TypeError, match="output_size"):
        V.roi_align(x, b, paddle.to_tensor(BN), [2, 2])
    with pytest.raises(ValueError, match="channels"):
        V.psroi_pool(x, b, paddle.to_tensor(BN), 3)
    with pytest.raises(ValueError, match="should not contain 0"):
        V.psroi_pool(x, b, paddle.to_tensor(BN), (0, 2))
    with pytest.raises(ValueError, match="dtype"):
        V.roi_align(x, paddle.to_tensor(BOXES.astype("float32")), paddle.to_tensor(BN), 2)
    with pytest.raises(TypeError, match="prior_box_var"):
        V.box_coder(b, 0.1, b)
    with pytest.raises(ValueError, match="steps"):
        V.prior_box(x, x, [2.0], steps=[1.0])
    with pytest.raises(AssertionError, match="categories"):
        V.nms(b, 0.5, paddle.to_tensor([0.3, 0.2, 0.1]), paddle.to_tensor([0, 1, 0]))
    with pytest.raises(ValueError, match="offset should have shape"):
        V.deform_conv2d(x, paddle.zeros([2, 18, 6, 7], "float64"),
                        paddle.zeros([2, 4, 3, 3], "float64"))
    with pytest.raises(ValueError, match="dim\\[1\\]"):
        V.yolo_box(x, paddle.to_tensor([[8, 8], [8, 8]]), [10, 13], 2, 0.1, 8)
