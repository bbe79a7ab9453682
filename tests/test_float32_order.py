"""float32 results in Paddle's operation order (issue 23 item 3): Adam/AdamW's fused
multiply-adds and the order of Paddle's CPU sums. The comparisons with Paddle 3.3.1 need it
installed; the others check the emulation against a direct formula."""
import numpy as np
import pytest

import eagergraph as eg
from eagergraph.optimizer._adam_math import adam_f32
from eagergraph.phi.cpu_features import has_avx512f

F32 = np.float32


def _adam_run(p, cls, w0, gs, **kw):
    w = p.create_parameter(w0.shape, "float32")
    w.set_value(w0)
    opt = getattr(p.optimizer, cls)(learning_rate=0.003, parameters=[w], **kw)
    out = []
    for g in gs:
        (w * p.to_tensor(g)).sum().backward()
        opt.step()
        opt.clear_grad()
        out.append(w.numpy().copy())
    return out


def _case(shape=(97, 33), steps=4, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(shape).astype(F32),
            [rng.standard_normal(shape).astype(F32) for _ in range(steps)])


def test_adam_f32_is_the_textbook_update_to_an_ulp():
    rng = np.random.default_rng(1)
    p, g = rng.standard_normal((2, 1000)).astype(F32)
    m1, m2 = (rng.standard_normal(1000).astype(F32) * 0.1,
              rng.random(1000).astype(F32) * 0.01)
    b1, b2, lr, eps = F32(0.9), F32(0.999), F32(0.01), F32(1e-8)
    m, v, x = (a.astype(np.float64) for a in (m1, m2, g))
    m1r, m1s = b1 * m + (1 - b1) * x, np.abs(b1 * m) + np.abs((1 - b1) * x)
    m2r = b2 * v + (1 - b2) * x ** 2
    pr = p - lr * (m1r / (np.sqrt(m2r) + eps))
    adam_f32(p, m1, m2, g, b1, b2, lr, eps)
    ulp = float(np.finfo(F32).eps)
    for ours, ref, scale in ((m1, m1r, m1s), (m2, m2r, m2r), (p, pr, np.abs(pr) + lr)):
        assert ours.dtype == F32
        assert np.all(np.abs(ours - ref) <= 2 * ulp * scale)


@pytest.mark.parametrize("cls,kw", [("Adam", {}), ("AdamW", {"weight_decay": 0.01}),
                                    ("Adam", {"amsgrad": True})])
def test_adam_float32_bit_for_bit_with_paddle(cls, kw):
    paddle = pytest.importorskip("paddle")
    w0, gs = _case()
    ours, ref = _adam_run(eg, cls, w0, gs, **kw), _adam_run(paddle, cls, w0, gs, **kw)
    for a, b in zip(ours, ref):
        if has_avx512f():   # Paddle's JIT kernels: same fused order, so the same bits
            np.testing.assert_array_equal(a, b)
        else:
            np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-7)


def test_adam_float64_unchanged_formula():
    w0, gs = _case((5, 7), 2)
    w = eg.create_parameter([5, 7], "float64")
    w.set_value(w0.astype(np.float64))
    opt = eg.optimizer.Adam(learning_rate=0.1, parameters=[w])
    (w * eg.to_tensor(gs[0].astype(np.float64))).sum().backward()
    opt.step()
    g = gs[0].astype(np.float64)
    m1, m2 = 0.1 * g, 0.001 * g * g
    lr_t = 0.1 * np.sqrt(1 - 0.999) / (1 - 0.9)
    ref = w0 - lr_t * m1 / (np.sqrt(m2) + 1e-8 * np.sqrt(1 - 0.999))
    np.testing.assert_allclose(w.numpy(), ref, rtol=1e-12)


def _sequential(x, axes):
    """The reduced elements added one by one, the first reduced axis fastest (a Python loop)."""
    axes = sorted(a % x.ndim for a in axes)
    kept = [a for a in range(x.ndim) if a not in axes]
    out = np.zeros([x.shape[a] for a in kept], x.dtype)
    for idx in np.ndindex(*out.shape):
        acc = x.dtype.type(0)
        sub = np.transpose(x, kept + axes)[idx]        # reduced axes, in order
        for e in np.transpose(sub).reshape(-1):        # first reduced axis fastest
            acc = acc + e
        out[idx] = acc
    return out


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape,axes", [((3, 50), (1,)), ((4, 5, 6), (2,)), ((4, 5, 6), (1,)),
                                        ((4, 5, 6), (0,)), ((2, 3, 4, 5), (-1,))])
def test_one_axis_sums_add_one_by_one(dtype, shape, axes):
    x = (1 + np.random.default_rng(2).standard_normal(shape)).astype(dtype)
    ref = _sequential(x, axes)
    np.testing.assert_array_equal(eg.sum(eg.to_tensor(x), axis=list(axes)).numpy(), ref)
    n = x.size // ref.size
    np.testing.assert_array_equal(eg.mean(eg.to_tensor(x), axis=list(axes)).numpy(),
                                  ref / dtype(n))


@pytest.mark.parametrize("dtype,lanes", [(np.float32, 8), (np.float64, 4)])
@pytest.mark.parametrize("n", [1, 5, 8, 13, 16, 100, 1003])
def test_full_mean_in_eigens_lanes(dtype, lanes, n):
    x = (1 + np.random.default_rng(n).standard_normal(n)).astype(dtype)
    acc = [dtype(0)] * lanes
    v = n // lanes * lanes
    for i in range(v):
        acc[i % lanes] = acc[i % lanes] + x[i]
    rest = dtype(0)
    for e in x[v:]:
        rest = rest + e
    b = [acc[i] + acc[i + 4] for i in range(4)] if lanes == 8 else acc
    total = rest + ((b[0] + b[2]) + (b[1] + b[3]))
    assert eg.mean(eg.to_tensor(x)).numpy() == total / dtype(n)
    assert eg.mean(eg.to_tensor(x.reshape(1, n)), keepdim=True).numpy().shape == (1, 1)


def test_mean_grad_divides():
    g = np.random.default_rng(3).standard_normal(7).astype(F32)
    x = eg.to_tensor(np.ones((7, 300), F32), stop_gradient=False)
    eg.mean(x, axis=1).backward(eg.to_tensor(g))
    np.testing.assert_array_equal(x.grad.numpy()[:, 0], g / F32(300))


# (a full sum, and a sum over several axes, keep NumPy's order: phi/sum_order.py says why)
@pytest.mark.parametrize("op,shape,axes", [
    (op, shape, axes) for op in ("sum", "mean")
    for shape, axes in (((512, 1000), [1]), ((64, 7, 50), [2]), ((64, 7, 50), [1]),
                        ((4, 5, 6), [2]), ((100003,), None))
    if (op, axes) != ("sum", None)])
def test_reductions_bit_for_bit_with_paddle(op, shape, axes):
    paddle = pytest.importorskip("paddle")
    x = (1 + np.random.default_rng(4).standard_normal(shape)).astype(F32)
    ours = getattr(eg, op)(eg.to_tensor(x), axis=axes).numpy()
    ref = getattr(paddle, op)(paddle.to_tensor(x), axis=axes).numpy()
    np.testing.assert_array_equal(ours, ref)


def test_k_blocks_follow_gotoblas_rule():
    from eagergraph.phi.kernels.cpu.linalg import _k_blocks
    assert _k_blocks(384) == [384]
    assert _k_blocks(385) == [193, 192]
    assert _k_blocks(400) == [200, 200]
    assert _k_blocks(800) == [384, 208, 208]
    assert _k_blocks(1152) == [384, 384, 384]
    assert sum(_k_blocks(3001)) == 3001


def test_long_float32_products_add_their_k_blocks_in_turn():
    rng = np.random.default_rng(5)
    x, w = rng.standard_normal((64, 800)).astype(F32), rng.standard_normal((800, 32)).astype(F32)
    ref = x[:, :384] @ w[:384]
    ref = ref + x[:, 384:592] @ w[384:592]
    ref = ref + x[:, 592:] @ w[592:]
    np.testing.assert_array_equal(eg.matmul(eg.to_tensor(x), eg.to_tensor(w)).numpy(), ref)
    np.testing.assert_array_equal(  # float64 and short products are NumPy's own
        eg.matmul(eg.to_tensor(x.astype(np.float64)), eg.to_tensor(w.astype(np.float64))).numpy(),
        x.astype(np.float64) @ w.astype(np.float64))


@pytest.mark.parametrize("m,k,n", [(64, 400, 120), (100, 777, 64), (64, 3000, 32)])
def test_matmul_bit_for_bit_with_paddle(m, k, n):
    paddle = pytest.importorskip("paddle")
    rng = np.random.default_rng(8)
    x, w = rng.standard_normal((m, k)).astype(F32), rng.standard_normal((k, n)).astype(F32)
    g = rng.standard_normal((m, n)).astype(F32)
    res = []
    for lib in (eg, paddle):
        a, b = lib.to_tensor(x, stop_gradient=False), lib.to_tensor(w, stop_gradient=False)
        y = lib.matmul(a, b)
        y.backward(lib.to_tensor(g))
        res.append((y.numpy(), a.grad.numpy(), b.grad.numpy()))
    for ours, ref in zip(*res):
        if has_avx512f():   # MKL's AVX-512 sgemm blocks K by 384 (measured there)
            np.testing.assert_array_equal(ours, ref)
        else:
            np.testing.assert_allclose(ours, ref, rtol=1e-4, atol=1e-4)
