"""Instructions per op of the tiny chain `3 x (h*a, h+b, tanh); sum` on [4, 4] float32, counted
by valgrind's callgrind: deterministic, so a change's effect shows without a quiet machine.
callgrind collects only inside the measured loop (it runs under `functools.reduce`, and
`--toggle-collect=functools_reduce` counts what happens inside that C function), after a
warm-up, with the cyclic GC off (its share is deep_chain.py's figure) and a fixed hash seed.
Also counts the Python bytecodes and calls per op (sys.settrace; a few seconds, no valgrind).

    python benchmarks/instructions.py [--root CHECKOUT ...] [--no-callgrind]

--root: count another checkout of eagergraph too (e.g. a git worktree of an older commit), for
before/after figures in one table. Needs valgrind on PATH for the instruction counts (slow:
~2-3 minutes per figure per checkout, mostly the import under valgrind).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
N_OPS = 10

CHILD = r'''
import gc
import sys
sys.path.insert(0, sys.argv[1])
mode, steps, trace = sys.argv[2], int(sys.argv[3]), sys.argv[4] == "trace"
import numpy as np
import eagergraph as p
a0 = np.random.default_rng(0).standard_normal((4, 4)).astype(np.float32)
x, a, b = (p.to_tensor(v, stop_gradient=False) for v in (a0, a0 * 0.5, a0 * 0.1))

def fwd():
    h = x
    for _ in range(3):
        h = h * a
        h = h + b
        h = p.tanh(h)
    return h.sum()

def step():
    if mode == "fwd":
        fwd()
        return
    fwd().backward()
    for t in (x, a, b):
        t.clear_gradient(False)

for _ in range(20):
    step()
gc.collect()
gc.disable()  # the GC's share is deep_chain.py's figure
if not trace:
    import functools
    functools.reduce(lambda acc, _: step(), range(steps), None)  # what callgrind counts
else:
    sys.path.insert(0, BENCH)
    from counting import bytecodes_and_calls
    print(*bytecodes_and_calls(step, steps))
'''


def _callgrind(root, mode, steps):
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                        "--collect-atstart=no", "--toggle-collect=functools_reduce",
                        sys.executable, "-c", CHILD, root, mode, str(steps), "run"],
                       capture_output=True, text=True, env=_ENV)
    m = re.search(r"Collected : (\d+)", r.stderr)
    if m is None:
        raise RuntimeError(f"callgrind failed:\n{r.stderr[-2000:]}")
    return int(m.group(1))


CHILD = CHILD.replace("BENCH", repr(os.path.join(ROOT, "benchmarks")))
_ENV = dict(os.environ, PYTHONHASHSEED="0")  # the same dict layouts in every run


def instructions_per_op(root, mode, steps):
    return _callgrind(root, mode, steps) / (steps * N_OPS)


def bytecodes_per_op(root, mode, steps=10):
    r = subprocess.run([sys.executable, "-c", CHILD, root, mode, str(steps), "trace"],
                       capture_output=True, text=True, check=True)
    ops, calls = map(int, r.stdout.split())
    return ops / (steps * N_OPS), calls / (steps * N_OPS)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", action="append", default=[],
                    help="another eagergraph checkout to count as well")
    ap.add_argument("--steps", type=int, default=100)
    ap.add_argument("--no-callgrind", action="store_true")
    ap.add_argument("--skip-self", action="store_true", help="count only the --root checkouts")
    args = ap.parse_args()
    roots = args.root + ([] if args.skip_self else [ROOT])
    use_cg = not args.no_callgrind and shutil.which("valgrind") is not None
    print(f"per op of the 10-op chain on [4,4] float32 ({'callgrind' if use_cg else 'no valgrind'})")
    for root in roots:
        for mode in ("step", "fwd"):
            bc, calls = bytecodes_per_op(root, mode)
            line = f"  {root:<30} {mode:<5} bytecodes {bc:6.1f}  Python calls {calls:5.1f}"
            if use_cg:
                line += f"  instructions {instructions_per_op(root, mode, args.steps):8.0f}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
