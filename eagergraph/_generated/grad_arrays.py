"""First-order gradient formulas over arrays (codegen/emit_arrays.py): each op a formula calls,
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


_add_kernels = KernelFactory.cache("add")


def add(x, y):
    kernel = _add_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.add(_wrap(np.asarray(x)), _wrap(np.asarray(y)))._data
    return kernel.fn(x, y)


_subtract_kernels = KernelFactory.cache("subtract")


def subtract(x, y):
    kernel = _subtract_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.subtract(_wrap(np.asarray(x)), _wrap(np.asarray(y)))._data
    return kernel.fn(x, y)


_multiply_kernels = KernelFactory.cache("multiply")


def multiply(x, y):
    kernel = _multiply_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.multiply(_wrap(np.asarray(x)), _wrap(np.asarray(y)))._data
    return kernel.fn(x, y)


_divide_kernels = KernelFactory.cache("divide")


def divide(x, y):
    kernel = _divide_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.divide(_wrap(np.asarray(x)), _wrap(np.asarray(y)))._data
    return kernel.fn(x, y)


_floor_divide_kernels = KernelFactory.cache("floor_divide")


def floor_divide(x, y):
    kernel = _floor_divide_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.floor_divide(_wrap(np.asarray(x)), _wrap(np.asarray(y)))._data
    return kernel.fn(x, y)


_equal_kernels = KernelFactory.cache("equal")


def equal(x, y):
    kernel = _equal_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.equal(_wrap(np.asarray(x)), _wrap(np.asarray(y)))._data
    return kernel.fn(x, y)


_less_than_kernels = KernelFactory.cache("less_than")


def less_than(x, y):
    kernel = _less_than_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.less_than(_wrap(np.asarray(x)), _wrap(np.asarray(y)))._data
    return kernel.fn(x, y)


_less_equal_kernels = KernelFactory.cache("less_equal")


def less_equal(x, y):
    kernel = _less_equal_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.less_equal(_wrap(np.asarray(x)), _wrap(np.asarray(y)))._data
    return kernel.fn(x, y)


_greater_than_kernels = KernelFactory.cache("greater_than")


def greater_than(x, y):
    kernel = _greater_than_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.greater_than(_wrap(np.asarray(x)), _wrap(np.asarray(y)))._data
    return kernel.fn(x, y)


_greater_equal_kernels = KernelFactory.cache("greater_equal")


def greater_equal(x, y):
    kernel = _greater_equal_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.greater_equal(_wrap(np.asarray(x)), _wrap(np.asarray(y)))._data
    return kernel.fn(x, y)


_logical_or_kernels = KernelFactory.cache("logical_or")


def logical_or(x, y):
    kernel = _logical_or_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.logical_or(_wrap(np.asarray(x)), _wrap(np.asarray(y)))._data
    return kernel.fn(x, y)


_logical_not_kernels = KernelFactory.cache("logical_not")


def logical_not(x):
    kernel = _logical_not_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.logical_not(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_exp_kernels = KernelFactory.cache("exp")


def exp(x):
    kernel = _exp_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.exp(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_log_kernels = KernelFactory.cache("log")


def log(x):
    kernel = _log_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.log(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_sqrt_kernels = KernelFactory.cache("sqrt")


def sqrt(x):
    kernel = _sqrt_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.sqrt(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_square_kernels = KernelFactory.cache("square")


def square(x):
    kernel = _square_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.square(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_sin_kernels = KernelFactory.cache("sin")


def sin(x):
    kernel = _sin_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.sin(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_cos_kernels = KernelFactory.cache("cos")


def cos(x):
    kernel = _cos_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.cos(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_tanh_kernels = KernelFactory.cache("tanh")


def tanh(x):
    kernel = _tanh_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.tanh(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_erf_kernels = KernelFactory.cache("erf")


def erf(x):
    kernel = _erf_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.erf(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_sinh_kernels = KernelFactory.cache("sinh")


def sinh(x):
    kernel = _sinh_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.sinh(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_cosh_kernels = KernelFactory.cache("cosh")


def cosh(x):
    kernel = _cosh_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.cosh(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_lgamma_kernels = KernelFactory.cache("lgamma")


def lgamma(x):
    kernel = _lgamma_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.lgamma(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_digamma_kernels = KernelFactory.cache("digamma")


def digamma(x):
    kernel = _digamma_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.digamma(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_polygamma_kernels = KernelFactory.cache("polygamma")


def polygamma(x, n):
    kernel = _polygamma_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.polygamma(_wrap(np.asarray(x)), n)._data
    return kernel.fn(x, n)


_i1_kernels = KernelFactory.cache("i1")


def i1(x):
    kernel = _i1_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.i1(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_isnan_kernels = KernelFactory.cache("isnan")


def isnan(x):
    kernel = _isnan_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.isnan(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_round_kernels = KernelFactory.cache("round")


def round(x, decimals):
    kernel = _round_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.round(_wrap(np.asarray(x)), decimals)._data
    return kernel.fn(x, decimals)


_scale_kernels = KernelFactory.cache("scale")


def scale(x, scale, bias, bias_after_scale):
    kernel = _scale_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.scale(_wrap(np.asarray(x)), scale, bias, bias_after_scale)._data
    return kernel.fn(x, scale, bias, bias_after_scale)


_cast_kernels = KernelFactory.cache("cast")


def cast(x, dtype):
    kernel = _cast_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.cast(_wrap(np.asarray(x)), dtype)._data
    return kernel.fn(x, dtype)


_real_kernels = KernelFactory.cache("real")


def real(x):
    kernel = _real_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.real(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_imag_kernels = KernelFactory.cache("imag")


def imag(x):
    kernel = _imag_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.imag(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_as_complex_kernels = KernelFactory.cache("as_complex")


def as_complex(x):
    kernel = _as_complex_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.as_complex(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_as_real_kernels = KernelFactory.cache("as_real")


def as_real(x):
    kernel = _as_real_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.as_real(_wrap(np.asarray(x)))._data
    return kernel.fn(x)


_sum_kernels = KernelFactory.cache("sum")


def sum(x, axis, dtype, keepdim):
    kernel = _sum_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.sum(_wrap(np.asarray(x)), axis, dtype, keepdim)._data
    return kernel.fn(x, axis, dtype, keepdim)


_matmul_kernels = KernelFactory.cache("matmul")


def matmul(x, y, transpose_x, transpose_y):
    kernel = _matmul_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.matmul(_wrap(np.asarray(x)), _wrap(np.asarray(y)), transpose_x, transpose_y)._data
    return kernel.fn(x, y, transpose_x, transpose_y)


_tril_kernels = KernelFactory.cache("tril")


def tril(x, diagonal):
    kernel = _tril_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.tril(_wrap(np.asarray(x)), diagonal)._data
    return kernel.fn(x, diagonal)


_triu_kernels = KernelFactory.cache("triu")


def triu(x, diagonal):
    kernel = _triu_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.triu(_wrap(np.asarray(x)), diagonal)._data
    return kernel.fn(x, diagonal)


_diagonal_kernels = KernelFactory.cache("diagonal")


def diagonal(x, offset, axis1, axis2):
    kernel = _diagonal_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.diagonal(_wrap(np.asarray(x)), offset, axis1, axis2)._data
    return kernel.fn(x, offset, axis1, axis2)


_cross_kernels = KernelFactory.cache("cross")


def cross(x, y, axis):
    kernel = _cross_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.cross(_wrap(np.asarray(x)), _wrap(np.asarray(y)), axis)._data
    return kernel.fn(x, y, axis)


_unfold_kernels = KernelFactory.cache("unfold")


def unfold(x, kernel_sizes, strides, paddings, dilations):
    kernel = _unfold_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.unfold(_wrap(np.asarray(x)), kernel_sizes, strides, paddings, dilations)._data
    return kernel.fn(x, kernel_sizes, strides, paddings, dilations)


_fold_kernels = KernelFactory.cache("fold")


def fold(x, output_sizes, kernel_sizes, strides, paddings, dilations):
    kernel = _fold_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.fold(_wrap(np.asarray(x)), output_sizes, kernel_sizes, strides, paddings, dilations)._data
    return kernel.fn(x, output_sizes, kernel_sizes, strides, paddings, dilations)


_flip_kernels = KernelFactory.cache("flip")


def flip(x, axis):
    kernel = _flip_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.flip(_wrap(np.asarray(x)), axis)._data
    return kernel.fn(x, axis)


_roll_kernels = KernelFactory.cache("roll")


def roll(x, shifts, axis):
    kernel = _roll_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.roll(_wrap(np.asarray(x)), shifts, axis)._data
    return kernel.fn(x, shifts, axis)


_gather_kernels = KernelFactory.cache("gather")


def gather(x, index, axis):
    kernel = _gather_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.gather(_wrap(np.asarray(x)), _wrap(np.asarray(index)), axis)._data
    return kernel.fn(x, index, axis)


_index_select_kernels = KernelFactory.cache("index_select")


def index_select(x, index, axis):
    kernel = _index_select_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.index_select(_wrap(np.asarray(x)), _wrap(np.asarray(index)), axis)._data
    return kernel.fn(x, index, axis)


_gather_nd_kernels = KernelFactory.cache("gather_nd")


def gather_nd(x, index):
    kernel = _gather_nd_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.gather_nd(_wrap(np.asarray(x)), _wrap(np.asarray(index)))._data
    return kernel.fn(x, index)


_masked_select_kernels = KernelFactory.cache("masked_select")


def masked_select(x, mask):
    kernel = _masked_select_kernels.get(x.dtype)
    if kernel is None or kernel.input_np_dtype is not None:
        return _api.masked_select(_wrap(np.asarray(x)), _wrap(np.asarray(mask)))._data
    return kernel.fn(x, mask)
