"""paddle.autograd.backward(tensors, grad_tensors=None, retain_graph=False)."""
from ..tensor import Tensor
from ..eager.backward import run_backward


def _check_tensors(v, name):
    """Paddle's check_tensors: AssertionError for None, an empty list or a non-Tensor."""
    if v is None:
        raise AssertionError(f"paddle.autograd.backward: {name} should not be None")
    if isinstance(v, (list, tuple)):
        if len(v) == 0:
            raise AssertionError(f"paddle.autograd.backward: {name} cannot be empty")
        for i, t in enumerate(v):
            if not isinstance(t, Tensor):
                raise AssertionError(f"paddle.autograd.backward: Elements of {name} must be "
                                     f"paddle.Tensor, but {name}[{i}] is {type(t).__name__}")
        return list(v)
    if not isinstance(v, Tensor):
        raise AssertionError(f"paddle.autograd.backward: {name} must be Tensor or list of "
                             f"Tensor, but got {type(v).__name__}")
    return [v]


def backward(tensors, grad_tensors=None, retain_graph=False):
    """Backward from several roots at once; grads of shared parts are summed before they run.
    Arguments are checked in Paddle's order, with its AssertionErrors."""
    tensors = _check_tensors(tensors, "tensors")  # a root given twice counts twice (Paddle
    # refuses duplicates with an AssertionError; see the README's differences)
    if grad_tensors is not None:
        if not isinstance(grad_tensors, (list, tuple)):
            grad_tensors = [grad_tensors]
        for g in grad_tensors:
            if g is not None and not isinstance(g, Tensor):
                raise AssertionError(
                    "The argument 'grad_tensors' of paddle.autograd.backward is invalid, it can "
                    "be 'None', 'paddle.Tensor' or 'list[None/paddle.Tensor]'.")
        grad_tensors = list(grad_tensors) or None
        if grad_tensors is not None and len(grad_tensors) != len(tensors):
            raise ValueError(f"paddle.autograd.backward: {len(tensors)} tensors but "
                             f"{len(grad_tensors)} grad_tensors; they must have the same length")
    if not isinstance(retain_graph, bool):
        raise AssertionError(f"paddle.autograd.backward: retain_graph must be True or False, "
                             f"but got {type(retain_graph).__name__}")
    run_backward(tensors, grad_tensors, retain_graph)
