"""`python -m eagergraph run script.py [args...]`: run an unchanged Paddle dygraph script with
eagergraph answering `import paddle` (see eagergraph/paddle_alias.py)."""
import argparse
import os
import runpy
import sys


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python -m eagergraph",
        description="Run a Paddle dygraph script on eagergraph: `import paddle` in it (and "
                    "paddle.nn, paddle.io, ...) imports eagergraph.")
    sub = ap.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run a Python script with eagergraph as paddle")
    run.add_argument("script", help="the script to run")
    run.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the script")
    ns = ap.parse_args(argv)
    if not os.path.isfile(ns.script):
        ap.error(f"no such script: {ns.script}")
    from .paddle_alias import install_as_paddle
    install_as_paddle()
    sys.argv = [ns.script] + ns.args
    sys.path.insert(0, os.path.dirname(os.path.abspath(ns.script)))
    runpy.run_path(ns.script, run_name="__main__")


if __name__ == "__main__":
    main()
