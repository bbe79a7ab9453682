"""Collectives on Tensors with Paddle's signatures (paddle.distributed.communication): results
land in place where Paddle writes in place (all_reduce, broadcast, reduce, scatter, recv, ...);
list outputs are filled when given, appended when empty. Ranks named by src/dst are global
ranks, mapped into the group. Each call returns a Task (wait(), is_completed()); with
sync_op=False all_reduce, send and recv really run in the background (MPI Iallreduce, Isend,
Irecv) and `wait(tensor)` or `task.wait()` completes them."""
import warnings

import numpy as np

from ..tensor import Tensor
from .backend import ReduceOp, Task
from .collective import check_running
from .group import resolve, solo_group
from .watchdog import watched

__all__ = ["ReduceOp", "all_reduce", "broadcast", "reduce", "all_gather", "all_gather_object",
           "gather", "scatter", "reduce_scatter", "alltoall", "alltoall_single", "send", "recv",
           "isend", "irecv", "barrier", "wait", "broadcast_object_list",
           "scatter_object_list"]

_NOT_MEMBER = ("The group should not be None and all ranks which invoke this operation should "
               "be the member of this group.")


def _group(group):
    g = check_running(group)
    if g is not solo_group() and not g.is_member():
        raise RuntimeError(_NOT_MEMBER)
    return g


def _rank_in(g, rank, explicit):
    r = g.get_group_rank(rank) if explicit and g is not solo_group() else rank
    assert 0 <= r < g.nranks, f"The input rank {rank} can not be found inside the group {g.name}"
    return r


def _buf(t):
    """t's array, made C-contiguous and writable (so MPI can write into it)."""
    if not isinstance(t, Tensor):
        raise TypeError(f"expected a Tensor, got {type(t).__name__}")
    a = t._data
    if not (a.flags.c_contiguous and a.flags.writeable):
        a = t._data = np.array(a, order="C", copy=True)
    return a


def _put(t, arr):
    """Write `arr` into Tensor t (in place when the shape and dtype agree)."""
    a = t._data
    if a.shape == arr.shape and a.dtype == arr.dtype and a.flags.writeable:
        np.copyto(a, arr)
    else:
        t._data = np.ascontiguousarray(arr, dtype=a.dtype).reshape(arr.shape)


def _new(arr):
    return Tensor._wrap(np.array(arr, copy=True))


_pending = []  # (tensor, task) of background calls, for wait(tensor)


def _track(t, task):
    if task._reqs:
        _pending[:] = [(x, k) for x, k in _pending if k._reqs]
        _pending.append((t, task))
    return task


_DTYPE_NAMES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16",
                "float32", "float64", "complex64", "complex128")


def _check_same_tensor(op_name, g, a):
    """Every rank of the group must pass the same dtype and element count (else MPI reduces
    one rank's bytes as another's dtype: garbage and exit 0; Paddle aborts). One small
    all_gather; a mismatch raises the same ValueError on every rank."""
    pg = g.process_group
    if pg.size == 1:
        return
    name = a.dtype.name
    code = _DTYPE_NAMES.index(name) if name in _DTYPE_NAMES else len(_DTYPE_NAMES)
    every = pg.all_gather(np.array([code, a.size], np.int64))
    if (every == every[0]).all():
        return
    desc = "; ".join(f"rank {pg.ranks[r]}: {(_DTYPE_NAMES + ('other',))[int(c)]} with {int(n)} "
                     f"elements" for r, (c, n) in enumerate(every))
    raise ValueError(f"(InvalidArgument) {op_name}: the ranks of group {pg.ranks} passed "
                     f"tensors of different dtypes or sizes ({desc}); every rank must pass the "
                     f"same dtype and number of elements.")


def all_reduce(tensor, op=ReduceOp.SUM, group=None, sync_op=True):
    """Reduce `tensor` over the group's ranks; every rank gets the result in place. Every rank
    must pass the same dtype and number of elements (checked: ValueError on every rank)."""
    g = _group(group)
    a = _buf(tensor)
    pg = g.process_group
    if pg.size == 1:
        return _track(tensor, pg.all_reduce(a, op, sync_op))
    with watched("all_reduce", pg.ranks):  # the check's all_gather is part of it
        _check_same_tensor("all_reduce", g, a)
        return _track(tensor, pg.all_reduce(a, op, sync_op))


def broadcast(tensor, src, group=None, sync_op=True):
    """Copy rank `src`'s tensor into every rank's `tensor`."""
    g = _group(group)
    return g.process_group.broadcast(_buf(tensor), _rank_in(g, src, group is not None))


def reduce(tensor, dst, op=ReduceOp.SUM, group=None, sync_op=True):
    """Reduce `tensor` over the group into rank `dst`'s tensor (others keep theirs)."""
    if group is not None and not group.is_member():
        return None
    g = _group(group)
    return g.process_group.reduce(_buf(tensor), _rank_in(g, dst, group is not None), op)


def all_gather(tensor_list, tensor, group=None, sync_op=True):
    """Every rank's `tensor`, in rank order: into `tensor_list` (a list: filled, or appended to
    when empty), or concatenated along axis 0 into `tensor_list` when it is a Tensor."""
    g = _group(group)
    parts = g.process_group.all_gather(tensor._data)
    if isinstance(tensor_list, Tensor):
        _put(tensor_list, parts.reshape((-1,) + parts.shape[2:]) if parts.ndim > 1 else parts)
    elif len(tensor_list) == 0:
        tensor_list.extend(_new(p) for p in parts)
    else:
        for t, p in zip(tensor_list, parts):
            _put(t, p)
    return Task()


def all_gather_object(object_list, obj, group=None):
    """Append every rank's picklable `obj` to `object_list`, in rank order."""
    g = _group(group)
    object_list.extend(g.process_group.all_gather_object(obj))


def gather(tensor, gather_list=None, dst=0, group=None, sync_op=True):
    """Every rank's `tensor` into `gather_list` on rank `dst` only."""
    g = _group(group)
    d = _rank_in(g, dst, group is not None)
    if g.rank != d and g is not solo_group():
        if gather_list is not None:
            warnings.warn("Specific `gather_list` is meaningless for rank which is not dst.")
        gather_list = []
    else:
        assert gather_list is not None, "gather_list must not be none for dst rank"
    parts = g.process_group.gather(tensor._data, d)
    if parts is not None:
        if len(gather_list) == 0:
            gather_list.extend(_new(p) for p in parts)
        else:
            for t, p in zip(gather_list, parts):
                _put(t, p)
    return Task()


def _stack(tensors, n, what):
    if isinstance(tensors, Tensor):
        a = tensors._data
        return np.ascontiguousarray(a).reshape((n, a.shape[0] // n) + a.shape[1:])
    if len(tensors) != n:
        raise ValueError(f"{what}: expected {n} tensors (one per rank), got {len(tensors)}")
    return np.ascontiguousarray(np.stack([t._data for t in tensors]))


def scatter(tensor, tensor_list=None, src=0, group=None, sync_op=True):
    """Rank `src` sends tensor_list[i] to rank i's `tensor` (tensor_list ignored elsewhere)."""
    g = _group(group)
    s = _rank_in(g, src, group is not None)
    out = _buf(tensor)
    if g.rank == s:
        if tensor_list is None or (not isinstance(tensor_list, Tensor) and not tensor_list):
            raise RuntimeError("The tensor_list should not be empty on src rank.")
        stacked = _stack(tensor_list, g.nranks, "scatter").astype(out.dtype, copy=False)
    else:
        stacked = None
    return g.process_group.scatter(out, stacked, s)


def reduce_scatter(tensor, tensor_list, op=ReduceOp.SUM, group=None, sync_op=True):
    """Rank i's `tensor` = reduction over ranks of their tensor_list[i] (tensor_list a list, or
    a Tensor split along axis 0)."""
    g = _group(group)
    out = _buf(tensor)
    return g.process_group.reduce_scatter(out, _stack(tensor_list, g.nranks, "reduce_scatter")
                                          .astype(out.dtype, copy=False), op)


def alltoall(out_tensor_list, in_tensor_list, group=None, sync_op=True):
    """Rank j's out[i] = rank i's in[j] (lists, or Tensors split/joined along axis 0)."""
    g = _group(group)
    if isinstance(out_tensor_list, Tensor) != isinstance(in_tensor_list, Tensor):
        raise RuntimeError("The output and input should be both tensor or tensor list.")
    if not isinstance(in_tensor_list, Tensor) and len(in_tensor_list) == 0:
        raise RuntimeError("The input tensor_list should not be empty.")
    got = g.process_group.all_to_all(_stack(in_tensor_list, g.nranks, "alltoall"))
    if isinstance(out_tensor_list, Tensor):
        _put(out_tensor_list, got.reshape((-1,) + got.shape[2:]))
    elif len(out_tensor_list) == 0:
        out_tensor_list.extend(_new(p) for p in got)
    else:
        for t, p in zip(out_tensor_list, got):
            _put(t, p)
    return Task()


def alltoall_single(out_tensor, in_tensor, in_split_sizes=None, out_split_sizes=None,
                    group=None, sync_op=True):
    """alltoall on axis-0 slices of one tensor, with equal or given split sizes."""
    g = _group(group)
    n, a = g.nranks, in_tensor._data
    if in_split_sizes is None and out_split_sizes is None:
        got = g.process_group.all_to_all(np.ascontiguousarray(a).reshape(
            (n, a.shape[0] // n) + a.shape[1:]))
        _put(out_tensor, got.reshape(out_tensor._data.shape))
        return Task()
    sizes = in_split_sizes or [a.shape[0] // n] * n
    pieces = np.split(a, np.cumsum(sizes)[:-1])
    pg = g.process_group
    got = pieces if pg.comm is None else pg.comm.alltoall(pieces)
    _put(out_tensor, np.concatenate(got).astype(out_tensor._data.dtype, copy=False))
    return Task()


def send(tensor, dst=0, group=None, sync_op=True):
    """Send `tensor` to rank `dst` (blocking unless sync_op=False)."""
    g = _group(group)
    return _track(tensor, g.process_group.send(_buf(tensor), _rank_in(g, dst, group is not None),
                                               sync_op))


def recv(tensor, src=0, group=None, sync_op=True):
    """Receive into `tensor` (its shape and dtype) from rank `src`."""
    g = _group(group)
    return _track(tensor, g.process_group.recv(_buf(tensor), _rank_in(g, src, group is not None),
                                               sync_op))


def isend(tensor, dst, group=None):
    return send(tensor, dst, group, sync_op=False)


def irecv(tensor, src=None, group=None):
    return recv(tensor, 0 if src is None else src, group, sync_op=False)


def barrier(group=None):
    """Block until every rank of the group reached the barrier."""
    if group is not None and not group.is_member():
        return
    resolve(group).process_group.barrier()


def wait(tensor, group=None, use_calc_stream=True):
    """Complete the background calls (sync_op=False, isend, irecv) still running on `tensor`."""
    if group is not None and not group.is_member():
        return
    for t, task in list(_pending):
        if t is tensor:
            task.wait()
    _pending[:] = [(t, k) for t, k in _pending if k._reqs]


def broadcast_object_list(object_list, src, group=None):
    """object_list[:] = rank src's object_list (picklable objects)."""
    g = _group(group)
    object_list[:] = g.process_group.broadcast_object(list(object_list),
                                                      _rank_in(g, src, group is not None))


def scatter_object_list(out_object_list, in_object_list=None, src=0, group=None):
    """out_object_list = [rank src's in_object_list[rank]]."""
    g = _group(group)
    s = _rank_in(g, src, group is not None)
    obj = g.process_group.scatter_object(list(in_object_list) if g.rank == s else None, s)
    out_object_list.clear()
    out_object_list.append(obj)
