"""The collective timeout: no rank waits in a collective forever.

Every collective of a ProcessGroup with more than one rank runs under `watched(name)`: it
records what this rank is waiting in, and a daemon thread (started by the first collective)
checks it. A collective still running after `collective_timeout()` seconds (the environment
variable EAGERGRAPH_COLLECTIVE_TIMEOUT, or the launcher's --collective_timeout; default 1800 s,
torch's process-group default; 0 turns it off) makes this rank report

    collective all_reduce on group [0, 1, 2] did not finish within 3s on rank 0: ranks waiting
    in it: [0, 2]; missing: [1]

on stderr (and to the launcher, which prints it and exits non-zero), then abort the MPI job.
A rank that has been inside a collective for over a second says so in the launcher's run
folder (`inside.R`), which is how the reporting rank tells waiting ranks from missing ones
(ranks on other hosts are not seen: their run folder is theirs)."""
import os
import sys
import threading
import time

__all__ = ["collective_timeout", "watched", "DEFAULT_TIMEOUT"]

DEFAULT_TIMEOUT = 1800.0
_ENV = "EAGERGRAPH_COLLECTIVE_TIMEOUT"
_NOTE_AFTER = 1.0  # seconds inside a collective before the run folder hears of it

_current = None    # (name, ranks, start, token) of the collective this process waits in
_noted = None      # the token whose inside.R file exists
_thread = None
_lock = threading.Lock()


def collective_timeout():
    """Seconds a collective may take (None: no limit)."""
    value = os.environ.get(_ENV, "")
    if value == "":
        return DEFAULT_TIMEOUT
    try:
        seconds = float(value)
    except ValueError:
        raise ValueError(f"{_ENV}={value!r} is not a number of seconds") from None
    return seconds if seconds > 0 else None


def _rank():
    return int(os.environ.get("PADDLE_TRAINER_ID", "0") or 0)


def _inside_path(rank):
    run_dir = os.environ.get("EAGERGRAPH_LAUNCH_DIR")
    return os.path.join(run_dir, f"inside.{rank}") if run_dir else None


def _note(cur):
    global _noted
    path = _inside_path(_rank())
    if path is None:
        return
    try:
        with open(path, "w") as f:
            f.write(cur[0])
        _noted = cur[3]
    except OSError:
        pass


def _unnote():
    global _noted
    _noted = None
    path = _inside_path(_rank())
    try:
        os.unlink(path)
    except OSError:
        pass


def _waiting(name, ranks):
    """Ranks of `ranks` whose run-folder note says they are inside `name`."""
    out = []
    for r in ranks:
        path = _inside_path(r)
        try:
            with open(path) as f:
                if f.read() == name:
                    out.append(r)
        except (OSError, TypeError):
            pass
    return out


def _report(cur, timeout):
    name, ranks, _, _ = cur
    me = _rank()
    waiting = sorted(set(_waiting(name, ranks)) | {me})
    missing = [r for r in ranks if r not in waiting]
    msg = (f"collective {name} on group {ranks} did not finish within {timeout:g}s on rank "
           f"{me}: ranks waiting in it: {waiting}; missing: {missing} (a missing rank is "
           f"hung elsewhere, gone, or on another host; set {_ENV} to change the limit)")
    run_dir = os.environ.get("EAGERGRAPH_LAUNCH_DIR")
    if run_dir:
        try:
            with open(os.path.join(run_dir, f"failed.{me}"), "w") as f:
                f.write(f"TimeoutError: {msg}")
        except OSError:
            pass
    try:
        print(f"TimeoutError: {msg}", file=sys.stderr, flush=True)
    except Exception:  # noqa: BLE001 - the report must not stop the abort
        pass
    mpi = sys.modules.get("mpi4py.MPI")
    if mpi is not None and mpi.Is_initialized() and not mpi.Is_finalized():
        mpi.COMM_WORLD.Abort(1)
    os._exit(1)


def _watch():
    while True:
        timeout = collective_timeout()
        time.sleep(0.25 if timeout is None else min(1.0, timeout / 4))
        cur = _current
        if cur is None or timeout is None:
            continue
        waited = time.monotonic() - cur[2]
        if waited > min(_NOTE_AFTER, timeout / 2) and _noted != cur[3]:
            _note(cur)
        if waited > timeout and cur is _current:
            _report(cur, timeout)


def _ensure_thread():
    global _thread
    with _lock:
        if _thread is None:
            _thread = threading.Thread(target=_watch, name="eagergraph-collective-watchdog",
                                       daemon=True)
            _thread.start()


class watched:
    """`with watched(name, ranks):` around a blocking collective (outermost one counts)."""
    __slots__ = ("cur",)

    def __init__(self, name, ranks):
        global _current
        if _current is not None or collective_timeout() is None:
            self.cur = None
            return
        if _thread is None:
            _ensure_thread()
        self.cur = _current = (name, ranks, time.monotonic(), object())

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        global _current
        if self.cur is not None:
            _current = None
            if _noted is self.cur[3]:
                _unnote()
        return False
