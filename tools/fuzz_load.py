"""Fuzz paddle.load with mutated real checkpoints; every case must load or raise a clear error.

    python tools/fuzz_load.py --cases 5000 --seed 1           # a long run by hand
    python tools/fuzz_load.py --cases 300 --seed 24 --json    # what tests/test_load_fuzz.py runs
    python tools/fuzz_load.py --paddle-seeds DIR ...          # also mutate files real Paddle wrote

Run from the repository root. Seed files: checkpoints eagergraph's own paddle.save writes
(state dicts, nested objects, a Tensor, an optimizer state, pickle protocols 2-4, a big-array
split) plus the files real Paddle 3.3.1 wrote in tests/fixtures/ (and any under
--paddle-seeds). Each case applies 1-4 random mutations (mostly one) (bit flips, interesting bytes or
lengths over a random spot or over a length prefix, a dtype spec swapped for a hostile one,
deletions, insertions, duplications, truncation) and loads the result in a worker process,
printing and walking what loads. A case is:
  ok      loaded with return_numpy=True (and printed, walked); then loaded as Tensors or
          raised a clear error (str and datetime arrays make no Tensor)
  error   raised ValueError, UnsafePickleError or NotImplementedError (what paddle.load
          documents for a bad file)
  unclean raised anything else (a defect)
  crash   the worker died from a signal (a defect); a new worker goes on with the next case
  hang    no answer within --case-timeout seconds (a defect)
The summary gives counts, the slowest case and, for every defect, the case number (rerun one
with --only N to reproduce it).
"""
import argparse
import io
import json
import os
import pickletools
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "tests", "fixtures")

INTERESTING_INTS = [0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0xffff, 2 ** 30, 2 ** 31 - 1, 2 ** 31,
                    2 ** 32 - 1, 2 ** 40, 2 ** 63 - 1, 2 ** 64 - 1]
HOSTILE_SPECS = [b"O8", b"O4", b"V8", b"U3", b"M8", b"S0", b"V0", b"c8", b"f16", b"i8", b"T8"]


def make_seeds(extra_dir=None):
    """(name, bytes) checkpoints written by eagergraph's paddle.save, and by real Paddle."""
    sys.path.insert(0, ROOT)
    import numpy as np
    import eagergraph as paddle

    paddle.seed(0)
    lin = paddle.nn.Linear(3, 2)
    opt = paddle.optimizer.Adam(learning_rate=0.1, parameters=lin.parameters())
    lin(paddle.ones([1, 3])).sum().backward()
    opt.step()
    objs = {
        "linear_sd": lin.state_dict(),
        "adam_sd": opt.state_dict(),
        "nested": {"t": [paddle.to_tensor([[1, 2], [3, 4]], dtype="int32"),
                         {"half": paddle.to_tensor([1.5], dtype="float16")}], "epoch": 7,
                   "meta": ("a", 1.5, None, True, {1, 2}, np.float32(3), 1 + 2j, slice(1, 2)),
                   "arr": np.arange(5, dtype=np.int64)},
        "numpy_data": {"str": np.array(["ab", "c"]), "bytes": np.array([b"xy"]),
                       "when": np.arange(3).astype("M8[s]"), "big_endian": np.arange(3, dtype=">i4"),
                       "fortran": np.asfortranarray(np.arange(6.0).reshape(2, 3)),
                       "dtype": np.dtype("<U3"), "c128": np.complex128(1 - 1j)},
        "tensor": paddle.to_tensor(np.linspace(-1, 1, 6).reshape(2, 3)),
        "mixed_dtypes": {k: paddle.to_tensor(np.arange(3).astype(k))
                         for k in ("bool", "uint8", "int16", "float64", "complex64")},
    }
    seeds = []
    for name, obj in objs.items():
        for protocol in (2, 3, 4):
            buf = io.BytesIO()
            paddle.save(obj, buf, protocol=protocol)
            seeds.append((f"{name}.p{protocol}", buf.getvalue()))
    for name in sorted(os.listdir(FIXTURES)):
        if name.startswith("paddle331_") and name.endswith((".pdparams", ".pdopt", ".pd")):
            with open(os.path.join(FIXTURES, name), "rb") as f:
                seeds.append((name, f.read()))
    for name in sorted(os.listdir(extra_dir)) if extra_dir else ():
        with open(os.path.join(extra_dir, name), "rb") as f:
            seeds.append((name, f.read()))
    return seeds


def length_prefix_spots(data):
    """Offsets of the length prefixes (and their width) in a well-formed pickle."""
    spots = []
    try:
        for op, _arg, pos in pickletools.genops(data):
            n = op.arg.n if op.arg is not None else 0
            width = {-2: 1, -3: 4, -4: 4, -5: 8}.get(n) or (8 if op.name == "FRAME" else 0)
            if width:
                spots.append((pos + 1, width))
    except Exception:  # noqa: BLE001 - a seed is well formed; a partial list is fine anyway
        pass
    return spots


def mutate(data, rng, spots):
    data = bytearray(data)
    for _ in range(rng.choice([1, 1, 1, 2, 3, 4])):
        kind = rng.randrange(9)
        pos = rng.randrange(len(data)) if data else 0
        if kind == 0 and data:
            data[pos] ^= 1 << rng.randrange(8)
        elif kind == 1 and data:
            data[pos] = rng.choice([0, 0xff, 0x7f, 0x80, rng.randrange(256)])
        elif kind in (2, 3):
            if kind == 3 and spots:
                pos, width = rng.choice(spots)
            else:
                width = rng.choice([1, 2, 4, 8])
            value = rng.choice(INTERESTING_INTS) % (256 ** width)
            data[pos:pos + width] = value.to_bytes(width, "little")
        elif kind == 4:
            found = [i for i in range(len(data) - 1) if data[i:i + 2] in (b"f4", b"f8", b"i8",
                                                                         b"i4", b"f2", b"b1")]
            if found:
                i = rng.choice(found)
                data[i:i + 2] = rng.choice(HOSTILE_SPECS)[:2]
        elif kind == 5:
            del data[pos:pos + rng.randint(1, 16)]
        elif kind == 6:
            data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif kind == 7 and data:
            a = rng.randrange(len(data))
            data[pos:pos] = data[a:a + rng.randint(1, 64)]
        elif kind == 8:
            del data[rng.randrange(len(data) + 1):]
    return bytes(data)


def cases(seed, n, seeds):
    rng = random.Random(seed)
    spots = {name: length_prefix_spots(data) for name, data in seeds}
    for i in range(n):
        name, data = seeds[i % len(seeds)]
        yield i, name, mutate(data, rng, spots[name])


# ------------------------------------------------------------------------------------ worker

def _walk(obj, seen=None):
    import numpy as np
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, dict):
        for k, v in obj.items():
            _walk(k, seen)
            _walk(v, seen)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            _walk(v, seen)
    elif isinstance(obj, np.ndarray):
        assert not obj.dtype.hasobject, "an object array came out of paddle.load"
        obj.tolist()
    elif hasattr(obj, "numpy"):
        obj.numpy().tolist()


def worker(args):
    """Read case numbers on stdin; answer one JSON line per case."""
    sys.path.insert(0, ROOT)
    import eagergraph as paddle
    from eagergraph.framework_io import UnsafePickleError

    seeds = make_seeds(args.paddle_seeds)
    table = dict(((i, (name, data)) for i, name, data in cases(args.seed, args.cases, seeds)))
    for line in sys.stdin:
        i = int(line)
        name, data = table[i]
        t0 = time.perf_counter()
        try:
            # return_numpy=True first: a str or datetime array loads but makes no Tensor
            for return_numpy in (True, False):
                outcome, detail = "ok", ""
                obj = paddle.load(io.BytesIO(data), return_numpy=return_numpy)
                repr(obj)
                _walk(obj)
        except (ValueError, UnsafePickleError, NotImplementedError) as e:
            if not (outcome == "ok" and return_numpy is False):
                outcome, detail = "error", type(e).__name__
        except Exception as e:  # noqa: BLE001 - that is what the fuzzer looks for
            outcome, detail = "unclean", f"{type(e).__name__}: {str(e)[:200]}"
        print(json.dumps({"case": i, "seed_file": name, "outcome": outcome, "detail": detail,
                          "seconds": time.perf_counter() - t0}), flush=True)


# ------------------------------------------------------------------------------------ driver

def run(args):
    todo = [args.only] if args.only is not None else list(range(args.cases))
    counts = {"ok": 0, "error": 0, "unclean": 0, "crash": 0, "hang": 0}
    defects, slowest, errors = [], (0.0, None), {}
    t_start = time.time()
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", "--seed", str(args.seed),
           "--cases", str(args.cases)]
    if args.paddle_seeds:
        cmd += ["--paddle-seeds", os.path.abspath(args.paddle_seeds)]
    proc = None
    import selectors
    for i in todo:
        if proc is None:
            proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
            sel = selectors.DefaultSelector()
            sel.register(proc.stdout, selectors.EVENT_READ)
            first = True
        proc.stdin.write(f"{i}\n")
        proc.stdin.flush()
        # the first case also waits for the worker's start (import, seed files)
        ready = sel.select(args.case_timeout + (60 if first else 0))
        first = False
        line = proc.stdout.readline() if ready else None
        if line:
            rec = json.loads(line)
            counts[rec["outcome"]] += 1
            if rec["outcome"] == "error":
                errors[rec["detail"]] = errors.get(rec["detail"], 0) + 1
            if rec["outcome"] == "unclean":
                defects.append(rec)
            if rec["seconds"] > slowest[0]:
                slowest = (rec["seconds"], i)
            continue
        if ready is not None and not ready:
            counts["hang"] += 1
            defects.append({"case": i, "outcome": "hang"})
            proc.kill()
        else:
            counts["crash"] += 1
            defects.append({"case": i, "outcome": "crash", "detail": f"rc {proc.wait()}"})
        proc.wait()
        proc = None
    if proc is not None:
        proc.stdin.close()
        proc.wait()
    return {"seed": args.seed, "cases": len(todo), "counts": counts, "errors": errors,
            "slowest_case_s": round(slowest[0], 4), "slowest_case": slowest[1],
            "wall_s": round(time.time() - t_start, 1), "defects": defects}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--case-timeout", type=float, default=10.0)
    ap.add_argument("--paddle-seeds", default=None,
                    help="a folder of more seed files (e.g. written by real Paddle)")
    ap.add_argument("--only", type=int, default=None, help="run one case number")
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        return worker(args)
    summary = run(args)
    if args.json:
        print(json.dumps(summary))
    else:
        for key, value in summary.items():
            print(f"{key}: {value}")
    return 1 if summary["defects"] else 0


if __name__ == "__main__":
    sys.exit(main())
