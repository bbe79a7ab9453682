"""paddle.vision.transforms on numpy HWC images and CHW Tensors: values against NumPy
references written here (half-pixel bilinear and floor-nearest resize, crops, flips,
normalization), random transforms driven by Python's `random` as Paddle's are, and the
dataset names that need a download."""
import random

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph import vision
from eagergraph.vision import transforms as T
from eagergraph.vision.transforms import functional as TF

rng = np.random.default_rng(0)
IMG = rng.integers(0, 256, (6, 9, 3)).astype("uint8")


def np_bilinear(img, oh, ow):
    """Half-pixel-centre bilinear resize (OpenCV INTER_LINEAR), one output pixel at a time."""
    h, w = img.shape[:2]
    out = np.zeros((oh, ow) + img.shape[2:])
    for i in range(oh):
        sy = min(max((i + 0.5) * h / oh - 0.5, 0.0), h - 1)
        y0 = int(np.floor(sy))
        y1, dy = min(y0 + 1, h - 1), sy - y0
        for j in range(ow):
            sx = min(max((j + 0.5) * w / ow - 0.5, 0.0), w - 1)
            x0 = int(np.floor(sx))
            x1, dx = min(x0 + 1, w - 1), sx - x0
            f = img.astype(np.float64)
            out[i, j] = ((1 - dy) * ((1 - dx) * f[y0, x0] + dx * f[y0, x1])
                         + dy * ((1 - dx) * f[y1, x0] + dx * f[y1, x1]))
    return out


def test_to_tensor_scales_uint8_and_moves_channels():
    got = T.ToTensor()(IMG)
    assert got.dtype == paddle.float32 and got.shape == [3, 6, 9]
    np.testing.assert_allclose(got.numpy(), IMG.transpose(2, 0, 1) / np.float32(255), rtol=1e-6)
    got = T.ToTensor("HWC")(IMG[:, :, 0])  # a grey image gets a channel axis
    assert got.shape == [6, 9, 1]
    f = rng.standard_normal((4, 5, 3))
    got = TF.to_tensor(f)  # not uint8: no scaling, dtype kept
    assert got.dtype == paddle.float64
    np.testing.assert_array_equal(got.numpy(), f.transpose(2, 0, 1))


def test_normalize_numpy_and_tensor():
    mean, std = [0.1, 0.2, 0.3], [0.5, 0.6, 0.7]
    x = IMG.astype("float32") / 255
    got = T.Normalize(mean, std, data_format="HWC")(x)
    np.testing.assert_allclose(got, (x - np.float32(mean)) / np.float32(std), rtol=1e-6)
    chw = x.transpose(2, 0, 1)
    got = T.Normalize(mean, std)(paddle.to_tensor(chw)).numpy()
    want = (chw - np.float32(mean)[:, None, None]) / np.float32(std)[:, None, None]
    np.testing.assert_allclose(got, want, rtol=1e-6)
    got = T.Normalize(0.5, 0.5, data_format="HWC", to_rgb=True)(x)  # BGR -> RGB first
    np.testing.assert_allclose(got, (x[..., ::-1] - 0.5) / 0.5, rtol=1e-6)


def test_resize_numpy_bilinear_and_nearest():
    f = rng.random((5, 7, 2))
    np.testing.assert_allclose(T.Resize((8, 11))(f), np_bilinear(f, 8, 11), rtol=1e-12)
    np.testing.assert_allclose(T.Resize((3, 4))(f), np_bilinear(f, 3, 4), rtol=1e-12)
    got = T.Resize((10, 3), interpolation="nearest")(f)
    ys = [int(np.floor(i * 5 / 10)) for i in range(10)]
    xs = [int(np.floor(j * 7 / 3)) for j in range(3)]
    np.testing.assert_array_equal(got, f[ys][:, xs])
    # uint8 stays uint8, rounded
    got = T.Resize((4, 4))(IMG[:2, :2])
    assert got.dtype == np.uint8
    np.testing.assert_array_equal(got, np.rint(np_bilinear(IMG[:2, :2], 4, 4)).astype(np.uint8))
    # an int size matches the shorter side: 6x9 -> 4x6
    assert T.Resize(4)(IMG).shape == (4, 6, 3)
    assert T.Resize(6)(IMG) is IMG  # already that size


def test_resize_tensor_is_interpolate():
    x = rng.random((3, 5, 7)).astype("float32")
    got = T.Resize((8, 11))(paddle.to_tensor(x)).numpy()
    want = np_bilinear(x.transpose(1, 2, 0), 8, 11).transpose(2, 0, 1)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    assert T.Resize(10)(paddle.to_tensor(x)).shape == [3, 10, 14]


def test_crops_and_flips():
    np.testing.assert_array_equal(T.CenterCrop((3, 4))(IMG), IMG[2:5, 2:6])  # round(1.5), 2.5
    np.testing.assert_array_equal(T.CenterCrop(4)(IMG), IMG[1:5, 2:6])
    x = paddle.to_tensor(IMG.transpose(2, 0, 1))
    np.testing.assert_array_equal(T.CenterCrop(4)(x).numpy(), IMG[1:5, 2:6].transpose(2, 0, 1))
    np.testing.assert_array_equal(T.RandomHorizontalFlip(1.0)(IMG), IMG[:, ::-1])
    np.testing.assert_array_equal(T.RandomVerticalFlip(1.0)(IMG), IMG[::-1])
    assert T.RandomHorizontalFlip(0.0)(IMG) is IMG
    np.testing.assert_array_equal(T.RandomHorizontalFlip(1.0)(x).numpy(),
                                  IMG[:, ::-1].transpose(2, 0, 1))
    np.testing.assert_array_equal(T.Transpose()(IMG), IMG.transpose(2, 0, 1))
    assert T.Transpose()(IMG[:, :, 0]).shape == (1, 6, 9)


def test_random_crop_uses_python_random_like_paddle():
    random.seed(3)
    got = T.RandomCrop((4, 5))(IMG)
    random.seed(3)
    i, j = random.randint(0, 6 - 4), random.randint(0, 9 - 5)
    np.testing.assert_array_equal(got, IMG[i:i + 4, j:j + 5])
    # padding first: 2 on each side, constant 0
    random.seed(5)
    got = T.RandomCrop(8, padding=2)(IMG)
    random.seed(5)
    i, j = random.randint(0, 10 - 8), random.randint(0, 13 - 8)
    padded = np.pad(IMG, [(2, 2), (2, 2), (0, 0)])
    np.testing.assert_array_equal(got, padded[i:i + 8, j:j + 8])
    # pad_if_needed grows a small image up to the crop
    assert T.RandomCrop((8, 12), pad_if_needed=True)(IMG).shape == (8, 12, 3)
    assert T.RandomCrop((8, 12), pad_if_needed=True)(
        paddle.to_tensor(IMG.transpose(2, 0, 1).astype("float32"))).shape == [3, 8, 12]


def test_pad_modes_numpy_and_tensor():
    f = rng.random((3, 4, 2))
    np.testing.assert_array_equal(T.Pad([1, 2])(f), np.pad(f, [(2, 2), (1, 1), (0, 0)]))
    np.testing.assert_array_equal(T.Pad([1, 2, 3, 4], padding_mode="reflect")(f),
                                  np.pad(f, [(2, 4), (1, 3), (0, 0)], mode="reflect"))
    np.testing.assert_array_equal(T.Pad(1, padding_mode="symmetric")(f),
                                  np.pad(f, [(1, 1), (1, 1), (0, 0)], mode="symmetric"))
    x = paddle.to_tensor(f.transpose(2, 0, 1))
    np.testing.assert_array_equal(T.Pad(2, padding_mode="edge")(x).numpy(),
                                  np.pad(f, [(2, 2), (2, 2), (0, 0)], "edge").transpose(2, 0, 1))
    with pytest.raises(ValueError, match="Do not support symmetric mode"):
        T.Pad(1, padding_mode="symmetric")(x)


def test_compose_and_keys():
    t = T.Compose([T.Resize((4, 6)), T.ToTensor(), T.Normalize(0.5, 0.5)])
    got = t(IMG)
    want = (np.rint(np_bilinear(IMG, 4, 6)).transpose(2, 0, 1) / 255 - 0.5) / 0.5
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-5, atol=1e-6)
    assert repr(t).startswith("Compose(\n    ") and repr(t).endswith("\n)")
    # two images in one call share the random choice
    flip = T.RandomHorizontalFlip(1.0, keys=("image", "image"))
    a, b = flip((IMG, IMG[:, :, :1]))
    np.testing.assert_array_equal(a[:, :, :1], b)
    with pytest.raises(NotImplementedError, match="labels is unsupported data structure"):
        T.ToTensor(keys=("labels",))


def test_datasets_without_their_files_raise_naming_them(monkeypatch, tmp_path):
    from eagergraph.vision.datasets import common
    monkeypatch.setattr(common, "DATA_HOME", str(tmp_path))  # an empty download cache
    for name in ["MNIST", "FashionMNIST", "Cifar10", "Cifar100", "Flowers", "VOC2012"]:
        with pytest.raises(FileNotFoundError, match="eagergraph does not download. Fetch http"):
            getattr(vision.datasets, name)(mode="train")
    assert vision.MNIST is vision.datasets.MNIST and vision.resnet18 is vision.models.resnet18
