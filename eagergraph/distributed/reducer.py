"""The gradient reducer behind DataParallel (Paddle's EagerReducer, reducer.cc).

Buckets: the trainable parameters in declaration order are cut into buckets of at most
`last_bucket_bytes` (the first, which backward reaches last: kept small so little traffic is
left when backward ends) and then `bucket_bytes`, and a new bucket starts where the dtype
changes; buckets are then numbered in reverse, the order backward produces their gradients.

Each leaf's reduce hook (run by the engine right after its .grad was accumulated) counts its
bucket down; a bucket whose gradients are all there is packed into its flat buffer, scaled by
1/nranks and handed to a non-blocking MPI Iallreduce, while backward goes on. Buckets start
strictly in bucket order, so every rank issues the same collectives in the same order. When
the last bucket has started, the reducer waits for all of them and copies the averaged
gradients back into .grad -- still inside backward, from the last hook.

find_unused_parameters: at forward, the graph is walked from the outputs; parameters it does
not reach count as ready (with zero gradient) at the first hook. Without it, a parameter that
gets no gradient leaves its bucket waiting, and the next forward raises Paddle's error."""
import numpy as np

from ..eager.accumulation_node import leaf_node
from ..eager.backward import in_degree_map
from ..tensor import Tensor

__all__ = ["Reducer", "assign_buckets"]

_UNFINISHED = (
    "(PreconditionNotMet) A serious error has occurred here. Please set "
    "find_unused_parameters=True to traverse backward graph in each step to prepare reduce in "
    "advance. If you have set, There may be several reasons for this error: 1) Please note that "
    "all forward outputs derived from the module parameters must participate in the "
    "calculation of losses and subsequent gradient calculations. If not, the wrapper will hang, "
    "waiting for autograd to generate gradients for these parameters. you can use detach or "
    "stop_gradient to make the unused parameters detached from the autograd graph. 2) Used "
    "multiple forwards and one backward. You may be able to wrap multiple forwards in a model.")


def assign_buckets(params, bucket_bytes, last_bucket_bytes):
    """[[param index]], in the order the buckets are reduced (reverse of declaration)."""
    groups, cur, size, dtype = [], [], 0, None
    limit = last_bucket_bytes
    for i, p in enumerate(params):
        nbytes = p._data.nbytes
        if cur and (size >= limit or p._data.dtype != dtype):
            groups.append(cur)
            cur, size, limit = [], 0, bucket_bytes
        cur.append(i)
        size += nbytes
        dtype = p._data.dtype
    if cur:
        groups.append(cur)
    return [list(reversed(g)) for g in reversed(groups)]


class _Bucket:
    __slots__ = ("index", "flat", "offsets", "left", "req")

    def __init__(self, index, params):
        self.index = index
        sizes = [params[i]._data.size for i in index]
        self.offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
        self.flat = np.empty(int(self.offsets[-1]), params[index[0]]._data.dtype)
        self.left, self.req = 0, None


class Reducer:
    def __init__(self, params, pg, bucket_bytes, last_bucket_bytes, find_unused):
        self.params, self.pg, self.find_unused = params, pg, find_unused
        self.buckets = [_Bucket(ix, params) for ix in
                        assign_buckets(params, bucket_bytes, last_bucket_bytes)]
        self._bucket_of = {}
        for b, bk in enumerate(self.buckets):
            for i in bk.index:
                self._bucket_of[i] = b
        self._handles = [leaf_node(p).register_reduce_hook(self._hook(i))
                         for i, p in enumerate(params)]
        self._armed = self._started = False
        self._unused = ()
        self._next = 0
        self.comm_seconds = 0.0  # time spent inside packing + MPI calls (for benchmarks)

    def _hook(self, i):
        return lambda: self._mark_ready(i)

    def remove_hooks(self):
        for h in self._handles:
            h.remove()

    # ---- per step ---------------------------------------------------------------------------
    def prepare_for_backward(self, outputs):
        """Arm the reducer for the backward of `outputs` (called by DataParallel.forward)."""
        if self._armed and self._started:
            self._armed = False
            raise RuntimeError(_UNFINISHED)
        for bk in self.buckets:
            bk.left, bk.req = len(bk.index), None
        self._next = 0
        self._armed, self._started = True, False
        self._unused = self._find_unused(outputs) if self.find_unused else ()
        self._unused_pending = bool(self._unused)

    def _find_unused(self, outputs):
        roots = [t._grad_node for t in outputs
                 if isinstance(t, Tensor) and t._grad_node is not None]
        reached = in_degree_map(list(dict.fromkeys(roots))) if roots else {}
        return [i for i, p in enumerate(self.params) if leaf_node(p) not in reached]

    def _mark_ready(self, i):
        if not self._armed:
            return  # a backward without a synced forward (no_sync, or a second backward)
        self._started = True
        if self._unused_pending:
            self._unused_pending = False
            for j in self._unused:
                self._count_down(j)
        self._count_down(i)

    def _count_down(self, i):
        bk = self.buckets[self._bucket_of[i]]
        bk.left -= 1
        if bk.left:
            return
        while self._next < len(self.buckets) and self.buckets[self._next].left == 0:
            self._launch(self.buckets[self._next])
            self._next += 1
        if self._next == len(self.buckets):
            self._finalize()
        else:
            self._poke()

    def _launch(self, bk):
        from time import perf_counter
        t0 = perf_counter()
        flat, off = bk.flat, bk.offsets
        for k, i in enumerate(bk.index):
            g = self.params[i].grad
            if g is None:
                flat[off[k]:off[k + 1]] = 0
            else:
                flat[off[k]:off[k + 1]] = g._data.reshape(-1)
        flat *= flat.dtype.type(1.0 / self.pg.size)
        from mpi4py import MPI
        bk.req = self.pg.comm.Iallreduce(MPI.IN_PLACE, flat, op=MPI.SUM)
        self.comm_seconds += perf_counter() - t0

    def _poke(self):
        """Let MPI progress the buckets in flight (MPICH progresses inside MPI calls)."""
        for bk in self.buckets[:self._next]:
            if bk.req is not None and bk.req.Test():
                bk.req = None

    def _finalize(self):
        from time import perf_counter
        t0 = perf_counter()
        for bk in self.buckets:
            if bk.req is not None:
                bk.req.Wait()
                bk.req = None
            for k, i in enumerate(bk.index):
                p = self.params[i]
                avg = bk.flat[bk.offsets[k]:bk.offsets[k + 1]].reshape(p._data.shape)
                g = p.grad
                if g is None:
                    g = Tensor._wrap(avg.astype(p._data.dtype, copy=True))
                    g.stop_gradient = False
                    p.grad = g
                elif g._data.flags.writeable:
                    np.copyto(g._data, avg)
                    g._bump_inplace_version()
                else:
                    g._data = avg.copy()
                    g._bump_inplace_version()
        self._armed = False
        self.comm_seconds += perf_counter() - t0
