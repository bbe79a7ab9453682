"""Communication groups (Paddle communication/group.py and collective.new_group): the global
group that init_parallel_env makes, sub-groups from new_group (an MPI Comm.Split that every
rank calls), and the world of one used when no parallel environment exists."""
import warnings

from .backend import ProcessGroup
from .env import global_env

__all__ = ["Group", "is_initialized", "destroy_process_group", "get_group", "new_group",
           "get_backend"]

_DEFAULT_NAME = "_default_pg"


class Group:
    """A set of global ranks with its communicator (Paddle's Group: rank -1 off the group)."""

    def __init__(self, rank_in_group, id, ranks, pg=None, name=None):
        self._rank_in_group = rank_in_group
        self._world_size = len(ranks) if rank_in_group >= 0 else -1
        self._id = id
        self._ranks = ranks
        self._pg = pg
        self._name = name

    @property
    def rank(self):
        return self._rank_in_group

    @property
    def ranks(self):
        return self._ranks

    @property
    def nranks(self):
        return len(self._ranks)

    @property
    def name(self):
        return self._name

    @property
    def process_group(self):
        return self._pg

    @property
    def world_size(self):
        return self._world_size

    @property
    def backend(self):
        return self._pg.name()

    @property
    def id(self):
        return self._id

    def is_member(self):
        return self.rank >= 0 and self.nranks >= 2

    def get_group_rank(self, rank):
        return self.ranks.index(rank) if self.is_member() else -1

    def get_global_rank(self, rank):
        return self.ranks[rank] if self.is_member() else -1

    def __repr__(self):
        return (f"rank: {self.rank}, nranks: {self.nranks}, id: {self.id}, ranks: "
                + ", ".join(map(str, self.ranks)) + "; name: " + (self.name or "None"))


class _GroupManager:
    global_group_id = 0
    group_map_by_id = {}
    next_id = 1


_SOLO = None


def solo_group():
    """The world of one a process outside any launcher lives in (no MPI)."""
    global _SOLO
    if _SOLO is None:
        _SOLO = Group(0, 0, [0], pg=ProcessGroup(None), name=_DEFAULT_NAME)
    return _SOLO


def is_initialized():
    """True once init_parallel_env created the global group."""
    return _GroupManager.global_group_id in _GroupManager.group_map_by_id


def set_global_group(group):
    _GroupManager.group_map_by_id[group.id] = group


def global_group():
    """The global group; a world of one when there is no parallel environment (world size 1),
    Paddle's RuntimeError when a multi-rank job did not call init_parallel_env."""
    g = _GroupManager.group_map_by_id.get(_GroupManager.global_group_id)
    if g is not None:
        return g
    if global_env().world_size <= 1:
        return solo_group()
    raise RuntimeError("The global group is not initialized.")


def resolve(group):
    return global_group() if group is None else group


def destroy_process_group(group=None):
    """Destroy `group`; with None (or the global group) every group, de-initializing."""
    group = global_group() if group is None else group
    if group is _SOLO:
        return
    assert group.id in _GroupManager.group_map_by_id, \
        f"Destroy group with id {group.id} is invalid."
    if group.id == _GroupManager.global_group_id:
        for g in list(_GroupManager.group_map_by_id.values()):
            _free(g)
        _GroupManager.group_map_by_id.clear()
    else:
        _free(_GroupManager.group_map_by_id.pop(group.id))


def _free(g):
    pg = g.process_group
    if pg is not None and pg.comm is not None and g.id != _GroupManager.global_group_id:
        pg.comm.Free()


def get_group(id=0):
    """The group with this id (None and a warning when there is none)."""
    if id in _GroupManager.group_map_by_id:
        return _GroupManager.group_map_by_id[id]
    warnings.warn(f"Group {id} is not initialized.")
    return None


def get_backend(group=None):
    return resolve(group).backend


def new_group(ranks=None, backend=None, timeout=None, nccl_comm_init_option=0,
              nccl_config=None):
    """A group of the given global ranks (all of them when None). Every rank of the job must
    call it, in the same order (MPI splits the world). Off the group, rank is -1."""
    gid = _GroupManager.next_id
    _GroupManager.next_id += 1
    world = global_group()
    if ranks is None:
        ranks = list(world.ranks)
    assert len(ranks) <= len(world.ranks), \
        "Size of new group must be less than or equal to that of the default global group."
    ranks = sorted(ranks)
    me = world.rank
    comm = None
    wcomm = world.process_group.comm
    if wcomm is not None:  # a real world: everyone takes part in the split
        from mpi4py import MPI
        inside = me in ranks and len(ranks) > 1
        comm = wcomm.Split(0 if inside else MPI.UNDEFINED, ranks.index(me) if inside else 0)
        if comm == MPI.COMM_NULL:
            comm = None
    if len(ranks) > 1 and me in ranks:
        pg = ProcessGroup(comm)
        pg.ranks = list(ranks)
        group = Group(ranks.index(me), gid, ranks, pg=pg, name=_DEFAULT_NAME + str(gid))
    else:
        group = Group(-1, gid, ranks, pg=None, name=_DEFAULT_NAME + str(gid))
    _GroupManager.group_map_by_id[gid] = group
    return group
