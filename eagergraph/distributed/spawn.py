"""paddle.distributed.spawn (Paddle distributed/spawn.py) on the MPI backend: start `nprocs`
ranks with the launcher's mpiexec, each running `func(*args)` with Paddle's per-rank
environment (PADDLE_TRAINER_ID, PADDLE_TRAINERS_NUM, PADDLE_TRAINER_ENDPOINTS, ...), so that
`dist.init_parallel_env()` inside `func` joins the job.

As with Paddle's 'spawn' start method, `func` and `args` are pickled: `func` must be defined
at the top level of a module (or of the main script, which each rank imports again as
`__mp_main__`, so the script's `spawn` call belongs under `if __name__ == "__main__":`). The
returned MultiprocessContext joins the job; a rank that raises makes `join` raise Paddle's
"Process R terminated with the following error" Exception carrying that rank's traceback,
after the whole job has been stopped. Each rank's return value is in
`context.return_queues[rank]`."""
import json
import multiprocessing
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
import time
import warnings

__all__ = ["spawn", "MultiprocessContext"]

_SUPPORTED = ["start_method", "ips", "gpus", "xpus", "print_config", "backend"]
_DEPRECATED = ["selected_devices", "started_port", "cluster_node_ips", "node_ip",
               "use_paddlecloud"]
BOOTSTRAP_VAR = "EAGERGRAPH_SPAWN_BOOTSTRAP"


def _options_valid_check(options):
    for key in options:
        if key in _SUPPORTED:
            continue
        if key in _DEPRECATED:
            warnings.warn(f"The config option ({key}) of `paddle.distributed.spawn` is "
                          f"deprecated. Please use the latest config options stated in the "
                          f"`spawn` API documentation.", DeprecationWarning)
        else:
            raise ValueError(f"The config option ({key}) of `paddle.distributed.spawn` is "
                             f"not supported.")


def _check_backend(options):
    backend = options.get("backend", "auto")
    if backend in ("auto", "gloo", "mpi"):
        return
    if backend in ("nccl", "bkcl", "xccl", "heter"):
        raise RuntimeError(f"paddle.distributed.spawn: backend '{backend}' needs devices "
                           f"eagergraph does not have; use backend='auto' (the CPU ranks "
                           f"then talk over MPI)")
    raise ValueError(f"paddle.distributed.spawn: unknown backend {backend!r}")


class _ResultQueue:
    """What a rank's `func` returned (Paddle: a multiprocessing SimpleQueue)."""

    def __init__(self, path):
        self._path = path
        self._taken = False

    def empty(self):
        return self._taken or not os.path.exists(self._path)

    def get(self):
        if self.empty():
            raise RuntimeError("this rank left no return value (it failed or is running)")
        with open(self._path, "rb") as f:
            value = pickle.load(f)
        self._taken = True
        return value


class _Rank:
    """One rank as Paddle's context lists it (`processes[r]`): its exitcode once joined."""

    def __init__(self, context, rank):
        self._context, self.rank = context, rank

    @property
    def exitcode(self):
        return self._context._exitcode(self.rank)

    def is_alive(self):
        return self._context._proc.poll() is None

    def join(self, timeout=None):
        self._context.join(timeout)

    def terminate(self):
        self._context.terminate()


class MultiprocessContext:
    """The running job: join(timeout=None) returns True once every rank has finished (False
    while some still run), and raises Paddle's Exception when a rank failed."""

    def __init__(self, proc, run_dir, nprocs):
        self._proc, self._run_dir, self._nprocs = proc, run_dir, nprocs
        self.processes = [_Rank(self, r) for r in range(nprocs)]
        self.return_queues = [_ResultQueue(os.path.join(run_dir, f"result.{r}"))
                              for r in range(nprocs)]
        self.error_queues = []
        self._done = False

    def _exitcode(self, rank):
        rc = self._proc.poll()
        if rc is None:
            return None
        if os.path.exists(os.path.join(self._run_dir, f"error.{rank}")):
            return 1
        return 0 if rc == 0 else rc

    def join(self, timeout=None):
        if self._done:
            return True
        try:
            rc = self._proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return False
        self._done = True
        if rc != 0:
            self._throw_exception(rc)
        return True

    def terminate(self):
        from .launch.main import _stop
        if self._proc.poll() is None:
            _stop(self._proc)

    def _throw_exception(self, rc):
        errors = sorted((os.path.getmtime(os.path.join(self._run_dir, n)), int(n.split(".")[1]))
                        for n in os.listdir(self._run_dir) if n.startswith("error."))
        if not errors:
            if rc < 0:
                import signal
                raise Exception(f"Process 0 terminated with signal "
                                f"{signal.Signals(-rc).name}.")
            raise Exception(f"Process 0 terminated with exit code {rc}.")
        rank = errors[0][1]
        with open(os.path.join(self._run_dir, f"error.{rank}")) as f:
            trace = f.read()
        raise Exception("\n\n----------------------------------------------\n"
                        f"Process {rank} terminated with the following error:\n"
                        "----------------------------------------------\n\n" + trace)

    def __del__(self):
        if getattr(self, "_done", True) and getattr(self, "_run_dir", None):
            shutil.rmtree(self._run_dir, ignore_errors=True)


def _main_path():
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if path and not getattr(main, "__spec__", None) and os.path.exists(path):
        return os.path.abspath(path)
    return None


def spawn(func, args=(), nprocs=-1, join=True, daemon=False, **options):
    """Start `nprocs` ranks running func(*args) (nprocs=-1: one per CPU, as Paddle on the
    CPU). Returns the MultiprocessContext (joined already when join=True). `daemon` and
    `start_method` are accepted: the ranks are always fresh processes started by mpiexec;
    `ips` must name this machine only."""
    if os.environ.get(BOOTSTRAP_VAR):
        raise RuntimeError(
            "paddle.distributed.spawn was called while a spawned rank was importing the main "
            "module: put the spawn call under `if __name__ == \"__main__\":`")
    _options_valid_check(options)
    _check_backend(options)
    ips = options.get("ips") or options.get("cluster_node_ips") or "127.0.0.1"
    if len([h for h in ips.split(",") if h.strip()]) > 1:
        raise AssertionError(f"CPUONLY spawn only support single trainer, that is "
                             f"len(ips)=1, but got {ips}.")
    if nprocs == -1:
        nprocs = multiprocessing.cpu_count()
    if not isinstance(nprocs, int) or nprocs < 1:
        raise ValueError(f"nprocs should be a positive int or -1, but got {nprocs!r}")
    from .launch.main import build_command, parse_args
    run_dir = tempfile.mkdtemp(prefix="eagergraph-spawn-")
    try:
        with open(os.path.join(run_dir, "payload.pkl"), "wb") as f:
            pickle.dump((func, tuple(args)), f)
        with open(os.path.join(run_dir, "payload.json"), "w") as f:
            json.dump({"main_path": _main_path(), "sys_path": list(sys.path)}, f)
    except (pickle.PicklingError, AttributeError, TypeError) as e:
        shutil.rmtree(run_dir, ignore_errors=True)
        raise type(e)(f"paddle.distributed.spawn pickles func and args for the ranks, and "
                      f"this failed: {e} (func must be defined at the top level of a module)"
                      ) from e
    ns = parse_args(["--nproc_per_node", str(nprocs), "-m",
                     "eagergraph.distributed.launch.spawn_entry", run_dir])
    cmd, env = build_command(ns, run_dir)
    for var in [k for k in env if k in ("PADDLE_TRAINER_ID", "PADDLE_CURRENT_ENDPOINT")]:
        del env[var]                                 # set per rank by the worker
    env.pop("http_proxy", None)
    env.pop("https_proxy", None)
    if options.get("print_config"):
        print(f"spawn: {nprocs} ranks on {ips} over MPI ({cmd[0]})")
    proc = subprocess.Popen(cmd, env=env, start_new_session=True)
    context = MultiprocessContext(proc, run_dir, nprocs)
    if not join:
        return context
    while not context.join():
        time.sleep(0.01)
    return context
