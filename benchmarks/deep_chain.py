"""Deep graphs: forward, backward and free cost per node of a chain of `y = y * 1.0`, and the
share of it spent in Python's cyclic GC, at several depths, for eagergraph and torch (each
library in its own process, so neither's heap slows the other's GC; paddlepaddle 3.3.1
segfaults freeing graphs deeper than ~70k nodes, so it runs only up to --paddle-max).

    python benchmarks/deep_chain.py [--depths 10000 100000 1000000] [--paddle-max 50000]

Prints per-node microseconds, the GC share, and eagergraph's total as a ratio to each peer's.
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CHILD = r'''
import gc, json, sys, time
sys.path.insert(0, sys.argv[3])
lib, depth = sys.argv[1], int(sys.argv[2])
gc_time, t0 = [0.0], [0.0]
def start(phase, info):  # first of the callbacks: eagergraph's own collector hook counts as GC
    if phase == "start":
        t0[0] = time.perf_counter()
def stop(phase, info):   # last of the callbacks
    if phase == "stop":
        gc_time[0] += time.perf_counter() - t0[0]
if lib == "torch":
    import torch
    torch.set_num_threads(1)
    x = torch.tensor([1.0], requires_grad=True)
else:
    p = __import__(lib)
    x = p.to_tensor([1.0], stop_gradient=False)
gc.collect()  # each library's import leaves a full collection due: run it before timing
full0 = gc.get_stats()[2]["collections"]
gc.callbacks.insert(0, start)
gc.callbacks.append(stop)
a = time.perf_counter()
y = x
for _ in range(depth):
    y = y * 1.0
b = time.perf_counter()
y.backward()
c = time.perf_counter()
del y
d = time.perf_counter()
print(json.dumps({"fwd": (b - a) / depth, "bwd": (c - b) / depth, "free": (d - c) / depth,
                  "gc": gc_time[0] / (d - a), "full": gc.get_stats()[2]["collections"] - full0}))
'''


def run(lib, depth):
    r = subprocess.run([sys.executable, "-c", CHILD, lib, str(depth), ROOT],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return None
    return json.loads(r.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depths", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    ap.add_argument("--paddle-max", type=int, default=50_000)
    args = ap.parse_args()
    libs = ["eagergraph"]
    for name in ("torch", "paddle"):
        if subprocess.run([sys.executable, "-c", f"import {name}"], capture_output=True).returncode == 0:
            libs.append(name)
    for depth in args.depths:
        res = {}
        for lib in libs:
            if lib == "paddle" and depth > args.paddle_max:
                continue
            res[lib] = run(lib, depth)
        print(f"depth {depth}:")
        eg = res.get("eagergraph")
        for lib, r in res.items():
            if r is None:
                print(f"  {lib:<11} failed")
                continue
            tot = r["fwd"] + r["bwd"] + r["free"]
            line = (f"  {lib:<11} fwd {r['fwd'] * 1e6:6.2f}  bwd {r['bwd'] * 1e6:6.2f}  free "
                    f"{r['free'] * 1e6:5.2f} us/node  GC {r['gc'] * 100:4.1f}% "
                    f"({r['full']} full)")
            if eg and lib != "eagergraph":
                etot = eg["fwd"] + eg["bwd"] + eg["free"]
                line += f"   eagergraph/{lib} = {etot / tot:.2f}"
            print(line)


if __name__ == "__main__":
    main()
