"""python -m eagergraph.codegen [--check]: regenerate eagergraph/_generated/ from opdefs/*.yaml.

--check regenerates in memory and exits 1, listing the stale files, if anything differs."""
import argparse
import os
import sys

from .spec import load_ops
from .backward_spec import load_backward
from . import emit, emit_backward

PKG = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPDEFS = os.path.join(PKG, "opdefs")
OUT = os.path.join(PKG, "_generated")


def load_specs():
    """(forward OpSpecs, BackwardSpecs) from ops.yaml, backward.yaml and opdefs/staging/
    (per-family drafts: *.backward.yaml are backward specs, other *.yaml forward ones)."""
    specs = load_ops(os.path.join(OPDEFS, "ops.yaml"))
    staging = os.path.join(OPDEFS, "staging")
    staged_bwd = []
    if os.path.isdir(staging):
        for f in sorted(os.listdir(staging)):
            if f.endswith(".backward.yaml"):
                staged_bwd.append(os.path.join(staging, f))
            elif f.endswith(".yaml"):
                specs += load_ops(os.path.join(staging, f))
    names = [s.name for s in specs]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise SystemExit(f"ops defined twice: {dup}")
    bwd = load_backward([os.path.join(OPDEFS, "backward.yaml")] + staged_bwd, specs)
    return specs, bwd


def generate():
    """{relative file name: source text} for every generated module."""
    specs, bwd = load_specs()
    op_names = {s.name for s in specs}
    section = emit_backward.node_section_factory({b.forward.name: b for b in bwd})
    return {
        "__init__.py": emit.HEADER,
        "ops_api.py": emit.emit_ops_api(specs),
        "dygraph_functions.py": emit.emit_dygraph_functions(
            specs, section, emit_backward.saved_inputs_factory({b.forward.name: b for b in bwd})),
        "api.py": emit.emit_api(specs),
        "nodes.py": emit_backward.emit_nodes(bwd, op_names, PKG),
    }


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m eagergraph.codegen", description=__doc__)
    p.add_argument("--check", action="store_true", help="fail if the committed code is stale")
    args = p.parse_args(argv)
    files = generate()
    stale = []
    for name, text in files.items():
        path = os.path.join(OUT, name)
        old = open(path).read() if os.path.exists(path) else None
        if old != text:
            stale.append(name)
            if not args.check:
                with open(path, "w") as f:
                    f.write(text)
    extra = sorted(set(f for f in os.listdir(OUT) if f.endswith(".py")) - set(files))
    if args.check:
        if stale or extra:
            print("stale generated files: " + ", ".join(stale + extra)
                  + "\nrun: python -m eagergraph.codegen", file=sys.stderr)
            return 1
        print("generated code is up to date")
        return 0
    for name in extra:
        os.remove(os.path.join(OUT, name))
    print(f"wrote {len(stale)} of {len(files)} files in {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
