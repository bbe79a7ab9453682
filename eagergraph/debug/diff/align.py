"""Aligning two records (tensors.compare on what they share) and finding where they part.

The op streams are aligned line by line (the ops a call site ran, per step) with difflib, then
op by op within a line (_pair_line), so an op that one side runs and the other does not (a
composite eagergraph writes in Python, an internal cast) is reported as missing without
shifting what follows. Over the aligned pairs, in the reference's order:
`first_forward` is the first op whose output differs beyond the dtype's tolerance, with its
inputs' provenance; `first_backward` is the first gradient (a hook on an op output, or a leaf's
`.grad`), in the order the reference's backward produced them, that differs, with the ops that
consumed the tensor (one of their backward functions produced it)."""
import difflib

from .tensors import compare
from .known import known_differences

__all__ = ["analyze", "Analysis", "canonical"]

_INDEXING = {"slice", "strided_slice", "index_select", "gather", "gather_nd", "getitem",
             "squeeze", "unsqueeze", "index_elementwise_get", "take_along_axis"}
_SETITEM = {"set_value", "set_value_with_tensor", "setitem", "index_put", "index_put_"}


def canonical(op):
    """The name two records' ops are matched by: inplace and out-of-place twins, and the ops
    Tensor indexing may run, are one."""
    base = op[:-1] if op.endswith("_") and not op.endswith("__") else op
    if base in _INDEXING:
        return "getitem"
    if base in _SETITEM or op in _SETITEM:
        return "setitem"
    return base


class Analysis:
    def __init__(self, ref, cur):
        self.ref, self.cur = ref, cur
        self.pairs = []          # (ref event index, cur event index)
        self.only_ref = []       # ref event indices
        self.only_cur = []
        self.composite = set()   # ref event indices paired as a line's last op (_pair_line)
        self.status = {}         # ref event index -> "same" | "differs"
        self.first_forward = None
        self.first_backward = None
        self.backward_compared = 0
        self.error = None        # the scripts' errors, when they differ

    @property
    def diverged(self):
        return bool(self.first_forward or self.first_backward or self.error)


def analyze(ref, cur, rtol=None, atol=None, steps=None):
    """Compare record `cur` (eagergraph) against `ref` (real Paddle); only the given optimizer
    steps when `steps` is a set."""
    a = Analysis(ref, cur)
    if steps is None and cur.get("stopped") and cur["events"]:
        steps = set(range(cur["events"][-1]["step"] + 1))   # what the shorter run recorded
    ra = [e for e in ref["events"] if steps is None or e["step"] in steps]
    ca = [e for e in cur["events"] if steps is None or e["step"] in steps]
    rr, cr = _lines(ra), _lines(ca)
    sm = difflib.SequenceMatcher(None, [k for k, _ in rr], [k for k, _ in cr], autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag != "equal":
            a.only_ref.extend(e["seq"] for _, run in rr[i1:i2] for e in run)
            a.only_cur.extend(e["seq"] for _, run in cr[j1:j2] for e in run)
            continue
        for k in range(i2 - i1):
            _pair_line(a, rr[i1 + k][1], cr[j1 + k][1])
    a.pairs.sort()
    _forward(a, rtol, atol)
    _backward(a, rtol, atol, steps)
    re_, ce = ref.get("error"), cur.get("error")
    if (re_ is None) != (ce is None) or (re_ and ce and re_["type"] != ce["type"]):
        a.error = {"paddle": re_, "eagergraph": ce}
    return a


def _lines(events):
    """Consecutive ops of one line (and step): [((site, step), [events])]."""
    groups = []
    for e in events:
        k = (e["site"], e["step"])
        if groups and groups[-1][0] == k:
            groups[-1][1].append(e)
        else:
            groups.append((k, [e]))
    return groups


def _sig(e):
    return (canonical(e["op"]), tuple((tuple(o["shape"]), o["dtype"]) for o in e["outputs"]))


def _pair_line(a, r, c):
    """Pair the ops the two sides ran for one line. The same ops (names and output shapes):
    one to one. Otherwise the line is composed differently (Paddle's fused `linear` is
    eagergraph's `matmul` + `add`; a loss written with other internals): an op whose name and
    output shapes occur once in the line on each side is paired, and the line's last ops are
    compared as its result (when their outputs' shapes match, or the line is one op on each
    side); the rest is listed as run by one side only."""
    rs, cs = [_sig(e) for e in r], [_sig(e) for e in c]
    if rs == cs:
        a.pairs.extend((x["seq"], y["seq"]) for x, y in zip(r, c))
        return
    pairs = []
    sm = difflib.SequenceMatcher(None, rs, cs, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            pairs.extend((i1 + k, j1 + k) for k in range(i2 - i1)
                         if rs.count(rs[i1 + k]) == 1 and cs.count(cs[j1 + k]) == 1)
    last = (len(r) - 1, len(c) - 1)
    if last not in pairs and all(p[0] < last[0] and p[1] < last[1] for p in pairs) and \
            r[-1]["outputs"] and (rs[-1][1] == cs[-1][1] or len(r) == len(c) == 1):
        pairs.append(last)
        if rs[-1][0] != cs[-1][0]:
            a.composite.add(r[-1]["seq"])
    a.pairs.extend((r[x]["seq"], c[y]["seq"]) for x, y in pairs)
    done_r, done_c = {x for x, _ in pairs}, {y for _, y in pairs}
    a.only_ref.extend(e["seq"] for k, e in enumerate(r) if k not in done_r)
    a.only_cur.extend(e["seq"] for k, e in enumerate(c) if k not in done_c)


def _describe_src(ref, src):
    if src is None:
        return "not made by a recorded op (e.g. to_tensor, or numpy data)"
    if src[0] == "leaf":
        leaf = ref["leaves"][src[1]]
        return f"leaf {leaf['name'] or '#' + str(src[1])}"
    if src[0] == "random":
        return "a random draw (replayed)"
    ev = ref["events"][src[0]]
    return f"output {src[1]} of #{src[0]} {ev['op']} at {ev['site']}"


def _forward(a, rtol, atol):
    ref, cur = a.ref, a.cur
    for i, j in a.pairs:
        re_, ce = ref["events"][i], cur["events"][j]
        outs = [compare(x, y, rtol, atol) for x, y in zip(re_["outputs"], ce["outputs"])]
        bad = [k for k, c in enumerate(outs) if not c["same"]]
        a.status[i] = "differs" if bad else "same"
        if bad and a.first_forward is None:
            inputs = []
            pairs = [] if i in a.composite else zip(re_["inputs"], ce["inputs"])
            for k, (x, y) in enumerate(pairs):
                c = compare(x, y, rtol, atol)
                inputs.append({"index": k, "same": c["same"], "compare": c,
                               "from": _describe_src(ref, x["src"]),
                               "shape": x["shape"], "dtype": x["dtype"]})
            a.first_forward = {
                "ref_seq": i, "cur_seq": j, "op": re_["op"], "cur_op": ce["op"],
                "site": re_["site"], "step": re_["step"], "composite": i in a.composite,
                "outputs": [dict(c, index=k, shape=re_["outputs"][k]["shape"],
                                 dtype=re_["outputs"][k]["dtype"]) for k, c in enumerate(outs)],
                "first_bad_output": bad[0], "inputs": inputs,
                "inputs_agree": None if i in a.composite else all(x["same"] for x in inputs),
                "known": known_differences(re_["op"]) + (
                    known_differences(ce["op"]) if ce["op"] != re_["op"] else [])}


def _backward(a, rtol, atol, steps):
    ref, cur = a.ref, a.cur
    seq_map = dict(a.pairs)
    leaf_map = _leaf_map(a)
    index, seen = {}, {}
    for e in cur["backward"]:
        index.setdefault(_bw_key(e) + (e["step"],), []).append(e)
    same_grads = set()
    a.has_grad = {(e["seq"], e["out"]) for e in ref["backward"] if e["kind"] == "grad"}
    for e in ref["backward"]:
        if steps is not None and e["step"] not in steps:
            continue
        key = _bw_key(e) + (e["step"],)
        n = seen[key] = seen.get(key, -1) + 1
        if e["kind"] == "grad":
            j = seq_map.get(e["seq"])
            ckey = None if j is None else ("grad", j, e["out"])
        else:
            k = leaf_map.get(e["leaf"])
            ckey = None if k is None else ("leaf", k)
        got = [] if ckey is None else index.get(ckey + (e["step"],), [])
        if n >= len(got):
            continue    # not recorded on the other side (an op it does not have)
        c = compare(e["value"], got[n]["value"], rtol, atol)
        a.backward_compared += 1
        if c["same"]:
            if e["kind"] == "grad":
                same_grads.add((e["seq"], e["out"]))
            continue
        a.first_backward = _backward_finding(a, e, c, same_grads)
        return


_VIEW_OPS = {"getitem", "reshape", "split", "unbind", "transpose", "view", "as_strided",
             "flatten", "diagonal", "chunk", "expand_as", "unfold", "real", "imag"}


def _inplace_on_view(ref, consumers):
    """An inplace op on a view one of the consumers made (`y[1:3].exp_()`): Paddle 3.3.1 may
    drop such a write from the base's gradient (docs/differences.md, Inplace), so it is the likelier cause."""
    for c in consumers:
        if canonical(c["op"]) not in _VIEW_OPS:
            continue
        outs = [[c["seq"], k] for k in range(len(ref["events"][c["seq"]]["outputs"]))]
        for ev in ref["events"][c["seq"] + 1:]:
            if ev["op"].endswith("_") and not ev["op"].endswith("__") and \
                    any(x["src"] in outs for x in ev["inputs"]):
                return {"seq": ev["seq"], "op": ev["op"], "site": ev["site"],
                        "output_grads_agree": None,
                        "note": f"an inplace write into a view ({c['op']} at {c['site']})"}
    return None


def _named(leaves):
    names = [leaf["name"] for leaf in leaves]
    return {n: k for k, n in enumerate(names) if n and names.count(n) == 1
            and not n.startswith(("generated_tensor", "eager_tmp"))}


def _leaf_map(a):
    """ref leaf index -> cur leaf index: by parameter name where both sides have it once, else
    by the op and input position that first used it (through ops paired one to one)."""
    rn, cn = _named(a.ref["leaves"]), _named(a.cur["leaves"])
    seq_map = {i: j for i, j in a.pairs if i not in a.composite}
    by_key = {tuple(leaf["key"]): k for k, leaf in enumerate(a.cur["leaves"])}
    out = {}
    for k, leaf in enumerate(a.ref["leaves"]):
        if leaf["name"] in rn and leaf["name"] in cn:
            out[k] = cn[leaf["name"]]
            continue
        j = seq_map.get(leaf["key"][0])
        if j is not None and (j, leaf["key"][1]) in by_key:
            out[k] = by_key[(j, leaf["key"][1])]
    # the rest: the n-th leaf a line first uses on one side is the n-th on the other
    taken = set(out.values())
    rest = {}
    for k, leaf in enumerate(a.cur["leaves"]):
        if k not in taken:
            rest.setdefault(_leaf_line(a.cur, leaf), []).append(k)
    for k, leaf in enumerate(a.ref["leaves"]):
        if k not in out:
            cands = rest.get(_leaf_line(a.ref, leaf), [])
            if cands:
                out[k] = cands.pop(0)
    return out


def _leaf_line(rec, leaf):
    seq, idx = leaf["key"]
    x = rec["events"][seq]["inputs"][idx]
    return rec["events"][seq]["site"], tuple(x["shape"]), x["dtype"]


def _bw_key(e):
    return ("grad", e["seq"], e["out"]) if e["kind"] == "grad" else ("leaf", e["leaf"])


def _backward_finding(a, e, c, same_grads):
    ref = a.ref
    if e["kind"] == "grad":
        ev = ref["events"][e["seq"]]
        src = [e["seq"], e["out"]]
        what = f"gradient of output {e['out']} of #{e['seq']} {ev['op']} at {ev['site']}"
        op, site = ev["op"], ev["site"]
    else:
        leaf = ref["leaves"][e["leaf"]]
        src = ["leaf", e["leaf"]]
        what = f".grad of leaf {leaf['name'] or '#' + str(e['leaf'])}"
        op, site = None, ref["events"][leaf["key"][0]]["site"]
    consumers, culprit = [], None
    for ev in reversed(ref["events"]):      # backward runs the consumers last-first
        if any(x["src"] == src for x in ev["inputs"]):
            own = [(ev["seq"], k) for k in range(len(ev["outputs"]))]
            agrees = all(o in same_grads for o in own if o in a.has_grad)
            consumers.append({"seq": ev["seq"], "op": ev["op"], "site": ev["site"],
                              "output_grads_agree": agrees})
            if agrees and culprit is None:
                culprit = consumers[-1]
    view_write = _inplace_on_view(ref, consumers)
    if view_write is not None:
        culprit = view_write
    return {"kind": e["kind"], "what": what, "op": op, "site": site, "step": e["step"],
            "shape": e["value"]["shape"], "dtype": e["value"]["dtype"], "compare": c,
            "consumers": consumers, "culprit": culprit,
            "known": known_differences(culprit["op"]) if culprit else []}
