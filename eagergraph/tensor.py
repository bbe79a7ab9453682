"""Tensor: an ndarray plus Paddle's dygraph attributes (paddle.Tensor, C++ paddle::Tensor +
egr::AutogradMeta). Operators and math methods are attached in `tensor_methods.py`."""
import itertools
from operator import attrgetter as _attrgetter

import numpy as np

from .phi.common import NP_TO_DTYPE, CPU_PLACE, type_name
from .phi.version_counter import VersionCounter
from .tensor_repr import tensor_repr

__all__ = ["Tensor", "Size"]

_name_ids = itertools.count()
_ndarray = np.ndarray
_asarray = np.asarray


def _flag(name, value):
    """A bool flag's setter given something else: None means False, as in Paddle; any other
    type is Paddle's TypeError (CastPyArg2AttrBoolean)."""
    if value is None:
        return False
    raise TypeError(f"(InvalidType) Tensor.{name}: argument (position 1) must be bool, but got "
                    f"{type_name(value)}")


class Tensor:
    """A dygraph Tensor. `_data` is the NumPy array that holds its values.

    stop_gradient: True means no gradient flows to this tensor (Paddle's default for tensors
    the user creates; outputs of ops on tensors that need grad get False).
    _grad_node, _out_slot, _out_rank: its place in the backward graph (Paddle keeps these in
    AutogradMeta): the node that produced it (or a leaf's GradNodeAccumulation, made on first
    use) and where it sits among that node's outputs. On the Tensor because every op output
    that needs grad has one: no AutogradMeta per op output.
    _autograd_meta: the AutogradMeta (.grad, retain_grads), created lazily for the tensors that
    have a gradient to keep (eager/autograd_meta.py).
    _version: the VersionCounter (eager/version_counter.py) shared with views; None until the
    first inplace write, view or save.
    _base: the tensor whose storage this one views (reshape, slice, transpose, ...), else None;
    _view_fn: how to recompute this view from _base with ops (for rebasing gradients after an
    inplace write), _view_version: the base's version when this view's history was made.
    """

    __slots__ = ("_data", "_stop_gradient", "_grad_node", "_out_slot", "_out_rank",
                 "_autograd_meta", "_name", "_version", "_persistable",
                 "_base", "_view_fn", "_view_version",
                 "__weakref__", "__dict__")

    def __init__(self, data=None, dtype=None, place=None, stop_gradient=True, name=None):
        # Tensor(...) constructed directly behaves like to_tensor (Paddle allows paddle.Tensor(x)):
        # creation.py, above this module, declares the conversion as Tensor._from_data (its
        # TENSOR_METHODS table; tensor_tables installs it)
        self._data = np.zeros([0], np.float32) if data is None else self._from_data(data, dtype)
        self.stop_gradient = stop_gradient
        self._grad_node = None
        self._out_slot = self._out_rank = 0
        self._autograd_meta = None
        self._name = name
        self._version = None
        self._base = None
        self._persistable = False

    # ---- construction on the hot path --------------------------------------------------------
    @staticmethod
    def _wrap(arr):
        """Tensor around an ndarray the caller owns (no copy, no checks)."""
        t = _new(Tensor)
        t._data = arr
        t._stop_gradient = True
        t._grad_node = None
        t._out_slot = t._out_rank = 0
        t._autograd_meta = None
        t._name = None
        t._version = None
        t._base = None
        t._persistable = False
        return t

    # ---- flags (Paddle type-checks them: a bool, or None for False) --------------------------
    # The getter is C (attrgetter on the slot); the hot path (_wrap, wrap_like) writes the slots.
    stop_gradient = property(_attrgetter("_stop_gradient"), None, None,
                             "True: no gradient flows to this tensor.")
    persistable = property(_attrgetter("_persistable"))

    @stop_gradient.setter
    def stop_gradient(self, value):
        if value is True or value is False:
            self._stop_gradient = value
        else:
            self._stop_gradient = _flag("stop_gradient", value)

    @persistable.setter
    def persistable(self, value):
        if value is True or value is False:
            self._persistable = value
        else:
            self._persistable = _flag("persistable", value)

    # ---- metadata ----------------------------------------------------------------------------
    @property
    def shape(self):
        s = _size_new(Size)
        _list_init(s, self._data.shape)
        return s

    @property
    def ndim(self):
        return self._data.ndim

    def dim(self):
        return self._data.ndim

    ndimension = dim

    @property
    def size(self):
        """The number of elements, as an int that can also be called: `x.size()` is the shape
        and `x.size(d)` one dimension (Paddle's TensorSize)."""
        return TensorSize(self._data.shape)

    def numel(self):
        return Tensor._wrap(np.asarray(self._data.size, np.int64))

    @property
    def dtype(self):
        return NP_TO_DTYPE[self._data.dtype]

    @property
    def place(self):
        return CPU_PLACE

    @property
    def name(self):
        if self._name is None:
            self._name = f"generated_tensor_{next(_name_ids)}"
        return self._name

    @name.setter
    def name(self, value):
        self._name = value

    @property
    def inplace_version(self):
        v = self._version
        return 0 if v is None else v.value

    def _bump_inplace_version(self):
        v = self._version
        if v is None:
            v = self._version = VersionCounter()
        v.value += 1

    def is_complex(self):
        return self.dtype.is_complex

    def is_floating_point(self):
        return self.dtype.is_floating_point

    def is_integer(self):
        return self.dtype.is_integer

    def is_tensor(self):
        return True

    # ---- conversion --------------------------------------------------------------------------
    def numpy(self):
        """A NumPy copy of the values (Paddle returns a new array; writes don't reach the tensor)."""
        return self._data.copy()

    def __array__(self, dtype=None, copy=None):
        a = self._data
        return a if dtype is None else a.astype(dtype)

    def item(self, *args):
        """The Python scalar at flat index `item(i)` or coordinates `item(i, j, ...)`; with no
        arguments the tensor must hold exactly one element."""
        a = self._data
        if not args and a.size != 1:
            raise ValueError(
                f"(InvalidArgument) only one element tensors can be converted to Python scalars "
                f"when no input coordinates are given, but this tensor has {a.size} elements "
                f"(shape {list(a.shape)}). Use .tolist() or .numpy() for all of them.")
        try:
            v = a.item(*args)
        except (IndexError, OverflowError) as e:  # OverflowError: an index beyond int64
            raise ValueError(f"(InvalidArgument) item{args}: {e} (shape {list(a.shape)})") from None
        if isinstance(v, np.generic):  # ml_dtypes.bfloat16 items stay NumPy scalars
            v = float(v)
        return v

    def tolist(self):
        a = self._data
        if a.dtype.kind == "V" or NP_TO_DTYPE[a.dtype].name == "bfloat16":
            return a.astype(np.float32).tolist()
        return a.tolist()

    # Paddle raises AssertionError when a multi-element tensor is used as a Python scalar.
    def _scalar_array(self, what):
        a = self._data
        if a.size != 1:
            raise AssertionError(
                f"only one element variable can be converted to {what}, but this tensor has "
                f"{a.size} elements (shape {list(a.shape)}).")
        return a.astype(np.float32) if a.dtype.kind == "V" or a.dtype.name == "bfloat16" else a

    def __bool__(self):
        a = self._data
        if a.size != 1:
            raise AssertionError(
                f"When a Tensor is used as the condition of if/while, it can only contain one "
                f"element, but it has {a.size} (shape {list(a.shape)}). Use .any() or .all().")
        return bool(a.reshape(()) != 0)

    def __float__(self):
        return float(self._scalar_array("float"))

    def __int__(self):
        return int(self._scalar_array("int"))

    def __complex__(self):
        return complex(self._scalar_array("complex"))

    def __index__(self):
        a = self._scalar_array("python index")
        if a.dtype.kind not in "biu":
            raise TypeError(
                f"only integer (or bool) tensors can be used as an index, but this tensor is "
                f"{NP_TO_DTYPE[self._data.dtype].name}; convert it with .astype('int64') first.")
        return int(a)

    def __len__(self):
        if self._data.ndim == 0:
            raise AssertionError("len() of a 0-D tensor is wrong: it has no first dimension.")
        return self._data.shape[0]

    def __iter__(self):
        if self._data.ndim == 0:
            raise TypeError("iteration over a 0-D tensor")
        for i in range(self._data.shape[0]):
            yield self[i]

    def __hash__(self):
        return id(self)

    # NumPy defers to Tensor's reflected operators: np.float32(2) * t is a Tensor, as in Paddle.
    __array_ufunc__ = None

    def __format__(self, spec):
        if self._data.ndim == 0:
            return format(self.item(), spec)
        return object.__format__(self, spec)

    def __repr__(self):
        return tensor_repr(self)

    __str__ = __repr__

    def __deepcopy__(self, memo):
        t = Tensor._wrap(self._data.copy())
        t.stop_gradient = self.stop_gradient
        t.persistable = self.persistable
        memo[id(self)] = t
        return t

    def __reduce__(self):
        return (_rebuild, (self._data, self.stop_gradient))

    def cpu(self):
        return self

    def _is_initialized(self):
        return self._data is not None

    def element_size(self):
        return self._data.dtype.itemsize

    def set_value(self, value):
        """Overwrite the values in place, keeping shape and dtype (Paddle Tensor.set_value)."""
        arr = np.asarray(value._data if isinstance(value, Tensor) else value)
        if list(arr.shape) != list(self._data.shape):
            raise ValueError(
                f"set_value: the shape of the value {list(arr.shape)} does not match the "
                f"tensor's shape {list(self._data.shape)}.")
        # a new array, not a write into the old one: graphs that saved the old values keep them,
        # so, as in Paddle, the inplace version stays as it is
        self._data = arr.astype(self._data.dtype, copy=True)


_new = object.__new__


def _size_item(i, v):
    """One dimension for paddle.Size(...): an int (bool kept, as Paddle keeps it), anything with
    __index__, or a one-element Tensor; else Paddle's TypeError."""
    if type(v) is int or type(v) is bool:
        return v
    if isinstance(v, Tensor) and v._data.size == 1 and v._data.dtype.kind in "biuf":
        return int(v._data.reshape(()))
    try:
        return int(v.__index__())
    except Exception:
        raise TypeError(f"paddle.Size() takes an iterable of 'int' (item {i} is "
                        f"'{type(v).__name__}')") from None


class Size(list):
    """The result type of Tensor.shape and Tensor.size() (paddle.Size, Paddle 3.3.1): a `list`
    subclass of the dimensions that prints as `paddle.Size([2, 3])`, equals lists and tuples with
    the same items, and keeps its type under slicing, `+` and `*` (copy() is a plain list).
    Unhashable, like a list. Tensor.shape builds it without the per-item check below."""

    __slots__ = ()
    __hash__ = None

    def __init__(self, *args):
        if len(args) > 1:
            raise TypeError(f"list expected at most 1 argument, got {len(args)}")
        if args:
            items = args[0]
            if type(items) is not tuple or not all(type(v) is int for v in items):
                items = [_size_item(i, v) for i, v in enumerate(items)]
            _list_init(self, items)
        else:
            _list_init(self)

    def __repr__(self):
        return f"paddle.Size({list.__repr__(self)})"

    __str__ = __repr__

    def __eq__(self, other):
        if isinstance(other, tuple):
            other = list(other)
        return list.__eq__(self, other)

    def __ne__(self, other):
        if isinstance(other, tuple):
            other = list(other)
        return list.__ne__(self, other)

    def __getitem__(self, i):
        r = list.__getitem__(self, i)
        if type(i) is slice:
            s = _size_new(Size)
            _list_init(s, r)
            return s
        return r

    def __add__(self, other):
        if not isinstance(other, (list, tuple)):
            raise TypeError(f"can only concatenate list, tuple or Size (not "
                            f"'{type(other).__name__}') to Size")
        s = _size_new(Size)
        _list_init(s, itertools.chain(self, other))
        return s

    def __radd__(self, other):
        if not isinstance(other, (list, tuple)):
            return NotImplemented
        s = _size_new(Size)
        _list_init(s, itertools.chain(other, self))
        return s

    def __mul__(self, n):
        r = list.__mul__(self, n)
        if r is NotImplemented:
            return r
        s = _size_new(Size)
        _list_init(s, r)
        return s

    __rmul__ = __mul__

    def numel(self):
        """The number of elements a tensor of this shape holds (1 for [])."""
        n = 1
        for d in self:
            n *= d
        return n

    def __reduce__(self):
        return (Size, (tuple(self),))


_size_new = list.__new__
_list_init = list.__init__


class TensorSize(int):
    """Tensor.size: the element count, callable like torch's size() (Paddle's TensorSize)."""

    def __new__(cls, shape):
        n = 1
        for d in shape:
            n *= d
        obj = int.__new__(cls, n)
        obj._shape = shape
        return obj

    def __call__(self, dim=None):
        if dim is None:
            s = _size_new(Size)
            _list_init(s, self._shape)
            return s
        return self._shape[dim]


def _rebuild(arr, stop_gradient):
    t = Tensor._wrap(arr)
    t.stop_gradient = stop_gradient
    return t


def wrap_like(arr, np_dtype):
    """The kernel API's output step: `arr` as a Tensor of exactly `np_dtype` (0-d scalars that
    NumPy returns as np.generic become 0-d arrays). Repeats Tensor._wrap's body on purpose: it
    runs once per op, and the extra call would cost more than the lines."""
    if type(arr) is not _ndarray or arr.dtype != np_dtype:
        arr = _asarray(arr, np_dtype)
    t = _new(Tensor)
    t._data = arr
    t._stop_gradient = True
    t._grad_node = None
    t._out_slot = t._out_rank = 0
    t._autograd_meta = None
    t._name = None
    t._version = None
    t._base = None
    t._persistable = False
    return t
