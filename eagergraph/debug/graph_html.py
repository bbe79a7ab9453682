"""The graph explorer as one self-contained HTML page: the graph data inline as JSON, an inline
script that lays it out (layers by longest path from the head node) and draws SVG, pan (drag)
and zoom (wheel), click a node for its details, search by op or node name. No network is needed
to open it.

The page reads its URL fragment on load so a headless browser can drive it: `#select=<id>`
clicks node <id> (a real click event on its SVG element), `#search=<text>` types into the
search box."""
import json

from .graph import describe, node_lines

__all__ = ["to_html"]

_CSS = """
body{margin:0;font:13px monospace;display:flex;height:100vh}
#side{width:34em;overflow:auto;border-right:1px solid #bbb;padding:8px;box-sizing:border-box}
#canvas{flex:1;cursor:grab}
g.node rect{fill:#fff;stroke:#555;rx:4}
g.node.leaf rect{fill:#d8ecff}
g.node.released rect{stroke-dasharray:4 2}
g.node.match rect{stroke:#d60;stroke-width:3}
g.node.selected rect{fill:#ffe9a8}
g.node text{font:12px monospace;pointer-events:none}
path.edge{fill:none;stroke:#888;marker-end:url(#arrow)}
#details pre{white-space:pre-wrap;margin:0}
"""

_JS = r"""
(function(){
const G = JSON.parse(document.getElementById('graph-data').textContent);
const svgNS = 'http://www.w3.org/2000/svg';
const svg = document.getElementById('canvas'), root = document.getElementById('root');
const W = 210, H = 44, GX = 30, GY = 60;
// layers: longest path from the head node (a DAG)
const layer = G.nodes.map(() => 0), outs = G.nodes.map(() => []);
G.edges.forEach(e => outs[e.from].push(e));
const indeg = G.nodes.map(() => 0); G.edges.forEach(e => indeg[e.to]++);
const queue = G.nodes.filter((n, i) => indeg[i] === 0).map(n => n.id);
while (queue.length) { const i = queue.shift();
  outs[i].forEach(e => { layer[e.to] = Math.max(layer[e.to], layer[i] + 1);
    if (--indeg[e.to] === 0) queue.push(e.to); }); }
const rows = {}; G.nodes.forEach((n, i) => (rows[layer[i]] = rows[layer[i]] || []).push(i));
const pos = {};
Object.keys(rows).forEach(l => rows[l].forEach((i, k) => {
  pos[i] = {x: k * (W + GX) - (rows[l].length - 1) * (W + GX) / 2, y: l * (H + GY)}; }));
function el(tag, attrs, parent) { const x = document.createElementNS(svgNS, tag);
  for (const k in attrs) x.setAttribute(k, attrs[k]); parent.appendChild(x); return x; }
G.edges.forEach(e => { const a = pos[e.from], b = pos[e.to];
  el('path', {class: 'edge', d: `M${a.x + W/2},${a.y + H} C${a.x + W/2},${a.y + H + GY/2} ` +
    `${b.x + W/2},${b.y - GY/2} ${b.x + W/2},${b.y}`}, root); });
const details = document.getElementById('details');
function select(i) {
  document.querySelectorAll('g.node.selected').forEach(g => g.classList.remove('selected'));
  const n = G.nodes[i]; document.getElementById('node-' + i).classList.add('selected');
  details.innerHTML = '';
  const h = document.createElement('h3'); h.id = 'details-name';
  h.textContent = '#' + n.id + ' ' + n.name + (n.op ? ' (' + n.op + ')' : ''); details.appendChild(h);
  const pre = document.createElement('pre'); pre.id = 'details-body';
  const nexts = outs[i].map(e => `[${e.out_slot}][${e.out_rank}] -> #${e.to} ` +
    `${G.nodes[e.to].name} in[${e.in_slot}][${e.in_rank}]`);
  pre.textContent = n.details.concat(nexts.length ? ['edges:'].concat(nexts) : []).join('\n');
  details.appendChild(pre);
}
G.nodes.forEach((n, i) => { const p = pos[i];
  const cls = 'node' + (n.leaf ? ' leaf' : '') + (n.released ? ' released' : '');
  const g = el('g', {class: cls, id: 'node-' + i, 'data-id': i,
                     transform: `translate(${p.x},${p.y})`}, root);
  el('rect', {width: W, height: H}, g);
  el('text', {x: 6, y: 17}, g).textContent = n.name;
  el('text', {x: 6, y: 34}, g).textContent =
    n.leaf ? (n.leaf.name || 'leaf') + ' ' + JSON.stringify(n.leaf.shape || '') : (n.op || '');
  g.addEventListener('click', ev => { ev.stopPropagation(); select(i); }); });
// pan and zoom on the viewBox
const xs = Object.values(pos).map(p => p.x), ys = Object.values(pos).map(p => p.y);
let vb = xs.length ? [Math.min(...xs) - 20, Math.min(...ys) - 20,
  Math.max(...xs) - Math.min(...xs) + W + 40, Math.max(...ys) - Math.min(...ys) + H + 40]
  : [0, 0, 100, 100];
function setVB() { svg.setAttribute('viewBox', vb.join(' ')); } setVB();
svg.addEventListener('wheel', ev => { ev.preventDefault();
  const f = ev.deltaY > 0 ? 1.1 : 1 / 1.1, r = svg.getBoundingClientRect();
  const mx = vb[0] + (ev.clientX - r.left) / r.width * vb[2];
  const my = vb[1] + (ev.clientY - r.top) / r.height * vb[3];
  vb = [mx - (mx - vb[0]) * f, my - (my - vb[1]) * f, vb[2] * f, vb[3] * f]; setVB(); });
let drag = null;
svg.addEventListener('mousedown', ev => { drag = [ev.clientX, ev.clientY]; });
window.addEventListener('mouseup', () => { drag = null; });
window.addEventListener('mousemove', ev => { if (!drag) return;
  const r = svg.getBoundingClientRect();
  vb[0] -= (ev.clientX - drag[0]) / r.width * vb[2];
  vb[1] -= (ev.clientY - drag[1]) / r.height * vb[3]; drag = [ev.clientX, ev.clientY]; setVB(); });
// search by op or node name
const search = document.getElementById('search'), count = document.getElementById('search-count');
search.addEventListener('input', () => { const q = search.value.trim().toLowerCase(); let k = 0;
  G.nodes.forEach((n, i) => { const hit = q !== '' &&
      (n.op.toLowerCase().includes(q) || n.name.toLowerCase().includes(q));
    document.getElementById('node-' + i).classList.toggle('match', hit); if (hit) k++; });
  count.textContent = q ? k + ' match' + (k === 1 ? '' : 'es') : ''; });
document.getElementById('status').textContent =
  G.nodes.length + ' nodes, ' + G.edges.length + ' edges';
document.body.setAttribute('data-node-count', String(G.nodes.length));
// driven from the URL fragment (headless tests, links)
const frag = new URLSearchParams(location.hash.slice(1));
if (frag.has('search')) { search.value = frag.get('search');
  search.dispatchEvent(new Event('input')); }
if (frag.has('select')) { const g = document.getElementById('node-' + frag.get('select'));
  if (g) g.dispatchEvent(new MouseEvent('click', {bubbles: true})); }
document.body.setAttribute('data-ready', '1');
})();
"""


def _esc(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def to_html(graph, title="eagergraph backward graph", subtitle=None):
    """One HTML page (a str) showing the graph; `graph` is describe()'s data or a tensor.
    `subtitle` (e.g. the script and the backward() call shown) goes under the title."""
    if not isinstance(graph, dict):
        graph = describe(graph)
    data = {"nodes": [dict(n, details=node_lines(n, plain=True)) for n in graph["nodes"]],
            "edges": graph["edges"]}
    blob = json.dumps(data).replace("</", "<\\/")
    esc = _esc(title)
    sub = f'<p id="subtitle">{_esc(subtitle)}</p>' if subtitle else ""
    return f"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{esc}</title><style>{_CSS}</style></head>
<body><div id="side"><h2>{esc}</h2>{sub}<div id="status"></div>
<p><input id="search" type="search" placeholder="search op or node name">
<span id="search-count"></span></p>
<p>Each box is one step of the backward pass (a grad node: the gradient of one forward op);
blue boxes hand a gradient to a leaf tensor's <code>.grad</code>. Arrows go the way gradients
flow. Drag to pan, wheel to zoom, click a node for its details.</p>
<div id="details"><p>No node selected.</p></div></div>
<svg id="canvas" xmlns="http://www.w3.org/2000/svg"><defs><marker id="arrow" viewBox="0 0 10 10"
refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
<path d="M0,0 L10,5 L0,10 z" fill="#888"/></marker></defs><g id="root"></g></svg>
<script type="application/json" id="graph-data">{blob}</script>
<script>{_JS}</script>
</body></html>
"""
