"""Liveness report: the graph objects still alive (grad nodes, saved tensors and their bytes,
PyLayer contexts, hooks) and what holds them; `assert_no_graph_survives()` for tests.

Graphs here hold no reference cycles, so a graph lives exactly as long as something outside it
holds one of its nodes: a tensor (through its AutogradMeta), a variable, a list. The report
names, for each node no other live node points at (a head), who refers to it."""
import gc
import sys
from contextlib import contextmanager

from ..tensor import Tensor
from ..eager.autograd_meta import AutogradMeta
from ..eager.grad_node_info import GradNodeBase
from ..eager.accumulation_node import GradNodeAccumulation
from ..eager.tensor_wrapper import TensorWrapper
from ..autograd.py_layer import PyLayerContext
from .graph import saved_wrappers, wrapper_info

__all__ = ["live_graph_objects", "report", "assert_no_graph_survives"]


def live_graph_objects():
    """{'nodes': [...], 'wrappers': [...], 'contexts': [...]} alive now (after a collection)."""
    gc.collect()
    found = {"nodes": [], "wrappers": [], "contexts": []}
    for o in gc.get_objects():
        if isinstance(o, GradNodeBase):
            found["nodes"].append(o)
        elif isinstance(o, TensorWrapper):
            found["wrappers"].append(o)
        elif isinstance(o, PyLayerContext):
            found["contexts"].append(o)
    return found


def _holders(obj, graph_ids, skip):
    """Short descriptions of what refers to `obj`, outside the graph itself."""
    out = []
    for r in gc.get_referrers(obj):
        if id(r) in graph_ids or id(r) in skip:
            continue
        if isinstance(r, AutogradMeta):
            ts = [t for t in gc.get_referrers(r) if isinstance(t, Tensor)]
            out.extend(f"Tensor '{t.name}' {list(t._data.shape)} (its grad node)" for t in ts)
            if not ts:
                out.append("an AutogradMeta")
        elif isinstance(r, dict):
            names = [k for k, v in r.items() if v is obj]
            mod = r.get("__name__") if "__builtins__" in r else None
            out.append(f"module {mod} variable {names}" if mod else f"a dict {names}")
        elif type(r).__name__ == "frame":
            out.append(f"frame {r.f_code.co_name} at {r.f_code.co_filename}:{r.f_lineno}")
        elif isinstance(r, (list, tuple, set)):
            out.append(f"a {type(r).__name__} of {len(r)}")
        else:
            out.append(type(r).__name__)
    return out


def report():
    """A text report of the live graph: counts, saved bytes, hooks, heads and their holders."""
    live = live_graph_objects()
    nodes = live["nodes"]
    graph_ids = {id(n) for n in nodes}
    pointed = {id(m) for n in nodes for m in n.next_nodes() if m is not None}
    saved = [wrapper_info(name, w) for n in nodes for name, w in saved_wrappers(n)]
    nbytes = sum(d["bytes"] for d in saved if not d["released"])
    hooks = sum(sum(len(v) for v in (n._gradient_hooks or {}).values())
                + len(n._post_hooks or ()) for n in nodes)
    lines = [f"{len(nodes)} grad nodes, {len(saved)} saved tensors "
             f"({nbytes} B held), {len(live['contexts'])} PyLayer contexts, {hooks} hooks"]
    skip = {id(nodes), id(live), id(sys._getframe())}
    for n in nodes:
        if id(n) in pointed:
            continue
        held = _holders(n, graph_ids, skip) or ["(nothing found: about to be freed)"]
        lines.append(f"  head {n.name()} ({n.forward_op or 'leaf'}) held by: " + "; ".join(held))
    return "\n".join(lines) + "\n"


@contextmanager
def assert_no_graph_survives():
    """Fail (AssertionError with the report) if a grad node, saved tensor or PyLayer context
    made inside the block is still alive after it."""
    before = {k: {id(o) for o in v} for k, v in live_graph_objects().items()}
    yield
    new = {k: [o for o in v if id(o) not in before[k] and not _leaf_of_live_tensor(o)]
           for k, v in live_graph_objects().items()}
    if any(new.values()):
        names = ", ".join(sorted({n.name() for n in new["nodes"]}))
        # saved tensors: the surviving nodes' (fields or wrappers), and wrappers without a node
        owned = [w for n in new["nodes"] for _, w in saved_wrappers(n)]
        ids = {id(w) for w in owned}
        n_saved = len(owned) + sum(id(w) not in ids for w in new["wrappers"])
        msg = (f"graph objects survived the block: {len(new['nodes'])} nodes ({names}), "
               f"{n_saved} saved tensors, {len(new['contexts'])} PyLayer "
               f"contexts\n")
        del new
        raise AssertionError(msg + report())


def _leaf_of_live_tensor(o):
    """A leaf's GradNodeAccumulation lives with its tensor: part of the leaf, not a graph."""
    return isinstance(o, GradNodeAccumulation) and o.tensor is not None
