"""paddle.vision.datasets.Flowers (Paddle python/paddle/vision/datasets/flowers.py): Oxford
Flowers-102 from the local 102flowers.tgz (jpg/image_NNNNN.jpg), imagelabels.mat ('labels',
1 x N, class of image i at i-1) and setid.mat ('trnid', 'valid', 'tstid': 1-based image
numbers). As in Paddle, mode 'train' takes the 'tstid' split (the larger one) and 'test' the
'trnid' split, and the archive is extracted once beside itself (`<data_file without .tgz>/`)
unless that folder already has jpg/. The .mat files are read with scipy.io.loadmat. Items: the
PIL image ('pil') or an HWC array in the default float dtype ('cv2'), after `transform`, and
an int64 label of shape [1]."""
import os
import tarfile

import numpy as np

from ...framework import get_default_dtype
from ...io import Dataset
from .common import check_backend, open_image, resolve

__all__ = ["Flowers"]

DATA_URL = "http://paddlemodels.bj.bcebos.com/flowers/102flowers.tgz"
LABEL_URL = "http://paddlemodels.bj.bcebos.com/flowers/imagelabels.mat"
SETID_URL = "http://paddlemodels.bj.bcebos.com/flowers/setid.mat"
DATA_MD5 = "52808999861908f626f3c1f4e79d11fa"
LABEL_MD5 = "e0620be6f572b9609742df49c70aed4d"
SETID_MD5 = "a5357ecc9cb78c4bef273ce3793fc85c"
MODE_FLAG_MAP = {"train": "tstid", "test": "trnid", "valid": "valid"}


def extract_into(tar, dest):
    """Extract the regular files and folders of `tar` under `dest`; a member whose path would
    leave `dest` (absolute, '..'), and links and devices, are skipped."""
    root = os.path.realpath(dest)
    for m in tar.getmembers():
        target = os.path.realpath(os.path.join(root, m.name))
        if os.path.commonpath([root, target]) != root:
            continue
        if m.isdir():
            os.makedirs(target, exist_ok=True)
        elif m.isfile():
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with tar.extractfile(m) as src, open(target, "wb") as out:
                while chunk := src.read(1 << 20):
                    out.write(chunk)


def load_mat(path, key):
    from scipy import io as sio
    mat = sio.loadmat(path)
    if key not in mat:
        raise KeyError(f"Flowers: {path} has no variable '{key}' (it holds "
                       f"{sorted(k for k in mat if not k.startswith('__'))})")
    return mat[key][0]


class Flowers(Dataset):
    """Flowers(data_file=None, label_file=None, setid_file=None, mode='train', transform=None,
    download=True, backend=None)."""

    def __init__(self, data_file=None, label_file=None, setid_file=None, mode="train",
                 transform=None, download=True, backend=None):
        assert mode.lower() in ["train", "valid", "test"], \
            f"mode should be 'train', 'valid' or 'test', but got {mode}"
        self.backend = check_backend(backend)
        flag = MODE_FLAG_MAP[mode.lower()]
        data_file = resolve("Flowers", "data_file", data_file or None, DATA_URL, DATA_MD5,
                            "flowers", download)
        label_file = resolve("Flowers", "label_file", label_file or None, LABEL_URL, LABEL_MD5,
                             "flowers", download)
        setid_file = resolve("Flowers", "setid_file", setid_file or None, SETID_URL, SETID_MD5,
                             "flowers", download)
        self.transform = transform
        self.data_path = data_file.replace(".tgz", "/")
        if self.data_path == data_file:         # not a .tgz name (Paddle then fails in mkdir)
            self.data_path = data_file + "_extracted/"
        if not os.path.exists(os.path.join(self.data_path, "jpg")):
            os.makedirs(self.data_path, exist_ok=True)
            with tarfile.open(data_file) as tar:
                extract_into(tar, self.data_path)
        self.labels = load_mat(label_file, "labels")
        self.indexes = load_mat(setid_file, flag)

    def __getitem__(self, idx):
        index = self.indexes[idx]
        label = np.array([self.labels[index - 1]])
        image = open_image(os.path.join(self.data_path, f"jpg/image_{index:05}.jpg"), "Flowers")
        if self.backend == "cv2":
            image = np.array(image)
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, label.astype("int64")
        return image.astype(get_default_dtype()), label.astype("int64")

    def __len__(self):
        return len(self.indexes)
