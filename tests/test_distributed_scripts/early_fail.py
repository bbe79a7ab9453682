"""Rank 1 raises before MPI is initialised while rank 0 waits in init_parallel_env (MPI_Init):
the job must still stop at once."""
import os

import paddle.distributed as dist

if os.environ["PADDLE_TRAINER_ID"] == "1":
    raise ValueError("rank one fails before init")
dist.init_parallel_env()
dist.barrier()
