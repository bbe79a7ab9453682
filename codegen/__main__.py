"""python -m codegen [--check]: regenerate eagergraph/_generated/ from eagergraph/opdefs/*.yaml.

A development tool: run it from the repository root; the eagergraph runtime never imports it.

--check regenerates in memory and exits 1, listing the stale files, if anything differs."""
import argparse
import os
import sys

from .spec import load_ops
from .backward_spec import load_backward
from . import emit, emit_arrays, emit_backward

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PKG = os.path.join(ROOT, "eagergraph")
OPDEFS = os.path.join(PKG, "opdefs")
OUT = os.path.join(PKG, "_generated")
# the hand-written helpers of the generated layers, kept beside them (never written or removed)
HAND_WRITTEN = {"eager_utils.py": "② argument parsing (Paddle pybind/eager_utils.cc)",
                "api_utils.py": "④ PrepareData, outputs, kernel selection's seam, op-named "
                                "errors (Paddle phi/api/lib)"}


def load_specs():
    """(forward OpSpecs, BackwardSpecs) from ops.yaml and backward.yaml."""
    specs = load_ops(os.path.join(OPDEFS, "ops.yaml"))
    names = [s.name for s in specs]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise SystemExit(f"ops defined twice: {dup}")
    return specs, load_backward([os.path.join(OPDEFS, "backward.yaml")], specs)


def generate():
    """{relative file name: source text} for every generated module."""
    specs, bwd = load_specs()
    op_names = {s.name for s in specs} | {b.name for b in bwd if b.kernel}
    metas = emit_backward.meta_names(PKG)
    by_fwd = {b.forward.name: b for b in bwd}

    array_ops = {s.name for s in specs if emit_arrays.has_array_form(s)}
    used = set()  # the ops first-order formulas call over arrays
    for b in bwd:
        used |= emit_backward.array_formula_ops(b, array_ops, metas) or set()

    def after(spec):  # the op's grad node, then its grad op (if it has a kernel)
        b = by_fwd.get(spec.name)
        if b is None:
            return ""
        code = emit_backward.emit_node(b, op_names, metas, array_ops)
        if b.kernel:
            code += emit_backward.emit_grad_ad_func(b, op_names, metas)
        return code

    files = {
        "__init__.py": emit.HEADER + emit.init_doc(HAND_WRITTEN),
        "ops_api.py": emit.emit_ops_api(specs),
        "dygraph_functions.py": emit.emit_dygraph_functions(
            specs, emit_backward.node_section_factory(by_fwd),
            emit_backward.saved_inputs_factory(by_fwd), after),
        "api.py": emit.emit_api(specs, emit_backward.emit_grad_api(bwd)),
        "public.py": emit.emit_public(specs),
        "grad_arrays.py": emit_arrays.emit_grad_arrays(specs, used),
    }
    return {name: emit.prune_imports(text) for name, text in files.items()}


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m codegen", description=__doc__)
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
    extra = sorted(set(f for f in os.listdir(OUT) if f.endswith(".py")) - set(files)
                   - set(HAND_WRITTEN))
    if args.check:
        if stale or extra:
            print("stale generated files: " + ", ".join(stale + extra)
                  + "\nrun: python -m codegen", file=sys.stderr)
            return 1
        print("generated code is up to date")
        return 0
    for name in extra:
        os.remove(os.path.join(OUT, name))
    print(f"wrote {len(stale)} of {len(files)} files in {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
