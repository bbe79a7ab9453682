"""paddle.vision.datasets.MNIST and FashionMNIST (Paddle python/paddle/vision/datasets/
mnist.py) from the gzipped IDX files (train-/t10k-images-idx3-ubyte.gz, -labels-idx1-ubyte.gz).
Items: a 28 x 28 PIL 'L' image ('pil' backend) or float array ('cv2'), after `transform`, and
an int64 label of shape [1]."""
import gzip
import struct

import numpy as np

from ...framework import get_default_dtype
from ...io import Dataset
from .common import check_backend, pil_image, resolve

__all__ = ["MNIST", "FashionMNIST"]


def _read_idx(path, magic, what):
    with gzip.GzipFile(path, "rb") as f:
        buf = f.read()
    ndim = magic & 0xFF
    if len(buf) < 4 + 4 * ndim or struct.unpack_from(">I", buf, 0)[0] != magic:
        raise ValueError(f"{path} is not an IDX {what} file (magic number "
                         f"{struct.unpack_from('>I', buf, 0)[0] if len(buf) >= 4 else None}, "
                         f"expected {magic}).")
    dims = struct.unpack_from(">" + "I" * ndim, buf, 4)
    data = np.frombuffer(buf, np.uint8, offset=4 + 4 * ndim)
    if data.size < int(np.prod(dims)):
        raise ValueError(f"{path}: the header promises {list(dims)} values but the file holds "
                         f"{data.size}.")
    return data[:int(np.prod(dims))].reshape(dims)


class MNIST(Dataset):
    """MNIST handwritten digits: image_path / label_path are the gzipped IDX files of `mode`
    ('train' or 'test'); without them, the copies in Paddle's download cache."""
    NAME = "mnist"
    URL_PREFIX = "https://dataset.bj.bcebos.com/mnist/"
    TEST_IMAGE_URL = URL_PREFIX + "t10k-images-idx3-ubyte.gz"
    TEST_IMAGE_MD5 = "9fb629c4189551a2d022fa330f9573f3"
    TEST_LABEL_URL = URL_PREFIX + "t10k-labels-idx1-ubyte.gz"
    TEST_LABEL_MD5 = "ec29112dd5afa0611ce80d1b7f02629c"
    TRAIN_IMAGE_URL = URL_PREFIX + "train-images-idx3-ubyte.gz"
    TRAIN_IMAGE_MD5 = "f68b3c2dcbeaaa9fbdd348bbdeb94873"
    TRAIN_LABEL_URL = URL_PREFIX + "train-labels-idx1-ubyte.gz"
    TRAIN_LABEL_MD5 = "d53e105ee54ea40749a09fcbcd1e9432"

    def __init__(self, image_path=None, label_path=None, mode="train", transform=None,
                 download=True, backend=None):
        assert mode.lower() in ["train", "test"], \
            f"mode should be 'train' or 'test', but got {mode}"
        self.backend = check_backend(backend)
        self.mode = mode.lower()
        train = self.mode == "train"
        name = type(self).__name__
        self.image_path = resolve(name, "image_path", image_path,
                                  self.TRAIN_IMAGE_URL if train else self.TEST_IMAGE_URL,
                                  self.TRAIN_IMAGE_MD5 if train else self.TEST_IMAGE_MD5,
                                  self.NAME, download)
        self.label_path = resolve(name, "label_path", label_path,
                                  self.TRAIN_LABEL_URL if train else self.TEST_LABEL_URL,
                                  self.TRAIN_LABEL_MD5 if train else self.TEST_LABEL_MD5,
                                  self.NAME, download)
        self.transform = transform
        self._parse_dataset()
        self.dtype = get_default_dtype()

    def _parse_dataset(self):
        images = _read_idx(self.image_path, 2051, "image")
        labels = _read_idx(self.label_path, 2049, "label")
        if len(images) != len(labels):
            raise ValueError(f"{self.image_path} holds {len(images)} images but "
                             f"{self.label_path} {len(labels)} labels.")
        rows, cols = images.shape[1:]
        self.images = list(images.reshape(len(images), rows * cols).astype("float32"))
        self.labels = [np.array([v], "int64") for v in labels]

    def __getitem__(self, idx):
        image, label = self.images[idx], self.labels[idx]
        image = np.reshape(image, [28, 28])
        if self.backend == "pil":
            image = pil_image(image.astype("uint8"), mode="L")
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, label.astype("int64")
        return image.astype(self.dtype), label.astype("int64")

    def __len__(self):
        return len(self.labels)


class FashionMNIST(MNIST):
    """Fashion-MNIST: MNIST's format and arguments, Zalando's clothing images."""
    NAME = "fashion-mnist"
    URL_PREFIX = "https://dataset.bj.bcebos.com/fashion_mnist/"
    TEST_IMAGE_URL = URL_PREFIX + "t10k-images-idx3-ubyte.gz"
    TEST_IMAGE_MD5 = "bef4ecab320f06d8554ea6380940ec79"
    TEST_LABEL_URL = URL_PREFIX + "t10k-labels-idx1-ubyte.gz"
    TEST_LABEL_MD5 = "bb300cfdad3c16e7a12a480ee83cd310"
    TRAIN_IMAGE_URL = URL_PREFIX + "train-images-idx3-ubyte.gz"
    TRAIN_IMAGE_MD5 = "8d4fb7e6c68d591d4c3dfef9ec88bf0d"
    TRAIN_LABEL_URL = URL_PREFIX + "train-labels-idx1-ubyte.gz"
    TRAIN_LABEL_MD5 = "25c81989df183df01b3e8a0aad5dffbe"
