"""Paddle's CPU summation orders, so float sums agree with Paddle 3.3.1 bit for bit (the sum and
mean kernels, and the reduction of a broadcast input's gradient, use them).

A partial reduction (the sum and mean kernels: Eigen's generic reducer) adds the reduced
elements one after another, the FIRST reduced axis varying fastest. NumPy adds in that order
when one axis other than the last is reduced; otherwise (the last axis, several axes) it sums
pairwise or in another order, so the reduced axes are moved to the front (last reduced
outermost) and added row by row (done for the last axis alone: in_paddle_order says why not
for several). The gradient of a broadcast input of an elementwise op
(Paddle's ElemwiseGradBroadcast loops) is summed one by one too, but with the LAST reduced axis
fastest (row-major order: measured bit for bit on add, subtract, multiply and a conv bias).
The engine does not follow it: the same reduction gives batch_norm's weight and bias grads,
which Paddle's fused kernel sums row by row vectorised, and there the sequential order is
10-14 ulps of the largest value off against NumPy's 2-3 (and the demo CNN's 3-epoch loss
curve, within 5e-7 of Paddle's with NumPy's order, parted from it at epoch 2).
A mean over every element (Eigen's full MeanReducer, not vectorised by tree) keeps one packet
of lanes (8 float32 / 4 float64, AVX), adds the leftover elements one by one, folds the lanes
as Eigen's predux does and divides by the count. A full sum is a tree over leaves of 8192
float32 (4096 float64) elements split at packet-aligned halves, each leaf two packets of
lanes; emulated it agreed with Paddle 3.3.1 on every size tried, but costs 3.5x NumPy's sum on
a small tensor (+5 us), so full sums keep NumPy's pairwise order (a few ulps from Paddle's)."""
import numpy as np

__all__ = ["LANES", "in_paddle_order", "last_axis_sum", "mean_all_lanes"]

LANES = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}


def in_paddle_order(x, axis):
    """Whether a float reduction of x over `axis` (a tuple) is reordered to add as Paddle's sum
    and mean kernels do: over the last axis alone (row sums). Over several axes Paddle's kernels
    add first-reduced-fastest too, but eagergraph's batch_norm composes its statistics from
    mean over (N, H, W), and Paddle's fused batch_norm kernel sums each row vectorised: NumPy's
    pairwise order is within an ulp of that, the sequential order five, so several axes keep
    NumPy's order."""
    if x.dtype.kind != "f" or not axis or x.ndim < 2:
        return False
    return len(axis) == 1 and axis[0] % x.ndim == x.ndim - 1


def last_axis_sum(x, d, keepdim):
    """sum of x over its last axis one element after another: the axis moved in front, then
    added row by row (NumPy's axis-0 reduction is sequential)."""
    out = np.add.reduce(np.ascontiguousarray(np.moveaxis(x, -1, 0)), 0, d)
    return out[..., None] if keepdim else out


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
