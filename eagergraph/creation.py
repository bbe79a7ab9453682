"""paddle.to_tensor and the Python-data -> ndarray rules (Paddle python/paddle/tensor/creation.py).

Inference for Python data: bool -> bool, int -> int64, float -> default dtype (float32),
complex -> complex64 (complex128 when the default is float64); a list takes the widest category
of its elements; NumPy arrays and scalars keep their dtype; Tensors are copied."""
import numbers

import numpy as np

from .phi.common import convert_dtype, NP_TO_DTYPE, float64, complex64, complex128, int64, bool_
from .tensor import Tensor
from . import framework


def _infer_python_dtype(data):
    """DataType for Python scalars/lists of them, or None when NumPy's own dtype is right."""
    kinds = set()
    stack = [data]
    while stack:
        v = stack.pop()
        if isinstance(v, (list, tuple)):
            stack.extend(v)
        elif isinstance(v, Tensor):
            kinds.add(v._data.dtype.kind)
        elif isinstance(v, np.ndarray):
            kinds.add(v.dtype.kind)
        elif isinstance(v, (bool, np.bool_)):
            kinds.add("b")
        elif isinstance(v, numbers.Integral):
            kinds.add("i")
        elif isinstance(v, numbers.Real):
            kinds.add("f")
        elif isinstance(v, numbers.Complex):
            kinds.add("c")
        else:
            raise TypeError(
                f"to_tensor: cannot convert element of type {type(v).__name__} to a Tensor; "
                f"expected numbers, bools, lists/tuples of them, NumPy arrays or Tensors.")
    default = framework.default_float_dtype()
    if "c" in kinds:
        return complex128 if default is float64 else complex64
    if "f" in kinds:
        return default
    if "i" in kinds or "u" in kinds:
        return int64
    if "b" in kinds:
        return bool_
    return default  # empty list


def _to_ndarray(data, dtype=None):
    """ndarray (a fresh copy) for any data to_tensor accepts."""
    want = None if dtype is None else convert_dtype(dtype)
    if isinstance(data, Tensor):
        arr = data._data
        return arr.astype(want.np_dtype) if want is not None else arr.copy()
    if isinstance(data, np.ndarray) or isinstance(data, np.generic):
        arr = np.asarray(data)
        if arr.dtype not in NP_TO_DTYPE:
            if arr.dtype.kind in "US" or arr.dtype == object:
                raise TypeError(f"to_tensor: NumPy arrays of dtype {arr.dtype} are not supported.")
            arr = arr.astype(np.float64 if arr.dtype.kind == "f" else np.int64)
        return arr.astype(want.np_dtype) if want is not None else arr.copy()
    if isinstance(data, str):
        raise TypeError("to_tensor: strings are not supported; pass numbers, lists or arrays.")
    inferred = _infer_python_dtype(data)
    target = want or inferred
    if isinstance(data, (list, tuple)) and any(isinstance(v, Tensor) for v in _flat(data)):
        data = _tensors_to_arrays(data)
    try:
        arr = np.array(data)
    except ValueError as e:
        raise ValueError(f"to_tensor: {e}") from None
    if arr.dtype == object:
        raise ValueError("to_tensor: the nested lists have different lengths (ragged); every "
                         "level must have the same length.")
    if target.np_dtype.kind in "iub" and arr.dtype.kind == "f" and want is not None:
        arr = arr.astype(target.np_dtype)  # Paddle truncates floats cast to int
    return arr.astype(target.np_dtype, copy=False) if arr.dtype != target.np_dtype else arr


def _flat(seq):
    stack = list(seq)
    while stack:
        v = stack.pop()
        if isinstance(v, (list, tuple)):
            stack.extend(v)
        else:
            yield v


def _tensors_to_arrays(data):
    if isinstance(data, Tensor):
        return data._data
    if isinstance(data, (list, tuple)):
        return [_tensors_to_arrays(v) for v in data]
    return data


def to_tensor(data, dtype=None, place=None, stop_gradient=True):
    """paddle.to_tensor: a new Tensor holding a copy of `data`."""
    if place is not None:
        framework.set_device(place if not hasattr(place, "is_cpu_place") else "cpu")
    t = Tensor._wrap(_to_ndarray(data, dtype))
    if not isinstance(stop_gradient, bool):
        raise TypeError(f"to_tensor: stop_gradient must be a bool, got {type(stop_gradient).__name__}")
    t.stop_gradient = stop_gradient
    return t
