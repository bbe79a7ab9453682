"""paddle.grad: gradients of outputs w.r.t. inputs, without touching any .grad."""
from ..tensor import Tensor
from ..phi.common import type_name
from ..eager.backward import run_backward
from ..eager.seams import seam_flag, seam_wants, seam_call


def tensor_list(v, what, where="paddle.grad", element="Tensor"):
    """Paddle's check_in_out / check_tensors: `v` (a Tensor or a list of them) as a list, and
    AssertionError for None, an empty list or a non-Tensor, naming `where`."""
    if v is None:
        raise AssertionError(f"{where}: {what} should not be None")
    if isinstance(v, (list, tuple)):
        if len(v) == 0:
            raise AssertionError(f"{where}: {what} cannot be empty")
        for i, t in enumerate(v):
            if not isinstance(t, Tensor):
                raise AssertionError(f"{where}: Elements of {what} must be {element}, but "
                                     f"{what}[{i}] is {type(t).__name__}")
        return list(v)
    if not isinstance(v, Tensor):
        raise AssertionError(f"{where}: {what} must be Tensor or list of Tensor, but got "
                             f"{type(v).__name__}")
    return [v]


def _flag(value, name, none_ok=False):
    if not isinstance(value, bool):
        raise AssertionError(f"paddle.grad: {name} must be {'None, ' if none_ok else ''}True or "
                             f"False, but got {type_name(value)}")


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=False, no_grad_vars=None):
    """Return d(outputs)/d(inputs) as a list (one entry per input; None for unused inputs when
    allow_unused=True). retain_graph defaults to create_graph. Arguments are checked in Paddle's
    order, with its AssertionErrors."""
    if seam_flag.on and seam_wants("grad", grad):  # Debug Seam (eager/seams.py)
        return seam_call("grad", "grad", grad, (outputs, inputs, grad_outputs, retain_graph,
                                                create_graph, only_inputs, allow_unused,
                                                no_grad_vars))
    outs = tensor_list(outputs, "outputs")
    ins = tensor_list(inputs, "inputs")
    if grad_outputs is not None:
        gos = list(grad_outputs) if isinstance(grad_outputs, (list, tuple)) else [grad_outputs]
        for g in gos:
            if g is not None and not isinstance(g, Tensor):
                raise AssertionError(
                    f"paddle.grad: grad_outputs must be None, a Tensor or a list containing None "
                    f"or Tensors, but got {type(g).__name__}")
        if len(gos) != len(outs):
            raise AssertionError(f"paddle.grad: The length of grad_outputs ({len(gos)}) must be "
                                 f"equal to outputs ({len(outs)})")
    else:
        gos = None
    if no_grad_vars is not None:
        if isinstance(no_grad_vars, Tensor):
            no_grad_vars = [no_grad_vars]
        elif isinstance(no_grad_vars, (list, tuple, set)):
            no_grad_vars = list(no_grad_vars)
            for v in no_grad_vars:
                if not isinstance(v, Tensor):
                    raise AssertionError(f"paddle.grad: no_grad_vars can only contains Tensor, "
                                         f"but got {type(v).__name__}")
        else:
            raise AssertionError(f"paddle.grad: no_grad_vars must be None, Tensor or "
                                 f"list/tuple/set of Tensors, but got "
                                 f"{type(no_grad_vars).__name__}")
    _flag(create_graph, "create_graph")
    if retain_graph is None:
        retain_graph = create_graph
    _flag(retain_graph, "retain_graph", none_ok=True)
    _flag(allow_unused, "allow_unused")
    _flag(only_inputs, "only_inputs")
    if not only_inputs:
        raise AssertionError("paddle.grad: only_inputs=False is not supported yet")
    res = run_backward(outs, gos, retain_graph, create_graph, inputs=ins,
                       allow_unused=allow_unused, no_grad_vars=no_grad_vars)
    # a sparse input's grad arrives as its values-grad: as a sparse tensor of its pattern
    return [g if g is None or not hasattr(t, "_grad_from_values") else t._grad_from_values(g)
            for t, g in zip(ins, res)]
