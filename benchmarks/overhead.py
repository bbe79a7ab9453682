"""Per-op forward cost on tiny tensors ([4, 4] float32): eagergraph vs raw NumPy (the floor)
and, when installed, paddlepaddle and torch (CPU, one thread). Peers run interleaved in one
process, several rounds, and the report gives the median per-op time as a ratio to NumPy and
to Paddle — ratios, not absolute times, because the machines are noisy.

    python benchmarks/overhead.py [--rounds 7] [--number 2000] [--grad]

--grad: the inputs need grad, so every op also records its grad node (the graph is dropped
right after, so its freeing is counted too).

Run it with an interpreter that has paddle/torch installed to get those columns (eagergraph
itself never imports them)."""
import argparse
import importlib
import statistics
import sys
import timeit
import os

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402


def _peers():
    peers = {}
    import eagergraph
    peers["eagergraph"] = eagergraph
    for name in ("paddle", "torch"):
        try:
            peers[name] = importlib.import_module(name)
        except Exception:
            pass
    if "torch" in peers:
        peers["torch"].set_num_threads(1)
    return peers


def _cases(lib, name, grad=False):
    """{op: zero-arg callable} for one library; grad: the inputs need grad."""
    a = np.random.default_rng(0).standard_normal((4, 4)).astype(np.float32)
    b = np.random.default_rng(1).standard_normal((4, 4)).astype(np.float32) + 3
    if name == "numpy":
        x, y = a, b
        return {
            "add": lambda: np.add(x, y), "multiply": lambda: np.multiply(x, y),
            "divide": lambda: np.divide(x, y), "exp": lambda: np.exp(x),
            "tanh": lambda: np.tanh(x), "sum": lambda: np.sum(x),
            "matmul": lambda: np.matmul(x, y), "reshape": lambda: x.reshape(16),
            "relu": lambda: np.maximum(x, 0), "x + 1.0": lambda: x + 1.0,
        }
    if name == "torch":
        t = lib
        x, y = t.tensor(a, requires_grad=grad), t.tensor(b, requires_grad=grad)
        return {
            "add": lambda: t.add(x, y), "multiply": lambda: t.mul(x, y),
            "divide": lambda: t.div(x, y), "exp": lambda: t.exp(x),
            "tanh": lambda: t.tanh(x), "sum": lambda: t.sum(x),
            "matmul": lambda: t.matmul(x, y), "reshape": lambda: t.reshape(x, [16]),
            "relu": lambda: t.relu(x), "x + 1.0": lambda: x + 1.0,
        }
    p = lib
    x, y = p.to_tensor(a, stop_gradient=not grad), p.to_tensor(b, stop_gradient=not grad)
    F = p.nn.functional if hasattr(p, "nn") else None
    cases = {
        "add": lambda: p.add(x, y), "multiply": lambda: p.multiply(x, y),
        "divide": lambda: p.divide(x, y), "exp": lambda: p.exp(x),
        "tanh": lambda: p.tanh(x), "sum": lambda: p.sum(x),
        "matmul": lambda: p.matmul(x, y), "reshape": lambda: p.reshape(x, [16]),
        "x + 1.0": lambda: x + 1.0,
    }
    if F is not None:
        cases["relu"] = lambda: F.relu(x)
    return cases


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--number", type=int, default=2000)
    ap.add_argument("--grad", action="store_true", help="inputs need grad (nodes are recorded)")
    args = ap.parse_args()
    libs = {"numpy": np, **_peers()}
    cases = {name: _cases(lib, name, args.grad) for name, lib in libs.items()}
    ops = list(cases["numpy"])
    times = {name: {op: [] for op in ops} for name in libs}
    for _ in range(args.rounds):  # interleave libraries round by round
        for op in ops:
            for name in libs:
                fn = cases[name].get(op)
                if fn is None:
                    continue
                fn()
                t = timeit.timeit(fn, number=args.number) / args.number
                times[name][op].append(t)
    med = {n: {op: statistics.median(v) for op, v in d.items() if v} for n, d in times.items()}
    names = [n for n in libs if n != "numpy"]
    print(f"forward cost per op on [4,4] float32{' with grad' if args.grad else ''}, median of "
          f"{args.rounds} rounds; "
          f"ratios to NumPy{' and to Paddle' if 'paddle' in libs else ''}")
    head = f"{'op':<10}" + "".join(f"{n + '/np':>14}" for n in names)
    if "paddle" in libs:
        head += f"{'eager/paddle':>14}"
    print(head)
    for op in ops:
        row = f"{op:<10}"
        for n in names:
            r = med[n].get(op)
            row += f"{(r / med['numpy'][op]) if r else float('nan'):>14.1f}"
        if "paddle" in libs and op in med["paddle"]:
            row += f"{med['eagergraph'][op] / med['paddle'][op]:>14.2f}"
        print(row)
    print(f"(NumPy floor per op: median {statistics.median(med['numpy'].values()) * 1e6:.2f} us "
          f"on this machine)")


if __name__ == "__main__":
    main()
