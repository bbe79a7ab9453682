"""backward.yaml -> BackwardSpec, checked against the forward OpSpec it differentiates.

Schema (a subset of Paddle's backward.yaml):
  backward_op : <op>_grad
  forward     : <op> (Tensor x, ...) -> Tensor(out)     optional; checked when given
  args        : (Tensor x, Tensor out, Tensor out_grad, ...)  forward tensors to save, and the
                grads of the forward outputs (<name>_grad)
  output      : Tensor(x_grad), ...    one per differentiable forward input, in order
  no_need_buffer : x, y   saved tensors whose values are not needed (only shape/dtype)
  optional_grads : a_grad  out grads (of an op with several outputs) the formulas receive as
                None when none arrived, instead of zeros (they test `is None` and skip the
                work)

and one of two ways to give the gradient, as in Paddle:
  invoke      : the gradient is a composition of ops (every order of derivative comes for
                free): {x_grad: <expr>, ...}, or one block of Python statements that assigns
                every grad.
  kernel      : <name> the backward op is an op of its own: a grad kernel (registered like any
                kernel, `fn(need, *saved arrays, *out_grad arrays, *attrs) -> tuple of arrays`,
                None where need[i] is False) reached through the kernel API, and an
                `<name>_ad_func`; with
  composite   : the same formulas as `invoke`, which the grad op records instead of running
                its kernel when a graph is being built (create_graph), so higher orders work.

Formulas are Python. Names: saved tensors, out grads, forward attributes, names the block
assigns, ops of ops.yaml (called through their `<op>_ad_func`), the shape functions of
eagergraph/phi/infermeta/backward.py (ints and shapes only), and two formula words:
`conj(t)` (the conj op on a complex tensor; a real tensor is its own conjugate) and
`constant(array)` (an index array as a Tensor that needs no grad). `t.shape`, `t.dtype`,
`t.ndim` and `t.is_complex()` read a tensor's meta.
"""
import ast
from dataclasses import dataclass

from .spec import SpecError, parse_args, parse_outputs


@dataclass(frozen=True)
class BackwardSpec:
    name: str
    forward: object           # OpSpec
    saved: tuple              # names of forward inputs/outputs to save
    out_grads: tuple          # names like out_grad, in forward-output order
    grads: tuple              # names like x_grad, in forward-input order
    formulas: object          # {x_grad: expression source} or a block of statements (str)
    no_need_buffer: tuple
    attrs_used: tuple         # forward attrs the formulas (or the kernel) use
    kernel: str = ""          # the grad kernel of a grad op, or "" for an invoke composition
    optional_grads: tuple = ()  # out grads that stay None when none arrived

    @property
    def is_block(self):
        return isinstance(self.formulas, str)


def _attr_names_used(name, formulas, attr_names):
    srcs = [formulas] if isinstance(formulas, str) else list(formulas.values())
    used = set()
    for src in srcs:
        try:
            tree = ast.parse(str(src), mode="exec" if isinstance(formulas, str) else "eval")
        except SyntaxError as e:
            raise SpecError(f"backward_op '{name}': a formula is not Python: {e}") from None
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id in attr_names:
                used.add(node.id)
    return used


def parse_backward(entry, forward_by_backward):
    name = entry.get("backward_op")
    if not name:
        raise SpecError(f"a backward.yaml entry has no 'backward_op': {entry!r}")
    known = {"backward_op", "forward", "args", "output", "invoke", "composite",
             "no_need_buffer", "kernel", "optional_grads"}
    unknown = set(entry) - known
    if unknown:
        raise SpecError(f"backward_op '{name}': unknown keys {sorted(unknown)}")
    fwd = forward_by_backward.get(name)
    if fwd is None:
        raise SpecError(f"backward_op '{name}': no op in ops.yaml names it as its backward")
    args = parse_args(name, entry["args"])
    outs = parse_outputs(name, entry["output"])
    in_names = [a.name for a in fwd.inputs]
    out_names = [o.name for o in fwd.outputs]
    saved, out_grads = [], []
    for a in args:
        if a.name.endswith("_grad") and a.name[:-5] in out_names:
            out_grads.append(a.name)
        elif a.name in in_names or a.name in out_names:
            saved.append(a.name)
        else:
            raise SpecError(f"backward_op '{name}': arg '{a.name}' is neither a forward tensor "
                            f"of '{fwd.name}' nor the grad of one of its outputs")
    grads = []
    for o in outs:
        if not o.name.endswith("_grad") or o.name[:-5] not in in_names:
            raise SpecError(f"backward_op '{name}': output '{o.name}' must be <input>_grad for "
                            f"an input of '{fwd.name}' ({in_names})")
        grads.append(o.name)
    kernel = entry.get("kernel") or ""
    if isinstance(kernel, dict):
        kernel = kernel.get("func", "")
    key = "composite" if kernel else "invoke"
    other = "invoke" if kernel else "composite"
    if other in entry:
        raise SpecError(f"backward_op '{name}': '{other}' is for "
                        f"{'composition backward ops (no kernel)' if kernel else 'grad ops with a kernel'}"
                        f"; use '{key}'")
    formulas = entry.get(key)
    if formulas is None:
        raise SpecError(f"backward_op '{name}': needs '{key}' (the gradient formulas)")
    if isinstance(formulas, dict):
        if set(formulas) != set(grads):
            raise SpecError(f"backward_op '{name}': {key} must give exactly {grads}, got "
                            f"{sorted(formulas)}")
        formulas = {g: str(formulas[g]) for g in grads}
    elif not isinstance(formulas, str):
        raise SpecError(f"backward_op '{name}': {key} must be a mapping or a block of code")
    attr_names = {a.name for a in fwd.attrs}
    used = _attr_names_used(name, formulas, attr_names)
    nnb = tuple(x.strip() for x in str(entry.get("no_need_buffer", "")).split(",") if x.strip())
    for x in nnb:
        if x not in saved:
            raise SpecError(f"backward_op '{name}': no_need_buffer '{x}' is not a saved arg")
    opt = tuple(x.strip() for x in str(entry.get("optional_grads", "")).split(",")
                if x.strip())
    for x in opt:
        if x not in out_grads or len(fwd.outputs) < 2:
            raise SpecError(f"backward_op '{name}': optional_grads '{x}' is not the out grad of "
                            f"an op with several outputs")
    if kernel:  # the kernel receives every forward attribute
        used = attr_names
        if any(a.type != "Tensor" for a in fwd.inputs) or len(fwd.outputs) != 1:
            raise SpecError(f"backward_op '{name}': a grad kernel needs an op with single-Tensor "
                            f"inputs and one output")
    return BackwardSpec(name, fwd, tuple(saved), tuple(out_grads), tuple(grads), formulas, nnb,
                        tuple(a.name for a in fwd.attrs if a.name in used), kernel, opt)


def load_backward(paths, forward_specs):
    import yaml
    entries = []
    for path in paths:
        with open(path) as f:
            entries += yaml.safe_load(f) or []
    by_bwd = {s.backward: s for s in forward_specs if s.backward}
    specs = [parse_backward(e, by_bwd) for e in entries]
    names = {b.name for b in specs}
    missing = sorted(set(by_bwd) - names)
    if missing:
        raise SpecError(f"ops.yaml names backward ops that backward.yaml lacks: {missing}")
    fwd_names = {s.name for s in forward_specs}
    clash = sorted(b.name for b in specs if b.kernel and b.name in fwd_names)
    if clash:
        raise SpecError(f"grad ops with a kernel share a name with an op of ops.yaml: {clash}")
    return specs
