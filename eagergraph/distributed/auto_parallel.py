"""Paddle's auto-parallel names (distributed/auto_parallel): the mesh and placement descriptions
are plain data here (ProcessMesh with shape / process_ids / dim_names, Shard / Replicate /
Partial, set_mesh / get_mesh), so code that builds them runs; everything that would place or
move tensors by them (shard_tensor, reshard, DistModel, to_static, parallelize, the sharding
stages, ...) needs Paddle's distributed tensor and raises NotImplementedError saying what
eagergraph supports instead."""
import numpy as np

from .collective import ReduceType

__all__ = ["ProcessMesh", "Placement", "Shard", "Replicate", "Partial", "set_mesh", "get_mesh",
           "unsupported"]

SUPPORTED = ("eagergraph supports data parallelism on MPI ranks (init_parallel_env, "
             "DataParallel, spawn, fleet.init / distributed_model / distributed_optimizer), the "
             "collectives and object collectives, groups, and fleet.utils.recompute")


def _raise(name, what):
    raise NotImplementedError(f"(Unimplemented) paddle.distributed.{name} {what}, which "
                              f"eagergraph does not implement; {SUPPORTED}.")


_AUTO = "belongs to Paddle's auto-parallel engine (distributed tensors placed on a ProcessMesh)"


def unsupported(name, what=_AUTO, cls=False):
    """A function (or, with cls, a class whose construction) raising NotImplementedError."""
    if cls:
        def __init__(self, *args, **kwargs):
            _raise(name, what)
        return type(name.rsplit(".", 1)[-1], (), {
            "__init__": __init__, "__doc__": f"Not implemented: {what}.",
            "__module__": __name__, "_unavailable": True})

    def fn(*args, **kwargs):
        _raise(name, what)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Not implemented: paddle.distributed.{name} {what}."
    fn._unavailable = True  # tools/op_coverage.py counts it as a stub
    return fn


class ProcessMesh:
    """A logical grid of process ids with named axes (Paddle's ProcessMesh, as data)."""

    def __init__(self, mesh=None, dim_names=None, shape=None, process_ids=None):
        if mesh is None:
            assert shape is not None and process_ids is not None, \
                "If mesh is None, shape and process_ids must be given."
            mesh = np.array(process_ids).reshape(shape)
        arr = np.array(mesh)
        assert arr.dtype.kind in "iu" and arr.size > 0, \
            "The mesh must be a non-empty array of process ids (integers)."
        assert len(set(arr.reshape(-1).tolist())) == arr.size, \
            "All elements of the mesh must be unique."
        if dim_names is None:
            dim_names = [f"d{i}" for i in range(arr.ndim)]
        assert len(dim_names) == arr.ndim, \
            "The length of dims_names must be same as the shape of the mesh."
        self._mesh = arr.astype(np.int64)
        self._dim_names = list(dim_names)

    @property
    def mesh(self):
        return self._mesh

    @property
    def shape(self):
        return list(self._mesh.shape)

    @property
    def ndim(self):
        return self._mesh.ndim

    @property
    def size(self):
        return int(self._mesh.size)

    @property
    def process_ids(self):
        return self._mesh.reshape(-1).tolist()

    @property
    def dim_names(self):
        return list(self._dim_names)

    def get_dim_size(self, dim):
        return self.shape[self._dim_names.index(dim) if isinstance(dim, str) else dim]

    dim_size = get_dim_size

    def contains(self, process_id):
        return process_id in self.process_ids

    def get_mesh_with_dim(self, dim_name, index=None):
        assert dim_name in self._dim_names, f'{dim_name} is not a valid dim name.'
        axis = self._dim_names.index(dim_name)
        order = [axis] + [i for i in range(self.ndim) if i != axis]
        names = [self._dim_names[i] for i in order]
        moved = self._mesh.transpose(order)
        if index is None:
            return ProcessMesh(moved, names)
        if len(names) > 1:
            return ProcessMesh(moved[index], names[1:])
        return ProcessMesh([moved[index]], names)  # a 1-D mesh stays 1-D, as in Paddle

    def __eq__(self, other):
        return isinstance(other, ProcessMesh) and self.shape == other.shape and \
            self.process_ids == other.process_ids and self.dim_names == other.dim_names

    def __hash__(self):
        return hash((tuple(self.shape), tuple(self.process_ids), tuple(self._dim_names)))

    def __str__(self):
        return f"shape {self.shape}, process_ids {self.process_ids}, dim_names {self.dim_names}"


class Placement:
    """How a tensor lies on one mesh axis (base of Shard, Replicate, Partial)."""

    def is_shard(self, dim=None):
        return False

    def is_replicated(self):
        return False

    def is_partial(self):
        return False

    def __eq__(self, other):
        return type(self) is type(other) and self._key() == other._key()

    def __hash__(self):
        return hash((type(self).__name__, self._key()))

    def _key(self):
        return ()


class Shard(Placement):
    def __init__(self, dim, **kwargs):
        self._dim = int(dim)

    def get_dim(self):
        return self._dim

    def is_shard(self, dim=None):
        return dim is None or dim == self._dim

    def _key(self):
        return (self._dim,)

    def __repr__(self):
        return f"Shard(dim={self._dim})"


class Replicate(Placement):
    def is_replicated(self):
        return True

    def __repr__(self):
        return "Replicate()"


_RED = {ReduceType.kRedSum: "SUM", ReduceType.kRedMax: "MAX", ReduceType.kRedMin: "MIN",
        ReduceType.kRedProd: "PROD", ReduceType.kRedAvg: "AVG", ReduceType.kRedAny: "ANY",
        ReduceType.kRedAll: "ALL"}


class Partial(Placement):
    def __init__(self, reduce_type=ReduceType.kRedSum):
        self._reduce_type = ReduceType(reduce_type)

    def is_partial(self):
        return True

    def reduce_type(self):
        return self._reduce_type

    def _key(self):
        return (int(self._reduce_type),)

    def __repr__(self):
        return f"Partial(reduce_type={_RED[self._reduce_type]})"


_mesh = None


def set_mesh(mesh):
    global _mesh
    _mesh = mesh


def get_mesh():
    return _mesh
