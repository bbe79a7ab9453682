"""Capture Paddle 3.3.1's random streams, as committed test data.

    PYTHONPATH=. /path/to/python-with-paddle tools/capture_random_streams.py           # write
    PYTHONPATH=. /path/to/python-with-paddle tools/capture_random_streams.py --check   # compare

Runs every case of tests/random_stream_cases.py with real Paddle (CPU) and writes each output's
values, in their dtype, to tests/fixtures/random_streams.npz (key "<case>/<i>").
tests/test_random_streams.py runs the same cases on eagergraph and compares bit for bit, no
Paddle needed. --check runs the cases on both Paddle and eagergraph here and prints, per case,
how many values differ (writes nothing; exit status 1 if any differ)."""
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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    import paddle
    paddle.set_device("cpu")
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
