"""The main job: train a small CNN on the handwritten digits that ship with scikit-learn
(1,797 real 8x8 scans, no download), written as ordinary Paddle dygraph code.

    python -m eagergraph.demo [--epochs 15] [--batch-size 64] [--lr 0.003] [--seed 0]
                              [--out demo_output] [--nproc N]

It trains with Adam (cosine-annealed learning rate) and cross entropy, shows a progress bar per epoch, prints the test
accuracy, and writes to --out a checkpoint (`digits_cnn.pdparams`, which real Paddle loads too)
and a plot of the loss and accuracy per epoch (`training.png`). --nproc N re-launches it on N
data-parallel ranks (python -m eagergraph.distributed.launch; the `distributed` extra): each
rank trains on its share of every batch (DistributedBatchSampler) and DataParallel averages
the gradients, so the global batch and the accuracy stay those of one process. Needs the `demo` extra:
pip install 'eagergraph[demo]' (scikit-learn, tqdm, matplotlib)."""
import argparse
import os
import sys
import time

import numpy as np


import eagergraph as paddle
import eagergraph.nn as nn
import eagergraph.nn.functional as F
import eagergraph.distributed as dist
from eagergraph.io import DataLoader, DistributedBatchSampler, TensorDataset


class DigitsCNN(nn.Layer):
    """conv 3x3 (32) - relu - max pool 2 - conv 3x3 (64) - relu - max pool 2 - linear 128 - relu
    - linear 10, for 1x8x8 images."""

    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2D(1, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2D(2),
            nn.Conv2D(32, 64, 3, padding=1), nn.ReLU(), nn.MaxPool2D(2))
        self.classifier = nn.Sequential(
            nn.Flatten(), nn.Linear(64 * 2 * 2, 128), nn.ReLU(), nn.Linear(128, num_classes))

    def forward(self, x):
        return self.classifier(self.features(x))


def load_digits_split(seed, test_fraction=0.2):
    """(x_train, y_train, x_test, y_test): images as float32 [N, 1, 8, 8] scaled to [0, 1],
    labels int64, split per class with a fixed seed."""
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split
    digits = load_digits()
    x = (digits.images / 16.0).astype("float32")[:, None, :, :]
    y = digits.target.astype("int64")
    x_tr, x_te, y_tr, y_te = train_test_split(x, y, test_size=test_fraction, random_state=seed,
                                              stratify=y)
    return x_tr, y_tr, x_te, y_te


def evaluate(model, x, y, batch_size=512, amp=None):
    """(mean loss, accuracy) of model on arrays x, y (amp: under auto_cast of that dtype)."""
    model.eval()
    losses, correct = [], 0
    with paddle.no_grad(), paddle.amp.auto_cast(enable=amp is not None, dtype=amp or "float16"):
        for i in range(0, len(x), batch_size):
            logits = model(paddle.to_tensor(x[i:i + batch_size]))
            label = paddle.to_tensor(y[i:i + batch_size])
            losses.append(float(F.cross_entropy(logits, label, reduction="sum")))
            correct += int((logits.argmax(axis=1) == label).astype("int64").sum())
    model.train()
    return sum(losses) / len(x), correct / len(x)


def train(epochs=15, batch_size=64, lr=0.003, seed=0, out="demo_output", progress=True,
          amp=None):
    """Train, evaluate, save; returns the history dict (per-epoch train loss, test loss and
    test accuracy). amp='float16'/'bfloat16': forward passes under paddle.amp.auto_cast (O1)
    with a GradScaler (which turns itself off for bfloat16, as Paddle's)."""
    from tqdm import tqdm
    paddle.seed(seed)        # initial weights
    np.random.seed(seed)     # paddle.io's shuffling draws from NumPy's global generator, as Paddle's
    x_tr, y_tr, x_te, y_te = load_digits_split(seed)
    data = TensorDataset([paddle.to_tensor(x_tr), paddle.to_tensor(y_tr)])
    nranks = dist.get_world_size()
    if nranks > 1:  # launched with --nproc: this rank's share of every global batch
        dist.init_parallel_env()
        sampler = DistributedBatchSampler(data, batch_size // nranks, shuffle=True)
        loader = DataLoader(data, batch_sampler=sampler)
        progress = progress and dist.get_rank() == 0
    else:
        loader = DataLoader(data, batch_size=batch_size, shuffle=True)
    model = DigitsCNN()
    if nranks > 1:
        model = paddle.DataParallel(model)  # rank 0's weights, gradients averaged
    schedule = paddle.optimizer.lr.CosineAnnealingDecay(lr, T_max=epochs)
    opt = paddle.optimizer.Adam(learning_rate=schedule, parameters=model.parameters())
    scaler = paddle.amp.GradScaler(enable=amp == "float16")  # bfloat16 needs no loss scaling
    history = {"train_loss": [], "test_loss": [], "test_acc": []}
    start = time.perf_counter()
    for epoch in range(1, epochs + 1):
        total, seen = 0.0, 0
        if nranks > 1:
            sampler.set_epoch(epoch)
        bar = tqdm(loader, desc=f"epoch {epoch}/{epochs}", leave=False, disable=not progress,
                   file=sys.stderr)
        for x, y in bar:
            with paddle.amp.auto_cast(enable=amp is not None, dtype=amp or "float16"):
                loss = F.cross_entropy(model(x), y)
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
            opt.clear_grad()
            total += float(loss) * len(y)
            seen += len(y)
            bar.set_postfix(loss=f"{total / seen:.4f}")
        schedule.step()
        if nranks > 1:  # the epoch's loss over every rank's samples
            t = paddle.to_tensor([total, float(seen)], dtype="float64")
            dist.all_reduce(t)
            total, seen = float(t[0]), int(t[1])
        test_loss, test_acc = evaluate(model, x_te, y_te, amp=amp)
        history["train_loss"].append(total / seen)
        history["test_loss"].append(test_loss)
        history["test_acc"].append(test_acc)
        if dist.get_rank() != 0:
            continue
        print(f"epoch {epoch:2d}: train loss {total / seen:.4f}  test loss {test_loss:.4f}  "
              f"test accuracy {test_acc:.2%}")
    seconds = time.perf_counter() - start
    if dist.get_rank() != 0:
        return history
    print(f"test accuracy {history['test_acc'][-1]:.2%} on {len(y_te)} held-out digits "
          f"({seconds:.1f} s of training)")
    os.makedirs(out, exist_ok=True)
    ckpt = os.path.join(out, "digits_cnn.pdparams")
    paddle.save(model.state_dict(), ckpt)
    plot = _plot(history, os.path.join(out, "training.png"))
    print(f"saved {ckpt}" + (f" and {plot}" if plot else ""))
    return history


def _plot(history, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    epochs = range(1, len(history["train_loss"]) + 1)
    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.5))
    a.plot(epochs, history["train_loss"], label="train")
    a.plot(epochs, history["test_loss"], label="test")
    a.set_xlabel("epoch")
    a.set_ylabel("cross entropy")
    a.legend()
    b.plot(epochs, [100 * v for v in history["test_acc"]], color="tab:green")
    b.set_xlabel("epoch")
    b.set_ylabel("test accuracy (%)")
    fig.suptitle("eagergraph: a small CNN on scikit-learn's digits")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python -m eagergraph.demo",
        description="Train a small CNN on scikit-learn's handwritten digits with eagergraph "
                    "(Paddle's dygraph API), print the test accuracy, save a .pdparams "
                    "checkpoint and a loss/accuracy plot.")
    ap.add_argument("--epochs", type=int, default=15, help="passes over the training set "
                    "(default 15)")
    ap.add_argument("--batch-size", type=int, default=64, help="images per step (default 64)")
    ap.add_argument("--lr", type=float, default=0.003, help="Adam learning rate (default 0.003)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the split, the initial "
                    "weights and the shuffling (default 0)")
    ap.add_argument("--out", default="demo_output", help="folder for digits_cnn.pdparams and "
                    "training.png (default ./demo_output)")
    ap.add_argument("--no-progress", action="store_true", help="no progress bar")
    ap.add_argument("--nproc", type=int, default=1, help="data-parallel ranks on this machine, "
                    "started through python -m eagergraph.distributed.launch (default 1)")
    ap.add_argument("--amp", choices=("float16", "bfloat16"), default=None,
                    help="automatic mixed precision (paddle.amp.auto_cast O1 with a GradScaler, "
                    "Paddle's GPU semantics) in this dtype (default: off, float32)")
    args = ap.parse_args(argv)
    if args.nproc > 1 and dist.get_world_size() == 1:
        sys.exit(_relaunch(args.nproc, sys.argv[1:] if argv is None else list(argv)))
    train(args.epochs, args.batch_size, args.lr, args.seed, args.out, not args.no_progress,
          amp=args.amp)


def _relaunch(nproc, argv):
    """Run this demo again on `nproc` ranks through the launcher; its exit code."""
    import subprocess
    rest, skip = [], False
    for a in argv:  # drop --nproc N / --nproc=N
        if skip:
            skip = False
        elif a == "--nproc":
            skip = True
        elif not a.startswith("--nproc="):
            rest.append(a)
    return subprocess.call([sys.executable, "-m", "eagergraph.distributed.launch",
                            "--nproc_per_node", str(nproc), "-m", "eagergraph.demo", *rest])


if __name__ == "__main__":
    main()
