"""Transposed copies (conv's batch-last layout, the products' orientation copies, reductions
over a moved axis): eagergraph.phi.transpose_copy against np.ascontiguousarray(a.transpose(perm)),
interleaved, the best of the rounds, as ratios. Rows of a power-of-two length are where the
plain copy's reads conflict in the cache; tall sources are copied in blocks of rows.

    python benchmarks/transpose_copy.py [--rounds 7] [--number 50]
"""
import argparse
import os
import sys
import timeit

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

from eagergraph.phi.transpose_copy import transpose_copy  # noqa: E402

CASES = [((64, 16, 8, 8), (1, 2, 3, 0), "LeNet conv2 grad, batch-last"),
         ((64, 6, 12, 12), (1, 2, 3, 0), "LeNet conv2 input, batch-last"),
         ((64, 32, 32, 32), (1, 2, 3, 0), "32x32 maps, batch-last"),
         ((32, 32, 32, 64), (3, 0, 1, 2), "32x32 maps, batch-first again"),
         ((4000, 300), (1, 0), "a tall matrix, transposed"),
         ((512, 512), (1, 0), "a 512 x 512 weight, transposed"),
         ((1024, 1024), (1, 0), "1024 x 1024"),
         ((1000, 1000), (1, 0), "1000 x 1000")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--number", type=int, default=50)
    args = ap.parse_args()
    rng = np.random.default_rng(0)
    print(f"{'shape':>18} {'perm':>14} {'plain us':>9} {'padded us':>10} {'ratio':>6}  case")
    for shape, perm, what in CASES:
        a = rng.standard_normal(shape).astype(np.float32)
        best = {"plain": float("inf"), "new": float("inf")}
        for _ in range(args.rounds):
            for k, f in (("plain", lambda: np.ascontiguousarray(a.transpose(perm))),
                         ("new", lambda: transpose_copy(a, perm))):
                best[k] = min(best[k], timeit.timeit(f, number=args.number) / args.number)
        print(f"{str(shape):>18} {str(perm):>14} {best['plain'] * 1e6:9.0f} "
              f"{best['new'] * 1e6:10.0f} {best['new'] / best['plain']:6.2f}  {what}")


if __name__ == "__main__":
    main()
