"""Dump eagergraph's public surface as JSON: {namespace: {name: what the name is}}.

Namespaces: every eagergraph module imported by `import eagergraph` (its dir(), without
dunders other than __all__'s), `eagergraph.Tensor` (dir() with each attribute read statically,
so a property shows its getter) and the sparse tensor classes. A function is described by its
module and qualified name (an alias wrapper by its target's too), a class by its module and
name, a module by its name, anything else by its type and repr. `same_as` names the first
(namespace, name) holding the very same object, so two dumps also agree on which names are one
object (paddle.cat is paddle.concat).

    python tools/dump_namespaces.py > before.json     # on main
    python tools/dump_namespaces.py > after.json      # on the branch
    python tools/dump_namespaces.py --compare before.json after.json [--strict]

The comparison skips modules' private names (`_install`) and their TENSOR_METHODS tables
unless --strict; the classes are compared in full.
"""
import inspect
import json
import sys
import types


def _describe(obj):
    if isinstance(obj, (staticmethod, classmethod)):
        return f"{type(obj).__name__}({_describe(obj.__func__)})"
    if isinstance(obj, property):
        return "property(" + ", ".join(_describe(f) for f in (obj.fget, obj.fset, obj.fdel)) + ")"
    if isinstance(obj, types.ModuleType):
        return f"module {obj.__name__}"
    if inspect.isclass(obj):
        return f"class {obj.__module__}.{obj.__qualname__}"
    if obj is None:
        return "None"
    if isinstance(obj, (types.FunctionType, types.BuiltinFunctionType, types.MethodType)):
        d = f"{getattr(obj, '__module__', None)}.{obj.__qualname__}"
        target = getattr(obj, "__wrapped__", None)
        return d + (f" -> {_describe(target)}" if target is not None else "")
    if callable(obj) and hasattr(obj, "__qualname__"):
        return f"{type(obj).__name__} {getattr(obj, '__module__', None)}.{obj.__qualname__}"
    if isinstance(obj, (int, float, str, bool, complex)):
        return f"{type(obj).__name__} {obj!r}"
    return f"{type(obj).__module__}.{type(obj).__qualname__} object"


def dump():
    import eagergraph
    from eagergraph.sparse.tensor import SparseCooTensor, SparseCsrTensor
    spaces = {}
    for name in sorted(m for m in sys.modules if m == "eagergraph" or m.startswith("eagergraph.")):
        mod = sys.modules[name]
        if not isinstance(mod, types.ModuleType):
            continue
        names = {n for n in dir(mod) if not n.startswith("__")} | set(getattr(mod, "__all__", ()))
        spaces[name] = {n: getattr(mod, n, "<missing>") for n in sorted(names)}
        spaces[name]["__all__"] = tuple(getattr(mod, "__all__", ()))
    for cls in (eagergraph.Tensor, SparseCooTensor, SparseCsrTensor):
        spaces[f"class {cls.__module__}.{cls.__qualname__}"] = {
            n: inspect.getattr_static(cls, n) for n in sorted(dir(cls))}
    first, out = {}, {}
    for space, table in spaces.items():
        out[space] = {}
        for n, obj in table.items():
            if n == "__all__":  # what `import *` binds: order and repeats do not matter
                out[space][n] = sorted(set(obj))
                continue
            entry = {"is": _describe(obj)}
            if not isinstance(obj, (int, float, str, bool, type(None), types.ModuleType)) \
                    and not _internal(space, n):
                seen = first.setdefault(id(obj), f"{space}:{n}")
                if seen != f"{space}:{n}":
                    entry["same_as"] = seen
            out[space][n] = entry
    return out


def _internal(space, name):
    """A module's private name, or its TENSOR_METHODS table (the tables' contents are Tensor's
    namespace, compared there)."""
    return not space.startswith("class ") and (name.startswith("_") or name == "TENSOR_METHODS")


def compare(a_path, b_path, strict=False):
    """Print the differences (with strict, module-private names too); returns their count."""
    a, b = (json.load(open(p)) for p in (a_path, b_path))
    diffs = 0
    for space in sorted(set(a) | set(b)):
        if space not in a or space not in b:
            print(f"{space}: only in {'after' if space in b else 'before'}")
            diffs += 1
            continue
        for n in sorted(set(a[space]) | set(b[space])):
            if not strict and _internal(space, n):
                continue
            if a[space].get(n) != b[space].get(n):
                print(f"{space}:{n}\n   before {a[space].get(n)}\n   after  {b[space].get(n)}")
                diffs += 1
    print(f"{diffs} differences")
    return diffs


if __name__ == "__main__":
    if sys.argv[1:2] == ["--compare"]:
        sys.exit(1 if compare(sys.argv[2], sys.argv[3], "--strict" in sys.argv) else 0)
    json.dump(dump(), sys.stdout, indent=1, sort_keys=True)
