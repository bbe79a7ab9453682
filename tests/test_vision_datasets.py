"""paddle.vision.datasets MNIST / FashionMNIST / Cifar10 / Cifar100 from small files written here
in Paddle's formats (gzipped IDX; tar.gz of pickled batches): items against the arrays written,
both image backends, transforms, the cache lookup and the errors; and, where Paddle 3.3.1 is
installed, item by item against it on the same files."""
import gzip
import os
import pathlib
import io
import pickle
import struct
import tarfile

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.vision import datasets as D
from eagergraph.vision.datasets import common

RNG = np.random.default_rng(5)


def _idx(path, array, magic):
    with gzip.open(path, "wb") as f:
        f.write(struct.pack(">I", magic) + struct.pack(">" + "I" * array.ndim, *array.shape))
        f.write(array.astype(np.uint8).tobytes())


def _mnist(tmp_path, n):
    images = RNG.integers(0, 256, (n, 28, 28)).astype(np.uint8)
    labels = RNG.integers(0, 10, n).astype(np.uint8)
    ip, lp = tmp_path / "imgs.gz", tmp_path / "labels.gz"
    _idx(ip, images, 2051)
    _idx(lp, labels, 2049)
    return str(ip), str(lp), images, labels


def _cifar(tmp_path, hundred=False):
    members = (["train", "test"] if hundred else ["data_batch_1", "data_batch_2", "test_batch"])
    key = b"fine_labels" if hundred else b"labels"
    want = {}
    path = tmp_path / ("c100.tar.gz" if hundred else "c10.tar.gz")
    with tarfile.open(path, "w:gz") as tar:
        for m in members:
            n = 3
            data = RNG.integers(0, 256, (n, 3072)).astype(np.uint8)
            labels = [int(v) for v in RNG.integers(0, 100 if hundred else 10, n)]
            want[m] = (data, labels)
            blob = pickle.dumps({b"data": data, key: labels, b"batch_label": b"x"})
            info = tarfile.TarInfo(f"cifar-{100 if hundred else 10}-batches-py/{m}")
            info.size = len(blob)
            tar.addfile(info, io.BytesIO(blob))
    return str(path), want


@pytest.mark.parametrize("cls", [D.MNIST, D.FashionMNIST])
def test_mnist_items(tmp_path, cls):
    ip, lp, images, labels = _mnist(tmp_path, 7)
    ds = cls(image_path=ip, label_path=lp, mode="test", backend="cv2")
    assert len(ds) == 7
    img, lab = ds[3]
    assert img.dtype == np.float32 and img.shape == (28, 28)
    np.testing.assert_array_equal(img, images[3])
    assert lab.dtype == np.int64 and lab.shape == (1,) and lab[0] == labels[3]
    pil = cls(image_path=ip, label_path=lp, backend="pil")
    im, lab = pil[6]
    assert im.mode == "L" and im.size == (28, 28)
    np.testing.assert_array_equal(np.asarray(im), images[6])
    t = cls(image_path=ip, label_path=lp, transform=paddle.vision.transforms.ToTensor())
    x, _ = t[0]
    assert x.shape == [1, 28, 28]
    np.testing.assert_allclose(x.numpy()[0], images[0] / 255.0, rtol=1e-6)
    loader = paddle.io.DataLoader(t, batch_size=4)
    xb, yb = next(iter(loader))
    assert xb.shape == [4, 1, 28, 28] and yb.shape == [4, 1]


def test_mnist_from_the_cache_and_the_errors(tmp_path, monkeypatch):
    monkeypatch.setattr(common, "DATA_HOME", str(tmp_path))
    (tmp_path / "mnist").mkdir()
    ip, lp, images, _ = _mnist(tmp_path, 2)
    cache_img = tmp_path / "mnist" / "t10k-images-idx3-ubyte.gz"
    cache_img.write_bytes(pathlib.Path(ip).read_bytes())
    # a cached file is used only with the md5 of the file Paddle downloads
    with pytest.raises(RuntimeError, match="does not have the md5"):
        D.MNIST(mode="test", label_path=lp)
    monkeypatch.setattr(D.MNIST, "TEST_IMAGE_MD5", common.md5file(cache_img))
    np.testing.assert_array_equal(D.MNIST(mode="test", label_path=lp, backend="cv2")[1][0],
                                  images[1])
    with pytest.raises(FileNotFoundError, match="t10k-labels-idx1-ubyte.gz"):
        D.MNIST(mode="test")
    with pytest.raises(ValueError, match="not exists and auto download disabled"):
        D.MNIST(image_path=str(tmp_path / "nope.gz"), label_path=lp, download=False)
    with pytest.raises(AssertionError, match="image_path is not set"):
        D.MNIST(download=False)
    with pytest.raises(AssertionError, match="mode should be"):
        D.MNIST(image_path=ip, label_path=lp, mode="val")
    with pytest.raises(ValueError, match="backend"):
        D.MNIST(image_path=ip, label_path=lp, backend="tensor")
    with pytest.raises(ValueError, match="not an IDX image file"):
        D.MNIST(image_path=lp, label_path=lp)


@pytest.mark.parametrize("hundred", [False, True])
def test_cifar_items(tmp_path, hundred):
    path, want = _cifar(tmp_path, hundred)
    cls = D.Cifar100 if hundred else D.Cifar10
    train = cls(data_file=path, mode="train", backend="cv2")
    members = ["train"] if hundred else ["data_batch_1", "data_batch_2"]
    data = np.concatenate([want[m][0] for m in members])
    labels = sum((want[m][1] for m in members), [])
    assert len(train) == len(labels)
    for i in range(len(train)):
        img, lab = train[i]
        assert img.dtype == np.float32 and img.shape == (32, 32, 3)
        np.testing.assert_array_equal(img, data[i].reshape(3, 32, 32).transpose(1, 2, 0))
        assert lab.dtype == np.int64 and lab.shape == () and lab == labels[i]
    test = cls(data_file=path, mode="test")
    im, lab = test[2]
    t = "test" if hundred else "test_batch"
    np.testing.assert_array_equal(np.asarray(im), want[t][0][2].reshape(3, 32, 32)
                                  .transpose(1, 2, 0))
    assert lab == want[t][1][2]
    with pytest.raises(ValueError, match="no member named like"):
        (D.Cifar10 if hundred else D.Cifar100)(data_file=path)


def test_cifar_refuses_pickles_that_build_objects(tmp_path):
    class Evil:
        def __reduce__(self):
            return (print, ("never",))
    blob = pickle.dumps({b"data": Evil(), b"labels": [1]})
    path = tmp_path / "evil.tar.gz"
    with tarfile.open(path, "w:gz") as tar:
        info = tarfile.TarInfo("cifar-10-batches-py/data_batch_1")
        info.size = len(blob)
        tar.addfile(info, io.BytesIO(blob))
    with pytest.raises(pickle.UnpicklingError, match="builtins.print"):
        D.Cifar10(data_file=str(path))


def test_against_paddle(tmp_path):
    rp = pytest.importorskip("paddle")
    ip, lp, _, _ = _mnist(tmp_path, 100)  # Paddle reads MNIST in blocks of 100
    path10, _ = _cifar(tmp_path)
    path100, _ = _cifar(tmp_path, True)
    for backend in ("cv2", "pil"):
        pairs = [(rp.vision.datasets.MNIST(ip, lp, mode="test", backend=backend),
                  D.MNIST(ip, lp, mode="test", backend=backend)),
                 (rp.vision.datasets.Cifar10(path10, backend=backend),
                  D.Cifar10(path10, backend=backend)),
                 (rp.vision.datasets.Cifar100(path100, mode="test", backend=backend),
                  D.Cifar100(path100, mode="test", backend=backend))]
        for want, got in pairs:
            assert len(want) == len(got)
            for i in range(0, len(want), 7):
                (wi, wl), (gi, gl) = want[i], got[i]
                wi, gi = np.asarray(wi), np.asarray(gi)
                assert wi.dtype == gi.dtype and wi.shape == gi.shape
                np.testing.assert_array_equal(wi, gi)
                assert np.asarray(wl).dtype == np.asarray(gl).dtype
                np.testing.assert_array_equal(wl, gl)


def _tree(tmp_path):
    Image = pytest.importorskip("PIL.Image")
    imgs = {}
    for cls in ("cat", "dog"):
        (tmp_path / cls / "sub").mkdir(parents=True)
        for i, where in enumerate(["a.png", "sub/b.PNG", "c.bmp"]):
            a = RNG.integers(0, 256, (4, 5, 3)).astype(np.uint8)
            Image.fromarray(a).save(tmp_path / cls / where)
            imgs[f"{cls}/{where}"] = a
        (tmp_path / cls / "notes.txt").write_text("not an image")
    return imgs


def test_dataset_folder_and_image_folder(tmp_path):
    imgs = _tree(tmp_path)
    ds = D.DatasetFolder(str(tmp_path))
    assert ds.classes == ["cat", "dog"] and ds.class_to_idx == {"cat": 0, "dog": 1}
    assert len(ds) == 6 and ds.targets == [0, 0, 0, 1, 1, 1]
    rel = [os.path.relpath(p, tmp_path) for p, _ in ds.samples]
    assert rel == ["cat/a.png", "cat/c.bmp", "cat/sub/b.PNG", "dog/a.png", "dog/c.bmp",
                   "dog/sub/b.PNG"]
    img, target = ds[2]
    assert target == 0 and img.mode == "RGB"
    np.testing.assert_array_equal(np.asarray(img), imgs["cat/sub/b.PNG"])
    only_png = D.DatasetFolder(str(tmp_path), extensions=(".png",), loader=lambda p: p)
    assert len(only_png) == 4 and only_png[0][0].endswith("a.png")
    flat = D.ImageFolder(str(tmp_path), transform=paddle.vision.transforms.ToTensor())
    assert len(flat) == 6
    (x,) = flat[0]
    assert x.shape == [3, 4, 5]
    np.testing.assert_allclose(x.numpy(), imgs["cat/a.png"].transpose(2, 0, 1) / 255.0,
                               rtol=1e-6)
    (tmp_path / "empty").mkdir()
    with pytest.raises(RuntimeError, match="Found 0 files"):
        D.ImageFolder(str(tmp_path / "empty"))
    with pytest.raises(RuntimeError, match="Found 0 directories"):
        D.DatasetFolder(str(tmp_path), extensions=(".gif",))


def test_folders_against_paddle(tmp_path):
    rp = pytest.importorskip("paddle")
    _tree(tmp_path)
    for want, got in ((rp.vision.datasets.DatasetFolder(str(tmp_path)),
                       D.DatasetFolder(str(tmp_path))),
                      (rp.vision.datasets.ImageFolder(str(tmp_path)),
                       D.ImageFolder(str(tmp_path)))):
        assert len(want) == len(got)
        assert [str(s) for s in want.samples] == [str(s) for s in got.samples]
        for i in range(len(want)):
            w, g = want[i], got[i]
            np.testing.assert_array_equal(np.asarray(w[0]), np.asarray(g[0]))
            if isinstance(w, tuple):
                assert w[1] == g[1]
