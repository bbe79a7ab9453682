"""Forward and backward time of the differentiable paddle.vision.ops compositions on a
detection-sized input, for eagergraph and (when installed) paddlepaddle, best of --rounds:
roi_align / roi_pool / psroi_pool on a [2, 256, 50, 50] feature map with 50 boxes and a 7 x 7
output, deform_conv2d [2, 64, 32, 32] -> 64 channels, 3 x 3.

    python benchmarks/detection_ops.py [--rounds 3]
"""
import argparse
import importlib
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402


def cases(lib, rng):
    x = rng.standard_normal((2, 256, 50, 50)).astype("float32")
    xy = rng.uniform(0, 35, (50, 2))
    boxes = np.concatenate([xy, xy + rng.uniform(4, 15, (50, 2))], 1).astype("float32")
    bn = np.array([25, 25], "int32")
    ps = rng.standard_normal((2, 49 * 5, 50, 50)).astype("float32")
    dx = rng.standard_normal((2, 64, 32, 32)).astype("float32")
    off = rng.standard_normal((2, 18, 32, 32)).astype("float32")
    w = (rng.standard_normal((64, 64, 3, 3)) * 0.1).astype("float32")
    V = lib.vision.ops
    T = lib.to_tensor
    return {
        "roi_align": (x, lambda t: V.roi_align(t, T(boxes), T(bn), 7, sampling_ratio=2)),
        "roi_pool": (x, lambda t: V.roi_pool(t, T(boxes), T(bn), 7)),
        "psroi_pool": (ps, lambda t: V.psroi_pool(t, T(boxes), T(bn), 7)),
        "deform_conv2d": (dx, lambda t: V.deform_conv2d(t, T(off), T(w), padding=1)),
    }


def measure(lib, rounds):
    out = {}
    for name, (arr, fn) in cases(lib, np.random.default_rng(0)).items():
        best_f = best_b = float("inf")
        for _ in range(rounds):
            t = lib.to_tensor(arr, stop_gradient=False)
            t0 = time.perf_counter()
            y = fn(t)
            t1 = time.perf_counter()
            y.sum().backward()
            t2 = time.perf_counter()
            best_f, best_b = min(best_f, t1 - t0), min(best_b, t2 - t1)
        out[name] = (best_f, best_b)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    libs = [("eagergraph", importlib.import_module("eagergraph"))]
    try:
        import warnings
        warnings.filterwarnings("ignore")
        libs.append(("paddle", importlib.import_module("paddle")))
    except ImportError:
        pass
    results = {name: measure(lib, args.rounds) for name, lib in libs}
    print(f"{'op':<15}" + "".join(f"{n + ' fwd':>16}{n + ' bwd':>16}" for n, _ in libs))
    for op in results["eagergraph"]:
        print(f"{op:<15}" + "".join(f"{results[n][op][0] * 1e3:>14.1f}ms"
                                    f"{results[n][op][1] * 1e3:>14.1f}ms" for n, _ in libs))


if __name__ == "__main__":
    main()
