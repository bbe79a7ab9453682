"""paddle.distributed.fleet user-script pieces: the data generators' output lines and errors,
LocalFS on the local disk, HDFSClient (a clear ExecuteError without hadoop; its commands through a
stand-in `hadoop` script), and DistributedStrategy's attributes and prototxt files; each against
Paddle 3.3.1 run live where it is installed, and the format rules stated in Paddle's docstrings
where it is not."""
import io
import os
import stat
import sys
import textwrap
import warnings

import pytest

import eagergraph.distributed.fleet as fleet
from eagergraph.distributed.fleet.utils import fs as efs


def _real_fleet():
    pytest.importorskip("paddle")
    warnings.filterwarnings("ignore")
    import paddle.distributed.fleet as pf
    return pf


# ------------------------------------------------------------------ data generators
def _words(dg_mod, batch=None, batch_fn=None):
    class Words(dg_mod.MultiSlotDataGenerator):
        def generate_sample(self, line):
            def local_iter():
                if line is None:
                    for i in range(5):
                        yield [("words", [i, i + 1, 2 * i]), ("label", [i % 2])]
                    yield None
                    yield (("words", [7, 8]), ("label", [0.5]))
                else:
                    ws = [int(w) for w in line.split()]
                    yield [("words", ws), ("label", [len(ws) % 2])]
            return local_iter

        if batch_fn is not None:
            generate_batch = batch_fn
    g = Words()
    if batch is not None:
        g.set_batch(batch)
    return g


def _pad_batch(self, samples):
    def local_iter():
        n = max(len(s[0][1]) for s in samples)
        for s in samples:
            yield [("words", s[0][1] + [0] * (n - len(s[0][1]))), s[1]]
    return local_iter


def _capture(run, stdin_text=None, monkeypatch=None):
    out = io.StringIO()
    old_out, old_in = sys.stdout, sys.stdin
    sys.stdout = out
    if stdin_text is not None:
        sys.stdin = io.StringIO(stdin_text)
    try:
        run()
    finally:
        sys.stdout, sys.stdin = old_out, old_in
    return out.getvalue()


def test_multislot_format_by_the_docstring_rule():
    g = _words(fleet.data_generator)
    text = _capture(g.run_from_memory)
    lines = text.splitlines()
    assert lines[0] == "3 0 1 0 1 0" and lines[1] == "3 1 2 2 1 1" and lines[-1] == "2 7 8 1 0.5"
    assert len(lines) == 6                           # the None sample is skipped
    assert g._proto_info == [("words", "uint64"), ("label", "float")]


@pytest.mark.parametrize("batch, batch_fn", [(None, None), (2, None), (3, _pad_batch),
                                             (32, _pad_batch)])
def test_multislot_as_paddle(batch, batch_fn):
    pf = _real_fleet()
    import paddle.distributed.fleet.data_generator as pdg
    mine, theirs = _words(fleet.data_generator, batch, batch_fn), _words(pdg, batch, batch_fn)
    assert _capture(mine.run_from_memory) == _capture(theirs.run_from_memory)
    assert mine._proto_info == theirs._proto_info
    text = "1 2 3\n4 5\n6 7 8 9\n10\n"
    mine, theirs = _words(fleet.data_generator, batch, batch_fn), _words(pdg, batch, batch_fn)
    assert _capture(mine.run_from_stdin, text) == _capture(theirs.run_from_stdin, text)
    assert pf.MultiSlotDataGenerator.__name__ == fleet.MultiSlotDataGenerator.__name__


@pytest.mark.parametrize("samples", [
    [[("a", [1])], [("a", [1]), ("b", [2])]],        # inconsistent field set
    [[("a", [1])], [("b", [1])]],                    # name mismatch
    [[("a", [])]],                                   # empty slot
    [[("a", (1, 2))]],                               # not a list
    [[(1, [1])]],                                    # name not a str
    [[("a", ["x"])]],                                # not int/float
    [[("a", [1.5])], [("a", ["x"])]],                # a float slot takes anything later
    [[("a", [1])], [("a", [True, 2])]],
    ["not a list"],
    lambda: [zip(["a", "b"], [[1], [2]])],           # a zip is listed first (made per run)
])
def test_multislot_errors_and_corners_as_paddle(samples):
    _real_fleet()
    import paddle.distributed.fleet.data_generator as pdg

    def outcome(mod):
        g = mod.MultiSlotDataGenerator()
        out = []
        try:
            for s in (samples() if callable(samples) else samples):
                out.append(g._gen_str(s))
        except Exception as e:
            out.append((type(e).__name__, str(e)))
        return out, g._proto_info
    assert outcome(fleet.data_generator) == outcome(pdg)


def test_string_generator_as_paddle():
    pdg = _real_fleet()  # Paddle exports MultiSlotStringDataGenerator from fleet only

    def make(mod):
        class S(mod.MultiSlotStringDataGenerator):
            def generate_sample(self, line):
                def it():
                    toks = line.split()
                    yield [("words", toks), ("label", [toks[0]])]
                return it
        return S()
    text = "a b c\nx\n1926 08 17\n"
    assert _capture(make(fleet.data_generator).run_from_stdin, text) == \
        _capture(make(pdg).run_from_stdin, text) == "3 a b c 1 a\n1 x 1 x\n3 1926 08 17 1 1926\n"
    for bad in ("nope", [("a", [1])]):
        errs = []
        for mod in (fleet.data_generator, pdg):
            try:
                mod.MultiSlotStringDataGenerator()._gen_str(bad)
            except Exception as e:
                errs.append((type(e).__name__, str(e)))
        assert len(errs) == 2 and errs[0] == errs[1]


def test_base_generator_errors():
    g = fleet.data_generator.DataGenerator()
    with pytest.raises(NotImplementedError, match="Please rewrite this function"):
        g.generate_sample("x")
    with pytest.raises(NotImplementedError, match="MultiSlotDataGenerator"):
        g._gen_str([("a", [1])])


# ------------------------------------------------------------------ LocalFS
def _fs_script(fs, root):
    """A sequence of LocalFS calls; what each returned or raised."""
    def p(*parts):
        return os.path.join(root, *parts)
    out = []

    def do(f, *a, **k):
        try:
            r = f(*a, **k)
            out.append(r if not isinstance(r, tuple) else tuple(sorted(x) for x in r))
        except Exception as e:
            out.append(type(e).__name__)
    do(fs.ls_dir, p("none"))
    do(fs.mkdirs, p("a", "b"))
    do(fs.touch, p("a", "f.txt"))
    do(fs.touch, p("a", "f.txt"))
    do(fs.touch, p("a", "f.txt"), exist_ok=False)
    do(fs.mkdirs, p("a", "f.txt"))
    do(fs.ls_dir, p("a"))
    do(fs.list_dirs, p("a"))
    do(fs.list_dirs, p("none"))
    do(fs.is_file, p("a", "f.txt"))
    do(fs.is_dir, p("a", "b"))
    do(fs.is_exist, p("a", "nothing"))
    do(fs.need_upload_download)
    do(fs.mv, p("a", "f.txt"), p("a", "g.txt"))
    do(fs.mv, p("a", "f.txt"), p("a", "h.txt"))
    do(fs.touch, p("a", "h.txt"))
    do(fs.mv, p("a", "g.txt"), p("a", "h.txt"))
    do(fs.mv, p("a", "g.txt"), p("a", "h.txt"), overwrite=True)
    do(fs.rename, p("a", "h.txt"), p("a", "i.txt"))
    do(fs.ls_dir, p("a"))
    do(fs.delete, p("a", "i.txt"))
    do(fs.delete, p("a", "nothing"))
    do(fs.upload, p("x"), p("y"))
    do(fs.download, p("x"), p("y"))
    do(fs.cat, p("a"))
    do(fs.delete, p("a"))
    do(fs.is_exist, p("a"))
    return out


def test_localfs_on_disk(tmp_path):
    got = _fs_script(efs.LocalFS(), str(tmp_path / "m"))
    assert got[0] == ([], []) and got[3] is None and got[4] == "FSFileExistsError"
    assert got[5] == "AssertionError" and got[6] == (["b"], ["f.txt"]) and got[7] == ["b"]
    assert got[-1] is False and not (tmp_path / "m" / "a").exists()


def test_localfs_as_paddle(tmp_path):
    pf = _real_fleet()
    assert _fs_script(efs.LocalFS(), str(tmp_path / "mine")) == \
        _fs_script(pf.utils.LocalFS(), str(tmp_path / "theirs"))


# ------------------------------------------------------------------ HDFSClient
def test_hdfs_without_hadoop_says_so(tmp_path):
    client = fleet.utils.HDFSClient(str(tmp_path / "hadoop"), {"fs.default.name": "hdfs://x",
                                                               "hadoop.job.ugi": "u,p"})
    assert client.pre_commands == [f"{tmp_path}/hadoop/bin/hadoop", "fs",
                                   "-Dfs.default.name=hdfs://x", "-Dhadoop.job.ugi=u,p"]
    assert client.need_upload_download() is True
    with pytest.raises(efs.ExecuteError, match="hadoop is not installed at .*bin/hadoop"):
        client.is_exist("/user/x")


FAKE_HADOOP = """\
    #!{python}
    # stands in for `hadoop fs -<cmd> ...` on the local disk (tests only)
    import os, shutil, sys
    args = [a for a in sys.argv[2:] if not a.startswith("-D")]
    cmd, rest = args[0], args[1:]
    if cmd == "-test":
        f = {{"-e": os.path.exists, "-d": os.path.isdir}}[rest[0]]
        sys.exit(0 if f(rest[1]) else 1)
    if cmd == "-ls":
        for n in sorted(os.listdir(rest[0])):
            full = os.path.join(rest[0], n)
            kind = "drwxr-xr-x" if os.path.isdir(full) else "-rw-r--r--"
            print(f"{{kind}} - u g 0 2024-01-01 00:00 {{full}}")
    elif cmd == "-mkdir":
        os.makedirs(rest[-1], exist_ok=True)
    elif cmd in ("-rm", "-rmr"):
        (shutil.rmtree if os.path.isdir(rest[0]) else os.remove)(rest[0])
    elif cmd in ("-put", "-get"):
        (shutil.copytree if os.path.isdir(rest[0]) else shutil.copy)(rest[0], rest[1])
    elif cmd == "-mv":
        os.rename(rest[0], rest[1])
    elif cmd == "-touchz":
        open(rest[0], "a").close()
    elif cmd == "-cat":
        sys.stdout.write(open(rest[0]).read())
    else:
        sys.exit(2)
"""


def test_hdfs_commands_through_a_stand_in_hadoop(tmp_path):
    home = tmp_path / "hadoop"
    (home / "bin").mkdir(parents=True)
    exe = home / "bin" / "hadoop"
    exe.write_text(textwrap.dedent(FAKE_HADOOP).format(python=sys.executable))
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    c = fleet.utils.HDFSClient(str(home), {"fs.default.name": "hdfs://x"})
    remote = str(tmp_path / "remote")
    c.mkdirs(remote + "/d")
    c.touch(remote + "/f")
    assert c.is_dir(remote + "/d") and c.is_file(remote + "/f") and not c.is_exist(remote + "/n")
    assert c.ls_dir(remote) == (["d"], ["f"]) and c.list_dirs(remote) == ["d"]
    local = tmp_path / "local.txt"
    local.write_text("hello\nworld")
    c.upload(str(local), remote + "/up.txt")
    with pytest.raises(efs.FSFileExistsError):
        c.upload(str(local), remote + "/up.txt")
    assert c.cat(remote + "/up.txt") == "hello\nworld"
    c.download(remote + "/up.txt", str(tmp_path / "back.txt"))
    assert (tmp_path / "back.txt").read_text() == "hello\nworld"
    c.mv(remote + "/up.txt", remote + "/moved.txt")
    with pytest.raises(efs.FSFileNotExistsError):
        c.mv(remote + "/up.txt", remote + "/x")
    c.delete(remote + "/d")
    assert c.ls_dir(remote) == ([], ["f", "moved.txt"])


def test_distributed_infer_says_not_implemented():
    with pytest.raises(NotImplementedError, match="parameter-server inference"):
        fleet.utils.DistributedInfer()


# ------------------------------------------------------------------ DistributedStrategy
NEW_FIELDS = ["adam_d2sum", "adaptive_localsgd_configs", "auto_search", "elastic",
              "fuse_grad_size_in_num", "hierarchical_allreduce_inter_nranks", "is_fl_ps_mode",
              "is_with_coordinator", "qat_configs", "split_data", "trainer_desc_configs",
              "use_hierarchical_allreduce", "a_sync_configs", "dgc_configs", "lamb_configs",
              "lars_configs"]


def test_strategy_defaults_as_paddle():
    pf = _real_fleet()
    mine, theirs = fleet.DistributedStrategy(), pf.DistributedStrategy()
    for name in NEW_FIELDS:
        assert getattr(mine, name) == getattr(theirs, name), name
    assert list(mine.fleet_desc_configs) == list(theirs.fleet_desc_configs) == []
    mine.fuse_grad_size_in_num = "x"                 # ignored with a warning, as in Paddle
    assert mine.fuse_grad_size_in_num == 8
    mine.qat_configs = {"weight_bits": 4}
    assert mine.qat_configs["weight_bits"] == 4 and mine.qat_configs["activation_bits"] == 8


def _configure(s):
    s.amp = True
    s.amp_configs = {"init_loss_scaling": 1024.0, "custom_white_list": ["matmul", "conv2d"],
                     "use_pure_fp16": True}
    s.recompute_configs = {"checkpoints": ["x", "y"]}
    s.fuse_grad_size_in_MB = 16
    s.last_comm_group_size_MB = 2.5
    s.hybrid_configs = {"dp_degree": 2, "mp_degree": 1}
    s.pipeline_configs = {"schedule_mode": "F-then-B"}
    s.find_unused_parameters = True


def _summary(s):
    return (s.amp, s.amp_configs, s.recompute_configs, s.fuse_grad_size_in_MB,
            s.last_comm_group_size_MB, s.hybrid_configs["dp_degree"], s.pipeline_configs,
            s.find_unused_parameters)


def test_prototxt_round_trip(tmp_path):
    s = fleet.DistributedStrategy()
    _configure(s)
    s.save_to_prototxt(str(tmp_path / "s.prototxt"))
    text = (tmp_path / "s.prototxt").read_text()
    assert 'custom_white_list: "matmul"\n  custom_white_list: "conv2d"' in text
    assert "amp: true" in text and "init_loss_scaling: 1024\n" in text
    q = fleet.DistributedStrategy()
    q.load_from_prototxt(str(tmp_path / "s.prototxt"))
    assert _summary(q) == _summary(s)
    assert isinstance(q.amp_configs["init_loss_scaling"], float)


def test_prototxt_interchanges_with_paddle(tmp_path):
    pf = _real_fleet()
    for make_w, make_r in ((fleet.DistributedStrategy, pf.DistributedStrategy),
                           (pf.DistributedStrategy, fleet.DistributedStrategy)):
        w = make_w()
        _configure(w)
        path = str(tmp_path / f"{make_w.__module__}.prototxt")
        w.save_to_prototxt(path)
        r = make_r()
        r.load_from_prototxt(path)
        assert _summary(r) == _summary(w)
