"""A DataLoader worker that dies must make the main process raise within seconds, naming the
worker's pid and the signal, whatever it was doing (issue 24: SIGKILL while the worker was
sending a large batch blocked the main process forever, `timeout=` included). Each scenario runs
in a child process with a hard timeout, so a regression fails instead of hanging the suite."""
import os
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MID_SEND = r"""
import os, signal, sys, threading, time
import numpy as np
from eagergraph.io import DataLoader, Dataset

class Big(Dataset):
    def __len__(self):
        return 4
    def __getitem__(self, i):
        if i == 1:  # 16 MiB go into the pipe while the main process is busy: die half-way
            def killer():
                time.sleep(1.0)
                os.kill(os.getpid(), signal.SIGKILL)
            threading.Thread(target=killer, daemon=True).start()
        return np.ones((4, 1024, 1024), np.float32)

t0 = None
try:
    for k, b in enumerate(DataLoader(Big(), batch_size=1, num_workers=1, timeout=TIMEOUT)):
        if k == 0:
            time.sleep(2.0)
            t0 = time.time()
    print("NO ERROR")
except RuntimeError as e:
    print("RAISED", e, "AFTER", round(time.time() - t0, 3))
"""

KILLED_IDLE = r"""
import os, signal, time
import numpy as np
from eagergraph.io import DataLoader, Dataset

class Slow(Dataset):
    def __len__(self):
        return 100
    def __getitem__(self, i):
        time.sleep(0.2)
        return np.array([i])

it = iter(DataLoader(Slow(), batch_size=1, num_workers=2))
next(it)
victim = it._workers[1].pid
os.kill(victim, signal.SIGTERM)
t0 = time.time()
try:
    for _ in it:
        pass
    print("NO ERROR")
except RuntimeError as e:
    print("RAISED", e, "VICTIM", victim, "AFTER", round(time.time() - t0, 3))
"""


def _run(code, timeout=60):
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


@pytest.mark.parametrize("loader_timeout", [0, 30])
def test_worker_killed_mid_send_raises_within_seconds(loader_timeout):
    out = _run(MID_SEND.replace("TIMEOUT", str(loader_timeout)))
    assert "RAISED" in out.stdout, out.stdout + out.stderr
    assert "was killed by signal SIGKILL" in out.stdout
    assert "workers exit unexpectedly, pids: " in out.stdout
    assert float(out.stdout.split("AFTER")[1]) < 5.0


def test_worker_killed_while_idle_names_pid_and_signal():
    out = _run(KILLED_IDLE)
    assert "RAISED" in out.stdout, out.stdout + out.stderr
    victim = out.stdout.split("VICTIM")[1].split()[0]
    assert f"pid {victim} was killed by signal SIGTERM" in out.stdout
    assert float(out.stdout.split("AFTER")[1]) < 5.0


def test_breaking_out_early_shuts_workers_down_quickly():
    code = r"""
import time
import numpy as np
from eagergraph.io import DataLoader, Dataset
class Big(Dataset):
    def __len__(self):
        return 64
    def __getitem__(self, i):
        return np.ones((1024, 1024), np.float32)
loader = DataLoader(Big(), batch_size=4, num_workers=2, prefetch_factor=4)
it = iter(loader)
next(it)
time.sleep(1.0)   # the workers fill their pipes and block sending
t0 = time.time()
del it
print("SHUTDOWN", round(time.time() - t0, 3))
"""
    t0 = time.time()
    out = _run(code)
    assert "SHUTDOWN" in out.stdout, out.stdout + out.stderr
    assert float(out.stdout.split("SHUTDOWN")[1]) < 1.5
    assert time.time() - t0 < 30
