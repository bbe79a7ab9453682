"""Capture results of public functions from a real Paddle 3.3.1 for the case tables of
tests/*_cases.py (tests/vision_ops_cases.py, tests/incubate_cases.py).

    PYTHONPATH=. /path/to/python-with-paddle tools/capture_cases.py tests.vision_ops_cases

A case table module defines NAMESPACE (the dotted namespace under paddle, e.g. 'vision.ops'),
FIXTURE (the .npz file under tests/fixtures/ to write) and CASES. Every case is run and stored:
per case `<name>|out<i>` (each output array; a missing output, None, is stored as the marker
'none') and `<name>|grad<j>` (the gradient of each `diff` arg for the cotangent of the first
output), or `<name>|error` (the exception's class name)."""
import importlib
import os
import sys
import warnings

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tests.case_runner import run  # noqa: E402

NONE = np.array("none")


def main(argv):
    warnings.filterwarnings("ignore")
    if len(argv) != 1:
        sys.exit(__doc__)
    table = importlib.import_module(argv[0])
    import paddle
    data = {}
    for name, fname, args, kwargs, diff in table.CASES:
        try:
            outs, grads = run(paddle, table.NAMESPACE, fname, args, kwargs, diff)
        except Exception as e:  # the error class is the expectation
            data[f"{name}|error"] = np.array(type(e).__name__)
            continue
        for i, o in enumerate(outs):
            data[f"{name}|out{i}"] = NONE if o is None else o
        for j, g in enumerate(grads):
            data[f"{name}|grad{j}"] = g
    path = os.path.join(ROOT, "tests", "fixtures", table.FIXTURE)
    np.savez_compressed(path, paddle_version=np.array(paddle.__version__), **data)
    print(f"wrote {os.path.relpath(path, ROOT)}: {len(table.CASES)} cases")


if __name__ == "__main__":
    main(sys.argv[1:])
