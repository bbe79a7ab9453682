"""An Analysis as one self-contained HTML page (no scripts, no network): the findings, a heat
map and a histogram of the difference for each divergent tensor, and the two op streams side
by side (aligned rows; ops only one side runs in their own rows)."""
import html
import os

import numpy as np

from .report import to_text

__all__ = ["to_html"]

_CSS = """body{font:13px system-ui,sans-serif;margin:16px;color:#222}
pre{background:#f6f6f6;padding:8px;white-space:pre-wrap}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:2px 6px;text-align:left}
tr.differs td{background:#fdd}tr.only td{background:#eef}tr.same td{background:#fff}
tr.composite td{background:#ffe}.hm td{width:9px;height:9px;padding:0;border:0}
.fig{display:inline-block;vertical-align:top;margin:0 24px 12px 0}"""


def _e(s):
    return html.escape(str(s))


def _diff_figures(x, y, title):
    if x.shape != y.shape or x.size == 0:
        return ""
    with np.errstate(invalid="ignore", over="ignore"):
        d = np.abs(x.astype(np.complex128 if x.dtype.kind == "c" else np.float64) - y)
    d = np.nan_to_num(np.real(d), nan=0.0, posinf=np.finfo(np.float64).max)
    m2 = d.reshape(-1, d.shape[-1]) if d.ndim >= 2 else d.reshape(1, -1)
    m2 = m2[:48, :64]
    top = float(m2.max()) or 1.0
    rows = []
    for r in m2:
        cells = "".join(f'<td style="background:rgb(255,{int(255 - 215 * v / top)},'
                        f'{int(255 - 215 * v / top)})" title="{v:.3g}"></td>' for v in r)
        rows.append(f"<tr>{cells}</tr>")
    heat = (f'<div class="fig"><b>|paddle - eagergraph|</b> ({_e(title)}; rows of the last '
            f'axis{", first 48x64" if d.size > m2.size else ""}; max {top:.3g})'
            f'<table class="hm">{"".join(rows)}</table></div>')
    nz = d[d > 0]
    if nz.size == 0:
        return heat
    logs = np.log10(nz)
    counts, edges = np.histogram(logs, bins=min(20, max(1, nz.size)))
    w, h, cmax = 14, 80, max(int(counts.max()), 1)
    bars = "".join(f'<rect x="{i * w}" y="{h - h * c / cmax:.1f}" width="{w - 2}" '
                   f'height="{h * c / cmax:.1f}" fill="#c44"><title>{c} elements, 1e{lo:.1f}'
                   f'..1e{hi:.1f}</title></rect>'
                   for i, (c, lo, hi) in enumerate(zip(counts, edges[:-1], edges[1:])))
    hist = (f'<div class="fig"><b>histogram of log10 |difference|</b> ({nz.size} of {d.size} '
            f'elements differ; 1e{edges[0]:.1f} .. 1e{edges[-1]:.1f})<br>'
            f'<svg width="{w * len(counts)}" height="{h}">{bars}</svg></div>')
    return heat + hist


def _figures(a):
    out = []
    f = a.first_forward
    if f is not None:
        k = f["first_bad_output"]
        x = a.ref["events"][f["ref_seq"]]["outputs"][k]
        y = a.cur["events"][f["cur_seq"]]["outputs"][k]
        if x["values"] is not None and y["values"] is not None:
            out.append(f"<h3>first forward difference: output {k} of #{f['ref_seq']} "
                       f"{_e(f['op'])}</h3>" + _diff_figures(x["values"], y["values"], f["op"]))
    b = a.first_backward
    if b is not None:
        pair = _backward_values(a, b)
        if pair is not None:
            out.append(f"<h3>first backward difference: {_e(b['what'])}</h3>"
                       + _diff_figures(*pair, "gradient"))
    return "".join(out)


def _backward_values(a, b):
    from .align import _leaf_map
    ref_entries = [e for e in a.ref["backward"] if e["kind"] == b["kind"]]
    seq_map = dict(a.pairs)
    for e in ref_entries:
        if e["value"]["values"] is None or e["step"] != b["step"]:
            continue
        if b["kind"] == "grad" and f"output {e['out']} of #{e['seq']} " in b["what"]:
            key = lambda c: c["kind"] == "grad" and c["seq"] == seq_map.get(e["seq"]) \
                and c["out"] == e["out"]  # noqa: E731
        elif b["kind"] == "leaf":
            k = _leaf_map(a).get(e["leaf"])
            name = a.ref["leaves"][e["leaf"]]["name"] or "#" + str(e["leaf"])
            if f"leaf {name}" not in b["what"]:
                continue
            key = lambda c: c["kind"] == "leaf" and c["leaf"] == k  # noqa: E731
        else:
            continue
        for c in a.cur["backward"]:
            if key(c) and c["step"] == e["step"] and c["value"]["values"] is not None:
                return e["value"]["values"], c["value"]["values"]
    return None


def _stream(a):
    ref, cur = a.ref, a.cur
    root = os.path.dirname(ref.get("script", "")) or ""
    short = lambda s: s[len(root) + 1:] if root and s.startswith(root) else s  # noqa: E731
    rows, j_only = [], sorted(a.only_cur)
    r_only, pairs = set(a.only_ref), dict(a.pairs)
    ci = 0

    def cell(rec, k):
        e = rec["events"][k]
        outs = ", ".join(f"{o['dtype']}{o['shape']}" for o in e["outputs"])
        return f"<td>#{k} {_e(e['op'])}</td><td>{_e(short(e['site']))}</td><td>{_e(outs)}</td>"

    empty = "<td></td><td></td><td></td>"
    for i in range(len(ref["events"])):
        j = pairs.get(i)
        if j is not None:
            while ci < len(j_only) and j_only[ci] < j:   # eagergraph-only ops before it
                rows.append(f'<tr class="only"><td></td>{empty}{cell(cur, j_only[ci])}'
                            f'<td>only in eagergraph</td></tr>')
                ci += 1
            st = a.status.get(i, "same")
            cls = "differs" if st == "differs" else ("composite" if i in a.composite
                                                      else "same")
            rows.append(f'<tr class="{cls}"><td>{ref["events"][i]["step"]}</td>{cell(ref, i)}'
                        f'{cell(cur, j)}<td>{st}</td></tr>')
        elif i in r_only:
            rows.append(f'<tr class="only"><td>{ref["events"][i]["step"]}</td>{cell(ref, i)}'
                        f'{empty}<td>only in paddle</td></tr>')
    for k in j_only[ci:]:
        rows.append(f'<tr class="only"><td></td>{empty}{cell(cur, k)}'
                    f'<td>only in eagergraph</td></tr>')
    head = ("<tr><th>step</th><th>paddle op</th><th>line</th><th>outputs</th>"
            "<th>eagergraph op</th><th>line</th><th>outputs</th><th>status</th></tr>")
    return f"<table>{head}{''.join(rows)}</table>"


def to_html(a):
    title = f"eagergraph diff: {os.path.basename(a.ref.get('script', '') or '?')}"
    return (f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{_e(title)}</title>"
            f"<style>{_CSS}</style></head><body><h2>{_e(title)}</h2>"
            f"<pre>{_e(to_text(a))}</pre>{_figures(a)}"
            f"<h3>the op streams side by side</h3>{_stream(a)}</body></html>\n")
