"""paddle.autograd.backward(tensors, grad_tensors=None, retain_graph=False)."""
from ..tensor import Tensor
from ..eager.backward import run_backward
from ..eager.seams import seam_flag, seam_wants, seam_call
from .general_grad import tensor_list


def backward(tensors, grad_tensors=None, retain_graph=False):
    """Backward from several roots at once; grads of shared parts are summed before they run.
    Arguments are checked in Paddle's order, with its AssertionErrors."""
    if seam_flag.on and seam_wants("backward", backward):  # Debug Seam (eager/seams.py)
        return seam_call("backward", "backward", backward, (tensors, grad_tensors, retain_graph))
    # a root given twice counts twice (Paddle refuses duplicates: see the README's differences)
    tensors = tensor_list(tensors, "tensors", "paddle.autograd.backward", "paddle.Tensor")
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
