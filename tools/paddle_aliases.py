"""List every keyword alias Paddle accepts, from a real Paddle install (measured: 3.3.1).

    PYTHONPATH=. /path/to/python-with-paddle tools/paddle_aliases.py tests/fixtures/paddle331_aliases.json
    ... tools/paddle_aliases.py --declared-only FIXTURE   # only add the decorators' aliases

Paddle 3.x accepts keyword aliases (`dim` for `axis`, `input` for `x`, ...) that
`inspect.signature` does not show. They come from two places:

- Python decorators in `paddle/utils/decorator_utils.py` (`ParamAliasDecorator`,
  `param_one_alias`, `param_two_alias`, `size_args_decorator`, ...) wrapped around Python
  functions (the wrapper's `__signature__` is the inner function's);
- the generated C++ argument parsers behind `_C_ops.X` (and the Python stubs of
  `paddle/base/dygraph/generated_tensor_methods_patch.py` that call them).

Neither is readable as data, so this tool *probes*: for each public callable that may hide aliases
(a C++ builtin, a decorated Python function, a generated stub, a Layer class whose `__init__` is
decorated), and for each candidate keyword from a vocabulary (every alias the decorators' closures
name, plus PyTorch's common parameter names), it calls the function with that keyword alone bound
to a sentinel object. An unknown keyword fails before anything runs (Python's "unexpected keyword
argument", the C++ parser's "has too many arguments"); any other failure means the keyword is
accepted. Then it calls with the keyword and each real parameter together: the pair that fails as
a duplicate names the parameter the alias stands for, and that failure (type and message) is
what Paddle raises when both are given. A decorated Python function whose other required
arguments are missing fails the same way with and without a keyword, so the aliases of Paddle's
Python decorators (param_one_alias, param_two_alias, ParamAliasDecorator) are also read from
their source: for the probed names and for the methods and constructors of paddle.nn's Layers
(`forward(input=)`, `parameters(recurse=)`, `LayerList.append(module=)`, ...).

Output (JSON): {"paddle_version", "aliases": {"paddle.sum": {"dim": "axis", "input": "x"}, ...},
"both": {"paddle.sum": ["ValueError", "..."]}, "unmeasured": [names
that accept any keyword], "forms": {"paddle.zeros": {"varargs": "size", "extras": ["out",
"device", "requires_grad", "pin_memory"]}}} -- `forms` from the decorators and signatures:
variadic shapes and the keyword-only extras; "same": names outside `__all__` bound to the same
function (paddle.sigmoid is paddle.nn.functional.sigmoid). -- qualified names are `paddle.X`,
`paddle.nn.functional.X`, `paddle.linalg.X`, `paddle.fft.X`, `paddle.Tensor.X` and
`paddle.nn.X` (Layer constructors). tests/test_param_alias.py pins eagergraph's alias table to it.
"""
import inspect
import json
import os
import pickle
import re
import signal
import sys
import warnings

# PyTorch's names for Paddle's parameters, the ones Paddle 3.x adopts as aliases
TORCH_NAMES = """input other dim dims keepdim size start_dim end_dim dim0 dim1 target eps value index
src mat1 mat2 mat vec vec1 vec2 tensors tensor diagonal offset p correction unbiased descending
stable sorted return_inverse return_counts exponent min max weight bias mask condition source
end step start lambd threshold negative_slope alpha beta approximate inplace chunks sections
split_size_or_sections indices ndim shifts repeats k largest n norm ord fill_value low high
generator mean std replacement num_samples self data device requires_grad pin_memory out dtype
reduction reduce include_self scale_factor align_corners mode padding stride dilation groups
kernel_size output_size return_indices ceil_mode count_include_pad divisor_override
in_channels out_channels padding_mode normalized_shape elementwise_affine num_features momentum
affine track_running_stats num_embeddings embedding_dim padding_idx max_norm norm_type
scale_grad_by_freq sparse in_features out_features batch_first dropout bidirectional
hidden_size num_layers input_size lr betas weight_decay amsgrad foreach maximize capturable
differentiable fused atol rtol equal_nan upper lower pivot full_matrices some compute_uv
driver rcond hermitian left right side decimals out_int32 right_closed seed bins range
density accumulate from_ to memory_format copy non_blocking names tau q interpolation
axis keepdims shape x y label epsilon start_axis stop_axis""".split()

_REQ_TIMEOUT = 2  # seconds per call
_ISOLATE = False  # set while re-probing a callable whose probe killed the process


class _Bad:
    """The sentinel bound to probed keywords: no parser accepts it as a value."""
    def __repr__(self):
        return "<probe>"


BAD = _Bad()


def _unknown(err, kw):
    if err is None:
        return False
    msg = str(err)
    if isinstance(err, TypeError) and f"unexpected keyword argument '{kw}'" in msg:
        return True
    return "has too many arguments" in msg


def _duplicate(err, kw, param):
    if err is None:
        return False
    msg = str(err)
    return ("Cannot specify both" in msg or "has too many arguments" in msg
            or f"unexpected keyword argument '{kw}'" in msg
            or f"multiple values for argument '{param}'" in msg
            or f"multiple values for keyword argument '{param}'" in msg)


class _Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise _Timeout()


class _Crash(Exception):
    """The call killed the process (a C++ exception escaping the parser): the keyword was read."""


def _call(f, kwargs):
    if _ISOLATE:
        return _forked(lambda: _call_here(f, kwargs), _Crash())
    return _call_here(f, kwargs)


def _forked(fn, on_crash):
    """fn() in a child process (its result pickled back); on_crash if the child dies."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            data = pickle.dumps(fn())
        except BaseException as e:  # noqa: B036
            data = pickle.dumps(RuntimeError(f"unpicklable: {type(e).__name__}: {e}"))
        with os.fdopen(w, "wb") as fh:
            fh.write(data)
        os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as fh:
        data = fh.read()
    _, status = os.waitpid(pid, 0)
    if status != 0 or not data:
        return on_crash
    return pickle.loads(data)


def _call_here(f, kwargs):
    signal.setitimer(signal.ITIMER_REAL, _REQ_TIMEOUT)
    try:
        f(**kwargs)
    except _Timeout as e:
        return e
    except BaseException as e:  # noqa: B036 -- any failure is the probe's answer
        return e
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return None


def _params(f):
    try:
        sig = inspect.signature(f)
    except (TypeError, ValueError):
        return None
    ps = [p for p in sig.parameters.values()]
    if any(p.kind is p.VAR_KEYWORD for p in ps):
        return None
    return [p.name for p in ps if p.kind is not p.VAR_POSITIONAL and p.name != "self"]


def _is_wrapped(f):
    return getattr(f, "__wrapped__", None) is not None


def _may_hide_aliases(f):
    if inspect.isbuiltin(f) or type(f).__name__ in ("method_descriptor", "builtin_function_or_method"):
        return True
    if _is_wrapped(f):
        return True
    mod = getattr(f, "__module__", "") or ""
    return "generated_tensor_methods_patch" in mod or "generated_methods_patch" in mod


def decorator_vocabulary(functions):
    """Every alias name the decorators' closures hold."""
    names = set()
    for f in functions:
        g = f
        while g is not None:
            for cell in (getattr(g, "__closure__", None) or ()):
                try:
                    v = cell.cell_contents
                except ValueError:
                    continue
                if isinstance(v, (list, tuple)) and len(v) == 2 and all(isinstance(s, str) for s in v):
                    names.update(v)
                m = getattr(v, "alias_mapping", None)
                if isinstance(m, dict):
                    names.update(k for k in m if isinstance(k, str))
            g = getattr(g, "__wrapped__", None)
    return names


def _msg(err):
    return None if err is None else (type(err).__name__, str(err).split(" (at /paddle")[0])


def _accepts(call, base, kw):
    """Whether `call(**base, kw=<probe>)` reads kw: it fails unlike `call(**base)` and not as an
    unknown keyword (the C++ parsers count arguments only after converting the known ones, so
    a missing required argument hides an unknown keyword: then base supplies it)."""
    err = _call(call, dict(base, **{kw: BAD}))
    return not _unknown(err, kw) and _msg(err) != _msg(_call(call, base))


_MISSING = re.compile(r"argument '(\w+)' \(position \d+\) must be (\w+)")


def _filled(call, kwargs, first):
    """call(**kwargs), supplying the required arguments the C++ parser reports missing (it
    converts every argument before it counts them, so a duplicate shows only in a full call)."""
    err = _call(call, kwargs)
    for _ in range(4):
        m = _MISSING.search(str(err)) if err is not None else None
        if not m or m.group(1) in kwargs or not first:
            break
        kwargs = dict(kwargs, **{m.group(1): first[0] if m.group(2) == "Tensor" else first[-1]})
        err = _call(call, kwargs)
    return err


def probe(f, vocab, bind=None, values=(), first=()):
    """{alias: param} that `f` accepts, and the failure when both are given (None, None when
    `f` accepts any keyword and so cannot be measured)."""
    params = _params(f if bind is None or inspect.isclass(bind) else bind)
    if params is None:
        return {}, None
    call = f if bind is None else bind
    bases = [{}] + ([{params[0]: v} for v in first] if params else [])
    if any(_accepts(call, b, "zz_probe_unknown") for b in bases):
        return None, None
    skip = set(params)
    if bind is not None:
        skip.add("self")
        if not inspect.isclass(bind):
            skip |= {"x", "input"}  # the bound tensor's own names
    found, both = {}, None
    for kw in sorted(vocab - skip):
        base = next((b for b in bases if _accepts(call, b, kw)), None)
        if base is None:
            continue
        target = "?"
        for p in params:
            # the C++ parsers convert values before they count arguments: try real values
            for v in (BAD,) + tuple(values):
                err = _filled(call, dict(base, **{kw: v, p: v}), first)
                if _duplicate(err, kw, p):
                    break
            else:
                continue
            target = p
            if both is None:
                both = list(_msg(err))
            break
        if target == "?":
            target = _read_target(f, kw)
        found[kw] = target
    return found, both


_POP = re.compile(r"""kwargs\[['"](\w+)['"]\]\s*=\s*kwargs\.pop\(['"](\w+)['"]\)""")


def _read_target(f, kw):
    """The parameter a decorator renames kw to, read from its wrapper's source (decorators that
    rename without checking for both, so no duplicate call shows it), or '?'."""
    g = f
    while g is not None:
        codes = [getattr(g, "__code__", None)]
        for cell in (getattr(g, "__closure__", None) or ()):
            try:
                v = cell.cell_contents
            except ValueError:
                continue
            codes.append(getattr(getattr(v, "process", None), "__code__", None))
        for code in codes:
            try:
                src = inspect.getsource(code)  # the code itself: getsource(g) would unwrap g
            except (OSError, TypeError):
                continue
            for target, alias in _POP.findall(src):
                if alias == kw:
                    return target
        g = getattr(g, "__wrapped__", None)
    return "?"


EXTRAS = ("out", "device", "requires_grad", "pin_memory")


def varargs_kind(f):
    """How a decorator of f takes a variadic shape, or None: "size" (`zeros(2, 3)`: every
    positional int is the shape), "after_x:<param>" (`x.reshape(3, 2)`: the ints after the
    tensor are <param>), "transpose" (`transpose(x, 0, 1)`: two axes to swap)."""
    g = f
    while g is not None:
        name = getattr(getattr(g, "__code__", None), "co_qualname", "")
        if name.startswith("size_args_decorator.") and getattr(g, "__wrapped__", None):
            return "size"
        if name.startswith(("reshape_decorator.", "expand_decorator.", "view_decorator.",
                            "size_args_decorator_patch.")):
            params = _params(inspect.unwrap(g)) or []
            return f"after_x:{params[1]}" if len(params) > 1 else None
        if name.startswith("transpose_decorator."):
            return "transpose"
        for cell in (getattr(g, "__closure__", None) or ()):
            try:
                v = cell.cell_contents
            except ValueError:
                continue
            if type(v).__name__ == "SizeArgsDecorator":
                return "size"
            if type(v).__name__ == "VariableArgsDecorator":
                return f"after_x:{v.var}"
        g = getattr(g, "__wrapped__", None)
    return None


def forms(entries):
    """qualified name -> {"varargs": kind, "extras": [keyword-only extras of the signature]}."""
    out = {}
    for qual, f, _ in entries:
        try:
            ps = inspect.signature(f).parameters.values()
        except (TypeError, ValueError):
            ps = ()
        extras = [p.name for p in ps if p.kind is p.KEYWORD_ONLY and p.name in EXTRAS]
        kind = varargs_kind(f)
        if extras or kind:
            out[qual] = {"varargs": kind, "extras": extras}
    return out


_DECORATORS = ("param_one_alias", "param_two_alias", "ParamAliasDecorator")


def _declared(path):
    """{(file, line): ({alias: param}, both kind)} of the functions in a Paddle source file that
    carry one of the alias decorators with literal arguments; line is both the def's and its
    first decorator's (the code object's first line is one of them)."""
    import ast
    try:
        with open(path, encoding="utf-8") as fh:
            tree = ast.parse(fh.read())
    except (OSError, SyntaxError, UnicodeDecodeError):
        return {}
    out = {}
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for d in node.decorator_list:
            name = getattr(d, "func", None)
            name = getattr(name, "id", getattr(name, "attr", None))
            if not isinstance(d, ast.Call) or name not in _DECORATORS:
                continue
            try:
                args = [ast.literal_eval(a) for a in d.args]
            except ValueError:
                continue
            if name == "ParamAliasDecorator":
                found = {a: k for k, v in args[0].items() for a in v}
                both = "Cannot specify both"
            else:  # [param, alias] lists; the alias stays in place when both are given
                found = {lst[1]: lst[0] for lst in args}
                both = "unexpected"
            lines = {node.lineno} | {x.lineno for x in node.decorator_list}
            for line in lines:  # several alias decorators on one function add up
                had = out.get((path, line), ({}, both))
                out[(path, line)] = (dict(had[0], **found), had[1])
    return out


def decorator_aliases(paddle, entries):
    """The aliases Paddle's Python decorators declare, read from their source (the probe
    cannot see a decorated function's alias when the function lacks other required
    arguments: the call fails the same way with and without it), for the probed names and for
    the methods of paddle.nn's Layers (forward, parameters, the containers' append, ...).
    {qualified name: ({alias: param}, [error type, message] when both are given)}."""
    named = [(qual, f) for qual, f, bind in entries]
    for n in sorted(set(paddle.nn.__all__) | {"Layer"}):
        c = getattr(paddle.nn, n, None)
        if inspect.isclass(c) and issubclass(c, paddle.nn.Layer):
            for m, f in vars(c).items():
                if inspect.isfunction(f) and (m == "__init__" or not m.startswith("_")):
                    named.append((f"paddle.nn.{n}" if m == "__init__" else
                                  f"paddle.nn.{n}.{m}", f))
    files, out = {}, {}
    for qual, f in named:
        inner = inspect.unwrap(f) if callable(f) else None
        code = getattr(inner, "__code__", None)
        if code is None:
            continue
        path = code.co_filename
        if path not in files:
            files[path] = _declared(path)
        hit = files[path].get((path, code.co_firstlineno))
        if hit is None:
            continue
        found, both = hit
        if qual.startswith("paddle.Tensor."):  # the tensor itself is not given by keyword
            first = (_params(inner) or [None])[0]
            found = {a: p for a, p in found.items() if p != first}
            if not found:
                continue
        if both == "unexpected":
            first = next(iter(found))
            both = ["TypeError", f"{inner.__qualname__}() got an unexpected keyword argument "
                                 f"'{first}'"]
        else:
            param = found[next(iter(found))]
            both = ["ValueError", f"Cannot specify both '{param}' and its alias "
                                  f"'{next(iter(found))}'"]
        out[qual] = (found, both)
    return out


def merge_declared(data, declared):
    """Add what the decorators declare and the probe missed to the fixture's data."""
    for qual, (found, both) in declared.items():
        have = data["aliases"].setdefault(qual, {})
        missing = {a: p for a, p in found.items() if have.get(a) in (None, "?")}
        if missing:
            have.update(missing)
            data["both"].setdefault(qual, both)


def main():
    warnings.filterwarnings("ignore")
    signal.signal(signal.SIGALRM, _alarm)
    import paddle
    import paddle.nn.functional as F
    spaces = [("paddle", paddle), ("paddle.nn.functional", F), ("paddle.linalg", paddle.linalg),
              ("paddle.fft", paddle.fft)]
    entries = []  # (qualified name, function, callable to probe)
    for prefix, ns in spaces:
        for n in sorted(set(getattr(ns, "__all__", []))):
            f = getattr(ns, n, None)
            if callable(f) and not inspect.isclass(f) and not inspect.ismodule(f):
                entries.append((f"{prefix}.{n}", f, None))
    x = paddle.ones([2, 3])
    for n in sorted(dir(paddle.Tensor)):
        if n.startswith("_"):
            continue
        f = getattr(paddle.Tensor, n, None)
        if callable(f) and not isinstance(f, type):
            entries.append((f"paddle.Tensor.{n}", f, getattr(x, n)))
    for n in sorted(set(paddle.nn.__all__)):
        c = getattr(paddle.nn, n, None)
        if inspect.isclass(c) and issubclass(c, paddle.nn.Layer) and _is_wrapped(c.__init__):
            entries.append((f"paddle.nn.{n}", c.__init__, c))
    vocab = set(TORCH_NAMES) | decorator_vocabulary([e[1] for e in entries])
    values = (None, 0, x, [0], True, 1.0, "mean", paddle.float32)
    aliases, both, unmeasured = {}, {}, []
    for qual, f, bind in entries:
        if not _may_hide_aliases(f):
            continue
        res = _forked(lambda: probe(f, vocab, bind, values, (x, [x, x])), None)
        if res is None:  # some call killed the process: again, one child per call
            global _ISOLATE
            _ISOLATE = True
            res = probe(f, vocab, bind, values, (x, [x, x]))
            _ISOLATE = False
        found, b = res
        if found is None:
            unmeasured.append(qual)
        elif found:
            aliases[qual] = found
            if b is not None:
                both[qual] = b
    # names outside __all__ bound to the same function (paddle.sigmoid is F.sigmoid)
    by_id = {id(f): qual for qual, f, bind in entries if bind is None}
    same = {}
    for prefix, ns in spaces:
        for n in dir(ns):
            if n.startswith("_"):
                continue
            qual = by_id.get(id(getattr(ns, n, None)))
            other = f"{prefix}.{n}"
            if qual and other != qual and other not in {e[0] for e in entries}:
                same.setdefault(qual, []).append(other)
    data = {"paddle_version": paddle.__version__, "aliases": aliases, "both": both,
            "unmeasured": unmeasured, "forms": forms(entries), "same": same}
    merge_declared(data, decorator_aliases(paddle, entries))
    _write(sys.argv[1], data)


def _write(path, data):
    with open(path, "w") as fh:  # a file: a crashing child may write to stdout
        json.dump(data, fh, indent=1, sort_keys=True)
        fh.write("\n")


def merge_only(path):
    """--declared-only: add the decorators' aliases to an existing fixture (no probing)."""
    warnings.filterwarnings("ignore")
    import paddle
    with open(path) as fh:
        data = json.load(fh)
    entries = [(qual, _resolve(paddle, qual), None) for qual in _probed_names(paddle)]
    merge_declared(data, decorator_aliases(paddle, [e for e in entries if e[1] is not None]))
    _write(path, data)


def _probed_names(paddle):
    import paddle.nn.functional as F
    names = []
    for prefix, ns in (("paddle", paddle), ("paddle.nn.functional", F),
                       ("paddle.linalg", paddle.linalg), ("paddle.fft", paddle.fft)):
        names += [f"{prefix}.{n}" for n in sorted(set(getattr(ns, "__all__", [])))]
    names += [f"paddle.Tensor.{n}" for n in sorted(dir(paddle.Tensor)) if not n.startswith("_")]
    return names


def _resolve(paddle, qual):
    obj = paddle
    for part in qual.split(".")[1:]:
        obj = getattr(obj, part, None)
    return obj if callable(obj) and not inspect.isclass(obj) else None


if __name__ == "__main__":
    if sys.argv[1:2] == ["--declared-only"]:
        merge_only(sys.argv[2])
    else:
        main()
