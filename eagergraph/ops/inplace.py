"""Inplace ops (Paddle's `op_` API): every op with `inplace:` in ops.yaml gets `paddle.op_` and
`Tensor.op_` from the generated code; the ones here have no out-of-place twin in the op table
(zero_, fill_, uniform_, normal_, masked_fill_, __setitem__; index_put_ is beside index_put in
ops/indexing.py). All go through eager/inplace.py: leaf check first, then write into the
storage, version bump, history."""
import numpy as np

from .._generated import dygraph_functions as _ad
from ..tensor import Tensor
from ..eager.inplace import check_inplace, inplace_input, commit_inplace
from .._generated.eager_utils import parse_tensor, parse_scalar, parse_float, parse_int
from ..phi.generator import kernel_engine
from ..phi import std_random
from ..phi.common import NP_TO_DTYPE

__all__ = ["normal_", "masked_fill_"]  # paddle.X_ as Paddle 3.3.1 has them
TENSOR_METHODS = __all__ + ["zero_", "fill_", "uniform_", "__setitem__"]  # Tensor.X_


def _const_like(x, arr):
    return Tensor._wrap(np.asarray(arr, x._data.dtype))


def _overwrite(x, op, values):
    """x := values (an ndarray of x's shape); x's gradient w.r.t. its old value becomes 0."""
    if type(x) is not Tensor and not isinstance(x, Tensor):
        parse_tensor(x, op, "x", 0)
    check_inplace(x, op)
    # a select, not 0 * x + values: NaN and inf in x must not survive the overwrite
    keep_none = Tensor._wrap(np.zeros(x._data.shape, np.bool_))
    out = _ad.where_ad_func(keep_none, inplace_input(x, False), _const_like(x, values))
    return commit_inplace(x, out, op)


def _check_float(x, op, kernel):
    """Paddle registers the random inplace kernels for float32/float64 only."""
    if x._data.dtype.kind != "f" or x._data.dtype.itemsize < 4:
        raise RuntimeError(
            f"(NotFound) {op}(): The kernel with key (CPU, {x.dtype.name}) of kernel `{kernel}` "
            f"is not registered. Paddle support following DataTypes: float64, float32.")


def zero_(x):
    """Set every element to 0 in place."""
    x = parse_tensor(x, "zero_", "x", 0)
    return _overwrite(x, "zero_", np.zeros(x._data.shape, x._data.dtype))


def fill_(x, value):
    """Set every element to `value` in place."""
    x = parse_tensor(x, "fill_", "x", 0)
    v = parse_scalar(value, "fill_", "value", 1)
    return _overwrite(x, "fill_", np.full(x._data.shape, v, x._data.dtype))


def uniform_(x, min=0, max=1.0, seed=0, name=None):
    """Fill x in place with values drawn uniformly from [min, max)."""
    x = parse_tensor(x, "uniform_", "x", 0)
    lo = parse_float(min, "uniform_", "min", 1)
    hi = parse_float(max, "uniform_", "max", 2)
    seed = parse_int(seed, "uniform_", "seed", 3)
    _check_float(x, "uniform_", "uniform_inplace")
    if not lo < hi:
        raise ValueError(f"(InvalidArgument) uniform_(): The uniform_random's min must less then "
                         f"max. But received min = {lo} great than or equal max = {hi}.")
    # Paddle's uniform_inplace kernel: std::uniform_real_distribution<T>(min, max)
    draw = np.float64 if x._data.dtype == np.float64 else np.float32
    out = std_random.uniform_real(kernel_engine(seed), x._data.size, draw(np.float32(lo)),
                                  draw(np.float32(hi)), draw)
    return _overwrite(x, "uniform_", out.reshape(x._data.shape))


def normal_(x, mean=0.0, std=1.0, name=None):
    """Fill x in place with values drawn from N(mean, std^2) (a negative std draws mean + std*z,
    as Paddle does, where NumPy's normal() would refuse it)."""
    x = parse_tensor(x, "normal_", "x", 0)
    mean = parse_float(mean, "normal_", "mean", 1)
    std = parse_float(std, "normal_", "std", 2)
    _check_float(x, "normal_", "gaussian_inplace")
    # Paddle's gaussian_inplace kernel: std::normal_distribution<T>(mean, std), float32 params
    draw = np.float64 if x._data.dtype == np.float64 else np.float32
    out = std_random.normal(kernel_engine(), x._data.size, draw(np.float32(mean)),
                            draw(np.float32(std)), draw)
    return _overwrite(x, "normal_", out.reshape(x._data.shape))


def masked_fill_(x, mask, value, name=None):
    """x[mask] = value in place (mask broadcasts to x)."""
    x = parse_tensor(x, "masked_fill_", "x", 0)
    if not isinstance(mask, Tensor) or mask._data.dtype != np.bool_:
        raise TypeError("masked_fill_(): mask must be a bool Tensor")
    check_inplace(x, "masked_fill_")
    if x._data.dtype.kind != "c" and (
            isinstance(value, complex) or (isinstance(value, Tensor) and value.is_complex())):
        raise ValueError(f"(InvalidArgument) masked_fill_(): a complex value cannot be written "
                         f"into a {NP_TO_DTYPE[x._data.dtype].name} tensor (its imaginary part "
                         f"would be lost); cast x to a complex dtype first.")
    v = value if isinstance(value, Tensor) else _const_like(x, parse_scalar(value, "masked_fill_",
                                                                             "value", 2))
    if v._data.dtype != x._data.dtype:
        v = _ad.cast_ad_func(v, NP_TO_DTYPE[x._data.dtype])
    shape = x._data.shape
    if mask._data.shape != shape:
        mask = _ad.expand_ad_func(mask, shape)
    if v._data.shape != shape:
        v = _ad.expand_ad_func(v, shape)
    out = _ad.where_ad_func(mask, v, inplace_input(x, False))
    return commit_inplace(x, out, "masked_fill_")


def _scatter_into(x, op, flat_pos, value, accumulate):
    """x with the elements at flat positions `flat_pos` (an int64 ndarray) replaced by (or, with
    accumulate, increased by) `value`, built from differentiable ops."""
    shape = x._data.shape
    if not isinstance(value, Tensor):
        value = _const_like(x, value)
    elif value._data.dtype != x._data.dtype:
        value = _ad.cast_ad_func(value, NP_TO_DTYPE[x._data.dtype])
    if value._data.shape != flat_pos.shape:
        value = _ad.expand_ad_func(value, flat_pos.shape)
    check_inplace(x, op)
    src = inplace_input(x, False)
    flat = _ad.reshape_ad_func(src, (-1,))
    fp = flat_pos.reshape(-1)
    value = _ad.reshape_ad_func(value, (-1,))
    if not accumulate and fp.size:  # a position written twice keeps its last value, as Paddle
        _, first_from_end = np.unique(fp[::-1], return_index=True)
        if first_from_end.size != fp.size:
            last = np.sort(fp.size - 1 - first_from_end)
            fp = fp[last]
            value = _ad.index_select_ad_func(value, Tensor._wrap(last), 0)
    placed = _ad.index_select_grad_ad_func(flat, Tensor._wrap(fp), value, 0)
    if accumulate:
        out = _ad.add_ad_func(flat, placed)
    else:  # select the old values, never multiply them by 0 (NaN * 0 is NaN, inf * 0 too)
        keep = np.ones(flat._data.shape, np.bool_)
        keep[fp] = False
        out = _ad.where_ad_func(Tensor._wrap(keep), flat, placed)
    out = _ad.reshape_ad_func(out, shape)
    return commit_inplace(x, out, op)


def _positions(x, index):
    """Flat positions that x[index] reads, with Paddle's indexing rules."""
    pos = Tensor._wrap(np.arange(x._data.size, dtype=np.int64).reshape(x._data.shape))
    return pos[index]._data


def __setitem__(self, index, value):
    """x[index] = value: an inplace write (version bump, leaf check, gradients to x's history
    and to value when it is a Tensor)."""
    if not isinstance(value, Tensor):
        if value is None or not isinstance(value, _ASSIGNABLE):
            raise ValueError(f"(InvalidArgument) Value type error. The assign value allows "
                             f"Tensor, numpy.ndarray, integer, float, complex or bool, but "
                             f"received {type(value).__name__}.")
        value = np.asarray(value)
    _scatter_into(self, "__setitem__", _positions(self, index), value, False)


_ASSIGNABLE = (np.ndarray, np.generic, int, float, complex, bool, list, tuple)
