"""Emit the backward half: `<Op>GradNode` classes (nodes.py, Paddle nodes.cc) and the
`# Node Creation` section of each `<op>_ad_func` (Paddle dygraph_functions.cc)."""
import ast
import os

from .emit import HEADER

_BUILTINS = {"None", "True", "False", "len", "list", "tuple", "range", "int", "float", "abs",
             "min", "max", "sorted", "isinstance"}


def composite_names(pkg_dir, module="composite_backward_api"):
    """Public helper names of eager/composite_backward_api.py (and of the sibling modules it
    star-imports), read without importing it."""
    path = os.path.join(pkg_dir, "eager", module + ".py")
    tree = ast.parse(open(path).read())
    names = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)
             and not n.name.startswith("_")}
    for n in tree.body:
        if isinstance(n, ast.ImportFrom) and n.level == 1 and any(a.name == "*" for a in n.names):
            names |= composite_names(pkg_dir, n.module)
    return names


def camel(name):
    return "".join(p.capitalize() for p in name.split("_"))


def node_class_name(fwd_name):
    return camel(fwd_name) + "GradNode"


class _Rewrite(ast.NodeTransformer):
    def __init__(self, bwd, ops, composites, local_names):
        self.bwd, self.ops, self.composites, self.locals = bwd, ops, composites, local_names

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name):
            n = node.func.id
            if n in self.composites:
                node.func = ast.Attribute(ast.Name("C", ast.Load()), n, ast.Load())
            elif n in self.ops:
                node.func = ast.Attribute(ast.Name("F", ast.Load()), n + "_ad_func", ast.Load())
            elif n not in _BUILTINS:
                raise ValueError(f"backward_op '{self.bwd}': '{n}' is neither an op nor a "
                                 f"composite_backward_api helper")
        return node

    def visit_Name(self, node):
        if (node.id not in self.locals and node.id not in self.ops
                and node.id not in self.composites and node.id not in _BUILTINS):
            raise ValueError(f"backward_op '{self.bwd}': unknown name '{node.id}' in formula")
        return node


def formula_code(bwd, src, ops, composites, local_names):
    tree = ast.parse(src, mode="eval")
    tree = _Rewrite(bwd.name, ops, composites, local_names).visit(tree)
    return ast.unparse(tree)


NODES_HEADER = HEADER + '''"""③ GradNode classes (Paddle nodes.cc), one per backward_op of backward.yaml. Gradient
formulas call ops through their `<op>_ad_func`, so they are differentiable to any order."""
from ..eager.grad_node_info import GradNodeBase
from ..eager import composite_backward_api as C
from ..eager.grad_kernel import select_grad_kernel, prepare_grad_inputs
from ..tensor import Tensor
from ..phi.kernel_registry import KernelFactory
from . import dygraph_functions as F

_wrap = Tensor._wrap
'''

NODE_CLASS = '''

{kcache}class {cls}(GradNodeBase):
    """Backward of `{fwd}` ({bwd}):
{doc}
    """

    __slots__ = ({slots})
    forward_op = "{fwd}"

    def __call__(self, grads, create_graph=False):
        # Fill Zero For GradIn Tensors
{fill}        out_meta = self.bwd_out_meta
{kernel}        # Collect GradIn Tensors, Attrs and Recovered TensorWrappers
{collect}        # Call grad_api function
{calls}        return [{ret}]
{clear}'''


def _wrapper_slots(bwd):
    return [f"{n}_wrapper" for n in bwd.saved]


def emit_nodes(bwd_specs, ops, pkg_dir):
    composites = composite_names(pkg_dir)
    out = [NODES_HEADER]
    for b in bwd_specs:
        f = b.forward
        slots = _wrapper_slots(b) + list(b.attrs_used)
        fill = []
        for i, o in enumerate(f.outputs):
            g = o.name + "_grad"
            if o.type == "Tensor[]":
                fill.append(f"        {g} = C.fill_zero_list(grads[{i}], self.bwd_in_meta[{i}])")
            elif len(f.outputs) > 1:
                fill.append(f"        {g} = C.fill_zero(grads[{i}][0], self.bwd_in_meta[{i}][0])")
            else:
                fill.append(f"        {g} = grads[0][0]")
        list_inputs = {a.name for a in f.inputs if a.type == "Tensor[]"}
        collect = [f"        {n} = [w.recover(self) for w in self.{n}_wrapper]"
                   if n in list_inputs else f"        {n} = self.{n}_wrapper.recover(self)"
                   for n in b.saved]
        collect += [f"        {a} = self.{a}" for a in b.attrs_used]
        local_names = set(b.saved) | set(o.name + "_grad" for o in f.outputs) | set(b.attrs_used)
        calls, ret = [], []
        inputs = [a for a in f.inputs]
        grad_of = {g[:-5]: g for g in b.grads}
        for slot, a in enumerate(inputs):
            g = grad_of.get(a.name)
            if g is None:
                ret.append("[None]" if a.type == "Tensor" else
                           f"[None] * len(out_meta[{slot}])")
                continue
            code = formula_code(b, b.formulas[g], ops, composites, local_names)
            if a.type == "Tensor":
                calls.append(f"        {g} = None\n"
                             f"        if out_meta[{slot}][0].grad_node is not None:\n"
                             f"            {g} = {code}")
                ret.append(f"[{g}]")
            else:
                calls.append(f"        {g} = {code}")
                ret.append(g)
        kernel, kcache = "", ""
        if b.kernel:
            need = []
            for slot, a in enumerate(inputs):
                if a.type != "Tensor":
                    raise ValueError(f"backward_op '{b.name}': a grad kernel needs single-Tensor "
                                     f"inputs")
                need.append(f"out_meta[{slot}][0].grad_node is not None" if a.name in grad_of
                            else "False")
            kargs = [f"self.{n}_wrapper.recover_data(self)" for n in b.saved] \
                + [f"{g}._data" for g in b.out_grads] \
                + [f"self.{a}" for a in b.attrs_used]
            grad_names = [grad_of.get(a.name, "_") for a in inputs]
            args = ",\n                    ".join(kargs)
            outs = [g if g != "_" else "_unused" for g in grad_names]
            rets = ", ".join(f"[{g}]" if g != "_" else "[None]" for g in grad_names)
            wraps = "".join(f"            if {g} is not None:\n"
                            f"                {g} = _wrap({g})\n" for g in grad_names if g != "_")
            kernel = (f"        if not create_graph:  # fused first-order grad kernel\n"
                      f"            need = ({', '.join(need)},)\n"
                      f"            kernel = (_{b.kernel}_kernels.get({b.out_grads[0]}._data.dtype)\n"
                      f"                      or select_grad_kernel(\"{b.kernel}\", {b.out_grads[0]}))\n"
                      f"            args = ({args},)\n"
                      f"            if kernel.input_np_dtype is not None:\n"
                      f"                args = prepare_grad_inputs(kernel, args)\n"
                      f"            {', '.join(outs)}, = kernel.fn(need, *args)\n"
                      f"{wraps}"
                      f"            return [{rets}]\n")
            kcache = f'_{b.kernel}_kernels = KernelFactory.cache("{b.kernel}")\n\n\n'
        clear = []
        if b.saved:  # nodes that save nothing can run again after backward (as in Paddle)
            clear = (["", "    def clear_tensor_wrappers(self):"]
                     + [f"        for w in self.{n}_wrapper:\n            w.clear()"
                        if n in list_inputs else f"        self.{n}_wrapper.clear()"
                        for n in b.saved]
                     + ["        self._wrappers_cleared = True"])
        doc = "\n".join(f"        {g} = {b.formulas[g]}" for g in b.grads)
        out.append(NODE_CLASS.format(
            cls=node_class_name(f.name), fwd=f.name, bwd=b.name, doc=doc,
            slots=", ".join(f'"{s}"' for s in slots) + ("," if len(slots) == 1 else ""),
            kernel=kernel, kcache=kcache,
            fill="".join(x + "\n" for x in fill), collect="".join(x + "\n" for x in collect),
            calls="".join(x + "\n" for x in calls), ret=", ".join(ret),
            clear="".join(x + "\n" for x in clear)))
    return "".join(out)


def node_section_factory(bwd_by_fwd):
    """The `# Node Creation` section for dygraph_functions.py."""
    def section(spec):
        b = bwd_by_fwd.get(spec.name)
        if b is None:
            return ""
        ins = spec.inputs
        conds, metas = [], []
        for a in ins:  # (does it need grad?, its GradSlotMeta list) per input slot
            n = a.name
            if a.type == "Tensor[]":
                conds.append(f"not all(t.stop_gradient for t in {n})")
                metas.append(f"slot_metas({n})")
            elif a.optional or (a.has_default and a.default is None):
                conds.append(f"({n} is not None and not {n}.stop_gradient)")
                metas.append(f"[NO_GRAD_META if {n} is None else slot_meta({n})]")
            else:
                conds.append(f"not {n}.stop_gradient")
                metas.append(f"[slot_meta({n})]")
        L = ["    # Node Creation",
             f"    if grad_state.enabled and ({' or '.join(conds)}):",
             f"        node = _nodes.{node_class_name(spec.name)}()"]
        L.append(f"        node.bwd_out_meta = [{', '.join(metas)}]")
        if len(spec.outputs) > 1 or spec.outputs[0].type == "Tensor[]":
            parts = []
            for o in spec.outputs:
                if o.type == "Tensor[]":
                    parts.append(f"[out_meta(t) for t in {o.name}]")
                else:
                    parts.append(f"[out_meta({o.name})]")
            L.append(f"        node.bwd_in_meta = [{', '.join(parts)}]")
        for a in b.attrs_used:
            L.append(f"        node.{a} = {a}")
        buffered = [n for n in b.saved if n not in b.no_need_buffer]
        if buffered:  # where the user saved these, for the "modified by an inplace op" error
            L.append("        if inplace_flags.record_save_locations:")
            L.append("            node._save_site = save_site(1)")
        in_names = {a.name for a in ins}
        for n in b.saved:
            if n in in_names:
                nnb = ", True" if n in b.no_need_buffer else ""
                if spec.arg(n).type == "Tensor[]":
                    L.append(f"        node.{n}_wrapper = [TensorWrapper(t{nnb}) for t in {n}]")
                else:
                    L.append(f"        node.{n}_wrapper = TensorWrapper({n}{nnb})")
        for slot, o in enumerate(spec.outputs):
            if o.type == "Tensor[]":
                L.append(f"        for rank, t in enumerate({o.name}):")
                L.append(f"            set_history(t, node, {slot}, rank)")
            else:
                L.append(f"        set_history({o.name}, node, {slot}, 0)")
        for slot, o in enumerate(spec.outputs):
            if o.name in b.saved:
                nnb = "True" if o.name in b.no_need_buffer else "False"
                L.append(f"        node.{o.name}_wrapper = TensorWrapper({o.name}, {nnb}, node, "
                         f"{slot}, 0)")
        return "\n".join(L) + "\n"
    return section


def saved_inputs_factory(bwd_by_fwd):
    """Inputs whose values the op's grad node keeps (saved, not no_need_buffer)."""
    def saved(spec):
        b = bwd_by_fwd.get(spec.name)
        if b is None:
            return ()
        ins = {a.name for a in spec.inputs}
        return tuple(n for n in b.saved if n in ins and n not in b.no_need_buffer)
    return saved
