"""Tensor methods and properties that Paddle adds in Python rather than as ops (Paddle
python/paddle/base/dygraph/tensor_patch_methods.py and math_op_patch.py, 3.x additions):
dtype casts (x.float(), x.long(), ...), to, type_as, new_zeros/new_ones/new_full/new_empty,
requires_grad, data, contiguous/strides/data_ptr, repeat, copy_, set_, resize_,
apply/apply_, fill_diagonal_, fill_diagonal_tensor(_).

Differences from Paddle 3.3.1: `copy_` is differentiable (the gradient reaches the source and
not the overwritten values; Paddle's copy_ is not recorded, so the overwritten tensor's history
silently gets the gradient), and `fill_diagonal_tensor` gives the filled-in tensor `y` its
gradient (Paddle computes only x's).
"""
import numpy as np

from .tensor import Tensor
from .phi.common import convert_dtype, Place
from .phi.var_type import VarType
from .device.places import Device
from ._generated import dygraph_functions as _ad
from .eager.inplace import check_inplace, inplace_input, commit_inplace
from .ops.inplace import masked_fill_, _scatter_into

_wrap = Tensor._wrap

# x.float(), x.long(), ...: the dtype each cast method gives (Paddle math_op_patch)
_CAST_METHODS = {
    "float": "float32", "double": "float64", "half": "float16", "bfloat16": "bfloat16",
    "int": "int32", "long": "int64", "short": "int16", "char": "int8", "byte": "uint8",
    "bool": "bool", "cfloat": "complex64", "cdouble": "complex128",
    "float16": "float16", "float32": "float32", "float64": "float64", "int8": "int8",
    "int16": "int16", "int32": "int32", "int64": "int64", "uint8": "uint8",
    "complex64": "complex64", "complex128": "complex128",
}


def _cast_method(dtype_name):
    dtype = convert_dtype(dtype_name)

    def method(self):
        return self if self.dtype == dtype else self.astype(dtype)
    method.__name__ = dtype_name
    method.__doc__ = f"x cast to {dtype.name} (x itself when it already is)."
    return method


def _is_device(v):
    return isinstance(v, Place) or (isinstance(v, str) and (
        v in ("cpu", "gpu", "xpu", "cuda") or v.split(":")[0] in ("cpu", "gpu", "xpu", "cuda")))


def _check_device(device):
    if device is None or isinstance(device, Place):
        return
    kind = device.split(":")[0]
    if kind != "cpu":
        raise ValueError(f"The device should not be '{device}', since eagergraph runs on the "
                         f"CPU only (PaddlePaddle not compiled with CUDA behaves the same)")


def to(self, *args, **kwargs):
    """x.to(dtype), x.to(device), x.to(device, dtype), x.to(other_tensor) (its dtype), with
    keywords device=, dtype=, blocking=. The same dtype on the CPU gives x itself."""
    device, dtype = kwargs.pop("device", None), kwargs.pop("dtype", None)
    kwargs.pop("blocking", None)
    kwargs.pop("non_blocking", None)
    kwargs.pop("copy", None)
    if kwargs:
        raise TypeError(f"to() got an unexpected keyword argument '{next(iter(kwargs))}'")
    for a in args:
        if isinstance(a, Tensor):
            dtype = a.dtype
        elif _is_device(a):
            device = a
        elif isinstance(a, bool):
            continue  # blocking
        elif isinstance(a, (int, float)):
            raise ValueError("device value error, must be str, paddle.CPUPlace(), "
                             "paddle.CUDAPlace(), paddle.CUDAPinnedPlace(), paddle.XPUPlace() or "
                             f"paddle.CustomPlace(), but the type of device is {type(a).__name__}")
        else:
            dtype = a
    _check_device(device)
    if dtype is None:
        return self
    dtype = convert_dtype(dtype)
    return self if self.dtype == dtype else self.astype(dtype)


def type_as(self, other):
    """x cast to other's dtype."""
    return self.astype(other.dtype)


def _size(size):
    """x.new_zeros([2, 3]) (x.new_zeros(2, 3): param_alias_table's variadic form)."""
    if isinstance(size, Tensor):
        size = size.tolist()
    return [int(s) for s in (size if isinstance(size, (list, tuple)) else [size])]


def _new(self, size, fill, dtype, requires_grad):
    dt = self.dtype if dtype is None else convert_dtype(dtype)
    if isinstance(fill, Tensor):
        fill = fill.item()
    out = _wrap(np.full(_size(size), fill, dt.np_dtype))
    out.stop_gradient = not requires_grad
    return out


def new_zeros(self, size, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """A tensor of zeros of the given size, with x's dtype unless dtype is given."""
    return _new(self, size, 0, dtype, requires_grad)


def new_ones(self, size, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """A tensor of ones of the given size, with x's dtype unless dtype is given."""
    return _new(self, size, 1, dtype, requires_grad)


def new_full(self, size, fill_value, *, dtype=None, device=None, requires_grad=False,
             pin_memory=False):
    """A tensor of the given size filled with fill_value, x's dtype unless dtype is given."""
    return _new(self, size, fill_value, dtype, requires_grad)


def new_empty(self, size, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """A tensor of the given size (zero-filled here), x's dtype unless dtype is given."""
    return _new(self, size, 0, dtype, requires_grad)


def _get_requires_grad(self):
    return not self.stop_gradient


def _set_requires_grad(self, value):
    self.stop_gradient = not value


def requires_grad_(self, requires_grad=True):
    """Set stop_gradient = not requires_grad; returns x."""
    self.stop_gradient = not requires_grad
    return self


def _get_data(self):
    """x's values as a new tensor sharing x's storage, cut from the graph."""
    return self.detach()


def _set_data(self, value):
    """x.data = v: x takes v's values, shape and dtype; its graph and stop_gradient stay."""
    arr = value._data if isinstance(value, Tensor) else np.asarray(value)
    self._data = np.array(arr)
    self._bump_inplace_version()


def contiguous(self):
    """x itself when its storage is row-major contiguous, else a contiguous copy."""
    if self._data.flags.c_contiguous:
        return self
    return _ad.assign_ad_func(self) if not self.stop_gradient else _wrap(
        np.ascontiguousarray(self._data))


def is_contiguous(self):
    return bool(self._data.flags.c_contiguous)


def _strides(self):
    """Strides in elements (Paddle's), not bytes (NumPy's)."""
    item = self._data.itemsize
    return [s // item for s in self._data.strides]


def get_strides(self):
    return _strides(self)


def stride(self, dim=None):
    """The strides in elements, or the stride of one dim."""
    s = _strides(self)
    return s if dim is None else s[dim]


def _offset(self):
    """The byte offset of x's first element in its base's storage (0 for a base)."""
    base = self._data.base
    while isinstance(base, np.ndarray) and base.base is not None and isinstance(
            base.base, np.ndarray):
        base = base.base
    if not isinstance(base, np.ndarray):
        return 0
    return (self._data.__array_interface__["data"][0]
            - base.__array_interface__["data"][0])


def data_ptr(self):
    """The address of x's first element."""
    return self._data.__array_interface__["data"][0]


def cuda(self, device_id=None, blocking=True):
    raise ValueError("No available device found: eagergraph runs on the CPU only.")


def pin_memory(self, blocking=True):
    raise RuntimeError("(PermissionDenied) Cannot use CUDAPinnedPlace in CPU only version.")


def repeat(input, repeats):
    """x tiled repeats times per axis (x.repeat([2, 1]); x.repeat(2, 1): param_alias_table)."""
    if isinstance(repeats, int):
        repeats = [repeats]
    return input.tile(list(repeats) if not isinstance(repeats, Tensor) else repeats)


def copy_(self, src, blocking=True):
    """x := src (broadcast to x's shape, cast to x's dtype) in place; the gradient flows to src."""
    if not isinstance(src, Tensor):
        src = _wrap(np.asarray(src, self._data.dtype))
    check_inplace(self, "copy_")
    if src._data.dtype != self._data.dtype:
        src = _ad.cast_ad_func(src, self.dtype)
    if src._data.shape != self._data.shape:
        src = _ad.expand_ad_func(src, self._data.shape)
    # where(all-true, src, x): x's history stays connected with a zero gradient
    everywhere = _wrap(np.ones(self._data.shape, bool))
    out = _ad.where_ad_func(everywhere, src, inplace_input(self, False))
    return commit_inplace(self, out, "copy_")


def set_(self, source=None, shape=None, stride=None, offset=0, name=None):
    """x takes source's storage (shared) and shape (or the given shape); set_() empties x."""
    if source is None:
        self._data = np.zeros((0,), self._data.dtype)
    else:
        arr = source._data
        if shape is not None:
            arr = arr.reshape(-1)[offset:offset + int(np.prod(shape))].reshape(shape)
        self._data = arr
    self._bump_inplace_version()
    return self


def resize_(self, shape, fill_zero=False, name=None):
    """x reshaped to `shape` in place, keeping its leading elements; new elements are zero
    (Paddle leaves them unspecified unless fill_zero)."""
    n = int(np.prod(shape))
    flat = self._data.reshape(-1)
    out = np.zeros(n, self._data.dtype)
    k = min(n, flat.size)
    out[:k] = flat[:k]
    self._data = out.reshape(shape)
    self._bump_inplace_version()
    return self


def _no_grad_apply_check(self):
    if not self.stop_gradient:
        raise RuntimeError("Cannot apply function on a tensor that required gradient.")


def apply(self, func):
    """func(x) for a tensor that does not require grad."""
    _no_grad_apply_check(self)
    return func(self)


def apply_(self, func):
    """x := func(x) in place, for a tensor that does not require grad."""
    _no_grad_apply_check(self)
    out = func(self)
    self._data[...] = out._data if isinstance(out, Tensor) else np.asarray(out)
    self._bump_inplace_version()
    return self


def _diagonal_positions(shape, offset, wrap):
    """Flat positions of fill_diagonal_: (i, i + offset) in 2-D (wrapping down a tall matrix when
    wrap), (i, i, ..., i) for n-D."""
    size = int(np.prod(shape))
    if len(shape) == 2:
        rows, cols = shape
        if wrap and rows > cols:  # NumPy's fill_diagonal(wrap=True): every cols + 1 elements
            return np.arange(max(offset, 0), size, cols + 1)
        r = np.arange(rows)
        keep = (r + offset >= 0) & (r + offset < cols)
        return r[keep] * cols + r[keep] + offset
    step = int(sum(np.cumprod((1,) + tuple(shape[:0:-1]))))
    return np.arange(0, size, step)


def fill_diagonal_(self, value, offset=0, wrap=False, name=None):
    """Write value on x's diagonal in place (2-D: offset shifts it right; n-D: all indices
    equal); the filled positions get no gradient."""
    if self.ndim < 2:
        raise ValueError(f"Tensor dims should >= 2 in fill_diagonal_, but got {self.ndim}")
    mask = np.zeros(self._data.size, bool)
    mask[_diagonal_positions(self._data.shape, offset, wrap)] = True
    return masked_fill_(self, _wrap(mask.reshape(self._data.shape)), value)


def _fill_diagonal_tensor(x, y, offset, dim1, dim2, op):
    idx = np.arange(x._data.size).reshape(x._data.shape)
    pos = np.diagonal(idx, offset, dim1, dim2)
    if tuple(y.shape) != pos.shape:
        raise ValueError(f"{op}(): the y shape should be {list(pos.shape)}, got {y.shape}")
    return pos


def fill_diagonal_tensor(self, y, offset=0, dim1=0, dim2=1, name=None):
    """A copy of x with y written on the diagonal (offset, dim1, dim2); y has the shape of
    x.diagonal(offset, dim1, dim2). Gradients reach both x (off the diagonal) and y."""
    pos = _fill_diagonal_tensor(self, y, offset, dim1, dim2, "fill_diagonal_tensor")
    out = _ad.assign_ad_func(self)
    out.stop_gradient = self.stop_gradient
    return _scatter_into(out, "fill_diagonal_tensor", pos, y, False)


def fill_diagonal_tensor_(self, y, offset=0, dim1=0, dim2=1, name=None):
    """fill_diagonal_tensor in place."""
    pos = _fill_diagonal_tensor(self, y, offset, dim1, dim2, "fill_diagonal_tensor_")
    return _scatter_into(self, "fill_diagonal_tensor_", pos, y, False)


def _itemsize(self):
    return self._data.itemsize


def _is_cuda(self):
    return False


def _layout(self):
    return "NCHW"


def get_device(self):
    """-1: the tensor is on the CPU."""
    return -1


def is_dense(self):
    return True


def is_same_shape(self, y):
    return list(self.shape) == list(y.shape)


def _type(self):
    return VarType.DENSE_TENSOR  # Paddle 3.3.1's VarDesc.VarType


def _device(self):
    return Device()


def _value(self):
    """The tensor itself (Paddle 3.3.1's Tensor.value() returns the same object)."""
    return self


# installed on Tensor by tensor_tables
TENSOR_METHODS = {name: _cast_method(dt) for name, dt in _CAST_METHODS.items()}
TENSOR_METHODS.update({
    "to": to, "type_as": type_as, "new_zeros": new_zeros, "new_ones": new_ones,
    "new_full": new_full, "new_empty": new_empty, "requires_grad_": requires_grad_,
    "contiguous": contiguous, "is_contiguous": is_contiguous, "get_strides": get_strides,
    "stride": stride, "data_ptr": data_ptr, "cuda": cuda, "pin_memory": pin_memory,
    "repeat": repeat, "copy_": copy_, "set_": set_, "resize_": resize_, "apply": apply,
    "apply_": apply_, "fill_diagonal_": fill_diagonal_,
    "fill_diagonal_tensor": fill_diagonal_tensor, "fill_diagonal_tensor_": fill_diagonal_tensor_,
    "requires_grad": property(_get_requires_grad, _set_requires_grad),
    "data": property(_get_data, _set_data),
    "strides": property(_strides),
    "offset": property(_offset),
    "itemsize": property(_itemsize),
    "is_cuda": property(_is_cuda),
    "layout": property(_layout),
    "get_device": get_device,
    "is_dense": is_dense,
    "is_same_shape": is_same_shape,
    "type": property(_type),
    "device": property(_device),
    "value": _value,
})
