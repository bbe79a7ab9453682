"""WMT16 (Paddle text/datasets/wmt16.py): the Multi30K English-German pairs of Paddle's
`wmt16.tar.gz` (members wmt16/train, wmt16/test, wmt16/val: 'english<TAB>german' lines), read
from the archive.

The dictionaries live where Paddle keeps them, `<DATA_HOME>/wmt16/<lang>_<size>.dict` (a word
per line: <s>, <e>, <unk>, then the words of wmt16/train by falling count, ties in order of
first appearance, `size` lines at most). A file that already has exactly `size` lines is
reused, so eagergraph and Paddle share them; otherwise it is (re)built. As in Paddle 3.3.1 both
dictionaries are counted over the *source* column (`lang`'s), whichever language they are
named for, and unknown target words take the source dictionary's <unk> id: the ids are
Paddle's. Items: (<s> source <e>, <s> target, target <e>)."""
import os
import tarfile
from collections import defaultdict

import numpy as np

from ...io import Dataset
from ...vision.datasets import common
from ...vision.datasets.common import resolve

__all__ = []

DATA_URL = "http://paddlemodels.bj.bcebos.com/wmt/wmt16.tar.gz"
DATA_MD5 = "0c38be43600334966403524a40dcd81e"
TOTAL_EN_WORDS = 11250
TOTAL_DE_WORDS = 19220
START_MARK = "<s>"
END_MARK = "<e>"
UNK_MARK = "<unk>"


def _pairs(tar, name):
    for line in tar.extractfile(name):
        parts = line.decode().strip().split("\t")
        if len(parts) == 2:
            yield parts


class WMT16(Dataset):
    """WMT16(data_file=None, mode='train', src_dict_size=-1, trg_dict_size=-1, lang='en',
    download=True); mode is 'train', 'test' or 'val', lang the source language ('en' or
    'de')."""

    def __init__(self, data_file=None, mode="train", src_dict_size=-1, trg_dict_size=-1,
                 lang="en", download=True):
        assert mode.lower() in ["train", "test", "val"], \
            f"mode should be 'train', 'test' or 'val', but got {mode}"
        self.mode = mode.lower()
        self.data_file = resolve("WMT16", "data_file", data_file, DATA_URL, DATA_MD5, "wmt16",
                                 download)
        self.lang = lang
        assert src_dict_size > 0, "dict_size should be set as positive number"
        assert trg_dict_size > 0, "dict_size should be set as positive number"
        en = lang == "en"
        self.src_dict_size = min(src_dict_size, TOTAL_EN_WORDS if en else TOTAL_DE_WORDS)
        self.trg_dict_size = min(trg_dict_size, TOTAL_DE_WORDS if en else TOTAL_EN_WORDS)
        self.src_dict = self._load_dict(lang, src_dict_size)
        self.trg_dict = self._load_dict("de" if en else "en", trg_dict_size)
        self.data = self._load_data()

    @staticmethod
    def _dict_path(lang, dict_size):
        return os.path.join(common.DATA_HOME, "wmt16", f"{lang}_{dict_size}.dict")

    def _load_dict(self, lang, dict_size, reverse=False):
        path = self._dict_path(lang, dict_size)
        found = False
        if os.path.exists(path):
            with open(path, "rb") as f:
                found = len(f.readlines()) == dict_size
        if not found:
            self._build_dict(path, dict_size, lang)
        with open(path, "rb") as f:
            words = [line.strip().decode() for line in f]
        if reverse:
            return dict(enumerate(words))
        return {w: i for i, w in enumerate(words)}

    def _build_dict(self, dict_path, dict_size, lang):
        count = defaultdict(int)
        col = 0 if self.lang == "en" else 1     # the source column, for either dictionary
        with tarfile.open(self.data_file, mode="r") as tar:
            for parts in _pairs(tar, "wmt16/train"):
                for w in parts[col].split():
                    count[w] += 1
        ranked = sorted(count.items(), key=lambda x: x[1], reverse=True)
        os.makedirs(os.path.dirname(dict_path), exist_ok=True)
        with open(dict_path, "wb") as out:
            out.write(f"{START_MARK}\n{END_MARK}\n{UNK_MARK}\n".encode())
            for idx, (word, _) in enumerate(ranked):
                if idx + 3 == dict_size:
                    break
                out.write(word.encode() + b"\n")

    def _load_data(self):
        start_id = self.src_dict[START_MARK]
        end_id = self.src_dict[END_MARK]
        unk_id = self.src_dict[UNK_MARK]
        src_col = 0 if self.lang == "en" else 1
        self.src_ids, self.trg_ids, self.trg_ids_next = [], [], []
        with tarfile.open(self.data_file, mode="r") as tar:
            for parts in _pairs(tar, f"wmt16/{self.mode}"):
                src = [self.src_dict.get(w, unk_id) for w in parts[src_col].split()]
                trg = [self.trg_dict.get(w, unk_id) for w in parts[1 - src_col].split()]
                self.src_ids.append([start_id, *src, end_id])
                self.trg_ids.append([start_id, *trg])
                self.trg_ids_next.append([*trg, end_id])

    def __getitem__(self, idx):
        return (np.array(self.src_ids[idx]), np.array(self.trg_ids[idx]),
                np.array(self.trg_ids_next[idx]))

    def __len__(self):
        return len(self.src_ids)

    def get_dict(self, lang, reverse=False):
        """The dictionary of `lang`; reverse=True maps id -> word. (Paddle 3.3.1 ignores
        `reverse` here; eagergraph honours it.)"""
        dict_size = self.src_dict_size if lang == self.lang else self.trg_dict_size
        path = self._dict_path(lang, dict_size)
        assert os.path.exists(path), "Word dictionary does not exist. "
        return self._load_dict(lang, dict_size, reverse)
