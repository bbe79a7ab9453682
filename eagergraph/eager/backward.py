"""The backward engine (Paddle eager/backward.cc RunBackward, and general_grad.h for paddle.grad).

Prepare, then run:
1. Roots and seeds: each root tensor's node and (slot, rank), with its seed grad (ones unless
   given), summed into the root nodes' GradTensorHolders.
2. getInDegreeMap: walk every edge reachable from the roots (iteratively) and count, per node,
   how many edges point at it.
3. paddle.grad only: a pruning pre-pass (GeneralGrad) keeps the nodes on a path from the roots
   to the requested inputs and says where their grads are captured (`GradCapture`).
4. A plain Kahn loop: the ready queue holds nodes whose in-degree is 0 (leaf accumulation nodes
   to the front, others FIFO, as Paddle does); each node runs once, when all its inputs arrived;
   its output grads are projected onto each input's meta (broadcast reduction, complex->real:
   the one place where this happens) and added to the next node's holder. Unless retain_graph,
   a node's saved tensors are released right after it runs.
No recursion anywhere, so a 1,000,000-node chain runs with the default recursion limit.
"""
import math
import warnings
from collections import deque
from sys import getrefcount

import numpy as np

from ..tensor import Tensor
from .grad_mode import set_grad_enabled, grad_state
from .amp_utils import amp_state
from .bound_ops import ops
from ..phi.common import NP_TO_DTYPE, type_name as _tname
from .grad_tensor_holder import (ROW_MAJOR, empty_buffer, holder_add, hold_raw as _hold_raw,
                                 project_array as _project_array, reduction as _reduction)
from .accumulation_node import GradNodeAccumulation, leaf_node
from .py_layer_node import GradNodePyLayer
from .grad_node_info import GradNodeBase, released_graph_error
from .views import refresh_view
from . import graph_gc
from .seams import (seam_flag, seam_wants, seam_call, seam_around, seam_listens,
                    BACKWARD_POINTS)

_wrap = Tensor._wrap


def _project(g, shape, dt):
    """Shape and dtype fix-up of grad Tensor `g` (recorded with ops: create_graph) for an input
    of `shape` and NumPy dtype `dt`: sum over broadcast dimensions, take the real part for a
    real input of a complex op. `_project_array` does the same on an ndarray."""
    d = g._data
    if d.shape != shape:
        axes, shape = _reduction(d.shape, shape)
        if axes and d.dtype in ROW_MAJOR and d.size:
            # Paddle's order (_project_array): the reduced axes in front, as one axis, then
            # summed one row after another (the sum kernel's order over axis 0)
            kept = tuple(i for i in range(d.ndim) if i not in axes)
            if axes != tuple(range(len(axes))):
                g = ops.transpose(g, list(axes + kept))
            g = ops.reshape(g, [math.prod(d.shape[i] for i in axes),
                                math.prod(d.shape[i] for i in kept)])
            g = ops.sum(g, (0,), None, False)
        elif axes:
            g = ops.sum(g, axes, None, False)
        g = ops.reshape(g, shape)
    if g._data.dtype != dt:
        if g._data.dtype.kind == "c" and dt.kind != "c":
            g = ops.real(g)
        if g._data.dtype != dt:
            g = ops.cast(g, NP_TO_DTYPE[dt])
    return g


_ONES = {}


def _ones(shape, dtype):
    """The seed grad of a root: ones. Scalar seeds are cached read-only arrays (kernels never
    write their inputs, and accumulation copies the first grad it stores)."""
    if shape == ():
        a = _ONES.get(dtype)
        if a is None:
            a = _ONES[dtype] = np.ones((), dtype)
            a.flags.writeable = False
        return a
    return np.ones(shape, dtype)


def _root_node(t, where):
    if not isinstance(t, Tensor):
        raise TypeError(f"{where}: expected Tensors, got {type(t).__name__}")
    if t._stop_gradient or t._data.dtype.kind in "biu":
        return None
    if t._base is not None and t._view_version != t._version.value:
        refresh_view(t)  # a view whose base was written since: re-derive it
    node = t._grad_node
    if node is None:  # a leaf that needs grad but was never used in an op
        node = leaf_node(t)
    return node


def prepare_roots(tensors, grad_tensors, where):
    """[(node, slot, rank, seed grad)] for the roots that need grad (Paddle RunBackward's
    first loop: the seeds are ones unless grad_tensors gives them). A seed is the Tensor
    given, or the ones as an ndarray."""
    if seam_flag.on and seam_wants("roots", prepare_roots):  # Debug Seam (eager/seams.py)
        return seam_call("roots", where, prepare_roots, (tensors, grad_tensors, where))
    roots = []
    for i, t in enumerate(tensors):
        node = _root_node(t, where)
        if node is None:
            continue
        g = grad_tensors[i] if grad_tensors is not None else None
        if g is None:
            g = _ones(t._data.shape, t._data.dtype)
        else:
            if not isinstance(g, Tensor):
                raise TypeError(f"{where}: grad_tensors[{i}] must be a Tensor or None, "
                                f"got {type(g).__name__}")
            if g._data.shape != t._data.shape:
                raise AssertionError(  # Paddle's type for this check
                    f"{where}: grad_tensors[{i}] has shape {list(g._data.shape)} but the tensor "
                    f"it seeds has shape {list(t._data.shape)}; they must match.")
        roots.append((node, t._out_slot, t._out_rank, g))
    return roots


def in_degree_map(roots):
    """{node: number of edges into it} over everything reachable from `roots` (Paddle
    getInDegreeMap), found with an explicit stack."""
    indeg = {n: 0 for n in roots}
    stack = list(indeg)
    pop, push, get = stack.pop, stack.append, indeg.get
    while stack:
        nexts = pop()._next
        if type(nexts) is not tuple:  # one input: the next node itself (or None)
            if nexts is not None:
                d = get(nexts)
                if d is None:
                    indeg[nexts] = 1
                    push(nexts)
                else:
                    indeg[nexts] = d + 1
            continue
        for nxt in nexts:
            if nxt is not None:
                d = get(nxt)
                if d is None:
                    indeg[nxt] = 1
                    push(nxt)
                else:
                    indeg[nxt] = d + 1
    return indeg


def run_backward(tensors, grad_tensors, retain_graph, create_graph=False, inputs=None,
                 allow_unused=False, no_grad_vars=None):
    """Run the graph from `tensors` (roots) with seed grads `grad_tensors`.

    inputs=None: accumulate into the leaves' .grad (Tensor.backward / autograd.backward).
    inputs given: return their grads without touching any .grad (paddle.grad), running only the
    part of the graph between the roots and the inputs."""
    where = "backward" if inputs is None else "paddle.grad"
    if retain_graph is not True and retain_graph is not False:  # Tensor.backward's flag
        if retain_graph is not None:
            raise TypeError(f"(InvalidType) {where}(): argument 'retain_graph' (position 3) must "
                            f"be bool, but got {_tname(retain_graph)}")
        retain_graph = False
    roots = prepare_roots(tensors, grad_tensors, where)
    if not roots:
        if inputs is None:
            warnings.warn(
                "backward(): none of the given tensors requires grad (all have "
                "stop_gradient=True), so nothing was computed. Set stop_gradient=False on the "
                "leaves you want gradients for.", RuntimeWarning, stacklevel=3)
            return None
        return _collect_results(inputs, {}, allow_unused)  # no graph: every input is unused
    if len(roots) == 1:  # the common case (loss.backward()): no de-duplication to do
        root_nodes = [roots[0][0]]
    else:
        root_nodes = list(dict.fromkeys(n for n, _, _, _ in roots))
    indeg = in_degree_map(root_nodes)
    capture = None
    if inputs is not None:
        capture = GradCapture(inputs, indeg, no_grad_vars)
        indeg = capture.indeg
    fast = FAST_PATH and not create_graph and capture is None
    # a debugging tool watching the nodes of this thread's runs: the general loop, through seams
    seams = seam_flag.on and seam_listens(BACKWARD_POINTS)
    fast = fast and not seams
    buffers = {}  # node -> its GradTensorHolder buffer, [slot][rank] (fast path: see _run_raw)
    for node, slot, rank, g in roots:
        if type(g) is np.ndarray:  # the ones of a seed not given
            if create_graph:
                g = _wrap(g)
        elif not create_graph:
            g = g._data
        if fast:
            _hold_raw(buffers, node, slot, rank, g)
            continue
        buf = buffers.get(node)
        if buf is None:
            buf = buffers[node] = empty_buffer(node)
        holder_add(buf, slot, rank, g, create_graph)
    queue = deque([n for n in root_nodes if indeg.get(n) == 0])  # pruned roots are not in indeg
    if queue:
        # paddle.grad keeps the graph (Paddle's GeneralGrad releases no saved tensor, whatever
        # retain_graph says): calling it twice on one graph works, as in Paddle
        keep = retain_graph or inputs is not None
        # grad mode is create_graph for the run (set_grad_enabled's effect, without the object);
        # grad ops run in their forward's dtypes: AMP is off during backward (Paddle's grad
        # nodes call kernel APIs, not the AMP-cast dygraph functions). With AMP inactive in this
        # thread there is nothing to suspend (level O0, no watchers), so no snapshot is taken.
        prev_mode = grad_state.enabled
        grad_state.enabled = create_graph
        amp_snap = None
        if amp_state.active:
            amp_snap = amp_state.snapshot()
            amp_state.suspend()
        try:
            if fast:
                _run_raw(queue, indeg, buffers, keep)
            elif seams:  # Debug Seam (eager/seams.py)
                seam_around("engine_run", where, _run,
                            (queue, indeg, buffers, keep, create_graph, capture))
            else:
                _run(queue, indeg, buffers, keep, create_graph, capture)
        finally:
            grad_state.enabled = prev_mode
            if amp_snap is not None:
                amp_state.restore(amp_snap)
            graph_gc.backward_done()  # the graph dies by refcount now: collector sees all again
    elif inputs is None:
        raise RuntimeError(f"{where}: the graph has no node to start from (a cycle?)")
    if inputs is None:
        return None
    return _collect_results(inputs, capture.results, allow_unused)


def _run(queue, indeg, buffers, retain_graph, create_graph, capture):
    """The Kahn loop: run each ready node on its summed grads, pass its output grads on.

    Without create_graph the grads between nodes are raw ndarrays (no Tensor per grad); nodes
    whose `raw_grads` is False (formula nodes, PyLayer), hooks and captured results see them
    as Tensors. Under create_graph they are Tensors throughout, recorded with ops."""
    raw = not create_graph
    project = _project_array if raw else _project  # chosen once for the run
    popleft, append, appendleft, take = queue.popleft, queue.append, queue.appendleft, buffers.pop
    get_indeg = indeg.get
    while queue:
        node = popleft()
        grads = take(node, None)
        if grads is None:
            grads = empty_buffer(node)
        if node._gradient_hooks:
            grads = node.apply_gradient_hooks(grads, raw)
        if capture is not None and capture.take(node, grads, raw):
            out = None
        else:
            out = _call_node(node, grads, buffers, indeg, retain_graph, create_graph,
                             capture is None)
        # pass the output grads on along the edges (one per input position), release in-degrees
        nexts, metas = node._next, node._meta
        if type(nexts) is not tuple:
            nexts, metas = (nexts,), (metas,)
        for nxt, g, (in_slot, in_rank, shape, dt) in zip(
                nexts, out if out is not None else _NONE * len(nexts), metas):
            left = None if nxt is None else get_indeg(nxt)  # None: no edge, or pruned away
            if left is not None:
                if g is not None:
                    meta = g if raw else g._data  # what the grad's shape and dtype are read from
                    if meta.dtype is not dt or meta.shape != shape:
                        g = project(g, shape, dt)
                    buf = buffers.get(nxt)
                    if buf is None:  # the first grad for nxt: a fresh buffer holding it
                        if nxt.bwd_in_meta:
                            buf = buffers[nxt] = empty_buffer(nxt)
                            buf[in_slot][in_rank] = g
                        else:
                            buffers[nxt] = [[g]]
                    else:
                        holder_add(buf, in_slot, in_rank, g, create_graph)
                indeg[nxt] = left = left - 1
                if left == 0:
                    if type(nxt) is GradNodeAccumulation:
                        appendleft(nxt)
                    else:
                        append(nxt)


_NONE = (None,)

_SAVES_NOTHING = GradNodeBase.clear_tensor_wrappers  # a node class that keeps no saved tensor

# The fast path (`_run_raw`) runs every Tensor.backward without create_graph, unless a debugging
# tool listens to the thread's backward seams; False runs everything through `_run` (the tests
# run the engine's tests both ways).
FAST_PATH = True


def _run_raw(queue, indeg, buffers, retain_graph):
    """The Kahn loop of a backward that records no graph and captures nothing (Tensor.backward,
    paddle.autograd.backward): the same schedule as `_run`, with grads as raw ndarrays and
    - the holder of a node of one output (no bwd_in_meta) the summed ndarray itself, not
      [[g]]; nodes of several outputs keep [slot][rank] lists (`_hold_raw`);
    - a node with `run_step` (generated for grad-kernel and array-formula nodes of single
      Tensor inputs) does the whole step itself: its kernel, then each grad projected and
      handed to the next node's holder, in-degrees released, ready nodes queued: the code
      below, straight-line per input;
    - a node with `run_raw` (the same nodes with Tensor[] inputs, leaf accumulation) called
      on that array directly; hooks, formula nodes, PyLayer and nodes of several outputs take
      the general per-node step (`_step_raw`);
    - a one-input node's single edge handled without the per-position loop.
    Per edge, the grad is projected onto the input's meta (broadcast reduction, complex ->
    real) and summed into the next node's holder, as in `_run`."""
    popleft, append, appendleft, take = queue.popleft, queue.append, queue.appendleft, buffers.pop
    get_indeg, get_held = indeg.get, buffers.get
    release = not retain_graph
    while queue:
        node = popleft()
        held = take(node, None)
        cls = type(node)
        # ---- a generated node's whole step: its grad kernel, then its grads passed on
        if held is not None and cls.run_step is not None and not (
                node._gradient_hooks or node._post_hooks):
            node.run_step(held, release, buffers, indeg, queue)
            continue
        # ---- the node's backward
        if cls.run_raw is None or node._gradient_hooks or node._post_hooks:
            out = _step_raw(node, held, buffers, indeg, retain_graph)
        elif cls is GradNodeAccumulation:  # a leaf: no next node
            if held is not None:
                # sole: only `held` (and getrefcount's argument) refers to the array, once the
                # last node's `out` and `g` are dropped, so `.grad` may keep it uncopied
                out = g = None
                sole = getrefcount(held) == 2
                node.run_raw(held, False, False, sole)
            continue
        elif held is not None:  # (a released node raises in run_raw: its wrappers' recover_data)
            out = node.run_raw(held, release)  # releases what it saved as it reads it
        else:  # nothing arrived: propagate nothing, but release
            out = None
            if release and cls.clear_tensor_wrappers is not _SAVES_NOTHING:
                node.clear_tensor_wrappers()
        nexts = node._next
        # ---- one input: `out` is its grad, `_meta` its edge meta
        if type(nexts) is not tuple:
            left = get_indeg(nexts)  # None: no edge (indeg has no None key), or pruned away
            if left is None:
                continue
            if out is not None:
                in_slot, in_rank, shape, dt = node._meta
                if out.dtype is not dt or out.shape != shape:
                    out = _project_array(out, shape, dt)
                if nexts.bwd_in_meta:  # several outputs: a [slot][rank] holder
                    _hold_raw(buffers, nexts, in_slot, in_rank, out)
                else:
                    old = get_held(nexts)
                    buffers[nexts] = out if old is None else old + out
            indeg[nexts] = left = left - 1
            if left == 0:
                if type(nexts) is GradNodeAccumulation:
                    appendleft(nexts)
                else:
                    append(nexts)
            continue
        # ---- several inputs: one grad and one edge meta per input position
        for nxt, g, (in_slot, in_rank, shape, dt) in zip(
                nexts, out if out is not None else _NONE * len(nexts), node._meta):
            left = get_indeg(nxt)  # None: no edge (indeg has no None key)
            if left is not None:
                if g is not None:
                    if g.dtype is not dt or g.shape != shape:
                        g = _project_array(g, shape, dt)
                    if nxt.bwd_in_meta:
                        _hold_raw(buffers, nxt, in_slot, in_rank, g)
                    else:
                        old = get_held(nxt)
                        buffers[nxt] = g if old is None else old + g
                indeg[nxt] = left = left - 1
                if left == 0:
                    if type(nxt) is GradNodeAccumulation:
                        appendleft(nxt)
                    else:
                        append(nxt)


def _step_raw(node, held, buffers, indeg, retain_graph):
    """The fast path's general node step (gradient and post hooks, formula nodes, PyLayer,
    nodes of several outputs): `_run`'s per-node step on raw grads. Returns the grads out in
    the fast path's form (a one-input node's grad itself, else one per position)."""
    if type(held) is list:
        grads = held
    else:
        grads = empty_buffer(node) if held is None else [[held]]
    if node._gradient_hooks:
        grads = node.apply_gradient_hooks(grads, True)
    out = _call_node(node, grads, buffers, indeg, retain_graph, False, True)
    if out is not None and type(node._next) is not tuple:
        out = out[0]
    return out


def _call_node(node, grads, buffers, indeg, retain_graph, create_graph, mark_leaves):
    """One node's backward on its [slot][rank] grads (gradient hooks already applied), shared
    by both loops: the released check, nothing-arrived, the call (Tensors for nodes that do not
    take raw grads), post hooks, then the release of its saved tensors. Returns one grad per
    input position, or None when nothing arrived. mark_leaves: tell leaves a PyLayer's
    stop_gradient grad reaches first (not under paddle.grad, which writes no .grad)."""
    if node._wrappers_cleared:
        raise released_graph_error(node)
    raw = not create_graph
    row = grads[0] if grads else None  # a grad first: something arrived, no scan
    if (not row or row[0] is None) and _nothing_arrived(grads):
        out = None  # nothing arrived: propagate nothing, but release in-degrees
    else:
        if raw and not node.raw_grads:
            res = (node(_tensors(grads), False) if not seam_flag.on else
                   seam_around("grad_node", node, node, (_tensors(grads), False)))
            out = [None if g is None else g._data for g in res]
            if mark_leaves and type(node) is GradNodePyLayer:
                _mark_first_grad_stops(node, node.grad_stops(res), buffers, indeg)
        else:
            out = (node(grads, create_graph) if not seam_flag.on else
                   seam_around("grad_node", node, node, (grads, create_graph)))
        if node._post_hooks:
            out = _run_post_hooks(node, grads, out, raw)
    if not retain_graph:
        if seam_flag.on:  # Debug Seam (eager/seams.py)
            seam_around("release", node, node.clear_tensor_wrappers, ())
        else:
            node.clear_tensor_wrappers()
    return out


def _mark_first_grad_stops(node, stops, buffers, indeg):
    """A PyLayer's stop_gradient grads (`GradNodePyLayer.grad_stops`): a leaf that this
    backward runs and that holds no grad yet receives its first grad from `node`, so its
    `.grad` will stop gradient (GradNodeAccumulation reads and clears `first_grad_stops`)."""
    nexts = node._next
    if type(nexts) is not tuple:
        nexts = (nexts,)
    for nxt, stops_here in zip(nexts, stops):
        if (stops_here and type(nxt) is GradNodeAccumulation and nxt not in buffers
                and nxt in indeg):
            nxt.first_grad_stops = True


def _nothing_arrived(grads):
    return all(g is None for s in grads for g in s)


def _tensors(grads):
    """[slot][rank] arrays -> Tensors (for nodes, hooks and results that take Tensors)."""
    return [[None if g is None else _wrap(g) for g in s] for s in grads]


def _run_post_hooks(node, grads, out, raw):
    """Post hooks see [slot][rank] Tensors in and out, and may replace the grads out."""
    if raw:
        grads = _tensors(grads)
        out = [None if g is None else _wrap(g) for g in out]
    out = node.nest(out)
    with set_grad_enabled(True):  # hooks run with grad mode on, as in Paddle
        for h in list(node._post_hooks):
            r = h(grads, out)
            if r is not None:
                out = r
    flat = [g for slot in out for g in slot]
    return [None if g is None else g._data for g in flat] if raw else flat


class GradCapture:
    """paddle.grad's pre-pass (Paddle GeneralGrad): keep only the nodes on a path from the roots
    to an input's node, and capture the grads that arrive at the inputs' positions.

    indeg: the pruned in-degree map the Kahn loop runs on. targets: node -> [((slot, rank),
    input index)] positions whose arriving grads are results. stop_at: target nodes that need
    not run because no other input lies behind them. Accumulation nodes never run here, so no
    .grad is written."""

    def __init__(self, inputs, indeg, no_grad_vars):
        targets = {}
        for i, t in enumerate(inputs):
            if not isinstance(t, Tensor):
                raise TypeError(f"paddle.grad: inputs[{i}] must be a Tensor, got "
                                f"{type(t).__name__}")
            if t.stop_gradient or t._grad_node is None:
                continue
            targets.setdefault(t._grad_node, []).append(((t._out_slot, t._out_rank), i))
        blocked = set()
        for t in no_grad_vars or ():
            if t._grad_node is not None:
                blocked.add(t._grad_node)
        useful = _reaching(targets, indeg, blocked)
        stop_at = set()  # a target node runs only if another target lies behind it
        for n in targets:
            if n not in useful:
                continue
            behind = any(e.grad_node in useful and e.grad_node is not n for e in n.edges())
            if not behind or type(n) is GradNodeAccumulation:
                stop_at.add(n)
        pruned = {n: 0 for n in useful}
        for n in useful:
            if n in stop_at:
                continue
            for e in n.edges():
                if e.grad_node in pruned:
                    pruned[e.grad_node] += 1
        self.targets, self.stop_at, self.indeg, self.results = targets, stop_at, pruned, {}

    def take(self, node, grads, raw):
        """Capture the results arriving at `node`; True if the node need not run."""
        hit = self.targets.get(node)
        if hit is None:
            return False
        for (slot, rank), key in hit:
            g = grads[slot][rank]
            self.results[key] = _wrap(g) if raw and g is not None else g
        return node in self.stop_at


def _reaching(targets, indeg, blocked):
    """The nodes of `indeg` from which a target is reachable without passing a blocked node."""
    parents = {n: [] for n in indeg}
    for n in indeg:
        if n in blocked:
            continue
        for e in n.edges():
            if e.grad_node in parents and e.grad_node not in blocked:
                parents[e.grad_node].append(n)
    useful = set()
    stack = [n for n in targets if n in indeg]
    while stack:
        n = stack.pop()
        if n in useful:
            continue
        useful.add(n)
        stack.extend(parents[n])
    return useful


def _collect_results(inputs, results, allow_unused):
    out = []
    for i, t in enumerate(inputs):
        g = results.get(i)
        if g is None and not allow_unused:
            raise ValueError(
                f"(InvalidArgument) The {i}-th input does not appear in the backward graph "
                f"(paddle.grad: input {i}, shape {list(t.shape)}, is not reachable from the "
                f"outputs, or stops gradient). Please check the input tensor or set "
                f"allow_unused=True to get None result.")
        out.append(g)
    return out
