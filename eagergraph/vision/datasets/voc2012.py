"""paddle.vision.datasets.VOC2012 (Paddle python/paddle/vision/datasets/voc2012.py): the
PASCAL VOC 2012 segmentation set, read from the local VOCtrainval_11-May-2012.tar without
extracting it. The image names of a split are the lines of
VOCdevkit/VOC2012/ImageSets/Segmentation/<split>.txt (as in Paddle, mode 'train' reads
'trainval', 'test' 'train' and 'valid' 'val'); each item is JPEGImages/<name>.jpg and
SegmentationClass/<name>.png, as PIL images ('pil') or arrays in the default float dtype
('cv2'; the label then holds the palette indices). `transform` applies to the image only."""
import io
import os
import tarfile

import numpy as np

from ...framework import get_default_dtype
from ...io import Dataset
from .common import check_backend, open_image, resolve

__all__ = ["VOC2012"]

VOC_URL = "https://dataset.bj.bcebos.com/voc/VOCtrainval_11-May-2012.tar"
VOC_MD5 = "6cd6e144f989b92b3379bac3b3de84fd"
SET_FILE = "VOCdevkit/VOC2012/ImageSets/Segmentation/{}.txt"
DATA_FILE = "VOCdevkit/VOC2012/JPEGImages/{}.jpg"
LABEL_FILE = "VOCdevkit/VOC2012/SegmentationClass/{}.png"
CACHE_DIR = "voc2012"
MODE_FLAG_MAP = {"train": "trainval", "test": "train", "valid": "val"}


class VOC2012(Dataset):
    """VOC2012(data_file=None, mode='train', transform=None, download=True, backend=None)."""

    def __init__(self, data_file=None, mode="train", transform=None, download=True,
                 backend=None):
        assert mode.lower() in ["train", "valid", "test"], \
            f"mode should be 'train', 'valid' or 'test', but got {mode}"
        self.backend = check_backend(backend)
        self.flag = MODE_FLAG_MAP[mode.lower()]
        self.data_file = resolve("VOC2012", "data_file", data_file, VOC_URL, VOC_MD5, CACHE_DIR,
                                 download)
        self.transform = transform
        self.data_tar = None
        self._load_anno()
        self.dtype = get_default_dtype()

    def _tar(self):
        # one open archive per process: a DataLoader worker forked from this one must not
        # share (and move) the parent's file position
        if self.data_tar is None or self._pid != os.getpid():
            self.data_tar = tarfile.open(self.data_file)
            self._pid = os.getpid()
        return self.data_tar

    def _read(self, name):
        member = self.name2mem.get(name)
        if member is None:
            raise KeyError(f"VOC2012: {self.data_file} has no member {name}")
        return self._tar().extractfile(member).read()

    def _load_anno(self):
        self.name2mem = {m.name: m for m in self._tar().getmembers()}
        self.data, self.labels = [], []
        for line in io.BytesIO(self._read(SET_FILE.format(self.flag))):
            name = line.strip().decode("utf-8")
            self.data.append(DATA_FILE.format(name))
            self.labels.append(LABEL_FILE.format(name))

    def __getitem__(self, idx):
        data = open_image(io.BytesIO(self._read(self.data[idx])), "VOC2012")
        label = open_image(io.BytesIO(self._read(self.labels[idx])), "VOC2012")
        if self.backend == "cv2":
            data, label = np.array(data), np.array(label)
        if self.transform is not None:
            data = self.transform(data)
        if self.backend == "cv2":
            return data.astype(self.dtype), label.astype(self.dtype)
        return data, label

    def __len__(self):
        return len(self.data)

    def __getstate__(self):
        state = dict(self.__dict__)
        state["data_tar"] = None                # reopened where it is unpickled
        return state

    def __del__(self):
        if getattr(self, "data_tar", None) is not None:
            self.data_tar.close()
