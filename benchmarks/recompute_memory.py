"""Activation checkpointing's memory saving: the peak memory allocated during one forward +
backward of an MLP (tracemalloc, NumPy buffers included; the parameters and their grad buffers,
allocated before, are not counted), float32. The MLP is --blocks blocks of --inner
(Linear(width, width) + ReLU) pairs. Variants: no recompute; every block recomputed
(fleet.utils.recompute per block); recompute_sequential over the flat list of layers in
--segments chunks. Also the step time, best of --rounds, and whether the grads are identical.

    python benchmarks/recompute_memory.py [--width 512] [--blocks 4] [--inner 4] [--batch 512]
"""
import argparse
import os
import sys
import time
import tracemalloc

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

import eagergraph as paddle  # noqa: E402
from eagergraph.distributed.fleet.utils import recompute  # noqa: E402
from eagergraph.distributed.fleet.recompute import recompute_sequential  # noqa: E402


def _model(width, blocks, inner):
    paddle.seed(0)
    return paddle.nn.Sequential(*[
        paddle.nn.Sequential(*[layer for _ in range(inner)
                               for layer in (paddle.nn.Linear(width, width), paddle.nn.ReLU())])
        for _ in range(blocks)])


def _step(model, x, mode, segments):
    if mode == "plain":
        y = model(x)
    elif mode == "per block":
        y = x
        for block in model:
            y = recompute(block, y)
    else:
        flat = [layer for block in model for layer in block]
        y = recompute_sequential({"segments": segments}, flat, x)
    (y * y).mean().backward()


def _grads(model):
    grads = [p.grad.numpy().copy() for p in model.parameters()]
    model.clear_gradients()
    return grads


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--width", type=int, default=512)
    ap.add_argument("--blocks", type=int, default=4)
    ap.add_argument("--inner", type=int, default=4)
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--segments", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    model = _model(a.width, a.blocks, a.inner)
    xv = np.random.default_rng(0).standard_normal((a.batch, a.width)).astype(np.float32)
    act = a.batch * a.width * 4 / 2**20
    print(f"MLP {a.blocks} blocks x {a.inner} x (Linear({a.width},{a.width}) + ReLU), batch "
          f"{a.batch}, float32; "
          f"one activation {act:.1f} MiB, parameters "
          f"{sum(p.numel().item() for p in model.parameters()) * 4 / 2**20:.1f} MiB")
    ref = None
    for mode in ("plain", "per block", f"sequential, {a.segments} segments"):
        x = paddle.to_tensor(xv, stop_gradient=False)
        _step(model, x, mode, a.segments)            # warm up (allocates the grads once)
        _grads(model)
        tracemalloc.start()
        _step(model, x, mode, a.segments)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        grads = _grads(model)
        best = float("inf")
        for _ in range(a.rounds):
            t = time.perf_counter()
            _step(model, x, mode, a.segments)
            best = min(best, time.perf_counter() - t)
            model.clear_gradients()
        if ref is None:
            ref = (grads, peak)
            same = "-"
        else:
            same = all(np.array_equal(g, r) for g, r in zip(grads, ref[0]))
        print(f"  {mode:<26} peak {peak / 2**20:7.1f} MiB ({peak / ref[1]:4.2f}x)  "
              f"step {best * 1e3:7.1f} ms  grads identical to plain: {same}")


if __name__ == "__main__":
    main()
