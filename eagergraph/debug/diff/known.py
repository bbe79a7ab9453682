"""Differences eagergraph documents as Paddle 3.3.1 bugs (README's "Differences from Paddle"),
looked up by op name."""
import os
import re

__all__ = ["known_differences"]

_README = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))), "README.md")
_cache = []


def _bullets():
    if not _cache:
        try:
            with open(_README, encoding="utf-8") as f:
                text = f.read()
        except OSError:
            text = ""
        section = text.split("## Differences from Paddle", 1)[-1] if text else ""
        section = section.split("\n## ", 1)[0]
        items = re.split(r"\n(?=- )", section)
        _cache.append([" ".join(i.split()) for i in items if i.startswith("- ")])
    return _cache[0]


def known_differences(op):
    """The README bullets that name `op` (or its out-of-place / inplace twin); an inplace op
    also gets the bullet on inplace writes."""
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
