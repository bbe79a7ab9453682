"""Speed of the Paddle-exact random streams against NumPy's own generator (what eagergraph drew
from before): per draw of n values, the median of 7 runs, in ms, and the ratio. Then the
rejection samplers (poisson, standard_gamma, binomial) on 10^5 elements: eagergraph's default
path, the reference element loop (vectorised=False), the tables over draw positions
(eagergraph.phi.std_chain) where they are not the default, and real Paddle 3.3.1's CPU kernel
when it is installed (the fastest of 5 runs each: the machine is shared).

    PYTHONPATH=. python benchmarks/random_streams.py [--samplers]
"""
import sys
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


def _best_ms(fn, reps=5):
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return 1e3 * min(times)


def _paddle():
    try:
        import paddle  # the oracle, if installed (never imported by eagergraph itself)
    except ImportError:
        return None
    paddle.set_device("cpu")
    return paddle


def samplers(n=100_000):
    from eagergraph.phi import std_gamma, std_poisson, std_binomial
    pd = _paddle()
    eng = MT19937_64().seed_seq(0)
    f32, f64 = np.float32, np.float64

    def gamma(a, dt):
        x = np.full(n, a, dt) if np.ndim(a) == 0 else np.tile(np.array(a, dt), n)[:n]
        return (lambda v: std_gamma._standard_gamma(eng, x, vectorised=v), None,
                lambda: pd.standard_gamma(pd.to_tensor(x)))

    def poisson(r):
        x = np.full(n, r) if np.ndim(r) == 0 else np.tile(np.array(r), n)[:n]
        return (lambda v: std_poisson._poisson(eng, x, vectorised=None if v else False),
                lambda: std_poisson._poisson(eng, x, vectorised=True),
                lambda: pd.poisson(pd.to_tensor(x)))

    def binomial(c, p, dt):
        cc, pp = np.full(n, c, dt), np.full(n, p, dt)
        return (lambda v: std_binomial._binomial(eng, cc, pp, vectorised=v), None,
                lambda: pd.binomial(pd.to_tensor(cc.astype(np.int64)), pd.to_tensor(pp)))

    rows = [
        ("gamma f32 a=2", gamma(2.0, f32)), ("gamma f32 a=0.3", gamma(0.3, f32)),
        ("gamma f32 a=50", gamma(50.0, f32)), ("gamma f32 mix3", gamma([0.3, 2.0, 50.0], f32)),
        ("gamma f64 a=2", gamma(2.0, f64)), ("gamma f64 a=0.3", gamma(0.3, f64)),
        ("gamma f64 mix3", gamma([0.3, 2.0, 50.0], f64)),
        ("poisson 3", poisson(3.0)), ("poisson 11.9", poisson(11.9)),
        ("poisson 40", poisson(40.0)), ("poisson 1e4", poisson(1e4)),
        ("binomial f32 100,.3", binomial(100, 0.3, f32)),
        ("binomial f32 20,.5", binomial(20, 0.5, f32)),
        ("binomial f64 100,.3", binomial(100, 0.3, f64)),
        ("binomial f64 1e6,.4", binomial(10 ** 6, 0.4, f64)),
        ("binomial f32 10,.2", binomial(10, 0.2, f32)),
        ("binomial f64 10,.2", binomial(10, 0.2, f64)),
    ]
    print(f"{'n = ' + str(n):<22} {'default':>8} {'loop':>8} {'tables':>8} {'paddle':>8}"
          f" {'loop/def':>9} {'def/pd':>7}")
    for name, (run, tables, ref) in rows:
        d = _best_ms(lambda: run(True))
        lp = _best_ms(lambda: run(False), 3)
        tb = _best_ms(tables, 3) if tables else float("nan")
        pt = _best_ms(ref) if pd is not None else float("nan")
        print(f"{name:<22} {d:>8.1f} {lp:>8.1f} {tb:>8.1f} {pt:>8.2f} {lp / d:>9.2f}"
              f" {d / pt:>7.1f}")


if __name__ == "__main__":
    if "--samplers" not in sys.argv:
        main()
    samplers()
