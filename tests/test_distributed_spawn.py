"""paddle.distributed.spawn and fleet data parallelism across real MPI ranks (mpiexec from the
mpich wheel): spawned DataParallel and fleet.distributed_model/optimizer training equal to one
process on the whole batch, return values, a failing rank's traceback, refused calls, and a
spawn left unguarded at the script's top level. Every run has a timeout."""
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPTS = os.path.join(ROOT, "tests", "test_distributed_scripts")


def _have_mpi():
    import importlib.util
    if importlib.util.find_spec("mpi4py") is None:
        return False
    return os.path.exists(os.path.join(os.path.dirname(sys.executable), "mpiexec")) \
        or shutil.which("mpiexec") is not None


pytestmark = pytest.mark.skipif(not _have_mpi(), reason="needs mpi4py and mpiexec "
                                "(pip install 'eagergraph[distributed]')")


def _run(name, *args, timeout=240):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PADDLE_")}
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "eagergraph", "run",
                           os.path.join(SCRIPTS, name), *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=timeout)


def test_spawn_and_fleet_train_like_one_process():
    out = _run("spawn_job.py", "2")
    assert out.returncode == 0, out.stdout + out.stderr
    for line in ["OK trained DataParallel 2", "OK trained fleet 2",
                 "OK returned [('x', 0, '3'), ('x', 1, '3'), ('x', 2, '3')]",
                 "OK failure reported", "OK refused ValueError", "OK refused RuntimeError",
                 "OK refused PicklingError"]:
        assert line in out.stdout, out.stdout + out.stderr


def test_unguarded_spawn_is_reported():
    out = _run("spawn_unguarded.py", timeout=120)
    assert out.returncode != 0
    assert "Process " in out.stderr and "terminated with the following error" in out.stderr
    assert 'put the spawn call under `if __name__ == "__main__":`' in out.stderr


def test_rank_failing_before_mpi_init_stops_the_launched_job():
    env = {k: v for k, v in os.environ.items() if not k.startswith("PADDLE_")}
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run([sys.executable, "-m", "eagergraph.distributed.launch", "--timeout",
                          "60", "--nproc_per_node", "2", os.path.join(SCRIPTS, "early_fail.py")],
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert out.returncode not in (0, 124), out.stderr       # 124: it hung until --timeout
    assert "launch: rank 1 failed: ValueError: rank one fails before init" in out.stderr
