"""Backward schedule trace: for each backward run inside the block, the in-degree map, the order
the nodes ran in, what each GradTensorHolder summed, per-node time, and which saved tensors
were released when.

    with eagergraph.debug.schedule_trace() as st:
        loss.backward()
    print(st.report())

While active it subscribes to this thread's backward seams (eager/seams.py): the engine's run
(to see the in-degree map and the initial holders, and to hand the Kahn loop a buffer dict that
notes each node as it is taken), each grad node's call (time, grads out) and its release of
saved tensors. Backward runs of other threads are not recorded. The subscriptions end on
exit."""
import time

from ._patch import Patches
from .graph import saved_wrappers, wrapper_info
from ..eager.grad_tensor_holder import GradTensorHolder

__all__ = ["schedule_trace", "ScheduleTrace", "BackwardRun", "Step"]

_now = time.perf_counter_ns


class Step:
    """One node taken from the ready queue."""

    def __init__(self, index, node):
        self.index = index
        self.node = node.name()
        self.op = node.forward_op or ""
        self.ran = False          # False: nothing arrived, captured (paddle.grad), or released
        self.ns = 0               # time in the node's __call__
        self.summed = {}          # (slot, rank) -> [(source, shape)] that its holder received
        self.released = []        # names of the saved tensors released after it ran

    def __repr__(self):
        return f"<Step {self.index} {self.node} ran={self.ran}>"


class BackwardRun:
    """One call of the engine: `indegree` {node name#k: count} and the `steps` in order."""

    def __init__(self, indeg, buffers):
        self._names = {}
        self.indegree = {self.key(n): d for n, d in indeg.items()}
        self.steps = []
        self._pending = {}  # node -> {(slot, rank): [(source, shape)]}
        for node, buf in buffers.items():
            for s, row in enumerate(GradTensorHolder(buf).buffer):
                for r, g in enumerate(row):
                    if g is not None:
                        self._arrive(node, s, r, "seed", list(getattr(g, "shape", ())))
        self._indeg = indeg  # the engine's map, while the run lasts (None after)

    def key(self, node):
        """A stable label for a node within this run: its name, with #k if the name repeats."""
        k = self._names.get(id(node))
        if k is None:
            base = node.name()
            t = getattr(node, "tensor", None)
            if t is not None:
                base += f"({t.name})"
            same = sum(1 for v in self._names.values() if v.split("#")[0] == base)
            k = base if same == 0 else f"{base}#{same}"
            self._names[id(node)] = k
        return k

    def _arrive(self, node, slot, rank, source, shape):
        self._pending.setdefault(node, {}).setdefault((slot, rank), []).append((source, shape))

    @property
    def order(self):
        return [s.node for s in self.steps]


class _TakingDict(dict):
    """The engine's buffers dict; `pop` (the Kahn loop's `take`) notes the node as a step."""

    def __init__(self, buffers, run, st):
        super().__init__(buffers)
        self._run_rec, self._st = run, st

    def pop(self, node, default=None):
        run = self._run_rec
        step = Step(len(run.steps), node)
        step.node = run.key(node)
        step.summed = run._pending.pop(node, {})
        run.steps.append(step)
        self._st._current = (run, step, node)
        return super().pop(node, default)


class ScheduleTrace:
    """The BackwardRuns recorded inside the block (`runs`; `last` is the latest)."""

    def __init__(self):
        self.runs = []
        self._patches = None
        self._current = None

    @property
    def last(self):
        return self.runs[-1] if self.runs else None

    def __enter__(self):
        self._patches = _install(self)
        return self

    def __exit__(self, *exc):
        self._patches.restore()
        self._patches = None
        return False

    # ---- hooks ------------------------------------------------------------------------------
    def on_run(self, where, run_fn, args, kwargs):
        queue, indeg, buffers, *rest = args
        run = BackwardRun(indeg, buffers)
        self.runs.append(run)
        prev, self._current = self._current, None
        try:
            return run_fn(queue, indeg, _TakingDict(buffers, run, self), *rest)
        finally:
            self._current = prev
            run._indeg, run._pending = None, {}  # hold no node after the run

    def on_call(self, node, call, args, kwargs):
        cur = self._current
        if cur is None or cur[2] is not node:
            return call(*args)
        run, step, _ = cur
        t0 = _now()
        out = call(*args)
        step.ns += _now() - t0
        step.ran = True
        for nxt, g, (in_slot, in_rank, shape, _) in zip(node.next_nodes(), out or (),
                                                        node.edge_metas()):
            if nxt is not None and g is not None and nxt in run._indeg:
                run._arrive(nxt, in_slot, in_rank, step.node, list(shape))
        return out

    def on_clear(self, node, clear, args, kwargs):
        cur = self._current
        if cur is not None and cur[2] is node:
            cur[1].released.extend(
                f"{n} ({d['bytes']} B)" for n, d in
                ((n, wrapper_info(n, w)) for n, w in saved_wrappers(node))
                if not d["released"])
        return clear()

    # ---- report -----------------------------------------------------------------------------
    def report(self, run=None):
        run = run or self.last
        if run is None:
            return "(no backward ran)\n"
        lines = ["in-degree map:"]
        lines += [f"  {k}: {v}" for k, v in run.indegree.items()]
        lines.append("schedule:")
        for s in run.steps:
            state = f"{s.ns / 1000:.1f} us" if s.ran else "did not run"
            lines.append(f"  {s.index}. {s.node}  {state}")
            for (slot, rank), parts in sorted(s.summed.items()):
                srcs = " + ".join(f"{src}{shape}" for src, shape in parts)
                lines.append(f"       holder[{slot}][{rank}] = {srcs}")
            if s.released:
                lines.append(f"       released: {', '.join(s.released)}")
        return "\n".join(lines) + "\n"


def schedule_trace():
    """A context manager recording every backward run in its block; returns a ScheduleTrace."""
    return ScheduleTrace()


def _install(st):
    """The schedule trace's subscribers of this thread's backward seams (eager/seams.py)."""
    p = Patches()
    p.subscribe("engine_run", st.on_run)
    p.subscribe("grad_node", st.on_call)
    p.subscribe("release", st.on_clear)
    return p
