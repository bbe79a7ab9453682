"""Speed of the Paddle-exact random streams against NumPy's own generator (what eagergraph drew
from before): per draw of n values, the median of 7 runs, in ms, and the ratio.

    PYTHONPATH=. python benchmarks/random_streams.py
"""
import time

import numpy as np

from eagergraph.phi.mt19937_64 import MT19937_64
from eagergraph.phi import std_random


def _median_ms(fn, reps=7):
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return 1e3 * sorted(times)[len(times) // 2]


def main():
    rng = np.random.default_rng(0)
    eng = MT19937_64().seed_seq(0)
    rows = [
        ("uniform f32", lambda n: std_random.uniform_real(eng, n, np.float32(0), np.float32(1),
                                                          np.float32),
         lambda n: rng.random(n, dtype=np.float32)),
        ("normal f32", lambda n: std_random.normal(eng, n, np.float32(0), np.float32(1),
                                                   np.float32),
         lambda n: rng.standard_normal(n, dtype=np.float32)),
        ("normal f64", lambda n: std_random.normal(eng, n, 0.0, 1.0, np.float64),
         lambda n: rng.standard_normal(n)),
        ("randint", lambda n: std_random.uniform_int(eng, n, 0, 9),
         lambda n: rng.integers(0, 10, n)),
        ("randperm", lambda n: std_random.shuffle(eng, np.arange(n)),
         lambda n: rng.permutation(n)),
    ]
    print(f"{'draw':<12} {'n':>9} {'exact ms':>10} {'numpy ms':>10} {'ratio':>7}")
    for name, exact, ref in rows:
        for n in (1000, 1_000_000):
            a = _median_ms(lambda: exact(n))
            b = _median_ms(lambda: ref(n))
            print(f"{name:<12} {n:>9} {a:>10.3f} {b:>10.3f} {a / b:>7.1f}")


if __name__ == "__main__":
    main()
