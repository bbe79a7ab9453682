"""Forward + backward cost per op of a 10-op chain on [4, 4] float32 tensors, for eagergraph,
paddlepaddle and torch (CPU, one thread) in the same run, interleaved, as ratios.
Also the deep-chain case: a chain of --depth scale ops, forward + backward, per node.

    python benchmarks/chain.py [--rounds 5] [--number 300] [--depth 50000]
"""
import argparse
import importlib
import os
import statistics
import sys
import time
import timeit

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

N_OPS = 12  # ops per chain call, counting the final sum


def make_chain(lib, name):
    a = np.random.default_rng(0).standard_normal((4, 4)).astype(np.float32)
    if name == "torch":
        t = lib
        x = t.tensor(a, requires_grad=True)
        w = t.tensor(a * 0.5, requires_grad=True)
        b = t.tensor(a * 0.1, requires_grad=True)
        exp, tanh, sig, mm, total = t.exp, t.tanh, t.sigmoid, t.matmul, t.sum

        def clear():
            x.grad = w.grad = b.grad = None
    else:
        p = lib
        x = p.to_tensor(a, stop_gradient=False)
        w = p.to_tensor(a * 0.5, stop_gradient=False)
        b = p.to_tensor(a * 0.1, stop_gradient=False)
        exp, tanh, sig, mm, total = p.exp, p.tanh, p.nn.functional.sigmoid, p.matmul, p.sum

        def clear():
            x.clear_gradient(False)
            w.clear_gradient(False)
            b.clear_gradient(False)

    def step():
        h = x * w            # 1 multiply
        h = h + b            # 2 add
        h = tanh(h)          # 3 tanh
        h = mm(h, w)         # 4 matmul
        h = h - x            # 5 subtract
        h = sig(h)           # 6 sigmoid
        h = h * h            # 7 multiply
        h = exp(h)           # 8 exp
        h = h / w            # 9 divide
        h = tanh(h)          # 10 tanh
        h = h + x            # 11 add
        total(h).backward()  # 12 sum, then backward over all
        clear()
    return step


def deep_chain(p, depth, name):
    if name == "torch":
        x = p.tensor([1.0], requires_grad=True)
    else:
        x = p.to_tensor([1.0], stop_gradient=False)
    t0 = time.perf_counter()
    y = x
    for _ in range(depth):
        y = y * 1.0
    t1 = time.perf_counter()
    y.backward()
    t2 = time.perf_counter()
    del y
    t3 = time.perf_counter()
    return (t1 - t0) / depth, (t2 - t1) / depth, (t3 - t2) / depth


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--number", type=int, default=300)
    ap.add_argument("--depth", type=int, default=50_000,
                    help="keep below ~70k when paddle is installed: Paddle 3.3.1 segfaults "
                         "freeing deeper graphs")
    args = ap.parse_args()
    import eagergraph
    libs = {"eagergraph": eagergraph}
    for n in ("paddle", "torch"):
        try:
            libs[n] = importlib.import_module(n)
        except Exception:
            pass
    if "torch" in libs:
        libs["torch"].set_num_threads(1)
    steps = {n: make_chain(lib, n) for n, lib in libs.items()}
    times = {n: [] for n in libs}
    for _ in range(args.rounds):
        for n, fn in steps.items():
            fn()
            times[n].append(timeit.timeit(fn, number=args.number) / args.number / N_OPS)
    med = {n: statistics.median(v) for n, v in times.items()}
    print(f"10-op chain on [4,4] float32, forward+backward, per op (median of {args.rounds}):")
    for n in libs:
        rel = "".join(f"  {n}/{m} = {med[n] / med[m]:.2f}" for m in libs if m != n)
        print(f"  {n:<11}{rel}")
    print(f"deep chain of {args.depth} multiply-by-scalar ops, per node "
          f"(forward / backward / free), ratio to paddle where available:")
    deep = {n: deep_chain(lib, args.depth, n) for n, lib in libs.items()}
    for n, (f, b, d) in deep.items():
        line = f"  {n:<11} fwd {f * 1e6:6.2f} us  bwd {b * 1e6:6.2f} us  free {d * 1e6:6.2f} us"
        if "paddle" in deep and n != "paddle":
            pf, pb, _ = deep["paddle"]
            line += f"   (fwd x{f / pf:.2f}, bwd x{b / pb:.2f} of paddle)"
        print(line)


if __name__ == "__main__":
    main()
