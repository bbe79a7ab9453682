"""WMT14 (Paddle text/datasets/wmt14.py): the small French-English set of Paddle's
`wmt14.tgz`, read from the archive. The dictionaries are the first `dict_size` lines of the
members ending in 'src.dict' and 'trg.dict' (a word per line, its line number its id); the
sentences are the tab-separated 'source<TAB>target' lines of the members ending in
'<mode>/<mode>'. Unknown words get id 2 (UNK_IDX); pairs with more than 80 ids on either side
are skipped. Items: (<s> source <e>, <s> target, target <e>) as int64 id arrays."""
import tarfile

import numpy as np

from ...io import Dataset
from ...vision.datasets.common import resolve

__all__ = []

URL_DEV_TEST = "http://www-lium.univ-lemans.fr/~schwenk/cslm_joint_paper/data/dev+test.tgz"
MD5_DEV_TEST = "7d7897317ddd8ba0ae5c5fa7248d3ff5"
URL_TRAIN = "http://paddlemodels.bj.bcebos.com/wmt/wmt14.tgz"
MD5_TRAIN = "0791583d57d5beb693b9414c5b36798c"
START = "<s>"
END = "<e>"
UNK = "<unk>"
UNK_IDX = 2


def _first_lines_dict(fd, size):
    out = {}
    for i, line in enumerate(fd):
        if i >= size:
            break
        out[line.strip().decode()] = i
    return out


def _one_member(tar, suffix):
    names = [m.name for m in tar if m.name.endswith(suffix)]
    assert len(names) == 1, (f"WMT14: {tar.name} should hold one member ending in "
                             f"'{suffix}', it holds {len(names)}")
    return tar.extractfile(names[0])


class WMT14(Dataset):
    """WMT14(data_file=None, mode='train', dict_size=-1, download=True); mode is 'train',
    'test' or 'gen'."""

    def __init__(self, data_file=None, mode="train", dict_size=-1, download=True):
        assert mode.lower() in ["train", "test", "gen"], \
            f"mode should be 'train', 'test' or 'gen', but got {mode}"
        self.mode = mode.lower()
        self.data_file = resolve("WMT14", "data_file", data_file, URL_TRAIN, MD5_TRAIN,
                                 "wmt14", download)
        assert dict_size > 0, "dict_size should be set as positive number"
        self.dict_size = dict_size
        self._load_data()

    def _load_data(self):
        self.src_ids, self.trg_ids, self.trg_ids_next = [], [], []
        with tarfile.open(self.data_file, mode="r") as tar:
            self.src_dict = _first_lines_dict(_one_member(tar, "src.dict"), self.dict_size)
            self.trg_dict = _first_lines_dict(_one_member(tar, "trg.dict"), self.dict_size)
            suffix = f"{self.mode}/{self.mode}"
            for name in [m.name for m in tar if m.name.endswith(suffix)]:
                for line in tar.extractfile(name):
                    parts = line.decode().strip().split("\t")
                    if len(parts) != 2:
                        continue
                    src = [self.src_dict.get(w, UNK_IDX) for w in [START, *parts[0].split(), END]]
                    trg = [self.trg_dict.get(w, UNK_IDX) for w in parts[1].split()]
                    if len(src) > 80 or len(trg) > 80:
                        continue
                    self.src_ids.append(src)
                    self.trg_ids.append([self.trg_dict[START], *trg])
                    self.trg_ids_next.append([*trg, self.trg_dict[END]])

    def __getitem__(self, idx):
        return (np.array(self.src_ids[idx]), np.array(self.trg_ids[idx]),
                np.array(self.trg_ids_next[idx]))

    def __len__(self):
        return len(self.src_ids)

    def get_dict(self, reverse=False):
        """The (source, target) dictionaries; reverse=True maps id -> word."""
        src_dict, trg_dict = self.src_dict, self.trg_dict
        if reverse:
            src_dict = {v: k for k, v in src_dict.items()}
            trg_dict = {v: k for k, v in trg_dict.items()}
        return src_dict, trg_dict
