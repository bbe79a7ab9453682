"""Where this process stands in the job: Paddle's `ParallelEnv` (read from the environment the
launcher sets: PADDLE_TRAINER_ID, PADDLE_TRAINERS_NUM, PADDLE_TRAINER_ENDPOINTS, ...), and the
lazily opened MPI world.

mpi4py is imported only when a world of more than one rank is opened, so a plain single process
(no launcher, or a world of one) never needs it."""
import os

__all__ = ["ParallelEnv", "mpi_world"]


class ParallelEnv:
    """The environment of this trainer (Paddle paddle.distributed.ParallelEnv): rank and world
    size from PADDLE_TRAINER_ID / PADDLE_TRAINERS_NUM (defaults 0 and 1), endpoints from
    PADDLE_TRAINER_ENDPOINTS / PADDLE_CURRENT_ENDPOINT, device id from FLAGS_selected_gpus."""

    def __init__(self):
        self._rank = int(os.getenv("PADDLE_TRAINER_ID", "0"))
        self._world_size = int(os.getenv("PADDLE_TRAINERS_NUM", "1"))
        self._device_type = ""
        self._pg_timeout = int(os.getenv("PADDLE_PG_TIMEOUT", "1800000"))
        self._device_id = int(os.getenv("FLAGS_selected_gpus", "0").split(",")[0])
        self._trainer_endpoints = os.getenv("PADDLE_TRAINER_ENDPOINTS", "").split(",")
        self._current_endpoint = os.getenv("PADDLE_CURRENT_ENDPOINT", "")
        self._nrings = int(os.getenv("FLAGS_nccl_nrings", "1"))
        assert self._nrings > 0, "nccl_nrings must be an integer greater than 0."
        assert self._nrings < 9, \
            "nccl_nrings should be less than 9, which is enough in most scenarios."

    @property
    def rank(self):
        return self._rank

    @property
    def world_size(self):
        return self._world_size

    @property
    def device_id(self):
        return self._device_id

    @property
    def device_type(self):
        return self._device_type

    @property
    def current_endpoint(self):
        return self._current_endpoint

    @property
    def trainer_endpoints(self):
        return self._trainer_endpoints

    @property
    def nrings(self):
        return self._nrings

    @property
    def pg_timeout(self):
        return self._pg_timeout

    local_rank = rank
    nranks = world_size
    dev_id = device_id


_global_env = None


def global_env(refresh=False):
    """The process-wide ParallelEnv (re-read when `refresh`, as init_parallel_env does)."""
    global _global_env
    if _global_env is None or refresh:
        _global_env = ParallelEnv()
    return _global_env


def mpi_world(expected_rank, expected_size):
    """mpi4py's COMM_WORLD, checked against the rank and size the environment announced (a
    script started by plain `mpiexec` without the launcher, or a launcher of another MPI, would
    otherwise train with ranks that disagree on who is who)."""
    try:
        from mpi4py import MPI
    except ImportError as e:
        raise RuntimeError(
            f"paddle.distributed: a world of {expected_size} ranks needs mpi4py and an MPI "
            f"library: pip install 'eagergraph[distributed]' (mpi4py and the mpich wheel)"
        ) from e
    comm = MPI.COMM_WORLD
    if comm.Get_size() != expected_size or comm.Get_rank() != expected_rank:
        raise RuntimeError(
            f"paddle.distributed: the environment says rank {expected_rank} of "
            f"{expected_size} (PADDLE_TRAINER_ID/PADDLE_TRAINERS_NUM) but MPI says rank "
            f"{comm.Get_rank()} of {comm.Get_size()}; start the job with "
            f"`python -m eagergraph.distributed.launch --nproc_per_node N script.py`")
    return comm
