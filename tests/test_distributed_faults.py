"""Faults across real MPI ranks (issue 24): mismatched all_reduce arguments raise on every rank,
a rank stuck outside a collective is reported by the collective timeout (which collective,
which group, which ranks are missing) and the launcher exits non-zero, and SIGTERM or SIGKILL to
the launcher takes the whole job (mpiexec, proxy, ranks) down. Every launch is bounded."""
import os
import signal
import subprocess
import sys
import time

import pytest

from tests.test_distributed_mpi import _env, _have_mpi, launch, script, ROOT

pytestmark = pytest.mark.skipif(not _have_mpi(), reason="needs mpi4py and mpiexec")


def test_all_reduce_with_mismatched_dtypes_and_counts_fails_on_every_rank():
    out = launch("--nproc_per_node", "2", script("faults.py"), "mismatch", timeout=90)
    assert out.returncode != 0, out.stdout + out.stderr
    assert "unreachable" not in out.stdout
    text = out.stdout + out.stderr
    assert "all_reduce: the ranks of group [0, 1] passed tensors of different dtypes or sizes " \
           "(rank 0: float32 with 4 elements; rank 1: int16 with 8 elements)" in text


def test_collective_timeout_names_the_collective_and_the_missing_rank():
    t0 = time.monotonic()
    out = launch("--nproc_per_node", "2", "--collective_timeout", "3", script("faults.py"),
                 "hang", timeout=120)
    elapsed = time.monotonic() - t0
    assert out.returncode != 0, out.stdout + out.stderr
    text = out.stdout + out.stderr
    assert "collective all_reduce on group [0, 1] did not finish within 3s on rank 0: ranks " \
           "waiting in it: [0]; missing: [1]" in text, text
    assert "launch: rank 0 failed: TimeoutError" in text
    assert elapsed < 60, elapsed


def _alive(pids):
    out = []
    for pid in pids:
        try:
            os.kill(pid, 0)
            with open(f"/proc/{pid}/stat") as f:
                if f.read().split(") ")[1].startswith("Z"):
                    continue
            out.append(pid)
        except (ProcessLookupError, FileNotFoundError):
            pass
    return out


def _start_blocked_job():
    cmd = [sys.executable, "-m", "eagergraph.distributed.launch", "--timeout", "120",
           "--nproc_per_node", "2", script("faults.py"), "block"]
    env = dict(_env(), EAGERGRAPH_COLLECTIVE_TIMEOUT="0")  # only the signal stops this job
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            cwd=ROOT, env=env)
    pids, lines, t0 = [], [], time.monotonic()
    while len(pids) < 2 and time.monotonic() - t0 < 90:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        if "READY pid " in line:
            pids.append(int(line.split("READY pid ")[1]))
    assert len(pids) == 2, "".join(lines)
    time.sleep(1.0)  # rank 0 is in all_reduce, rank 1 asleep
    mpiexec = [int(p) for p in subprocess.run(["pgrep", "-f", "mpiexec.*faults.py"],
                                              capture_output=True, text=True).stdout.split()]
    return proc, pids + mpiexec


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_signal_to_the_launcher_takes_the_job_down(sig):
    proc, pids = _start_blocked_job()
    assert _alive(pids)
    t0 = time.monotonic()
    proc.send_signal(sig)
    proc.wait(timeout=30)
    deadline = time.monotonic() + 15
    while _alive(pids) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = _alive(pids)
    for pid in left:  # do not leave them behind even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert not left, f"still running after {time.monotonic() - t0:.1f}s: {left}"
    if sig == signal.SIGTERM:
        assert proc.returncode == 128 + signal.SIGTERM
