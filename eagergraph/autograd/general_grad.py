"""paddle.grad: gradients of outputs w.r.t. inputs, without touching any .grad."""
from ..tensor import Tensor
from ..eager.backward import run_backward


def _as_list(v, what):
    if isinstance(v, Tensor):
        return [v], True
    if isinstance(v, (list, tuple)):
        for i, t in enumerate(v):
            if not isinstance(t, Tensor):
                raise TypeError(f"paddle.grad: {what}[{i}] must be a Tensor, got "
                                f"{type(t).__name__}")
        return list(v), False
    raise TypeError(f"paddle.grad: {what} must be a Tensor or a list of Tensors, got "
                    f"{type(v).__name__}")


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=False, no_grad_vars=None):
    """Return d(outputs)/d(inputs) as a list (one entry per input; None for unused inputs when
    allow_unused=True). retain_graph defaults to create_graph."""
    if outputs is None:  # Paddle's checks, in its order and types
        raise AssertionError("outputs should not be None")
    if inputs is None:
        raise AssertionError("inputs should not be None")
    outs, _ = _as_list(outputs, "outputs")
    ins, _ = _as_list(inputs, "inputs")
    if grad_outputs is not None:
        gos, _ = (([grad_outputs], True) if isinstance(grad_outputs, Tensor)
                  else (list(grad_outputs), False))
        if len(gos) != len(outs):
            raise ValueError(f"paddle.grad: {len(outs)} outputs but {len(gos)} grad_outputs")
    else:
        gos = None
    if retain_graph is None:
        retain_graph = create_graph
    if not only_inputs:
        raise ValueError("paddle.grad: only_inputs=False is not supported (as in Paddle)")
    if no_grad_vars is not None:
        no_grad_vars, _ = _as_list(no_grad_vars, "no_grad_vars")
    return run_backward(outs, gos, retain_graph, create_graph, inputs=ins,
                        allow_unused=allow_unused, no_grad_vars=no_grad_vars)
