"""backward.yaml -> BackwardSpec, checked against the forward OpSpec it differentiates.

Schema (a subset of Paddle's backward.yaml):
  backward_op : <op>_grad
  forward     : <op> (Tensor x, ...) -> Tensor(out)     optional; checked when given
  args        : (Tensor x, Tensor out, Tensor out_grad, ...)  forward tensors to save, and the
                grads of the forward outputs (<name>_grad)
  output      : Tensor(x_grad), ...    one per differentiable forward input, in order
  invoke      : {x_grad: <expr>, ...}  differentiable formulas in Python syntax. Names: saved
                tensors, out grads, forward attributes, ops of ops.yaml (called through their
                <op>_ad_func) and helpers of eagergraph/eager/composite_backward_api.py, which
                take precedence. Because they are ops, every order of derivative comes for free.
  no_need_buffer : x, y   saved tensors whose values are not needed (only shape/dtype)
  kernel      : <name>    optional fused NumPy grad kernel (registered like forward kernels, in
                phi/kernels/cpu/*_grad.py) used for first-order backward; under create_graph
                the `invoke` formulas run instead, so the kernel needs no double grad of its
                own. Its signature: fn(need, *saved arrays, *out_grad arrays, *attrs) -> tuple of
                arrays (None where need[i] is False), in backward.yaml `args` order.
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
    formulas: dict            # x_grad -> Python expression source
    no_need_buffer: tuple
    attrs_used: tuple         # forward attrs the formulas use
    kernel: str = ""          # fused first-order grad kernel, or ""


def parse_backward(entry, forward_by_backward):
    name = entry.get("backward_op")
    if not name:
        raise SpecError(f"a backward.yaml entry has no 'backward_op': {entry!r}")
    known = {"backward_op", "forward", "args", "output", "invoke", "no_need_buffer", "kernel"}
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
    formulas = entry.get("invoke") or {}
    if set(formulas) != set(grads):
        raise SpecError(f"backward_op '{name}': invoke must give exactly {grads}, got "
                        f"{sorted(formulas)}")
    attr_names = {a.name for a in fwd.attrs}
    used = set()
    for g, src in formulas.items():
        try:
            tree = ast.parse(str(src), mode="eval")
        except SyntaxError as e:
            raise SpecError(f"backward_op '{name}': formula for {g} is not Python: {e}") from None
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id in attr_names:
                used.add(node.id)
    nnb = tuple(x.strip() for x in str(entry.get("no_need_buffer", "")).split(",") if x.strip())
    for x in nnb:
        if x not in saved:
            raise SpecError(f"backward_op '{name}': no_need_buffer '{x}' is not a saved arg")
    kernel = entry.get("kernel") or ""
    if isinstance(kernel, dict):
        kernel = kernel.get("func", "")
    if kernel:  # the kernel receives every forward attribute
        used = {a.name for a in fwd.attrs}
    return BackwardSpec(name, fwd, tuple(saved), tuple(out_grads), tuple(grads),
                        {g: str(formulas[g]) for g in grads}, nnb,
                        tuple(a.name for a in fwd.attrs if a.name in used), kernel)


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
    return specs
