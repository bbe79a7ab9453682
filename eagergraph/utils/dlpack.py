"""paddle.utils.dlpack: to_dlpack / from_dlpack through NumPy's DLPack (the CPU is the only
device). Memory is shared both ways, as in Paddle: a tensor made from a capsule or from another
library's array sees that array's writes, and a capsule of a tensor views the tensor's data."""
import ctypes
import enum

import numpy as np

from ..tensor import Tensor

__all__ = ["to_dlpack", "from_dlpack"]


class DLDeviceType(enum.IntEnum):
    """The DLPack device types (Paddle's paddle.utils.dlpack.DLDeviceType)."""
    kDLCPU = 1
    kDLCUDA = 2
    kDLCUDAHost = 3
    kDLOpenCL = 4
    kDLVulkan = 7
    kDLMetal = 8
    kDLVPI = 9
    kDLROCM = 10
    kDLROCMHost = 11
    kDLExtDev = 12
    kDLCUDAManaged = 13
    kDLOneAPI = 14
    kDLWebGPU = 15
    kDLHexagon = 16


_get_name = ctypes.pythonapi.PyCapsule_GetName
_get_name.restype = ctypes.c_char_p
_get_name.argtypes = [ctypes.py_object]
_CAPSULE = type(np.arange(1).__dlpack__())
_INVALID = ("(InvalidArgument) from_dlpack received an invalid capsule. Note that DLTensor "
            "capsules can be consumed only once, so you might have already constructed a "
            "tensor from it once.")


class _Capsule:
    """A bare DLPack capsule dressed as a producer, for np.from_dlpack."""

    def __init__(self, capsule):
        self._capsule = capsule

    def __dlpack__(self, stream=None, max_version=None, dl_device=None, copy=None):
        return self._capsule

    def __dlpack_device__(self):
        return (DLDeviceType.kDLCPU, 0)


class _Writable:
    """A writable view of a read-only array NumPy imported from a legacy capsule (which has no
    read-only flag, so its producer allows writes); keeps the import, and with it the capsule's
    owner, alive."""

    def __init__(self, arr):
        iface = dict(arr.__array_interface__)
        iface["data"] = (iface["data"][0], False)
        self.__array_interface__ = iface
        self._keep = arr


def _export(arr, **kwargs):
    if not arr.flags.writeable and kwargs.get("max_version") is None:
        arr = arr.copy()  # a legacy capsule cannot say read-only: export a copy
    return arr.__dlpack__(**{k: v for k, v in kwargs.items() if v is not None})


def to_dlpack(x):
    """A DLPack capsule ('dltensor', as Paddle's) viewing x's data; consumable once."""
    if not isinstance(x, Tensor):
        raise TypeError(f"The type of 'x' in to_dlpack must be paddle.Tensor, but received "
                        f"{type(x)}.")
    return _export(x._data)


def from_dlpack(dlpack, *, device=None, copy=None):
    """A Tensor sharing the memory of a DLPack capsule or of an object with __dlpack__ (a NumPy
    array, a torch CPU tensor, ...); stop_gradient is True. `copy=True` copies."""
    if device is not None and str(device).lower() not in ("cpu", "place(cpu)"):
        raise ValueError(f"from_dlpack(): device {device!r} cannot be used: eagergraph runs on "
                         f"the CPU only.")
    if isinstance(dlpack, _CAPSULE):
        name = _get_name(dlpack)
        if name not in (b"dltensor", b"dltensor_versioned"):
            raise ValueError(_INVALID)
        arr = np.from_dlpack(_Capsule(dlpack))
    elif hasattr(dlpack, "__dlpack__"):
        if isinstance(dlpack, Tensor):
            arr = dlpack._data
        else:
            arr = np.from_dlpack(dlpack)
    else:  # Paddle reads anything else as a capsule, and refuses it so
        raise ValueError(_INVALID)
    if copy:
        arr = np.array(arr, copy=True)
    elif not arr.flags.writeable:
        arr = np.asarray(_Writable(arr))
    return Tensor._wrap(arr)


def tensor_dlpack(self, *, stream=None, max_version=None, dl_device=None, copy=None):
    """Tensor.__dlpack__: a capsule viewing the data (versioned when max_version asks)."""
    return _export(self._data, stream=stream, max_version=max_version, dl_device=dl_device,
                   copy=copy)


def tensor_dlpack_device(self):
    """Tensor.__dlpack_device__: (kDLCPU, None), as Paddle 3.3.1 answers on the CPU."""
    return (DLDeviceType.kDLCPU, None)


# installed on Tensor by tensor_tables
TENSOR_METHODS = {"__dlpack__": tensor_dlpack, "__dlpack_device__": tensor_dlpack_device}
