"""Emit `_generated/grad_arrays.py`: the ops a first-order gradient formula calls, over ndarrays.

A formula (backward.yaml `invoke`) is written once, with ops. Recording a graph (create_graph)
runs it over Tensors through the ad_funcs; without one, its grad node runs the same formula
over arrays (`run_raw`), each op as the kernel cached for its first input's dtype: no Tensor,
no grad node, no KernelKey or InferMeta per sub-op. An op with no cached kernel yet, or whose
kernel needs PrepareData (float16 through float32), goes through its kernel API (④) once, on
Tensors, which selects and caches the kernel.

An op gets an array form when its kernel takes what the op takes: plain Tensor inputs (no
Tensor[] or optional one) and one Tensor output."""

HEADER = '''"""First-order gradient formulas over arrays (codegen/emit_arrays.py): each op a formula calls,
as the kernel cached for its first input's dtype; through its kernel API (④) when none is cached
or the kernel needs PrepareData. Results are ndarrays (0-d ones may be NumPy scalars)."""
import numpy as np

from ..tensor import Tensor
from ..phi.common import NP_TO_DTYPE
from ..phi.kernel_registry import KernelFactory
from . import api as _api

_wrap = Tensor._wrap


def conj(a):
    """`conj` in formulas: a real array is its own conjugate."""
    return np.conj(a) if a.dtype.kind == "c" else a


def constant(a):
    """`constant` in formulas: an index array, already an array here."""
    return a


def is_complex(a):
    """`t.is_complex()` in formulas."""
    return a.dtype.kind == "c"


def dtype_of(a):
    """`t.dtype` in formulas: the array's dtype as Paddle's DataType (what Tensor.dtype gives)."""
    return NP_TO_DTYPE[a.dtype]
'''

OP = '''

_{name}_kernels = KernelFactory.cache("{kernel}")


def {name}({params}):
    kernel = _{name}_kernels.get({key}.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.{name}({wrapped})._data
    return kernel.fn({k_args})
'''

def has_array_form(spec):
    """The op's kernel takes its inputs as they are: plain Tensor inputs, one Tensor output."""
    return (bool(spec.kernel) and not spec.view and len(spec.outputs) == 1
            and spec.outputs[0].type == "Tensor" and spec.inputs
            and spec.data_type == spec.inputs[0].name
            and all(a.type == "Tensor" and not a.optional
                    and not (a.has_default and a.default is None) for a in spec.inputs))


def emit_grad_arrays(specs, used):
    """The module's text: the array form of each op in `used` that has one."""
    out = [HEADER]
    for s in specs:
        if s.name not in used or not has_array_form(s):
            continue
        ins = {a.name for a in s.inputs}
        out.append(OP.format(
            name=s.name, kernel=s.kernel, key=s.data_type,
            params=", ".join(a.name for a in s.args),
            wrapped=", ".join(f"_wrap(np.asarray({a.name}))" if a.name in ins else a.name
                              for a in s.args),
            k_args=", ".join(s.kernel_params)))
    return "".join(out)
