"""InferMeta for matrix products (Paddle phi/infermeta/binary.cc: MatmulInferMeta)."""
from ..common import NP_TO_DTYPE

__all__ = ["MatmulInferMeta"]


def MatmulInferMeta(x, y, transpose_x, transpose_y):
    """numpy.matmul's shape rule with Paddle's transposes: a 1-D x is a row [1, K] and a 1-D y a
    column [K, 1] (that dimension is dropped from the output, and a transpose flag on a 1-D
    operand changes nothing); batch dimensions broadcast. x and y must have the same dtype."""
    xd, yd = x._data, y._data
    if xd.dtype != yd.dtype:
        raise ValueError(
            f"(InvalidArgument) The dtype of Input(X) ({NP_TO_DTYPE[xd.dtype].name}) and "
            f"Input(Y) ({NP_TO_DTYPE[yd.dtype].name}) must be the same. Cast one of them with "
            f".astype() first.")
    xs, ys = xd.shape, yd.shape
    nx, ny = len(xs), len(ys)
    if nx == 0 or ny == 0:
        which = "x" if nx == 0 else "y"
        raise ValueError(f"(InvalidArgument) The Input({which}) dims size must be greater than 0, "
                         f"but received dims size is 0.")
    # where K sits in each operand, in its own (untransposed) indexing
    kx = 0 if nx == 1 else (nx - 2 if transpose_x else nx - 1)
    ky = 0 if ny == 1 else (ny - 1 if transpose_y else ny - 2)
    if xs[kx] != ys[ky]:
        raise ValueError(
            f"(InvalidArgument) the [{kx}] dimension of Input(X) must be equal to the [{ky}] "
            f"dimension of Input(Y). But receiving the [{kx}] dimension of Input(X) is "
            f"[{xs[kx]}], and the [{ky}] dimension of Input(Y) is [{ys[ky]}]. "
            f"(X shape {list(xs)}, Y shape {list(ys)}, transpose_x={transpose_x}, "
            f"transpose_y={transpose_y})")
    out = []
    bx, by = xs[:-2], ys[:-2]
    if bx or by:
        n = max(len(bx), len(by))
        bx2 = (1,) * (n - len(bx)) + bx
        by2 = (1,) * (n - len(by)) + by
        for i, (a, b) in enumerate(zip(bx2, by2)):
            if a != b and a != 1 and b != 1:
                raise ValueError(
                    f"(InvalidArgument) Input(X) and Input(Y) has error dim. X_broadcast's "
                    f"shape[{i}] must be equal to Y_broadcast's shape[{i}], or one of them must "
                    f"be 1, but received "
                    f"X_broadcast's shape[{i}] = [{a}], Y_broadcast's shape[{i}] = [{b}] "
                    f"(X shape {list(xs)}, Y shape {list(ys)}).")
            out.append(a if b == 1 else b)
    if nx > 1:
        out.append(xs[-1] if transpose_x else xs[-2])
    if ny > 1:
        out.append(ys[-2] if transpose_y else ys[-1])
    return (tuple(out), NP_TO_DTYPE[xd.dtype])


__all__ += ["TrilTriuInferMeta", "DotInferMeta"]


def TrilTriuInferMeta(x, diagonal):
    nd = x._data.ndim
    if nd < 2:
        raise ValueError(f"(InvalidArgument) Input(X)'s rank must be at least 2 in TrilTriuOp.\n"
                         f"  [Hint: Expected x_dims.size() >= 2, but received x_dims.size():{nd} "
                         f"< 2:2.]")
    return (x._data.shape, NP_TO_DTYPE[x._data.dtype])


def DotInferMeta(x, y):
    xs, ys = x._data.shape, y._data.shape
    if len(xs) not in (1, 2):
        raise RuntimeError(f"(PreconditionNotMet) dot(): ShapeError: The dimensions of input "
                           f"tensor X ({list(xs)}) should be 1 or 2")
    if xs != ys:
        raise RuntimeError(f"(PreconditionNotMet) dot(): ShapeError: The shape of input tensor "
                           f"X: {list(xs)} should be exactly the same with input tensor Y: "
                           f"{list(ys)}")
    if x._data.dtype != y._data.dtype:
        raise ValueError(f"(InvalidArgument) The dtype of input X and Y should be the same, but "
                         f"received {NP_TO_DTYPE[x._data.dtype].name} and "
                         f"{NP_TO_DTYPE[y._data.dtype].name}.")
    return (xs[:-1], NP_TO_DTYPE[x._data.dtype])
