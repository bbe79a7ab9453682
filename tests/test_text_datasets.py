"""paddle.text.datasets UCIHousing and Imdb from small files built here in Paddle's formats:
items against NumPy / hand-computed references, and against real Paddle on the same files when
it is installed; a missing file raises an error naming it."""
import io
import tarfile

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.text.datasets import Imdb, UCIHousing


def _housing(tmp_path, rows=10):
    data = np.random.default_rng(0).uniform(0, 50, (rows, 14)).round(3)
    path = tmp_path / "housing.data"
    path.write_text("\n".join(" ".join(f"{v:.3f}" for v in r) for r in data) + "\n")
    return str(path), data


def test_uci_housing_items(tmp_path):
    path, data = _housing(tmp_path)
    norm = data.copy()
    norm[:, :13] = (data[:, :13] - data[:, :13].mean(0)) / (data[:, :13].max(0) -
                                                            data[:, :13].min(0))
    train, test = UCIHousing(path), UCIHousing(path, mode="TEST")
    assert (len(train), len(test)) == (8, 2)
    x, y = train[3]
    assert x.dtype == np.float32 and x.shape == (13,) and y.shape == (1,)
    np.testing.assert_allclose(x, norm[3, :13].astype(np.float32), rtol=1e-6)
    np.testing.assert_array_equal(y, norm[3, 13:].astype(np.float32))
    np.testing.assert_allclose(test[1][0], norm[9, :13].astype(np.float32), rtol=1e-6)
    assert paddle.text.UCIHousing is UCIHousing
    paddle.set_default_dtype("float64")
    try:
        assert UCIHousing(path)[0][0].dtype == np.float64
    finally:
        paddle.set_default_dtype("float32")


def test_uci_housing_errors(tmp_path):
    with pytest.raises(AssertionError, match="mode should be 'train' or 'test'"):
        UCIHousing(_housing(tmp_path)[0], mode="dev")
    with pytest.raises(ValueError, match="not exists and auto download disabled"):
        UCIHousing(str(tmp_path / "none.data"), download=False)
    with pytest.raises(FileNotFoundError, match="housing.data.*d4accdce7a25600298819f8e28e8d593"):
        UCIHousing(str(tmp_path / "none.data"))
    with pytest.raises(AssertionError, match="downloading automatically is disabled"):
        UCIHousing(download=False)
    bad = tmp_path / "bad.data"
    bad.write_text("1 2 3\n")
    with pytest.raises(ValueError, match="not a multiple of 14"):
        UCIHousing(str(bad))


REVIEWS = {
    "aclImdb/train/pos/0_9.txt": b"A great movie, great cast!\n",
    "aclImdb/train/pos/1_8.txt": b"Great fun. The cast was good.",
    "aclImdb/train/neg/2_1.txt": b"Bad movie; bad cast.\r\n",
    "aclImdb/test/pos/3_7.txt": b"good good movie",
    "aclImdb/test/neg/4_2.txt": b"The worst... BAD!",
    "aclImdb/train/unsup/5_0.txt": b"ignored ignored ignored ignored",
    "aclImdb/README": b"not a review",
}


def _imdb(tmp_path):
    path = tmp_path / "aclImdb_v1.tar.gz"
    with tarfile.open(path, "w:gz") as tar:
        tar.addfile(tarfile.TarInfo("aclImdb/train/pos"))     # a directory entry: skipped
        for name, text in REVIEWS.items():
            info = tarfile.TarInfo(name)
            info.size = len(text)
            tar.addfile(info, io.BytesIO(text))
    return str(path)


def test_imdb_dictionary_and_items(tmp_path):
    path = _imdb(tmp_path)
    ds = Imdb(path, cutoff=1)
    # counts over train+test pos/neg: great 3, cast 3, movie 3, bad 3, good 3, the 2
    # the words are bytes (as Paddle's), '<unk>' a str
    assert ds.word_idx == {b"bad": 0, b"cast": 1, b"good": 2, b"great": 3, b"movie": 4,
                           b"the": 5, "<unk>": 6}
    assert len(ds) == 3
    docs = [ds[i] for i in range(3)]
    np.testing.assert_array_equal(docs[0][0], [6, 3, 4, 3, 1])     # a great movie great cast
    np.testing.assert_array_equal(docs[1][0], [3, 6, 5, 1, 6, 2])
    np.testing.assert_array_equal(docs[2][0], [0, 4, 0, 1])
    assert [int(d[1][0]) for d in docs] == [0, 0, 1]                # pos 0, neg 1
    assert docs[0][0].dtype == np.int64 and docs[0][1].shape == (1,)
    test = Imdb(path, mode="test", cutoff=1)
    np.testing.assert_array_equal(test[0][0], [2, 2, 4])
    np.testing.assert_array_equal(test[1][0], [5, 6, 0])
    assert [int(test[i][1][0]) for i in range(2)] == [0, 1]


def test_imdb_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match="imdb%2FaclImdb_v1.tar.gz"):
        Imdb(str(tmp_path / "missing.tar.gz"))
    with pytest.raises(AssertionError, match="mode should be 'train', 'test'"):
        Imdb(_imdb(tmp_path), mode="unsup")
    with pytest.raises(ValueError, match="cutoff=150"):
        Imdb(_imdb(tmp_path))


def test_same_items_as_real_paddle(tmp_path):
    rp = pytest.importorskip("paddle")
    from paddle.text.datasets import Imdb as PImdb, UCIHousing as PUCI
    path, _ = _housing(tmp_path, 20)
    for mode in ("train", "test"):
        a, b = UCIHousing(path, mode), PUCI(path, mode)
        assert len(a) == len(b)
        for i in range(len(a)):
            for u, v in zip(a[i], b[i]):
                np.testing.assert_array_equal(u, v)
                assert u.dtype == v.dtype
    ipath = _imdb(tmp_path)
    for mode in ("train", "test"):
        a, b = Imdb(ipath, mode, cutoff=1), PImdb(ipath, mode, cutoff=1)
        assert a.word_idx == b.word_idx and len(a) == len(b)
        for i in range(len(a)):
            for u, v in zip(a[i], b[i]):
                np.testing.assert_array_equal(u, v)
                assert u.dtype == v.dtype
    del rp
