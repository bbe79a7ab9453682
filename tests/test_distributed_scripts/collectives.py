import numpy as np
import paddle
import paddle.distributed as dist
from paddle.distributed import ReduceOp

dist.init_parallel_env()
r, n = dist.get_rank(), dist.get_world_size()
assert dist.is_initialized() and paddle.distributed.ParallelEnv().rank == r

def data(rank, dtype, shape=(2, 3)):
    rng = np.random.RandomState(rank)
    if dtype == "bool":
        return rng.randint(0, 2, shape).astype(bool)
    v = rng.randint(-3, 4, shape)
    if dtype == "uint8":
        v = np.abs(v)
    return v

def np_ref(op, dtype):
    arrs = [paddle.to_tensor(data(k, dtype)).astype(dtype).numpy() for k in range(n)]
    f = {ReduceOp.SUM: np.add, ReduceOp.MAX: np.maximum, ReduceOp.MIN: np.minimum,
         ReduceOp.PROD: np.multiply, ReduceOp.AVG: np.add}[op]
    out = arrs[0].copy()
    for a in arrs[1:]:
        out = f(out, a).astype(out.dtype)
    if op == ReduceOp.AVG:
        out = (np.sign(out) * (np.abs(out) // n)).astype(out.dtype) if out.dtype.kind in "iu" \
            else (out.astype(np.float64) / n).astype(out.dtype)
    return out

DTYPES = ["float16", "bfloat16", "float32", "float64", "int8", "uint8", "int32", "int64", "bool"]
OPS = [ReduceOp.SUM, ReduceOp.MAX, ReduceOp.MIN, ReduceOp.PROD, ReduceOp.AVG]
checked = 0
for dt in DTYPES:
    for op in OPS:
        x = paddle.to_tensor(data(r, dt)).astype(dt)
        if dt == "bool" and op == ReduceOp.AVG:
            try:
                dist.all_reduce(x, op=op)
            except ValueError:
                continue
            raise AssertionError("AVG on bool must raise")
        dist.all_reduce(x, op=op)
        assert x.dtype == getattr(paddle, dt), (x.dtype, dt)
        np.testing.assert_array_equal(x.numpy().astype(np.float64),
                                      np_ref(op, dt).astype(np.float64), err_msg=f"{dt} {op}")
        # reduce to the last rank: only it holds the result
        y = paddle.to_tensor(data(r, dt)).astype(dt)
        dist.reduce(y, dst=n - 1, op=op)
        want = np_ref(op, dt) if r == n - 1 else paddle.to_tensor(data(r, dt)).astype(dt).numpy()
        np.testing.assert_array_equal(y.numpy().astype(np.float64), want.astype(np.float64))
        checked += 1

# async all_reduce
x = paddle.full([1000], float(r + 1))
task = dist.all_reduce(x, sync_op=False)
task.wait()
assert task.is_completed()
np.testing.assert_array_equal(x.numpy(), np.full(1000, n * (n + 1) / 2, np.float32))

# broadcast from the last rank
x = paddle.to_tensor(data(r, "float32")).astype("float32")
dist.broadcast(x, src=n - 1)
np.testing.assert_array_equal(x.numpy(), data(n - 1, "float32"))

# all_gather: list (empty and given) and tensor forms
lst = []
dist.all_gather(lst, paddle.to_tensor(data(r, "int64")))
assert len(lst) == n and all((lst[k].numpy() == data(k, "int64")).all() for k in range(n))
given = [paddle.zeros([2, 3], "int64") for _ in range(n)]
dist.all_gather(given, paddle.to_tensor(data(r, "int64")))
assert all((given[k].numpy() == data(k, "int64")).all() for k in range(n))
out = paddle.empty([2 * n, 3], "int64")
dist.all_gather(out, paddle.to_tensor(data(r, "int64")))
np.testing.assert_array_equal(out.numpy(), np.concatenate([data(k, "int64") for k in range(n)]))

objs = []
dist.all_gather_object(objs, {"rank": r, "sq": [r] * r})
assert objs == [{"rank": k, "sq": [k] * k} for k in range(n)], objs

# gather to rank 0
gl = [] if r == 0 else None
dist.gather(paddle.to_tensor([r, r * 10]), gl, dst=0)
if r == 0:
    assert [t.numpy().tolist() for t in gl] == [[k, k * 10] for k in range(n)]

# scatter: list and tensor forms
recv = paddle.zeros([3], "float32")
src_list = [paddle.full([3], float(k * 7)) for k in range(n)] if r == 0 else None
dist.scatter(recv, src_list, src=0)
np.testing.assert_array_equal(recv.numpy(), np.full(3, r * 7.0, np.float32))
recv2 = paddle.zeros([2], "int32")
dist.scatter(recv2, paddle.arange(2 * n, dtype="int32") if r == 0 else None, src=0)
assert recv2.numpy().tolist() == [2 * r, 2 * r + 1]

# reduce_scatter: rank i gets sum over ranks of their tensor_list[i]
ins = [paddle.full([2], float(k * 100 + r)) for k in range(n)]
o = paddle.zeros([2])
dist.reduce_scatter(o, ins)
np.testing.assert_array_equal(o.numpy(), np.full(2, n * r * 100 + sum(range(n)), np.float32))
o = paddle.zeros([2], "float16")
dist.reduce_scatter(o, paddle.concat([paddle.full([2], float(k + r), "float16") for k in range(n)]),
                    op=ReduceOp.MAX)
np.testing.assert_array_equal(o.numpy(), np.full(2, r + n - 1, np.float16))

# alltoall: rank j's out[i] = rank i's in[j]
outs = []
dist.alltoall(outs, [paddle.to_tensor([r * 10 + k]) for k in range(n)])
assert [t.item() for t in outs] == [k * 10 + r for k in range(n)]
ot = paddle.empty([n], "int64")
dist.alltoall(ot, paddle.to_tensor([r * 10 + k for k in range(n)]))
assert ot.numpy().tolist() == [k * 10 + r for k in range(n)]
ot = paddle.empty([n], "int64")
dist.alltoall_single(ot, paddle.to_tensor([r * 10 + k for k in range(n)]))
assert ot.numpy().tolist() == [k * 10 + r for k in range(n)]

# send/recv around a ring, blocking and not
nxt, prv = (r + 1) % n, (r - 1) % n
buf = paddle.zeros([4])
if r % 2 == 0:
    dist.send(paddle.full([4], float(r)), dst=nxt)
    dist.recv(buf, src=prv)
else:
    dist.recv(buf, src=prv)
    dist.send(paddle.full([4], float(r)), dst=nxt)
np.testing.assert_array_equal(buf.numpy(), np.full(4, float(prv), np.float32))
buf = paddle.zeros([4])
s = dist.isend(paddle.full([4], float(r + 50)), dst=nxt)
q = dist.irecv(buf, src=prv)
dist.wait(buf)
s.wait()
np.testing.assert_array_equal(buf.numpy(), np.full(4, float(prv + 50), np.float32))

ol = [None, None] if r == 0 else [None, None]
if r == 0:
    ol = ["a", {"b": 2}]
dist.broadcast_object_list(ol, src=0)
assert ol == ["a", {"b": 2}]
so = []
dist.scatter_object_list(so, [f"to{k}" for k in range(n)] if r == 0 else None, src=0)
assert so == [f"to{r}"]

# a sub-group of the first two ranks
g = dist.new_group([0, 1])
if r < 2:
    assert g.rank == r and g.nranks == 2 and dist.get_world_size(g) == 2
    x = paddle.to_tensor([float(r + 1)])
    dist.all_reduce(x, group=g)
    assert x.item() == 3.0
    y = paddle.to_tensor([float(r)])
    dist.broadcast(y, src=1, group=g)
    assert y.item() == 1.0
else:
    assert g.rank == -1 and not g.is_member()
dist.barrier()
dist.destroy_process_group()
assert not dist.is_initialized()
print(f"OK rank {r} checked {checked}")
