"""Results that were silently wrong (issue 24), checked against NumPy references and against
values captured from paddle 3.3.1 (the optional tests at the end recompute them with real
Paddle)."""
import numpy as np
import pytest

import eagergraph as paddle

NAN, INF = float("nan"), float("inf")
SPECIALS = np.array([NAN, INF, -INF, 1.0, -0.0], np.float32)


# ------------------------------------------------- overwrites never compute from the old value

def test_setitem_overwrites_nan_and_inf():
    x = paddle.to_tensor(SPECIALS)
    x[paddle.isnan(x)] = 0
    want = SPECIALS.copy()
    want[np.isnan(want)] = 0
    np.testing.assert_array_equal(x.numpy(), want)
    x = paddle.to_tensor(SPECIALS)
    x[paddle.isinf(x)] = 0
    want = SPECIALS.copy()
    want[np.isinf(want)] = 0
    np.testing.assert_array_equal(x.numpy(), want)
    x = paddle.to_tensor(SPECIALS)
    x[1:3] = paddle.to_tensor([5.0, 6.0])
    np.testing.assert_array_equal(x.numpy(), [NAN, 5.0, 6.0, 1.0, -0.0])


@pytest.mark.parametrize("fill", ["zero_", "fill_", "uniform_", "normal_"])
def test_fills_overwrite_nan_and_inf(fill):
    x = paddle.to_tensor(np.tile(SPECIALS, 4))
    if fill == "zero_":
        x.zero_()
        np.testing.assert_array_equal(x.numpy(), np.zeros(20, np.float32))
    elif fill == "fill_":
        x.fill_(2.5)
        np.testing.assert_array_equal(x.numpy(), np.full(20, 2.5, np.float32))
    elif fill == "uniform_":
        x.uniform_(min=-1.0, max=1.0)
        assert np.all((x.numpy() >= -1) & (x.numpy() < 1))
    else:
        paddle.normal_(x)
        assert np.all(np.isfinite(x.numpy()))


def test_overwritten_nan_gets_no_gradient_and_value_gets_its_own():
    a = paddle.to_tensor([NAN, 2.0, INF], stop_gradient=False)
    v = paddle.to_tensor(5.0, stop_gradient=False)
    b = a * 1
    b[paddle.to_tensor([True, False, True])] = v
    w = paddle.to_tensor([1.0, 2.0, 3.0])
    (b * w).sum().backward()
    np.testing.assert_array_equal(b.numpy(), [5.0, 2.0, 5.0])
    np.testing.assert_array_equal(a.grad.numpy(), [0.0, 2.0, 0.0])
    np.testing.assert_array_equal(v.grad.numpy(), 4.0)


def test_zero_of_nan_in_a_graph_has_zero_gradient():
    a = paddle.to_tensor([NAN, 1.0], stop_gradient=False)
    b = a * 1
    b.zero_()
    (b + a).sum().backward()
    np.testing.assert_array_equal(b.numpy(), [0.0, 0.0])
    np.testing.assert_array_equal(a.grad.numpy(), [1.0, 1.0])


# -------------------------------------------------------------------------- clip at its bounds

def test_clip_gradient_passes_at_the_bounds():
    # Paddle 3.3.1 and torch: the gradient is 1 for min <= x <= max (NaN and beyond: 0)
    x_np = np.array([-1.0, 0.0, 0.5, 1.0, 2.0, NAN])
    for lo, hi in ((0.0, 1.0), (0.0, None), (None, 1.0), (0.5, 0.5)):
        x = paddle.to_tensor(x_np, stop_gradient=False)
        paddle.clip(x, min=lo, max=hi).sum().backward()
        lo_ = -np.inf if lo is None else lo
        hi_ = np.inf if hi is None else hi
        want = ((x_np >= lo_) & (x_np <= hi_)).astype(np.float64)
        np.testing.assert_array_equal(x.grad.numpy(), want, err_msg=f"{lo}, {hi}")


def test_activations_built_on_clip_keep_paddles_open_bounds():
    # Paddle's relu6/hardtanh/hardsigmoid kernels give 0 at their kinks
    x = paddle.to_tensor([0.0, 3.0, 6.0], stop_gradient=False)
    paddle.nn.functional.relu6(x).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [0.0, 1.0, 0.0])
    x = paddle.to_tensor([-1.0, 0.0, 1.0], stop_gradient=False)
    paddle.nn.functional.hardtanh(x).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [0.0, 1.0, 0.0])
    x = paddle.to_tensor([-2.0, -1.0, 0.0, 1.0, 2.0], stop_gradient=False)
    y = x * 1
    paddle.nn.functional.hardtanh_(y)
    y.sum().backward()
    np.testing.assert_array_equal(y.numpy(), [-1.0, -1.0, 0.0, 1.0, 1.0])
    np.testing.assert_array_equal(x.grad.numpy(), [0.0, 0.0, 1.0, 0.0, 0.0])


# ------------------------------------------------------------------ slice with a repeated axis

@pytest.mark.parametrize("axes, starts, ends", [
    ([0, 0], [1, 1], [4, 3]),
    ([1, 0, 1], [1, 0, 2], [6, 2, 4]),
    ([1, -1], [1, 2], [6, 4]),
])
def test_slice_applies_repeated_axes_in_turn(axes, starts, ends):
    a_np = np.arange(24).reshape(4, 6)
    want = a_np
    for axis, s, e in zip(axes, starts, ends):  # NumPy reference: one entry after another
        idx = [slice(None)] * 2
        idx[axis] = slice(s, e)
        want = want[tuple(idx)]
    got = paddle.slice(paddle.to_tensor(a_np), axes=axes, starts=starts, ends=ends)
    np.testing.assert_array_equal(got.numpy(), want)
    x = paddle.to_tensor(a_np.astype(np.float64), stop_gradient=False)
    paddle.slice(x, axes=axes, starts=starts, ends=ends).sum().backward()
    mask = np.zeros(24)
    mask[want.reshape(-1)] = 1
    np.testing.assert_array_equal(x.grad.numpy(), mask.reshape(4, 6))


# ------------------------------------------------------------------------ round of integers

@pytest.mark.parametrize("dtype", ["int32", "int64"])
@pytest.mark.parametrize("decimals", [-2, -1, 0, 1])
def test_round_leaves_integers_unchanged(dtype, decimals):
    x = np.array([15, 24, -35, 149], dtype)
    got = paddle.round(paddle.to_tensor(x), decimals=decimals)
    assert got.dtype == getattr(paddle, dtype)
    np.testing.assert_array_equal(got.numpy(), x)


def test_round_of_floats_with_negative_decimals():
    x = np.array([1.25, 15.0, -25.0, 149.0])
    np.testing.assert_array_equal(paddle.round(paddle.to_tensor(x), decimals=-1).numpy(),
                                  np.round(x, -1))


# ----------------------------------------------------------------------- real Paddle (optional)

def test_against_real_paddle():
    rp = pytest.importorskip("paddle")
    x_np = np.array([-1.0, 0.0, 0.5, 1.0, 2.0], np.float32)
    for lo, hi in ((0.0, 1.0), (0.0, None)):
        ours = paddle.to_tensor(x_np, stop_gradient=False)
        theirs = rp.to_tensor(x_np, stop_gradient=False)
        paddle.clip(ours, min=lo, max=hi).sum().backward()
        rp.clip(theirs, min=lo, max=hi).sum().backward()
        np.testing.assert_array_equal(ours.grad.numpy(), theirs.grad.numpy())
    a_np = np.arange(24).reshape(4, 6)
    for axes, starts, ends in (([0, 0], [1, 1], [4, 3]), ([1, 0, 1], [1, 0, 2], [6, 2, 4])):
        np.testing.assert_array_equal(
            paddle.slice(paddle.to_tensor(a_np), axes, starts, ends).numpy(),
            rp.slice(rp.to_tensor(a_np), axes, starts, ends).numpy())
    i = np.array([15, 24, -35], np.int32)
    np.testing.assert_array_equal(paddle.round(paddle.to_tensor(i), decimals=-1).numpy(),
                                  rp.round(rp.to_tensor(i), decimals=-1).numpy())
    for op in ("nan", "inf"):
        ours, theirs = paddle.to_tensor(SPECIALS), rp.to_tensor(SPECIALS)
        ours[getattr(paddle, "is" + op)(ours)] = 0
        theirs[getattr(rp, "is" + op)(theirs)] = 0
        np.testing.assert_array_equal(ours.numpy(), theirs.numpy())
