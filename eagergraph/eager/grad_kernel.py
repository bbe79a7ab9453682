"""Fused first-order grad kernels (backward.yaml `kernel:`), called from the generated GradNodes:
selected by the incoming grad's dtype (the same registry and float16/bfloat16 fallback as forward
kernels, PrepareData casting the fallback's inputs). The node wraps the resulting arrays; the
engine then reduces broadcast dimensions and casts to each input's dtype, as for formula grads."""
from ..phi.kernel_registry import select_kernel
from ..phi.common import NP_TO_DTYPE


def select_grad_kernel(name, out_grad):
    return select_kernel(name, NP_TO_DTYPE[out_grad._data.dtype])


def prepare_grad_inputs(kernel, args):
    """PrepareData for the fallback: arrays of the key's dtype go to the kernel's dtype."""
    key = kernel.key.dtype.np_dtype
    to = kernel.input_np_dtype
    return tuple(a.astype(to) if getattr(a, "dtype", None) == key and hasattr(a, "ndim") else a
                 for a in args)
