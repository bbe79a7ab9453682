"""Emit the backward half, all into dygraph_functions.py beside the forward ad_funcs (a grad
node calls ad_funcs when it records, and ad_funcs create grad nodes, so they share a module):

- `<Op>GradNode` classes (Paddle nodes.cc), one per backward op;
- the `# Node Creation` section of each `<op>_ad_func` (Paddle dygraph_functions.cc);
- for a backward op with a grad `kernel:`, the grad op itself: `<op>_grad_ad_func` (its kernel,
  or its `composite:` formulas when a graph is being recorded), and its kernel API in api.py.
"""
import ast
import os

from .emit import inline_forward, seam_check

_BUILTINS = {"None", "True", "False", "len", "list", "tuple", "range", "int", "float", "abs",
             "min", "max", "sorted", "isinstance", "zip", "any", "all"}
_FORMULA_WORDS = {"conj": "_conj", "constant": "_constant"}


def meta_names(pkg_dir):
    """The shape functions of phi/infermeta/backward.py, read without importing it."""
    path = os.path.join(pkg_dir, "phi", "infermeta", "backward.py")
    tree = ast.parse(open(path).read())
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef)
            and not n.name.startswith("_")}


def camel(name):
    return "".join(p.capitalize() for p in name.split("_"))


def node_class_name(fwd_name):
    return camel(fwd_name) + "GradNode"


class _Rewrite(ast.NodeTransformer):
    """Formula names -> generated code: ops -> `<op>_ad_func`, shape functions -> `_meta.f`,
    formula words -> their helpers, `t.shape` -> `t._data.shape` (a tuple).
    arrays: the formula over ndarrays instead (run_raw): ops and formula words -> `_arr.f`
    (_generated/grad_arrays.py), `t.dtype` -> `_arr.dtype_of(t)`, `t.shape` as it is."""

    def __init__(self, bwd, ops, metas, local_names, arrays=False):
        self.bwd, self.ops, self.metas, self.locals = bwd, ops, metas, local_names
        self.arrays = arrays

    def visit_Call(self, node):
        self.generic_visit(node)
        if (self.arrays and isinstance(node.func, ast.Attribute)
                and node.func.attr == "is_complex" and not node.args):
            # t.is_complex() -> _arr.is_complex(t)
            return ast.Call(ast.Attribute(ast.Name("_arr", ast.Load()), "is_complex",
                                          ast.Load()), [node.func.value], [])
        if isinstance(node.func, ast.Name):
            n = node.func.id  # a call is an op even where an attribute has its name (scale)
            if self.arrays and (n in _FORMULA_WORDS or n in self.ops):
                node.func = ast.Attribute(ast.Name("_arr", ast.Load()), n, ast.Load())
            elif n in _FORMULA_WORDS:
                node.func = ast.Name(_FORMULA_WORDS[n], ast.Load())
            elif n in self.ops:
                node.func = ast.Name(n + "_ad_func", ast.Load())
            elif n in self.metas:
                node.func = ast.Attribute(ast.Name("_meta", ast.Load()), n, ast.Load())
        return node

    def visit_Attribute(self, node):
        self.generic_visit(node)
        if self.arrays:
            if node.attr == "dtype":
                return ast.Call(ast.Attribute(ast.Name("_arr", ast.Load()), "dtype_of",
                                              ast.Load()), [node.value], [])
            return node
        if node.attr == "shape":
            return ast.Attribute(ast.Attribute(node.value, "_data", ast.Load()), "shape",
                                 ast.Load())
        return node

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load) and not (
                node.id in self.locals or node.id in self.ops or node.id in self.metas
                or node.id in _BUILTINS or node.id in _FORMULA_WORDS):
            raise ValueError(f"backward_op '{self.bwd}': '{node.id}' in a formula is neither a "
                             f"saved tensor, an out grad, an attribute, an op, a shape function "
                             f"of phi/infermeta/backward.py nor a formula word")
        return node


def _assigned_names(tree):
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)
            and isinstance(n.ctx, ast.Store)}


def formula_code(bwd, src, ops, metas, local_names, arrays=False):
    tree = ast.parse(src, mode="eval")
    return ast.unparse(_Rewrite(bwd.name, ops, metas, local_names, arrays).visit(tree))


def array_formula_ops(b, array_ops, metas=frozenset()):
    """The ops b's formulas call, when all of them have an array form (emit_arrays.py) and the
    node can run them on arrays: an `invoke` formula (expressions or a block), Tensor outputs
    (no Tensor[] one), no Tensor[] input, no tensor attribute but _ARRAY_ATTRS; shape functions
    may be called; else None (the node runs its formulas over Tensors in both orders)."""
    f = b.forward
    if (b.kernel or any(o.type != "Tensor" for o in f.outputs)
            or any(a.type == "Tensor[]" for a in f.inputs)):
        return None
    trees = ([ast.parse(b.formulas, mode="exec")] if b.is_block else
             [ast.parse(str(b.formulas[g]), mode="eval") for g in b.grads])
    called, assigned = set(), set()
    for tree in trees:
        assigned |= _assigned_names(tree)
        for n in ast.walk(tree):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
                called.add(n.func.id)
            if isinstance(n, ast.Attribute) and n.attr not in _ARRAY_ATTRS:
                return None
    ops = called - set(_FORMULA_WORDS) - _BUILTINS - assigned - set(metas)
    return ops if all(op in array_ops for op in ops) else None


# what formulas may read of a tensor when they run on arrays too (`.dtype` and `.is_complex()`
# are rewritten; `.append` is a Python list's)
_ARRAY_ATTRS = {"shape", "dtype", "ndim", "is_complex", "append"}


def block_code(bwd, src, ops, metas, local_names, indent, arrays=False):
    tree = ast.parse(src, mode="exec")
    missing = set(bwd.grads) - _assigned_names(tree)
    if missing:
        raise ValueError(f"backward_op '{bwd.name}': the formula block does not assign "
                         f"{sorted(missing)}")
    tree = _Rewrite(bwd.name, ops, metas, local_names | _assigned_names(tree),
                    arrays).visit(tree)
    return "".join(indent + line + "\n" for line in ast.unparse(tree).splitlines())


def _formula_lines(b, ops, metas, local_names, need, indent, arrays=False):
    """Statements that compute b's grads from the locals; a grad whose input needs none stays
    None. need[i] is the code telling whether grad i is needed. arrays: over ndarrays."""
    lines = []
    if b.is_block:
        lines.append(f"{indent}{', '.join(b.grads)} = {', '.join('None' for _ in b.grads)}")
        lines.append(f"{indent}if {' or '.join(need)}:")
        lines.append(block_code(b, b.formulas, ops, metas, local_names, indent + "    ",
                                arrays).rstrip())
        if len(b.grads) > 1:  # the block computed them all: keep only the needed ones
            for g, n in zip(b.grads, need):
                if n != "True":
                    lines.append(f"{indent}    if not ({n}):\n{indent}        {g} = None")
        return lines
    for g, n in zip(b.grads, need):
        code = formula_code(b, b.formulas[g], ops, metas, local_names, arrays)
        if n == "True":
            lines.append(f"{indent}{g} = {code}")
        else:
            lines.append(f"{indent}{g} = None\n{indent}if {n}:\n{indent}    {g} = {code}")
    return lines


def _single_next(f):
    """True when the node's `_next` is the next node itself (an op with one Tensor input),
    not a tuple of them (eager/grad_node_info.py)."""
    return len(f.inputs) == 1 and f.inputs[0].type == "Tensor"


def _has_edge(f, slot):
    """Code telling whether input `slot` (a single Tensor) of op `f` has an edge: its next node
    sits at a fixed place in the node's `_next` while no Tensor[] input comes before it."""
    if _single_next(f):
        return "self._next is not None"
    if any(a.type == "Tensor[]" for a in f.inputs[:slot]):
        raise ValueError(f"op '{f.name}': a Tensor input after a Tensor[] input has no fixed "
                         f"place in the node's edges")
    return f"self._next[{slot}] is not None"


def _need_codes(b):
    """Per grad: the code that tells whether the node must compute it."""
    f = b.forward
    slot_of = {a.name: i for i, a in enumerate(f.inputs)}
    return [_has_edge(f, slot_of[g[:-5]]) if f.arg(g[:-5]).type == "Tensor" else "True"
            for g in b.grads]


NODE_CLASS = '''

class {cls}(GradNodeBase):
    """Backward of `{fwd}` ({bwd}):
{doc}
    """

    __slots__ = ({slots})
    forward_op = "{fwd}"{raw}{fields}

    def __call__(self, grads, create_graph=False):
{body}{clear}'''


def _doc(b):
    if b.is_block:
        return "\n".join("        " + line for line in b.formulas.strip().splitlines())
    return "\n".join(f"        {g} = {b.formulas[g]}" for g in b.grads)


def _fill_lines(f, b):
    """The out grads the formulas use, zeros where none arrived (ops with several outputs)."""
    lines = []
    for i, o in enumerate(f.outputs):
        g = o.name + "_grad"
        if g not in b.out_grads:
            continue
        if o.type == "Tensor[]":
            lines.append(f"        {g} = fill_zero_list(grads[{i}], self.bwd_in_meta[{i}])")
        elif g in b.optional_grads:
            lines.append(f"        {g} = grads[{i}][0]  # None when none arrived (optional_grads)")
        elif len(f.outputs) > 1:
            lines.append(f"        {g} = fill_zero(grads[{i}][0], self.bwd_in_meta[{i}][0])")
        else:
            lines.append(f"        {g} = grads[0][0]")
    if len(f.outputs) > 1 or f.outputs[0].type == "Tensor[]":
        lines.insert(0, "        # Fill Zero For GradIn Tensors")
    return lines


def _returns(b, names=None):
    """The node's result: one grad per input position (a Tensor[] input's grads inline)."""
    f = b.forward
    grad_of = names or {g[:-5]: g for g in b.grads}
    if all(a.type == "Tensor" for a in f.inputs):
        return "[" + ", ".join(grad_of.get(a.name) or "None" for a in f.inputs) + "]"
    parts = []
    for slot, a in enumerate(f.inputs):
        g = grad_of.get(a.name)
        if a.type == "Tensor":
            parts.append(f"[{g or 'None'}]")
        else:
            parts.append(g if g else f"[None] * self._slot_sizes[{slot}]")
    return " + ".join(parts)


def _kernel_node_body(b):
    """A grad op's node: its kernel on raw arrays, or its ad_func when recording."""
    f = b.forward
    grad_of = {g[:-5]: g for g in b.grads}
    need = [_has_edge(f, slot) if a.name in grad_of else "False"
            for slot, a in enumerate(f.inputs)]
    outs = [grad_of.get(a.name, "_") for a in f.inputs]
    lhs = ", ".join(outs) + ","
    _check_list_saved(b)
    arrays = list(b.saved) + list(b.out_grads) + [f"self.{a}" for a in b.attrs_used]
    tensors = ([f'recover_saved(self, "{n}")' for n in b.saved] + list(b.out_grads)
               + [f"self.{a}" for a in b.attrs_used])
    sep = ",\n" + " " * 12
    rets = _returns(b)
    need_line = f"        need = ({', '.join(need)},)"
    recording = [
        "        # Recording a graph: the grad op's ad_func (its composite formulas)",
        f"        {lhs} = {b.name}_ad_func(",
        f"            need, {sep.join(tensors)})",
        f"        return {rets}",
    ]
    if _has_run_raw(b):  # the raw path lives in run_raw, which the engine calls directly
        one = _single_next(f)
        L = _fill_lines(f, b) + [
            "        if not create_graph:  # the grad op's kernel; grads are raw ndarrays here",
            f"            return {'[self.run_raw(out_grad)]' if one else 'self.run_raw(out_grad)'}",
            need_line] + recording
        key = b.out_grads[0]
        R = [RUN_RAW_HEAD.format(what="the grad of the one input itself" if one else
                                 "one grad per input position"),
             need_line] + _read_saved_lines(b, "        ") + [
             f"        # Kernel Selection: the kernel cached for {key}'s dtype, called here when it",
             "        # needs no PrepareData; anything else through ④",
             f"        kernel = _{b.name}_kernels.get({key}.dtype)",
             f"        fn = (_api.{b.name} if kernel is None or kernel.input_np_dtype is not None",
             "              else kernel.fn)",
             f"        {lhs} = fn(",
             f"            need, {sep.join(arrays)})"] + ([
             "        if release:  # backward no longer needs the saved tensors: release them"]
             + _release_lines(b, "            ") if b.saved else []) + [
             f"        return {outs[0] if one else rets}"]
        if _has_run_step(b):  # the same kernel lines, then the grads passed on
            R += _run_step_lines(b, R[1:-1], "the grad kernel",
                                 [grad_of.get(a.name) for a in f.inputs])
        return "\n".join(L) + "\n" + "\n".join(R) + "\n"
    L = _fill_lines(f, b) + [
        need_line,
        "        if not create_graph:  # the grad op's kernel; grads are raw ndarrays here"
        ] + _read_saved_lines(b, "            ") + [
        f"            {lhs} = _api.{b.name}(",
        f"                need, {(sep + '    ').join(arrays)})",
        f"            return {rets}"] + recording
    return "\n".join(L) + "\n"


def _is_list_input(f, n):
    return any(a.name == n and a.type == "Tensor[]" for a in f.inputs)


_RESERVED = {"self", "grads", "create_graph", "release", "need", "kernel", "fn", "node"}


def _check_list_saved(b):
    for n in b.saved:
        if _is_list_input(b.forward, n):
            raise ValueError(f"backward_op '{b.name}': a grad kernel cannot take the Tensor[] "
                             f"'{n}' (its node keeps TensorWrappers): write a composite")
        if n in _RESERVED:
            raise ValueError(f"backward_op '{b.name}': a saved tensor may not be named '{n}'")


def _read_saved_lines(b, ind):
    """The saved arrays as locals, TensorWrapper::recover's checks inline (eager/tensor_wrapper.py:
    the node-field layout): anything but an unchanged array (released, written in place since,
    packed by saved-tensor hooks) goes through saved_data, which raises or unpacks."""
    if not b.saved:
        return []
    L = [f"{ind}# Recovered saved tensors (TensorWrappers, as the node's fields)"]
    for n in b.saved:
        L.append(f"{ind}{n} = self.{n}_saved")
        if n in b.no_need_buffer:  # values unused: no version to check
            L.append(f"{ind}if type({n}) is not ndarray:")
        else:
            L.append(f"{ind}if type({n}) is not ndarray or self.{n}_version.value != self.{n}_snap:")
        L.append(f'{ind}    {n} = saved_data(self, "{n}")')
    return L


def _release_lines(b, ind, guard=False):
    """Release the saved fields (TensorWrapper::clear): the arrays go, each version counter
    counts one saver less."""
    L = []
    for n in b.saved:
        if _is_list_input(b.forward, n):
            L.append(f"{ind}for w in self.{n}_wrapper:")
            L.append(f"{ind}    w.clear()")
        elif n in b.no_need_buffer:
            L.append(f"{ind}self.{n}_saved = None")
        else:
            if guard:  # clear_tensor_wrappers may run twice
                L.append(f"{ind}if self.{n}_version is not None:")
                L.append(f"{ind}    self.{n}_version.saved -= 1")
            else:
                L.append(f"{ind}self.{n}_version.saved -= 1")
            L.append(f"{ind}self.{n}_saved = self.{n}_version = None")
    L.append(f"{ind}self._wrappers_cleared = True")
    return L


RUN_RAW_HEAD = '''
    def run_raw(self, out_grad, release=False):
        """The engine's fast path (no graph recorded): the grad kernel on the one output's
        ndarray grad, no [slot][rank] holder. Returns {what}.
        release: backward no longer needs the saved tensors (retain_graph=False): they are
        released once the kernel has run."""'''


def _has_run_raw(b):
    """A grad-kernel node of an op with one Tensor output gets `run_raw` (eager/backward.py)."""
    f = b.forward
    return bool(b.kernel) and len(f.outputs) == 1 and f.outputs[0].type == "Tensor"


def _has_run_step(b):
    """A node with `run_raw` whose inputs are single Tensors (each edge at a fixed place in
    `_next`) also gets `run_step`: the engine's fast path for one node, grads passed on."""
    f = b.forward
    return (len(f.outputs) == 1 and f.outputs[0].type == "Tensor"
            and all(a.type == "Tensor" for a in f.inputs))


RUN_STEP_HEAD = '''
    def run_step(self, {g}, release, buffers, indeg, ready):
        """The engine's fast path for one node (eager/backward.py `_run_raw`): run_raw's
        work ({what}) on the one output's ndarray grad, then each input's grad passed
        on to its next node. release: as run_raw's."""'''

# run_step's parameters (its temporaries left, slot, rank, shape, dt, old are assigned only
# after the body's last read)
_STEP_NAMES = {"release", "buffers", "indeg", "ready"}


def _run_step_lines(b, body, what, grad_names):
    """run_step: `body` (run_raw's lines between its head and its return, with each edge's next
    node read once into n<i>), then per input position the engine's hand-over: the grad
    projected onto the input's edge meta m<i> (broadcast reduction, complex -> real), summed
    into the next node's holder, the next node's in-degree released; at 0 it is ready (leaf
    accumulation nodes to the front, as the engine's queue does). `grad_names`: per input
    position the local holding its grad, None where the op gives that input none."""
    f = b.forward
    n = len(f.inputs)
    taken = (set(b.saved) | set(b.attrs_used) | {g for g in grad_names if g}) & (
        _STEP_NAMES | {f"n{i}" for i in range(n)} | {f"m{i}" for i in range(n)})
    if taken:
        raise ValueError(f"backward_op '{b.name}': names {sorted(taken)} are run_step's own")
    nexts = ", ".join(f"n{i}" for i in range(n))
    metas = ", ".join(f"m{i}" for i in range(n))
    one = _single_next(f)
    L = [RUN_STEP_HEAD.format(g=b.out_grads[0], what=what), f"        {nexts} = self._next"]
    for line in body:
        if one:
            line = line.replace("self._next is not None", "n0 is not None")
        else:
            for i in range(n):
                line = line.replace(f"self._next[{i}] is not None", f"n{i} is not None")
        L.append(line)
    L += ["        # Pass the grads on: each fitted to its input's edge meta and summed into the",
          "        # next node's holder; a next node whose in-degree reaches 0 is ready",
          f"        {metas} = self._meta"]
    for i, g in enumerate(grad_names):
        L += [f"        left = indeg.get(n{i})  # None: no edge, or a node this backward skips",
              "        if left is not None:"]
        if g:
            L += [f"            if {g} is not None:",
                  f"                slot, rank, shape, dt = m{i}",
                  f"                if {g}.dtype is not dt or {g}.shape != shape:",
                  f"                    {g} = project_array({g}, shape, dt)",
                  f"                if n{i}.bwd_in_meta:  # a node of several outputs",
                  f"                    hold_raw(buffers, n{i}, slot, rank, {g})",
                  "                else:",
                  f"                    old = buffers.get(n{i})",
                  f"                    buffers[n{i}] = {g} if old is None else old + {g}"]
        L += [f"            indeg[n{i}] = left = left - 1",
              "            if left == 0:",
              f"                if type(n{i}) is GradNodeAccumulation:",
              f"                    ready.appendleft(n{i})",
              "                else:",
              f"                    ready.append(n{i})"]
    return L


def _invoke_node_body(b, ops, metas, arrays=False):
    f = b.forward
    list_inputs = {a.name for a in f.inputs if a.type == "Tensor[]"}
    several = len(f.outputs) > 1
    L = []
    if arrays and several:  # first order: run_arrays, the same formulas over arrays
        L.append("        if not create_graph:  # the formulas over arrays; grads are raw "
                 "ndarrays here")
        L.append("            return self.run_arrays(grads)")
    L += _fill_lines(f, b)
    if arrays and not several:  # first order: run_raw, the same formulas over arrays
        one = _single_next(f)
        L.append("        if not create_graph:  # the formulas over arrays; grads are raw "
                 "ndarrays here")
        g = b.out_grads[0]
        L.append(f"            return {f'[self.run_raw({g})]' if one else f'self.run_raw({g})'}")
    L += ["        # Recovered TensorWrappers and attributes"] if b.saved or b.attrs_used else []
    L += [f"        {n} = [w.recover(self) for w in self.{n}_wrapper]"
          if n in list_inputs else f'        {n} = recover_saved(self, "{n}")'
          for n in b.saved]
    L += [f"        {a} = self.{a}" for a in b.attrs_used]
    local_names = set(b.saved) | {o.name + "_grad" for o in f.outputs} | set(b.attrs_used)
    L.append("        # The gradient formulas, written with ops")
    L += _formula_lines(b, ops, metas, local_names, _need_codes(b), "        ")
    L.append(f"        return {_returns(b)}")
    if arrays:
        L += (_array_run_arrays(b, ops, metas, local_names) if several
              else _array_run_raw(b, ops, metas, local_names))
    return "\n".join(L) + "\n"


ARRAY_RUN_RAW_HEAD = '''
    def run_raw(self, {out_grad}, release=False):
        """The engine's fast path (no graph recorded): the formulas over the one output's
        ndarray grad, each op the kernel cached for its input's dtype (grad_arrays.py). Returns
        {what}. release: backward no longer needs the saved tensors
        (retain_graph=False): they are released once the formulas have run."""'''


def _array_run_raw(b, ops, metas, local_names):
    f = b.forward
    one = _single_next(f)
    L = [ARRAY_RUN_RAW_HEAD.format(what="the grad of the one input itself" if one else
                                   "one grad per input position", out_grad=b.out_grads[0])]
    L += _read_saved_lines(b, "        ")
    L += [f"        {a} = self.{a}" for a in b.attrs_used]
    L.append("        # The gradient formulas over arrays")
    L += _formula_lines(b, ops, metas, local_names, _need_codes(b), "        ", arrays=True)
    if b.saved:
        L.append("        if release:  # backward no longer needs the saved tensors: release them")
        L += _release_lines(b, "            ")
    grads = {g[:-5]: g for g in b.grads}
    L.append(f"        return {grads[f.inputs[0].name] if one else _returns(b)}")
    if _has_run_step(b):  # the same formula lines, then the grads passed on
        L += _run_step_lines(b, L[1:-1], "the formulas over arrays",
                             [grads.get(a.name) for a in f.inputs])
    return L


RUN_ARRAYS_HEAD = '''
    def run_arrays(self, grads):
        """First order (no graph recorded) for a node of several outputs: the formulas over
        its [slot][rank] ndarray grads, each op the kernel cached for its input's dtype
        (grad_arrays.py). Returns one grad per input position; the engine releases the saved
        tensors after the call."""'''


def _array_run_arrays(b, ops, metas, local_names):
    f = b.forward
    L = [RUN_ARRAYS_HEAD, "        # Fill Zero For GradIn Tensors (as arrays)"]
    for i, o in enumerate(f.outputs):
        g = o.name + "_grad"
        if g not in b.out_grads:
            continue
        if g in b.optional_grads:
            L.append(f"        {g} = grads[{i}][0]  # None when none arrived (optional_grads)")
        else:
            L.append(f"        {g} = fill_zero_array(grads[{i}][0], self.bwd_in_meta[{i}][0])")
    L += _read_saved_lines(b, "        ")
    L += [f"        {a} = self.{a}" for a in b.attrs_used]
    L.append("        # The gradient formulas over arrays")
    L += _formula_lines(b, ops, metas, local_names, _need_codes(b), "        ", arrays=True)
    L.append(f"        return {_returns(b)}")
    return L


def emit_node(b, ops, metas, array_ops=frozenset()):
    """b's grad node class; array_ops: the ops with an array form (its formulas may run on
    arrays in first order when every op they call has one)."""
    f = b.forward
    arrays = array_formula_ops(b, array_ops, metas) is not None
    list_inputs = {a.name for a in f.inputs if a.type == "Tensor[]"}
    slots = []
    fields = []  # (name, "in"/"out", slot, no_need_buffer) per saved Tensor kept as fields
    for n in b.saved:
        if n in list_inputs:
            slots.append(f"{n}_wrapper")
            continue
        nnb = n in b.no_need_buffer
        slots += [f"{n}_saved"] if nnb else [f"{n}_saved", f"{n}_version", f"{n}_snap"]
        ins = [a.name for a in f.inputs]
        where, slot = ("in", ins.index(n)) if n in ins else (
            "out", [o.name for o in f.outputs].index(n))
        fields.append(f'("{n}", "{where}", {slot}, {nnb})')
    slots += list(b.attrs_used)
    body = _kernel_node_body(b) if b.kernel else _invoke_node_body(b, ops, metas, arrays)
    clear = ""
    if b.saved:  # nodes that save nothing can run again after backward (as in Paddle)
        clear = "\n    def clear_tensor_wrappers(self):\n" + "\n".join(
            _release_lines(b, "        ", guard=True)) + "\n"
    fields_line = ""
    if fields:
        fields_line = ("\n    # saved tensors kept as fields (eager/tensor_wrapper.py): name, in/out, slot,"
                       "\n    # no_need_buffer\n    saved_fields = (" + ", ".join(fields)
                       + ("," if len(fields) == 1 else "") + ")")
    cache = (f'\n\n_{b.name}_kernels = KernelFactory.cache("{b.kernel}")  # ④\'s cache, shared\n'
             if b.kernel and _has_run_raw(b) else "")
    return cache + NODE_CLASS.format(
        cls=node_class_name(f.name), fwd=f.name, bwd=b.name, doc=_doc(b),
        slots=", ".join(f'"{s}"' for s in slots) + ("," if len(slots) == 1 else ""),
        body=body, clear=clear, fields=fields_line,
        raw="\n    raw_grads = True  # the grad kernel works on ndarray grads" if b.kernel else
        "\n    raw_grads = True  # first order runs the formulas on ndarray grads" if arrays else
        "")


GRAD_AD_FUNC = '''

def {name}_ad_func(need, {params}):
    """③ The grad op `{name}` ({fwd}'s backward): `need[i]` says whether input i of `{fwd}`
    wants its grad. Grads come at the forward output's shape; the engine reduces them."""
{seam}    # Composite: while a graph is recorded (create_graph), the formulas, written with ops
    if grad_state.enabled and ({recording}):
{composite}        return {grads},
    # Forward API Call: the grad kernel, on arrays
    {lhs} = _api.{name}(need, {arrays})
    return {wrapped},
'''


def emit_grad_ad_func(b, ops, metas):
    tensors = list(b.saved) + list(b.out_grads)
    # need[i] is indexed by forward input slot; grads are the differentiable inputs, in order
    slot_of = {a.name + "_grad": i for i, a in enumerate(b.forward.inputs)}
    need = [f"need[{slot_of[g]}]" for g in b.grads]
    composite = "\n".join(_formula_lines(b, ops, metas, set(tensors) | set(b.attrs_used),
                                         need, "        ")) + "\n"
    # one grad per forward input, as the kernel returns them (None for an input with none)
    per_input = [a.name + "_grad" if a.name + "_grad" in b.grads else None
                 for a in b.forward.inputs]
    lhs = ", ".join(g or "_" for g in per_input) + ","
    return GRAD_AD_FUNC.format(
        seam=seam_check("ad_func", b.name, b.name + "_ad_func",
                        ["need"] + tensors + list(b.attrs_used)),
        name=b.name, fwd=b.forward.name, params=", ".join(tensors + list(b.attrs_used)),
        recording=" or ".join(f"not {t}._stop_gradient" for t in tensors),
        composite=composite, grads=", ".join(g or "None" for g in per_input), lhs=lhs,
        arrays=", ".join([f"{t}._data" for t in tensors] + list(b.attrs_used)),
        wrapped=", ".join(f"wrap_grad({g})" if g else "None" for g in per_input))


GRAD_API_FUNC = '''

_{name}_kernels = KernelFactory.cache("{kernel}")


def {name}(need, {params}):
    """④ Kernel API of the grad op `{name}`, on arrays (a grad node calls it directly when no
    graph is recorded). Grads come at the forward output's shape, one per input of `{fwd}`,
    None where need[i] is False; the engine reduces and casts each to its input's meta."""
{seam}    # Kernel Selection: KernelKey(CPU, ANY, dtype of {key})
    kernel = _{name}_kernels.get({key}.dtype) or select_kernel("{kernel}", NP_TO_DTYPE[{key}.dtype])
    # PrepareData
    if kernel.input_np_dtype is not None:
        {arrays_lhs} = prepare_data(kernel, {arrays})
    # Kernel Call (through the debug seam while a debugging tool is on)
    if seam_flag.on:
        return seam_around("kernel", kernel, kernel.fn, (need, {all_args}))
    return kernel.fn(need, {all_args})
'''


def emit_grad_api(bwd_specs):
    out = []
    for b in bwd_specs:
        if not b.kernel:
            continue
        arrays = list(b.saved) + list(b.out_grads)
        out.append(GRAD_API_FUNC.format(
            seam=seam_check("kernel_api", b.name, b.name,
                            ["need"] + arrays + list(b.attrs_used)),
            name=b.name, kernel=b.kernel, fwd=b.forward.name,
            params=", ".join(arrays + list(b.attrs_used)), key=b.out_grads[0],
            arrays_lhs=", ".join(arrays) + ("," if len(arrays) == 1 else ""),
            arrays=", ".join(arrays), all_args=", ".join(arrays + list(b.attrs_used))))
    return "".join(out)


def node_section_factory(bwd_by_fwd):
    """The `# Node Creation` section for dygraph_functions.py."""
    def section(spec):
        b = bwd_by_fwd.get(spec.name)
        if b is None:
            return ""
        ins = spec.inputs
        local_meta = inline_forward(spec)  # <x>_dt, <x>_shape read by the forward section
        conds, records, sizes, nexts, metas = [], [], [], [], []
        for a in ins:  # (does it need grad?, its edge record) per input slot
            n = a.name
            if a.type == "Tensor[]":
                conds.append(f"not all(t._stop_gradient for t in {n})")
                records.append(f"edge_records({n})")
                sizes.append(f"len({n})")
                nexts.append(f"{n}_next")
                metas.append(f"{n}_meta")
            elif a.optional or (a.has_default and a.default is None):
                conds.append(f"({n} is not None and not {n}._stop_gradient)")
                records.append(f"NO_EDGE if {n} is None else edge_record({n})")
                sizes.append("1")
                nexts.append(f"({n}_next,)")
                metas.append(f"({n}_meta,)")
            else:
                conds.append(f"not {n}._stop_gradient")
                records.append(None)  # edge_record's common case inline (_edge_lines)
                sizes.append("1")
                nexts.append(f"({n}_next,)")
                metas.append(f"({n}_meta,)")
        L = ["    # Node Creation",
             f"    if grad_state.enabled and ({' or '.join(conds)}):",
             f"        node = new_node({node_class_name(spec.name)})  # GradNodeBase.__init__'s "
             "fields here:",
             "        node._slot_sizes = node.bwd_in_meta = node._gradient_hooks = None",
             "        node._post_hooks = node._save_site = None",
             "        node._wrappers_cleared = False",
             "        # its GradSlotMetas and Edges: next nodes in _next, edge metas in _meta"]
        for a, r in zip(ins, records):
            L += (_edge_lines(a.name, local_meta) if r is None
                  else [f"        {a.name}_next, {a.name}_meta = {r}"])
        if _single_next(spec):
            L.append(f"        node._next, node._meta = {ins[0].name}_next, {ins[0].name}_meta")
        else:
            if all(a.type == "Tensor" for a in ins):
                L.append(f"        node._next = ({', '.join(a.name + '_next' for a in ins)})")
            else:
                L.append(f"        node._next = {' + '.join(nexts)}")
            if all(a.type == "Tensor" for a in ins):
                L.append(f"        node._meta = ({', '.join(a.name + '_meta' for a in ins)})")
            else:
                L.append(f"        node._meta = {' + '.join(metas)}")
        if any(a.type == "Tensor[]" for a in ins):
            L.append(f"        node._slot_sizes = ({', '.join(sizes)},)")
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
            L.append("            node._save_site = save_site()")
        else:  # a node that saves no values keeps its line only for the graph explorer
            L.append("        if inplace_flags.record_all_sites:")
            L.append("            node._save_site = save_site()")
        in_names = {a.name for a in ins}
        hooked = []  # (name, output slot or None) of the fields saved-tensor hooks pack
        for n in b.saved:
            if n in in_names:
                nnb = ", True" if n in b.no_need_buffer else ""
                if spec.arg(n).type == "Tensor[]":
                    L.append(f"        node.{n}_wrapper = [TensorWrapper(t{nnb}) for t in {n}]")
                else:
                    L += _save_field_lines(n, n in b.no_need_buffer)
                    if n not in b.no_need_buffer:
                        hooked.append((n, None))
        if len(spec.outputs) == 1 and spec.outputs[0].type == "Tensor":
            L += _inline_set_history(spec.outputs[0].name,
                                     ins[0].name + "_dt" if local_meta else None)
        else:
            for slot, o in enumerate(spec.outputs):
                if o.type == "Tensor[]":
                    L.append(f"        for rank, t in enumerate({o.name}):")
                    L.append(f"            set_history(t, node, {slot}, rank)")
                else:
                    L.append(f"        set_history({o.name}, node, {slot}, 0)")
        for slot, o in enumerate(spec.outputs):
            if o.name in b.saved:
                if o.type != "Tensor":
                    raise ValueError(f"backward_op '{b.name}': a saved output must be a Tensor")
                L += _save_field_lines(o.name, o.name in b.no_need_buffer)
                if o.name not in b.no_need_buffer:
                    hooked.append((o.name, slot))
        if hooked:
            L.append("        if any_hooks.on and saved_hooks.stack:  # saved-tensor hooks: each "
                     "packed now, in a TensorWrapper")
            L += [f'            pack_saved(node, "{n}", {n})' if slot is None else
                  f'            pack_saved(node, "{n}", {n}, {slot})' for n, slot in hooked]
        return "\n".join(L) + "\n"
    return section


def _edge_lines(n, local_meta=False):
    """edge_record(n) (eager/slot_meta.py), its common case inline: a tensor with a grad node
    (an op's output, or a leaf used before), not a view, of a float or complex dtype.
    local_meta: n's dtype and shape are the forward section's locals <n>_dt, <n>_shape."""
    dt, shape = (f"{n}_dt", f"{n}_shape") if local_meta else (f"{n}._data.dtype",
                                                             f"{n}._data.shape")
    return [f"        {n}_next = {n}._grad_node",
            f"        if ({n}_next is None or {n}._stop_gradient or {n}._base is not None",
            f"                or {dt}.kind in \"biu\"):",
            f"            {n}_next, {n}_meta = edge_record({n})",
            "        else:",
            f"            {n}_meta = ({n}._out_slot, {n}._out_rank, {shape}, {dt})"]


def _save_field_lines(n, no_need_buffer):
    """TensorWrapper's constructor inline, into the node's fields (eager/tensor_wrapper.py):
    the array, the tensor's version counter (made on first save) and its value now."""
    if no_need_buffer:
        return [f"        node.{n}_saved = meta_only({n}._data)  # no_need_buffer: shape and "
                "dtype only"]
    return [f"        # TensorWrapper of {n}: its array, version counter and version now",
            f"        {n}_v = {n}._version",
            f"        if {n}_v is None:",
            f"            {n}_v = {n}._version = VersionCounter()",
            f"        {n}_v.saved += 1",
            f"        node.{n}_saved = {n}._data",
            f"        node.{n}_version = {n}_v",
            f"        node.{n}_snap = {n}_v.value"]


def _inline_set_history(o, dt=None):
    """set_history(o, node, 0, 0)'s body: it runs once per op, and the call cost more.
    dt: the local holding o's dtype, when the forward section knows it."""
    return [f"        # SetHistory: {o} is node's (0, 0) output (an integer or bool one is not "
            "differentiable)",
            f"        if {dt or o + '._data.dtype'}.kind not in \"biu\":",
            f"            {o}._grad_node = node",
            f"            {o}._out_slot = {o}._out_rank = 0",
            f"            {o}._stop_gradient = False"]


def saved_inputs_factory(bwd_by_fwd):
    """Inputs whose values the op's grad node keeps (saved, not no_need_buffer)."""
    def saved(spec):
        b = bwd_by_fwd.get(spec.name)
        if b is None:
            return ()
        ins = {a.name for a in spec.inputs}
        return tuple(n for n in b.saved if n in ins and n not in b.no_need_buffer)
    return saved
