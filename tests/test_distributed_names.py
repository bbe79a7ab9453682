"""paddle.distributed's public names beyond collectives/DataParallel: every name of Paddle
3.3.1's __all__ exists (tests/fixtures/paddle331_namespaces.json) but for the listed
static-graph ones; the single-process meanings (is_available, ReduceType, ParallelMode,
ProcessMesh and placements, the PS entry configs, split's dynamic-mode error, the argument
errors of the p2p helpers and gloo functions) against Paddle where it is installed; the
auto-parallel / sharding / checkpoint names raising NotImplementedError naming what is
supported; and send/recv_object_list, batch_isend_irecv, the stream collectives and
shutdown/restart_process_group across two real MPI ranks."""
import json
import os
import shutil
import subprocess
import sys
import warnings

import pytest

import eagergraph as paddle
import eagergraph.distributed as dist

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NOT_PROVIDED = set()


def _fixture():
    with open(os.path.join(ROOT, "tests", "fixtures", "paddle331_namespaces.json")) as f:
        return json.load(f)["namespaces"]


def test_paddle_all_names_exist():
    missing = sorted(n for n in _fixture()["distributed"] if not hasattr(dist, n))
    assert set(missing) <= NOT_PROVIDED, missing


def _real():
    rp = pytest.importorskip("paddle")
    warnings.filterwarnings("ignore")
    return rp.distributed


def test_enums_and_flags_as_paddle():
    rd = _real()
    assert {k: int(v) for k, v in rd.ReduceType.__members__.items()} == \
        {m.name: int(m) for m in dist.ReduceType}
    assert repr(dist.ReduceType.kRedAvg) == repr(rd.ReduceType.kRedAvg)
    assert str(dist.ReduceType.kRedMax) == str(rd.ReduceType.kRedMax)
    names = [n for n in dir(rd.ParallelMode) if not n.startswith("_")]
    assert {n: getattr(dist.ParallelMode, n) for n in names} == \
        {n: getattr(rd.ParallelMode, n) for n in names}
    assert [(m.name, m.value) for m in dist.SplitPoint] == \
        [(m.name, m.value) for m in rd.SplitPoint]
    assert dist.is_available() is rd.is_available() is True
    assert dist.in_auto_parallel_align_mode() is rd.in_auto_parallel_align_mode()
    assert dist.create_nccl_config({}) is rd.create_nccl_config({}) is None


def test_process_mesh_and_placements_as_paddle():
    rd = _real()
    for args, kw in [(([[0, 1], [2, 3]],), {"dim_names": ["x", "y"]}), (([0, 1],), {}),
                     (([[4, 5, 6], [7, 8, 9]],), {"dim_names": ["dp", "mp"]})]:
        m, rm = dist.ProcessMesh(*args, **kw), rd.ProcessMesh(*args, **kw)
        assert (m.shape, m.process_ids, m.dim_names, m.ndim) == \
            (rm.shape, rm.process_ids, rm.dim_names, rm.ndim)
        assert m.mesh.tolist() == rm.mesh.tolist() and str(m) == str(rm)
        for name in m.dim_names:
            assert m.get_dim_size(name) == rm.get_dim_size(name)
            assert str(m.get_mesh_with_dim(name)) == str(rm.get_mesh_with_dim(name))
            assert str(m.get_mesh_with_dim(name, 0)) == str(rm.get_mesh_with_dim(name, 0))
        assert m == dist.ProcessMesh(*args, **kw) and hash(m) == hash(dist.ProcessMesh(*args, **kw))
    with pytest.raises(AssertionError, match="length of dims_names must be same"):
        dist.ProcessMesh([[0, 1], [2, 3]], dim_names=["x"])
    for mk in (lambda d: d.Shard(0), lambda d: d.Shard(2), lambda d: d.Replicate(),
               lambda d: d.Partial(), lambda d: d.Partial(d.ReduceType.kRedMax)):
        p, rp_ = mk(dist), mk(rd)
        assert repr(p) == repr(rp_)
        assert (p.is_shard(), p.is_replicated(), p.is_partial()) == \
            (rp_.is_shard(), rp_.is_replicated(), rp_.is_partial())
    assert dist.Shard(1).get_dim() == 1 and dist.Shard(1).is_shard(1)
    assert dist.Shard(0) == dist.Shard(0) and dist.Shard(0) != dist.Shard(1)
    assert dist.Partial() != dist.Replicate()
    assert dist.get_mesh() is None
    m = dist.ProcessMesh([0, 1])
    dist.set_mesh(m)
    assert dist.get_mesh() is m
    dist.set_mesh(None)


@pytest.mark.parametrize("make", [
    lambda d: d.ProbabilityEntry(0.5), lambda d: d.CountFilterEntry(3),
    lambda d: d.CountFilterEntry(0), lambda d: d.ShowClickEntry("show", "click"),
    lambda d: d.ProbabilityEntry(1), lambda d: d.ProbabilityEntry(1.0),
    lambda d: d.CountFilterEntry(-1), lambda d: d.CountFilterEntry(2.0),
    lambda d: d.ShowClickEntry("show", 1),
])
def test_entry_attrs_as_paddle(make):
    rd = _real()

    def outcome(d):
        try:
            return make(d)._to_attr()
        except Exception as e:
            return type(e).__name__, str(e)
    assert outcome(dist) == outcome(rd)


@pytest.mark.parametrize("call", [
    lambda d, p: d.split(p.ones([2, 2]), (2, 2), "linear"),
    lambda d, p: d.split(p.ones([2, 2]), [4, 2], "embedding"),
    lambda d, p: d.split(p.ones([2, 2]), 4, "linear"),
    lambda d, p: d.split(p.ones([2, 2]), (2, 2), "conv"),
    lambda d, p: d.send_object_list([]),
    lambda d, p: d.recv_object_list(None),
    lambda d, p: d.P2POp(d.send, p.ones([1]), 0),
    lambda d, p: d.batch_isend_irecv([1]),
    lambda d, p: d.gloo_init_parallel_env(0, 1, "127.0.0.1:6170"),
    lambda d, p: d.gloo_barrier(),
])
def test_errors_as_paddle(call):
    rd = _real()
    import paddle as rp

    def outcome(d, p):
        try:
            call(d, p)
            return None
        except Exception as e:
            return type(e).__name__, str(e)
    got, want = outcome(dist, paddle), outcome(rd, rp)
    assert want is not None and got == want


def test_distributed_io():
    assert dist.io.is_persistable(paddle.nn.Linear(2, 2).weight) is True
    assert dist.io.is_persistable(paddle.ones([1])) is False
    with pytest.raises(NotImplementedError, match="static-graph Program"):
        dist.io.save_persistables(None, "/tmp/x")


def test_single_process_meanings():
    dist.gloo_release()                              # nothing to release: fine
    with pytest.raises(RuntimeError, match="run on MPI, and this process is rank 0 of 1"):
        dist.gloo_init_parallel_env(0, 2, "127.0.0.1:6170")
    x = paddle.to_tensor([1.0, 2.0])
    dist.stream.all_reduce(x, use_calc_stream=True)  # a world of one: unchanged
    assert x.numpy().tolist() == [1.0, 2.0]
    out = paddle.zeros([2])
    dist.stream.all_gather(out, x)
    assert out.numpy().tolist() == [1.0, 2.0]
    dist.shutdown_process_group()                    # no groups but the default: a no-op
    dist.restart_process_group()
    assert isinstance(dist.ShardedStateDict(), dict)
    assert callable(dist.launch)


@pytest.mark.parametrize("name", ["shard_tensor", "reshard", "shard_layer", "shard_optimizer",
                                  "to_static", "dtensor_from_fn", "parallelize",
                                  "group_sharded_parallel", "load_merged_state_dict",
                                  "DistModel", "Strategy", "ShardingStage1",
                                  "ColWiseParallel", "InMemoryDataset", "QueueDataset"])
def test_unsupported_names_say_what_is_supported(name):
    with pytest.raises(NotImplementedError) as e:
        getattr(dist, name)(None)
    msg = str(e.value)
    assert f"paddle.distributed.{name}" in msg and "DataParallel" in msg


# ------------------------------------------------------------------ flex checkpoint
def _ckpt(P):
    return {"model": {"w": P.to_tensor([[1., 2.], [3., 4.]]),
                      "b": P.to_tensor([5., 6.], dtype="float64")},
            "step": P.to_tensor([7], dtype="int64")}


def _empty(P, flat=False):
    sd = {"model": {"w": P.zeros([2, 2]), "b": P.zeros([2], dtype="float64")},
          "step": P.zeros([1], dtype="int64")}
    if flat:
        sd = {"model.w": sd["model"]["w"], "model.b": sd["model"]["b"], "step": sd["step"]}
    return sd


def _values(sd):
    flat = {k: v for k, v in sd.items() if not isinstance(v, dict)}
    flat.update({f"model.{k}": v for k, v in sd.get("model", {}).items()})
    return {k: (v.numpy().tolist(), str(v.dtype).split(".")[-1]) for k, v in sorted(flat.items())}


def test_save_load_state_dict_round_trip(tmp_path):
    dist.save_state_dict(_ckpt(paddle), str(tmp_path / "c"))
    assert sorted(os.listdir(tmp_path / "c")) == ["0.metadata", "0_0.distcp"]
    sd = _empty(paddle)
    w = sd["model"]["w"]
    dist.load_state_dict(sd, str(tmp_path / "c"))
    assert sd["model"]["w"] is w                     # filled in place
    assert _values(sd) == _values(_ckpt(paddle))
    # the .distcp file is a paddle.save state dict of the flattened keys
    saved = paddle.load(str(tmp_path / "c" / "0_0.distcp"))
    assert sorted(saved) == ["model.b", "model.w", "step"]
    # a second save into the folder keeps unique_id 0 and the first metadata (as Paddle)
    dist.save_state_dict(_ckpt(paddle), str(tmp_path / "c"))
    assert sorted(os.listdir(tmp_path / "c")) == ["0.metadata", "0_0.distcp"]
    dist.save_state_dict(_ckpt(paddle), str(tmp_path / "c"), unique_id=3)
    assert "3.metadata" in os.listdir(tmp_path / "c") and "0_3.distcp" in os.listdir(tmp_path / "c")


def test_load_state_dict_refusals(tmp_path):
    path = str(tmp_path / "c")
    dist.save_state_dict(_ckpt(paddle), path)
    with pytest.raises(KeyError, match="has no \\['extra'\\]"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            dist.load_state_dict({"extra": paddle.zeros([1])}, path)
    with pytest.raises(NotImplementedError, match="unsharded tensors of the same shape"):
        dist.load_state_dict({"step": paddle.zeros([3], dtype="int64")}, path)
    with pytest.raises(FileNotFoundError):
        dist.load_state_dict({"step": paddle.zeros([1])}, path, unique_id=5)
    with open(os.path.join(path, "0.metadata"), "wb") as f:   # a hostile metadata file
        import pickle
        pickle.dump(os.system, f)
    with pytest.raises(pickle.UnpicklingError, match="Metadata classes only"):
        dist.load_state_dict({"step": paddle.zeros([1])}, path)
    with pytest.raises(ValueError, match="should be dict or paddle.Tensor"):
        dist.save_state_dict({"a": 1}, path)


def test_flex_checkpoint_interchanges_with_paddle(tmp_path):
    rd = _real()
    import logging
    import paddle as rp
    logging.disable(logging.CRITICAL)
    try:
        rd.save_state_dict(_ckpt(rp), str(tmp_path / "theirs"))
        sd = _empty(paddle)
        dist.load_state_dict(sd, str(tmp_path / "theirs"))
        assert _values(sd) == _values(_ckpt(paddle))
        dist.save_state_dict(_ckpt(paddle), str(tmp_path / "mine"))
        rsd = _empty(rp, flat=True)              # Paddle's load takes flat keys only
        rd.load_state_dict(rsd, str(tmp_path / "mine"))
        assert _values(rsd) == _values(_ckpt(paddle))
    finally:
        logging.disable(logging.NOTSET)


def _have_mpi():
    import importlib.util
    if importlib.util.find_spec("mpi4py") is None:
        return False
    return os.path.exists(os.path.join(os.path.dirname(sys.executable), "mpiexec")) \
        or shutil.which("mpiexec") is not None


@pytest.mark.skipif(not _have_mpi(), reason="needs mpi4py and mpiexec")
def test_objects_p2p_stream_shutdown_and_checkpoint_on_two_ranks(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PADDLE_")}
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run([sys.executable, "-m", "eagergraph.distributed.launch", "--timeout",
                          "120", "--nproc_per_node", "2",
                          os.path.join(ROOT, "tests", "test_distributed_scripts",
                                       "p2p_objects.py"), str(tmp_path / "ckpt")],
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=180)
    assert out.returncode == 0, out.stdout + out.stderr
    for r in range(2):
        assert f"[rank {r}] OK rank {r} p2p objects" in out.stdout
    # the 2-rank checkpoint loads in one process, each key from the file that holds it
    sd = {"model": {"w": paddle.zeros([2, 3]), "b": paddle.zeros([2], dtype="float64")},
          "step": paddle.zeros([1], dtype="int64")}
    dist.load_state_dict(sd, str(tmp_path / "ckpt"))
    assert sd["model"]["w"].numpy().tolist() == [[0, 1, 2], [3, 4, 5]]
    assert sd["model"]["b"].numpy().tolist() == [1.0, 2.0] and sd["step"].item() == 5
    parts = [sorted(paddle.load(str(tmp_path / "ckpt" / f"{r}_0.distcp"))) for r in range(2)]
    assert sorted(parts[0] + parts[1]) == ["model.b", "model.w", "step"]
