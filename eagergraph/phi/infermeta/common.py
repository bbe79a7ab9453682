"""Shared InferMeta helpers: axis normalisation and broadcasting, with Paddle's messages.
Messages don't name the op: the kernel API prefixes "<op>(): " (kernel_api.raise_with_op)."""
from ..common import NP_TO_DTYPE


def dtype_of(t):
    return NP_TO_DTYPE[t._data.dtype]


def shape_of(t):
    return t._data.shape


def normalize_axis(axis, ndim, arg="axis"):
    """One axis in [-ndim, ndim) -> [0, ndim); 0-d tensors accept axis 0 and -1."""
    n = max(ndim, 1)
    if not -n <= axis < n:
        raise ValueError(
            f"(InvalidArgument) '{arg}' should be in the range [-{n}, {n}) for a "
            f"{ndim}-D input, but received {arg} = {axis}.")
    return axis % n


def normalize_axes(axes, ndim, arg="axis"):
    out = tuple(normalize_axis(a, ndim, arg) for a in axes)
    if len(set(out)) != len(out):
        raise ValueError(f"(InvalidArgument) '{arg}' has repeated axes: {list(axes)}")
    return out


def broadcast_shape(xs, ys):
    """Broadcast two shapes (tuples) as Paddle does; ValueError naming both shapes."""
    if xs == ys:
        return xs
    nx, ny = len(xs), len(ys)
    if ny < nx and xs[nx - ny:] == ys:  # a trailing-dims operand (a bias): x's shape
        return xs
    if nx < ny and ys[ny - nx:] == xs:
        return ys
    n = max(nx, ny)
    xs2 = (1,) * (n - nx) + xs
    ys2 = (1,) * (n - ny) + ys
    out = []
    for i, (a, b) in enumerate(zip(xs2, ys2)):
        if a == b or b == 1:
            out.append(a)
        elif a == 1:
            out.append(b)
        else:
            raise ValueError(
                f"(InvalidArgument) Broadcast dimension mismatch. Operands could not be "
                f"broadcast together with the shape of X = {list(xs)} and the shape of "
                f"Y = {list(ys)}. Received [{a}] in X is not equal to [{b}] in Y at i:{i}.")
    return tuple(out)
