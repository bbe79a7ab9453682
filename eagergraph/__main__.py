"""`python -m eagergraph run script.py [args...]`: run an unchanged Paddle dygraph script with
eagergraph answering `import paddle` (see eagergraph/paddle_alias.py).

`python -m eagergraph diff script.py [args...]`: run it with the real paddle and with
eagergraph and report the first op where they part (eagergraph/debug/diff/)."""
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
    d = sub.add_parser("diff", help="run a script with real paddle and with eagergraph and "
                                     "report the first op whose values or gradients differ")
    d.add_argument("--json", metavar="PATH", help="also write the report as JSON")
    d.add_argument("--html", metavar="PATH", help="also write a self-contained HTML report")
    d.add_argument("--max-values", type=int, default=65536, metavar="N",
                   help="keep tensors up to N elements whole; past it summary statistics "
                        "(default 65536)")
    d.add_argument("--seed", type=int, default=0, help="seed for paddle, numpy and random in "
                                                       "both runs (default 0)")
    d.add_argument("--all", action="store_true",
                   help="record every step (default: stop after the first step that differs)")
    d.add_argument("--steps", type=int, metavar="N", help="end both runs after N optimizer steps")
    d.add_argument("--rtol", type=float, help="relative tolerance for every dtype")
    d.add_argument("--atol", type=float, help="absolute tolerance for every dtype")
    d.add_argument("--device", choices=["cpu", "gpu"], default="cpu",
                   help="where real paddle runs (gpu: a Paddle built with CUDA, and eagergraph "
                        "computes every float32/float16/bfloat16 kernel in float64 as the "
                        "oracle: is my GPU kernel wrong?)")
    d.add_argument("script", help="the script to run")
    d.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the script")
    ns = ap.parse_args(argv)
    if not os.path.isfile(ns.script):
        ap.error(f"no such script: {ns.script}")
    if ns.command == "diff":
        return _diff(ap, ns)
    from .paddle_alias import install_as_paddle
    install_as_paddle()
    sys.argv = [ns.script] + ns.args
    sys.path.insert(0, os.path.dirname(os.path.abspath(ns.script)))
    runpy.run_path(ns.script, run_name="__main__")



def _diff(ap, ns):
    if ns.max_values < 0:
        ap.error("--max-values must be >= 0")
    if ns.steps is not None and ns.steps < 1:
        ap.error("--steps must be >= 1")
    import importlib.util
    if importlib.util.find_spec("paddle") is None:
        ap.error("diff needs the real paddle installed (pip install paddlepaddle)")
    from .debug.diff import diff_script
    try:
        res = diff_script(ns.script, ns.args, limit=ns.max_values, seed=ns.seed,
                          record_all=ns.all, steps=ns.steps, rtol=ns.rtol, atol=ns.atol,
                          device=ns.device)
    except RuntimeError as e:
        print(f"eagergraph diff: {e}", file=sys.stderr)
        return 2
    print(res.text(), end="")
    if ns.json:
        with open(ns.json, "w", encoding="utf-8") as f:
            f.write(res.json())
    if ns.html:
        with open(ns.html, "w", encoding="utf-8") as f:
            f.write(res.html())
    return 1 if res.diverged else 0


if __name__ == "__main__":
    sys.exit(main())
