"""paddle.distributed in one process (a world of one, no MPI needed): the environment, groups,
collectives as identities, DataParallel's wrapper surface, DistributedBatchSampler's split
(expected values printed by paddle 3.3.1), the reducer's buckets and the launcher's command."""
import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.distributed as dist
from eagergraph.distributed.reducer import assign_buckets
from eagergraph.distributed.launch.main import build_command, parse_args
from eagergraph.distributed.launch.worker import rank_environment

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_world_of_one_without_mpi4py():
    code = ("import sys, warnings; warnings.simplefilter('ignore'); sys.modules['mpi4py'] = None\n"
            "import eagergraph as paddle, eagergraph.distributed as dist\n"
            "x = paddle.to_tensor([1., 2.]); dist.all_reduce(x, op=dist.ReduceOp.AVG)\n"
            "m = paddle.DataParallel(paddle.nn.Linear(2, 2)); m(x).sum().backward()\n"
            "dist.barrier(); print(dist.get_rank(), dist.get_world_size(), x.numpy().tolist())")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PADDLE_")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["0", "1", "[1.0,", "2.0]"]


def test_parallel_env_reads_paddle_variables(monkeypatch):
    monkeypatch.setenv("PADDLE_TRAINER_ID", "3")
    monkeypatch.setenv("PADDLE_TRAINERS_NUM", "8")
    monkeypatch.setenv("PADDLE_TRAINER_ENDPOINTS", "a:1,b:2")
    monkeypatch.setenv("PADDLE_CURRENT_ENDPOINT", "b:2")
    e = dist.ParallelEnv()
    assert (e.rank, e.world_size, e.local_rank, e.nranks) == (3, 8, 3, 8)
    assert e.trainer_endpoints == ["a:1", "b:2"] and e.current_endpoint == "b:2"
    assert e.device_id == 0 and e.nrings == 1


def test_world_of_one_collectives():
    assert (dist.get_rank(), dist.get_world_size(), dist.is_initialized()) == (0, 1, False)
    with pytest.warns(UserWarning, match="not a parallel execution environment"):
        assert dist.init_parallel_env() is None
    assert not dist.is_initialized()
    assert dist.ReduceOp.SUM == 0 and dist.ReduceOp.AVG == 4
    x = paddle.to_tensor([[1, 2], [3, 4]], dtype="int32")
    for op in (dist.ReduceOp.SUM, dist.ReduceOp.MAX, dist.ReduceOp.MIN, dist.ReduceOp.PROD,
               dist.ReduceOp.AVG):
        dist.all_reduce(x, op=op)
        dist.reduce(x, 0, op=op)
    assert x.numpy().tolist() == [[1, 2], [3, 4]] and x.dtype == paddle.int32
    dist.broadcast(x, src=0)
    lst = []
    dist.all_gather(lst, x)
    assert len(lst) == 1 and lst[0].numpy().tolist() == [[1, 2], [3, 4]]
    out = paddle.empty([2, 2], "int32")
    dist.all_gather(out, x)
    assert out.numpy().tolist() == [[1, 2], [3, 4]]
    objs = []
    dist.all_gather_object(objs, {"a": 1})
    assert objs == [{"a": 1}]
    y = paddle.zeros([2])
    dist.scatter(y, [paddle.to_tensor([5., 6.])], src=0)
    assert y.numpy().tolist() == [5., 6.]
    dist.reduce_scatter(y, [paddle.to_tensor([7., 8.])])
    assert y.numpy().tolist() == [7., 8.]
    outs = []
    dist.alltoall(outs, [paddle.to_tensor([9])])
    assert outs[0].item() == 9
    t = dist.all_reduce(y, sync_op=False)
    assert t.is_completed() and t.wait()
    with pytest.raises(ValueError, match="Unknown reduce_op"):
        dist.all_reduce(y, op=7)
    with pytest.raises(ValueError, match="AVG"):
        dist.all_reduce(paddle.to_tensor([True]), op=dist.ReduceOp.AVG)
    dist.barrier()
    dist.wait(y)
    g = dist.new_group([0])
    assert g.rank == -1 and g.nranks == 1 and not g.is_member()
    assert dist.get_group(g.id) is g
    dist.destroy_process_group(g)
    with pytest.warns(UserWarning, match="not initialized"):
        assert dist.get_group(g.id) is None


def test_multi_rank_env_without_init_raises(monkeypatch):
    monkeypatch.setenv("PADDLE_TRAINERS_NUM", "2")
    from eagergraph.distributed import env
    monkeypatch.setattr(env, "_global_env", None)
    with pytest.raises(RuntimeError, match="The global group is not initialized."):
        dist.all_reduce(paddle.ones([1]))
    monkeypatch.setattr(env, "_global_env", None)


def test_data_parallel_single_process_surface():
    paddle.seed(0)
    layer = paddle.nn.Sequential(paddle.nn.Linear(3, 4), paddle.nn.Linear(4, 2))
    with pytest.warns(UserWarning, match="single-card operation"):
        dp = paddle.DataParallel(layer, find_unused_parameters=True)
    assert isinstance(dp, paddle.nn.Layer) and dp.find_unused_parameters
    assert list(dp.state_dict()) == ["0.weight", "0.bias", "1.weight", "1.bias"]
    assert [n for n, _ in dp.named_parameters()][0] == "_layers.0.weight"
    x = paddle.randn([5, 3])
    np.testing.assert_array_equal(dp(x).numpy(), layer(x).numpy())
    with dp.no_sync():
        assert not dp.grad_need_sync
        dp(x).sum().backward()
    assert dp.grad_need_sync
    assert layer[0].weight.grad is not None
    loss = dp(x).mean()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert dp.scale_loss(loss) is loss
        assert dp.apply_collective_grads() is None
    sd = {k: v * 0 for k, v in layer.state_dict().items()}
    dp.set_state_dict(sd)
    assert float(layer[0].weight.abs().sum()) == 0.0


def test_reducer_buckets_reverse_order_and_sizes():
    ps = [paddle.create_parameter([n], "float32") for n in (10, 10, 300, 5, 5, 5)]
    # first bucket (reduced last) capped at 80 bytes, the rest at 1000; reverse order
    assert assign_buckets(ps, 1000, 80) == [[5, 4, 3], [2], [1, 0]]
    ps.append(paddle.create_parameter([4], "float64"))  # a dtype change starts a bucket
    assert assign_buckets(ps, 10 ** 6, 10 ** 6) == [[6], [5, 4, 3, 2, 1, 0]]


class _Data:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return i


# paddle 3.3.1: (len, batch_size, num_replicas, shuffle, drop_last, rank) ->
# (epoch 0, epoch 1 (auto-advanced), after set_epoch(5), len)
PADDLE_SPLITS = {(10, 3, 3, False, False, 0): ([[0, 1, 2], [9]], [[0, 1, 2], [9]], [[0, 1, 2], [9]], 2), (10, 3, 3, False, False, 1): ([[3, 4, 5], [0]], [[3, 4, 5], [0]], [[3, 4, 5], [0]], 2), (10, 3, 3, False, False, 2): ([[6, 7, 8], [1]], [[6, 7, 8], [1]], [[6, 7, 8], [1]], 2), (10, 3, 3, True, False, 0): ([[6, 1, 4], [3]], [[2, 3, 4], [9]], [[7, 5, 2], [0]], 2), (10, 3, 3, True, False, 1): ([[0, 2, 8], [0]], [[0, 1, 6], [8]], [[9, 1, 4], [6]], 2), (10, 3, 3, True, False, 2): ([[1, 7, 9], [5]], [[0, 7, 1], [5]], [[8, 1, 0], [3]], 2), (7, 2, 4, True, True, 0): ([[6, 2]], [[0, 2]], [[0, 2]], 1), (7, 2, 4, True, True, 1): ([[1, 0]], [[1, 6]], [[4, 1]], 1), (7, 2, 4, True, True, 2): ([[3, 0]], [[0, 4]], [[0, 5]], 1), (7, 2, 4, True, True, 3): ([[5, 4]], [[3, 5]], [[6, 3]], 1), (3, 4, 5, False, False, 0): ([[0]], [[0]], [[0]], 1), (3, 4, 5, False, False, 1): ([[1]], [[1]], [[1]], 1), (3, 4, 5, False, False, 2): ([[2]], [[2]], [[2]], 1), (3, 4, 5, False, False, 3): ([[0]], [[0]], [[0]], 1), (3, 4, 5, False, False, 4): ([[1]], [[1]], [[1]], 1), (23, 4, 2, True, False, 0): ([[11, 10, 22, 14], [16, 8, 6, 17], [9, 7, 19, 3]], [[13, 18, 3, 14], [2, 19, 6, 7], [15, 0, 22, 9]], [[20, 2, 17, 18], [5, 1, 21, 12], [4, 8, 9, 16]], 3), (23, 4, 2, True, False, 1): ([[20, 1, 13, 0], [4, 2, 5, 18], [0, 21, 15, 12]], [[20, 17, 10, 4], [21, 1, 16, 0], [8, 12, 11, 5]], [[19, 0, 13, 10], [0, 11, 22, 7], [6, 15, 14, 3]], 3)}


@pytest.mark.parametrize("key", sorted(PADDLE_SPLITS))
def test_distributed_batch_sampler_matches_paddle(key):
    n, bs, nr, shuffle, drop, rank = key
    s = paddle.io.DistributedBatchSampler(_Data(n), bs, num_replicas=nr, rank=rank,
                                          shuffle=shuffle, drop_last=drop)
    e0, e1 = list(s), list(s)
    s.set_epoch(5)
    assert (e0, e1, list(s), len(s)) == PADDLE_SPLITS[key]
    assert paddle.distributed.DistributedBatchSampler is paddle.io.DistributedBatchSampler


def test_launch_command_and_rank_environment(tmp_path):
    script = tmp_path / "s.py"
    script.write_text("")
    ns = parse_args(["--nproc_per_node", "2", "--ips", "nodeA,nodeB", "--simulate_hosts",
                     str(script), "--lr", "0.1"])
    cmd, env = build_command(ns, str(tmp_path))
    assert cmd[1:5] == ["-launcher", "fork", "-hosts", "nodeA:2,nodeB:2"]
    assert cmd[5:7] == ["-n", "4"] and cmd[-2:] == ["--lr", "0.1"]
    assert env["PADDLE_TRAINERS_NUM"] == "4" and env["PADDLE_NNODES"] == "2"
    assert env["PADDLE_TRAINER_ENDPOINTS"] == "nodeA:6070,nodeA:6071,nodeB:6070,nodeB:6071"
    ns = parse_args(["--nproc_per_node", "3", "-m", "eagergraph.demo", "--epochs", "1"])
    cmd, env = build_command(ns, str(tmp_path))
    assert cmd[1:3] == ["-n", "3"] and cmd[-4:] == ["-m", "eagergraph.demo", "--epochs", "1"]
    e = rank_environment(3, [2, 2], env["PADDLE_TRAINER_ENDPOINTS"].split(",") + ["x:1"])
    assert (e["PADDLE_TRAINER_ID"], e["PADDLE_LOCAL_RANK"], e["PADDLE_LOCAL_SIZE"]) == ("3", "1",
                                                                                       "2")
    hf = tmp_path / "hosts"
    hf.write_text("# two machines\nh1:3\nh2:1\n")
    cmd, env = build_command(parse_args(["--hostfile", str(hf), str(script)]), str(tmp_path))
    assert "-hosts" in cmd and "h1:3,h2:1" in cmd and env["PADDLE_TRAINERS_NUM"] == "4"
