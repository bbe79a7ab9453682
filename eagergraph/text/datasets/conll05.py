"""Conll05st (Paddle text/datasets/conll05.py): the CoNLL-2005 semantic-role test set (WSJ
section) from the local `conll05st-tests.tar.gz`, whose members
conll05st-release/test.wsj/words/test.wsj.words.gz and .../props/test.wsj.props.gz hold a word,
resp. a props row (the verb column then one bracketed column per predicate), per line, with a
blank line after each sentence. Dictionaries: wordDict.txt and verbDict.txt (a word per line,
its line number its id) and targetDict.txt (the B-/I- tags; ids B-t, I-t in the iteration
order of a Python set of the tags, as Paddle, then 'O'). Each predicate of a sentence is one
item: word ids, five context-word ids (the words at the verb -2..+2, 'bos'/'eos' past the
ends) repeated over the sentence, the predicate id, the 0/1 mark of the 5-word window, and the
label ids. emb_file is only returned by get_embedding()."""
import gzip
import tarfile

import numpy as np

from ...io import Dataset
from ...vision.datasets.common import resolve

__all__ = []

DATA_URL = "http://paddlemodels.bj.bcebos.com/conll05st/conll05st-tests.tar.gz"
DATA_MD5 = "387719152ae52d60422c016e92a742fc"
WORDDICT_URL = "http://paddlemodels.bj.bcebos.com/conll05st%2FwordDict.txt"
WORDDICT_MD5 = "ea7fb7d4c75cc6254716f0177a506baa"
VERBDICT_URL = "http://paddlemodels.bj.bcebos.com/conll05st%2FverbDict.txt"
VERBDICT_MD5 = "0d2977293bbb6cbefab5b0f97db1e77c"
TRGDICT_URL = "http://paddlemodels.bj.bcebos.com/conll05st%2FtargetDict.txt"
TRGDICT_MD5 = "d8c7f03ceb5fc2e5a0fa7503a4353751"
EMB_URL = "http://paddlemodels.bj.bcebos.com/conll05st%2Femb"
EMB_MD5 = "bf436eb0faa1f6f9103017f8be57cdb7"
UNK_IDX = 0
WORDS = "conll05st-release/test.wsj/words/test.wsj.words.gz"
PROPS = "conll05st-release/test.wsj/props/test.wsj.props.gz"


def _bio(column):
    """One predicate's bracketed column ('(A0*', '*', '*)', '(V*)') as B-/I-/O tags."""
    tags, tag, inside = [], "O", False
    for cell in column:
        if cell == "*":
            tags.append("I-" + tag if inside else "O")
        elif cell == "*)":
            tags.append("I-" + tag)
            inside = False
        elif "(" in cell:
            tag = cell[1:cell.find("*")]
            tags.append("B-" + tag)
            inside = ")" not in cell
        else:
            raise RuntimeError(f"Unexpected label: {cell}")
    return tags


class Conll05st(Dataset):
    """Conll05st(data_file=None, word_dict_file=None, verb_dict_file=None,
    target_dict_file=None, emb_file=None, download=True)."""

    def __init__(self, data_file=None, word_dict_file=None, verb_dict_file=None,
                 target_dict_file=None, emb_file=None, download=True):
        def get(arg, path, url, md5):
            return resolve("Conll05st", arg, path, url, md5, "conll05st", download)
        self.data_file = get("data_file", data_file, DATA_URL, DATA_MD5)
        self.word_dict_file = get("word_dict_file", word_dict_file, WORDDICT_URL, WORDDICT_MD5)
        self.verb_dict_file = get("verb_dict_file", verb_dict_file, VERBDICT_URL, VERBDICT_MD5)
        self.target_dict_file = get("target_dict_file", target_dict_file, TRGDICT_URL,
                                    TRGDICT_MD5)
        self.emb_file = get("emb_file", emb_file, EMB_URL, EMB_MD5)
        self.word_dict = self._load_dict(self.word_dict_file)
        self.predicate_dict = self._load_dict(self.verb_dict_file)
        self.label_dict = self._load_label_dict(self.target_dict_file)
        self._load_anno()

    @staticmethod
    def _load_label_dict(filename):
        tags = set()
        with open(filename) as f:
            for line in f:
                line = line.strip()
                if line.startswith(("B-", "I-")):
                    tags.add(line[2:])
        d = {}
        for tag in tags:                 # set order, as Paddle
            d["B-" + tag] = len(d)
            d["I-" + tag] = len(d)
        d["O"] = len(d)
        return d

    @staticmethod
    def _load_dict(filename):
        with open(filename) as f:
            return {line.strip(): i for i, line in enumerate(f)}

    def _load_anno(self):
        self.sentences, self.predicates, self.labels = [], [], []
        with tarfile.open(self.data_file) as tar, \
                gzip.GzipFile(fileobj=tar.extractfile(WORDS)) as words, \
                gzip.GzipFile(fileobj=tar.extractfile(PROPS)) as props:
            sentence, rows = [], []
            for word, row in zip(words, props):
                word, row = word.strip().decode(), row.strip().decode().split()
                if row:
                    sentence.append(word)
                    rows.append(row)
                    continue
                if not rows:             # a second blank line (Paddle raises IndexError)
                    continue
                columns = [[r[i] for r in rows] for i in range(len(rows[0]))]
                if columns:
                    verbs = [x for x in columns[0] if x != "-"]
                    for i, column in enumerate(columns[1:]):
                        self.sentences.append(sentence)
                        self.predicates.append(verbs[i])
                        self.labels.append(_bio(column))
                sentence, rows = [], []

    def __getitem__(self, idx):
        sentence, predicate, labels = self.sentences[idx], self.predicates[idx], self.labels[idx]
        n = len(sentence)
        v = labels.index("B-V")
        mark = [0] * len(labels)
        ctx = []
        for off, edge in ((-2, "bos"), (-1, "bos"), (0, None), (1, "eos"), (2, "eos")):
            j = v + off
            if 0 <= j < len(labels):
                mark[j] = 1
                ctx.append(sentence[j])
            else:
                ctx.append(edge)
        word_idx = [self.word_dict.get(w, UNK_IDX) for w in sentence]
        ctx_idx = [[self.word_dict.get(w, UNK_IDX)] * n for w in ctx]
        pred_idx = [self.predicate_dict.get(predicate)] * n
        label_idx = [self.label_dict.get(w) for w in labels]
        return tuple(np.array(a) for a in [word_idx, *ctx_idx, pred_idx, mark, label_idx])

    def __len__(self):
        return len(self.sentences)

    def get_dict(self):
        """The word, verb and label dictionaries."""
        return self.word_dict, self.predicate_dict, self.label_dict

    def get_embedding(self):
        """The embedding file's path."""
        return self.emb_file
