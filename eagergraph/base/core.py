"""paddle.base.core, as far as user code and Paddle's unit tests query it: what the build was
compiled with (a CPU-only build), the places, the eager Tensor class, the dtype names of
VarDesc.VarType, the FLAGS registry and the CPU random generator. Paddle's C++ internals are not reproduced."""
import types

from ..phi import common as _common
from ..phi.common import CPUPlace, Place, DataType
from ..phi.var_type import VarType as _VarKind
from ..tensor import Tensor
from ..device.places import CUDAPlace, CUDAPinnedPlace, XPUPlace, IPUPlace, CustomPlace
from ..device.queries import (is_compiled_with_cuda, is_compiled_with_rocm, is_compiled_with_xpu,
                              is_compiled_with_ipu, is_compiled_with_cinn,
                              is_compiled_with_distribute, is_compiled_with_custom_device)
from ..phi.generator import Generator, GeneratorState, default_cpu_generator
from . import flags as _flags

__all__ = ["is_compiled_with_cuda", "is_compiled_with_rocm", "is_compiled_with_xpu",
           "is_compiled_with_ipu", "is_compiled_with_cinn", "is_compiled_with_distribute",
           "is_compiled_with_custom_device", "is_compiled_with_mkldnn", "is_compiled_with_onednn",
           "is_compiled_with_nccl", "is_compiled_with_mpi", "is_float16_supported",
           "is_bfloat16_supported", "supports_bfloat16", "CPUPlace", "Place", "CUDAPlace", "CUDAPinnedPlace",
           "XPUPlace", "IPUPlace", "CustomPlace", "DataType", "VarDesc", "eager", "globals",
           "Generator", "GeneratorState", "default_cpu_generator"]

# `core.eager.Tensor` is the dygraph Tensor class
eager = types.SimpleNamespace(Tensor=Tensor)


def is_compiled_with_mkldnn():
    """False: eagergraph computes with NumPy, not oneDNN kernels."""
    return False


is_compiled_with_onednn = is_compiled_with_mkldnn


def is_compiled_with_nccl():
    return False


def is_compiled_with_mpi():
    return False


def is_float16_supported(place=None):
    """Whether float16 kernels run on `place` (Paddle answers False for the CPU)."""
    return False


def is_bfloat16_supported(place=None):
    """Whether bfloat16 kernels run on `place` (Paddle answers True for the CPU)."""
    return True


def supports_bfloat16():
    """Whether the CPU runs bfloat16 kernels: True, as eagergraph's (NumPy with ml_dtypes) do on
    any CPU (Paddle's oneDNN kernels need AVX-512 and answer by the CPU's flags)."""
    return True


class _VarType:
    """core.VarDesc.VarType.FP32 and friends: in Paddle 3 these are the paddle dtypes."""
    BOOL = _common.bool_
    UINT8 = _common.uint8
    INT8 = _common.int8
    INT16 = _common.int16
    INT32 = _common.int32
    INT64 = _common.int64
    FP16 = _common.float16
    BF16 = _common.bfloat16
    FP32 = _common.float32
    FP64 = _common.float64
    COMPLEX64 = _common.complex64
    COMPLEX128 = _common.complex128
    # the variable kinds (x.type == VarType.DENSE_TENSOR)
    DENSE_TENSOR = _VarKind.DENSE_TENSOR
    SELECTED_ROWS = _VarKind.SELECTED_ROWS
    DENSE_TENSOR_ARRAY = _VarKind.DENSE_TENSOR_ARRAY
    LOD_TENSOR = _VarKind.LOD_TENSOR
    LOD_TENSOR_ARRAY = _VarKind.LOD_TENSOR_ARRAY


VarDesc = types.SimpleNamespace(VarType=_VarType)


class _GlobalFlags:
    """core.globals(): the FLAGS registry as a mapping (reads and writes go through
    get_flags/set_flags, so the same type checks apply)."""

    def __getitem__(self, name):
        return _flags.get_flags(name)[name]

    def __setitem__(self, name, value):
        _flags.set_flags({name: value})

    def __contains__(self, name):
        return name in _flags.DEFAULTS

    def keys(self):
        return list(_flags.DEFAULTS)

    def is_public(self, name):
        return name in _flags.DEFAULTS


_GLOBALS = _GlobalFlags()


def globals():  # noqa: A001  (Paddle's name)
    return _GLOBALS
