"""Forward + backward of a LeNet-style CNN (batch 64, 1x28x28: conv 5x5 (6) - relu - max pool 2 -
conv 5x5 (16) - relu - max pool 2 - linear 120 - relu - linear 84 - relu - linear 10, cross
entropy) for eagergraph, paddlepaddle and torch (CPU, one thread) in the same run, interleaved;
ratios to Paddle and torch. Conv and pooling are where a NumPy engine can lose most; --parts
also times LeNet's two convolutions alone (forward + backward: conv1 5x5 1->6 on 28x28 with
the filter grad only, as in the net, and conv2 5x5 6->16 on 12x12 with both grads) and a
CIFAR-sized one (3x3 32->32 on 32x32, both grads).

    python benchmarks/cnn_step.py [--rounds 7] [--steps 10] [--parts]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from interleave import peer_steps, median_times  # noqa: E402

BATCH = 64


def _data():
    rng = np.random.default_rng(0)
    return (rng.standard_normal((BATCH, 1, 28, 28)).astype(np.float32),
            rng.integers(0, 10, BATCH).astype(np.int64))


def paddle_like_step(p):
    """eagergraph or paddlepaddle."""
    nn = p.nn
    model = nn.Sequential(
        nn.Conv2D(1, 6, 5), nn.ReLU(), nn.MaxPool2D(2),
        nn.Conv2D(6, 16, 5), nn.ReLU(), nn.MaxPool2D(2), nn.Flatten(),
        nn.Linear(16 * 4 * 4, 120), nn.ReLU(), nn.Linear(120, 84), nn.ReLU(), nn.Linear(84, 10))
    x, y = _data()
    xt, yt = p.to_tensor(x), p.to_tensor(y)
    loss_fn = nn.CrossEntropyLoss()
    params = model.parameters()

    def step():
        loss = loss_fn(model(xt), yt)
        loss.backward()
        for q in params:
            q.clear_gradient(False)
        return loss
    return step


def torch_step(torch):
    torch.set_num_threads(1)
    nn = torch.nn
    model = nn.Sequential(
        nn.Conv2d(1, 6, 5), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(6, 16, 5), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(),
        nn.Linear(16 * 4 * 4, 120), nn.ReLU(), nn.Linear(120, 84), nn.ReLU(), nn.Linear(84, 10))
    x, y = _data()
    xt, yt = torch.tensor(x), torch.tensor(y)
    loss_fn = nn.CrossEntropyLoss()

    def step():
        loss = loss_fn(model(xt), yt)
        loss.backward()
        model.zero_grad(set_to_none=True)
        return loss
    return step


CONVS = {"conv1": ((BATCH, 1, 28, 28), (6, 1, 5, 5), False),
         "conv2": ((BATCH, 6, 12, 12), (16, 6, 5, 5), True),
         # a CIFAR-sized layer: its columns (66 MB) do not fit in cache whole
         "conv_32x32": ((BATCH, 32, 32, 32), (32, 32, 3, 3), True)}


def conv_step(p, name):
    """Forward + backward of one of LeNet's convolutions alone, for eagergraph, paddle or
    torch."""
    xs, ws, x_grad = CONVS[name]
    rng = np.random.default_rng(1)
    arrays = [rng.standard_normal(s).astype(np.float32) for s in (xs, ws)]
    torch = p.__name__ == "torch"
    x, w = ((p.tensor(a, requires_grad=r) for a, r in zip(arrays, (x_grad, True))) if torch else
            (p.to_tensor(a, stop_gradient=not r) for a, r in zip(arrays, (x_grad, True))))
    conv = p.nn.functional.conv2d
    out_shape = (BATCH, ws[0], xs[2] - ws[2] + 1, xs[3] - ws[3] + 1)
    g = rng.standard_normal(out_shape).astype(np.float32)
    g = p.tensor(g) if torch else p.to_tensor(g)

    def step():
        conv(x, w).backward(g)
        for t in (x, w):
            if torch:
                t.grad = None
            elif not t.stop_gradient:
                t.clear_gradient(False)
    return step


def _report(title, med):
    print(title)
    for k, t in med.items():
        ratios = "  ".join(f"{k}/{o} = {t / med[o]:.2f}" for o in med if o != k)
        print(f"  {k:10s} {t * 1e3:7.2f} ms   {ratios}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--steps", type=int, default=10)
    ap.add_argument("--parts", action="store_true", help="also time the convolutions alone")
    args = ap.parse_args()
    import eagergraph
    steps = {"eagergraph": paddle_like_step(eagergraph)}
    steps.update(peer_steps(paddle_like_step, torch_step))
    med = median_times(steps, args.rounds, args.steps)
    _report(f"LeNet-style CNN, batch {BATCH}, 1x28x28, forward+backward (median of "
            f"{args.rounds} x {args.steps}):", med)
    if args.parts:
        for name in CONVS:
            steps = {"eagergraph": conv_step(eagergraph, name)}
            steps.update(peer_steps(lambda p: conv_step(p, name), lambda p: conv_step(p, name)))
            _report(f"{name} alone, {CONVS[name][0]} * {CONVS[name][1]}, forward+backward:",
                    median_times(steps, args.rounds, args.steps))


if __name__ == "__main__":
    main()
