"""float32 results in Paddle's operation order (issue 23 item 3): Adam/AdamW's fused
multiply-adds and the order of Paddle's CPU sums. The comparisons with Paddle 3.3.1 need it
installed; the others check the emulation against a direct formula. Paddle's products (matmul,
linear, conv) and float64 exp come from MKL, whose order eagergraph follows where MKL takes its
AVX-512 path (an Intel CPU: cpu_features.mkl_avx512); on other CPUs those comparisons hold to
float rounding only."""
import numpy as np
import pytest

import eagergraph as eg
from eagergraph.optimizer._adam_math import adam_f32
from eagergraph.phi.cpu_features import has_avx512f, mkl_avx512

F32 = np.float32


def _assert_mkl_equal(ours, ref, rtol=1e-4, atol=1e-4):
    """Bit for bit where Paddle's MKL takes its AVX-512 path (the order eagergraph follows);
    elsewhere (its generic path, e.g. on AMD) to float32 rounding."""
    if mkl_avx512():
        np.testing.assert_array_equal(ours, ref)
    else:
        np.testing.assert_allclose(ours, ref, rtol=rtol, atol=atol)


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
    from eagergraph.phi.kernels.cpu.linalg import mkl_gemm
    rng = np.random.default_rng(5)
    x, w = rng.standard_normal((64, 800)).astype(F32), rng.standard_normal((800, 32)).astype(F32)
    ref = x[:, :384] @ w[:384]
    ref = ref + x[:, 384:592] @ w[384:592]
    ref = ref + x[:, 592:] @ w[592:]
    np.testing.assert_array_equal(mkl_gemm(x, w), ref)
    np.testing.assert_array_equal(  # float64 and short products are NumPy's own
        eg.matmul(eg.to_tensor(x.astype(np.float64)), eg.to_tensor(w.astype(np.float64))).numpy(),
        x.astype(np.float64) @ w.astype(np.float64))


def _matmul_run(lib, x, w, g):
    """(out, x grad, w grad) of x @ w with out_grad g."""
    a, b = lib.to_tensor(x, stop_gradient=False), lib.to_tensor(w, stop_gradient=False)
    y = lib.matmul(a, b)
    y.backward(lib.to_tensor(g))
    return y.numpy(), a.grad.numpy(), b.grad.numpy()


@pytest.mark.parametrize("m,k,n", [(64, 400, 120), (100, 777, 64), (64, 3000, 32)])
def test_matmul_bit_for_bit_with_paddle(m, k, n):
    paddle = pytest.importorskip("paddle")
    rng = np.random.default_rng(8)
    x, w = rng.standard_normal((m, k)).astype(F32), rng.standard_normal((k, n)).astype(F32)
    g = rng.standard_normal((m, n)).astype(F32)
    for ours, ref in zip(*(_matmul_run(lib, x, w, g) for lib in (eg, paddle))):
        _assert_mkl_equal(ours, ref)  # MKL's AVX-512 sgemm blocks K by 384 (measured there)


# ---- softmax / cross entropy (Paddle's CPU row kernel), broadcast grads, conv filter grads,
# products the other way round

def _glibc_at_least(major, minor):
    import platform
    lib, ver = platform.libc_ver()
    if lib != "glibc":
        return False
    return tuple(int(v) for v in ver.split(".")[:2]) >= (major, minor)


@pytest.mark.skipif(not _glibc_at_least(2, 27), reason="glibc >= 2.27's expf is the reference")
def test_glibc_expf_is_the_c_librarys():
    import ctypes
    import ctypes.util
    from eagergraph.phi.glibc_expf import expf
    c_expf = ctypes.CDLL(ctypes.util.find_library("m")).expf
    c_expf.restype, c_expf.argtypes = ctypes.c_float, [ctypes.c_float]
    rng = np.random.default_rng(11)
    x = np.concatenate([-rng.random(20000).astype(F32) * 64, rng.standard_normal(5000).astype(F32) * 40,
                        np.array([0, -0.0, 88.7, 88.8, -87.5, -103.9, -104, -110, np.inf,
                                  -np.inf, np.nan, 1e-30], F32)])
    ref = np.array([c_expf(float(v)) for v in x.tolist()], F32)
    ours = expf(x)
    assert ours.dtype == F32
    np.testing.assert_array_equal(ours, ref)


def _avx_sum_model(row):
    """vec_sum<float, avx> of one row, written out as the intrinsics do it."""
    n = len(row)
    if n < 8:
        s = row[0]
        for v in row[1:]:
            s = s + v
        return s
    end = n & ~7
    t = [F32(0)] * 8
    for i in range(0, end, 8):
        t = [t[j] + row[i + j] for j in range(8)]
    h = [t[0] + t[1], t[2] + t[3], t[0] + t[1], t[2] + t[3],
         t[4] + t[5], t[6] + t[7], t[4] + t[5], t[6] + t[7]]   # _mm256_hadd_ps(t, t)
    h = [h[j] + h[(j + 4) % 8] for j in range(8)]               # + the halves swapped
    s = h[0] + h[1]                                             # _mm_hadd_ps, lane 0
    for v in row[end:]:
        s = s + v
    return s


@pytest.mark.parametrize("width", [1, 3, 7, 8, 10, 17, 64, 100])
def test_avx_row_sum_follows_the_intrinsics(width):
    from eagergraph.phi.sum_order import avx_row_sum
    x = np.random.default_rng(width).random((6, width)).astype(F32) * 10
    ours = avx_row_sum(x)
    assert ours.shape == (6, 1)
    assert [F32(v) for v in ours[:, 0]] == [_avx_sum_model(list(r)) for r in x]


def _row_major_model(x, axes):
    kept = [a for a in range(x.ndim) if a not in axes]
    out = {}
    for idx in np.ndindex(*x.shape):                    # row-major, last axis fastest
        k = tuple(idx[a] for a in kept)
        out[k] = x[idx] if k not in out else out[k] + x[idx]
    return np.array([out[k] for k in np.ndindex(*[x.shape[a] for a in kept])],
                    x.dtype).reshape([x.shape[a] for a in kept])


@pytest.mark.parametrize("shape,axes", [((4, 3, 5, 6), (0, 2, 3)), ((50, 7), (0,)),
                                        ((3, 40, 1), (1,)), ((6, 5, 4), (0, 1, 2)),
                                        ((2, 3, 4, 5), (1, 3))])
def test_row_major_sum_adds_in_row_major_order(shape, axes):
    from eagergraph.phi.sum_order import row_major_sum
    x = (np.random.default_rng(12).standard_normal(shape) * 100).astype(F32)
    np.testing.assert_array_equal(row_major_sum(x, axes), _row_major_model(x, axes))


@pytest.mark.parametrize("create_graph", [False, True])
def test_broadcast_grads_add_in_paddles_order(create_graph):
    """The gradient of a broadcast input (a conv's bias [1, C, 1, 1], a scalar) is summed as
    Paddle's elementwise grad loops do, in both engine paths."""
    rng = np.random.default_rng(13)
    g = (rng.standard_normal((8, 3, 9, 9)) * 100).astype(F32)
    x = eg.to_tensor(rng.standard_normal((8, 3, 9, 9)).astype(F32), stop_gradient=False)
    for shape, axes in (((1, 3, 1, 1), (0, 2, 3)), ((1,), (0, 1, 2, 3)), ((9,), (0, 1, 2))):
        b = eg.to_tensor(np.ones(shape, F32), stop_gradient=False)
        (db,) = eg.grad(x * b, [b], eg.to_tensor(g), create_graph=create_graph)
        want = _row_major_model(g * x.numpy(), axes).reshape(shape)
        np.testing.assert_array_equal(db.numpy(), want)


@pytest.mark.parametrize("width", [1, 7, 8, 10, 100, 127, 128, 1000])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_softmax_bit_for_bit_with_paddle(width, dtype):
    paddle = pytest.importorskip("paddle")
    rng = np.random.default_rng(width)
    x = (3 * rng.standard_normal((64, width))).astype(dtype)
    g = rng.standard_normal((64, width)).astype(dtype)
    res = []
    for lib in (eg, paddle):
        xt = lib.to_tensor(x, stop_gradient=False)
        y = lib.nn.functional.softmax(xt)
        y.backward(lib.to_tensor(g))
        res.append((y.numpy(), xt.grad.numpy()))
    (ours, ours_dx), (ref, ref_dx) = res
    if dtype == "float32" and width >= 128:  # Paddle's exp is MKL's vsExp from 128 on
        np.testing.assert_allclose(ours, ref, rtol=1e-6, atol=0)
    elif dtype == "float64":  # MKL's vdExp: NumPy's exp's values on MKL's AVX-512 path
        _assert_mkl_equal(ours, ref, 1e-13, 0)
        _assert_mkl_equal(ours_dx, ref_dx, 1e-12, 1e-15)
    else:  # glibc's expf (emulated), on every CPU
        np.testing.assert_array_equal(ours, ref)
        np.testing.assert_array_equal(ours_dx, ref_dx)  # (the same softmax: the same grad)


@pytest.mark.parametrize("width", [5, 17, 300])
def test_softmax_grad_bit_for_bit_with_paddle_from_the_same_softmax(width):
    """The grad kernel alone: Paddle's softmax output and out_grad in, Paddle's x_grad out."""
    paddle = pytest.importorskip("paddle")
    from eagergraph.phi.kernels.cpu.activation import softmax_grad
    rng = np.random.default_rng(width)
    x = paddle.to_tensor((3 * rng.standard_normal((16, width))).astype(F32),
                         stop_gradient=False)
    g = rng.standard_normal((16, width)).astype(F32)
    y = paddle.nn.functional.softmax(x)
    (dx,) = paddle.grad(y, [x], paddle.to_tensor(g))
    (ours,) = softmax_grad((True,), y.numpy(), g, -1)
    np.testing.assert_array_equal(ours, dx.numpy())


@pytest.mark.parametrize("batch", [29, 64])
def test_cross_entropy_bit_for_bit_with_paddle(batch):
    paddle = pytest.importorskip("paddle")
    rng = np.random.default_rng(batch)
    logits = (rng.standard_normal((batch, 10)) * 2).astype(F32)
    label = rng.integers(0, 10, batch)
    res = []
    for lib in (eg, paddle):
        x = lib.to_tensor(logits, stop_gradient=False)
        none = lib.nn.functional.cross_entropy(x, lib.to_tensor(label), reduction="none")
        loss = lib.nn.functional.cross_entropy(x, lib.to_tensor(label))
        loss.backward()
        res.append((none.numpy(), loss.numpy(), x.grad.numpy()))
    for ours, ref in zip(*res):
        np.testing.assert_array_equal(ours, ref)


@pytest.mark.parametrize("xs,ws,pad,groups,fmt", [
    ((64, 6, 14, 14), (16, 6, 5, 5), 0, 1, "NCHW"),      # LeNet's second conv
    ((64, 1, 8, 8), (32, 1, 3, 3), 1, 1, "NCHW"),        # the demo's convs
    ((64, 32, 4, 4), (64, 32, 3, 3), 1, 1, "NCHW"),
    ((8, 16, 14, 14), (32, 16, 3, 3), 1, 1, "NCHW"),
    ((4, 8, 9, 9), (12, 4, 3, 3), 1, 2, "NCHW"),
    ((4, 9, 9, 8), (12, 8, 3, 3), 1, 1, "NHWC")])
def test_conv_filter_grad_bit_for_bit_with_paddle(xs, ws, pad, groups, fmt):
    paddle = pytest.importorskip("paddle")
    rng = np.random.default_rng(14)
    x, w = rng.standard_normal(xs).astype(F32), rng.standard_normal(ws).astype(F32)
    res = []
    for lib in (eg, paddle):
        xt, wt = lib.to_tensor(x, stop_gradient=False), lib.to_tensor(w, stop_gradient=False)
        y = lib.nn.functional.conv2d(xt, wt, padding=pad, groups=groups, data_format=fmt)
        g = np.random.default_rng(15).standard_normal(y.shape).astype(F32)
        y.backward(lib.to_tensor(g))
        res.append((y.numpy(), xt.grad.numpy(), wt.grad.numpy()))
    for ours, ref in zip(*res):
        _assert_mkl_equal(ours, ref)


@pytest.mark.parametrize("m,k,n,dtype", [(64, 120, 84, "float32"), (7, 120, 84, "float32"),
                                         (64, 50, 20, "float32"), (64, 120, 85, "float64"),
                                         (16, 9, 5, "float32")])
def test_products_of_odd_widths_bit_for_bit_with_paddle(m, k, n, dtype):
    paddle = pytest.importorskip("paddle")
    rng = np.random.default_rng(16)
    x, w = rng.standard_normal((m, k)).astype(dtype), rng.standard_normal((k, n)).astype(dtype)
    g = rng.standard_normal((m, n)).astype(dtype)
    for ours, ref in zip(*(_matmul_run(lib, x, w, g) for lib in (eg, paddle))):
        _assert_mkl_equal(ours, ref)


def test_products_the_other_way_round_are_c_contiguous_and_equal_to_rounding():
    from eagergraph.phi.kernels.cpu.linalg import mkl_gemm as gemm
    rng = np.random.default_rng(17)
    for shape_a, shape_b in (((64, 120), (120, 84)), ((5, 7, 9), (5, 9, 3))):
        a, b = rng.standard_normal(shape_a).astype(F32), rng.standard_normal(shape_b).astype(F32)
        out = gemm(a, b)
        assert out.flags.c_contiguous and out.dtype == F32
        np.testing.assert_allclose(out, a @ b, rtol=1e-5, atol=1e-5)


def test_demo_cnn_training_bit_for_bit_with_paddle():
    """The demo's CNN, Adam with a cosine-annealed rate, cross entropy: the first epoch of the
    digits run (23 steps, the last batch 29 images) gives Paddle 3.3.1's losses and weights
    bit for bit where Paddle's MKL takes its AVX-512 path (elsewhere its products add in another
    order, and the losses agree to float32 rounding)."""
    paddle = pytest.importorskip("paddle")
    pytest.importorskip("sklearn")
    import importlib.util
    import os
    spec = importlib.util.spec_from_file_location("compare_float32", os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools",
        "compare_float32.py"))
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    res = tool.run_train(eg, paddle, 1, "digits_cnn")
    if not mkl_avx512():
        assert res["epochs"][0]["max_rel"] < 1e-5
        return
    assert res["epochs"][0]["max_rel"] == 0.0
    assert res["final_param_max_rel"] == 0.0


@pytest.mark.parametrize("pool,kw", [
    ("avg_pool2d", {"kernel_size": 3, "stride": 1, "padding": 1}),
    ("avg_pool2d", {"kernel_size": 3, "stride": 1, "padding": 1, "exclusive": False}),
    ("avg_pool2d", {"kernel_size": 3, "stride": 2, "padding": 1, "ceil_mode": True}),
    ("avg_pool2d", {"kernel_size": 5, "stride": 2, "padding": 2}),
    ("adaptive_avg_pool2d", {"output_size": 3}), ("adaptive_avg_pool2d", {"output_size": 4}),
    ("max_pool2d", {"kernel_size": 3, "stride": 1, "padding": 1})])
def test_pooling_float32_bit_for_bit_with_paddle(pool, kw):
    paddle = pytest.importorskip("paddle")
    x = np.random.default_rng(18).standard_normal((4, 3, 11, 11)).astype(F32)
    res = []
    for lib in (eg, paddle):
        xt = lib.to_tensor(x, stop_gradient=False)
        y = getattr(lib.nn.functional, pool)(xt, **kw)
        y.backward(lib.to_tensor(np.random.default_rng(19).standard_normal(y.shape).astype(F32)))
        res.append((y.numpy(), xt.grad.numpy()))
    for ours, ref in zip(*res):
        np.testing.assert_array_equal(ours, ref)


def test_float64_average_pooling_grad_scales_by_a_float64_factor():
    x = eg.to_tensor(np.zeros((1, 1, 3, 3)), stop_gradient=False)
    eg.nn.functional.avg_pool2d(x, 3).backward(eg.to_tensor(np.full((1, 1, 1, 1), 0.7)))
    np.testing.assert_array_equal(x.grad.numpy(), np.full((1, 1, 3, 3), 0.7 * (1.0 / 9.0)))


def test_gelu_in_paddles_order():
    """gelu as Paddle's CPU functor adds it, x (1 + erf(x sqrt(1/2))) 0.5 in float32 (the erf
    correctly rounded; Paddle's is MKL's vsErf, so ~1% of values differ by an ulp): against a
    float64 reference within float32 rounding, and against Paddle where installed."""
    x = (np.random.default_rng(5).standard_normal(20000) * 2).astype(F32)
    ours = eg.nn.functional.gelu(eg.to_tensor(x)).numpy()
    from scipy.special import erf
    x64 = x.astype(np.float64)
    want = x64 * (1 + erf(x64 / np.sqrt(2))) / 2
    # within float32's rounding of 1 + erf (the tail's cancellation, as in Paddle) and of x
    assert np.all(np.abs(ours - want) <= 1e-6 * np.abs(want) + 1.2e-7 * np.abs(x64))
    try:
        import paddle
    except ImportError:
        return
    ref = paddle.nn.functional.gelu(paddle.to_tensor(x)).numpy()
    assert (ours == ref).mean() > 0.98
    # the rest an ulp of erf apart (more, relatively, where 1 + erf cancels)
    assert np.all(np.abs(ours - ref) <= 2e-6 * np.abs(ref) + 1.2e-7 * np.abs(x64))
