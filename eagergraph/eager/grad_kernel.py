"""Running a fused first-order grad kernel (backward.yaml `kernel:`) from a GradNode: select by
the incoming grad's dtype (same registry and float16/bfloat16 fallback as forward kernels),
cast inputs for the fallback, wrap the resulting arrays. The engine then reduces broadcast
dimensions and casts to each input's dtype, as for formula grads."""
from ..tensor import Tensor
from ..phi.kernel_registry import select_kernel
from ..phi.common import NP_TO_DTYPE


def run_grad_kernel(cache, name, out_grad, need, *args):
    kernel = cache.get(out_grad._data.dtype) or select_kernel(name, NP_TO_DTYPE[out_grad._data.dtype])
    if kernel.input_np_dtype is not None:
        key = kernel.key.dtype.np_dtype
        to = kernel.input_np_dtype
        args = [a.astype(to) if hasattr(a, "dtype") and getattr(a, "ndim", None) is not None
                and a.dtype == key else a for a in args]
    outs = kernel.fn(need, *args)
    return [None if o is None else Tensor._wrap(o) for o in outs]
