"""InferMeta for creation and random ops, whose output meta comes from attributes alone
(Paddle phi/infermeta/nullary.cc; CreateLikeInferMeta is in Paddle's unary.cc and
LinspaceInferMeta in its ternary.cc, kept here beside the other creation ops)."""
import math

from ..common import int64

__all__ = ["CreateInferMeta", "CreateLikeInferMeta", "ArangeInferMeta", "LinspaceInferMeta",
           "EyeInferMeta", "UniformRandomInferMeta", "GaussianInferMeta", "RandintInferMeta",
           "RandpermInferMeta", "MultinomialInferMeta", "BinomialInferMeta"]


def _check_shape(shape):
    for i, d in enumerate(shape):
        if d < 0:
            raise ValueError(
                f"(InvalidArgument) Each value of attribute 'shape' is expected to be no less "
                f"than 0. But received: shape[{i}] = {d}; shape = {list(shape)}.")
    return shape


def CreateInferMeta(shape, dtype):
    """full/empty: the shape attribute (entries >= 0) and the dtype attribute."""
    return (_check_shape(shape), dtype)


def CreateLikeInferMeta(x, dtype):
    """full_like/empty_like: x's shape, the dtype attribute."""
    return (x._data.shape, dtype)


def range_params(start, end, step, np_dtype):
    """Paddle's funcs/range_function.h GetSize, shared by ArangeInferMeta and the arange kernel:
    start/end/step converted to the output dtype first (so step 0.5 is 0 for int32), then the
    element count computed in that dtype. Returns (start, step, size)."""
    for name, v in (("start", start), ("end", end), ("step", step)):
        if not math.isfinite(v):
            raise ValueError(f"The value of {name} must be finite, but received: {v}.")
    if np_dtype.kind in "iu":
        start, end, step = int(start), int(end), int(step)
    else:
        to = np_dtype.type
        start, end, step = to(start), to(end), to(step)
    if step == 0:
        raise ValueError("(InvalidArgument) The step of range op should not be 0.")
    if (start < end and step < 0) or (start > end and step > 0):
        return start, step, 0
    if type(step) is int:
        size = (abs(end - start) + abs(step) - 1) // abs(step)
    else:
        size = math.ceil(abs((end - start) / step))
    return start, step, int(size)


def ArangeInferMeta(start, end, step, dtype):
    return ((range_params(start, end, step, dtype.np_dtype)[2],), dtype)


def LinspaceInferMeta(start, stop, num, dtype):
    if num < 0:
        raise ValueError(f"(InvalidArgument) The num of linspace op should be larger than or "
                         f"equal to 0, but received num is {num}")
    return ((num,), dtype)


def EyeInferMeta(num_rows, num_columns, dtype):
    if num_rows < 0:
        raise ValueError(f"(InvalidArgument) num_rows should be a non-negative int, but "
                         f"received num_rows = {num_rows}.")
    if num_columns == -1:
        num_columns = num_rows
    elif num_columns < 0:
        raise ValueError(f"(InvalidArgument) num_columns should be a non-negative int (or -1 "
                         f"for num_rows), but received num_columns = {num_columns}.")
    return ((num_rows, num_columns), dtype)


def UniformRandomInferMeta(shape, dtype, min, max, seed):
    return (_check_shape(shape), dtype)


def GaussianInferMeta(shape, mean, std, seed, dtype):
    return (_check_shape(shape), dtype)


def RandintInferMeta(low, high, shape, dtype):
    if low >= high:
        raise ValueError(f"(InvalidArgument) randint's low must less then high, but received: "
                         f"low = {low}, high = {high}.")
    return (_check_shape(shape), dtype)


def RandpermInferMeta(n, dtype):
    if n < 0:
        raise ValueError(f"(InvalidArgument) The number n of randperm should be no less than "
                         f"0, but received n = {n}.")
    return ((n,), dtype)


def MultinomialInferMeta(x, num_samples, replacement):
    shape = x._data.shape
    if len(shape) not in (1, 2):
        raise ValueError(f"(InvalidArgument) The number of dimensions of the input probability "
                         f"distribution should be > 0 and <= 2, but got {len(shape)}.")
    if num_samples <= 0:
        raise ValueError(f"(InvalidArgument) The number of samples should be > 0, but got "
                         f"{num_samples}.")
    return (shape[:-1] + (num_samples,), int64)


def BinomialInferMeta(count, prob):
    if count._data.shape != prob._data.shape:
        raise ValueError(f"(InvalidArgument) binomial(): count (shape "
                         f"{list(count._data.shape)}) and prob (shape {list(prob._data.shape)}) "
                         f"must have the same shape.")
    return (prob._data.shape, int64)
