"""Graph explorer on a graph of known shape: text, DOT, and the HTML page in headless Chromium."""
import os
import re
import shutil
import subprocess

import pytest

import eagergraph as paddle
from eagergraph.debug import describe, to_text, to_dot, to_html


def _graph():
    """z = sum(tanh(x * w) + x): sum <- add <- {tanh <- multiply <- {x, w}, x}."""
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    x.name = "x"
    w = paddle.to_tensor([3.0, 4.0], stop_gradient=False)
    w.name = "w"
    z = (paddle.tanh(x * w) + x).sum()  # MARK
    return x, w, z


def _mark_line():
    with open(__file__) as f:
        return next(i for i, line in enumerate(f, 1) if "# MARK" in line and "_mark" not in line)


def test_describe_nodes_edges_saved():
    x, w, z = _graph()
    g = describe(z)
    names = [n["name"] for n in g["nodes"]]
    assert sorted(names) == sorted(["SumGradNode", "AddGradNode", "TanhGradNode",
                                    "MultiplyGradNode", "GradNodeAccumulation",
                                    "GradNodeAccumulation"])
    assert len(g["edges"]) == 6
    by = {n["name"]: n for n in g["nodes"]}
    tanh = by["TanhGradNode"]
    assert tanh["op"] == "tanh" and tanh["site"] == f"{__file__}:{_mark_line()}"
    [out] = tanh["saved"]
    assert (out["name"], out["shape"], out["bytes"], out["released"]) == ("out", [2], 8, False)
    assert out["version_saved"] == out["version_now"] == 0
    mul = by["MultiplyGradNode"]
    assert [w_["name"] for w_ in mul["saved"]] == ["x", "y"]
    leaves = {n["leaf"]["name"]: n for n in g["nodes"] if n["leaf"]}
    assert set(leaves) == {"x", "w"} and leaves["x"]["leaf"]["grad"] is None
    # x is reached from add (position 1) and from multiply (position 0)
    ix = leaves["x"]["id"]
    srcs = sorted((g["nodes"][e["from"]]["name"], e["out_slot"]) for e in g["edges"]
                  if e["to"] == ix)
    assert srcs == [("AddGradNode", 1), ("MultiplyGradNode", 0)]
    z.backward()
    g2 = describe(z)
    tanh2 = next(n for n in g2["nodes"] if n["name"] == "TanhGradNode")
    assert tanh2["released"] and tanh2["saved"][0]["released"]
    assert next(n for n in g2["nodes"] if n["leaf"] and n["leaf"]["name"] == "x")["leaf"][
        "grad"] == {"shape": [2], "dtype": "float32"}


def test_inplace_modification_shows_in_versions():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = x * 1.0
    z = paddle.tanh(y)
    w = z * y
    z.add_(paddle.to_tensor([1.0, 1.0]))  # writes the tensor TanhGradNode saved
    text = to_text(w)
    assert "MODIFIED INPLACE" in text


def test_text_and_dot():
    x, w, z = _graph()
    text = to_text(z)
    assert text.splitlines()[0] == "#0 SumGradNode (sum)"
    assert "6 nodes, 6 edges" in text and "(see above)" in text
    assert "leaf x: [2] float32, .grad None" in text
    dot = to_dot(z)
    assert dot.startswith("digraph backward {")
    assert len(re.findall(r"^  n\d+ \[label=", dot, re.M)) == 6
    assert len(re.findall(r"^  n\d+ -> n\d+", dot, re.M)) == 6
    assert dot.count('label="GradNodeAccumulation') == 2
    assert 'label="TanhGradNode\nop tanh' in dot


def test_no_graph():
    t = paddle.to_tensor([1.0])
    assert "no backward graph" in to_text(t)
    assert describe(t) == {"nodes": [], "edges": []}


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.mark.skipif(_chromium() is None, reason="headless Chromium is not installed (Debian: "
                    "apt-get install chromium); the HTML explorer test needs a browser")
def test_html_in_headless_chromium(tmp_path):
    x, w, z = _graph()
    page = to_html(z)
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "")  # no network
    assert "https://" not in page
    f = tmp_path / "graph.html"
    f.write_text(page)
    g = describe(z)
    tanh = next(n["id"] for n in g["nodes"] if n["name"] == "TanhGradNode")
    url = f"file://{f}#select={tanh}&search=multiply"
    env = dict(os.environ, HOME=str(tmp_path))
    r = subprocess.run([_chromium(), "--headless", "--no-sandbox", "--disable-gpu",
                        f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", url],
                       capture_output=True, text=True, timeout=120, env=env)
    dom = r.stdout
    assert 'data-ready="1"' in dom, r.stderr[-2000:]
    assert 'data-node-count="6"' in dom
    assert len(re.findall(r'<g class="node[^"]*"', dom)) == 6
    assert ">6 nodes, 6 edges<" in dom
    # the scripted click selected the tanh node and filled the details panel
    assert re.search(rf'id="details-name">#{tanh} TanhGradNode \(tanh\)<', dom)
    assert "saved out: [2] float32, 8 B, version 0" in dom
    assert re.search(rf'<g class="node[^"]*selected[^"]*" id="node-{tanh}"', dom)
    # the search found the one multiply node
    assert ">1 match<" in dom and len(re.findall(r'<g class="node[^"]*match', dom)) == 1


def test_html_details_in_plain_words():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    w = paddle.to_tensor([3.0, 4.0])  # stop_gradient: its gradient is not passed on
    z = paddle.tanh(x * w).sum()
    page = to_html(z, title="Backward graph of train.py",
                   subtitle="the last backward the script ran: train.py:9: loss.backward()")
    assert "<h2>Backward graph of train.py</h2>" in page
    assert "train.py:9: loss.backward()" in page
    assert "grads out" not in page and "(no edge)" not in page
    assert "not passed on: that input needs no gradient (stop_gradient)" in page
    assert "added to the input's .grad (a leaf tensor)" in page
    assert f"created at {__file__}:" in page  # tanh saved its output: its line is known
