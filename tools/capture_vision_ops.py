"""Capture paddle.vision.ops results from a real Paddle 3.3.1 for tests/test_vision_ops.py.

    PYTHONPATH=. /path/to/python-with-paddle tools/capture_vision_ops.py

runs every case of tests/vision_ops_cases.py and writes
tests/fixtures/paddle331_vision_ops.npz: per case `<name>|out<i>` (each output array; a missing
one, None, is stored as an empty 'none' marker) and `<name>|grad<j>` (the gradient of each
`diff` arg for the cotangent of the first output), or `<name>|error` (the exception's class)."""
import os
import sys
import warnings

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tests.vision_ops_cases import CASES, cotangent, flatten  # noqa: E402

OUT = os.path.join(ROOT, "tests", "fixtures", "paddle331_vision_ops.npz")
NONE = np.array("none")


def run(lib, fname, args, kwargs, diff):
    """(outputs, grads) of one case under lib (paddle or eagergraph); raises what it raises."""
    ts = [lib.to_tensor(a, stop_gradient=i not in diff) if isinstance(a, np.ndarray) else a
          for i, a in enumerate(args)]
    kw = {k: lib.to_tensor(v) if isinstance(v, np.ndarray) else v for k, v in kwargs.items()}
    outs = flatten(getattr(lib.vision.ops, fname)(*ts, **kw))
    grads = []
    if diff:
        o = outs[0]
        go = lib.to_tensor(cotangent(o.shape, o.numpy().dtype))
        grads = lib.grad([o], [ts[i] for i in diff], grad_outputs=[go])
    return [None if o is None else o.numpy() for o in outs], [g.numpy() for g in grads]


def main():
    warnings.filterwarnings("ignore")
    import paddle
    data = {}
    for name, fname, args, kwargs, diff in CASES:
        try:
            outs, grads = run(paddle, fname, args, kwargs, diff)
        except Exception as e:  # the error class is the expectation
            data[f"{name}|error"] = np.array(type(e).__name__)
            continue
        for i, o in enumerate(outs):
            data[f"{name}|out{i}"] = NONE if o is None else o
        for j, g in enumerate(grads):
            data[f"{name}|grad{j}"] = g
    np.savez_compressed(OUT, paddle_version=np.array(paddle.__version__), **data)
    print(f"wrote {os.path.relpath(OUT, ROOT)}: {len(CASES)} cases")


if __name__ == "__main__":
    main()
