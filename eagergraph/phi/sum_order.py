"""Paddle's CPU summation orders, so float sums agree with Paddle 3.3.1 bit for bit (the sum and
mean kernels, the softmax's row sums, and the reduction of a broadcast input's gradient use
them).

A partial reduction (the sum and mean kernels: Eigen's generic reducer) adds the reduced
elements one after another, the FIRST reduced axis varying fastest. NumPy adds in that order
when one axis other than the last is reduced (and the axes after it hold more than one
element); otherwise (the last axis, several axes) it sums pairwise or in another order, so the
reduced axis is moved to the front and added row by row (done for one axis: in_paddle_order
says why not for several).
The gradient of a broadcast input of an elementwise op (Paddle's ElemwiseGradBroadcast loops)
is summed one by one too, but with the LAST reduced axis fastest (row-major order:
row_major_sum; measured bit for bit on add, subtract, multiply and a conv's bias). The engine
sums every float32/float64 broadcast gradient so. eagergraph's batch_norm, layer_norm and
group_norm are composed of elementwise ops, where Paddle's fused kernels sum each row
vectorised: there the row-major order measured 5-25x more ulps off than NumPy's pairwise one,
so the norms hand their per-channel operands in already broadcast (the internal op
broadcast_view), whose gradient keeps NumPy's order.
The softmax's row sum (Paddle's CPU row kernel for the last axis, vec_sum<float, avx>) keeps
8 lanes folded by AVX's horizontal adds (avx_row_sum).
A mean over every element (Eigen's full MeanReducer, not vectorised by tree) keeps one packet
of lanes (8 float32 / 4 float64, AVX), adds the leftover elements one by one, folds the lanes
as Eigen's predux does and divides by the count. A full sum is a tree over leaves of 8192
float32 (4096 float64) elements split at packet-aligned halves, each leaf two packets of
lanes; emulated it agreed with Paddle 3.3.1 on every size tried, but costs 3.5x NumPy's sum on
a small tensor (+5 us), so full sums keep NumPy's pairwise order (a few ulps from Paddle's)."""
import math

import numpy as np

from .transpose_copy import transpose_copy

__all__ = ["LANES", "in_paddle_order", "axis_sum", "mean_all_lanes", "avx_row_sum",
           "row_major_sum", "rows_in_turn"]

LANES = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}


def in_paddle_order(x, axis):
    """Whether a float reduction of x over `axis` (a tuple) is reordered to add as Paddle's sum
    and mean kernels do: over one axis that NumPy would sum pairwise (the last axis, or one
    followed only by axes of size 1; over any other single axis NumPy's order is Paddle's). Over
    several axes Paddle's kernels add first-reduced-fastest too, but eagergraph's batch_norm
    composes its statistics from mean over (N, H, W), and Paddle's fused batch_norm kernel sums
    each row vectorised: NumPy's pairwise order is within an ulp of that, the sequential order
    five, so several axes keep NumPy's order."""
    if x.dtype.kind != "f" or not axis or x.ndim < 2 or len(axis) != 1:
        return False
    return all(n == 1 for n in x.shape[axis[0] % x.ndim + 1:])


def rows_in_turn(a, d=None):
    """The sum over axis 0 of a 2-D a, adding its rows one after another: NumPy's axis-0
    reduction does so for rows of two or more elements, but sums a single column pairwise, so
    that one is a running sum."""
    if a.shape[1] == 1 and a.shape[0] > 1:
        return np.cumsum(a[:, 0], dtype=d)[-1:]
    return np.add.reduce(a, 0, d)


def axis_sum(x, axis, d, keepdim):
    """sum of x over one axis one element after another: the axis moved in front, then added
    row by row."""
    axis %= x.ndim
    front = transpose_copy(x, (axis,) + tuple(i for i in range(x.ndim) if i != axis))
    rest = front.shape[1:]
    out = rows_in_turn(front.reshape(front.shape[0], math.prod(rest)), d).reshape(rest)
    return np.expand_dims(out, axis) if keepdim else out


def row_major_sum(x, axes):
    """The sum of float x over `axes` (a tuple, increasing) adding the reduced elements one
    after another in row-major order, the last reduced axis fastest: how Paddle's elementwise
    grad kernels reduce a broadcast input's gradient (ElemwiseGradBroadcast1/2CPU,
    CommonGradBroadcastCPU). The reduced axes are moved in front (no copy when they lead)."""
    kept = tuple(i for i in range(x.ndim) if i not in axes)
    kept_shape = tuple(x.shape[i] for i in kept)
    n = 1
    for i in axes:
        n *= x.shape[i]
    if n == 0:
        return np.zeros(kept_shape, x.dtype)
    k = x.size // n
    if 1 < k < _FEW:  # few sums (a conv's bias): each a running sum along a contiguous row
        a = transpose_copy(x, kept + axes).reshape(k, n)
        return np.cumsum(a, axis=1)[:, -1].reshape(kept_shape)
    x = transpose_copy(x, axes + kept) if axes != tuple(range(len(axes))) else \
        np.ascontiguousarray(x)
    return rows_in_turn(x.reshape(n, k)).reshape(kept_shape)


# fewer sums than this run along rows (NumPy's axis-0 reduction steps row after row, each step
# over only this many elements: ~1.5x slower). One element after another costs ~8x NumPy's
# pairwise sum at a conv bias's shape either way ([64, 6, 24, 24]: ~0.9 against 0.1 ms)
_FEW = 16


def _fold_lanes(lanes):
    """Eigen's predux: halves added until four lanes, then (l0 + l2) + (l1 + l3)."""
    while lanes.size > 4:
        h = lanes.size // 2
        lanes = lanes[:h] + lanes[h:]
    b = lanes[:2] + lanes[2:]
    return b[0] + b[1]


def mean_all_lanes(x):
    """The mean of every element of a float32/float64 x as Paddle's CPU kernel adds them."""
    a = x.reshape(-1)
    lanes = LANES[a.dtype]
    n = a.size
    v = n // lanes * lanes
    acc = np.add.reduce(a[:v].reshape(-1, lanes), 0) if v else np.zeros(lanes, a.dtype)
    rest = a.dtype.type(0)
    for e in a[v:]:  # fewer than `lanes` elements
        rest = rest + e
    return np.asarray((rest + _fold_lanes(acc)) / a.dtype.type(n))


def avx_row_sum(x):
    """Each row's sum (the last axis, keepdims) of a float32 x as Paddle's vec_sum<float, avx>
    adds it (the CPU softmax's denominator): rows shorter than 8 one element after another;
    else 8 lanes, each adding every 8th element in turn, folded as _mm256_hadd_ps and a swap of
    the 128-bit halves give ((l0 + l1) + (l4 + l5)) + ((l2 + l3) + (l6 + l7)), then the
    leftover elements one by one."""
    c = x.shape[-1]
    rows = x.reshape(-1, c)
    if c < 8:
        s = rows[:, 0].copy()
        for i in range(1, c):
            s += rows[:, i]
        return s.reshape(x.shape[:-1] + (1,))
    end = c & ~7
    lanes = rows[:, :8] if end == 8 else \
        np.add.reduce(rows[:, :end].reshape(rows.shape[0], end // 8, 8), 1)  # in turn
    s = ((lanes[:, 0] + lanes[:, 1]) + (lanes[:, 4] + lanes[:, 5])) + \
        ((lanes[:, 2] + lanes[:, 3]) + (lanes[:, 6] + lanes[:, 7]))
    for i in range(end, c):
        s += rows[:, i]
    return s.reshape(x.shape[:-1] + (1,))
