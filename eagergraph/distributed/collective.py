"""The rest of Paddle's distributed/collective.py and friends that mean something on eagergraph's
MPI backend: is_available, shutdown_process_group / restart_process_group (a shut-down group
refuses collectives until restarted), ReduceType (the auto-parallel reduce kinds, with Paddle's
values), and paddle.distributed.split, which Paddle refuses in dynamic mode with its ValueError."""
import enum

from .group import resolve, _GroupManager, _DEFAULT_NAME

__all__ = ["is_available", "shutdown_process_group", "restart_process_group", "ReduceType",
           "split"]


def is_available():
    """Whether the distributed package is available: True (the MPI backend opens lazily; a
    world of more than one rank also needs mpi4py)."""
    return True


class ReduceType(enum.IntEnum):
    """Paddle's ReduceType (libpaddle.ReduceType): how a Partial placement is reduced."""
    kRedSum = 0
    kRedMax = 1
    kRedMin = 2
    kRedProd = 3
    kRedAvg = 4
    kRedAny = 5
    kRedAll = 6

    def __str__(self):
        return f"ReduceType.{self.name}"


_shutdown = {}  # group name -> group


def is_shut_down(group):
    return group is not None and group.name in _shutdown


def shutdown_process_group(group=None):
    """Shut `group` down (with None: every group but the default one); collectives on it raise
    RuntimeError until restart_process_group."""
    if group is None:
        for g in list(_GroupManager.group_map_by_id.values()):
            if g.process_group is not None and g.name != _DEFAULT_NAME \
                    and g.name not in _shutdown:
                _shutdown[g.name] = g
    elif group.process_group is not None and group.name not in _shutdown:
        _shutdown[group.name] = group


def restart_process_group(group=None):
    """Bring a shut-down group back (with None: all of them)."""
    if group is None:
        _shutdown.clear()
    elif group.process_group is not None:
        _shutdown.pop(group.name, None)


def check_running(group):
    g = resolve(group)
    if is_shut_down(g):
        raise RuntimeError(f"The process group {g.name} has been shut down "
                           f"(paddle.distributed.shutdown_process_group); call "
                           f"paddle.distributed.restart_process_group first.")
    return g


def split(x, size, operation, axis=0, num_partitions=1, gather_out=True, weight_attr=None,
          bias_attr=None, name=None):
    """paddle.distributed.split is static-graph only: in dynamic mode Paddle raises ValueError
    naming the layers to use instead (the same checks first)."""
    assert isinstance(size, (list, tuple)), \
        "The type of size for paddle.distributed.split must be list or tuple."
    assert len(size) == 2, "Number of elements in size of paddle.distributed.split must be two."
    assert isinstance(operation, str), \
        "The type of operation for paddle.distributed.split must be str."
    supported = ['linear', 'embedding']
    assert operation in supported, \
        f"The operation for paddle.distributed.split must be one of {supported}."
    raise ValueError("paddle.distributed.split cannot be used in dynamic graph mode, please use "
                     "ParallelEmbedding, ParallelRowLinear, ParallelColumnLinear instead.")
