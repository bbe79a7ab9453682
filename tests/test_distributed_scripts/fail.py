"""Rank 1 raises while the others wait in a collective: the launcher must stop them all."""
import time
import paddle
import paddle.distributed as dist

dist.init_parallel_env()
if dist.get_rank() == 1:
    time.sleep(0.3)
    raise ValueError("rank one gives up")
x = paddle.ones([3])
dist.all_reduce(x)  # never completes: rank 1 is gone
print("unreachable")
