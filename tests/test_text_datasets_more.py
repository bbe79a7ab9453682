"""paddle.text.datasets Imikolov, Movielens, WMT14, WMT16 and Conll05st from small archives
built here in Paddle's formats: items against hand-computed references, and against real
Paddle's classes on the same files when Paddle is installed; missing files raise errors naming
them."""
import gzip
import io
import tarfile
import zipfile

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.text.datasets import Conll05st, Imikolov, Movielens, WMT14, WMT16
from eagergraph.vision.datasets import common


def _tar(path, members, mode="w:gz"):
    with tarfile.open(path, mode) as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return str(path)


PTB = {
    "train": b" the cat sat \n the dog sat on the mat \n a <unk> cat \n",
    "valid": b" the cat ran the \n",
    "test": b" the mat \n a bird sat \n",
}


def _imikolov(tmp_path):
    return _tar(tmp_path / "simple-examples.tgz",
                {f"./simple-examples/data/ptb.{k}.txt": v for k, v in PTB.items()})


def test_imikolov_dictionary_and_items(tmp_path):
    path = _imikolov(tmp_path)
    ds = Imikolov(path, "NGRAM", 3, min_word_freq=1)
    # train+valid counts: the 5, <s> 4, <e> 4, cat 3, sat 2 (mat, dog, on, a, <unk>, ran: 1)
    # <s> the cat sat <e> -> 2 0 3 4 1, in windows of 3
    assert ds.word_idx == {b"the": 0, "<e>": 1, "<s>": 2, b"cat": 3, b"sat": 4, "<unk>": 5}
    assert [tuple(int(v) for v in ds[i]) for i in range(3)] == [(2, 0, 3), (0, 3, 4), (3, 4, 1)]
    assert len(ds) == 3 + 6 + 3
    seq = Imikolov(path, "seq", mode="test", min_word_freq=1)
    src, trg = seq[1]                          # a bird sat
    np.testing.assert_array_equal(src, [2, 5, 5, 4])
    np.testing.assert_array_equal(trg, [5, 5, 4, 1])
    assert src.dtype == np.int64
    assert len(Imikolov(path, "SEQ", window_size=3, mode="test", min_word_freq=1)) == 1
    # the corpus' own b'<unk>' keeps an id when frequent enough (Paddle deletes only str '<unk>')
    assert b"<unk>" in Imikolov(path, "SEQ", min_word_freq=0).word_idx
    # a bytes word tied with '<s>' sorts by its encoding (Paddle raises TypeError here)
    tied = _tar(tmp_path / "tied.tgz", {f"./simple-examples/data/ptb.{k}.txt": b"x y\n"
                                        for k in ("train", "valid", "test")})
    assert list(Imikolov(tied, "SEQ", min_word_freq=0).word_idx) == ["<e>", "<s>", b"x", b"y",
                                                                      "<unk>"]


def test_imikolov_errors(tmp_path):
    with pytest.raises(AssertionError, match="data type should be 'NGRAM', 'SEQ'"):
        Imikolov(_imikolov(tmp_path), "BAG")
    with pytest.raises(AssertionError, match="Invalid gram length"):
        Imikolov(_imikolov(tmp_path), min_word_freq=1)
    with pytest.raises(AssertionError, match="downloading automatically disabled"):
        Imikolov(download=False)
    with pytest.raises(FileNotFoundError, match="simple-examples.tgz.*30177ea32e27c525793142b6"):
        Imikolov(str(tmp_path / "none.tgz"))
    with pytest.raises(ValueError, match="min_word_freq=50"):
        Imikolov(_imikolov(tmp_path), "SEQ")


MOVIES = ("1::Toy Story (1995)::Animation|Children's|Comedy\n"
          "2::Jumanji (1995)::Adventure|Children's\n"
          "3::Caf\xe9 Story (1996)::Comedy\n").encode("latin-1")
USERS = b"1::F::1::10::48067\n2::M::56::16::70072\n3::M::25::15::55117\n"
RATINGS = b"".join(f"{u}::{m}::{r}::978300760\n".encode()
                   for u, m, r in [(1, 1, 5), (1, 2, 3), (2, 3, 4), (3, 1, 1), (2, 2, 2),
                                   (3, 3, 5), (1, 3, 4), (2, 1, 3)])


def _movielens(tmp_path):
    path = tmp_path / "ml-1m.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("ml-1m/movies.dat", MOVIES)
        z.writestr("ml-1m/users.dat", USERS)
        z.writestr("ml-1m/ratings.dat", RATINGS)
    return str(path)


def test_movielens_items(tmp_path):
    path = _movielens(tmp_path)
    train, test = Movielens(path, test_ratio=0.3), Movielens(path, "test", test_ratio=0.3)
    draws = np.random.RandomState(0).random_sample(8) < 0.3
    assert (len(train), len(test)) == ((~draws).sum(), draws.sum())
    ds = Movielens(path, test_ratio=0.0)
    assert len(ds) == 8
    item = ds[0]                                 # user 1 (F, age 1, job 10), Toy Story, 5
    assert [a.tolist() for a in item[:5]] == [[1], [1], [0], [10], [1]]
    cats = ds.categories_dict
    assert item[5].tolist() == [cats["Animation"], cats["Children's"], cats["Comedy"]]
    assert item[6].tolist() == [ds.movie_title_dict["toy"], ds.movie_title_dict["story"]]
    assert item[7].tolist() == [5.0] and item[7].dtype == np.float64
    assert sorted(ds.movie_title_dict) == ["caf\xe9", "jumanji", "story", "toy"]
    assert sorted(ds.movie_title_dict.values()) == [0, 1, 2, 3]
    assert ds[2][2].tolist() == [6] and ds[2][1].tolist() == [0]   # user 2: M, age 56
    assert str(ds.user_info[1]) == "<UserInfo id(1), gender(F), age(1), job(10)>"
    assert "title(Toy Story )" in str(ds.movie_info[1])
    with pytest.raises(AssertionError, match="mode should be 'train', 'test'"):
        Movielens(path, "val")
    with pytest.raises(FileNotFoundError, match="ml-1m.zip.*c4d9eecfca2ab87c1945afe126590906"):
        Movielens(str(tmp_path / "none.zip"))


WMT14_FILES = {
    "wmt14/src.dict": b"<s>\n<e>\n<unk>\nle\nchat\nnoir\n",
    "wmt14/trg.dict": b"<s>\n<e>\n<unk>\nthe\ncat\nblack\n",
    "wmt14/train/train": b"le chat noir\tthe black cat\nle chien\tthe dog\nbad line\n"
                         + b"le " * 80 + b"\tthe\n",
    "wmt14/test/test": b"chat\tcat\n",
    "wmt14/gen/gen": b"noir\tblack\n",
}


def test_wmt14_items(tmp_path):
    path = _tar(tmp_path / "wmt14.tgz", WMT14_FILES)
    ds = WMT14(path, dict_size=5)                # 'noir' / 'black' fall outside the dictionary
    assert ds.src_dict == {"<s>": 0, "<e>": 1, "<unk>": 2, "le": 3, "chat": 4}
    assert len(ds) == 2                          # the 82-id source and the bad line are skipped
    src, trg, nxt = ds[0]
    assert src.tolist() == [0, 3, 4, 2, 1] and trg.tolist() == [0, 3, 2, 4]
    assert nxt.tolist() == [3, 2, 4, 1] and src.dtype == np.int64
    assert ds[1][0].tolist() == [0, 3, 2, 1]
    assert WMT14(path, "gen", dict_size=6)[0][0].tolist() == [0, 5, 1]
    assert WMT14(path, "test", dict_size=6).get_dict(reverse=True)[1][4] == "cat"
    with pytest.raises(AssertionError, match="dict_size should be set as positive number"):
        WMT14(path)
    with pytest.raises(AssertionError, match="mode should be 'train', 'test' or 'gen'"):
        WMT14(path, "val", dict_size=3)
    with pytest.raises(FileNotFoundError, match="wmt/wmt14.tgz.*0791583d57d5beb693b9414c5b36798c"):
        WMT14(str(tmp_path / "none.tgz"), dict_size=3)


WMT16_FILES = {
    "wmt16/train": "a man runs\tein mann läuft\na man\tein mann\na dog runs\tein hund läuft\n"
                   "broken\n".encode(),
    "wmt16/test": b"a dog\tein hund\n",
    "wmt16/val": b"the man\tder mann\n",
}


def test_wmt16_items_and_dictionaries(tmp_path, monkeypatch):
    monkeypatch.setattr(common, "DATA_HOME", str(tmp_path / "home"))
    path = _tar(tmp_path / "wmt16.tar.gz", WMT16_FILES)
    ds = WMT16(path, src_dict_size=5, trg_dict_size=6)
    # counts of the English column: a 3, man 2, runs 2, dog 1; ties in order of appearance
    assert ds.src_dict == {"<s>": 0, "<e>": 1, "<unk>": 2, "a": 3, "man": 4}
    # Paddle 3.3.1 counts the German dictionary over the source (English) column as well
    assert ds.trg_dict == {"<s>": 0, "<e>": 1, "<unk>": 2, "a": 3, "man": 4, "runs": 5}
    assert len(ds) == 3
    src, trg, nxt = ds[0]
    assert src.tolist() == [0, 3, 4, 2, 1] and trg.tolist() == [0, 2, 2, 2]
    assert nxt.tolist() == [2, 2, 2, 1]
    assert (tmp_path / "home" / "wmt16" / "en_5.dict").read_bytes() == b"<s>\n<e>\n<unk>\na\nman\n"
    # a dictionary file with the right number of lines is reused as it is
    (tmp_path / "home" / "wmt16" / "de_4.dict").write_bytes(b"<s>\n<e>\n<unk>\nhund\n")
    de = WMT16(path, "test", src_dict_size=4, trg_dict_size=5, lang="de")
    assert de[0][0].tolist() == [0, 2, 3, 1]     # <s> ein hund <e>
    assert de.get_dict("de") == {"<s>": 0, "<e>": 1, "<unk>": 2, "hund": 3}
    assert de.get_dict("de", reverse=True)[3] == "hund"
    with pytest.raises(AssertionError, match="dict_size should be set as positive number"):
        WMT16(path, src_dict_size=4)
    with pytest.raises(AssertionError, match="mode should be 'train', 'test' or 'val'"):
        WMT16(path, "gen", 4, 4)
    with pytest.raises(FileNotFoundError, match="wmt16.tar.gz.*0c38be43600334966403524a40dcd81e"):
        WMT16(str(tmp_path / "none.tar.gz"), src_dict_size=4, trg_dict_size=4)


WORDS = b"The\ncat\nsat\n\nDogs\nbark\nloudly\nnow\n\n"
PROPS = (b"-\t*\n"          # sentence 1: one predicate (sat)
         b"-\t(A0*\n"
         b"sat\t(V*)\n"
         b"\n"
         b"-\t(A0*)\t*\n"   # sentence 2: two predicates (bark, now)
         b"bark\t(V*)\t(A1*\n"
         b"-\t(AM-MNR*)\t*)\n"
         b"now\t*\t(V*)\n"
         b"\n")


def _conll(tmp_path):
    data = _tar(tmp_path / "conll05st-tests.tar.gz", {
        "conll05st-release/test.wsj/words/test.wsj.words.gz": gzip.compress(WORDS),
        "conll05st-release/test.wsj/props/test.wsj.props.gz": gzip.compress(PROPS)})
    files = {}
    for name, text in [("word", "bos\neos\nThe\ncat\nsat\nbark\n"), ("verb", "sat\nbark\nnow\n"),
                       ("target", "B-A0\nI-A0\nB-A1\nI-A1\nB-V\nI-V\nB-AM-MNR\nI-AM-MNR\nO\n"),
                       ("emb", "")]:
        files[name] = tmp_path / f"{name}Dict.txt"
        files[name].write_text(text)
    return data, *(str(files[k]) for k in ("word", "verb", "target", "emb"))


def test_conll05st_items(tmp_path):
    ds = Conll05st(*_conll(tmp_path))
    assert len(ds) == 3
    ld = ds.label_dict
    assert sorted(ld.values()) == list(range(9)) and ld["O"] == 8
    for t in ("A0", "A1", "V", "AM-MNR"):
        assert ld["I-" + t] == ld["B-" + t] + 1
    item = ds[0]                                   # The cat sat, verb 'sat' at 2
    assert len(item) == 9 and all(a.shape == (3,) for a in item)
    words, n2, n1, c0, p1, p2, pred, mark, labels = (a.tolist() for a in item)
    assert words == [2, 3, 4] and n2 == [2] * 3 and n1 == [3] * 3 and c0 == [4] * 3
    assert p1 == [1] * 3 and p2 == [1] * 3           # eos
    assert pred == [0] * 3 and mark == [1, 1, 1]
    assert labels == [ld["O"], ld["B-A0"], ld["B-V"]]
    words, n2, n1, c0, p1, p2, pred, mark, labels = (a.tolist() for a in ds[1])
    assert words == [0, 5, 0, 0] and n2 == [0] * 4 and n1 == [0] * 4    # unknown / bos -> 0
    assert mark == [1, 1, 1, 1] and pred == [1] * 4
    assert labels == [ld["B-A0"], ld["B-V"], ld["B-AM-MNR"], ld["O"]]
    labels = ds[2][8].tolist()
    assert labels == [ld["O"], ld["B-A1"], ld["I-A1"], ld["B-V"]]
    assert ds[2][7].tolist() == [0, 1, 1, 1] and ds[2][6].tolist() == [2] * 4
    assert ds.get_embedding().endswith("embDict.txt") and ds.get_dict()[2] is ld


def test_conll05st_errors(tmp_path):
    files = _conll(tmp_path)
    with pytest.raises(AssertionError, match="emb_file is not set and downloading"):
        Conll05st(*files[:4], download=False)
    with pytest.raises(FileNotFoundError, match="conll05st%2FverbDict.txt.*0d2977293bbb6"):
        Conll05st(files[0], files[1], str(tmp_path / "none.txt"), *files[3:])
    bad = _tar(tmp_path / "bad.tar.gz", {
        "conll05st-release/test.wsj/words/test.wsj.words.gz": gzip.compress(b"a\n\n"),
        "conll05st-release/test.wsj/props/test.wsj.props.gz": gzip.compress(b"a\tA0*)\n\n")})
    with pytest.raises(RuntimeError, match=r"Unexpected label: A0\*\)"):
        Conll05st(bad, *files[1:])


def test_namespace():
    assert paddle.text.WMT16 is WMT16 and paddle.text.datasets.Conll05st is Conll05st
    assert paddle.text.datasets.imikolov.Imikolov is Imikolov


def _same(a, b):
    assert len(a) == len(b)
    for i in range(len(a)):
        x, y = a[i], b[i]
        assert len(x) == len(y)
        for u, v in zip(x, y):
            np.testing.assert_array_equal(u, v)
            assert u.dtype == v.dtype


def test_same_items_as_real_paddle(tmp_path, monkeypatch):
    pytest.importorskip("paddle")
    import paddle.dataset.common as pcommon
    from paddle.text import datasets as P
    path = _imikolov(tmp_path)
    for args in [("NGRAM", 2, "train", 1), ("SEQ", -1, "test", 0), ("SEQ", 3, "train", 1)]:
        a, b = Imikolov(path, *args), P.Imikolov(path, *args)
        assert a.word_idx == b.word_idx
        _same(a, b)
    path = _movielens(tmp_path)
    for mode in ("train", "test"):
        a = Movielens(path, mode, 0.4, rand_seed=3)
        b = P.Movielens(path, mode, 0.4, rand_seed=3)
        assert a.movie_title_dict == b.movie_title_dict
        assert a.categories_dict == b.categories_dict
        _same(a, b)
    path = _tar(tmp_path / "wmt14.tgz", WMT14_FILES)
    for mode, size in [("train", 5), ("test", 6), ("gen", 3)]:
        a, b = WMT14(path, mode, size), P.WMT14(path, mode, size)
        assert a.get_dict() == b.get_dict()
        _same(a, b)
    path = _tar(tmp_path / "wmt16.tar.gz", WMT16_FILES)
    for i, (mode, s, t, lang) in enumerate([("train", 5, 6, "en"), ("val", 4, 9, "de"),
                                            ("test", 20, 3, "en")]):
        # each side builds its dictionaries in a cache of its own
        monkeypatch.setattr(common, "DATA_HOME", str(tmp_path / f"eg{i}"))
        a = WMT16(path, mode, s, t, lang)
        home = tmp_path / f"pd{i}"
        (home / "wmt16").mkdir(parents=True)
        monkeypatch.setattr(pcommon, "DATA_HOME", str(home))
        b = P.WMT16(path, mode, s, t, lang)
        assert (a.src_dict, a.trg_dict) == (b.src_dict, b.trg_dict)
        for f in (home / "wmt16").iterdir():
            assert (tmp_path / f"eg{i}" / "wmt16" / f.name).read_bytes() == f.read_bytes()
        _same(a, b)
    files = _conll(tmp_path)
    a, b = Conll05st(*files), P.Conll05st(*files)
    assert a.get_dict() == b.get_dict()
    _same(a, b)
