"""Imikolov (Paddle text/datasets/imikolov.py): the Penn Treebank text of Mikolov's
`simple-examples.tgz`, read from the archive (nothing is extracted). The dictionary counts the
whitespace-split words of ptb.train.txt and ptb.valid.txt plus one '<s>' and one '<e>' per
line, keeps those seen more than `min_word_freq` times, most frequent first (ties by the word),
then appends '<unk>'. As in Paddle the words are bytes while '<s>', '<e>' and '<unk>' are str,
so the corpus' own b'<unk>' token keeps an id of its own. mode 'train' reads ptb.train.txt,
'test' ptb.test.txt. Items: 'NGRAM' gives every window of `window_size` ids over
<s> words <e>; 'SEQ' gives (<s> + ids, ids + <e>), skipping lines whose source is longer than
a positive `window_size`."""
import collections
import tarfile

import numpy as np

from ...io import Dataset
from ...vision.datasets.common import resolve

__all__ = []

URL = "https://dataset.bj.bcebos.com/imikolov%2Fsimple-examples.tgz"
MD5 = "30177ea32e27c525793142b6bf2c8e2d"


def ptb_member(tar, split):
    """The ptb.<split>.txt member of the archive: Paddle names it './simple-examples/data/...';
    an archive written without the leading './' is read too."""
    for name in (f"./simple-examples/data/ptb.{split}.txt", f"simple-examples/data/ptb.{split}.txt"):
        try:
            return tar.extractfile(name)
        except KeyError:
            pass
    raise KeyError(f"Imikolov: {tar.name} has no member ./simple-examples/data/ptb.{split}.txt "
                   f"(is it simple-examples.tgz?)")


class Imikolov(Dataset):
    """Imikolov(data_file=None, data_type='NGRAM', window_size=-1, mode='train',
    min_word_freq=50, download=True)."""

    def __init__(self, data_file=None, data_type="NGRAM", window_size=-1, mode="train",
                 min_word_freq=50, download=True):
        assert data_type.upper() in ["NGRAM", "SEQ"], \
            f"data type should be 'NGRAM', 'SEQ', but got {data_type}"
        self.data_type = data_type.upper()
        assert mode.lower() in ["train", "test"], \
            f"mode should be 'train', 'test', but got {mode}"
        self.mode = mode.lower()
        self.window_size = window_size
        self.min_word_freq = min_word_freq
        if data_file is None:
            assert download, "data_file is not set and downloading automatically disabled"
        self.data_file = resolve("Imikolov", "data_file", data_file, URL, MD5, "imikolov",
                                 download)
        self.word_idx = self._build_work_dict(min_word_freq)
        self._load_anno()

    @staticmethod
    def word_count(f, word_freq=None):
        if word_freq is None:
            word_freq = collections.defaultdict(int)
        for line in f:
            for w in line.strip().split():
                word_freq[w] += 1
            word_freq["<s>"] += 1
            word_freq["<e>"] += 1
        return word_freq

    def _build_work_dict(self, cutoff):
        with tarfile.open(self.data_file) as tar:
            freq = self.word_count(ptb_member(tar, "valid"),
                                   self.word_count(ptb_member(tar, "train")))
        freq.pop("<unk>", None)          # a str key: the corpus' b'<unk>' stays (as Paddle)
        # most frequent first, ties by the word; a bytes word tied with '<s>'/'<e>' compares
        # with its encoding (Paddle raises TypeError on such a tie)
        kept = sorted(((w, c) for w, c in freq.items() if c > cutoff),
                      key=lambda x: (-x[1], x[0] if isinstance(x[0], bytes) else x[0].encode()))
        if not kept:
            raise ValueError(f"Imikolov: no word of {self.data_file} occurs more than "
                             f"min_word_freq={cutoff} times, so the dictionary would be empty")
        word_idx = {w: i for i, (w, _) in enumerate(kept)}
        word_idx["<unk>"] = len(kept)
        return word_idx

    def _load_anno(self):
        self.data = []
        unk = self.word_idx["<unk>"]
        with tarfile.open(self.data_file) as tar:
            for line in ptb_member(tar, self.mode):
                if self.data_type == "NGRAM":
                    assert self.window_size > -1, "Invalid gram length"
                    words = ["<s>", *line.strip().split(), "<e>"]
                    if len(words) >= self.window_size:
                        ids = [self.word_idx.get(w, unk) for w in words]
                        n = self.window_size
                        self.data.extend(tuple(ids[i - n:i]) for i in range(n, len(ids) + 1))
                else:
                    ids = [self.word_idx.get(w, unk) for w in line.strip().split()]
                    src = [self.word_idx["<s>"], *ids]
                    if self.window_size > 0 and len(src) > self.window_size:
                        continue
                    self.data.append((src, [*ids, self.word_idx["<e>"]]))

    def __getitem__(self, idx):
        return tuple(np.array(d) for d in self.data[idx])

    def __len__(self):
        return len(self.data)
