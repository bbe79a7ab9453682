"""fleet.util (Paddle fleet/base/util_factory.py UtilBase): collectives on Python numbers and
NumPy arrays among the workers (on the global group; in a world of one they return the input)."""
import numpy as np

__all__ = ["UtilBase"]

_MODES = {"sum": "SUM", "max": "MAX", "min": "MIN"}


def _check_world(comm_world):
    if comm_world not in ("worker", "all"):
        raise ValueError(f"eagergraph's fleet.util knows comm_world 'worker' (and 'all', the "
                         f"same workers: there are no servers), not {comm_world!r}")


class UtilBase:
    """all_reduce / all_gather / barrier among the workers, and print_on_rank."""

    def __init__(self):
        self.role_maker = None

    def _set_role_maker(self, role_maker):
        self.role_maker = role_maker

    def _world(self):
        from ... import group as _group
        from ...env import global_env
        if global_env().world_size <= 1 or not _group.is_initialized():
            return None
        return _group.global_group()

    def all_reduce(self, input, mode="sum", comm_world="worker"):  # noqa: A002
        _check_world(comm_world)
        if mode not in _MODES:
            raise ValueError(f"mode should be one of {list(_MODES)}, but got {mode!r}")
        group = self._world()
        if group is None:
            return input
        from ...backend import ReduceOp
        from ...communication import all_reduce
        from ....tensor import Tensor
        t = Tensor._wrap(np.array(input))
        all_reduce(t, op=getattr(ReduceOp, _MODES[mode]), group=group)
        return t.numpy()

    def all_gather(self, input, comm_world="worker"):  # noqa: A002
        _check_world(comm_world)
        group = self._world()
        if group is None:
            return input
        from ...communication import all_gather_object
        out = []
        all_gather_object(out, input, group=group)
        return out

    def barrier(self, comm_world="worker"):
        _check_world(comm_world)
        group = self._world()
        if group is not None:
            from ...communication import barrier
            barrier(group)

    def print_on_rank(self, message, rank_id):
        from ...world import get_rank
        if get_rank() == rank_id:
            print(message)
