"""Differences eagergraph documents from Paddle 3.3.1 (docs/differences.md, mostly Paddle's
bugs), looked up by op name. The page ships with a source checkout; elsewhere none is known."""
import os
import re

__all__ = ["known_differences"]

_PAGE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))), "docs", "differences.md")
_cache = []


def _bullets():
    if not _cache:
        try:
            with open(_PAGE, encoding="utf-8") as f:
                text = f.read()
        except OSError:
            text = ""
        items = re.split(r"\n(?=- )|\n(?=#)", text)  # its bullets, in every section
        _cache.append([" ".join(i.split()) for i in items if i.startswith("- ")])
    return _cache[0]


def known_differences(op):
    """The bullets of docs/differences.md that name `op` (or its out-of-place / inplace twin);
    an inplace op also gets the bullet on inplace writes."""
    base = op.rstrip("_")
    if base.startswith("tensor_"):      # Paddle's tensor_unfold is paddle.unfold
        base = base[len("tensor_"):]
    names = {op, base, base + "_"}
    out = []
    for b in _bullets():
        code = " ".join(re.findall(r"`([^`]*)`", b))
        words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", code))
        if names & words or (op.endswith("_") and b.startswith("- **Inplace**")):
            out.append(b[2:])
    return out
