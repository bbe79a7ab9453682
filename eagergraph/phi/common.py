"""DataType, Backend, DataLayout and Place: the enums every layer speaks (Paddle paddle/phi/common)."""
import numpy as np
import ml_dtypes

__all__ = ["DataType", "Backend", "DataLayout", "Place", "CPUPlace", "KernelKey"]


class DataType:
    """A Paddle dtype: `paddle.float32` and friends. One instance per dtype, compared by identity.

    `name` is Paddle's short name ('float32'), `np_dtype` the NumPy dtype that stores it,
    `is_floating_point`/`is_complex`/`is_integer` the categories type promotion uses.
    """

    __slots__ = ("name", "np_dtype", "category", "itemsize", "_rank")

    def __init__(self, name, np_dtype, category, rank):
        self.name = name
        self.np_dtype = np.dtype(np_dtype)
        self.category = category  # 'bool' | 'int' | 'float' | 'complex'
        self.itemsize = self.np_dtype.itemsize
        self._rank = rank

    @property
    def is_floating_point(self):
        return self.category == "float"

    @property
    def is_complex(self):
        return self.category == "complex"

    @property
    def is_integer(self):
        return self.category == "int"

    def __repr__(self):
        return "paddle." + self.name

    __str__ = __repr__

    # Paddle compares dtypes by identity: paddle.float32 == 'float32' is False there too.
    def __eq__(self, other):
        return self is other

    def __ne__(self, other):
        return self is not other

    def __hash__(self):
        return hash(self.name)

    def __reduce__(self):
        return (convert_dtype, (self.name,))


bool_ = DataType("bool", np.bool_, "bool", 0)
uint8 = DataType("uint8", np.uint8, "int", 1)
int8 = DataType("int8", np.int8, "int", 2)
int16 = DataType("int16", np.int16, "int", 3)
int32 = DataType("int32", np.int32, "int", 4)
int64 = DataType("int64", np.int64, "int", 5)
float16 = DataType("float16", np.float16, "float", 6)
bfloat16 = DataType("bfloat16", ml_dtypes.bfloat16, "float", 6)
float32 = DataType("float32", np.float32, "float", 7)
float64 = DataType("float64", np.float64, "float", 8)
complex64 = DataType("complex64", np.complex64, "complex", 9)
complex128 = DataType("complex128", np.complex128, "complex", 10)

ALL_DTYPES = (bool_, uint8, int8, int16, int32, int64, float16, bfloat16, float32, float64,
              complex64, complex128)
FLOAT_DTYPES = (float16, bfloat16, float32, float64)
COMPLEX_DTYPES = (complex64, complex128)
INT_DTYPES = (uint8, int8, int16, int32, int64)

# np.dtype -> DataType: the hot path of Tensor.dtype
NP_TO_DTYPE = {d.np_dtype: d for d in ALL_DTYPES}
# Paddle's names, plus 'uint16': Paddle keeps bfloat16 as uint16 bits and accepts that name (and
# np.uint16) for it. Other spellings follow np.dtype, as Paddle's do ('float' is float64).
_BY_NAME = {d.name: d for d in ALL_DTYPES}
_BY_NAME["uint16"] = bfloat16
_BY_TYPE = {bool: bool_, int: int64, float: float64, complex: complex128, np.uint16: bfloat16}


def convert_dtype(dtype):
    """Any dtype spelling Paddle accepts -> DataType: a DataType, a name ('float32', 'bfloat16',
    and NumPy's spellings: 'float' -> float64, 'int' -> int64), a Python or NumPy type (float ->
    float64), an np.dtype. TypeError for what is not a dtype, ValueError for a NumPy dtype that
    Paddle has no counterpart for (uint32, float128, ...)."""
    if type(dtype) is DataType:
        return dtype
    if type(dtype) is str:
        d = _BY_NAME.get(dtype)
        if d is not None:
            return d
    elif type(dtype) is type and dtype in _BY_TYPE:
        return _BY_TYPE[dtype]
    if dtype is None:
        raise TypeError("dtype must be a paddle dtype, a str or a NumPy dtype, but received None.")
    try:
        npd = np.dtype(dtype)
    except TypeError:
        raise TypeError(
            f"Unsupported dtype {dtype!r}: data type not understood. Supported dtypes: "
            + ", ".join(x.name for x in ALL_DTYPES) + ".") from None
    if npd == np.uint16:
        return bfloat16
    d = NP_TO_DTYPE.get(npd)
    if d is None:
        raise ValueError(f"Not supported numpy dtype {npd}: eagergraph has no {npd} tensors. "
                         f"Supported dtypes: "
                         + ", ".join(x.name for x in ALL_DTYPES) + ".")
    return d


class Backend:
    CPU = "CPU"
    ALL_BACKEND = "ALL_BACKEND"


class DataLayout:
    ANY = "ANY"
    NCHW = "NCHW"


class Place:
    """Where a tensor lives. eagergraph has one: the CPU."""

    __slots__ = ()
    backend = Backend.CPU

    def __repr__(self):
        return "Place(cpu)"

    def __eq__(self, other):
        return isinstance(other, Place)

    def __hash__(self):
        return hash("cpu")

    def is_cpu_place(self):
        return True

    def is_gpu_place(self):
        return False


class CPUPlace(Place):
    __slots__ = ()


CPU_PLACE = CPUPlace()


class KernelKey:
    """(backend, layout, dtype): what selects a kernel in the registry (Paddle phi::KernelKey)."""

    __slots__ = ("backend", "layout", "dtype")

    def __init__(self, backend, layout, dtype):
        self.backend = backend
        self.layout = layout
        self.dtype = dtype

    def __repr__(self):
        return f"KernelKey(backend={self.backend}, layout={self.layout}, dtype={self.dtype.name})"


def type_name(value):
    """The name of value's type as Paddle's argument errors print it: `int`, `numpy.ndarray`."""
    t = type(value)
    return t.__name__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__qualname__}"
