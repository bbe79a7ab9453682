"""paddle.to_tensor and the Python-data -> ndarray rules (Paddle python/paddle/tensor/creation.py,
_to_tensor_non_static).

- Tensors are copied (and cast when dtype is given).
- NumPy arrays and NumPy scalars keep their dtype; np.uint16 holds bfloat16 bits, as in Paddle.
- Python scalars and (nested) lists go through np.array, then: floating results take the default
  dtype (complex ones complex64, or complex128 when the default is float64 or bfloat16), int32
  becomes int64, bool/int64 stay. A list that holds Tensors keeps NumPy's dtype for the stacked
  values (so [tensor(1.5), 2] is float64, as in Paddle).
- NumPy dtypes Paddle has no tensor for (uint32, uint64, str, object: ragged or mixed lists)
  raise ValueError; objects that are not data raise TypeError.
- A sparse COO/CSR tensor gives a sparse copy of the same layout and pattern (values cast to
  dtype, stop_gradient as given); Paddle 3.3.1 raises an internal OSError there
  (docs/differences.md). A list holding one, and paddle.Tensor(sparse), raise TypeError.
"""
import numpy as np

from .phi.common import (convert_dtype, NP_TO_DTYPE, bfloat16, float16, float32, int64,
                          complex64, complex128)
from .tensor import Tensor
from . import framework

__all__ = ["to_tensor"]

_SCALARS = (bool, int, float, complex, np.bool_)
# the dtype spellings to_tensor accepts (Paddle's data_feeder.convert_dtype; stricter than
# astype, which also takes 'float', 'int', float, ...)
_NAMES = ("bool", "float16", "uint16", "float32", "float64", "int8", "int16", "int32", "int64",
          "uint8", "complex64", "complex128", "bfloat16")
_TYPES = (bool, np.float16, np.uint16, np.float32, np.float64, np.int8, np.int16, np.int32,
          np.int64, np.uint8, np.complex64, np.complex128)


def _to_tensor_dtype(dtype):
    if type(dtype) is not type(float32):
        if not (dtype in _TYPES if isinstance(dtype, type)
                else isinstance(dtype, (str, np.dtype)) and str(dtype) in _NAMES):
            raise TypeError(
                f"to_tensor(): dtype must be any of [{', '.join(_NAMES)}] (a name, a paddle "
                f"dtype or a NumPy type), but received {dtype!r}")
    return convert_dtype(dtype)


def _unsupported(arr):
    raise ValueError(
        f"(InvalidArgument) to_tensor(): cannot make a Tensor from NumPy data of dtype "
        f"{arr.dtype}. Supported: bool, int8, int16, int32, int64, uint8, float16 (np.uint16 "
        f"holds bfloat16 bits), float32, float64, complex64, complex128.")


def _from_numpy(arr):
    """The ndarray a tensor stores for `arr` (not copied when it already fits)."""
    if arr.dtype in NP_TO_DTYPE:
        return arr
    if arr.dtype == np.uint16:
        return arr.view(bfloat16.np_dtype)
    _unsupported(arr)


def _python_data(data):
    """(ndarray, dtype Paddle picks or None) for a Python scalar or a (nested) list/tuple."""
    if isinstance(data, (list, tuple)):
        has_tensor = any(isinstance(d, Tensor) for d in data)
        if has_tensor:
            for d in data:
                if _sparse_layout(d) is not None:
                    raise TypeError(
                        f"to_tensor(): the list holds a sparse {_sparse_layout(d)} tensor; "
                        f"convert it with .to_dense() first (or pass it alone for a sparse "
                        f"copy)")
            data = [d._data if isinstance(d, Tensor) else d for d in data]
        try:
            arr = np.array(data)
        except ValueError as e:
            raise ValueError(
                f"to_tensor(): failed to convert the data to a regular array: the nested lists "
                f"have different lengths ({e})") from None
        if arr.dtype == object:
            raise ValueError(
                "to_tensor(): failed to convert the data to a regular array: usually the "
                "nested lists have different lengths, or hold None or other non-numbers.")
        if has_tensor:
            return arr, NP_TO_DTYPE.get(arr.dtype)
    else:
        arr = np.array(data)
    kind = arr.dtype.kind
    if kind == "f" or kind == "c":
        default = framework.default_float_dtype()
        if kind == "c":
            default = complex64 if default in (float16, float32) else complex128
        return arr, default
    if arr.dtype == np.int32:
        return arr, int64
    return arr, None


def _to_ndarray(data, dtype=None):
    """ndarray (a fresh copy) for any data to_tensor accepts."""
    want = None if dtype is None else _to_tensor_dtype(dtype)
    if isinstance(data, Tensor):
        arr = data._data
        return arr.copy() if want is None or want.np_dtype == arr.dtype else \
            arr.astype(want.np_dtype)
    if isinstance(data, (np.ndarray, np.generic)):
        arr, picked = np.asarray(data), None
    elif isinstance(data, (list, tuple)) or (isinstance(data, _SCALARS)):
        arr, picked = _python_data(data)
    else:
        raise TypeError(
            f"Can't construct a paddle.Tensor from data of type {type(data)}: data must be a "
            f"scalar, list, tuple, np.ndarray or paddle.Tensor.")
    arr = _from_numpy(arr)
    target = want or picked
    if target is None or target.np_dtype == arr.dtype:
        return arr.copy() if arr is data or arr.base is not None else arr
    if arr.dtype.kind == "c" and target.np_dtype.kind != "c":
        arr = arr.real  # Paddle keeps the real part
    return arr.astype(target.np_dtype)


def _sparse_layout(data):
    return getattr(type(data), "_sparse_layout", None)


def _sparse_copy(data, dtype, stop_gradient):
    """A new sparse tensor of data's layout and pattern holding a copy of its values."""
    t = data._with_values(Tensor._wrap(_to_ndarray(Tensor._wrap(data._data), dtype)))
    if _sparse_layout(data) == "COO":
        t._indices = t._indices.copy()
    else:
        t._crows, t._cols = t._crows.copy(), t._cols.copy()
    t.stop_gradient = bool(stop_gradient)
    return t


def to_tensor(data, dtype=None, place=None, stop_gradient=True):
    """paddle.to_tensor: a new Tensor holding a copy of `data` (see the module docstring for
    how the dtype is chosen)."""
    if place is not None:
        framework._convert_to_place(place)
    if _sparse_layout(data) is not None:
        return _sparse_copy(data, dtype, stop_gradient)
    t = Tensor._wrap(_to_ndarray(data, dtype))
    t.stop_gradient = bool(stop_gradient)
    return t


# Tensor(data, dtype) converts like to_tensor (tensor.py sits below this module, so the
# conversion is installed here rather than imported there)
def _tensor_from_data(data, dtype=None):
    if _sparse_layout(data) is not None:
        raise TypeError(
            f"paddle.Tensor(x) with a sparse {_sparse_layout(data)} tensor x is not supported "
            f"in eagergraph; use paddle.to_tensor(x) or x.clone() for a sparse copy, or "
            f"x.to_dense() for a dense one")
    return _to_ndarray(data, dtype)


# Tensor(data)'s conversion (tensor.py's constructor calls it), installed by tensor_tables
TENSOR_METHODS = {"_from_data": staticmethod(_tensor_from_data)}
