# send_object_list / recv_object_list, P2POp + batch_isend_irecv, the stream collectives and
# shutdown/restart of a group, across real ranks (tests/test_distributed_names.py)
import numpy as np
import paddle
import paddle.distributed as dist

dist.init_parallel_env()
r, n = dist.get_rank(), dist.get_world_size()
assert n == 2

# objects: rank 0 -> rank 1, then back
if r == 0:
    dist.send_object_list(["hello", {"key": 100}, [1, 2, 3]], dst=1)
    back = [None]
    dist.recv_object_list(back, src=1)
    assert back == [("pong", 1)], back
else:
    got = [None] * 3
    dist.recv_object_list(got, src=0)
    assert got == ["hello", {"key": 100}, [1, 2, 3]], got
    dist.send_object_list([("pong", 1)], dst_in_group=0)

# batch_isend_irecv: a ring exchange
send_t = paddle.to_tensor(np.full([3], r + 1, np.float32))
recv_t = paddle.zeros([3])
peer = (r + 1) % n
ops = [dist.P2POp(dist.isend, send_t, peer), dist.P2POp(dist.irecv, recv_t, (r - 1) % n)]
for task in dist.batch_isend_irecv(ops):
    task.wait()
assert recv_t.numpy().tolist() == [float((r - 1) % n + 1)] * 3, recv_t.numpy()

# stream collectives (use_calc_stream accepted)
x = paddle.to_tensor([float(r + 1)])
dist.stream.all_reduce(x, use_calc_stream=True)
assert x.item() == 3.0
out = paddle.zeros([2])
dist.stream.all_gather(out, paddle.to_tensor([float(r)]))
assert out.numpy().tolist() == [0.0, 1.0]

# a shut-down group refuses collectives until restarted
g = dist.new_group([0, 1])
dist.shutdown_process_group(g)
try:
    dist.all_reduce(paddle.ones([1]), group=g)
    raise AssertionError("a shut-down group ran a collective")
except RuntimeError as e:
    assert "shut down" in str(e)
dist.restart_process_group(g)
y = paddle.ones([1])
dist.all_reduce(y, group=g)
assert y.item() == 2.0
# a replicated (data-parallel) state dict saved by both ranks: each key written once
import os, sys
path = sys.argv[1]
sd = {"model": {"w": paddle.to_tensor(np.arange(6, dtype=np.float32).reshape(2, 3)),
                "b": paddle.to_tensor([1.0, 2.0], dtype="float64")},
      "step": paddle.to_tensor([5], dtype="int64")}
dist.save_state_dict(sd, path)
assert sorted(os.listdir(path)) == ["0.metadata", "0_0.distcp", "1_0.distcp"], os.listdir(path)
back = {"model": {"w": paddle.zeros([2, 3]), "b": paddle.zeros([2], dtype="float64")},
        "step": paddle.zeros([1], dtype="int64")}
dist.load_state_dict(back, path)
assert back["model"]["w"].numpy().tolist() == [[0, 1, 2], [3, 4, 5]]
assert back["model"]["b"].numpy().tolist() == [1.0, 2.0] and back["step"].item() == 5
try:
    dist.save_state_dict({"x": paddle.zeros([r + 1])}, path + "_bad")
    raise AssertionError("sharded state dicts were accepted")
except NotImplementedError as e:
    assert "sharded" in str(e)
dist.barrier()
print(f"OK rank {r} p2p objects")
