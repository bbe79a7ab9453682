"""One family taxonomy: an op's kernel module, its op-table row module and its YAML section
name the same family, and the folders that hold per-family modules use only family names."""
import os
import re

from eagergraph.phi.kernel_registry import KernelFactory
from codegen.__main__ import load_specs, OPDEFS, PKG

from . import op_db

FAMILIES = {"elementwise", "complex", "reduce", "linalg", "activation", "manipulation",
            "indexing", "creation", "random", "search", "conv", "pool", "fft",
            "geometric"}
# modules that are not a family: shared helpers, or cross-cutting concerns
NOT_FAMILIES = {"__init__", "common", "backward", "inplace", "attribute", "alias"}
TESTS = os.path.dirname(os.path.abspath(__file__))


def _modules(folder):
    return {f[:-3] for f in os.listdir(folder) if f.endswith(".py")}


def test_family_folders_use_family_names():
    for folder in ("phi/kernels/cpu", "phi/infermeta", "ops"):
        extra = _modules(os.path.join(PKG, folder)) - FAMILIES - NOT_FAMILIES
        assert not extra, f"eagergraph/{folder}: modules {sorted(extra)} are no family"
    extra = _modules(os.path.join(TESTS, "op_db_rows")) - FAMILIES - NOT_FAMILIES
    assert not extra, f"tests/op_db_rows: modules {sorted(extra)} are no family"


def _yaml_sections(path, key):
    """entry name -> the family of the YAML section it stands in."""
    out, family = {}, None
    with open(path) as f:
        lines = f.readlines()
    for line in lines:
        m = re.match(r"# -+ (\w+):", line)
        if m:
            family = m.group(1)
        m = re.match(rf"- {key} : (\w+)", line)
        if m:
            out[m.group(1)] = family
    return out


def test_an_op_has_one_family_everywhere():
    specs, bwd = load_specs()
    sections = _yaml_sections(os.path.join(OPDEFS, "ops.yaml"), "op")
    rows = {info.name: info.family for info in op_db.OP_DB}
    bad = []
    for s in specs:
        where = {"kernel": KernelFactory.families[s.kernel], "ops.yaml": sections[s.name],
                 "op-table row": rows[s.name]}
        if len(set(where.values())) != 1 or not set(where.values()) <= FAMILIES:
            bad.append(f"{s.name}: {where}")
    bwd_sections = _yaml_sections(os.path.join(OPDEFS, "backward.yaml"), "backward_op")
    for b in bwd:
        if bwd_sections[b.name] != sections[b.forward.name]:
            bad.append(f"{b.name}: backward.yaml section {bwd_sections[b.name]}, its op's "
                       f"{sections[b.forward.name]}")
    assert not bad, "\n".join(bad)
