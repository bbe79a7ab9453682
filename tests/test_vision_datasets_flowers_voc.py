"""paddle.vision.datasets Flowers and VOC2012 from small archives built here in Paddle's formats
(a .tgz of jpg/image_NNNNN.jpg with .mat label and split files; the VOCdevkit tar): items
against the images written, both backends, the splits and the errors; and, where Paddle 3.3.1
is installed, item by item against it on the same files."""
import io
import os
import pickle
import tarfile

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.vision import datasets as D

Image = pytest.importorskip("PIL.Image")
sio = pytest.importorskip("scipy.io")

RNG = np.random.default_rng(11)


def _smooth(h, w):
    """A colour ramp: JPEG keeps it within a few levels (random noise it would not)."""
    base = RNG.integers(40, 200, 3)
    ramp = np.add.outer(np.arange(h), np.arange(w))[:, :, None] * 2
    return (base + ramp).clip(0, 255).astype(np.uint8)


def _palette_png(mask):
    """A palette ('P') PNG of the class indices, as VOC's SegmentationClass files."""
    img = Image.frombytes("P", mask.shape[::-1], mask.tobytes())
    img.putpalette(list(RNG.integers(0, 256, 768)))
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


def _jpg_bytes(array):
    buf = io.BytesIO()
    Image.fromarray(array).save(buf, "JPEG", quality=95)
    return buf.getvalue()


def _add(tar, name, data):
    info = tarfile.TarInfo(name)
    info.size = len(data)
    tar.addfile(info, io.BytesIO(data))


def _flowers(tmp_path, n=6):
    images = [_smooth(5 + i, 7) for i in range(n)]
    path = tmp_path / "102flowers.tgz"
    with tarfile.open(path, "w:gz") as tar:
        info = tarfile.TarInfo("jpg")
        info.type = tarfile.DIRTYPE
        tar.addfile(info)
        for i, img in enumerate(images, 1):
            _add(tar, f"jpg/image_{i:05}.jpg", _jpg_bytes(img))
        _add(tar, "../outside.txt", b"never written")          # skipped: leaves the folder
    labels = np.array([[3, 1, 4, 1, 5, 9][:n]], dtype=np.float64)
    sio.savemat(tmp_path / "imagelabels.mat", {"labels": labels})
    sio.savemat(tmp_path / "setid.mat", {"trnid": np.array([[1, 2]], np.uint16),
                                         "valid": np.array([[3]], np.uint16),
                                         "tstid": np.array([[4, 5, 6]], np.uint16)})
    return (str(path), str(tmp_path / "imagelabels.mat"), str(tmp_path / "setid.mat")), images


def test_flowers_items(tmp_path):
    files, images = _flowers(tmp_path)
    train = D.Flowers(*files, backend="cv2")          # 'train' reads the 'tstid' split
    assert len(train) == 3 and train.data_path == files[0].replace(".tgz", "/")
    assert os.path.exists(tmp_path / "102flowers" / "jpg" / "image_00006.jpg")
    assert not os.path.exists(tmp_path / "outside.txt")
    img, label = train[0]                              # image 4, label 1
    want = np.array(Image.open(tmp_path / "102flowers/jpg/image_00004.jpg"))
    assert img.dtype == np.float32 and img.shape == images[3].shape
    np.testing.assert_array_equal(img, want.astype(np.float32))
    assert np.abs(img - images[3]).mean() < 6      # the JPEG is close to what was written
    assert label.tolist() == [1] and label.dtype == np.int64
    assert [int(D.Flowers(*files, mode="test")[i][1][0]) for i in range(2)] == [3, 1]
    pil, label = D.Flowers(*files, mode="valid")[0]
    assert isinstance(pil, Image.Image) and pil.size == (7, 7) and label.tolist() == [4]
    shapes = D.Flowers(*files, mode="test", transform=lambda a: a[:2], backend="cv2")
    assert shapes[1][0].shape == (2, 7, 3)
    # the extracted folder is reused: a file put there is what is read
    Image.fromarray(np.zeros((2, 3, 3), np.uint8)).save(tmp_path / "102flowers/jpg/image_00004.jpg")
    assert D.Flowers(*files, backend="cv2")[0][0].shape == (2, 3, 3)
    assert paddle.vision.datasets.Flowers is D.Flowers


def test_flowers_errors(tmp_path, monkeypatch):
    files, _ = _flowers(tmp_path)
    with pytest.raises(AssertionError, match="mode should be 'train', 'valid' or 'test'"):
        D.Flowers(*files, mode="all")
    with pytest.raises(ValueError, match="Expected backend are one of"):
        D.Flowers(*files, backend="tensor")
    with pytest.raises(AssertionError, match="label_file is not set and downloading"):
        D.Flowers(files[0], download=False)
    with pytest.raises(FileNotFoundError, match="flowers/setid.mat.*a5357ecc9cb78c4bef273ce"):
        D.Flowers(*files[:2], str(tmp_path / "none.mat"))
    sio.savemat(tmp_path / "wrong.mat", {"other": np.ones((1, 2))})
    with pytest.raises(KeyError, match="no variable 'labels'.*'other'"):
        D.Flowers(files[0], str(tmp_path / "wrong.mat"), files[2])


def _voc(tmp_path):
    names = ["2007_000032", "2007_000039", "2008_000123"]
    images = {n: _smooth(4, 6) for n in names}
    masks = {n: RNG.integers(0, 21, (4, 6)).astype(np.uint8) for n in names}
    path = tmp_path / "VOCtrainval_11-May-2012.tar"
    root = "VOCdevkit/VOC2012/"
    with tarfile.open(path, "w") as tar:
        for n in names:
            _add(tar, f"{root}JPEGImages/{n}.jpg", _jpg_bytes(images[n]))
            _add(tar, f"{root}SegmentationClass/{n}.png", _palette_png(masks[n]))
        for split, members in [("trainval", names), ("train", names[:2]), ("val", names[2:])]:
            _add(tar, f"{root}ImageSets/Segmentation/{split}.txt",
                 "".join(m + "\n" for m in members).encode())
    return str(path), images, masks


def test_voc2012_items(tmp_path):
    path, images, masks = _voc(tmp_path)
    ds = D.VOC2012(path, backend="cv2")
    assert len(ds) == 3 and len(D.VOC2012(path, "test")) == 2
    img, label = ds[1]
    assert img.shape == (4, 6, 3) and img.dtype == np.float32 and label.dtype == np.float32
    np.testing.assert_array_equal(label, masks["2007_000039"])        # palette indices
    assert np.abs(img - images["2007_000039"]).mean() < 6
    img, label = D.VOC2012(path, "valid")[0]
    assert isinstance(img, Image.Image) and label.mode == "P"
    np.testing.assert_array_equal(np.array(label), masks["2008_000123"])
    flipped = D.VOC2012(path, "valid", transform=lambda a: a[::-1], backend="cv2")[0]
    np.testing.assert_array_equal(flipped[0], D.VOC2012(path, "valid", backend="cv2")[0][0][::-1])
    np.testing.assert_array_equal(flipped[1], masks["2008_000123"])  # the label is not transformed
    # a copy (as a DataLoader worker gets) opens the archive anew
    copy = pickle.loads(pickle.dumps(ds))
    np.testing.assert_array_equal(copy[2][1], masks["2008_000123"])
    paddle.set_default_dtype("float64")
    try:
        assert D.VOC2012(path, backend="cv2")[0][0].dtype == np.float64
    finally:
        paddle.set_default_dtype("float32")


def test_voc2012_errors(tmp_path):
    path, _, _ = _voc(tmp_path)
    with pytest.raises(AssertionError, match="mode should be 'train', 'valid' or 'test'"):
        D.VOC2012(path, "trainval")
    with pytest.raises(FileNotFoundError, match="VOCtrainval_11-May-2012.tar.*6cd6e144f989b92"):
        D.VOC2012(str(tmp_path / "none.tar"))
    with pytest.raises(ValueError, match="not exists and auto download disabled"):
        D.VOC2012(str(tmp_path / "none.tar"), download=False)
    empty = tmp_path / "empty.tar"
    with tarfile.open(empty, "w") as tar:
        _add(tar, "VOCdevkit/VOC2012/ImageSets/Segmentation/val.txt", b"missing_one\n")
    ds = D.VOC2012(str(empty), "valid")
    with pytest.raises(KeyError, match="no member VOCdevkit/VOC2012/JPEGImages/missing_one.jpg"):
        ds[0]
    with pytest.raises(KeyError, match="ImageSets/Segmentation/trainval.txt"):
        D.VOC2012(str(empty))


def _same(a, b):
    assert len(a) == len(b)
    for i in range(len(a)):
        for u, v in zip(a[i], b[i]):
            if isinstance(v, Image.Image):
                assert isinstance(u, Image.Image) and (u.mode, u.size) == (v.mode, v.size)
                u, v = np.array(u), np.array(v)
            np.testing.assert_array_equal(u, v)
            assert u.dtype == v.dtype


def test_against_paddle(tmp_path):
    pytest.importorskip("paddle")
    from paddle.vision import datasets as P
    files, _ = _flowers(tmp_path)
    for mode in ("train", "valid", "test"):
        for backend in ("pil", "cv2"):
            _same(D.Flowers(*files, mode=mode, backend=backend),
                  P.Flowers(*files, mode=mode, backend=backend))
    path, _, _ = _voc(tmp_path)
    for mode in ("train", "valid", "test"):
        for backend in ("pil", "cv2"):
            _same(D.VOC2012(path, mode, backend=backend), P.VOC2012(path, mode, backend=backend))
