"""paddle.vision.datasets.Cifar10 and Cifar100 (Paddle python/paddle/vision/datasets/cifar.py)
from the python-version archives (cifar-10-python.tar.gz, cifar-100-python.tar.gz: pickled
batches). Items: a 32 x 32 RGB PIL image ('pil' backend) or HWC array ('cv2'), after
`transform`, and an int64 label (0-D)."""
import pickle
import tarfile

import numpy as np

from ...framework import get_default_dtype
from ...io import Dataset
from .common import check_backend, pil_image, resolve

__all__ = ["Cifar10", "Cifar100"]

URL_PREFIX = "https://dataset.bj.bcebos.com/cifar/"
CIFAR10_URL = URL_PREFIX + "cifar-10-python.tar.gz"
CIFAR10_MD5 = "c58f30108f718f92721af3b95e74349a"
CIFAR100_URL = URL_PREFIX + "cifar-100-python.tar.gz"
CIFAR100_MD5 = "eb9058c3a382ffc7106e4002c42a8d85"
MODE_FLAG_MAP = {"train10": "data_batch", "test10": "test_batch", "train100": "train",
                 "test100": "test"}


class _Unpickler(pickle.Unpickler):
    """The batches are dicts of bytes keys, NumPy arrays and lists: nothing else is built."""

    def find_class(self, module, name):
        if module.startswith("numpy") and name in ("ndarray", "dtype", "_reconstruct",
                                                   "scalar", "_frombuffer"):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"a CIFAR batch should not hold {module}.{name}")


class Cifar10(Dataset):
    """CIFAR-10: data_file is cifar-10-python.tar.gz (without it, the copy in Paddle's download
    cache); mode 'train' reads the data_batch_* members, 'test' test_batch."""

    def __init__(self, data_file=None, mode="train", transform=None, download=True,
                 backend=None):
        assert mode.lower() in ["train", "test"], \
            f"mode.lower() should be 'train' or 'test', but got {mode}"
        self.mode = mode.lower()
        self.backend = check_backend(backend)
        self._init_url_md5_flag()
        self.data_file = resolve(type(self).__name__, "data_file", data_file, self.data_url,
                                 self.data_md5, "cifar", download)
        self.transform = transform
        self._load_data()
        self.dtype = get_default_dtype()

    def _init_url_md5_flag(self):
        self.data_url = CIFAR10_URL
        self.data_md5 = CIFAR10_MD5
        self.flag = MODE_FLAG_MAP[self.mode + "10"]

    def _load_data(self):
        self.data = []
        with tarfile.open(self.data_file, mode="r") as f:
            names = sorted(m.name for m in f if self.flag in m.name)
            if not names:
                raise ValueError(f"{self.data_file} has no member named like '{self.flag}' "
                                 f"(is it the python version of the archive?).")
            for name in names:
                batch = _Unpickler(f.extractfile(name), encoding="bytes").load()
                data = batch[b"data"]
                labels = batch.get(b"labels", batch.get(b"fine_labels", None))
                assert labels is not None
                for sample, label in zip(data, labels):
                    self.data.append((sample, label))

    def __getitem__(self, idx):
        image, label = self.data[idx]
        image = np.reshape(image, [3, 32, 32]).transpose([1, 2, 0])
        if self.backend == "pil":
            image = pil_image(image.astype("uint8"))
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, np.array(label).astype("int64")
        return image.astype(self.dtype), np.array(label).astype("int64")

    def __len__(self):
        return len(self.data)


class Cifar100(Cifar10):
    """CIFAR-100 (fine labels): data_file is cifar-100-python.tar.gz; members 'train' and
    'test'."""

    def __init__(self, data_file=None, mode="train", transform=None, download=True,
                 backend=None):
        super().__init__(data_file, mode, transform, download, backend)

    def _init_url_md5_flag(self):
        self.data_url = CIFAR100_URL
        self.data_md5 = CIFAR100_MD5
        self.flag = MODE_FLAG_MAP[self.mode + "100"]
