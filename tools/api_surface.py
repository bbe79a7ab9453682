"""How much of Paddle's public API eagergraph has, measured against a real Paddle install.

    PYTHONPATH=. /path/to/python-with-paddle tools/api_surface.py [--list missing|differs] [--ns paddle.nn]

For every public namespace of Paddle (`paddle` and each `paddle.<sub>` module with an `__all__`,
two levels deep) and every name of its `__all__`, plus the public methods of `paddle.Tensor`:
- present: eagergraph has the same qualified name;
- signature equal: `inspect.signature` (of `__init__` for classes) has the same parameters --
  names, kinds (positional, keyword-only, *args, **kwargs) and defaults (compared by repr;
  annotations are ignored) -- counted over the names both have and whose signature Paddle
  shows.
Prints the two shares; `--list` prints the names missing or whose signatures differ.
"""
import inspect
import os
import sys
import types
import warnings


def _public_module(m):
    try:
        return (isinstance(m, types.ModuleType) and m.__name__.startswith("paddle.")
                and isinstance(m.__dict__.get("__all__"), (list, tuple)))
    except Exception:  # noqa: BLE001 -- paddle's torch-compat namespaces raise on lookup
        return False


def _namespaces(paddle):
    out = {"paddle": paddle}
    for n in sorted(dir(paddle)):
        m = getattr(paddle, n, None)
        if n.startswith("_") or not _public_module(m):
            continue
        out[f"paddle.{n}"] = m
        for n2 in sorted(dir(m)):
            m2 = getattr(m, n2, None)
            if not n2.startswith("_") and _public_module(m2):
                out[f"paddle.{n}.{n2}"] = m2
    return out


def _params(obj):
    fn = obj.__init__ if inspect.isclass(obj) else obj
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    ps = list(sig.parameters.values())
    if inspect.isclass(obj) and ps and ps[0].name == "self":
        ps = ps[1:]
    return tuple((p.name, p.kind.name, None if p.default is p.empty else repr(p.default))
                 for p in ps)


def _resolve(root, qualname):
    obj = root
    for p in qualname.split(".")[1:]:
        obj = getattr(obj, p, None)
        if obj is None:
            return None
    return obj


def entries(paddle):
    """qualified name -> Paddle's object, for every public name."""
    out = {}
    for ns_name, ns in _namespaces(paddle).items():
        for n in ns.__dict__.get("__all__", ()):
            if n.startswith("_"):
                continue
            obj = getattr(ns, n, None)
            if obj is None or isinstance(obj, types.ModuleType):
                continue
            out[f"{ns_name}.{n}"] = obj
    for n in dir(paddle.Tensor):
        if not n.startswith("_") and callable(getattr(paddle.Tensor, n, None)):
            out[f"paddle.Tensor.{n}"] = getattr(paddle.Tensor, n)
    return out


def measure(paddle, eg, only_ns=None):
    present, missing, equal, differs, compared = 0, [], 0, [], 0
    for qual, obj in sorted(entries(paddle).items()):
        if only_ns and qual.rsplit(".", 1)[0] != only_ns:
            continue
        ours = _resolve(eg, qual)
        if ours is None:
            missing.append(qual)
            continue
        present += 1
        if not callable(obj):
            continue
        theirs = _params(obj)
        if theirs is None:
            continue
        compared += 1
        mine = _params(ours)
        if qual.startswith("paddle.Tensor.") and mine and theirs and mine[:1] != theirs[:1]:
            # a method's first parameter is the tensor itself, whatever it is called
            mine, theirs = mine[1:], theirs[1:]
        if mine == theirs:
            equal += 1
        else:
            differs.append((qual, theirs, mine))
    return present, missing, equal, differs, compared


def main():
    warnings.filterwarnings("ignore")
    # the eagergraph of this checkout (not an installed one)
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    import paddle
    import eagergraph
    only = sys.argv[sys.argv.index("--ns") + 1] if "--ns" in sys.argv else None
    present, missing, equal, differs, compared = measure(paddle, eagergraph, only)
    total = present + len(missing)
    print(f"names present: {present}/{total} = {100 * present / total:.1f}%")
    print(f"signatures equal: {equal}/{compared} = {100 * equal / max(compared, 1):.1f}%")
    if "--list" in sys.argv:
        what = sys.argv[sys.argv.index("--list") + 1]
        if what == "missing":
            print("\n".join(missing))
        else:
            for qual, theirs, mine in differs:
                print(qual)
                print("   paddle:", theirs)
                print("   ours:  ", mine)


if __name__ == "__main__":
    main()
