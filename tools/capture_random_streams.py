"""Capture Paddle 3.3.1's random streams, as committed test data.

    PYTHONPATH=. /path/to/python-with-paddle tools/capture_random_streams.py           # write
    PYTHONPATH=. /path/to/python-with-paddle tools/capture_random_streams.py --check   # compare
    PYTHONPATH=. /path/to/python-with-paddle tools/capture_random_streams.py --scale   # 1e6 draws

Runs every case of tests/random_stream_cases.py with real Paddle (CPU) and writes each output's
values, in their dtype, to tests/fixtures/random_streams.npz (key "<case>/<i>").
tests/test_random_streams.py runs the same cases on eagergraph and compares bit for bit, no
Paddle needed. --check runs the cases on both Paddle and eagergraph here and prints, per case,
how many values differ (writes nothing; exit status 1 if any differ). --scale compares a
million draws of the main streams (10^5 of the rejection samplers), and their time, between
Paddle and eagergraph."""
import argparse
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
OUT = os.path.join(ROOT, "tests", "fixtures", "random_streams.npz")


def run_case(paddle, code):
    env = {"paddle": paddle, "np": np}
    exec(code, env)  # noqa: S102 (the cases are this repository's own test programs)
    out = env["out"]
    outs = out if isinstance(out, (list, tuple)) else [out]
    return [np.asarray(o.numpy()) for o in outs]


SCALE_CASES = {
    "randn float32": "out = paddle.randn([1000000])",
    "randn float64": "out = paddle.randn([1000000], dtype='float64')",
    "rand float32": "out = paddle.rand([1000000])",
    "randint": "out = paddle.randint(0, 1000, [1000000])",
    "TruncatedNormal float32": "out = paddle.create_parameter([1000, 1000], 'float32', "
                               "default_initializer=paddle.nn.initializer.TruncatedNormal())",
    "TruncatedNormal float64": "out = paddle.create_parameter([1000, 1000], 'float64', "
                               "default_initializer=paddle.nn.initializer.TruncatedNormal())",
    "randperm": "out = paddle.randperm(100000)",
    "multinomial": "out = paddle.multinomial(paddle.to_tensor([[0.2, 0.3, 0.5]] * 1000), 100, "
                   "replacement=True)",
    # the rejection samplers, 10^5 draws each
    "poisson rate 3": "out = paddle.poisson(paddle.full([100000], 3.0))",
    "poisson rate 40": "out = paddle.poisson(paddle.full([100000], 40.0))",
    "poisson varied rates float64": "out = paddle.poisson(paddle.to_tensor(np.random.RandomState"
                                    "(0).exponential(10.0, 100000)))",
    "standard_gamma 2.0": "out = paddle.standard_gamma(paddle.full([100000], 2.0))",
    "standard_gamma 0.3 float64": "out = paddle.standard_gamma(paddle.full([100000], 0.3, "
                                  "'float64'))",
    "Dirichlet [0.5, 1, 3]": "out = paddle.distribution.Dirichlet(paddle.to_tensor([0.5, 1.0, "
                             "3.0])).sample([33333])",
    "binomial n=20 p=0.2": "out = paddle.binomial(paddle.full([100000], 20, 'int64'), "
                           "paddle.full([100000], 0.2))",
    "binomial n=1000 p=0.3 float64": "out = paddle.binomial(paddle.full([100000], 1000, 'int64'), "
                                     "paddle.full([100000], 0.3, 'float64'))",
}


def scale(paddle):
    import time
    import eagergraph
    bad = 0
    for name, code in SCALE_CASES.items():
        res = []
        for lib in (paddle, eagergraph):
            lib.seed(11)
            t = time.perf_counter()
            arr = run_case(lib, code)[0]
            res.append((arr, time.perf_counter() - t))
        (ref, tp), (mine, te) = res
        n = int((ref != mine).sum()) if ref.shape == mine.shape else ref.size
        bad += n > 0
        print(f"{name}: {n}/{ref.size} differ; Paddle {1e3 * tp:.1f} ms, eagergraph "
              f"{1e3 * te:.1f} ms")
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--scale", action="store_true")
    args = ap.parse_args()
    import paddle
    paddle.set_device("cpu")
    if args.scale:
        return scale(paddle)
    from tests.random_stream_cases import CASES
    data = {}
    for name, code in CASES.items():
        for i, arr in enumerate(run_case(paddle, code)):
            data[f"{name}/{i}"] = arr
    if not args.check:
        np.savez_compressed(OUT, **data)
        print(f"wrote {len(data)} arrays from {len(CASES)} cases to {OUT}")
        return 0
    import eagergraph
    bad = 0
    for name, code in CASES.items():
        mine = run_case(eagergraph, code)
        diffs = []
        for i, arr in enumerate(mine):
            ref = data[f"{name}/{i}"]
            if ref.shape != arr.shape or ref.dtype != arr.dtype:
                diffs.append(f"#{i}: {arr.dtype}{list(arr.shape)} vs {ref.dtype}{list(ref.shape)}")
            elif ref.tobytes() != arr.tobytes():
                diffs.append(f"#{i}: {int((ref != arr).sum())}/{ref.size} differ")
        bad += bool(diffs)
        print(f"{name}: {'same' if not diffs else '; '.join(diffs)}")
    print(f"{len(CASES) - bad}/{len(CASES)} cases bit for bit")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
