"""UCIHousing (Paddle text/datasets/uci_housing.py): the Boston housing table from a local
`housing.data` (whitespace-separated numbers, 14 per row), features normalised by the whole
file's mean and range, the first 80% of rows for 'train' and the rest for 'test'."""
import numpy as np

from ...io import Dataset
from ...framework import get_default_dtype
from ...vision.datasets.common import resolve

__all__ = []

URL = "http://paddlemodels.bj.bcebos.com/uci_housing/housing.data"
MD5 = "d4accdce7a25600298819f8e28e8d593"
feature_names = ["CRIM", "ZN", "INDUS", "CHAS", "NOX", "RM", "AGE", "DIS", "RAD", "TAX",
                 "PTRATIO", "B", "LSTAT"]


class UCIHousing(Dataset):
    """UCIHousing(data_file=None, mode='train', download=True): items (features[13],
    price[1]) in the default float dtype."""

    def __init__(self, data_file=None, mode="train", download=True):
        assert mode.lower() in ["train", "test"], \
            f"mode should be 'train' or 'test', but got {mode}"
        self.mode = mode.lower()
        self.data_file = resolve("UCIHousing", "data_file", data_file, URL, MD5, "uci_housing",
                                 download)
        self._load_data()
        self.dtype = get_default_dtype()

    def _load_data(self, feature_num=14, ratio=0.8):
        data = np.fromfile(self.data_file, sep=" ")
        if data.size % feature_num:
            raise ValueError(f"UCIHousing: {self.data_file} holds {data.size} numbers, not a "
                             f"multiple of {feature_num} (13 features and the price per row)")
        data = data.reshape(data.shape[0] // feature_num, feature_num)
        maximums, minimums = data.max(axis=0), data.min(axis=0)
        avgs = data.sum(axis=0) / data.shape[0]
        for i in range(feature_num - 1):
            data[:, i] = (data[:, i] - avgs[i]) / (maximums[i] - minimums[i])
        offset = int(data.shape[0] * ratio)
        self.data = data[:offset] if self.mode == "train" else data[offset:]

    def __getitem__(self, idx):
        data = self.data[idx]
        return np.array(data[:-1]).astype(self.dtype), np.array(data[-1:]).astype(self.dtype)

    def __len__(self):
        return len(self.data)
