"""Imdb (Paddle text/datasets/imdb.py): the aclImdb sentiment reviews from the local
`aclImdb_v1.tar.gz`, read member by member (nothing is extracted). Words are the lower-cased,
punctuation-stripped, whitespace-split bytes of each review; the dictionary holds the words
seen more than `cutoff` times in train+test, most frequent first (ties by the word), then
'<unk>'. Items: (word ids, [label]) with label 0 for pos and 1 for neg, as Paddle's."""
import collections
import re
import string
import tarfile

import numpy as np

from ...io import Dataset
from ...vision.datasets.common import resolve

__all__ = []

URL = "https://dataset.bj.bcebos.com/imdb%2FaclImdb_v1.tar.gz"
MD5 = "7c2ac02c03563afcf9b574c7e56c153a"


class Imdb(Dataset):
    """Imdb(data_file=None, mode='train', cutoff=150, download=True)."""

    def __init__(self, data_file=None, mode="train", cutoff=150, download=True):
        assert mode.lower() in ["train", "test"], \
            f"mode should be 'train', 'test', but got {mode}"
        self.mode = mode.lower()
        self.data_file = resolve("Imdb", "data_file", data_file, URL, MD5, "imdb", download)
        self.word_idx = self._build_work_dict(cutoff)
        self._load_anno()

    def _build_work_dict(self, cutoff):
        word_freq = collections.defaultdict(int)
        pattern = re.compile(r"aclImdb/((train)|(test))/((pos)|(neg))/.*\.txt$")
        for doc in self._tokenize(pattern):
            for word in doc:
                word_freq[word] += 1
        word_freq = [x for x in word_freq.items() if x[1] > cutoff]
        if not word_freq:
            raise ValueError(f"Imdb: no word of {self.data_file} occurs more than "
                             f"cutoff={cutoff} times, so the dictionary would be empty")
        dictionary = sorted(word_freq, key=lambda x: (-x[1], x[0]))
        words, _ = list(zip(*dictionary))
        word_idx = dict(zip(words, range(len(words))))
        word_idx["<unk>"] = len(words)
        return word_idx

    def _tokenize(self, pattern):
        data = []
        with tarfile.open(self.data_file) as tarf:
            tf = tarf.next()
            while tf is not None:
                if tf.isfile() and pattern.match(tf.name):
                    data.append(tarf.extractfile(tf).read().rstrip(b"\n\r")
                                .translate(None, string.punctuation.encode("latin-1"))
                                .lower().split())
                tf = tarf.next()
        return data

    def _load_anno(self):
        pos_pattern = re.compile(rf"aclImdb/{self.mode}/pos/.*\.txt$")
        neg_pattern = re.compile(rf"aclImdb/{self.mode}/neg/.*\.txt$")
        unk = self.word_idx["<unk>"]
        self.docs, self.labels = [], []
        for doc in self._tokenize(pos_pattern):
            self.docs.append([self.word_idx.get(w, unk) for w in doc])
            self.labels.append(0)
        for doc in self._tokenize(neg_pattern):
            self.docs.append([self.word_idx.get(w, unk) for w in doc])
            self.labels.append(1)

    def __getitem__(self, idx):
        return np.array(self.docs[idx]), np.array([self.labels[idx]])

    def __len__(self):
        return len(self.docs)
