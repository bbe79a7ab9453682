"""One rank of a launched job (started by mpiexec, see main.py): take this rank's identity from
MPI's process manager (PMI_RANK for MPICH, OMPI_COMM_WORLD_RANK for Open MPI), set Paddle's
per-rank environment variables, prefix stdout/stderr lines with `[rank R]`, run the script with
eagergraph as `paddle`. On an exception, leave a note for the launcher and abort the whole MPI
job at once: the other ranks may be blocked in a collective and would wait forever. A rank on
the launcher's machine watches the launcher: if it is gone (killed with SIGKILL), the rank
kills its process group (mpiexec, the proxy and the ranks) instead of running on orphaned."""
import os
import runpy
import signal
import socket
import sys
import threading
import time
import traceback

_RANK_VARS = ("PMI_RANK", "OMPI_COMM_WORLD_RANK", "PMIX_RANK")


def _env_int(names, default):
    for n in names:
        if os.environ.get(n) not in (None, ""):
            return int(os.environ[n])
    return default


def rank_environment(rank, slots, endpoints):
    """Paddle's per-rank variables for global `rank` ([slots per host], endpoints list)."""
    host, local = 0, rank
    while host < len(slots) - 1 and local >= slots[host]:
        local -= slots[host]
        host += 1
    return {"PADDLE_TRAINER_ID": str(rank), "PADDLE_GLOBAL_RANK": str(rank),
            "PADDLE_LOCAL_RANK": str(local), "PADDLE_RANK_IN_NODE": str(local),
            "PADDLE_LOCAL_SIZE": str(slots[host]),
            "PADDLE_CURRENT_ENDPOINT": endpoints[rank] if rank < len(endpoints) else ""}


class _Prefixed:
    """A text stream writing whole lines, each prefixed, with one os.write per line (so lines of
    different ranks never interleave), optionally teed unprefixed to a log file."""

    def __init__(self, fd, prefix, log):
        self._fd, self._prefix, self._log, self._buf = fd, prefix, log, ""

    def write(self, s):
        self._buf += s
        if "\n" in self._buf:
            *lines, self._buf = self._buf.split("\n")
            self._emit(lines)
        return len(s)

    def _emit(self, lines):
        data = "".join(f"{self._prefix}{ln}\n" for ln in lines)
        os.write(self._fd, data.encode("utf-8", "replace"))
        if self._log is not None:
            self._log.write("".join(ln + "\n" for ln in lines))
            self._log.flush()

    def flush(self):
        pass

    def close_out(self):
        if self._buf:
            self._emit([self._buf])
            self._buf = ""

    def isatty(self):
        return False

    def fileno(self):
        return self._fd

    encoding = "utf-8"
    errors = "replace"


def _fail(rank, code, why):
    run_dir = os.environ.get("EAGERGRAPH_LAUNCH_DIR")
    if run_dir:
        try:
            with open(os.path.join(run_dir, f"failed.{rank}"), "w") as f:
                f.write(why)
        except OSError:
            pass
    for s in (sys.stdout, sys.stderr):
        if isinstance(s, _Prefixed):
            s.close_out()
    mpi = sys.modules.get("mpi4py.MPI")
    if mpi is not None and mpi.Is_initialized() and not mpi.Is_finalized():
        mpi.COMM_WORLD.Abort(code)
    if int(os.environ.get("PADDLE_TRAINERS_NUM", "1")) > 1:
        # MPI is not initialised here, so Abort cannot reach the other ranks, and a rank
        # waiting in MPI_Init for this one would wait forever: take the job's process group
        # (mpiexec, its proxy, the ranks on this machine) down instead
        try:
            os.killpg(os.getpgrp(), signal.SIGKILL)
        except OSError:
            pass
    os._exit(code)


def _watch_launcher():
    """Kill this job's process group once the launcher process has disappeared."""
    pid = os.environ.get("EAGERGRAPH_LAUNCH_PID")
    if not pid or os.environ.get("EAGERGRAPH_LAUNCH_HOST") != socket.gethostname():
        return
    pid = int(pid)

    def watch():
        while True:
            time.sleep(0.5)
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                try:
                    os.write(2, f"launch: the launcher (pid {pid}) is gone; stopping the "
                                f"job\n".encode())
                    os.killpg(os.getpgrp(), signal.SIGKILL)
                finally:
                    os._exit(1)
            except PermissionError:
                pass

    threading.Thread(target=watch, name="eagergraph-launcher-watch", daemon=True).start()


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    _watch_launcher()
    rank = _env_int(_RANK_VARS, 0)
    slots = [int(n) for n in os.environ.get("EAGERGRAPH_LAUNCH_SLOTS", "1").split(",")]
    endpoints = os.environ.get("PADDLE_TRAINER_ENDPOINTS", "").split(",")
    os.environ.update(rank_environment(rank, slots, endpoints))
    log = None
    log_dir = os.environ.get("EAGERGRAPH_LAUNCH_LOG_DIR")
    if log_dir:
        os.makedirs(log_dir, exist_ok=True)
        log = open(os.path.join(log_dir, f"workerlog.{rank}"), "w")
    sys.stdout = _Prefixed(1, f"[rank {rank}] ", log)
    sys.stderr = _Prefixed(2, f"[rank {rank}] ", log)
    from ...paddle_alias import install_as_paddle
    install_as_paddle()
    try:
        if argv[0] == "-m":
            sys.argv = [argv[1]] + argv[2:]
            runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
        else:
            sys.argv = list(argv)
            sys.path.insert(0, os.path.dirname(argv[0]))
            runpy.run_path(argv[0], run_name="__main__")
    except SystemExit as e:
        if e.code not in (None, 0):
            code = e.code if isinstance(e.code, int) else 1
            if not isinstance(e.code, int):
                print(e.code, file=sys.stderr)
            _fail(rank, code, f"SystemExit({e.code!r})")
    except BaseException as e:  # noqa: BLE001 -- any failure must bring the job down
        traceback.print_exc()
        _fail(rank, 1, f"{type(e).__name__}: {e}")
    for s in (sys.stdout, sys.stderr):
        s.close_out()


if __name__ == "__main__":
    main()
