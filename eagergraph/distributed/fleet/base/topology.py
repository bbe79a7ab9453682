"""The hybrid-parallel topology (Paddle fleet/base/topology.py): ParallelMode, the rank grid
CommunicateTopology, and HybridCommunicateGroup, which eagergraph builds for data parallelism
only: the data-parallel group is the global group and every other axis (pipe, sharding, sep,
context, model) has degree 1, a group of this rank alone."""
import collections
import itertools
import math

from ...backend import ProcessGroup
from ... import group as _group

__all__ = ["ParallelMode", "CommunicateTopology", "HybridCommunicateGroup"]

AXES = ["data", "pipe", "sharding", "sep", "context", "model"]


class ParallelMode:
    """The parallel modes: DATA_PARALLEL 0, TENSOR_PARALLEL 1, PIPELINE_PARALLEL 2,
    SHARDING_PARALLEL 3, SEGMENT_PARALLEL 4."""
    DATA_PARALLEL = 0
    TENSOR_PARALLEL = 1
    PIPELINE_PARALLEL = 2
    SHARDING_PARALLEL = 3
    SEGMENT_PARALLEL = 4


class CommunicateTopology:
    """Ranks laid out on a grid of `dims` along `hybrid_group_names`, the last axis fastest."""

    def __init__(self, hybrid_group_names=None, dims=None):
        names = list(AXES if hybrid_group_names is None else hybrid_group_names)
        dims = list([1] * len(AXES) if dims is None else dims)
        self._parallel_names, self._dims = names, dims
        self.coordinate = collections.namedtuple("Coordinate", names)
        self._world_size = math.prod(dims)
        coords = [self.coordinate(*c) for c in itertools.product(*(range(d) for d in dims))]
        self._coord2rank = {c: r for r, c in enumerate(coords)}
        self._rank2coord = dict(enumerate(coords))

    def get_hybrid_group_names(self):
        return self._parallel_names

    def get_dim(self, axis_name):
        return self._dims[self._parallel_names.index(axis_name)]

    get_dim_size = get_dim

    def world_size(self):
        return self._world_size

    def get_rank(self, **coord):
        assert len(coord) == len(self._dims)
        key = self.coordinate(**coord)
        assert key in self._coord2rank
        return self._coord2rank[key]

    def get_coord(self, rank):
        assert rank < self._world_size and rank in self._rank2coord
        return self._rank2coord[rank]

    def get_axis_list(self, axis_name, index):
        axis = self._parallel_names.index(axis_name)
        return sorted(r for c, r in self._coord2rank.items() if c[axis] == index)

    def get_comm_list(self, axis_name):
        """The rank lists that communicate along `axis_name` (one per position on the other
        axes)."""
        axis = self._parallel_names.index(axis_name)
        groups = collections.defaultdict(list)
        for c, r in self._coord2rank.items():
            groups[c[:axis] + c[axis + 1:]].append(r)
        return [groups[k] for k in sorted(groups)]

    def get_rank_from_stage(self, global_rank, **kwargs):
        return self.get_rank(**self.get_coord(global_rank)._replace(**kwargs)._asdict())


class HybridCommunicateGroup:
    """The groups of each parallel axis for this rank. Only the data axis may exceed 1."""

    def __init__(self, topology, hybrid_configs=None):
        self._topo = topology
        self.global_rank = _group.global_group().rank if _group.is_initialized() else 0
        self.nranks = topology.world_size()
        names = topology.get_hybrid_group_names()
        self._degrees = {n: topology.get_dim(n) for n in names}
        wide = [n for n, d in self._degrees.items() if d > 1 and n != "data"]
        if wide:
            raise NotImplementedError(
                f"eagergraph's fleet runs data parallelism only; the topology asks for "
                f"{', '.join(f'{n} degree {self._degrees[n]}' for n in wide)} (tensor, "
                f"pipeline, sharding and sequence parallelism are not implemented)")
        self._dp_degree = self._degrees.get("data", 1)
        self._data_parallel_id = self.global_rank
        self._dp_group = _group.global_group() if self._dp_degree > 1 else self._alone()

    def _alone(self):
        return _group.Group(0, 0, [self.global_rank], pg=ProcessGroup(None),
                            name=f"_alone_{self.global_rank}")

    def get_parallel_mode(self):
        """DATA_PARALLEL when the data axis is wider than 1, else None (Paddle's answer in a
        world of one)."""
        return ParallelMode.DATA_PARALLEL if self._dp_degree > 1 else None

    def topology(self):
        return self._topo

    def get_global_rank(self):
        return self.global_rank

    # data parallel
    def get_data_parallel_rank(self):
        return self._data_parallel_id

    def get_data_parallel_world_size(self):
        return self._dp_degree

    def get_data_parallel_group(self):
        return self._dp_group

    def get_data_parallel_group_src_rank(self):
        return self._dp_group.ranks[0]

    # the axes of degree 1: this rank alone
    def get_model_parallel_rank(self):
        return 0

    def get_model_parallel_world_size(self):
        return 1

    def get_model_parallel_group(self):
        return self._alone()

    def get_model_parallel_group_src_rank(self):
        return self.global_rank

    def get_stage_id(self):
        return 0

    def get_pipe_parallel_world_size(self):
        return 1

    def get_pipe_parallel_group(self):
        return self._alone()

    def get_sharding_parallel_rank(self):
        return 0

    def get_sharding_parallel_world_size(self):
        return 1

    def get_sharding_parallel_group(self):
        return self._alone()

    def get_sep_parallel_rank(self):
        return 0

    def get_sep_parallel_world_size(self):
        return 1

    def get_sep_parallel_group(self):
        return self._alone()

    def get_check_parallel_group(self, sharding=False):
        return self._dp_group if self._dp_degree > 1 else self._alone()
