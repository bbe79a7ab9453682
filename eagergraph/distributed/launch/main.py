"""`python -m eagergraph.distributed.launch --nproc_per_node N [--ips h1,h2 | --hostfile F]
[--log_dir DIR] [--timeout S] script.py [args...]` (or `-m module [args...]`).

Starts the ranks through MPI's `mpiexec` (the mpich wheel's, next to this Python, unless
--mpiexec says otherwise); each rank runs worker.py, which sets Paddle's environment variables
for it (PADDLE_TRAINER_ID, PADDLE_TRAINERS_NUM, PADDLE_TRAINER_ENDPOINTS, ...), prefixes its
output with `[rank R]` and runs the script with eagergraph answering `import paddle`. A rank
that fails makes MPI stop the job; this exits with the failing rank's code and says which rank
failed and why. --timeout bounds the whole job (exit 124); --collective_timeout bounds each
collective (default 1800 s: a rank that waits longer reports the collective, its group and the
missing ranks, and the job stops). SIGTERM, SIGHUP or Ctrl-C to the launcher stop the whole job
(mpiexec, its proxies, every rank) before it exits 128 + the signal; if the launcher itself is
killed (SIGKILL), each rank on this machine notices within a second and takes the job down."""
import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

__all__ = ["launch", "build_command", "parse_args"]

# launcher options that take a value (the first other token starts the script)
_VALUED = {"--nproc_per_node", "--nnodes", "--ips", "--hosts", "--hostfile", "--log_dir",
           "--timeout", "--collective_timeout", "--mpiexec", "--master", "--start_port",
           "--job_id", "--devices",
           "--rank", "--run_mode", "--log_level"}


def _split(argv):
    """(launcher args, module or None, script or None, script args)."""
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-m", "--module"):
            if i + 1 >= len(argv):
                raise SystemExit("launch: -m needs a module name")
            return argv[:i], argv[i + 1], None, argv[i + 2:]
        if a.startswith("-"):
            i += 1 + (a in _VALUED)
            continue
        return argv[:i], None, a, argv[i + 1:]
    return argv, None, None, []


def parse_args(argv):
    own, module, script, rest = _split(list(argv))
    ap = argparse.ArgumentParser(prog="python -m eagergraph.distributed.launch",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--nproc_per_node", type=int, default=None,
                    help="ranks per host (default 1)")
    ap.add_argument("--nnodes", type=str, default="1", help="number of hosts (informational: "
                    "the host list decides)")
    ap.add_argument("--ips", "--hosts", dest="ips", default=None,
                    help="comma-separated hosts, in rank order (ssh reachable, same paths)")
    ap.add_argument("--hostfile", default=None, help="MPI hostfile: one `host[:slots]` a line")
    ap.add_argument("--simulate_hosts", action="store_true",
                    help="start every host's ranks on this machine (MPI's fork launcher): "
                         "a multi-host job rehearsed on one machine")
    ap.add_argument("--log_dir", default=None, help="also write rank R's output to "
                    "LOG_DIR/workerlog.R")
    ap.add_argument("--timeout", type=float, default=None,
                    help="seconds the whole job may run before it is stopped (exit 124)")
    ap.add_argument("--collective_timeout", type=float, default=None,
                    help="seconds one collective may wait before the job is stopped "
                         "(default: EAGERGRAPH_COLLECTIVE_TIMEOUT or 1800; 0: no limit)")
    ap.add_argument("--mpiexec", default=None, help="the mpiexec to use")
    ap.add_argument("--master", default=None, help="host:port of rank 0 (PADDLE_MASTER)")
    ap.add_argument("--start_port", type=int, default=6070, help="first endpoint port")
    for name in ("--job_id", "--devices", "--rank", "--run_mode", "--log_level"):
        ap.add_argument(name, default=None, help="accepted for Paddle compatibility; unused")
    ns = ap.parse_args(own)
    if module is None and script is None:
        ap.error("the training script (or -m module) is required")
    ns.module, ns.script, ns.script_args = module, script, rest
    return ns


def _hosts(ns):
    """[(host, slots)] or None for this machine only."""
    if ns.hostfile:
        out = []
        with open(ns.hostfile) as f:
            for line in f:
                line = line.split("#")[0].strip()
                if line:
                    h, _, n = line.partition(":")
                    out.append((h.strip(), int(n) if n else ns.nproc_per_node or 1))
        return out
    if ns.ips:
        return [(h.strip(), ns.nproc_per_node or 1) for h in ns.ips.split(",") if h.strip()]
    return None


def _find_mpiexec(ns):
    if ns.mpiexec:
        return ns.mpiexec
    here = os.path.join(os.path.dirname(sys.executable), "mpiexec")
    found = here if os.path.exists(here) else shutil.which("mpiexec")
    if found is None:
        raise SystemExit("launch: no mpiexec found; pip install 'eagergraph[distributed]' "
                         "(the mpich wheel provides one)")
    return found


def build_command(ns, run_dir):
    """(argv for mpiexec, environment every rank starts from)."""
    hosts = _hosts(ns)
    per = ns.nproc_per_node or 1
    layout = hosts or [("127.0.0.1", per)]
    size = sum(n for _, n in layout)
    endpoints = [f"{h}:{ns.start_port + i}" for h, n in layout for i in range(n)]
    env = dict(os.environ)
    env.update({
        "PADDLE_TRAINERS_NUM": str(size), "PADDLE_GLOBAL_SIZE": str(size),
        "PADDLE_NNODES": str(len(layout)),
        "PADDLE_TRAINER_ENDPOINTS": ",".join(endpoints),
        "PADDLE_MASTER": ns.master or endpoints[0],
        "PADDLE_DISTRI_BACKEND": "mpi",
        "EAGERGRAPH_LAUNCH_DIR": run_dir,
        "EAGERGRAPH_LAUNCH_SLOTS": ",".join(str(n) for _, n in layout),
        "EAGERGRAPH_LAUNCH_PID": str(os.getpid()),
        "EAGERGRAPH_LAUNCH_HOST": socket.gethostname(),
        "PYTHONUNBUFFERED": "1",
    })
    threads = str(max(1, (os.cpu_count() or 1) // max(n for _, n in layout)))
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        env.setdefault(var, threads)  # ranks sharing a machine share its cores
    if ns.collective_timeout is not None:
        env["EAGERGRAPH_COLLECTIVE_TIMEOUT"] = repr(ns.collective_timeout)
    if ns.log_dir:
        env["EAGERGRAPH_LAUNCH_LOG_DIR"] = os.path.abspath(ns.log_dir)
    cmd = [_find_mpiexec(ns)]
    if hosts and ns.simulate_hosts:
        cmd += ["-launcher", "fork"]
    if hosts:
        cmd += ["-hosts", ",".join(f"{h}:{n}" for h, n in hosts)]
    cmd += ["-n", str(size), sys.executable, "-m", "eagergraph.distributed.launch.worker"]
    cmd += ["-m", ns.module] if ns.module else [os.path.abspath(ns.script)]
    return cmd + list(ns.script_args), env


def _failures(run_dir):
    out = []
    for name in sorted(os.listdir(run_dir)):
        if name.startswith("failed."):
            with open(os.path.join(run_dir, name)) as f:
                out.append((int(name.split(".")[1]), f.read().strip()))
    return sorted(out)


def launch(argv=None):
    """Run the job; returns the exit code (0 when every rank succeeded)."""
    ns = parse_args(sys.argv[1:] if argv is None else argv)
    if ns.script and not os.path.isfile(ns.script):
        raise SystemExit(f"launch: no such script: {ns.script}")
    run_dir = tempfile.mkdtemp(prefix="eagergraph-launch-")
    proc = None
    previous = _catch_termination()
    try:
        cmd, env = build_command(ns, run_dir)
        proc = subprocess.Popen(cmd, env=env, start_new_session=True)
        t0 = time.monotonic()
        try:
            rc = proc.wait(timeout=ns.timeout)
        except subprocess.TimeoutExpired:
            _stop(proc)
            print(f"launch: the job ran past --timeout {ns.timeout:g}s and was stopped",
                  file=sys.stderr, flush=True)
            return 124
        except KeyboardInterrupt:
            _stop(proc)
            return 130
        except _Terminated as t:
            _stop(proc)
            print(f"launch: got {signal.Signals(t.signum).name}; the job was stopped",
                  file=sys.stderr, flush=True)
            return 128 + t.signum
        failed = _failures(run_dir)
        if failed:
            for rank, why in failed:
                print(f"launch: rank {rank} failed: {why}", file=sys.stderr)
            rc = rc if rc and rc > 0 else 1     # -9: a rank killed the job's process group
            print(f"launch: the other ranks were stopped ({time.monotonic() - t0:.1f}s after "
                  f"start); exit code {rc}", file=sys.stderr, flush=True)
            return rc
        if rc:
            print(f"launch: mpiexec exited with code {rc}", file=sys.stderr, flush=True)
        return rc
    except _Terminated as t:  # between the signal handlers and Popen: nothing to stop
        if proc is not None:
            _stop(proc)
        return 128 + t.signum
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        shutil.rmtree(run_dir, ignore_errors=True)


class _Terminated(BaseException):
    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum


def _catch_termination():
    """SIGTERM/SIGHUP raise _Terminated in the launcher (the job is stopped, not orphaned)."""
    def handler(signum, frame):
        raise _Terminated(signum)
    previous = {}
    if threading.current_thread() is threading.main_thread():
        for signum in (signal.SIGTERM, signal.SIGHUP):
            previous[signum] = signal.signal(signum, handler)
    return previous


def _stop(proc):
    for sig, wait in ((signal.SIGTERM, 3), (signal.SIGKILL, 3)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            pass
