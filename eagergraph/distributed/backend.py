"""The transport: collectives on NumPy buffers over an mpi4py communicator (or over a world of
one, with no MPI at all), and the Task a non-blocking call returns.

Reductions on dtypes MPI has (int8..int64, uint8, float32, float64, complex) are MPI's own
(Iallreduce / Reduce / Reduce_scatter_block); float16, bfloat16 and bool travel as bytes
(allgather or alltoall) and are reduced here in rank order, in their own dtype, as NCCL does.
Everything else (broadcast, gather, scatter, alltoall, send/recv) moves raw bytes, so any dtype
works. Buffers are C-contiguous and writable; the caller (communication.py) makes them so.
Every collective over more than one rank, and every wait on a non-blocking one, runs under the
collective timeout (watchdog.py)."""
import numpy as np

from .watchdog import watched

__all__ = ["ReduceOp", "ProcessGroup", "Task"]


class ReduceOp:
    """The reduction of all_reduce, reduce and reduce_scatter (Paddle's values)."""
    SUM = 0
    MAX = 1
    MIN = 2
    PROD = 3
    AVG = 4


_NP_REDUCE = {ReduceOp.SUM: np.add, ReduceOp.MAX: np.maximum, ReduceOp.MIN: np.minimum,
              ReduceOp.PROD: np.multiply, ReduceOp.AVG: np.add}
_MPI_NAME = {ReduceOp.SUM: "SUM", ReduceOp.MAX: "MAX", ReduceOp.MIN: "MIN",
             ReduceOp.PROD: "PROD", ReduceOp.AVG: "SUM"}
_NATIVE = frozenset(np.dtype(t) for t in (np.int8, np.int16, np.int32, np.int64, np.uint8,
                                          np.float32, np.float64, np.complex64, np.complex128))


def check_op(op, dtype):
    if op not in _NP_REDUCE:
        raise ValueError(f"Unknown reduce_op type for {op}.")
    if dtype == np.bool_ and op == ReduceOp.AVG:
        raise ValueError("ReduceOp.AVG is not supported for bool tensors")
    if dtype.kind == "c" and op in (ReduceOp.MAX, ReduceOp.MIN):
        raise ValueError("ReduceOp.MAX/MIN are not supported for complex tensors")


def reduce_arrays(arrays, op):
    """Reduce a sequence of same-shaped arrays in rank order, in their dtype."""
    f = _NP_REDUCE[op]
    out = np.array(arrays[0], copy=True)
    for a in arrays[1:]:
        f(out, a, out=out)
    if op == ReduceOp.AVG:
        average_in_place(out, len(arrays))
    return out


def average_in_place(a, n):
    """a /= n in a's dtype (integers truncate toward zero, as NCCL's ncclAvg)."""
    if n == 1:
        return
    if a.dtype.kind in "iu":
        np.copyto(a, np.sign(a) * (np.abs(a) // n))
    else:
        np.divide(a, np.asarray(n, a.dtype), out=a)

def _bytes(a):
    return a.reshape(-1).view(np.uint8)


class Task:
    """A collective in flight (Paddle's task): `wait()` blocks until it finished and its result
    is in place; `is_completed()` asks without blocking."""
    __slots__ = ("_reqs", "_done", "_what")

    def __init__(self, reqs=(), done=None):
        self._reqs, self._done, self._what = list(reqs), done, None
        if not self._reqs:
            self._finish()

    def _finish(self):
        self._reqs = []
        done, self._done = self._done, None
        if done is not None:
            done()

    def wait(self, timeout=None):
        if self._reqs:
            name, ranks = self._what or ("a non-blocking collective", [])
            with watched(f"{name} (Task.wait)", ranks):
                type(self._reqs[0]).Waitall(self._reqs)
            self._finish()
        return True

    def is_completed(self):
        if self._reqs and type(self._reqs[0]).Testall(self._reqs):
            self._finish()
        return not self._reqs

    def is_sync(self):
        return False

    def synchronize(self):
        self.wait()


class ProcessGroup:
    """Collectives over `comm` (an mpi4py communicator; None for a world of one)."""

    def __init__(self, comm):
        self.comm = comm
        self.rank = 0 if comm is None else comm.Get_rank()
        self.size = 1 if comm is None else comm.Get_size()
        self.ranks = list(range(self.size))  # global ranks (new_group sets its own)

    def name(self):
        return "MPI"

    # ---- reductions ----------------------------------------------------------------------
    def _mpi_op(self, op):
        from mpi4py import MPI
        return getattr(MPI, _MPI_NAME[op]), MPI

    def all_reduce(self, a, op, sync=True):
        check_op(op, a.dtype)
        if self.size == 1:
            return Task()
        if a.dtype in _NATIVE:
            mop, MPI = self._mpi_op(op)
            done = (lambda: average_in_place(a, self.size)) if op == ReduceOp.AVG else None
            if sync:
                self.comm.Allreduce(MPI.IN_PLACE, a, op=mop)
                return Task(done=done)
            return Task([self.comm.Iallreduce(MPI.IN_PLACE, a, op=mop)], done)
        np.copyto(a, reduce_arrays(self.all_gather(a), op))
        return Task()

    def reduce(self, a, root, op):
        check_op(op, a.dtype)
        if self.size == 1:
            return Task()
        if a.dtype in _NATIVE:
            mop, MPI = self._mpi_op(op)
            self.comm.Reduce(MPI.IN_PLACE if self.rank == root else a,
                             a if self.rank == root else None, op=mop, root=root)
            if op == ReduceOp.AVG and self.rank == root:
                average_in_place(a, self.size)
        else:
            parts = self.gather(a, root)
            if self.rank == root:
                np.copyto(a, reduce_arrays(parts, op))
        return Task()

    def reduce_scatter(self, out, stacked, op):
        """out = reduction over ranks of stacked[rank] (stacked: [size, *out.shape])."""
        check_op(op, out.dtype)
        if self.size == 1:
            np.copyto(out, stacked[0])
            return Task()
        if out.dtype in _NATIVE:
            mop, _ = self._mpi_op(op)
            self.comm.Reduce_scatter_block(stacked, out, op=mop)
            if op == ReduceOp.AVG:
                average_in_place(out, self.size)
        else:
            np.copyto(out, reduce_arrays(self.all_to_all(stacked), op))
        return Task()

    # ---- data movement (bytes) -------------------------------------------------------------
    def broadcast(self, a, root):
        if self.size > 1:
            self.comm.Bcast(_bytes(a), root=root)
        return Task()

    def all_gather(self, a):
        """[size, *a.shape]: every rank's `a`."""
        out = np.empty((self.size,) + a.shape, a.dtype)
        if self.size == 1:
            out[0] = a
        else:
            self.comm.Allgather(_bytes(np.ascontiguousarray(a)), _bytes(out))
        return out

    def gather(self, a, root):
        out = np.empty((self.size,) + a.shape, a.dtype) if self.rank == root else None
        if self.size == 1:
            out[0] = a
        else:
            self.comm.Gather(_bytes(np.ascontiguousarray(a)),
                             _bytes(out) if out is not None else None, root=root)
        return out

    def scatter(self, out, stacked, root):
        """out = stacked[rank] of root's `stacked` ([size, *out.shape]; ignored off root)."""
        if self.size == 1:
            np.copyto(out, stacked[0])
        else:
            self.comm.Scatter(_bytes(stacked) if self.rank == root else None, _bytes(out),
                              root=root)
        return Task()

    def all_to_all(self, stacked):
        """out[j] = rank j's stacked[rank]."""
        out = np.empty_like(stacked)
        if self.size == 1:
            np.copyto(out, stacked)
        else:
            self.comm.Alltoall(_bytes(np.ascontiguousarray(stacked)), _bytes(out))
        return out

    def send(self, a, dst, sync=True):
        self._check_peer(dst)
        if sync:
            self.comm.Send(_bytes(a), dest=dst)
            return Task()
        return Task([self.comm.Isend(_bytes(a), dest=dst)])

    def recv(self, a, src, sync=True):
        self._check_peer(src)
        if sync:
            self.comm.Recv(_bytes(a), source=src)
            return Task()
        return Task([self.comm.Irecv(_bytes(a), source=src)])

    def _check_peer(self, peer):
        if not 0 <= peer < self.size or peer == self.rank:
            raise ValueError(f"send/recv peer {peer} is not another rank of this group "
                             f"(rank {self.rank} of {self.size})")

    def barrier(self):
        if self.size > 1:
            self.comm.Barrier()
        return Task()

    # ---- Python objects (pickled) ----------------------------------------------------------
    def all_gather_object(self, obj):
        return [obj] if self.size == 1 else self.comm.allgather(obj)

    def broadcast_object(self, obj, root):
        return obj if self.size == 1 else self.comm.bcast(obj, root=root)

    def scatter_object(self, objs, root):
        return objs[0] if self.size == 1 else self.comm.scatter(objs, root=root)


def _watch_method(name):
    fn = getattr(ProcessGroup, name)

    def method(self, *args, **kwargs):
        if self.size == 1:
            return fn(self, *args, **kwargs)
        with watched(name, self.ranks):
            out = fn(self, *args, **kwargs)
        if type(out) is Task and out._reqs:
            out._what = (name, self.ranks)
        return out

    method.__name__, method.__doc__ = name, fn.__doc__
    setattr(ProcessGroup, name, method)


for _name in ("all_reduce", "reduce", "reduce_scatter", "broadcast", "all_gather", "gather",
              "scatter", "all_to_all", "send", "recv", "barrier", "all_gather_object",
              "broadcast_object", "scatter_object"):
    _watch_method(_name)
del _name
