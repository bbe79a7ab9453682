"""Why the MLP step (benchmarks/mlp_step.py) costs more than the hand-written NumPy step although
it does the same array work: instructions and L1 cache misses per step, counted by valgrind's
callgrind with its cache simulation (deterministic; slow: a few minutes, mostly eagergraph's
import under valgrind). Also the Python bytecodes a step executes (sys.settrace, no valgrind).

    python benchmarks/mlp_cachesim.py [--steps 5] [--root CHECKOUT ...]

For each of the NumPy step and eagergraph's step: instructions (Ir), first-level instruction
cache misses (I1mr), data read and write misses (D1mr, D1mw), per step, and eagergraph's
ratio or excess over NumPy. The time ratio of mlp_step.py exceeds the instruction ratio by
what the extra misses cost: the Python code that runs between BLAS calls finds the caches
emptied by the BLAS work.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CHILD = r'''
import functools, gc, os, sys
os.environ["OMP_NUM_THREADS"] = os.environ["OPENBLAS_NUM_THREADS"] = "1"
root, mode, steps, trace = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "trace"
sys.path.insert(0, os.path.join(root, "benchmarks"))
sys.path.insert(0, root)
import mlp_step
if mode == "numpy":
    step = mlp_step.numpy_step()
else:
    import eagergraph
    step = mlp_step.paddle_like_step(eagergraph)
for _ in range(5):
    step()
gc.collect()
gc.disable()
if trace:
    sys.path.insert(0, BENCH)
    from counting import bytecodes_and_calls
    print(bytecodes_and_calls(step, steps)[0])
else:
    functools.reduce(lambda acc, _: step(), range(steps), None)  # what callgrind counts
'''

CHILD = CHILD.replace("BENCH", repr(os.path.join(ROOT, "benchmarks")))
EVENTS = ("Ir", "I1mr", "D1mr", "D1mw")


def _counts(root, mode, steps, out_file):
    r = subprocess.run(["valgrind", "--tool=callgrind", "--cache-sim=yes",
                        f"--callgrind-out-file={out_file}", "--collect-atstart=no",
                        "--toggle-collect=functools_reduce",
                        sys.executable, "-c", CHILD, root, mode, str(steps), "run"],
                       capture_output=True, text=True, env=dict(os.environ, PYTHONHASHSEED="0"))
    if r.returncode != 0 or not os.path.exists(out_file):
        raise RuntimeError(f"callgrind failed:\n{r.stderr[-2000:]}")
    text = open(out_file).read()
    os.unlink(out_file)
    events = re.search(r"^events: (.*)$", text, re.M).group(1).split()
    totals = list(map(int, re.search(r"^totals: (.*)$", text, re.M).group(1).split()))
    have = dict(zip(events, totals))
    return {e: have.get(e, 0) / steps for e in EVENTS}


def _bytecodes(root, mode, steps):
    r = subprocess.run([sys.executable, "-c", CHILD, root, mode, str(steps), "trace"],
                       capture_output=True, text=True, check=True)
    return int(r.stdout) / steps


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--root", action="append", default=[],
                    help="another eagergraph checkout to count as well")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("needs valgrind on PATH")
    tmp = os.path.join(tempfile.mkdtemp(), "callgrind.out")
    base = _counts(ROOT, "numpy", args.steps, tmp)
    print("per MLP step (784-512-512-10, batch 128), callgrind with cache simulation:")
    print("  " + " ".join(f"{e:>12}" for e in EVENTS) + "   bytecodes")
    print(f"  {'numpy':<10}" + "".join(f"{base[e]:12.0f} " for e in EVENTS)
          + f"  {_bytecodes(ROOT, 'numpy', 3):9.0f}")
    for root in [ROOT] + args.root:
        c = _counts(root, "eagergraph", args.steps, tmp)
        print(f"  {os.path.basename(root):<10}" + "".join(f"{c[e]:12.0f} " for e in EVENTS)
              + f"  {_bytecodes(root, 'eagergraph', 3):9.0f}")
        print(f"  {'':<10}Ir {c['Ir'] / base['Ir']:.3f}x numpy; extra misses per step: "
              f"I1 {c['I1mr'] - base['I1mr']:+.0f}, D1 read {c['D1mr'] - base['D1mr']:+.0f}, "
              f"D1 write {c['D1mw'] - base['D1mw']:+.0f}")


if __name__ == "__main__":
    main()
