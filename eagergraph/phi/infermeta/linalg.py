"""InferMeta for matrix products (Paddle phi/infermeta/binary.cc: MatmulInferMeta)."""
from ..common import NP_TO_DTYPE
from .common import broadcast_shape

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


__all__ += ["BmmInferMeta", "MvInferMeta", "AddmmInferMeta", "InverseInferMeta",
            "DeterminantInferMeta", "SolveInferMeta", "TraceInferMeta"]


def _same_dtype(x, y):
    if x._data.dtype != y._data.dtype:
        raise ValueError(
            f"(InvalidArgument) The type of data we are trying to retrieve "
            f"({NP_TO_DTYPE[y._data.dtype].name}) does not match the type of data "
            f"({NP_TO_DTYPE[x._data.dtype].name}) currently contained in the container.")


def BmmInferMeta(x, y):
    xs, ys = x._data.shape, y._data.shape
    for which, s in (("X", xs), ("Y", ys)):
        if len(s) != 3:
            raise ValueError(f"(InvalidArgument) Input({which}) of BmmOp must be 3-dimensional "
                             f"in BmmOp, but received {which}'s shape: [{len(s)}].")
    if xs[0] != ys[0]:
        raise ValueError(f"(InvalidArgument) Input(X) and Input(Y) must have the same batch size "
                         f"in BmmOp, but received X's batch size: [{xs[0]}],Y's batch size "
                         f"[{ys[0]}]")
    if xs[2] != ys[1]:
        raise ValueError(f"(InvalidArgument) Input(X)'s width must be equal with Input(Y)'s "
                         f"height in BmmOp,but receive X's width: [{xs[2]}],Y's height: "
                         f"[{ys[1]}].")
    _same_dtype(x, y)
    return ((xs[0], xs[1], ys[2]), NP_TO_DTYPE[x._data.dtype])


def MvInferMeta(x, vec):
    xs, vs = x._data.shape, vec._data.shape
    if len(xs) != 2:
        raise ValueError(f"(InvalidArgument) The rank of input X should be 2, but is {len(xs)}")
    if len(vs) != 1:
        raise ValueError(f"(InvalidArgument) The rank of input Vec should be 1, but is {len(vs)}")
    if xs[1] != vs[0]:
        raise ValueError(f"(InvalidArgument) X's second dimension is expected to be equal to "
                         f"Vec's first dimension, but received X'shape = {list(xs)}, Vec's "
                         f"shape = {list(vs)}")
    _same_dtype(x, vec)
    return ((xs[0],), NP_TO_DTYPE[x._data.dtype])


def _sz(s):
    return f"paddle.Size({list(s)})"


def AddmmInferMeta(input, x, y, beta, alpha):
    """The checks of Paddle's Python paddle.addmm (tensor/math.py), in its order and words."""
    ins, xs, ys = input._data.shape, x._data.shape, y._data.shape
    if not len(xs) == len(ys) == 2:
        raise ValueError(f"The dimension of x, y should be 2 but receive x's shape: {_sz(xs)}, "
                         f"y's shape: {_sz(ys)}")
    if xs[1] != ys[0]:
        raise ValueError(f"The input Variable x's width must be equal with Variable y' height. "
                         f"But received x's shape = {_sz(xs)}, y's shape = {_sz(ys)}.")
    if len(ins) == 2:
        if ins[0] != xs[0] and ins[0] != 1:
            raise ValueError(f"When x's dimension[0] is not equal with input's dimension[0], "
                             f"input's dimension[0] must be 1 but got {ins[0]}")
        if ins[1] != ys[1] and ins[1] != 1:
            raise ValueError(f"When y's dimension[1] is not equal with input's dimension[1], "
                             f"input's dimension[1] must be 1 but got {ins[1]}")
    elif len(ins) == 1:
        if ins[0] not in (ys[1], 1):
            raise ValueError(f"The input's shape: {_sz(ins)} is not broadcastable with "
                             f"[x.shape[0], y.shape[1]]: [{xs[0]},{ys[1]}]")
    else:
        raise ValueError(f"The dimension of input should be 2 or 1 but receive input's shape: "
                         f"{_sz(ins)}")
    _same_dtype(x, y)
    _same_dtype(x, input)
    return ((xs[0], ys[1]), NP_TO_DTYPE[x._data.dtype])


def _square(x, what="Input(Input)"):
    s = x._data.shape
    if len(s) < 2:
        raise ValueError(f"(InvalidArgument) The dimension of {what} is expected to be no less "
                         f"than 2. But received: {what}'s dimension = {len(s)}, shape = "
                         f"{list(s)}.")
    if s[-1] != s[-2]:
        raise ValueError(f"(InvalidArgument) The last two dimensions are expected to be equal. "
                         f"But received: {s[-2]} and {s[-1]}; {what}'s shape = {list(s)}.")
    return s


def InverseInferMeta(x):
    return (_square(x), NP_TO_DTYPE[x._data.dtype])


def DeterminantInferMeta(x):
    s = x._data.shape
    if len(s) >= 2 and s[-1] != s[-2]:
        raise ValueError("(InvalidArgument) the input matrix should be square matrix.")
    _square(x)
    return (s[:-2], NP_TO_DTYPE[x._data.dtype])


def _solve_is_vector(xs, ys):
    """Paddle's is_vector_rhs: y is one vector per matrix (1-D, or shaped x.shape[:-1])."""
    return len(ys) == 1 or tuple(ys) == tuple(xs[:-1])


def SolveInferMeta(x, y):
    xs, ys = x._data.shape, y._data.shape
    _square(x, "Input(X)")
    _same_dtype(x, y)
    vec = _solve_is_vector(xs, ys)
    yy = tuple(ys) + (1,) if vec else tuple(ys)
    if len(yy) < 2 or yy[-2] != xs[-1]:
        raise ValueError(
            f"(InvalidArgument) Matrix X1 with dimension greater than 2 and any matrix Y1,the "
            f"matrix X1's width must be equal with matrix Y1's height. But received X's shape = "
            f"{list(xs)}, X1's shape = {list(xs)}, X1's width = {xs[-1]}; Y's shape = "
            f"{list(ys)}, Y1's shape = {list(ys)}, Y1's height = {yy[-2] if len(yy) > 1 else 1}.")
    batch = broadcast_shape(xs[:-2], yy[:-2])
    out = tuple(batch) + ((xs[-1],) if vec else (xs[-1], yy[-1]))
    return (out, NP_TO_DTYPE[x._data.dtype])


def TraceInferMeta(x, offset, axis1, axis2):
    s = x._data.shape
    nd = len(s)
    if nd < 2:
        raise IndexError(f"(OutOfRange) Input(x)'s dim is out of range (expected at least 2, but "
                         f"got {nd}).")
    for name, a in (("axis1", axis1), ("axis2", axis2)):
        if not -nd <= a < nd:
            raise IndexError(f"(OutOfRange) {name} is out of range (expected to be in range of "
                             f"[{-nd}, {nd - 1}], but got {a}).")
    a1, a2 = axis1 % nd, axis2 % nd
    if a1 == a2:
        raise ValueError(f"(InvalidArgument) The dimensions should not be identical {a1} vs "
                         f"{a2}.")
    return (tuple(d for i, d in enumerate(s) if i not in (a1, a2)), NP_TO_DTYPE[x._data.dtype])


__all__ += ["DiagonalInferMeta", "DiagEmbedInferMeta", "DiagInferMeta", "KronInferMeta",
            "CrossInferMeta"]


def _diag_len(n, m, offset):
    """The length of the offset diagonal of an n x m plane (0 when it misses the plane)."""
    return max(0, min(n, m - offset) if offset >= 0 else min(n + offset, m))


def DiagonalInferMeta(x, offset, axis1, axis2):
    s = x._data.shape
    nd = len(s)
    if nd < 2:
        raise IndexError(f"(OutOfRange) Input's dim is out of range (expected at least 2 "
                         f"dimensions, but got {nd}).")
    for name, a in (("axis1", axis1), ("axis2", axis2)):
        if not -nd <= a < nd:
            raise IndexError(f"(OutOfRange) Attr({name}) is out of range (expected to be in "
                             f"range of [{-nd}, {nd - 1}], but got {a}).")
    a1, a2 = axis1 % nd, axis2 % nd
    if a1 == a2:
        raise ValueError(f"(InvalidArgument) The dimensions should not be identical {a1} vs "
                         f"{a2}.")
    rest = tuple(d for i, d in enumerate(s) if i not in (a1, a2))
    return (rest + (_diag_len(s[a1], s[a2], offset),), NP_TO_DTYPE[x._data.dtype])


def DiagEmbedInferMeta(input, offset, dim1, dim2):
    s = input._data.shape
    nd = len(s)
    for name, d in (("Dim1", dim1), ("Dim2", dim2)):
        if not -(nd + 1) <= d <= nd:
            raise IndexError(f"(OutOfRange) {name} is out of range (expected to be in range of "
                             f"[{-(nd + 1)}, {nd}], but got {d}).")
    d1, d2 = dim1 % (nd + 1), dim2 % (nd + 1)
    if d1 == d2:
        raise ValueError(f"(InvalidArgument) diagonal dimensions should not be identical {d1} "
                         f"vs {d2}.")
    size = s[-1] + abs(offset)
    out = list(s[:-1])
    for d in sorted((d1, d2)):
        out.insert(d, size)
    return (tuple(out), NP_TO_DTYPE[input._data.dtype])


def DiagInferMeta(x, offset, padding_value):
    s = x._data.shape
    if len(s) <= 1:
        n = (s[0] if s else 1) + abs(offset)
        return ((n, n), NP_TO_DTYPE[x._data.dtype])
    if len(s) == 2:
        return ((_diag_len(s[0], s[1], offset),), NP_TO_DTYPE[x._data.dtype])
    raise ValueError(f"(InvalidArgument) The input tensor X's dimensions of DiagV2Op should be "
                     f"either 1 or 2, but received {len(s)}.")


def KronInferMeta(x, y):
    _same_dtype(x, y)
    xs, ys = x._data.shape, y._data.shape
    nd = max(len(xs), len(ys))
    xs = (1,) * (nd - len(xs)) + tuple(xs)
    ys = (1,) * (nd - len(ys)) + tuple(ys)
    return (tuple(a * b for a, b in zip(xs, ys)), NP_TO_DTYPE[x._data.dtype])


def cross_axis(shape, axis):
    """Paddle's cross axis: 9 (the default) means the first axis of size 3."""
    if axis == 9:
        for i, d in enumerate(shape):
            if d == 3:
                return i
        raise ValueError(f"(InvalidArgument) Input(X/Y).dims() must have a dimension of size "
                         f"3, but received {list(shape)}.")
    return axis % len(shape)


def CrossInferMeta(x, y, axis):
    xs, ys = x._data.shape, y._data.shape
    if tuple(xs) != tuple(ys):
        raise ValueError(f"(InvalidArgument) The 'shape' of Input(X) should be equal to the "
                         f"'shape' of Input(Y). But received Input(X).dimensions = {list(xs)}, "
                         f"Input(Y).dimensions = {list(ys)}")
    nd = len(xs)
    if axis != 9:
        if not -nd <= axis < nd:
            raise IndexError(f"(OutOfRange) Attr(dim) is out of range, It's expected to be in "
                             f"range of [{-nd}, {nd - 1}]. But received Attr(dim) = {axis}.")
        if xs[axis] != 3:
            raise ValueError(f"(InvalidArgument) Input(X/Y).dims()[dim] should be equal to 3."
                             f"But received Input(X/Y).dims()[dim] = {xs[axis]}.")
    cross_axis(xs, axis)
    return (tuple(xs), NP_TO_DTYPE[x._data.dtype])


__all__ += ["CholeskyInferMeta", "SlogdetInferMeta"]


def CholeskyInferMeta(x, upper):
    s = x._data.shape
    if len(s) < 2 or s[-1] != s[-2]:
        raise AssertionError("Shape must have at least 2 dimensions and last two dimensions "
                             "must be equal.")
    return (s, NP_TO_DTYPE[x._data.dtype])


def SlogdetInferMeta(x):
    s = x._data.shape
    if len(s) < 2:
        raise ValueError("(InvalidArgument) the input matrix dimension size should greater "
                         "than 2.")
    if s[-1] != s[-2]:
        raise ValueError("(InvalidArgument) the input matrix should be square matrix.")
    return ((2,) + tuple(s[:-2]), NP_TO_DTYPE[x._data.dtype])


__all__ += ["MatrixPowerInferMeta"]


def MatrixPowerInferMeta(x, n):
    s = x._data.shape
    if len(s) < 2:
        raise ValueError(f"(InvalidArgument) The Input(X) should have at least 2 dimensions. But "
                         f"received a {len(s)} dimension tensor.")
    if s[-1] != s[-2]:
        raise ValueError(f"(InvalidArgument) The inner-most 2 dimensions of Input(X) all should "
                         f"be square matrices But received X's shape[-2] = {s[-2]} and "
                         f"shape[-1] = {s[-1]}.")
    return (s, NP_TO_DTYPE[x._data.dtype])


__all__ += ["MultiDotInferMeta"]


def MultiDotInferMeta(x):
    if len(x) <= 1:
        raise ValueError("(InvalidArgument) The number of input tensors in multi_dot op should "
                         "> 1.")
    shapes = [t._data.shape for t in x]
    first, last = shapes[0], shapes[-1]
    if len(first) >= 3:
        raise ValueError(f"(InvalidArgument) multi_dot: the first input tensor must be 1D or 2D "
                         f"but got[{len(first)}]!")
    if len(last) >= 3:
        raise ValueError(f"(InvalidArgument) multi_dot: the last input tensor must be 1D or 2D "
                         f"but got[{len(last)}]!")
    width = first[-1]
    for s in shapes[1:-1]:
        if len(s) != 2:
            raise ValueError(f"(InvalidArgument) multi_dot: the input tensor must be 2D but "
                             f"got[{len(s)}]!")
        if s[0] != width:
            raise ValueError("(InvalidArgument) the input matrix does not meet the "
                             "multiplication requirements.")
        width = s[1]
    if last[0] != width:
        raise ValueError("(InvalidArgument) the input matrix does not meet the multiplication "
                         "requirements.")
    for t in x[1:]:
        _same_dtype(t, x[0])
    out = (() if len(first) == 1 else (first[0],)) + (() if len(last) == 1 else (last[1],))
    return (out, NP_TO_DTYPE[x[0]._data.dtype])


__all__ += ["BaddbmmInferMeta", "PNormInferMeta", "TriangularSolveInferMeta", "SvdInferMeta",
            "QrInferMeta", "EighInferMeta", "EigInferMeta", "LUInferMeta", "LstsqInferMeta"]

def _matrix_input(x, what="x"):
    s = x._data.shape
    if len(s) < 2:
        raise ValueError(f"(InvalidArgument) The dimension of Input({what}) should be greater "
                         f"or equal than 2, but received {len(s)}.")
    return s


def _size(s):
    return f"paddle.Size([{', '.join(map(str, s))}])"


def BaddbmmInferMeta(input, x, y, beta, alpha):
    """Paddle's Python checks (python/paddle/tensor/math.py baddbmm): a 3-D input broadcasts
    to [b, m, n] by its 1s, a 2-D input [b, n] stands for [b, 1, n]."""
    xs, ys, ins = x._data.shape, y._data.shape, input._data.shape
    if not len(xs) == len(ys) == 3:
        raise ValueError(f"The dimension of x, y should be 3 but receive x's shape: {_size(xs)}, "
                         f"y's shape: {_size(ys)}")
    if xs[2] != ys[1]:
        raise ValueError(f"The input Variable x's width must be equal with Variable y's height. "
                         f"But received x's shape = {_size(xs)}, y's shape = {_size(ys)}.")
    want = (xs[0], xs[1], ys[2])
    if len(ins) == 3:
        names = ("x's", "x's", "y's")
        for d in range(3):
            if ins[d] != want[d] and ins[d] != 1:
                raise ValueError(f"If input's dimension[{d}] is not equal to {names[d]} "
                                 f"dimension[{d}], input's dimension[{d}] must be 1. But received "
                                 f"input's dimension[{d}] = {ins[d]}, {names[d]} dimension[{d}] "
                                 f"= {(xs if d < 2 else ys)[d]}")
    elif len(ins) == 2:
        if ins[0] != xs[0]:
            raise ValueError(f"The batch size of input must be equal to the batch size of x. But "
                             f"received input's batch size = {ins[0]}, x's batch size = {xs[0]}")
        if ins[1] not in (ys[2], 1):
            raise ValueError(f"The input's shape: {_size(ins)} is not broadcastable with "
                             f"[x.shape[0], x.shape[1], y.shape[2]]: [{xs[0]},{xs[1]},{ys[2]}]")
    else:
        raise ValueError(f"The dimension of input should be 3 or 2 but received input's shape: "
                         f"{_size(ins)}")
    for t in (x, y):
        _same_dtype(t, input)
    return (want, NP_TO_DTYPE[input._data.dtype])


def PNormInferMeta(x, porder, axis, epsilon, keepdim, asvector):
    s = x._data.shape
    nd = len(s)
    if asvector:
        out = tuple(1 for _ in s) if keepdim else ()
    else:
        if not (-nd <= axis < nd if nd else axis in (0, -1)):
            raise ValueError(f"(InvalidArgument) Attr(axis) value should be in range [-R, R-1], "
                             f"R is the rank of Input(X). But received axis: {axis}, R: {nd}. "
                             f"Current Input(X)'s shape is=[{', '.join(map(str, s))}].")
        a = axis % nd if nd else 0
        out = tuple(1 if i == a else d for i, d in enumerate(s)) if keepdim else \
            tuple(d for i, d in enumerate(s) if i != a)
    return (out, NP_TO_DTYPE[x._data.dtype])


def TriangularSolveInferMeta(x, y, upper, transpose, unitriangular):
    xs, ys = x._data.shape, y._data.shape
    if len(xs) < 2:
        raise ValueError(f"(InvalidArgument) The input tensor X's dimensions of "
                         f"TriangularSolveOp should be >= 2. But received X's dimensions = "
                         f"{len(xs)}, X's shape = [{', '.join(map(str, xs))}]")
    if len(ys) < 2:
        raise ValueError(f"(InvalidArgument) The input tensor Y's dimensions of "
                         f"TriangularSolveOp should be >=2. But received Y's dimensions = "
                         f"{len(ys)}, Y's shape = [{', '.join(map(str, ys))}]")
    if xs[-1] != xs[-2]:
        raise ValueError(f"(InvalidArgument) The inner-most 2 dimensions of Input(X) all should "
                         f"be square matrices But received X's shape[-2] = {xs[-2]} and "
                         f"shape[-1] = {xs[-1]}.")
    if xs[-1] != ys[-2]:
        raise ValueError(f"(InvalidArgument) The shape of X and Y should be matched, but received "
                         f"X's shape[-1] = {xs[-1]} and Y's shape[-2] = {ys[-2]}.")
    _same_dtype(y, x)
    batch = broadcast_shape(tuple(xs[:-2]), tuple(ys[:-2]))
    return (tuple(batch) + tuple(ys[-2:]), NP_TO_DTYPE[x._data.dtype])


def _real_of(x):
    import numpy as np
    d = x._data.dtype
    return NP_TO_DTYPE[np.dtype(d.char.lower()) if d.kind == "c" else d]


def _rank2(x, msg="(InvalidArgument) the rank of input must greater than 2"):
    s = x._data.shape
    if len(s) < 2:
        raise ValueError(msg)
    return s


def SvdInferMeta(x, full_matrices):
    s = _rank2(x)
    m, n = s[-2], s[-1]
    k = min(m, n)
    b = tuple(s[:-2])
    dt = NP_TO_DTYPE[x._data.dtype]
    u = b + ((m, m) if full_matrices else (m, k))
    vh = b + ((n, n) if full_matrices else (k, n))
    return ((u, dt), (b + (k,), _real_of(x)), (vh, dt))


def QrInferMeta(x, mode):
    s = _rank2(x)
    if mode not in ("reduced", "complete", "r"):
        raise ValueError(f"(InvalidArgument) QR received unrecognized mode '{mode}' but expected "
                         f"one of 'reduced' (default), 'r', or 'complete'")
    m, n = s[-2], s[-1]
    k = min(m, n)
    b = tuple(s[:-2])
    dt = NP_TO_DTYPE[x._data.dtype]
    if mode == "r":
        return (((0,), dt), (b + (k, n), dt))
    if mode == "complete":
        return ((b + (m, m), dt), (b + (m, n), dt))
    return ((b + (m, k), dt), (b + (k, n), dt))


def EighInferMeta(x, UPLO):
    """eigh and eigvalsh; paddle.linalg.eigh checks the shape in Python first."""
    s = x._data.shape
    if len(s) < 2:
        raise ValueError(f"(InvalidArgument) The Input(X) should have at least 2 dimensions.But "
                         f"received a {len(s)} dimension tensor.")
    if s[-1] != s[-2]:
        raise ValueError(f"(InvalidArgument) Eigvalsh op is designed for square matrix, "
                         f"consequently inner-most 2 dimensions of Input(X) should be symmetric. "
                         f"But received X's shape[-2] = {s[-2]} and shape[-1] = {s[-1]}.")
    if UPLO not in ("L", "U"):
        raise ValueError(f"UPLO must be L or U. But received UPLO is: {UPLO}")
    return ((tuple(s[:-1]), _real_of(x)), (s, NP_TO_DTYPE[x._data.dtype]))


def EigInferMeta(x):
    import numpy as np
    s = x._data.shape
    if len(s) < 2:
        raise ValueError(f"(InvalidArgument) Expects input tensor x to be not less than 2 "
                         f"dimensions, but got dimension {len(s)}")
    if s[-1] != s[-2]:
        raise ValueError(f"(InvalidArgument) The input matrix must be a square matrix, but "
                         f"receive a matrix with {s[-2]} rows and {s[-1]} columns")
    d = x._data.dtype
    c = NP_TO_DTYPE[d if d.kind == "c" else np.result_type(d, np.complex64)]
    return ((tuple(s[:-1]), c), (s, c))


def LUInferMeta(x, pivot):
    from ..common import int32
    s = _rank2(x, "(InvalidArgument) The rank of input must greater than 2.")
    if not pivot:
        raise ValueError("(InvalidArgument) lu without pivoting is not implemented on the CPU, "
                         "but got pivots=False")
    b = tuple(s[:-2])
    return ((s, NP_TO_DTYPE[x._data.dtype]), (b + (min(s[-2], s[-1]),), int32), (b, int32))


def LstsqInferMeta(x, y, rcond, driver):
    from ..common import int32
    xs, ys = x._data.shape, y._data.shape
    if len(xs) < 2 or len(ys) < 2:
        raise ValueError("(InvalidArgument) The dimensions of Input(X) and Input(Y) should be "
                         "greater than or equal to 2.")
    if xs[-2] != ys[-2]:
        raise ValueError(f"(InvalidArgument) The first dimension of Input(X) and Input(Y) should "
                         f"be equal, but received X's shape[-2] = {xs[-2]} and Y's shape[-2] = "
                         f"{ys[-2]}.")
    _same_dtype(y, x)
    m, n, k = xs[-2], xs[-1], ys[-1]
    b = tuple(xs[:-2])
    dt = NP_TO_DTYPE[x._data.dtype]
    res = b + (k,) if m > n and driver != "gelsy" else (0,)
    sv = b + (min(m, n),) if driver in ("gelsd", "gelss") else (0,)
    rank = b
    return ((b + (n, k), dt), (res, dt), (rank, int32), (sv, _real_of(x)))
