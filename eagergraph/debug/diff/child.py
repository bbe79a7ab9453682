"""One side of a diff run, in its own process: `python -m eagergraph.debug.diff.child SIDE ...`
runs the script with the real paddle (SIDE=paddle) or with eagergraph answering `import paddle`
(SIDE=eagergraph) under a Recorder, and pickles the record to --out. The eagergraph side
replays the reference record's random draws and, unless --all, stops after the first optimizer
step in which it differs from the reference."""
import argparse
import os
import pickle
import random as _random
import runpy
import sys
import traceback

import numpy as np

from .recorder import Recorder, StopRun
from .tensors import DEFAULT_LIMIT

__all__ = ["record_run", "main"]


def _seed(paddle, seed):
    paddle.seed(seed)
    np.random.seed(seed)
    _random.seed(seed)


def record_run(side, target, limit=DEFAULT_LIMIT, seed=0, reference=None, record_all=False,
               max_steps=None, rtol=None, atol=None, alias=False, device="cpu"):
    """Run `target(paddle_module)` under a recorder for `side` ('paddle' or 'eagergraph');
    returns the record (a dict). For 'eagergraph', `alias=True` (a process of its own) also
    makes `import paddle` give eagergraph; otherwise the target just gets the eagergraph
    module and the process is left as it was. For 'paddle' the process must not have
    eagergraph installed as paddle. device="gpu": paddle runs on its GPU (RuntimeError if it
    has none), eagergraph under the float64 oracle (oracle.py)."""
    if side == "paddle":
        import paddle
        if getattr(paddle, "__name__", "") != "paddle" or not hasattr(paddle, "_legacy_C_ops"):
            raise RuntimeError("the real paddle is not importable here (is eagergraph "
                               "installed as paddle in this process?)")
        from .record_paddle import PaddleAdapter, install, restore
        if device == "gpu":
            _use_gpu(paddle)
        rec = Recorder(PaddleAdapter(paddle), limit, max_steps)
        undo = install(rec)

        def uninstall():
            restore(undo)
    else:
        if alias:
            from ...paddle_alias import install_as_paddle
            paddle = install_as_paddle()
        else:
            paddle = sys.modules[__name__.split(".")[0]]
        from .record_eager import EagerAdapter, install
        from .replay import Replay
        rec = Recorder(EagerAdapter(), limit, max_steps)
        replay = Replay(reference["draws"]) if reference is not None else None
        patches = [install(rec, replay)]
        if device == "gpu":
            from . import oracle
            patches.append(oracle.install())

        def uninstall():
            for p in reversed(patches):
                p.restore()
        if reference is not None and not record_all:
            rec.on_step_end = _stop_at_divergence(reference, rtol, atol)
    try:
        rec._busy += 1          # seeding is no op of the script's
        try:
            _seed(paddle, seed)
        finally:
            rec._busy -= 1
        target(paddle)
    except StopRun:
        pass
    except SystemExit as e:
        if e.code not in (None, 0):
            rec.error = {"type": "SystemExit", "message": str(e.code), "site": ""}
    except BaseException as e:  # the script's own error is part of what is compared
        tb = traceback.extract_tb(e.__traceback__)
        user = [f for f in tb if not f.filename.startswith(rec.adapter.skip_dirs)]
        site = f"{user[-1].filename}:{user[-1].lineno}" if user else ""
        rec.error = {"type": type(e).__name__, "message": str(e), "site": site}
        traceback.print_exc()
    finally:
        uninstall()
        rec.active = False
    return rec.as_record()


NO_GPU_EXIT = 3  # the child's exit status when --device gpu finds no GPU in paddle


class NoGPU(RuntimeError):
    pass


def _use_gpu(paddle):
    if not paddle.is_compiled_with_cuda() or paddle.device.cuda.device_count() < 1:
        raise NoGPU("--device gpu: the installed paddle has no GPU here (a CUDA build of "
                    "paddlepaddle and a visible GPU are needed); run without --device")
    paddle.set_device("gpu")


def _stop_at_divergence(reference, rtol, atol):
    from .align import analyze

    def check(rec):
        step = rec.step - 1
        found = analyze(reference, rec.as_record(), rtol=rtol, atol=atol, steps={step})
        if found.first_forward is not None or found.first_backward is not None:
            rec.stopped = (f"stopped after step {step}, the first step that differs "
                           f"(--all records every step)")
            rec.active = False
            raise StopRun(rec.stopped)
    return check


def _script_target(script, args):
    def target(paddle):
        sys.argv = [script] + list(args)
        sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
        runpy.run_path(script, run_name="__main__")
    return target


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m eagergraph.debug.diff.child")
    ap.add_argument("side", choices=["paddle", "eagergraph"])
    ap.add_argument("--out", required=True)
    ap.add_argument("--reference")
    ap.add_argument("--limit", type=int, default=DEFAULT_LIMIT)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--steps", type=int)
    ap.add_argument("--rtol", type=float)
    ap.add_argument("--atol", type=float)
    ap.add_argument("--device", choices=["cpu", "gpu"], default="cpu")
    ap.add_argument("script")
    ap.add_argument("args", nargs=argparse.REMAINDER)
    ns = ap.parse_args(argv)
    reference = None
    if ns.reference:
        with open(ns.reference, "rb") as f:
            reference = pickle.load(f)
    try:
        record = record_run(ns.side, _script_target(ns.script, ns.args), ns.limit, ns.seed,
                            reference, ns.all, ns.steps, ns.rtol, ns.atol, alias=True,
                            device=ns.device)
    except NoGPU as e:
        print(e, file=sys.stderr)
        sys.exit(NO_GPU_EXIT)
    record["script"] = os.path.abspath(ns.script)
    with open(ns.out, "wb") as f:
        pickle.dump(record, f, protocol=pickle.HIGHEST_PROTOCOL)


if __name__ == "__main__":
    main()
