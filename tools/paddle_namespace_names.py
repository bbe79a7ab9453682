"""Capture the public names (`__all__`) of the Paddle namespaces the coverage page tracks, from
a real Paddle install:

    /path/to/python-with-paddle tools/paddle_namespace_names.py > tests/fixtures/paddle331_namespaces.json

tools/op_coverage.py reads the file (no Paddle needed) to show, per namespace, how many of
Paddle's names eagergraph has and which are missing."""
import importlib
import json
import sys
import warnings

NAMESPACES = ["geometric", "vision.ops", "incubate.nn", "incubate.nn.functional",
              "vision.datasets", "text", "text.datasets", "sparse", "sparse.nn", "sparse.nn.functional",
              "jit", "distributed", "distributed.fleet", "distributed.fleet.utils",
              "incubate.distributed.fleet"]


def main():
    warnings.filterwarnings("ignore")
    import paddle
    data = {"paddle_version": paddle.__version__, "namespaces": {}}
    for ns in NAMESPACES:
        mod = importlib.import_module(f"paddle.{ns}")
        names = getattr(mod, "__all__", None) or [n for n in dir(mod) if not n.startswith("_")]
        data["namespaces"][ns] = sorted(set(names))
    json.dump(data, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
