"""InferMeta for shape-manipulation ops: reshape, transpose, squeeze/unsqueeze, flatten, concat,
split, stack, unbind, expand, tile, flip, where (Paddle phi/infermeta/{unary,binary,multiary}.cc).

The pure shape helpers (`reshape_shape`, `squeeze_shape`, `unsqueeze_shape`) are shared with the
kernels, which need the same resolved shape to reshape their input."""
from ..common import NP_TO_DTYPE
from .common import normalize_axis, normalize_axes

__all__ = ["ReshapeInferMeta", "TransposeInferMeta", "SqueezeInferMeta", "UnsqueezeInferMeta",
           "FlattenInferMeta", "ConcatInferMeta", "SplitInferMeta", "SplitWithNumInferMeta",
           "StackInferMeta", "UnbindInferMeta", "ExpandInferMeta", "BroadcastViewInferMeta",
           "TileInferMeta", "FlipInferMeta", "WhereInferMeta"]


def _prod(dims):
    n = 1
    for d in dims:
        n *= d
    return n


def reshape_shape(in_shape, shape):
    """Resolve Paddle's reshape target: 0 copies the input dim at that index, one -1 is
    inferred from the remaining size. For a zero-size input, as in Paddle 3.3.1, a 0 is a 0
    (so [3, 0] -> [0, 3] works, and a gradient's reshape back to a shape holding 0 is exact),
    and a -1 next to a 0 takes the input's dim at its index."""
    out = list(shape)
    unknown = -1
    known = 1
    size = _prod(in_shape)
    for i, s in enumerate(shape):
        if s == -1:
            if unknown >= 0:
                raise ValueError(
                    f"(InvalidArgument) Only one dimension value of 'shape' can be -1. But "
                    f"received shape = {list(shape)}, shape[{i}] is also -1.")
            unknown = i
            continue
        if s == 0:
            if size == 0:
                pass  # literal
            elif i < len(in_shape):
                out[i] = in_shape[i]
            elif size != 0:
                raise ValueError(
                    f"(InvalidArgument) 0 in 'shape' copies the input's dimension at the same "
                    f"index, but shape[{i}] = 0 is beyond the input's {len(in_shape)} dimensions "
                    f"(input shape {list(in_shape)}).")
        elif s < 0:
            raise ValueError(
                f"(InvalidArgument) Each dimension value of 'shape' must not be negative except "
                f"one unknown dimension (-1). But received shape = {list(shape)}, "
                f"shape[{i}] = {s}.")
        known *= out[i]
    if unknown >= 0 and known == 0 and size == 0:
        out[unknown] = in_shape[unknown] if unknown < len(in_shape) else 0
    elif unknown >= 0:
        if known == 0 or size % known:
            raise ValueError(
                f"(InvalidArgument) The 'shape' attribute is invalid. The input tensor's size "
                f"must be divisible by the known capacity of 'shape'. But received input shape = "
                f"{list(in_shape)}, size = {size}, 'shape' is {list(shape)}, known capacity of "
                f"'shape' is {known}.")
        out[unknown] = size // known
    elif known != size:
        raise ValueError(
            f"(InvalidArgument) The 'shape' is invalid. The input tensor's size must be equal to "
            f"the capacity of 'shape'. But received input shape = {list(in_shape)}, size = "
            f"{size}, 'shape' is {list(shape)}, the capacity of 'shape' is {known}.")
    return tuple(out)


def ReshapeInferMeta(x, shape):
    xs = x._data.shape
    if shape == xs:
        return (xs, NP_TO_DTYPE[x._data.dtype])
    return (reshape_shape(xs, shape), NP_TO_DTYPE[x._data.dtype])


def TransposeInferMeta(x, perm):
    xs = x._data.shape
    n = len(xs)
    if len(perm) != n:
        raise ValueError(
            f"(InvalidArgument) The input tensor's dimension should be equal to the size of "
            f"'perm'. But received the input's dimension = {n} (shape {list(xs)}), the size of "
            f"'perm' = {len(perm)} (perm {list(perm)}).")
    if n == 0:
        return (xs, NP_TO_DTYPE[x._data.dtype])
    p = normalize_axes(perm, n, "perm")
    return (tuple(xs[i] for i in p), NP_TO_DTYPE[x._data.dtype])


def squeeze_shape(in_shape, axis):
    """Drop the size-1 dims named by axis (all size-1 dims when axis is empty); named dims of
    another size are kept, as Paddle does."""
    if not axis:
        return tuple(d for d in in_shape if d != 1)
    n = len(in_shape)
    lo, hi = (-1, 0) if n == 0 else (-n, n - 1)
    drop = set()
    for a in axis:
        if not lo <= a <= hi:
            raise ValueError(
                f"(InvalidArgument) Each axis in 'axis' should be in the range of [{lo}, {hi}], "
                f"but received axis = {a} for an input of shape {list(in_shape)}.")
        if n:
            drop.add(a % n)
    return tuple(d for i, d in enumerate(in_shape) if not (i in drop and d == 1))


def SqueezeInferMeta(x, axis):
    return (squeeze_shape(x._data.shape, axis), NP_TO_DTYPE[x._data.dtype])


def unsqueeze_shape(in_shape, axis):
    """Insert size-1 dims one after another (Paddle GetUnsqueezeShape): each axis indexes the
    shape as it is after the previous insertions; negative axes count from that shape's end."""
    out = list(in_shape)
    for a in axis:
        rank = len(out)
        cur = a + rank + 1 if a < 0 else a
        if cur < 0:
            raise ValueError(
                f"(InvalidArgument) The insert dimension value should not be less than 0, but "
                f"axis {a} on a {rank}-D intermediate shape {out} gives {cur}. Valid axes are in "
                f"[{-rank - 1}, {rank}].")
        if cur > rank:
            raise ValueError(
                f"(InvalidArgument) The insert dimension value should not be larger than the "
                f"dimension size of input tensor: axis {a} on a {rank}-D intermediate shape "
                f"{out}. Valid axes are in [{-rank - 1}, {rank}].")
        out.insert(cur, 1)
    return tuple(out)


def UnsqueezeInferMeta(x, axis):
    return (unsqueeze_shape(x._data.shape, axis), NP_TO_DTYPE[x._data.dtype])


def flatten_shape(in_shape, start_axis, stop_axis):
    n = len(in_shape)
    if n == 0:
        if start_axis not in (0, -1) or stop_axis not in (0, -1):
            raise ValueError(
                f"(InvalidArgument) The start_axis and stop_axis should be 0 or -1 when the input "
                f"tensor is a 0-D Tensor, but received start_axis = {start_axis}, stop_axis = "
                f"{stop_axis}.")
        return (1,)
    s = normalize_axis(start_axis, n, "start_axis")
    e = normalize_axis(stop_axis, n, "stop_axis")
    if s > e:
        raise ValueError(
            f"(InvalidArgument) The stop_axis should be larger than or equal to start_axis, but "
            f"received start_axis = {start_axis}, stop_axis = {stop_axis} for a {n}-D input.")
    return in_shape[:s] + (_prod(in_shape[s:e + 1]),) + in_shape[e + 1:]


def FlattenInferMeta(x, start_axis, stop_axis):
    return (flatten_shape(x._data.shape, start_axis, stop_axis), NP_TO_DTYPE[x._data.dtype])


def _same_dtypes(xs, arg="x"):
    d0 = xs[0]._data.dtype
    for i, t in enumerate(xs):
        if t._data.dtype != d0:
            raise ValueError(
                f"(InvalidArgument) The data_type of the tensors in '{arg}' isn't consistent: "
                f"{arg}[0] is {NP_TO_DTYPE[d0].name}, but {arg}[{i}] is "
                f"{NP_TO_DTYPE[t._data.dtype].name}. Cast them to one dtype first.")
    return NP_TO_DTYPE[d0]


def _tensor_axis(axis, n, arg="axis"):
    """A Scalar axis (int or float) into [0, n); 0-D inputs have no axis at all."""
    a = int(axis)
    if not -n <= a < n:
        raise ValueError(
            f"(InvalidArgument) The {arg} is expected to be in range of [{-n}, {n}), but got {a}.")
    return a % n


def ConcatInferMeta(x, axis):
    dtype = _same_dtypes(x)
    s0 = x[0]._data.shape
    n = len(s0)
    a = _tensor_axis(axis, n)
    total = 0
    for i, t in enumerate(x):
        s = t._data.shape
        if len(s) != n or s[:a] != s0[:a] or s[a + 1:] != s0[a + 1:]:
            raise ValueError(
                f"(InvalidArgument) All tensors in 'x' must have the same shape except along the "
                f"concat axis {a}, but x[0] has shape {list(s0)} and x[{i}] has shape {list(s)}.")
        total += s[a]
    return (s0[:a] + (total,) + s0[a + 1:], dtype)


def split_sections(in_shape, sections, axis):
    """(axis, resolved sections) with one -1 inferred."""
    n = len(in_shape)
    a = _tensor_axis(axis, n)
    dim = in_shape[a]
    sections = list(sections)
    unknown = [i for i, s in enumerate(sections) if s == -1]
    if len(unknown) > 1:
        raise ValueError(
            f"(InvalidArgument) Only one value of 'num_or_sections' can be -1, but received "
            f"num_or_sections = {sections}.")
    known = sum(s for s in sections if s != -1)
    if unknown and known >= dim:  # the -1 section would be empty or negative
        raise ValueError(
            f"(InvalidArgument) Sum of Attr(num_or_sections) other than unknown section must be "
            f"less than the input's size along the split dimension. But received "
            f"Attr(num_or_sections) = {sections}, input(X)'s shape = {list(in_shape)}, "
            f"Attr(dim) = {a}.")
    if unknown and all(s >= 0 for s in sections if s != -1):
        sections[unknown[0]] = dim - known
    if sum(sections) != dim or any(s < 0 for s in sections):
        raise ValueError(
            f"(InvalidArgument) Sum of 'num_or_sections' must be equal to the input's size along "
            f"the split dimension, and each section must be >= 0 (one may be -1). But received "
            f"num_or_sections = {list(s for s in sections)}, input shape = {list(in_shape)}, "
            f"axis = {a}.")
    return a, sections


def SplitInferMeta(x, sections, axis):
    xs = x._data.shape
    a, secs = split_sections(xs, sections, axis)
    dtype = NP_TO_DTYPE[x._data.dtype]
    return [(xs[:a] + (s,) + xs[a + 1:], dtype) for s in secs]


def SplitWithNumInferMeta(x, num, axis):
    xs = x._data.shape
    a = _tensor_axis(axis, len(xs))
    if num <= 0:
        raise ValueError(
            f"(InvalidArgument) 'num_or_sections' should be a positive number of parts, but "
            f"received {num}.")
    if xs[a] % num:
        raise ValueError(
            f"(InvalidArgument) The input's size along the split dimension must be evenly "
            f"divisible by 'num_or_sections'. But received num_or_sections = {num}, input shape = "
            f"{list(xs)}, axis = {a}.")
    dtype = NP_TO_DTYPE[x._data.dtype]
    part = xs[:a] + (xs[a] // num,) + xs[a + 1:]
    return [(part, dtype)] * num


def StackInferMeta(x, axis):
    dtype = _same_dtypes(x)
    s0 = x[0]._data.shape
    for i, t in enumerate(x):
        if t._data.shape != s0:
            raise ValueError(
                f"(InvalidArgument) All tensors in 'x' must have the same shape, but x[0] has "
                f"shape {list(s0)} and x[{i}] has shape {list(t._data.shape)}.")
    r = len(s0)
    if not -(r + 1) <= axis < r + 1:
        raise ValueError(
            f"(InvalidArgument) 'axis' must be inside [-(rank+1), rank+1), where rank = {r}, but "
            f"received axis = {axis}.")
    a = axis % (r + 1)
    return (s0[:a] + (len(x),) + s0[a:], dtype)


def UnbindInferMeta(input, axis):
    xs = input._data.shape
    n = len(xs)
    if not -n <= axis < n:
        raise ValueError(
            f"(InvalidArgument) 'axis' must be in range [{-n}, {n}) for a {n}-D input, but "
            f"received axis = {axis}.")
    a = axis % n
    part = xs[:a] + xs[a + 1:]
    dtype = NP_TO_DTYPE[input._data.dtype]
    return [(part, dtype)] * xs[a]


def expand_shape(in_shape, shape):
    n, m = len(in_shape), len(shape)
    if m < n:
        raise ValueError(
            f"(InvalidArgument) The number of elements ({m}) of 'shape' must be greater than or "
            f"equal to the rank ({n}) of the input (shape {list(in_shape)}).")
    out = []
    for i, s in enumerate(shape):
        j = i - (m - n)
        if j < 0:
            if s < 0:
                raise ValueError(
                    f"(InvalidArgument) The expanded size ({s}) for non-existing dimensions "
                    f"must be non-negative, but shape[{i}] = {s} (shape {list(shape)}).")
            out.append(s)
            continue
        d = in_shape[j]
        if s == -1:
            out.append(d)
        elif s < 0:
            raise ValueError(
                f"(InvalidArgument) Each value of 'shape' must be -1 (keep the dimension) or "
                f"non-negative, but shape[{i}] = {s}.")
        elif d == 1 or d == s:
            out.append(s)
        else:
            raise ValueError(
                f"(InvalidArgument) The value ({d}) of the non-singleton dimension does not match "
                f"the corresponding value ({s}) in shape: cannot expand {list(in_shape)} to "
                f"{list(shape)}.")
    return tuple(out)


def ExpandInferMeta(x, shape):
    xs = x._data.shape
    if shape == xs:
        return (xs, NP_TO_DTYPE[x._data.dtype])
    return (expand_shape(xs, shape), NP_TO_DTYPE[x._data.dtype])


def BroadcastViewInferMeta(x, like):
    """x broadcast to like's shape (an error where it does not broadcast), x's dtype."""
    return (expand_shape(x._data.shape, like._data.shape), NP_TO_DTYPE[x._data.dtype])


_INT64_MAX = 2 ** 63 - 1


def TileInferMeta(x, repeat_times):
    xs = x._data.shape
    for r in repeat_times:
        if r < 0 or r > _INT64_MAX:
            raise ValueError(
                f"(InvalidArgument) All elements of 'repeat_times' must be non-negative "
                f"integers within int64, but received {list(repeat_times)}.")
    n = max(len(xs), len(repeat_times))
    xs2 = (1,) * (n - len(xs)) + xs
    rs = (1,) * (n - len(repeat_times)) + tuple(repeat_times)
    return (tuple(a * b for a, b in zip(xs2, rs)), NP_TO_DTYPE[x._data.dtype])


def FlipInferMeta(x, axis):
    xs = x._data.shape
    if axis:
        if not xs:
            raise ValueError(
                f"(InvalidArgument) A 0-D tensor has no axis to flip, but received axis = "
                f"{list(axis)}.")
        normalize_axes(axis, len(xs))
    return (xs, NP_TO_DTYPE[x._data.dtype])


def WhereInferMeta(condition, x, y):
    cs, xs, ys = condition._data.shape, x._data.shape, y._data.shape
    if condition._data.dtype.kind != "b":
        raise ValueError(
            f"(InvalidArgument) 'condition' must be a bool Tensor, but got "
            f"{NP_TO_DTYPE[condition._data.dtype].name}.")
    if not cs == xs == ys:
        raise ValueError(
            f"(InvalidArgument) 'condition', 'x' and 'y' must have the same shape (paddle.where "
            f"broadcasts them first), but got {list(cs)}, {list(xs)} and {list(ys)}.")
    if x._data.dtype != y._data.dtype:
        raise TypeError(
            f"(InvalidType) x and y must have the same dtype after type promotion, but got "
            f"x: {NP_TO_DTYPE[x._data.dtype].name}, y: {NP_TO_DTYPE[y._data.dtype].name}.")
    return (xs, NP_TO_DTYPE[x._data.dtype])


__all__ += ["RollInferMeta"]


def RollInferMeta(x, shifts, axis):
    """x's shape and dtype; shifts and axis pair up (an empty axis: one shift of the
    flattened x)."""
    xs = x._data.shape
    if axis:
        if len(shifts) != len(axis):
            raise ValueError(
                f"(InvalidArgument) When dims.size() != 1, dims.size() should be equal to "
                f"shifts.size(). But received dims.size() = {len(axis)}, shifts.size() = "
                f"{len(shifts)}")
        n = len(xs)
        for a in axis:
            if not -n <= a < n:
                raise ValueError(f"(InvalidArgument) Attr(dims[{a}]) is out of range, It's "
                                 f"expected to be in range of [-{n}, {n - 1}]. But received "
                                 f"Attr(dims[{a}]) = {a}.")
    elif len(shifts) != 1:
        raise ValueError(f"(InvalidArgument) shifts.size() should be equal to 1 when dims is "
                         f"empty, But received shifts.size() = {len(shifts)}")
    return (xs, NP_TO_DTYPE[x._data.dtype])
