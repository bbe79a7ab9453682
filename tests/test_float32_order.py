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
