"""paddle.vision.transforms colour and random spatial transforms (adjust_*, to_grayscale,
erase, affine, rotate, perspective and their classes) on numpy HWC, PIL and CHW Tensor
images: NumPy / colorsys references, exact geometric cases, seeds, argument errors; and with
real Paddle installed, the same outputs as Paddle for the same seeds (numpy images need cv2,
Paddle's backend for them)."""
import colorsys
import random

import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.vision.transforms as T
import eagergraph.vision.transforms.functional as F

RNG = np.random.RandomState(0)
U8 = RNG.randint(0, 256, (12, 14, 3)).astype(np.uint8)
CHW = RNG.rand(3, 12, 14).astype(np.float32)
GREY_W = np.array([0.2989, 0.587, 0.114], np.float32).reshape(3, 1, 1)


def pil_image():
    Image = pytest.importorskip("PIL.Image")
    return Image.fromarray(U8)


def test_tensor_brightness_contrast_saturation_are_blends():
    t = paddle.to_tensor(CHW)
    np.testing.assert_allclose(F.adjust_brightness(t, 1.5).numpy(),
                               np.clip(CHW * 1.5, 0, 1), rtol=1e-6)
    grey = (CHW * GREY_W).sum(0, keepdims=True)
    m = grey.mean()
    np.testing.assert_allclose(F.adjust_contrast(t, 0.3).numpy(),
                               np.clip(m + 0.3 * (CHW - m), 0, 1), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(F.adjust_saturation(t, 1.7).numpy(),
                               np.clip(grey + 1.7 * (CHW - grey), 0, 1), rtol=1e-5, atol=1e-6)
    assert F.adjust_brightness(t, 1.5).dtype == paddle.float32


def test_tensor_hue_matches_colorsys():
    t = paddle.to_tensor(CHW)
    got = F.adjust_hue(t, 0.2).numpy()
    ref = np.empty_like(CHW)
    for y in range(CHW.shape[1]):
        for x in range(CHW.shape[2]):
            h, s, v = colorsys.rgb_to_hsv(*CHW[:, y, x])
            ref[:, y, x] = colorsys.hsv_to_rgb((h + 0.2) % 1.0, s, v)
    np.testing.assert_allclose(got, ref, atol=2e-6)
    np.testing.assert_allclose(F.adjust_hue(t, 0.0).numpy(), CHW, atol=2e-6)


def test_numpy_colour_look_up_tables():
    np.testing.assert_array_equal(F.adjust_brightness(U8, 1.3),
                                  np.clip(U8 * 1.3, 0, 255).astype(np.uint8))
    np.testing.assert_array_equal(F.adjust_contrast(U8, 0.5),
                                  np.clip((U8.astype(float) - 74) * 0.5 + 74, 0, 255)
                                  .astype(np.uint8))
    # hue shifts agree with colorsys up to OpenCV's 8-bit HSV quantisation; Paddle's OpenCV
    # backend converts with BGR2HSV_FULL, so channel 0 counts as blue, and the shift is
    # int(0.25 * 255) of 256 steps. One hue step moves a channel by up to 6 levels; OpenCV
    # rounds the hue to a step and reads it back over 255 steps (not 256): up to 1.5 steps
    got = F.adjust_hue(U8, 0.25).astype(float)
    bgr = U8[..., ::-1].reshape(-1, 3) / 255.0
    ref = []
    for p in bgr:
        h, s, v = colorsys.rgb_to_hsv(*p)
        ref.append(colorsys.hsv_to_rgb((h + 63 / 256) % 1.0, s, v))
    ref = np.array(ref).reshape(U8.shape)[..., ::-1] * 255
    assert np.abs(got - ref).max() <= 9
    # the HSV round trip keeps each pixel's largest channel (V) and grey pixels
    np.testing.assert_array_equal(got.max(-1), U8.max(-1))
    grey = np.repeat(np.arange(0, 256, 15, dtype=np.uint8)[:, None, None], 3, axis=2)
    np.testing.assert_array_equal(F.adjust_hue(grey, 0.3), grey)


def test_numpy_saturation_draws_its_factor_from_np_random():
    np.random.seed(5)
    alpha = np.random.uniform(0.5, 1.5)
    np.random.seed(5)
    got = F.adjust_saturation(U8, 0.5)
    f = U8.astype(np.float32)
    grey = (f[..., 2] * 0.299 + f[..., 1] * 0.587 + f[..., 0] * 0.114)[..., None]
    ref = np.clip(f * alpha + grey * (1 - alpha), 0, 255)
    assert np.abs(got.astype(float) - ref).max() <= 1.0


def test_grayscale():
    g = F.to_grayscale(U8)
    ref = U8[..., 0] * 0.299 + U8[..., 1] * 0.587 + U8[..., 2] * 0.114
    assert g.shape == (12, 14, 1) and g.dtype == np.uint8
    assert np.abs(g[..., 0] - ref).max() <= 0.51
    g3 = F.to_grayscale(U8, 3)
    assert g3.shape == U8.shape and (g3 == g).all()
    t = F.to_grayscale(paddle.to_tensor(CHW), 3)
    assert t.shape == [3, 12, 14]
    np.testing.assert_allclose(t.numpy(), np.broadcast_to((CHW * GREY_W).sum(0), (3, 12, 14)),
                               rtol=1e-6)
    assert np.asarray(F.to_grayscale(pil_image(), 3)).shape == (12, 14, 3)
    assert T.Grayscale()(U8).shape == (12, 14, 1)
    with pytest.raises(ValueError, match="either 1 or 3"):
        F.to_grayscale(U8, 2)


def test_integer_tensors_are_refused_like_paddles_missing_kernels():
    t = paddle.to_tensor(U8.transpose(2, 0, 1).copy())
    for fn in (F.adjust_brightness, F.adjust_contrast, F.adjust_saturation):
        with pytest.raises(RuntimeError):
            fn(t, 1.2)
    assert F.adjust_hue(t, 0.1).dtype == paddle.uint8  # hue converts to float and back


def test_erase():
    t = paddle.to_tensor(CHW)
    out = F.erase(t, 2, 3, 4, 5, paddle.to_tensor([1.0, 2.0, 3.0])[:, None, None])
    ref = CHW.copy()
    ref[:, 2:6, 3:8] = np.array([1.0, 2.0, 3.0])[:, None, None]
    np.testing.assert_array_equal(out.numpy(), ref)
    np.testing.assert_array_equal(t.numpy(), CHW)  # not in place
    F.erase(t, 0, 0, 1, 1, 0.0, inplace=True)
    assert t.numpy()[:, 0, 0].tolist() == [0.0, 0.0, 0.0]
    a = F.erase(U8, 1, 1, 2, 2, 9)
    assert (a[1:3, 1:3] == 9).all() and (U8[1:3, 1:3] != 9).any()


@pytest.mark.parametrize("kind", ["numpy", "tensor", "pil"])
def test_identity_geometry(kind):
    img = {"numpy": U8, "tensor": paddle.to_tensor(CHW), "pil": None}[kind]
    if kind == "pil":
        img = pil_image()
    base = np.asarray(img.numpy() if kind == "tensor" else img)
    corners = [[0, 0], [13, 0], [13, 11], [0, 11]]
    for out in (F.affine(img, 0, (0, 0), 1.0, 0), F.rotate(img, 0),
                F.perspective(img, corners, corners)):
        got = np.asarray(out.numpy() if kind == "tensor" else out)
        np.testing.assert_allclose(got, base, atol=1e-6)


def test_translation_shifts_and_fills():
    out = F.affine(paddle.to_tensor(CHW), 0, (2, 1), 1.0, 0, fill=0).numpy()
    np.testing.assert_allclose(out[:, 1:, 2:], CHW[:, :-1, :-2], atol=1e-6)
    assert (out[:, 0] == 0).all() and (out[:, :, :2] == 0).all()
    a = F.affine(U8, 0, (2, 1), 1.0, 0, fill=7)
    np.testing.assert_array_equal(a[1:, 2:], U8[:-1, :-2])
    assert (a[0] == 7).all()


def test_quarter_turns():
    sq = RNG.rand(3, 8, 8).astype(np.float32)
    out = F.rotate(paddle.to_tensor(sq), 90).numpy()  # counter-clockwise
    np.testing.assert_allclose(out, np.rot90(sq, 1, axes=(1, 2)), atol=1e-6)
    img = RNG.randint(0, 256, (8, 8, 3)).astype(np.uint8)
    # about the centre of the pixel grid the numpy (OpenCV) rotation is an exact rot90
    np.testing.assert_array_equal(F.rotate(img, 90, center=(3.5, 3.5)), np.rot90(img, 1))
    wide = F.rotate(U8, 90, expand=True)
    assert wide.shape == (14, 12, 3)
    assert F.rotate(paddle.to_tensor(CHW), 90, expand=True).shape == [3, 14, 12]


def test_random_classes_follow_the_seed_and_shapes():
    for tf in (T.ColorJitter(0.4, 0.4, 0.4, 0.1), T.RandomAffine(20, (0.1, 0.1), (0.9, 1.1), 5),
               T.RandomRotation(30), T.RandomPerspective(prob=1.0), T.RandomErasing(prob=1.0),
               T.RandomResizedCrop(9)):
        outs = []
        for _ in range(2):
            random.seed(3)
            np.random.seed(3)
            outs.append(tf(U8.copy()))
        np.testing.assert_array_equal(outs[0], outs[1])
    assert T.RandomResizedCrop((6, 9))(U8).shape == (6, 9, 3)
    assert T.RandomResizedCrop(5)(paddle.to_tensor(CHW)).shape == [3, 5, 5]
    np.testing.assert_array_equal(T.ColorJitter()(U8), U8)
    np.testing.assert_array_equal(T.RandomPerspective(prob=0.0)(U8), U8)
    np.testing.assert_array_equal(T.RandomErasing(prob=0.0)(U8), U8)


def test_random_erasing_erases_one_box():
    random.seed(0)
    np.random.seed(0)
    img = np.full((20, 20, 3), 200, np.uint8)
    out = T.RandomErasing(prob=1.0, value=(1, 2, 3))(img)
    rows, cols = np.nonzero((out != 200).any(-1))
    box = out[rows.min():rows.max() + 1, cols.min():cols.max() + 1]
    assert (box == [1, 2, 3]).all()
    t = T.RandomErasing(prob=1.0, value="random")(paddle.to_tensor(CHW))
    assert t.shape == [3, 12, 14] and (t.numpy() != CHW).any()


def test_argument_errors():
    with pytest.raises(ValueError, match="non negative"):
        T.BrightnessTransform(-1)
    with pytest.raises(ValueError, match="between"):
        T.HueTransform([-0.6, 0.2])
    with pytest.raises(TypeError, match="single number or a list/tuple"):
        T.SaturationTransform("a")
    with pytest.raises(ValueError, match="must be positive"):
        T.RandomRotation(-3)
    with pytest.raises(ValueError, match="'random'"):
        T.RandomErasing(value="x")
    with pytest.raises(ValueError, match="hue_factor"):
        F.adjust_hue(U8, 0.7)
    with pytest.raises(AssertionError, match="hue_factor"):
        F.adjust_hue(paddle.to_tensor(CHW), 0.7)
    with pytest.raises(ValueError, match="scale should be positive"):
        F.affine(U8, 0, (0, 0), 0.0, 0)
    with pytest.raises(TypeError, match="translate should be a sequence"):
        F.affine(U8, 0, 1, 1.0, 0)


ORACLE_CASES = [
    ("BrightnessTransform", (0.5,), {}), ("ContrastTransform", (0.6,), {}),
    ("SaturationTransform", (0.7,), {}), ("HueTransform", (0.4,), {}),
    ("ColorJitter", (0.4, 0.4, 0.4, 0.2), {}), ("Grayscale", (3,), {}),
    ("RandomResizedCrop", (12,), {"interpolation": "nearest"}),
    ("RandomAffine", (30,), {"translate": (0.1, 0.2), "scale": (0.8, 1.2),
                             "shear": (-5, 5, -3, 3)}),
    ("RandomAffine", ((-10, 20),), {"shear": 7, "interpolation": "bilinear", "fill": 3}),
    ("RandomRotation", (40,), {}),
    ("RandomRotation", ((-20, 60),), {"expand": True, "interpolation": "bilinear"}),
    ("RandomPerspective", (), {"prob": 1.0}),
    ("RandomPerspective", (), {"prob": 0.9, "distortion_scale": 0.8,
                               "interpolation": "bilinear"}),
    ("RandomErasing", (), {"prob": 1.0}),
    ("RandomErasing", (), {"prob": 1.0, "value": (1, 2, 3), "scale": (0.1, 0.4)})]


@pytest.mark.parametrize("kind", ["numpy", "pil", "tensor"])
@pytest.mark.parametrize("name,args,kwargs", ORACLE_CASES)
def test_same_as_real_paddle(name, args, kwargs, kind):
    real = pytest.importorskip("paddle")
    import paddle.vision.transforms as RT
    if kind == "numpy":
        pytest.importorskip("cv2")
    img_real = {"numpy": U8, "pil": pil_image() if kind == "pil" else None,
                "tensor": real.to_tensor(CHW) if kind == "tensor" else None}[kind]
    img = {"numpy": U8.copy(), "pil": img_real, "tensor": paddle.to_tensor(CHW)}[kind]
    for seed in range(3):
        random.seed(seed)
        np.random.seed(seed)
        ref = getattr(RT, name)(*args, **kwargs)(img_real)
        random.seed(seed)
        np.random.seed(seed)
        got = getattr(T, name)(*args, **kwargs)(img)
        ref = np.asarray(ref.numpy() if kind == "tensor" else ref)
        got = np.asarray(got.numpy() if kind == "tensor" else got)
        assert got.shape == ref.shape and got.dtype == ref.dtype
        diff = np.abs(got.astype(float) - ref.astype(float))
        if kind == "tensor":
            assert diff.max() <= 1e-5
        elif kind == "numpy" and name in ("HueTransform", "ColorJitter", "RandomRotation"):
            # OpenCV rounds a few 8-bit HSV / warped values the other way
            assert diff.max() <= 1 and (diff > 0).mean() < 0.01
        else:
            assert diff.max() == 0


def test_vision_namespace_and_image_backend(tmp_path):
    V = paddle.vision
    for name in ("ColorJitter", "RandomRotation", "RandomResizedCrop", "rotate", "adjust_hue",
                 "to_grayscale", "Grayscale"):
        assert getattr(V, name) is getattr(T, name)
    for name in ("RandomAffine", "RandomErasing", "RandomPerspective", "affine", "erase",
                 "perspective"):  # only under transforms in Paddle 3.3.1
        assert not hasattr(V, name) and hasattr(T, name)
    assert V.get_image_backend() == "pil"
    try:
        V.set_image_backend("tensor")
        assert V.get_image_backend() == "tensor"
        with pytest.raises(ValueError, match="Expected backend are one of"):
            V.set_image_backend("opencv")
    finally:
        V.set_image_backend("pil")
    Image = pytest.importorskip("PIL.Image")
    path = str(tmp_path / "img.png")
    Image.fromarray(U8).save(path)
    np.testing.assert_array_equal(np.asarray(V.image_load(path)), U8)
    assert V.image_load(path, backend="tensor") is None  # as Paddle 3.3.1 does
