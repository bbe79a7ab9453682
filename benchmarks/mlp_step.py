"""One training step of an MLP 784-512-512-10 (ReLU, softmax cross entropy, SGD), batch 128,
float32: eagergraph against a hand-written NumPy step (the floor for a NumPy-backed engine),
and paddlepaddle / torch when installed, interleaved in one run; ratios to NumPy. Also the
peak memory of a step (tracemalloc, NumPy buffers included) and the growth over many steps.

    python benchmarks/mlp_step.py [--rounds 7] [--steps 30] [--memory-steps 500]
"""
import argparse
import os
import sys
import tracemalloc

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# one BLAS thread for every engine (NumPy's OpenBLAS reads these when NumPy is imported; torch
# gets set_num_threads(1)): on a shared 2-core machine two threads only add noise
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from interleave import peer_steps, median_times  # noqa: E402

SIZES = (784, 512, 512, 10)
BATCH = 128
LR = 0.01


def _data(seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((BATCH, SIZES[0])).astype(np.float32)
    y = rng.integers(0, SIZES[-1], BATCH).astype(np.int64)
    ws = [(rng.standard_normal((a, b)) * (2.0 / a) ** 0.5).astype(np.float32)
          for a, b in zip(SIZES[:-1], SIZES[1:])]
    return x, y, ws


def numpy_step():
    """The same step written by hand on arrays: forward, backward, SGD update."""
    x, y, ws = _data()
    bs = [np.zeros(w.shape[1], np.float32) for w in ws]
    n = len(ws)

    def step():
        hs = [x]
        for i in range(n):
            h = hs[-1] @ ws[i] + bs[i]
            hs.append(np.maximum(h, 0) if i < n - 1 else h)
        z = hs[-1] - hs[-1].max(axis=1, keepdims=True)
        e = np.exp(z)
        p = e / e.sum(axis=1, keepdims=True)
        loss = -np.log(p[np.arange(BATCH), y]).mean()
        g = p
        g[np.arange(BATCH), y] -= 1
        g /= BATCH
        for i in reversed(range(n)):
            gw = hs[i].T @ g
            gb = g.sum(axis=0)
            if i > 0:
                g = (g @ ws[i].T) * (hs[i] > 0)
            ws[i] -= LR * gw
            bs[i] -= LR * gb
        return loss
    return step


def paddle_like_step(p):
    """The step in Paddle's dygraph API (eagergraph or paddlepaddle)."""
    x, y, ws = _data()
    layers = []
    for w in ws:
        lin = p.nn.Linear(w.shape[0], w.shape[1])
        lin.weight.set_value(w)
        layers.append(lin)
    model = p.nn.Sequential(layers[0], p.nn.ReLU(), layers[1], p.nn.ReLU(), layers[2])
    opt = p.optimizer.SGD(learning_rate=LR, parameters=model.parameters())
    xt, yt = p.to_tensor(x), p.to_tensor(y)
    loss_fn = p.nn.CrossEntropyLoss()

    def step():
        loss = loss_fn(model(xt), yt)
        loss.backward()
        opt.step()
        opt.clear_grad()
        return loss
    return step


def torch_step(torch):
    torch.set_num_threads(1)
    x, y, ws = _data()
    layers = []
    for w in ws:
        lin = torch.nn.Linear(w.shape[0], w.shape[1])
        with torch.no_grad():
            lin.weight.copy_(torch.tensor(w.T))
            lin.bias.zero_()
        layers.append(lin)
    model = torch.nn.Sequential(layers[0], torch.nn.ReLU(), layers[1], torch.nn.ReLU(), layers[2])
    opt = torch.optim.SGD(model.parameters(), lr=LR)
    xt, yt = torch.tensor(x), torch.tensor(y)
    loss_fn = torch.nn.CrossEntropyLoss()

    def step():
        loss = loss_fn(model(xt), yt)
        loss.backward()
        opt.step()
        opt.zero_grad()
        return loss
    return step


def peak_and_growth(step, steps):
    """(peak bytes of one step above the live state, bytes grown after `steps` more steps,
    after 50 warm-up steps that fill NumPy's and Python's caches)."""
    for _ in range(50):
        step()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    step()
    peak = tracemalloc.get_traced_memory()[1] - base
    mid = tracemalloc.get_traced_memory()[0]
    for _ in range(steps):
        step()
    grown = tracemalloc.get_traced_memory()[0] - mid
    tracemalloc.stop()
    return peak, grown


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--memory-steps", type=int, default=500)
    args = ap.parse_args()
    import eagergraph
    steps = {"numpy": numpy_step(), "eagergraph": paddle_like_step(eagergraph)}
    steps.update(peer_steps(paddle_like_step, torch_step))
    med = median_times(steps, args.rounds, args.steps, warmup=1)
    print(f"MLP {'-'.join(map(str, SIZES))}, batch {BATCH}, one SGD step (median of "
          f"{args.rounds} x {args.steps}):")
    for k, t in med.items():
        print(f"  {k:10s} {t * 1e3:7.2f} ms   {t / med['numpy']:.3f}x numpy")
    print("peak memory of a step above the live state, and growth over "
          f"{args.memory_steps} steps (tracemalloc):")
    for k in ("numpy", "eagergraph"):
        peak, grown = peak_and_growth(steps[k], args.memory_steps)
        print(f"  {k:10s} peak {peak / 2**20:6.2f} MiB   grown {grown / 2**10:8.1f} KiB")


if __name__ == "__main__":
    main()
