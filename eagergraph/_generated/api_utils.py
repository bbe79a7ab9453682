"""Helpers the generated kernel API (④, api.py beside this file) calls: kernel selection (through
its debug seam), PrepareData, output wrapping and the op-named error. Written by hand (`python -m
codegen` leaves it alone). Not in phi/: they make Tensors, and phi sits below Tensor."""
from ..tensor import wrap_like
from ..eager.seams import seam_flag, seam_wants, seam_call
from ..phi import kernel_registry


def select_kernel(op, dtype):
    """phi's kernel selection for `op` on `dtype` (④ calls it when its per-dtype cache has no
    kernel yet), seen by the debug seam "select_kernel"."""
    if seam_flag.on and seam_wants("select_kernel", select_kernel):  # Debug Seam (eager/seams.py)
        return seam_call("select_kernel", op, select_kernel, (op, dtype))
    return kernel_registry.select_kernel(op, dtype)


def prepare_data(kernel, *arrays):
    """Cast the inputs that have the selected key's dtype to the dtype the kernel was registered
    for (the float16/bfloat16 -> float32 fallback). Index and mask inputs keep their dtype."""
    if seam_flag.on and seam_wants("prepare_data", prepare_data):  # Debug Seam (eager/seams.py)
        return seam_call("prepare_data", kernel, prepare_data, (kernel,) + arrays)
    key_np = kernel.key.dtype.np_dtype
    to = kernel.input_np_dtype
    out = []
    for a in arrays:
        if a is None:
            out.append(None)
        elif type(a) is list:
            out.append([x.astype(to) if x.dtype == key_np else x for x in a])
        else:
            out.append(a.astype(to) if a.dtype == key_np else a)
    return out


def _check(op, arr, meta, i=0):
    if arr.shape != meta[0]:
        raise RuntimeError(
            f"internal error in op '{op}': InferMeta gave output {i} shape {list(meta[0])}, the "
            f"kernel returned {list(arr.shape)}. Please report this bug.")


def check_output(op, t, meta):
    """The generated kernel API found the output's shape differs from InferMeta's: a bug."""
    _check(op, t._data, meta)


def make_outputs(op, arrs, metas):
    if len(arrs) != len(metas):
        raise RuntimeError(f"internal error in op '{op}': InferMeta gave {len(metas)} outputs, "
                           f"the kernel returned {len(arrs)}. Please report this bug.")
    outs = []
    for i, (a, m) in enumerate(zip(arrs, metas)):
        t = wrap_like(a, m[1].np_dtype)
        if t._data.shape != m[0]:
            _check(op, t._data, m, i)
        outs.append(t)
    return outs


def raise_with_op(op, exc):
    """Re-raise an InferMeta/kernel error with the op's name in front, same exception type."""
    msg = str(exc)
    if not msg.startswith(op + "()"):
        msg = f"{op}(): {msg}"
    try:
        new = type(exc)(msg)
    except Exception:  # exotic constructor: keep the original
        raise exc
    raise new.with_traceback(None) from None
