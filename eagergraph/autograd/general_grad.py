"""paddle.grad: gradients of outputs w.r.t. inputs, without touching any .grad."""
from ..tensor import Tensor
from ..eager.backward import run_backward


def _check_in_out(v, what):
    """Paddle's check_in_out: AssertionError for None, an empty list or a non-Tensor."""
    if v is None:
        raise AssertionError(f"paddle.grad: {what} should not be None")
    if isinstance(v, (list, tuple)):
        if len(v) == 0:
            raise AssertionError(f"paddle.grad: {what} cannot be empty")
        for i, t in enumerate(v):
            if not isinstance(t, Tensor):
                raise AssertionError(f"paddle.grad: Elements of {what} must be Tensor, but "
                                     f"{what}[{i}] is {type(t).__name__}")
        return list(v)
    if not isinstance(v, Tensor):
        raise AssertionError(f"paddle.grad: {what} must be Tensor or list of Tensor, but got "
                             f"{type(v).__name__}")
    return [v]


def _flag(value, name, none_ok=False):
    if not isinstance(value, bool):
        t = type(value)
        tname = t.__name__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__name__}"
        raise AssertionError(f"paddle.grad: {name} must be {'None, ' if none_ok else ''}True or "
                             f"False, but got {tname}")


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=False, no_grad_vars=None):
    """Return d(outputs)/d(inputs) as a list (one entry per input; None for unused inputs when
    allow_unused=True). retain_graph defaults to create_graph. Arguments are checked in Paddle's
    order, with its AssertionErrors."""
    outs = _check_in_out(outputs, "outputs")
    ins = _check_in_out(inputs, "inputs")
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
    return run_backward(outs, gos, retain_graph, create_graph, inputs=ins,
                        allow_unused=allow_unused, no_grad_vars=no_grad_vars)
