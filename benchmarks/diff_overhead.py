"""What recording for `python -m eagergraph diff` costs: each workload plain and under the diff
recorder (record_run: every op's inputs and outputs copied or summarised, a hook per output
that requires grad, leaves' .grad after backward), for eagergraph and, when installed, real
paddle. Medians of --rounds runs; the figures go in docs/debugging.md.

    python benchmarks/diff_overhead.py [--rounds 5] [--no-paddle]
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402


def small_ops(pd, n=200):
    """n tiny elementwise ops on [16] and one backward (per-op overhead dominates)."""
    x = pd.to_tensor(np.linspace(0.1, 1.0, 16).astype("float32"), stop_gradient=False)
    y = x
    for i in range(n // 2):
        y = pd.tanh(y) * 1.01
    y.sum().backward()
    return n + 1


def mlp_step(pd, steps=3):
    """MLP 784-512-512-10, batch 128, SGD (kernels dominate; outputs past 65536 elements are
    summarised)."""
    rng = np.random.default_rng(0)
    x = pd.to_tensor(rng.standard_normal((128, 784)).astype("float32"))
    y = pd.to_tensor(rng.integers(0, 10, (128,)).astype("int64"))
    net = pd.nn.Sequential(pd.nn.Linear(784, 512), pd.nn.ReLU(), pd.nn.Linear(512, 512),
                           pd.nn.ReLU(), pd.nn.Linear(512, 10))
    opt = pd.optimizer.SGD(0.01, parameters=net.parameters())
    for _ in range(steps):
        loss = pd.nn.functional.cross_entropy(net(x), y)
        loss.backward()
        opt.step()
        opt.clear_grad()
    return steps


def _time(fn, rounds):
    ts = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts)


def nothing(pd):
    """No op at all: installing and removing the recorder."""
    return 0


def measure(side, pd, rounds):
    from eagergraph.debug.diff.child import record_run
    rows = []
    for work in (nothing, small_ops, mlp_step):
        plain = _time(lambda: work(pd), rounds)
        recs = []
        rec_t = _time(lambda: recs.append(record_run(side, lambda p: work(pd))), rounds)
        ops = len(recs[-1]["events"])
        rows.append((side, work.__name__, plain, rec_t, ops))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--no-paddle", action="store_true")
    ns = ap.parse_args()
    paddle = None
    if not ns.no_paddle:    # the real one (record_run gives the eagergraph workloads the
        try:                # eagergraph module itself: no alias is installed here)
            import paddle
        except ImportError:
            pass
    import eagergraph
    rows = measure("eagergraph", eagergraph, ns.rounds)
    if paddle is not None and hasattr(paddle, "_legacy_C_ops"):
        rows += measure("paddle", paddle, ns.rounds)
    print(f"{'run':<11} {'workload':<10} {'plain ms':>9} {'recorded ms':>12} {'x':>6} "
          f"{'ops':>5} {'us/op extra':>12}")
    install = {side: rec for side, work, plain, rec, ops in rows if work == "nothing"}
    for side, work, plain, rec, ops in rows:
        if work == "nothing":
            print(f"{side:<11} {'(install)':<10} {'':>9} {rec * 1e3:12.1f}")
            continue
        per_op = (rec - plain - install[side]) / max(ops, 1) * 1e6
        print(f"{side:<11} {work:<10} {plain * 1e3:9.1f} {rec * 1e3:12.1f} "
              f"{rec / plain:6.2f} {ops:5d} {per_op:12.1f}")


if __name__ == "__main__":
    main()
