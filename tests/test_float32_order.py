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


def _reference_orders():
    """NumPy references for the orders sum_order.py claims, written the slow way."""
    def tree(v):
        n = v.size
        if n > 8 * 1024:
            split = 8 * -(-(-(-n // 2)) // 8)
            return tree(v[:split]) + tree(v[split:])
        a, b = np.zeros(8, F32), np.zeros(8, F32)
        u, w = n // 16 * 16, n // 8 * 8
        for j in range(0, u, 16):
            a += v[j:j + 8]
            b += v[j + 8:j + 16]
        for j in range(u, w, 8):
            a += v[j:j + 8]
        a += b
        s = F32(0)
        for j in range(w, n):
            s += v[j]
        h = a[:4] + a[4:]
        h = h[:2] + h[2:]
        return s + (h[0] + h[1])
    return tree


@pytest.mark.parametrize("n", [5, 16, 40, 1000, 8192, 8200, 30001])
def test_full_sum_is_eigen_tree_order(n):
    from eagergraph.phi.kernels.sum_order import paddle_sum
    x = (1 + np.random.default_rng(n).standard_normal(n)).astype(F32)
    assert paddle_sum(x, (), False) == _reference_orders()(x)
    assert eg.sum(eg.to_tensor(x)).numpy() == _reference_orders()(x)


def test_partial_sums_add_one_by_one_reduced_axes_reversed():
    x = np.random.default_rng(3).standard_normal((5, 6, 7, 8)).astype(F32)
    got = eg.sum(eg.to_tensor(x), axis=[1, 3]).numpy()
    ref = np.zeros((5, 7), F32)
    for j3 in range(8):          # the last reduced axis outermost
        for j1 in range(6):
            ref += x[:, j1, :, j3]
    np.testing.assert_array_equal(got, ref)
    row = eg.sum(eg.to_tensor(x[0, 0]), axis=1).numpy()
    ref = np.zeros(7, F32)
    for j in range(8):
        ref += x[0, 0, :, j]
    np.testing.assert_array_equal(row, ref)
    m = eg.mean(eg.to_tensor(x), axis=[1, 3], keepdim=True).numpy()
    np.testing.assert_array_equal(m, (got / F32(48)).reshape(5, 1, 7, 1))


def test_sequential_sum_is_memory_order():
    from eagergraph.phi.kernels.sum_order import sequential_sum
    g = np.random.default_rng(4).standard_normal((3, 4, 5, 6)).astype(F32)
    ref = np.zeros(4, F32)
    for i in range(3):
        for h in range(5):
            for w in range(6):
                ref += g[i, :, h, w]
    np.testing.assert_array_equal(sequential_sum(g, (0, 2, 3)), ref)
    one = F32(0)   # a single kept element: still one by one (NumPy would go pairwise)
    for v in g[:, 0].reshape(-1):
        one += v
    np.testing.assert_array_equal(sequential_sum(g[:, :1], (0, 2, 3)), [one])


def test_sum_edge_shapes_and_dtypes():
    for shape in [(0,), (0, 3), (3, 0), (), (1,), (2, 1), (1, 2)]:
        for axis in [None, 0, -1] if shape else [None]:
            x = np.ones(shape, F32)
            got = eg.sum(eg.to_tensor(x), axis=axis).numpy()
            np.testing.assert_array_equal(got, x.sum(axis=axis))
            assert got.dtype == F32
    x = np.arange(12, dtype=np.float64).reshape(3, 4) / 7
    np.testing.assert_allclose(eg.mean(eg.to_tensor(x), axis=0).numpy(), x.mean(0), rtol=1e-15)


@pytest.mark.parametrize("dt", ["float32", "float64"])
def test_sum_mean_bit_for_bit_with_paddle(dt):
    paddle = pytest.importorskip("paddle")
    rng = np.random.default_rng(7)
    for shape, axes in [((64, 1000), None), ((64, 1000), [1]), ((64, 1000), [0]),
                        ((8, 16, 14, 14), [0, 2, 3]), ((6, 7, 8, 9), [1, 3]),
                        ((20000,), None), ((4, 5, 6), [0, 2])]:
        x = (1 + rng.standard_normal(shape)).astype(dt)
        for fn in ("sum", "mean"):
            a = getattr(eg, fn)(eg.to_tensor(x), axis=axes).numpy()
            b = getattr(paddle, fn)(paddle.to_tensor(x), axis=axes).numpy()
            np.testing.assert_array_equal(a, b, err_msg=f"{fn} {shape} {axes}")
