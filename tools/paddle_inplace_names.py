"""Capture Paddle's public inplace API: every callable name ending in one `_` (not private) in
`paddle`, on `paddle.Tensor` and in `paddle.nn.functional`, from a real Paddle install.

    /tmp/oracle/bin/python tools/paddle_inplace_names.py > tests/fixtures/paddle331_inplace_public.json

tests/test_inplace_public.py compares eagergraph's inplace names with this list: every X_ that
eagergraph makes public must be public at the same place in Paddle, and every Paddle X_ whose
out-of-place X eagergraph has at that place must exist in eagergraph too (or be listed there as
not done yet).
"""
import json
import sys
import warnings


def inplace_names(namespace):
    return sorted(n for n in dir(namespace)
                  if n.endswith("_") and not n.startswith("_") and not n.endswith("__")
                  and callable(getattr(namespace, n, None)))


def main():
    warnings.filterwarnings("ignore")
    import paddle
    data = {"paddle_version": paddle.__version__,
            "paddle": inplace_names(paddle),
            "Tensor": inplace_names(paddle.Tensor),
            "nn.functional": inplace_names(paddle.nn.functional)}
    json.dump(data, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
