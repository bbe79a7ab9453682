"""What each rank of paddle.distributed.spawn runs (under worker.py, which has set the rank's
Paddle environment and made eagergraph answer `import paddle`): import the spawning script
again as `__mp_main__` (as multiprocessing's spawn does, so functions defined in it unpickle),
unpickle func and args, call func(*args) and leave its return value, or its traceback, in the
run folder for the parent (spawn.py). A failure aborts the whole MPI job at once."""
import json
import multiprocessing.spawn
import os
import pickle
import sys
import traceback

from .worker import _fail

BOOTSTRAP_VAR = "EAGERGRAPH_SPAWN_BOOTSTRAP"


def _write(run_dir, name, data):
    tmp = os.path.join(run_dir, f".{name}.tmp")
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, os.path.join(run_dir, name))


def main(run_dir):
    rank = int(os.environ.get("PADDLE_TRAINER_ID", "0"))
    try:
        with open(os.path.join(run_dir, "payload.json")) as f:
            meta = json.load(f)
        sys.path[:0] = [p for p in meta["sys_path"] if p not in sys.path]
        if meta["main_path"]:
            os.environ[BOOTSTRAP_VAR] = "1"
            try:
                multiprocessing.spawn.import_main_path(meta["main_path"])
            finally:
                del os.environ[BOOTSTRAP_VAR]
        with open(os.path.join(run_dir, "payload.pkl"), "rb") as f:
            func, args = pickle.load(f)
        result = func(*args)
        _write(run_dir, f"result.{rank}", pickle.dumps(result))
    except KeyboardInterrupt:
        pass
    except Exception as e:  # noqa: BLE001 -- reported to the parent, which raises it
        _write(run_dir, f"error.{rank}", traceback.format_exc().encode())
        _fail(rank, 1, f"{type(e).__name__}: {e}")


if __name__ == "__main__":
    main(sys.argv[1])
