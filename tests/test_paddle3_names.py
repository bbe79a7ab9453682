"""Paddle 3.x's small names (issue 19): the shift operators and functions, frexp, i0e/i1e,
Tensor.value()/type/device, the CPU build's paddle.device answers, paddle.framework's
re-exports and DLPack. References are NumPy (or Python ints); the optional tests compare with
real Paddle 3.3.1 where it is installed."""
import numpy as np
import pytest

import eagergraph as paddle
from . import op_db  # loads the op table first: its rows import op_db
from .op_db_rows.elementwise import _shift_ref

INTS = ("uint8", "int8", "int16", "int32", "int64")


def _rand_ints(rng, dt, n=24):
    info = np.iinfo(dt)
    bits = np.dtype(dt).itemsize * 8
    x = rng.integers(info.min, info.max, n, endpoint=True).astype(dt)
    y = rng.integers(max(info.min, -3), bits + 4, n).astype(dt)
    return x, y


@pytest.mark.parametrize("dt", INTS)
def test_shift_operators_and_methods(dt):
    assert {"bitwise_left_shift", "bitwise_right_shift", "i0e", "i1e"} <= \
        {row.name for row in op_db.OP_DB}
    rng = np.random.default_rng(1)
    x, y = _rand_ints(rng, dt)
    tx, ty = paddle.to_tensor(x), paddle.to_tensor(y)
    left, right = _shift_ref(True), _shift_ref(False)
    np.testing.assert_array_equal((tx << ty).numpy(), left(x, y))
    np.testing.assert_array_equal((tx >> ty).numpy(), right(x, y, True))
    np.testing.assert_array_equal(tx.bitwise_right_shift(ty, False).numpy(), right(x, y, False))
    np.testing.assert_array_equal(
        paddle.bitwise_right_shift(tx, ty, is_arithmetic=False).numpy(), right(x, y, False))
    # a Python int on either side becomes a tensor of the tensor's dtype
    np.testing.assert_array_equal((tx << 3).numpy(), left(x, np.asarray(3, dt)))
    np.testing.assert_array_equal((5 >> ty).numpy(), right(np.full_like(y, 5), y, True))
    assert (tx << True).dtype == tx.dtype
    # the inplace forms write into x
    r = tx.bitwise_left_shift_(ty)
    assert r is tx
    np.testing.assert_array_equal(tx.numpy(), left(x, y))


def test_shift_errors_as_paddle():
    x = paddle.to_tensor([1, 2], dtype="int8")
    with pytest.raises(TypeError, match=r"unsupported operand type\(s\) for <<: 'Tensor' and "
                                        r"'float'"):
        x >> 1.5
    with pytest.raises(TypeError, match="'float' and 'Tensor'"):
        1.5 << x
    with pytest.raises(ValueError, match=r"argument 'y' \(position 1\) must be Tensor, but got "
                                         r"numpy.int64"):
        x << np.int64(1)
    with pytest.raises(ValueError, match="same dtype"):
        x << paddle.to_tensor([1, 1])
    with pytest.raises(RuntimeError, match="not registered"):
        paddle.to_tensor([1.0]) << paddle.to_tensor([1.0])
    with pytest.raises(ValueError, match="broadcast"):
        paddle.bitwise_left_shift_(paddle.to_tensor([1], dtype="int8"), x)


@pytest.mark.parametrize("dt", ["float32", "float64"])
def test_frexp_against_numpy(dt):
    v = np.array([0.3, -7.0, 1.0, -0.5, 1e-3, 123456.0, 0.0, -0.0], dt)
    m, e = paddle.frexp(paddle.to_tensor(v))
    rm, re = np.frexp(v)
    np.testing.assert_array_equal(m.numpy(), rm)
    np.testing.assert_array_equal(e.numpy(), re.astype(dt))
    assert m.dtype == e.dtype == paddle.to_tensor(v).dtype
    m2, _ = paddle.to_tensor(v).frexp()
    np.testing.assert_array_equal(m2.numpy(), rm)
    with pytest.raises(TypeError, match=r"must be one of \['float32', 'float64'\]"):
        paddle.frexp(paddle.to_tensor([1, 2]))


def test_frexp_gradient():
    v = np.array([0.3, -7.0, 1.0, -0.5, 1e-3, 0.0])
    x = paddle.to_tensor(v, stop_gradient=False)
    m, e = paddle.frexp(x)
    g, = paddle.grad(m.sum() + e.sum(), x)
    _, re = np.frexp(v)
    ref = np.where(v == 0, 0.0, 2.0 ** -re.astype(float))  # d mantissa / dx; exponent: 0
    np.testing.assert_allclose(g.numpy(), ref)


def test_i0e_i1e_values():
    from scipy import special
    v = np.array([-3.0, -0.5, 0.0, 0.7, 20.0, 700.0])
    np.testing.assert_allclose(paddle.i0e(paddle.to_tensor(v)).numpy(), special.i0e(v))
    np.testing.assert_allclose(paddle.to_tensor(v).i1e().numpy(), special.i1e(v))
    assert paddle.i0e(paddle.to_tensor([1, 2])).dtype == paddle.float32  # type autocast
    # the derivatives at 0 (a kink for i0e: the sign of the zero decides, as Paddle)
    x = paddle.to_tensor([0.0, -0.0], stop_gradient=False)
    g, = paddle.grad(paddle.i0e(x).sum(), x)
    np.testing.assert_array_equal(g.numpy(), [-1.0, 1.0])
    g, = paddle.grad(paddle.i1e(x).sum(), x)
    np.testing.assert_array_equal(g.numpy(), [0.5, 0.5])


def test_tensor_value_type_device():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    assert x.value() is x
    assert x.type == paddle.base.core.VarDesc.VarType.DENSE_TENSOR
    assert int(x.type) == 7 and str(x.type) == "VarType.DENSE_TENSOR"
    assert repr(x.type) == "<VarType.DENSE_TENSOR: 7>"
    d = x.device
    assert d == "cpu" and isinstance(d, str) and d.type == "cpu" and d.index is None
    assert repr(d) == "'cpu'"


def test_device_queries_answer_as_cpu_build():
    D = paddle.device
    assert D.get_cudnn_version() is None
    assert D.is_bf16_supported() is True
    assert D.is_current_stream_capturing() is False
    for name in ("max_memory_allocated", "max_memory_reserved", "reset_max_memory_allocated",
                 "reset_max_memory_reserved", "get_device_name", "get_device_capability",
                 "get_device_properties"):
        with pytest.raises(ValueError, match="not supported in CPU PaddlePaddle"):
            getattr(D, name)()
    with pytest.raises(ValueError, match="reset_max_memory_allocated"):
        D.reset_peak_memory_stats()
    with pytest.raises(RuntimeError, match="ipc_collect"):
        D.ipc_collect()
    with pytest.raises(TypeError, match="device should be gpu, xpu"):
        D.current_stream()
    for name in ("memory_allocated", "reset_max_memory_allocated", "reset_max_memory_reserved",
                 "get_device_name", "get_device_capability", "get_device_properties",
                 "vmm_compact"):
        with pytest.raises(ValueError, match="not supported in CPU-only PaddlePaddle"):
            getattr(D.cuda, name)()


def test_framework_reexports():
    from eagergraph.framework import ParamAttr, in_dynamic_mode, no_grad, save, load
    assert ParamAttr is paddle.ParamAttr and no_grad is paddle.no_grad
    assert save is paddle.save and load is paddle.load
    assert in_dynamic_mode() is True
    assert paddle.framework.CUDAPlace is paddle.CUDAPlace
    assert paddle.framework.core is paddle.base.core


def test_dlpack_shares_memory():
    x = paddle.to_tensor([1.0, 2.0, 3.0])
    y = paddle.utils.dlpack.from_dlpack(paddle.utils.dlpack.to_dlpack(x))
    y[0] = 5.0
    np.testing.assert_array_equal(x.numpy(), [5.0, 2.0, 3.0])
    assert y.stop_gradient and y.dtype == paddle.float32
    a = np.arange(4)
    t = paddle.from_dlpack(a)
    a[1] = 9
    np.testing.assert_array_equal(t.numpy(), [0, 9, 2, 3])
    b = np.from_dlpack(x)  # Tensor.__dlpack__ / __dlpack_device__
    b[2] = -1.0
    np.testing.assert_array_equal(x.numpy(), [5.0, 2.0, -1.0])
    assert x.__dlpack_device__()[0] == 1  # kDLCPU
    assert paddle.to_dlpack is paddle.utils.dlpack.to_dlpack
    c = paddle.to_dlpack(x)
    paddle.from_dlpack(c)
    with pytest.raises(ValueError, match="consumed only once"):
        paddle.from_dlpack(c)
    with pytest.raises(ValueError, match="invalid capsule"):
        paddle.from_dlpack(3)
    with pytest.raises(TypeError, match="must be paddle.Tensor"):
        paddle.to_dlpack(np.ones(2))
    z = paddle.from_dlpack(a, copy=True)
    a[0] = 7
    assert z.numpy()[0] == 0


def test_dlpack_with_torch():
    torch = pytest.importorskip("torch")
    x = paddle.to_tensor([1.0, 2.0])
    tt = torch.from_dlpack(x)
    tt[1] = 4.0
    np.testing.assert_array_equal(x.numpy(), [1.0, 4.0])
    src = torch.arange(3.0)
    t = paddle.from_dlpack(src)
    src[0] = 8.0
    np.testing.assert_array_equal(t.numpy(), [8.0, 1.0, 2.0])


# ---- against real Paddle 3.3.1, where installed

def _both(fn):
    real = pytest.importorskip("paddle")
    if not real.__version__.startswith("3.3"):
        pytest.skip("needs paddle 3.3.x")
    out = []
    for m in (real, paddle):
        try:
            out.append(("ok", fn(m)))
        except Exception as e:  # noqa: BLE001  (the error type is what is compared)
            out.append((type(e).__name__, None))
    return out


@pytest.mark.parametrize("dt", INTS)
def test_shifts_as_real_paddle(dt):
    rng = np.random.default_rng(2)
    x, y = _rand_ints(rng, dt, 64)

    def run(m):
        tx, ty = m.to_tensor(x), m.to_tensor(y)
        return [m.bitwise_left_shift(tx, ty, a).numpy().tolist() for a in (True, False)] + \
            [m.bitwise_right_shift(tx, ty, a).numpy().tolist() for a in (True, False)] + \
            [(tx << 2).numpy().tolist(), (7 >> ty).numpy().tolist()]
    a, b = _both(run)
    assert a == b


def test_frexp_i0e_i1e_as_real_paddle():
    v = np.array([0.3, -7.0, 0.0, -0.0, 1.0, 1e-40, 8.0, -1e30, 3.5], "float32")

    def run(m):
        x = m.to_tensor(v.astype("float64"), stop_gradient=False)
        mm, e = m.frexp(x)
        g, = m.grad([mm.sum(), e.sum()], x)
        out = [mm.numpy().tolist(), e.numpy().tolist(), g.numpy().tolist()]
        for f in ("i0e", "i1e"):
            x = m.to_tensor(v.astype("float64"), stop_gradient=False)
            y = getattr(m, f)(x)
            out += [y.numpy(), m.grad(y.sum(), x)[0].numpy()]
        return out
    (ka, a), (kb, b) = _both(run)
    assert ka == kb == "ok"
    assert a[:3] == b[:3]
    for p, q in zip(a[3:], b[3:]):
        np.testing.assert_allclose(q, p, rtol=1e-12, atol=1e-300)


def test_device_answers_as_real_paddle():
    names = ["get_cudnn_version", "is_bf16_supported", "is_current_stream_capturing",
             "max_memory_allocated", "max_memory_reserved", "reset_max_memory_allocated",
             "reset_max_memory_reserved", "reset_peak_memory_stats", "ipc_collect",
             "current_stream", "device_count", "is_available"]
    for n in names:
        a, b = _both(lambda m: getattr(m.device, n)())
        assert a == b, n
    for n in ["memory_allocated", "reset_max_memory_allocated", "vmm_compact",
              "get_device_name", "get_device_properties", "empty_cache"]:
        a, b = _both(lambda m: getattr(m.device.cuda, n)())
        assert a == b, n


def test_value_type_device_as_real_paddle():
    def run(m):
        x = m.to_tensor([1.0])
        return [x.value() is x, repr(x.type), str(x.type), int(x.type), str(x.device),
                repr(x.device), x.device.type, x.device.index]
    a, b = _both(run)
    assert a == b


def test_framework_names_exist_in_real_paddle():
    real = pytest.importorskip("paddle")
    from eagergraph.framework_exports import EXPORTS
    for n in EXPORTS:
        assert hasattr(real.framework, n), n


# ---- behaviour differences: Adam's use_multi_tensor position, interpolate(antialias=)

def _adam_ref(p, grads, lr=0.1, b1=0.9, b2=0.999, eps=1e-8, amsgrad=False):
    """NumPy Adam (Paddle's: epsilon scaled by sqrt(1 - beta2^t)), optionally AMSGrad."""
    m = v = vmax = 0.0
    for t, g in enumerate(grads, 1):
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        vmax = np.maximum(vmax, v)
        lr_t = lr * np.sqrt(1 - b2 ** t) / (1 - b1 ** t)
        p = p - lr_t * m / (np.sqrt(vmax if amsgrad else v) + eps * np.sqrt(1 - b2 ** t))
    return p


@pytest.mark.parametrize("amsgrad", [False, True])
def test_adam_positional_use_multi_tensor(amsgrad):
    p = paddle.create_parameter([2], "float64")
    p.set_value(np.array([1.0, -2.0]))
    # Paddle 3.3.1's order: ..., lazy_mode, multi_precision, use_multi_tensor, amsgrad, name
    opt = paddle.optimizer.Adam(0.1, 0.9, 0.999, 1e-8, [p], None, None, False, False, True,
                                amsgrad)
    grads = [np.array([3.0, -1.0]), np.array([0.1, 0.2]), np.array([-0.01, 0.0])]
    for g in grads:
        p.grad = paddle.to_tensor(g)
        opt.step()
    ref = _adam_ref(np.array([1.0, -2.0]), grads, amsgrad=amsgrad)
    np.testing.assert_allclose(p.numpy(), ref, rtol=1e-10)


def _aa_weights_1d(n):
    """Bilinear antialias downsampling by exactly 2: PIL's triangle of support 2 is the
    [1, 3, 3, 1] / 8 stencil, renormalised where it leaves the image."""
    w = np.zeros((n // 2, n))
    for i in range(n // 2):
        for j, c in zip(range(2 * i - 1, 2 * i + 3), (1, 3, 3, 1)):
            if 0 <= j < n:
                w[i, j] = c
        w[i] /= w[i].sum()
    return w


def test_interpolate_antialias_bilinear_halving():
    F = paddle.nn.functional
    x = np.random.default_rng(3).random((2, 3, 8, 6))
    out = F.interpolate(paddle.to_tensor(x), size=[4, 3], mode="bilinear", antialias=True)
    ref = np.einsum("ih,nchw,jw->ncij", _aa_weights_1d(8), x, _aa_weights_1d(6))
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-12)
    nhwc = F.interpolate(paddle.to_tensor(x.transpose(0, 2, 3, 1)), scale_factor=0.5,
                         mode="bilinear", antialias=True, data_format="NHWC")
    np.testing.assert_allclose(nhwc.numpy(), ref.transpose(0, 2, 3, 1), rtol=1e-12)
    # the gradient: the transpose of the same linear map
    t = paddle.to_tensor(x, stop_gradient=False)
    g = paddle.to_tensor(np.random.default_rng(4).random((2, 3, 4, 3)))
    gx, = paddle.grad(F.interpolate(t, size=[4, 3], mode="bilinear", antialias=True), t, g)
    ref_g = np.einsum("ih,ncij,jw->nchw", _aa_weights_1d(8), g.numpy(), _aa_weights_1d(6))
    np.testing.assert_allclose(gx.numpy(), ref_g, rtol=1e-12)
    with pytest.raises(ValueError, match="only supported for bilinear and bicubic"):
        F.interpolate(paddle.to_tensor(x), size=[4, 3], mode="nearest", antialias=True)
    with pytest.raises(TypeError, match="antialias should be a bool"):
        F.interpolate(paddle.to_tensor(x), size=[4, 3], mode="bilinear", antialias=1)


def test_interpolate_antialias_as_torch():
    torch = pytest.importorskip("torch")
    F = paddle.nn.functional
    x = np.random.default_rng(5).random((1, 2, 9, 7))
    for mode in ("bilinear", "bicubic"):
        for kw in (dict(size=[4, 3]), dict(size=[13, 2]), dict(scale_factor=0.3),
                   dict(size=[5, 4], align_corners=True)):
            mine = F.interpolate(paddle.to_tensor(x), mode=mode, antialias=True, **kw).numpy()
            theirs = torch.nn.functional.interpolate(torch.tensor(x), mode=mode,
                                                     antialias=True, **kw).numpy()
            np.testing.assert_allclose(mine, theirs, rtol=1e-10, atol=1e-12)


def test_conv_data_format_defaults():
    import inspect
    for cls, fmt in ((paddle.nn.Conv1D, "NCL"), (paddle.nn.Conv2D, "NCHW"),
                     (paddle.nn.Conv3D, "NCDHW")):
        assert inspect.signature(cls).parameters["data_format"].default == fmt
