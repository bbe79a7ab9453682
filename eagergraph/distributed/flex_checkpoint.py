"""paddle.distributed.save_state_dict / load_state_dict (Paddle's flex_checkpoint) for a job of
one process, in Paddle's files so either side reads the other's checkpoints:

- `{rank}_{unique_id}.distcp`: paddle.save of the flattened state dict (nested dicts joined by
  "."), NumPy arrays plus the name table;
- `{unique_id}.metadata`: paddle.save of Paddle's Metadata object (LocalTensorMetadata per key,
  LocalTensorIndex -> file name, the flattening map), pickled under Paddle's class paths
  (paddle.distributed.flex_checkpoint.dcp.metadata) by stand-in classes here, and read back by
  an unpickler that allows only those classes.

unique_id defaults to the largest one in the folder (0 for a new one) and an existing metadata
file is kept, as in Paddle. In a data-parallel job (every rank holding the same keys and shapes,
replicated) each key is written once, by the rank with the fewest bytes so far, into that rank's
file, and the coordinator writes the metadata. load_state_dict fills the given tensors in place
on every rank from the files (a shared folder). Sharded tensors (ShardedWeight, ranks holding
different pieces, resharding to another shape) are not implemented and raise."""
import os
import pickle
import re
import warnings
from dataclasses import dataclass

import numpy as np

from ..tensor import Tensor
from .. import framework_io
from .world import get_rank, get_world_size, init_parallel_env
from . import group as _group

__all__ = ["save_state_dict", "load_state_dict", "Metadata", "LocalTensorMetadata",
           "LocalTensorIndex"]

_PADDLE_MODULE = "paddle.distributed.flex_checkpoint.dcp.metadata"


@dataclass(frozen=True)
class LocalTensorMetadata:
    global_offset: tuple
    local_shape: tuple
    dtype: str
    global_shape: tuple = None
    is_flattened: bool = False
    flattened_range: tuple = None


@dataclass(frozen=True)
class LocalTensorIndex:
    tensor_key: str
    global_offset: tuple
    is_flattened: bool = False
    flattened_range: tuple = None
    replica_id: int = None
    local_shape: tuple = None


@dataclass
class Metadata:
    state_dict_metadata: dict = None
    storage_metadata: dict = None
    flat_mapping: dict = None


_CLASSES = {c.__name__: c for c in (LocalTensorMetadata, LocalTensorIndex, Metadata)}
_BY_CLASS = {c: n for n, c in _CLASSES.items()}


class _MetadataPickler(pickle._Pickler):
    """The pure-Python pickler, writing the stand-in classes under Paddle's module path."""

    def save_global(self, obj, name=None):
        qual = _BY_CLASS.get(obj)
        if qual is None:
            return super().save_global(obj, name)
        self.save(_PADDLE_MODULE)
        self.save(qual)
        self.write(pickle.STACK_GLOBAL)
        self.memoize(obj)


class _MetadataUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        if module in (_PADDLE_MODULE, __name__) and name in _CLASSES:
            return _CLASSES[name]
        raise pickle.UnpicklingError(f"a checkpoint metadata file may hold Paddle's Metadata "
                                     f"classes only, not {module}.{name}")


def _sharded(detail):
    raise NotImplementedError(
        f"(Unimplemented) paddle.distributed.save_state_dict of sharded tensors ({detail}) is "
        f"not implemented in eagergraph; replicated (data-parallel) state dicts are")


def _assign(every, nranks):
    """key -> the rank that writes it: each key (largest first) to the rank with the fewest
    bytes so far (lowest rank on ties)."""
    load = [0] * nranks
    owner = {}
    for key, (shape, dtype) in sorted(every[0].items(),
                                      key=lambda kv: (-int(np.prod(kv[1][0])) *
                                                      np.dtype(_np_name(kv[1][1])).itemsize,
                                                      kv[0])):
        r = min(range(nranks), key=lambda i: (load[i], i))
        owner[key] = r
        load[r] += int(np.prod(shape)) * np.dtype(_np_name(dtype)).itemsize
    return owner


def _np_name(dtype):
    return "uint16" if dtype == "bfloat16" else dtype


def _flatten(state_dict):
    flat, mapping = {}, {}

    def walk(key, value):
        if isinstance(value, dict):
            for k, v in value.items():
                assert isinstance(k, str), f"The key should be str, but is {k}"
                walk((*key, k), v)
        elif isinstance(value, Tensor):
            flat[".".join(key)] = value
            mapping[".".join(key)] = key
        else:
            raise ValueError(f"The value should be dict or paddle.Tensor, but is {value}")
    walk((), state_dict)
    return flat, mapping


def _max_id(path, suffix):
    pattern = re.compile(r"^(\d+)_(\d+)\.distcp$" if suffix == "distcp" else r"^(\d+)\.metadata$")
    ids = [0] + [int(m.groups()[-1]) for m in map(pattern.match, os.listdir(path)) if m]
    return max(ids)


def save_state_dict(state_dict, path, process_group=None, coordinator_rank=0, unique_id=None,
                    async_save=False, safetensors=False, save_replicas=False):
    """Save a (nested) dict of Tensors to the folder `path` in Paddle's flex-checkpoint files
    (async_save writes synchronously here)."""
    assert isinstance(state_dict, dict), \
        f"The state_dict should be a dictionary.But now the type is {type(state_dict)}."
    if safetensors:
        raise NotImplementedError("(Unimplemented) save_state_dict(safetensors=True) is not "
                                  "implemented in eagergraph; the default .distcp files are")
    flat, mapping = _flatten(state_dict)
    os.makedirs(path, exist_ok=True)
    nranks = get_world_size()
    if nranks > 1 and process_group is None and not _group.is_initialized():
        init_parallel_env()
    if unique_id is None:
        unique_id = _max_id(path, "distcp")
    else:
        assert unique_id >= 0, f'{unique_id} should be >= 0'
    mine = {k: (tuple(t.shape), t.dtype.name) for k, t in flat.items()}
    every, ids = [mine], [unique_id]
    if nranks > 1:
        from .communication import all_gather_object
        every, ids = [], []
        all_gather_object(every, mine, process_group)
        all_gather_object(ids, unique_id, process_group)
        if any(e != every[0] for e in every):
            _sharded("the ranks hold different keys, shapes or dtypes")
        unique_id = ids[0]
    owner = _assign(every, len(every))
    rank = get_rank(process_group) if nranks > 1 else 0
    meta = Metadata({}, {}, mapping)
    for key, (shape, dtype) in every[0].items():
        zero = (0,) * len(shape)
        meta.state_dict_metadata[key] = [LocalTensorMetadata(zero, shape, dtype, shape)]
        global_rank = owner[key] if process_group is None else process_group.ranks[owner[key]]
        meta.storage_metadata[LocalTensorIndex(key, zero, local_shape=shape)] = \
            f"{global_rank}_{unique_id}.distcp"
    meta_path = os.path.join(path, f"{unique_id}.metadata")
    if rank == coordinator_rank and not (os.path.exists(meta_path)
                                         and os.path.getsize(meta_path) > 0):
        with open(meta_path, "wb") as f:
            _MetadataPickler(f, protocol=4).dump(meta)
    framework_io.save({k: t for k, t in flat.items() if owner[k] == rank},
                      os.path.join(path, f"{get_rank()}_{unique_id}.distcp"))
    if nranks > 1:
        from .communication import barrier
        barrier(process_group)


def _read_metadata(path):
    with open(path, "rb") as f:
        return _MetadataUnpickler(f).load()


def load_state_dict(state_dict, path, process_group=None, coordinator_rank=0, unique_id=None,
                    offload=False, mw_name_compatibility=True, aoa_config=None,
                    safetensors=False, worker_groups=None, comm_method="broadcast"):
    """Fill the Tensors of a (nested) state dict in place from a flex checkpoint folder (values
    cast to each tensor's dtype)."""
    assert isinstance(state_dict, dict), \
        f"The state_dict should be a dictionary.But now the type is {type(state_dict)}."
    if not os.path.isdir(path):
        raise FileNotFoundError(f"load_state_dict: no checkpoint folder {path}")
    if unique_id is None:
        unique_id = _max_id(path, "metadata")
    meta_path = os.path.join(path, f"{unique_id}.metadata")
    if not os.path.isfile(meta_path):
        raise FileNotFoundError(f"load_state_dict: {meta_path} not found (no checkpoint with "
                                f"unique_id {unique_id} in {path})")
    meta = _read_metadata(meta_path)
    flat, _ = _flatten(state_dict)
    missing = set(flat) - set(meta.state_dict_metadata)
    if missing:
        warnings.warn(f"Missing keys:{missing}, check whether the checkpoint is complete.")
        raise KeyError(f"load_state_dict: the checkpoint in {path} has no {sorted(missing)}")
    files = {}
    for index, file_name in meta.storage_metadata.items():
        files.setdefault(index.tensor_key, []).append((index, file_name))
    cache = {}
    for key, t in flat.items():
        pieces = files.get(key, [])
        whole = [(i, f) for i, f in pieces
                 if not any(i.global_offset) and not i.is_flattened
                 and (i.local_shape is None or tuple(i.local_shape) == tuple(t.shape))]
        if not whole:
            shapes = [m.global_shape for m in meta.state_dict_metadata[key]]
            raise NotImplementedError(
                f"(Unimplemented) load_state_dict: '{key}' is stored as {len(pieces)} piece(s) "
                f"of global shape {shapes} and the tensor to fill has shape {list(t.shape)}; "
                f"eagergraph loads whole, unsharded tensors of the same shape only")
        file_name = whole[0][1]
        if file_name not in cache:
            cache[file_name] = framework_io.load(os.path.join(path, file_name),
                                                 return_numpy=True)
        arr = np.asarray(cache[file_name][key])
        t.set_value(arr.astype(t._data.dtype, copy=False))
