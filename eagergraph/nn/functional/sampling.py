"""affine_grid and grid_sample (Paddle nn/functional/vision.py, phi cpu grid_sample kernels),
composed from public ops.

grid_sample follows Paddle's CPU kernel: each grid coordinate is unnormalised in the input's
dtype ((g + 1) * (size - 1) / 2, or (g + 1) * size / 2 - 0.5 without align_corners), then
clipped ('border') or reflected ('reflection') as the kernel does. That map is piecewise
linear in g, so it is computed in NumPy (value p and slope s, the grad kernel's grid_scale)
and enters the graph as p + s * (g - detach(g)): the value is exactly the kernel's and every
derivative of the map is exact. Bilinear weights are distances to the floor/ceil corners;
corners outside the input read 0 (an appended zero row). All corner values come from one gather
over the [N*H*W, C] rows, so gradients (input and grid, any order) are the ops' gradients.
"""
import numpy as np

from ... import ops as _ops
from ...creation import to_tensor
from ...tensor import Tensor

__all__ = ["affine_grid", "grid_sample"]


# ---------------------------------------------------------------- affine_grid

def _linspace(count, align_corners, dt):
    """Paddle's Linspace(-1, 1, count): with align_corners a count of 1 divides by 0."""
    start, end = dt(-1), dt(1)
    with np.errstate(divide="ignore", invalid="ignore"):
        step = (end - start) / dt(count - 1)
        if not align_corners:
            step = (end - start) / dt(count)
            start = start * (dt(count - 1) / dt(count))
        return start + np.arange(count).astype(dt) * step


def affine_grid(theta, out_shape, align_corners=True, name=None):
    """The sampling grid [N, H, W, 2] (or [N, D, H, W, 3]) of the affine maps theta
    [N, 2, 3] (or [N, 3, 4]) over a normalised [-1, 1] output of out_shape
    [N, C, H, W] (or [N, C, D, H, W]): base (x, y[, z], 1) @ theta^T."""
    if not isinstance(theta, Tensor):
        raise TypeError("The theta should be a Tensor.")
    if isinstance(out_shape, Tensor):
        if out_shape.size == 0:
            raise ValueError("The out_shape cannot be empty.")
        out_shape = [int(v) for v in out_shape.numpy().reshape(-1)]
    out_shape = [int(v) for v in out_shape]
    if len(out_shape) < 4:
        raise ValueError(f"(InvalidArgument) The size of attribute 'output_shape' in "
                         f"AffineGridOp should be >= 4. But received output_shape's "
                         f"size=[{len(out_shape)}].")
    dtype = str(theta.dtype).replace("paddle.", "")
    if dtype not in ("float32", "float64"):
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), "
                           f"{dtype}) of kernel `affine_grid` is not registered. Selected "
                           f"wrong DataType `{dtype}`. Paddle support following DataTypes: "
                           f"float64, float32.")
    spatial = out_shape[2:5] if len(out_shape) >= 5 else out_shape[2:4]
    k = len(spatial)
    if list(theta.shape[1:]) != [k, k + 1]:
        raise ValueError(f"(InvalidArgument) theta should be of shape [N, {k}, {k + 1}] for an "
                         f"out_shape of {len(out_shape)} elements, but received "
                         f"{list(theta.shape)}.")
    dt = np.float64 if dtype == "float64" else np.float32
    axes = [_linspace(s, align_corners, dt) for s in reversed(spatial)]  # x (W) first
    mesh = np.meshgrid(*reversed(axes), indexing="ij")  # [D,] H, W
    base = np.stack(list(reversed(mesh)) + [np.ones(spatial, dt)], axis=-1).reshape(-1, k + 1)
    n = theta.shape[0]
    out = _ops.matmul(to_tensor(base), theta, transpose_y=True)  # [N, P, k]
    return _ops.reshape(out, [n] + list(spatial) + [k])


# ---------------------------------------------------------------- grid_sample

_MODES = ["bilinear", "nearest"]
_PADDINGS = ["zeros", "reflection", "border"]


def _locate(g, max_val, align_corners, padding_mode):
    """Paddle's Unnormalize + Clip (value) and ClipWithMask's grid_scale (slope)."""
    dt = g.dtype.type
    if align_corners:
        factor = dt(max_val * 0.5)
        p = (g + dt(1)) * factor
    else:
        factor = dt((max_val + 1) * 0.5)
        p = (g + dt(1)) * factor - dt(0.5)
    slope = np.full(g.shape, factor, g.dtype)
    if padding_mode == "border":
        res = np.minimum(np.maximum(p, dt(0)), dt(max_val))
        slope = slope * (res == p)
        p = res
    elif padding_mode == "reflection":
        shift = dt(0) if align_corners else dt(0.5)
        rng = dt(max_val * 2) if align_corners else dt((max_val + 1) * 2)
        with np.errstate(divide="ignore", invalid="ignore"):
            a = np.abs(p + shift)
            extra = a - np.floor(a / rng) * rng
        is_neg = (p + shift) < 0
        flip = extra > (rng - extra)
        sign = np.where(is_neg == flip, dt(1), dt(-1))
        r = np.minimum(extra, rng - extra) - shift
        if align_corners:
            p = np.zeros_like(p) if max_val == 0 else r
            slope = slope * sign
        else:
            c = np.minimum(np.maximum(r, dt(0)), dt(max_val))
            slope = slope * sign * (c == r)
            p = c
    return p.astype(g.dtype), slope.astype(g.dtype)


def _check_grid_sample(x, grid, mode, padding_mode, align_corners):
    if mode not in _MODES:
        raise ValueError(f"(InvalidArgument) The mode of grid sample function should be in "
                         f"['bilinear', 'nearest'], but got: {mode}")
    if padding_mode not in _PADDINGS:
        raise ValueError(f"(InvalidArgument) The padding mode of grid sample function should "
                         f"be in ['zeros', 'reflection', 'border'], but got: {padding_mode}")
    if not isinstance(align_corners, bool):
        raise TypeError(f"(InvalidType) grid_sample(): argument (position 5) must be bool, "
                        f"but got {type(align_corners).__name__}")
    xs, gs = list(x.shape), list(grid.shape)
    if len(xs) < 4:
        raise ValueError(f"(InvalidArgument) Input(X) of GridSampleOp should be 4-D Tensor, "
                         f"but received X dimension size({len(xs)})")
    k = len(xs) - 2
    if len(xs) > 5 or len(gs) != len(xs):
        raise ValueError(f"(InvalidArgument) Input(Grid) of GridSampleOp should be "
                         f"{len(xs)}-D Tensor, but received Grid dimension size({len(gs)})")
    if gs[-1] != k:
        raise ValueError(f"(InvalidArgument) Input(Grid) dimension[{len(gs) - 1}] should be "
                         f"{k}, but received {gs[-1]}")
    if gs[0] != xs[0]:
        raise ValueError(f"(InvalidArgument) Input(X) and Input(Grid) dimension[0] should be "
                         f"equal, but received X dimension[0]({xs[0]}) != Grid dimension[0]"
                         f"({gs[0]})")
    for t in (x, grid):
        dtype = str(t.dtype).replace("paddle.", "")
        if dtype not in ("float32", "float64"):
            raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), "
                               f"{dtype}) of kernel `grid_sample` is not registered. Selected "
                               f"wrong DataType `{dtype}`. Paddle support following "
                               f"DataTypes: float64, float32.")
    if x.dtype != grid.dtype:
        raise ValueError(f"(InvalidArgument) The type of data we are trying to retrieve "
                         f"({str(x.dtype).replace('paddle.', '')}) does not match the type "
                         f"of data ({str(grid.dtype).replace('paddle.', '')}) currently "
                         f"contained in the container.")


def grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=True, name=None):
    """Sample x [N, C, H, W] (or [N, C, D, H, W]) at the normalised (x, y[, z]) locations of
    grid [N, Ho, Wo, 2] (or [N, Do, Ho, Wo, 3]) -> [N, C, Ho, Wo] (or [N, C, Do, Ho, Wo])."""
    _check_grid_sample(x, grid, mode, padding_mode, align_corners)
    xs = list(x.shape)
    n, c, in_sizes = xs[0], xs[1], xs[2:]  # [D,] H, W
    k = len(in_sizes)
    out_sp = list(grid.shape[1:-1])
    g_np = grid.numpy()
    # coordinate j of the grid is x (W), y (H), z (D): spatial axis k - 1 - j
    locs = [_locate(g_np[..., j], in_sizes[k - 1 - j] - 1, align_corners, padding_mode)
            for j in range(k)]
    hw = int(np.prod(in_sizes))
    # rows [N*HW, C] with a zero row appended: corners outside the input read that row
    rows = _ops.reshape(_ops.transpose(x, [0] + list(range(2, k + 2)) + [1]), [n * hw, c])
    rows = _ops.concat([rows, _ops.zeros([1, c], x.dtype)], axis=0)
    strides = [int(np.prod(in_sizes[k - j:])) for j in range(k)]  # x: 1, y: W, z: H*W
    batch = (np.arange(n) * hw).reshape([n] + [1] * len(out_sp))
    to_nc = [0, k + 1] + list(range(1, k + 1))  # [N, *out, C] -> [N, C, *out]

    def flat_index(coords):
        """Row of each integer corner (one array per grid coordinate); n*hw when outside."""
        inside = np.ones(coords[0].shape, bool)
        flat = batch.copy()
        for j, cj in enumerate(coords):
            size = in_sizes[k - 1 - j]
            inside &= (cj >= 0) & (cj <= size - 1)
            flat = flat + np.clip(cj, 0, max(size - 1, 0)).astype(np.int64) * strides[j]
        return np.where(inside, flat, n * hw).reshape(-1)

    def corners(coord_sets):
        """Values at each set of corners, one gather for all: [N, C, *out] each."""
        idx = np.concatenate([flat_index(cs) for cs in coord_sets])
        v = _ops.reshape(_ops.gather(rows, to_tensor(idx), axis=0),
                         [len(coord_sets), n] + out_sp + [c])
        return [_ops.transpose(v[i], to_nc) for i in range(len(coord_sets))]

    if mode == "nearest":  # rounded half to even, then checked against the bounds
        out = corners([[np.rint(p) for p, _ in locs]])[0]
        # the grid's gradient is zero (Paddle returns zeros, not None)
        zero = _ops.scale(_ops.sum(_ops.sign(grid), axis=-1), 0.0)
        return _ops.add(out, _ops.unsqueeze(zero, 1))
    # bilinear: location tensors with the kernel's values and grid_scale slopes
    pos = []
    for j, (p, s) in enumerate(locs):
        gj = grid[..., j]
        pos.append(_ops.add(to_tensor(p), _ops.multiply(to_tensor(s),
                                                        _ops.subtract(gj, gj.detach()))))
    lows = [np.floor(p) for p, _ in locs]
    d_lo = [_ops.unsqueeze(_ops.subtract(pos[j], to_tensor(lows[j])), 1) for j in range(k)]
    d_hi = [_ops.unsqueeze(_ops.subtract(to_tensor(lows[j] + 1), pos[j]), 1)
            for j in range(k)]
    # Paddle's term order: x varies fastest, then y, then z; each value times the opposite
    # distances in x, y, z order
    bit_sets = [[(b >> j) & 1 for j in range(k)] for b in range(2 ** k)]
    values = corners([[lows[j] + bits[j] for j in range(k)] for bits in bit_sets])
    out = None
    for bits, term in zip(bit_sets, values):
        for j in range(k):
            term = _ops.multiply(term, d_lo[j] if bits[j] else d_hi[j])
        out = term if out is None else _ops.add(out, term)
    return out
