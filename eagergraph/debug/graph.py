"""Graph explorer: the backward graph a tensor heads, as data, a text tree and Graphviz DOT
(graph_html.py renders the same data as one self-contained HTML page).

`describe(tensor)` walks the grad nodes reachable from the tensor's node (breadth first, each
node once) and returns plain data: per node its name, forward op, the user's file:line that ran
the forward op, input slots (the grads it receives), output slots and ranks (one per forward
input) with their edges, saved tensors (shape, dtype, bytes, version snapshot vs current,
released or not), hooks, and for a leaf's GradNodeAccumulation the leaf and its `.grad`."""
from ..tensor import Tensor
from ..eager.accumulation_node import GradNodeAccumulation
from ..eager.tensor_wrapper import TensorWrapper, saved_wrapper
from ..eager.inplace_check import site_text

__all__ = ["describe", "to_text", "to_dot", "graph_nodes"]


def graph_nodes(roots):
    """The grad nodes reachable from `roots` (nodes), each once, breadth first."""
    order, seen = [], set()
    queue = [n for n in roots if n is not None]
    while queue:
        nxt = []
        for n in queue:
            if id(n) in seen:
                continue
            seen.add(id(n))
            order.append(n)
            nxt.extend(m for m in n.next_nodes() if m is not None)
        queue = nxt
    return order


def _root_node(t):
    return t._grad_node


def describe(tensors):
    """{'nodes': [...], 'edges': [...]} for the graph headed by a tensor (or list of tensors)."""
    if isinstance(tensors, Tensor):
        tensors = [tensors]
    nodes = graph_nodes([_root_node(t) for t in tensors])
    index = {id(n): i for i, n in enumerate(nodes)}
    out, edges = [], []
    for i, n in enumerate(nodes):
        out.append(_node_info(i, n))
        for p, e in enumerate(_positions(n)):
            nxt, slot, rank, in_slot, in_rank = e
            if nxt is not None:
                edges.append({"from": i, "to": index[id(nxt)], "out_slot": slot,
                              "out_rank": rank, "in_slot": in_slot, "in_rank": in_rank})
    return {"nodes": out, "edges": edges}


def _positions(n):
    """(next node, out slot, out rank, next's in slot, next's in rank) per forward input."""
    res = []
    for s, slot in enumerate(n.bwd_out_meta):
        for r, meta in enumerate(slot):
            res.append((meta.grad_node, s, r, meta.in_slot, meta.in_rank))
    return res


def _node_info(i, n):
    info = {"id": i, "name": n.name(), "op": n.forward_op or "",
            "site": site_text(n._save_site) if n._save_site else None,
            "inputs": _in_slots(n), "outputs": _out_slots(n),
            "saved": _saved(n), "released": bool(n._wrappers_cleared),
            "hooks": _hooks(n), "leaf": None}
    if type(n) is GradNodeAccumulation:
        info["leaf"] = _leaf(n)
    return info


def _in_slots(n):
    meta = n.bwd_in_meta
    if not meta:
        return [[{"shape": None, "dtype": None}]]
    return [[{"shape": list(m.shape), "dtype": str(m.np_dtype)} for m in s] for s in meta]


def _out_slots(n):
    slots = []
    for slot in n.bwd_out_meta:
        slots.append([{"shape": list(m.shape), "dtype": str(m.np_dtype),
                       "next": None if m.grad_node is None else m.grad_node.name(),
                       "in_slot": m.in_slot, "in_rank": m.in_rank} for m in slot])
    return slots


def saved_wrappers(n):
    """[(name, TensorWrapper)] saved by node n (generated nodes' saved fields, built as
    TensorWrappers, and `*_wrapper` slots of Tensor[] inputs; PyLayer ctx)."""
    if hasattr(n, "saved_wrappers"):
        return [(f"saved[{k}]", w) for k, w in enumerate(n.saved_wrappers())]
    found = [(f[0], saved_wrapper(n, f[0])) for f in type(n).saved_fields]
    for cls in type(n).__mro__:
        for attr in getattr(cls, "__slots__", ()):
            if not attr.endswith("_wrapper"):
                continue
            w = getattr(n, attr, None)
            name = attr[:-len("_wrapper")]
            if isinstance(w, TensorWrapper):
                found.append((name, w))
            elif isinstance(w, (list, tuple)):
                found.extend((f"{name}[{k}]", x) for k, x in enumerate(w)
                             if isinstance(x, TensorWrapper))
    return found


def wrapper_info(name, w):
    released = w._version is None
    d = {"name": name, "released": released, "shape": None, "dtype": None, "bytes": 0,
         "version_saved": w._snapshot, "version_now": None, "meta_only": False}
    if released:
        return d
    d["version_now"] = w._version.value
    d["meta_only"] = w._no_need_buffer
    if w._hooked is not None:
        shape, dtype = w._hooked[2]
        d.update(shape=list(shape), dtype=str(dtype), packed=True)
    else:
        arr = w._data if w._data is not None else (w._tensor._data if w._tensor is not None
                                                   else None)
        if arr is not None:
            d.update(shape=list(arr.shape), dtype=str(arr.dtype),
                     bytes=0 if d["meta_only"] else int(arr.nbytes))
    return d


def _saved(n):
    return [wrapper_info(name, w) for name, w in saved_wrappers(n)]


def _hooks(n):
    h = {"gradient": sum(len(v) for v in (n._gradient_hooks or {}).values()),
         "post": len(n._post_hooks or ())}
    if type(n) is GradNodeAccumulation:
        h["tensor"] = len(n._tensor_hooks or ())
        h["reduce"] = len(n._reduce_hooks or ())
    return h


def _leaf(n):
    t = n.tensor
    if t is None:
        return {"alive": False}
    g = t._autograd_meta.grad if t._autograd_meta is not None else None
    return {"alive": True, "name": t.name, "shape": list(t._data.shape),
            "dtype": str(t._data.dtype),
            "grad": None if g is None else {"shape": list(g._data.shape),
                                            "dtype": str(g._data.dtype)}}


# ---- text -----------------------------------------------------------------------------------
def _shape(d):
    return "?" if d.get("shape") is None else f"{d['shape']} {d['dtype']}"


def node_lines(info, plain=False):
    """The detail lines of one node (text tree and HTML details share them). plain=True (the
    HTML page) words the gradients for a reader who does not know the engine: what the node
    receives, and per input of the forward op the gradient it computes and whether it is
    passed on."""
    lines = []
    if info["site"]:
        lines.append(f"created at {info['site']}")
    elif plain and info["leaf"] is None:
        lines.append("created at: not recorded (the forward op saved no tensors)")
    if any(m["shape"] is not None for slot in info["inputs"] for m in slot):
        if plain:
            ins = ", ".join(_shape(m) for slot in info["inputs"] for m in slot)
            lines.append(f"receives the gradient of the forward op's output: {ins}")
        else:
            ins = ", ".join(f"[{s}][{r}] {_shape(m)}" for s, slot in enumerate(info["inputs"])
                            for r, m in enumerate(slot))
            lines.append(f"grads in: {ins}")
    if plain:
        k = 0
        for slot in info["outputs"]:
            for m in slot:
                if m["next"] is None:
                    to = "not passed on: that input needs no gradient (stop_gradient)"
                elif m["next"] == "GradNodeAccumulation":
                    to = "added to the input's .grad (a leaf tensor)"
                else:
                    to = f"passed on to {m['next']}"
                lines.append(f"gradient for input {k}: {_shape(m)}, {to}")
                k += 1
    else:
        outs = ", ".join(f"[{s}][{r}] {_shape(m)}" + ("" if m["next"] else " (no edge)")
                         for s, slot in enumerate(info["outputs"]) for r, m in enumerate(slot))
        if outs:
            lines.append(f"grads out: {outs}")
    for w in info["saved"]:
        if w["released"]:
            lines.append(f"saved {w['name']}: released")
        else:
            v = f"version {w['version_saved']}"
            if w["version_now"] != w["version_saved"]:
                v += f", now {w['version_now']} (MODIFIED INPLACE)"
            size = "meta only" if w["meta_only"] else f"{w['bytes']} B"
            lines.append(f"saved {w['name']}: {_shape(w)}, {size}, {v}")
    hooks = {k: v for k, v in info["hooks"].items() if v}
    if hooks:
        lines.append("hooks: " + ", ".join(f"{k} {v}" for k, v in hooks.items()))
    leaf = info["leaf"]
    if leaf is not None:
        if not leaf["alive"]:
            lines.append("leaf: freed")
        else:
            g = "None" if leaf["grad"] is None else _shape(leaf["grad"])
            lines.append(f"leaf {leaf['name']}: {_shape(leaf)}, .grad {g}")
    return lines


def to_text(graph):
    """An indented tree from the head node; a node reached again is shown as `-> #id`."""
    if not isinstance(graph, dict):
        graph = describe(graph)
    nodes = graph["nodes"]
    if not nodes:
        return "(no backward graph: the tensor stops gradient or was never used in an op)\n"
    outs = {}
    for e in graph["edges"]:
        outs.setdefault(e["from"], []).append(e)
    lines, shown = [], set()
    stack = [(0, 0, None)]
    while stack:
        i, depth, edge = stack.pop()
        info, pad = nodes[i], "    " * depth
        via = "" if edge is None else f"[{edge['out_slot']}][{edge['out_rank']}] -> "
        op = f" ({info['op']})" if info["op"] else ""
        if i in shown:
            lines.append(f"{pad}{via}#{i} {info['name']} (see above)")
            continue
        shown.add(i)
        rel = " [saved tensors released]" if info["released"] else ""
        lines.append(f"{pad}{via}#{i} {info['name']}{op}{rel}")
        lines.extend(f"{pad}    | {x}" for x in node_lines(info))
        for e in reversed(outs.get(i, [])):
            stack.append((e["to"], depth + 1, e))
    lines.append(f"{len(nodes)} nodes, {len(graph['edges'])} edges")
    return "\n".join(lines) + "\n"


# ---- DOT ------------------------------------------------------------------------------------
def _q(s):
    return '"' + str(s).replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_dot(graph):
    """Graphviz DOT: one DOT node per grad node and per leaf accumulation node, labelled with
    the grad node's name (then the op or leaf, and its line); edges labelled with out[slot][rank]
    -> in[slot][rank]."""
    if not isinstance(graph, dict):
        graph = describe(graph)
    lines = ["digraph backward {", "  rankdir=TB;", '  node [shape=box, fontname="monospace"];']
    for n in graph["nodes"]:
        label = [n["name"]]
        if n["leaf"] is not None and n["leaf"].get("alive"):
            label.append(f"{n['leaf']['name']} {n['leaf']['shape']}")
        elif n["op"]:
            label.append(f"op {n['op']}")
        if n["site"]:
            label.append(n["site"].rsplit("/", 1)[-1])
        style = ', style=filled, fillcolor="#d8ecff"' if n["leaf"] is not None else ""
        lines.append(f"  n{n['id']} [label={_q(chr(10).join(label))}{style}];")
    for e in graph["edges"]:
        label = f"[{e['out_slot']}][{e['out_rank']}] -> [{e['in_slot']}][{e['in_rank']}]"
        lines.append(f"  n{e['from']} -> n{e['to']} [label={_q(label)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"
