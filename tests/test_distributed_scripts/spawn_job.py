"""paddle.distributed.spawn: `train` runs on 2 (or argv[1]) spawned ranks with DataParallel,
each on its shard; the parent, a world of one, trains the same model on the whole batch and
checks the ranks' returned parameters against it. Then: a failing rank's traceback comes back
as Paddle's Exception, return values arrive per rank, and bad calls raise."""
import pickle
import sys

import numpy as np
import paddle
import paddle.distributed as dist

STEPS, BATCH = 3, 12
RNG = np.random.RandomState(0)
X = RNG.randn(STEPS, BATCH, 5).astype("float32")
Y = RNG.randn(STEPS, BATCH, 2).astype("float32")


def make():
    paddle.seed(7 + 13 * dist.get_rank())     # different per rank: DataParallel broadcasts
    return paddle.nn.Sequential(paddle.nn.Linear(5, 8), paddle.nn.Tanh(), paddle.nn.Linear(8, 2))


def train(nshards, use_fleet):
    if use_fleet:
        from paddle.distributed import fleet
        strategy = fleet.DistributedStrategy()
        strategy.fuse_grad_size_in_MB = 0.0001
        strategy.last_comm_group_size_MB = 0.00005
        fleet.init(is_collective=True, strategy=strategy)
        assert fleet.worker_num() == nshards and fleet.worker_index() == dist.get_rank()
        model = fleet.distributed_model(make())
        assert len(model._reducer.buckets) >= 2
        opt = fleet.distributed_optimizer(
            paddle.optimizer.Adam(learning_rate=0.01, parameters=model.parameters()))
        assert type(opt).__name__ == "HybridParallelOptimizer"
        assert fleet.get_hybrid_communicate_group().get_data_parallel_world_size() == nshards
    else:
        dist.init_parallel_env()
        model = paddle.DataParallel(make())
        opt = paddle.optimizer.Adam(learning_rate=0.01, parameters=model.parameters())
    r, per = dist.get_rank(), BATCH // nshards
    for s in range(STEPS):
        sl = slice(r * per, (r + 1) * per)
        loss = paddle.nn.functional.mse_loss(model(paddle.to_tensor(X[s, sl])),
                                             paddle.to_tensor(Y[s, sl]))
        loss.backward()
        opt.step()
        opt.clear_grad()
    return {k: v.numpy() for k, v in model.state_dict().items()}


def reference():
    paddle.seed(7)
    model = make()
    opt = paddle.optimizer.Adam(learning_rate=0.01, parameters=model.parameters())
    for s in range(STEPS):
        paddle.nn.functional.mse_loss(model(paddle.to_tensor(X[s])),
                                      paddle.to_tensor(Y[s])).backward()
        opt.step()
        opt.clear_grad()
    return {k: v.numpy() for k, v in model.state_dict().items()}


def fails():
    if dist.get_rank() == 1:
        raise ValueError("rank one gives up")
    dist.init_parallel_env()
    dist.barrier()


def who(tag):
    import os
    return tag, dist.get_rank(), os.environ["PADDLE_TRAINERS_NUM"]


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    want = reference()
    for use_fleet in (False, True):
        ctx = dist.spawn(train, args=(n, use_fleet), nprocs=n)
        got = [q.get() for q in ctx.return_queues]
        for g in got:
            assert sorted(g) == sorted(want)
            for k in want:
                np.testing.assert_allclose(g[k], want[k], rtol=2e-5, atol=2e-6, err_msg=k)
        assert [p.exitcode for p in ctx.processes] == [0] * n
        print("OK trained", "fleet" if use_fleet else "DataParallel", n)
    ctx = dist.spawn(who, args=("x",), nprocs=3, join=False)
    while not ctx.join(timeout=0.5):
        pass
    print("OK returned", [q.get() for q in ctx.return_queues])
    try:
        dist.spawn(fails, nprocs=2)
    except Exception as e:
        assert "Process 1 terminated with the following error" in str(e), str(e)
        assert 'ValueError: rank one gives up' in str(e) and "in fails" in str(e), str(e)
        print("OK failure reported")
    else:
        raise AssertionError("spawn of a failing rank did not raise")
    for bad, kwargs, err in [(who, {"bogus": 1}, ValueError),
                             (who, {"backend": "nccl"}, RuntimeError),
                             (lambda: 0, {}, pickle.PicklingError)]:
        try:
            dist.spawn(bad, args=("y",), nprocs=2, **kwargs)
        except err as e:
            print("OK refused", type(e).__name__, str(e)[:60])
        else:
            raise AssertionError(f"spawn({kwargs}) did not raise")
