"""paddle.autograd.backward(tensors, grad_tensors=None, retain_graph=False)."""
from ..tensor import Tensor
from ..eager.backward import run_backward


def backward(tensors, grad_tensors=None, retain_graph=False):
    """Backward from several roots at once; grads of shared parts are summed before they run."""
    if isinstance(tensors, Tensor):
        tensors = [tensors]
    if not isinstance(tensors, (list, tuple)) or not tensors:
        raise TypeError("backward(): tensors must be a Tensor or a non-empty list of Tensors")
    if grad_tensors is not None:
        if isinstance(grad_tensors, Tensor):
            grad_tensors = [grad_tensors]
        if len(grad_tensors) != len(tensors):
            raise ValueError(f"backward(): {len(tensors)} tensors but {len(grad_tensors)} "
                             f"grad_tensors; they must have the same length")
    if not isinstance(retain_graph, bool):
        raise TypeError("backward(): retain_graph must be a bool")
    run_backward(list(tensors), None if grad_tensors is None else list(grad_tensors),
                 retain_graph)
