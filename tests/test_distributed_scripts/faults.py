"""Fault scenarios for tests/test_distributed_faults.py (argv[1] picks one)."""
import os
import sys
import time

import numpy as np
import paddle
import paddle.distributed as dist

mode = sys.argv[1]
dist.init_parallel_env()
rank = dist.get_rank()
if mode == "mismatch":
    # equal byte sizes, different dtypes and counts: float32[4] vs int16[8]
    x = paddle.ones([4]) if rank == 0 else paddle.ones([8], dtype="int16")
    dist.all_reduce(x)
    print("unreachable", x.numpy())
elif mode == "hang":
    if rank == 1:
        time.sleep(600)  # hung in user code, never reaches the collective
    dist.all_reduce(paddle.ones([3]))
    print("unreachable")
elif mode == "block":
    print(f"READY pid {os.getpid()}", flush=True)
    if rank == 1:
        time.sleep(600)
    dist.all_reduce(paddle.to_tensor(np.ones(3, np.float32)))
    print("unreachable")
