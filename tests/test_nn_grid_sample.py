"""F.affine_grid and F.grid_sample (compositions in nn/functional/sampling.py, no op-table row):
values against a per-point NumPy reference written here, gradients w.r.t. input, grid and
theta against central differences to second order (float64), Paddle's argument errors."""
import itertools

import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F
from tests.gradcheck import check_grads

RNG = np.random.default_rng(0)


def ref_coord(g, size, align_corners, padding_mode):
    """One normalised coordinate -> pixel coordinate, as torch/Paddle define the paddings."""
    p = (g + 1) * (size - 1) / 2 if align_corners else ((g + 1) * size - 1) / 2
    if padding_mode == "border":
        p = min(max(p, 0.0), size - 1)
    elif padding_mode == "reflection":
        lo, span = (0.0, size - 1) if align_corners else (-0.5, size)
        if span == 0:
            return 0.0
        d = abs(p - lo) % (2 * span)
        p = lo + (d if d <= span else 2 * span - d)
        p = min(max(p, 0.0), size - 1)
    return p


def ref_grid_sample(x, grid, mode, padding_mode, align_corners):
    n, c = x.shape[:2]
    sizes = x.shape[2:]  # [D,] H, W
    k = len(sizes)
    out = np.zeros((n, c) + grid.shape[1:-1])
    for b in range(n):
        for o in np.ndindex(*grid.shape[1:-1]):
            # grid coordinate j addresses spatial axis k - 1 - j
            pos = [ref_coord(grid[(b,) + o + (j,)], sizes[k - 1 - j], align_corners,
                             padding_mode) for j in range(k)][::-1]
            if mode == "nearest":
                idx = [int(np.rint(p)) for p in pos]
                if all(0 <= i < s for i, s in zip(idx, sizes)):
                    out[(b, slice(None)) + o] = x[(b, slice(None)) + tuple(idx)]
                continue
            lo = [int(np.floor(p)) for p in pos]
            for bits in itertools.product((0, 1), repeat=k):
                idx = [lo[a] + bits[a] for a in range(k)]
                if not all(0 <= i < s for i, s in zip(idx, sizes)):
                    continue
                w = np.prod([(pos[a] - lo[a]) if bits[a] else (lo[a] + 1 - pos[a])
                             for a in range(k)])
                out[(b, slice(None)) + o] += w * x[(b, slice(None)) + tuple(idx)]
    return out


CASES = list(itertools.product(["bilinear", "nearest"], ["zeros", "border", "reflection"],
                               [True, False]))


@pytest.mark.parametrize("mode,padding_mode,align_corners", CASES)
@pytest.mark.parametrize("ndim", [4, 5])
def test_grid_sample_values(mode, padding_mode, align_corners, ndim):
    xs, gs = ([2, 3, 4, 5], [2, 3, 4, 2]) if ndim == 4 else ([1, 2, 3, 4, 5], [1, 2, 3, 2, 3])
    x = RNG.standard_normal(xs)
    g = RNG.uniform(-1.7, 1.7, gs)
    got = F.grid_sample(paddle.to_tensor(x), paddle.to_tensor(g), mode=mode,
                        padding_mode=padding_mode, align_corners=align_corners)
    assert got.dtype == paddle.float64
    want = ref_grid_sample(x, g, mode, padding_mode, align_corners)
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-10, atol=1e-12)


def test_grid_sample_float32_and_default_align_corners():
    x = RNG.standard_normal([1, 2, 4, 4]).astype("float32")
    g = RNG.uniform(-1, 1, [1, 3, 3, 2]).astype("float32")
    got = F.grid_sample(paddle.to_tensor(x), paddle.to_tensor(g))  # align_corners=True
    assert got.dtype == paddle.float32 and got.shape == [1, 2, 3, 3]
    np.testing.assert_allclose(got.numpy(), ref_grid_sample(x, g, "bilinear", "zeros", True),
                               rtol=1e-5, atol=1e-6)


def test_grid_sample_nearest_ties_round_half_to_even():
    # W = 5 with align_corners: g = k/4 lands on pixel k/2 + 2, ties included; Paddle's
    # kernel rounds them to even and then checks the bounds (-0.5 -> 0 is inside)
    x = np.arange(25.0).reshape(1, 1, 5, 5)
    gx = np.arange(-8, 9) / 4
    g = np.stack([gx, np.zeros_like(gx)], -1).reshape(1, 1, 17, 2)
    got = F.grid_sample(paddle.to_tensor(x), paddle.to_tensor(g), mode="nearest").numpy()
    col = np.rint((gx + 1) * 2)
    want = np.where((col >= 0) & (col <= 4), 10 + np.clip(col, 0, 4), 0)
    np.testing.assert_array_equal(got.ravel(), want)


@pytest.mark.parametrize("padding_mode", ["zeros", "border", "reflection"])
@pytest.mark.parametrize("align_corners", [True, False])
def test_grid_sample_grads_second_order(padding_mode, align_corners):
    x = RNG.standard_normal([1, 2, 3, 4])
    g = RNG.uniform(-1.4, 1.4, [1, 2, 3, 2])
    check_grads(lambda t: F.grid_sample(t[0], t[1], padding_mode=padding_mode,
                                        align_corners=align_corners), [x, g])


def test_grid_sample_5d_grads_second_order():
    x = RNG.standard_normal([1, 2, 2, 3, 3])
    g = RNG.uniform(-1.2, 1.2, [1, 2, 2, 1, 3])
    check_grads(lambda t: F.grid_sample(t[0], t[1], padding_mode="reflection",
                                        align_corners=False), [x, g])


def test_grid_sample_nearest_grid_grad_is_zero():
    x = paddle.to_tensor(RNG.standard_normal([1, 1, 3, 3]), stop_gradient=False)
    g = paddle.to_tensor(RNG.uniform(-1, 1, [1, 2, 2, 2]), stop_gradient=False)
    F.grid_sample(x, g, mode="nearest").sum().backward()
    np.testing.assert_array_equal(g.grad.numpy(), np.zeros([1, 2, 2, 2]))
    assert x.grad.numpy().sum() == 4  # each output reads one input pixel


def test_grid_sample_empty_and_errors():
    x = paddle.zeros([1, 2, 3, 4])
    assert F.grid_sample(x, paddle.zeros([1, 0, 3, 2])).shape == [1, 2, 0, 3]
    assert F.grid_sample(paddle.zeros([0, 2, 3, 4]), paddle.zeros([0, 2, 3, 2])).shape == \
        [0, 2, 2, 3]
    g = paddle.zeros([1, 2, 2, 2])
    with pytest.raises(ValueError, match="mode of grid sample"):
        F.grid_sample(x, g, mode="bicubic")
    with pytest.raises(ValueError, match="padding mode"):
        F.grid_sample(x, g, padding_mode="foo")
    with pytest.raises(TypeError, match="must be bool"):
        F.grid_sample(x, g, align_corners=1)
    with pytest.raises(ValueError, match=r"dimension\[3\] should be 2"):
        F.grid_sample(x, paddle.zeros([1, 2, 2, 3]))
    with pytest.raises(ValueError, match=r"dimension\[0\] should be equal"):
        F.grid_sample(x, paddle.zeros([2, 2, 2, 2]))
    with pytest.raises(ValueError, match="should be 4-D"):
        F.grid_sample(paddle.zeros([2, 3]), g)
    with pytest.raises(RuntimeError, match="not registered"):
        F.grid_sample(paddle.zeros([1, 2, 3, 4], "int32"), paddle.zeros([1, 2, 2, 2], "int32"))


# ---------------------------------------------------------------- affine_grid

def ref_affine_grid(theta, out_shape, align_corners):
    spatial = out_shape[2:]

    def lin(s):
        if align_corners:
            return np.linspace(-1, 1, s) if s > 1 else np.full(s, np.nan)
        return (np.arange(s) * 2 + 1) / s - 1

    axes = np.meshgrid(*[lin(s) for s in spatial], indexing="ij")  # [D,] H, W
    base = np.stack(list(axes[::-1]) + [np.ones(spatial)], -1)  # (x, y[, z], 1)
    return np.einsum("...i,nji->n...j", base, theta)


@pytest.mark.parametrize("align_corners", [True, False])
@pytest.mark.parametrize("out_shape", [[2, 3, 4, 5], [2, 1, 3, 4, 2], [2, 1, 1, 3]])
def test_affine_grid_values_and_grads(align_corners, out_shape):
    k = len(out_shape) - 2
    theta = RNG.standard_normal([2, k, k + 1])
    got = F.affine_grid(paddle.to_tensor(theta), out_shape, align_corners=align_corners)
    assert got.shape == [2] + out_shape[2:] + [k] and got.dtype == paddle.float64
    np.testing.assert_allclose(got.numpy(), ref_affine_grid(theta, out_shape, align_corners),
                               rtol=1e-12, atol=1e-12)
    if not np.isnan(got.numpy()).any():
        check_grads(lambda t: F.affine_grid(t[0], out_shape, align_corners=align_corners),
                    [theta])


def test_affine_grid_then_grid_sample_identity():
    # the identity theta with align_corners samples every pixel at its own centre
    x = RNG.standard_normal([2, 3, 4, 5])
    theta = paddle.to_tensor(np.tile(np.eye(2, 3), (2, 1, 1)))
    for ac in (True, False):
        g = F.affine_grid(theta, [2, 3, 4, 5], align_corners=ac)
        got = F.grid_sample(paddle.to_tensor(x), g, align_corners=ac)
        np.testing.assert_allclose(got.numpy(), x, atol=1e-12)


def test_affine_grid_errors():
    theta = paddle.zeros([2, 2, 3])
    with pytest.raises(TypeError, match="theta should be a Tensor"):
        F.affine_grid(np.zeros([2, 2, 3]), [2, 3, 4, 5])
    with pytest.raises(ValueError, match="should be >= 4"):
        F.affine_grid(theta, [2, 3, 4])
    with pytest.raises(RuntimeError, match="not registered"):
        F.affine_grid(paddle.zeros([2, 2, 3], "int32"), [2, 3, 4, 5])
    assert F.affine_grid(theta, paddle.to_tensor([2, 3, 4, 5])).shape == [2, 4, 5, 2]


def test_grid_sample_mixed_dtypes_error():
    # Paddle's kernel takes x's dtype and then reads the grid as it
    with pytest.raises(ValueError, match=r"retrieve \(float64\) does not match the type of "
                                         r"data \(float32\)"):
        F.grid_sample(paddle.zeros([1, 1, 2, 2], "float64"), paddle.zeros([1, 1, 1, 2]))
