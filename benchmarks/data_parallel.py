"""Data-parallel scaling of the demo CNN: images/s on 1 and N ranks of this machine, and how
much of the gradient allreduce the overlap with backward hides.

    python benchmarks/data_parallel.py [--nproc 2] [--steps 30] [--batch 256]

Run plainly, it launches itself (1 rank, then --nproc ranks) through
python -m eagergraph.distributed.launch and prints one line per run. Per run: images/s of the
global batch; on N ranks also `allreduce alone` (the same buckets allreduced after backward,
blocking), `exposed` (backward with DataParallel minus backward under no_sync, per step) and
hidden = 1 - exposed / alone. Both runs use one BLAS thread per rank, so 1 and N ranks
compare the same per-core work."""
import argparse
import os
import subprocess
import sys
import time

import numpy as np


def worker(steps, batch):
    import eagergraph as paddle
    import eagergraph.distributed as dist
    from eagergraph.demo import DigitsCNN
    import eagergraph.nn.functional as F
    n = dist.get_world_size()
    if n > 1:
        dist.init_parallel_env()
    paddle.seed(0)
    net = DigitsCNN()
    model = paddle.DataParallel(net) if n > 1 else net
    opt = paddle.optimizer.Adam(parameters=model.parameters())
    rng = np.random.RandomState(dist.get_rank())
    x = paddle.to_tensor(rng.rand(batch // n, 1, 8, 8).astype("float32"))
    y = paddle.to_tensor(rng.randint(0, 10, batch // n).astype("int64"))

    def step(sync=True):
        if sync:
            loss = F.cross_entropy(model(x), y)
            t0 = time.perf_counter()
            loss.backward()
        else:
            with model.no_sync():
                loss = F.cross_entropy(model(x), y)
                t0 = time.perf_counter()
                loss.backward()
        t = time.perf_counter() - t0
        opt.step()
        opt.clear_grad()
        return t

    for _ in range(3):
        step()
    if n > 1:
        dist.barrier()
    t0 = time.perf_counter()
    for _ in range(steps):
        step()
    ips = steps * batch / (time.perf_counter() - t0)
    if n == 1:
        print(f"ranks 1  images/s {ips:8.1f}", flush=True)
        return
    bwd_sync = np.median([step(True) for _ in range(steps)])
    bwd_local = np.median([step(False) for _ in range(steps)])
    red = model._reducer
    alone = []
    from mpi4py import MPI
    for _ in range(steps):  # the same fused buckets, allreduced back to back after backward
        dist.barrier()
        t0 = time.perf_counter()
        for bk in red.buckets:
            red.pg.comm.Allreduce(MPI.IN_PLACE, bk.flat, op=MPI.SUM)
        alone.append(time.perf_counter() - t0)
    alone = float(np.median(alone))
    exposed = max(0.0, bwd_sync - bwd_local)
    if dist.get_rank() == 0:
        print(f"ranks {n}  images/s {ips:8.1f}  buckets {len(red.buckets)}  allreduce alone "
              f"{alone * 1e3:.2f} ms  exposed {exposed * 1e3:.2f} ms  hidden "
              f"{max(0.0, 1 - exposed / alone) if alone else 1.0:.0%}", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nproc", type=int, default=2)
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--worker", action="store_true")
    a = ap.parse_args()
    if a.worker or os.environ.get("PADDLE_TRAINERS_NUM"):
        return worker(a.steps, a.batch)
    for n in (1, a.nproc):
        env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
        subprocess.check_call([sys.executable, "-m", "eagergraph.distributed.launch",
                               "--nproc_per_node", str(n), os.path.abspath(__file__),
                               "--worker", "--steps", str(a.steps), "--batch", str(a.batch)], env=env)


if __name__ == "__main__":
    main()
