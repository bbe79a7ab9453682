"""An Analysis as text (for the terminal) and as JSON-ready data (`to_data`)."""
import json
import os

import numpy as np

__all__ = ["to_text", "to_data", "to_json"]


def _short(site, root):
    if root and site.startswith(root + os.sep):
        return site[len(root) + 1:]
    return site


def _num(v):
    return f"{v:.3g}" if isinstance(v, float) else str(v)


def _side(rec):
    return ("real paddle " + rec["version"] if rec["framework"] == "paddle" else
            rec["framework"]) + ":"


def _clip(text, n=300):
    return text if len(text) <= n else text[:n - 3] + "..."


def _counts(rec):
    grads = sum(1 for e in rec["backward"] if e["kind"] == "grad")
    leaves = len(rec["backward"]) - grads
    s = (f"{len(rec['events'])} ops, {grads} gradients, {leaves} leaf .grad, "
         f"{rec['steps']} optimizer steps")
    if rec.get("draws"):
        s += f", {len(rec['draws'])} random draws"
    if rec.get("replays"):
        done = sum(1 for r in rec["replays"] if r["replayed"])
        s += f", {done}/{len(rec['replays'])} random draws replayed from paddle"
    return s


def _cmp_text(c):
    if c["reason"].startswith(("shape", "dtype", "one side")):
        return c["reason"]
    s = f"{c['reason']}; max abs {_num(c['max_abs'])}, max rel {_num(c['max_rel'])}"
    if c.get("where") is not None:
        s += (f" at {c['where']} (paddle {_num(c.get('ref_value'))}, eagergraph "
              f"{_num(c.get('value'))})")
    if c.get("rtol") is not None:
        s += f"; tolerance rtol {c['rtol']:g}, atol {c['atol']:g}"
    return s


def to_text(a):
    ref, cur = a.ref, a.cur
    root = os.path.dirname(ref.get("script", "")) or os.getcwd()
    sh = lambda s: _short(s, root)  # noqa: E731
    lines = [f"eagergraph diff: {sh(ref.get('script', '?'))}",
             f"  {_side(ref):<18} {_counts(ref)}",
             f"  {_side(cur):<18} {_counts(cur)}",
             f"  aligned {len(a.pairs)} op calls; only in paddle: {len(a.only_ref)}, only in "
             f"eagergraph: {len(a.only_cur)}"]
    for name, rec, idx in (("paddle", ref, a.only_ref), ("eagergraph", cur, a.only_cur)):
        if idx:
            shown = ", ".join(f"#{i} {rec['events'][i]['op']} ({sh(rec['events'][i]['site'])})"
                              for i in idx[:6])
            lines.append(f"    only in {name}: {shown}" + (" ..." if len(idx) > 6 else ""))
    for rec in (ref, cur):
        if rec.get("stopped"):
            lines.append(f"  {rec['framework']}: {rec['stopped']}")
    lines.append("")
    f = a.first_forward
    if f is None:
        lines.append("forward: every aligned op output agrees")
    else:
        op = f["op"] if f["cur_op"] == f["op"] else \
            f"{f['op']} (eagergraph: {f['cur_op']}, the last op it runs for this line)"
        lines.append(f"FIRST FORWARD DIFFERENCE: op #{f['ref_seq']} {op} at {sh(f['site'])} "
                     f"(step {f['step']})")
        for o in f["outputs"]:
            if not o["same"]:
                lines.append(f"  output {o['index']} {o['dtype']}{o['shape']}: {_cmp_text(o)}")
        for x in f["inputs"]:
            state = "same on both sides" if x["same"] else \
                "ALREADY DIFFERENT: " + _cmp_text(x["compare"])
            lines.append(f"  input {x['index']} {x['dtype']}{x['shape']}, {sh(x['from'])}: "
                         f"{state}")
        if f["inputs_agree"] is None:
            lines.append("  (the two sides run this line as different ops: inputs not compared)")
        else:
            lines.append("  => " + ("the inputs agree and the output does not: this op is where "
                                    "the runs part" if f["inputs_agree"] else
                                    "an input already differs: it was changed outside the "
                                    "recorded ops (data, an optimizer step, an inplace "
                                    "write)"))
        for k in f["known"]:
            lines.append(f"  documented Paddle 3.3.1 difference (docs/differences.md): {_clip(k)}")
    b = a.first_backward
    if b is None:
        lines.append(f"backward: every compared gradient agrees ({a.backward_compared} "
                     f"compared)")
    else:
        lines.append(f"FIRST BACKWARD DIFFERENCE: {sh(b['what'])} (step {b['step']})")
        lines.append(f"  {b['dtype']}{b['shape']}: {_cmp_text(b['compare'])}")
        for c in b["consumers"][:6]:
            mark = "its output gradients agree" if c["output_grads_agree"] else \
                "its output gradients differ or were not recorded"
            lines.append(f"  consumed by #{c['seq']} {c['op']} at {sh(c['site'])}: {mark}")
        c = b["culprit"]
        if c and c.get("note"):
            lines.append(f"  => #{c['seq']} {c['op']} ({sh(c['site'])}) is {sh(c['note'])}: "
                         f"the likeliest cause")
        elif c:
            lines.append(f"  => the backward of #{c['seq']} {c['op']} ({sh(c['site'])}) "
                         f"receives matching gradients and produces this one")
        for k in b["known"]:
            lines.append(f"  documented Paddle 3.3.1 difference (docs/differences.md): {_clip(k)}")
    fmt = lambda e: "ran to the end" if e is None else \
        f"raised {e['type']}: {e['message'][:200]}" + (  # noqa: E731
            f" ({sh(e['site'])})" if e["site"] else "")
    if a.error:
        e1, e2 = a.error["paddle"], a.error["eagergraph"]
        lines.append(f"ERRORS DIFFER: paddle {fmt(e1)}; eagergraph {fmt(e2)}")
    elif ref.get("error"):
        lines.append(f"both runs raised the same error: paddle {fmt(ref['error'])}; "
                     f"eagergraph {fmt(cur['error'])}")
    lines.append("")
    lines.append("verdict: " + ("the runs differ" if a.diverged else
                                "no difference found"))
    return "\n".join(lines) + "\n"


def _plain(v):
    if isinstance(v, np.ndarray):
        return v.tolist()
    if isinstance(v, (np.generic,)):
        return v.item()
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, float) and (v != v or v in (float("inf"), float("-inf"))):
        return str(v)
    return v


def _op_row(rec, i, status):
    e = rec["events"][i]
    return {"seq": i, "op": e["op"], "site": e["site"], "step": e["step"], "status": status,
            "outputs": [[o["dtype"], o["shape"]] for o in e["outputs"]]}


def to_data(a):
    """The analysis as plain data (lists, dicts, numbers, strings)."""
    ref, cur = a.ref, a.cur
    meta = lambda r: {"framework": r["framework"], "version": r["version"],  # noqa: E731
                      "ops": len(r["events"]), "backward": len(r["backward"]),
                      "steps": r["steps"], "error": r.get("error"), "stopped": r.get("stopped"),
                      "random_draws": len(r.get("draws", [])),
                      "replayed": sum(1 for x in r.get("replays", []) if x["replayed"])}
    return _plain({
        "script": ref.get("script"), "diverged": a.diverged,
        "paddle": meta(ref), "eagergraph": meta(cur),
        "aligned": [[i, j, a.status.get(i, "same")] for i, j in a.pairs],
        "only_in_paddle": [_op_row(ref, i, "only in paddle") for i in a.only_ref],
        "only_in_eagergraph": [_op_row(cur, j, "only in eagergraph") for j in a.only_cur],
        "first_forward": a.first_forward, "first_backward": a.first_backward,
        "backward_compared": a.backward_compared, "errors": a.error})


def to_json(a, indent=1):
    return json.dumps(to_data(a), indent=indent)
