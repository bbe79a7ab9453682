"""InferMeta for reductions and along-axis normalisations (Paddle phi/infermeta/unary.cc:
ReduceInferMeta, SumInferMeta, ReduceIntArrayAxisInferMeta, ArgMinMaxInferMeta, SoftmaxInferMeta).

`axis` arrives as a tuple of ints; an empty tuple means "reduce every axis", as in Paddle."""
from ..common import bool_, int32, int64, float32, float64, NP_TO_DTYPE

__all__ = ["ReduceInferMeta", "SumInferMeta", "ReduceIntArrayAxisInferMeta",
           "ReduceToBoolInferMeta", "ArgMinMaxInferMeta", "SoftmaxInferMeta"]


def _reduced_axes(shape, axis):
    """Normalised axes to reduce (all of them for an empty `axis`), with Paddle's checks."""
    ndim = len(shape)
    if not axis:
        return range(ndim)
    if ndim == 0:
        for a in axis:
            if a != 0 and a != -1:
                raise ValueError("(InvalidArgument) When input 0D Tensor, the axis can only be "
                                 f"-1, 0, None or [], but received axis = {list(axis)}.")
        if len(axis) > 1:
            raise ValueError(f"(InvalidArgument) Axis contains duplicate dimensions. Dimension 0 "
                             f"appears more than once in axis = {list(axis)}.")
        return ()
    seen = 0
    for i, a in enumerate(axis):
        if not -ndim <= a < ndim:
            raise ValueError(
                f"(InvalidArgument) The reduce dim index {i} should be in the range "
                f"[ -dimension(X), dimension(X) ) which dimension = {ndim}. But received dim "
                f"index = {a}.")
        bit = 1 << (a % ndim)
        if seen & bit:
            raise ValueError(f"(InvalidArgument) Axis contains duplicate dimensions. Dimension "
                             f"{a % ndim} appears more than once in axis = {list(axis)}.")
        seen |= bit
    return [a % ndim for a in axis]


def _reduce_shape(shape, axis, keepdim):
    if not axis:
        return (1,) * len(shape) if keepdim else ()
    ndim = len(shape)
    if len(axis) == 1 and ndim:  # fast path: one valid axis
        a = axis[0]
        if -ndim <= a < ndim:
            a %= ndim
            return shape[:a] + (1,) + shape[a + 1:] if keepdim else shape[:a] + shape[a + 1:]
    axes = _reduced_axes(shape, axis)
    if keepdim:
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def ReduceInferMeta(x, axis, keepdim):
    """Shape with `axis` removed (kept as 1 when keepdim); dtype of x (mean, prod, logsumexp)."""
    return (_reduce_shape(x._data.shape, axis, keepdim), NP_TO_DTYPE[x._data.dtype])


def SumInferMeta(x, axis, dtype, keepdim):
    """Like ReduceInferMeta; without `dtype`, bool and int32 sum to int64 (Paddle SumRawKernel)."""
    if dtype is None:
        dtype = NP_TO_DTYPE[x._data.dtype]
        if dtype is bool_ or dtype is int32:
            dtype = int64
    return (_reduce_shape(x._data.shape, axis, keepdim), dtype)


def ReduceIntArrayAxisInferMeta(x, axis, keepdim):
    """max/min: as ReduceInferMeta, and a reduced axis may not have size 0 (no identity)."""
    shape = x._data.shape
    for i in _reduced_axes(shape, axis):
        if shape[i] == 0:
            raise ValueError(f"(InvalidArgument) Cannot perform reduction along an axis ({i}) "
                             f"that has a size of 0: the input shape is {list(shape)}.")
    return (_reduce_shape(shape, axis, keepdim), NP_TO_DTYPE[x._data.dtype])


def ReduceToBoolInferMeta(x, axis, keepdim):
    """all/any: the reduced shape, always bool."""
    return (_reduce_shape(x._data.shape, axis, keepdim), bool_)


def ArgMinMaxInferMeta(x, axis, keepdim, flatten, dtype):
    if dtype is not int32 and dtype is not int64:
        raise ValueError(f"(InvalidArgument) The attribute of dtype in argmin/argmax must be "
                         f"[int32] or [int64], but received [{dtype.name}].")
    shape = x._data.shape
    ndim = len(shape)
    if flatten:
        if x._data.size == 0:
            raise ValueError("(InvalidArgument) argmin/argmax of an empty tensor is undefined: "
                             f"the input shape is {list(shape)}.")
        return ((1,) * ndim if keepdim else (), dtype)
    if ndim == 0:
        if axis != 0 and axis != -1:
            raise ValueError(f"(InvalidArgument) 'axis'({axis}) must be 0 or -1 if input tensor "
                             f"is 0-dim.")
        return ((1,) if keepdim else (), dtype)
    if axis >= ndim:
        raise ValueError(f"(InvalidArgument) 'axis'({axis}) must be less than Rank(X)({ndim}) "
                         f"of Input(X).")
    if axis < -ndim:
        raise ValueError(f"(InvalidArgument) 'axis'({axis}) must be greater than or equal to "
                         f"-Rank(X)({ndim}).")
    a = axis % ndim
    if shape[a] == 0 and 0 not in shape[:a] + shape[a + 1:]:
        raise ValueError(f"(InvalidArgument) argmin/argmax along axis {axis} of size 0 is "
                         f"undefined: the input shape is {list(shape)}.")
    if keepdim:
        return (shape[:a] + (1,) + shape[a + 1:], dtype)
    return (shape[:a] + shape[a + 1:], dtype)


def SoftmaxInferMeta(x, axis):
    """softmax/log_softmax: same shape and dtype; axis must be a valid axis of x."""
    ndim = x._data.ndim
    if ndim == 0:
        if not -1 <= axis <= 0:
            raise ValueError(f"(InvalidArgument) Attr(axis) value should be in range [-1, 0] "
                             f"when input is 0D Tensor, but received axis = {axis}.")
    elif not -ndim <= axis < ndim:
        raise ValueError(f"(InvalidArgument) Attr(axis) value should be in range [-R, R-1], R is "
                         f"the rank of Input(X). But received axis = {axis} for a {ndim}-D "
                         f"input (R = {ndim}).")
    return (x._data.shape, NP_TO_DTYPE[x._data.dtype])


__all__ += ["MeanAllInferMeta"]


def MeanAllInferMeta(x):
    """mean_all: a 0-D tensor of x's dtype."""
    return ((), NP_TO_DTYPE[x._data.dtype])


__all__ += ["CrossEntropyWithSoftmaxInferMeta"]


def CrossEntropyWithSoftmaxInferMeta(input, label, soft_label, use_softmax, numeric_stable_mode,
                                     ignore_index, axis):
    """cross_entropy_with_softmax: the softmax like input, the loss like label (input's shape
    with a class axis of size 1). Label has input's rank and shape except along axis, where a
    soft label has input's size and a hard one 1."""
    x, lb = input._data, label._data
    nd = x.ndim
    if not -nd <= axis < nd:
        raise ValueError(f"(InvalidArgument) Attr(axis) value should be in range [-R, R-1], R "
                         f"is the rank of Input(Logits). But received axis = {axis} for a "
                         f"{nd}-D input (R = {nd}).")
    if lb.ndim != nd:
        raise ValueError(f"(InvalidArgument) Input(Logits) and Input(Label) should in same "
                         f"dimensions, but received {nd} and {lb.ndim}.")
    ax = axis % nd
    for i in range(nd):
        if i != ax and x.shape[i] != lb.shape[i]:
            raise ValueError(f"(InvalidArgument) Input(Logits) and Input(Label) should in same "
                             f"shape in dimensions except axis.\n  [Hint: Expected "
                             f"logits_dims[i] == labels_dims[i], but received logits_dims[i]:"
                             f"{x.shape[i]} != labels_dims[i]:{lb.shape[i]}.]")
    if soft_label and lb.shape[ax] != x.shape[ax]:
        raise ValueError(f"(InvalidArgument) If Attr(soft_label) == true, the axis dimension "
                         f"of Input(X) and Input(Label) should be equal, but received "
                         f"{x.shape[ax]} and {lb.shape[ax]}.")
    if not soft_label and lb.shape[ax] != 1:
        raise ValueError(f"(InvalidArgument) If Attr(soft_label) == false, the axis dimension of "
                         f"Input(Label) should be 1, but received {lb.shape[ax]}.")
    dt = NP_TO_DTYPE[x.dtype]
    return ((x.shape, dt), (x.shape[:ax] + (1,) + x.shape[ax + 1:], dt))


__all__ += ["CumInferMeta"]


def CumInferMeta(x, axis, flatten, exclusive, reverse):
    """x's shape (flatten: its element count as one axis) and dtype; axis must be in range."""
    shape = x._data.shape
    if flatten:
        return ((x._data.size,), NP_TO_DTYPE[x._data.dtype])
    nd = max(len(shape), 1)
    if not -nd <= axis < nd:
        raise IndexError(f"(OutOfRange) axis is out of range (expected to be in range of "
                         f"[{-nd}, {nd}), but got {axis}).")
    return (shape, NP_TO_DTYPE[x._data.dtype])


__all__ += ["CumExtremumInferMeta"]


def CumExtremumInferMeta(x, axis, dtype):
    """cummax/cummin: out is x's shape and dtype, indices x's shape in `dtype` (int32/int64)."""
    nd = max(len(x._data.shape), 1)
    if not -nd <= axis < nd:
        raise IndexError(f"(OutOfRange) axis is out of range (expected to be in range of "
                         f"[{-nd}, {nd}), but got {axis}).")
    if dtype.name not in ("int32", "int64"):
        raise ValueError(f"(InvalidArgument) The dtype of indices must be int32 or int64, but "
                         f"received {dtype.name}.")
    shape = x._data.shape
    return ((shape, NP_TO_DTYPE[x._data.dtype]), (shape, dtype))


__all__ += ["CumprodInferMeta"]


def CumprodInferMeta(x, dim, exclusive, reverse):
    """cumprod: x's shape and dtype; dim must be in [-R, R-1] (R at least 1)."""
    shape = x._data.shape
    nd = max(len(shape), 1)
    if not -nd <= dim < nd:
        hint = (f"Expected axis < rank, but received axis:{dim} >= rank:{nd}." if dim >= nd else
                f"Expected axis >= -rank, but received axis:{dim} < -rank:{-nd}.")
        raise ValueError(f"(InvalidArgument) Attr(axis) value should be in range [-R, R-1], R "
                         f"is the rank of Input(X).\n  [Hint: {hint}]")
    return (shape, NP_TO_DTYPE[x._data.dtype])


__all__ += ["BincountInferMeta", "HistogramInferMeta"]


def BincountInferMeta(x, weights, minlength):
    """[max(max(x) + 1, minlength)]: int64, or the weights' float dtype (float32 stays, other
    weights give float64). x: 1-D int32/int64 without negative values."""
    a = x._data
    if a.ndim != 1:
        raise ValueError(f"(InvalidArgument) The 'shape' of Input(X) must be 1-D tensor.But the "
                         f"dimension of Input(X) is [{a.ndim}]")
    if a.dtype not in (int32.np_dtype, int64.np_dtype):
        raise TypeError("Elements in Input(x) should all be integers")
    if minlength < 0:
        raise ValueError(f"(InvalidArgument) The minlength should be greater than or equal to "
                         f"0.But received minlength is {minlength}")
    if a.size and a.min(initial=0) < 0:
        raise ValueError("(InvalidArgument) The elements in input tensor must be non-negative "
                         "ints")
    dt = int64
    if weights is not None:
        ws = weights._data.shape
        if ws != a.shape:
            raise ValueError(f"(InvalidArgument) The 'shape' of Input(Weights) must be equal to "
                             f"the 'shape' of Input(X).But received: the 'shape' of "
                             f"Input(Weights) is {list(ws)},the 'shape' of Input(X) is "
                             f"{list(a.shape)}")
        dt = float32 if weights._data.dtype == float32.np_dtype else float64
    n = int(a.max(initial=-1)) + 1
    return ((n if n > minlength else minlength,), dt)


def HistogramInferMeta(input, weight, bins, min, max, density):
    """[bins]: int64 counts, float32 with weight or density."""
    if bins < 1:
        raise ValueError(f"(InvalidArgument) The bins should be greater than or equal to 1.But "
                         f"received nbins is {bins}")
    if max < min:
        raise ValueError(f"(InvalidArgument) max must be larger or equal to min.But received max "
                         f"is {max:f}, min is {min:f}")
    if weight is not None and weight._data.shape != input._data.shape:
        raise ValueError(f"(InvalidArgument) The shape of weight should be equal to the shape of "
                         f"input.But received weight shape is {list(weight._data.shape)}, input "
                         f"shape is {list(input._data.shape)}")
    dt = float32 if weight is not None or density else int64
    return ((bins,), dt)
