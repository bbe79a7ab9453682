"""paddle.fft: the public functions (compositions of the fft family's ops in eagergraph/fft.py)
against NumPy's FFT, their dtypes, padding and cropping to n / s, axis handling, errors as
Paddle 3.3.1 raises them, and gradients (first and second order) by central differences
through the public functions, real and complex. The ops themselves are in the op table
(tests/op_db_rows/fft.py). With Paddle installed, a sample is also compared with it."""
import numpy as np
import pytest

import eagergraph as paddle
from tests.gradcheck import check_grads

RNG = np.random.default_rng(0)
NORMS = ("backward", "forward", "ortho")


def _r(shape, dt="float64"):
    a = RNG.standard_normal(shape)
    if np.dtype(dt).kind == "c":
        a = a + 1j * RNG.standard_normal(shape)
    return a.astype(dt)


def _close(got, want, dt):
    tol = 1e-4 if got.dtype in (np.float32, np.complex64) else 1e-10
    assert got.dtype == np.dtype(dt), (got.dtype, dt)
    assert got.shape == want.shape, (got.shape, want.shape)
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol)


_C = {"float32": "complex64", "float64": "complex128", "complex64": "complex64",
      "complex128": "complex128", "int64": "complex64"}
_R = {"complex64": "float32", "complex128": "float64", "float32": "float32",
      "float64": "float64"}


@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "ihfft", "irfft", "hfft"])
@pytest.mark.parametrize("dt", ["float32", "float64", "complex64", "complex128", "int64"])
def test_one_dim_matches_numpy(name, dt):
    if name in ("rfft", "ihfft") and np.dtype(dt).kind == "c":
        pytest.skip("a real transform of a complex input")
    if name in ("irfft", "hfft") and dt == "int64":
        pytest.skip("Paddle: no float kernel for fft_c2r (test_integer_and_real_promotion)")
    for shape, axis in (((6,), -1), ((5,), 0), ((3, 4), 0), ((2, 3, 5), 1)):
        x = (RNG.integers(-3, 4, shape) if dt == "int64" else _r(shape, dt))
        for n in (None, 1, 4, 7):
            if name in ("irfft", "hfft") and n is None and shape[axis] == 1:
                continue
            for norm in NORMS:
                got = getattr(paddle.fft, name)(paddle.to_tensor(x), n=n, axis=axis,
                                                norm=norm).numpy()
                want = getattr(np.fft, name)(x, n=n, axis=axis, norm=norm)
                out_dt = _R[_C[dt]] if name in ("irfft", "hfft") else _C[dt]
                _close(got, want.astype(out_dt), out_dt)


@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn"])
def test_n_dim_matches_numpy_and_scipy(name):
    sp = pytest.importorskip("scipy.fft") if name in ("hfftn", "ihfftn") else np.fft
    for dt in ("float64", "complex64", "complex128", "float32"):
        if name in ("rfftn", "ihfftn") and np.dtype(dt).kind == "c":
            continue
        for shape in ((4, 5), (3, 4, 5)):
            x = _r(shape, dt)
            for s, axes in ((None, None), ([3], None), ([4, 6], None), (None, [0]),
                            (None, [-1, 0]), ([5, 3], [1, 0]), ([2, 7], [-2, -1])):
                for norm in NORMS:
                    got = getattr(paddle.fft, name)(paddle.to_tensor(x), s=s, axes=axes,
                                                    norm=norm).numpy()
                    ref_axes = axes
                    if s is not None and axes is None:  # Paddle: the last len(s) axes
                        ref_axes = list(range(x.ndim - len(s), x.ndim))
                    want = getattr(sp, name)(x, s=s, axes=ref_axes, norm=norm)
                    out_dt = _R[_C[dt]] if name in ("irfftn", "hfftn") else _C[dt]
                    _close(got, np.asarray(want).astype(out_dt), out_dt)


@pytest.mark.parametrize("name", ["fft2", "ifft2", "rfft2", "irfft2"])
def test_two_dim_matches_numpy(name):
    x = _r((2, 4, 6), "complex128" if name in ("fft2", "ifft2", "irfft2") else "float64")
    for s, axes in ((None, (-2, -1)), ((3, 5), (0, 2)), (None, (2, 0))):
        got = getattr(paddle.fft, name)(paddle.to_tensor(x), s=s, axes=axes).numpy()
        _close(got, getattr(np.fft, name)(x, s=s, axes=axes), got.dtype)


def test_hfft2_ihfft2_are_the_hermitian_pairs():
    x = _r((3, 4), "complex128")
    # hfft2 is the real transform of the Hermitian-extended x: a forward c2r, = irfft2(conj x)
    # with the scale of a forward transform
    got = paddle.fft.hfft2(paddle.to_tensor(x), s=(3, 6)).numpy()
    _close(got, np.fft.irfft2(np.conj(x), s=(3, 6)) * 18, "float64")
    r = _r((3, 6))
    got = paddle.fft.ihfft2(paddle.to_tensor(r)).numpy()
    _close(got, np.conj(np.fft.rfft2(r)) / 18, "complex128")


def test_integer_and_real_promotion():
    assert paddle.fft.fft(paddle.to_tensor([1, 2, 3])).dtype == paddle.complex64
    assert paddle.fft.rfft(paddle.to_tensor([1, 2, 3], dtype="int32")).dtype == paddle.complex64
    assert paddle.fft.fft(paddle.to_tensor([1.0, 2.0], dtype="float64")).dtype == \
        paddle.complex128
    assert paddle.fft.irfft(paddle.to_tensor([1.0, 2.0])).dtype == paddle.float32
    with pytest.raises(RuntimeError):  # Paddle: int -> float32, and fft_c2r has no float kernel
        paddle.fft.irfft(paddle.to_tensor([1, 2], dtype="int32"))
    with pytest.raises(RuntimeError):  # no float16 kernel of fft_r2c in Paddle
        paddle.fft.rfft(paddle.to_tensor([1.0, 2.0], dtype="float16"))
    with pytest.raises(RuntimeError):
        paddle.fft.fft(paddle.to_tensor([True, False]))


def test_empty_and_degenerate():
    assert paddle.fft.fft(paddle.zeros([0])).shape == [0]
    assert paddle.fft.fft(paddle.zeros([3, 0]), axis=0).shape == [3, 0]
    assert paddle.fft.rfft(paddle.zeros([3, 0]), axis=0).shape == [2, 0]
    # one bin and no n: 2 * (1 - 1) = 0 outputs, as Paddle
    assert paddle.fft.irfft(paddle.to_tensor(np.ones(1) + 0j)).shape == [0]
    np.testing.assert_allclose(paddle.fft.irfft(paddle.to_tensor([2.0 + 1j]), n=1).numpy(), [2.0])


def test_errors():
    x = paddle.to_tensor(_r((3, 4)))
    cases = [(paddle.fft.fft, dict(n=0), "should be positive"),
             (paddle.fft.fft, dict(n=2.5), "should be an integer"),
             (paddle.fft.rfft, dict(axis=2), r"should be in range \[-2, 2\)"),
             (paddle.fft.ifft, dict(norm="bad"), "Unexpected norm: bad"),
             (paddle.fft.fftn, dict(s=[0]), "contains invalid value"),
             (paddle.fft.fftn, dict(s=[1, 2, 3]), "should not be larger than the rank"),
             (paddle.fft.rfftn, dict(axes=[0, 2]), "contains invalid value"),
             (paddle.fft.irfftn, dict(s=[2], axes=[0, 1]), "does not match"),
             (paddle.fft.fft2, dict(s=[2]), "sequence of 2 integers"),
             (paddle.fft.fft2, dict(axes=[0]), "sequence of 2 integers")]
    for f, kw, msg in cases:
        with pytest.raises(ValueError, match=msg):
            f(x, **kw)
    with pytest.raises(ValueError, match="should >= 2"):
        paddle.fft.fft2(paddle.to_tensor(_r(3)))
    with pytest.raises(ValueError, match="should be in range"):
        paddle.fft.fft(paddle.to_tensor(1.0))
    with pytest.raises(ValueError, match="repeatedly"):
        paddle._C_ops.fft_c2c(paddle.to_tensor(_r((3, 4), "complex128")), [0, 0], "backward",
                              True)


def test_aliases_and_out():
    a = _r((3, 4))
    want = np.fft.rfft(a, axis=0)
    _close(paddle.fft.rfft(input=paddle.to_tensor(a), dim=0).numpy(), want, "complex128")
    _close(paddle.fft.fftn(input=paddle.to_tensor(a), dim=[0]).numpy(), np.fft.fft(a, axis=0),
           "complex128")
    out = paddle.zeros([3, 3], dtype="complex128")
    r = paddle.fft.rfft(paddle.to_tensor(a), out=out)
    _close(out.numpy(), np.fft.rfft(a), "complex128")
    assert r is out


def test_freq_and_shift():
    for n, d in ((5, 1.0), (6, 0.1), (1, 2.0)):
        f = paddle.fft.fftfreq(n, d)
        assert f.dtype == paddle.float32
        np.testing.assert_allclose(f.numpy(), np.fft.fftfreq(n, d), rtol=1e-6)
        g = paddle.fft.rfftfreq(n, d, dtype="float64")
        assert g.dtype == paddle.float64
        np.testing.assert_allclose(g.numpy(), np.fft.rfftfreq(n, d), rtol=1e-12)
    with pytest.raises(ValueError, match="should not be 0"):
        paddle.fft.fftfreq(0)
    for shape in ((5,), (4, 5), (3, 4, 5)):
        a = _r(shape)
        for axes in (None, [0], -1, (0, -1)):
            np.testing.assert_array_equal(
                paddle.fft.fftshift(paddle.to_tensor(a), axes=axes).numpy(),
                np.fft.fftshift(a, axes=axes))
            np.testing.assert_array_equal(
                paddle.fft.ifftshift(paddle.to_tensor(a), axes=axes).numpy(),
                np.fft.ifftshift(a, axes=axes))


# ---- gradients through the public functions (padding, cropping, promotion included)
GRAD_CASES = [
    ("fft", (5,), "float64", dict(n=7)),
    ("fft", (3, 4), "complex128", dict(n=3, axis=0, norm="ortho")),
    ("ifft", (4,), "float64", dict(norm="forward")),
    ("rfft", (2, 5), "float64", dict(n=6)),
    ("irfft", (4,), "complex128", dict(n=5)),
    ("irfft", (3, 4), "complex128", dict(axis=0, norm="ortho")),
    ("hfft", (3,), "complex128", dict(n=4, norm="forward")),
    ("ihfft", (5,), "float64", dict(n=4)),
    ("fft2", (3, 4), "complex128", dict(s=(2, 5))),
    ("rfft2", (3, 4), "float64", dict(axes=(1, 0))),
    ("irfft2", (3, 3), "complex128", dict(s=(3, 5))),
    ("hfft2", (2, 3), "complex128", dict(s=(2, 4), norm="ortho")),
    ("ihfft2", (3, 4), "float64", {}),
    ("ifftn", (2, 3, 2), "complex128", dict(axes=[2, 0])),
    ("rfftn", (2, 3, 4), "float64", dict(s=[3, 3], norm="forward")),
    ("irfftn", (2, 2, 3), "complex128", dict(axes=[0, 2])),
    ("hfftn", (2, 3), "complex128", {}),
    ("ihfftn", (2, 4), "float64", dict(s=[3, 3])),
]


@pytest.mark.parametrize("name,shape,dt,kw", GRAD_CASES,
                         ids=[f"{c[0]}-{c[2]}-{i}" for i, c in enumerate(GRAD_CASES)])
def test_gradients(name, shape, dt, kw):
    a = _r(shape, dt)
    check_grads(lambda xs: getattr(paddle.fft, name)(xs[0], **kw), [a])


def test_real_input_grad_is_real():
    x = paddle.to_tensor(_r(4), stop_gradient=False)
    paddle.fft.fft(x).abs().sum().backward()
    assert x.grad.dtype == paddle.float64


def test_c2r_grad_doubles_the_interior_bins():
    # irfft(X)[t] = (X_0 + 2 sum_k Re(X_k w^kt) [+ X_{n/2} (-1)^t]) / n: its grad is rfft(g) / n
    # weighted 1 at DC (and Nyquist for even n), 2 elsewhere
    for n in (4, 5, 6, 7):
        z = paddle.to_tensor(_r(n // 2 + 1, "complex128"), stop_gradient=False)
        g = _r(n)
        paddle.fft.irfft(z, n=n).backward(paddle.to_tensor(g))
        w = np.full(n // 2 + 1, 2.0)
        w[0] = 1
        if n % 2 == 0:
            w[-1] = 1
        np.testing.assert_allclose(z.grad.numpy(), np.fft.rfft(g) / n * w, atol=1e-12)


def test_matches_paddle():
    pd = pytest.importorskip("paddle")
    x = _r((3, 4))
    z = _r((3, 3), "complex128")
    for name, arr, kw in (("fft", x, dict(n=5)), ("rfft2", x, dict(norm="ortho")),
                          ("irfftn", z, dict(s=[3, 5])), ("hfft", z, dict(axis=0)),
                          ("ihfft2", x, dict(s=[2, 3]))):
        outs = []
        for lib in (pd, paddle):
            t = lib.to_tensor(arr, stop_gradient=False)
            y = getattr(lib.fft, name)(t, **kw)
            (y.abs() ** 2).sum().backward()
            outs.append((y.numpy(), t.grad.numpy()))
        np.testing.assert_allclose(outs[1][0], outs[0][0], atol=1e-10)
        np.testing.assert_allclose(outs[1][1], outs[0][1], atol=1e-10)


# ---- paddle.signal: frame, overlap_add, stft, istft (compositions in eagergraph/signal.py)
def _np_frame(x, fl, hop, axis):
    if axis == 0:
        return np.moveaxis(_np_frame(np.moveaxis(x, 0, -1), fl, hop, -1), (-2, -1), (1, 0))
    num = 1 + (x.shape[-1] - fl) // hop
    return np.stack([x[..., i * hop:i * hop + fl] for i in range(num)], axis=-1)


def _np_overlap_add(fr, hop, axis):
    if axis == 0:
        return np.moveaxis(_np_overlap_add(np.moveaxis(fr, (0, 1), (-1, -2)), hop, -1), -1, 0)
    fl, num = fr.shape[-2:]
    out = np.zeros(fr.shape[:-2] + ((num - 1) * hop + fl,), fr.dtype)
    for i in range(num):
        out[..., i * hop:i * hop + fl] += fr[..., i]
    return out


@pytest.mark.parametrize("shape,fl,hop,axis", [((10,), 3, 2, -1), ((2, 9), 4, 1, -1),
                                               ((9, 2), 4, 3, 0), ((2, 3, 7), 2, 2, -1)])
def test_frame_and_overlap_add(shape, fl, hop, axis):
    x = _r(shape)
    fr = paddle.signal.frame(paddle.to_tensor(x), fl, hop, axis)
    np.testing.assert_array_equal(fr.numpy(), _np_frame(x, fl, hop, axis))
    f = _r(fr.shape)
    np.testing.assert_allclose(paddle.signal.overlap_add(paddle.to_tensor(f), hop, axis).numpy(),
                               _np_overlap_add(f, hop, axis), atol=1e-12)
    check_grads(lambda xs: paddle.signal.frame(xs[0], fl, hop, axis), [x])
    check_grads(lambda xs: paddle.signal.overlap_add(xs[0], hop, axis), [f])


def test_frame_errors():
    x = paddle.to_tensor(_r(10))
    with pytest.raises(ValueError, match="less equal than sequence length"):
        paddle.signal.frame(x, 11, 2)
    with pytest.raises(ValueError, match="hop_length"):
        paddle.signal.frame(x, 3, 0)
    with pytest.raises(ValueError, match="Unexpected axis"):
        paddle.signal.frame(x, 3, 1, axis=1)


def _np_stft(x, n_fft, hop, window, center, pad_mode, normalized, onesided):
    if center:
        p = n_fft // 2
        x = np.pad(x, [(0, 0)] * (x.ndim - 1) + [(p, p)], mode=pad_mode)
    fr = _np_frame(x, n_fft, hop, -1) * window[:, None]
    f = np.fft.rfft if onesided else np.fft.fft
    return f(fr, axis=-2, norm="ortho" if normalized else "backward")


@pytest.mark.parametrize("kw", [dict(n_fft=8), dict(n_fft=8, hop_length=3, win_length=6),
                                dict(n_fft=10, center=False),
                                dict(n_fft=8, pad_mode="constant", normalized=True),
                                dict(n_fft=8, onesided=False)])
def test_stft_and_istft(kw):
    x = _r((2, 37))
    n_fft = kw["n_fft"]
    wl = kw.get("win_length", n_fft)
    w = np.hanning(wl + 2)[1:-1]
    wfull = np.pad(w, ((n_fft - wl) // 2, n_fft - wl - (n_fft - wl) // 2))
    S = paddle.signal.stft(paddle.to_tensor(x), window=paddle.to_tensor(w), **kw)
    want = _np_stft(x, n_fft, kw.get("hop_length", n_fft // 4), wfull, kw.get("center", True),
                    kw.get("pad_mode", "reflect"), kw.get("normalized", False),
                    kw.get("onesided", True))
    _close(S.numpy(), want, "complex128")
    ikw = {k: v for k, v in kw.items() if k != "pad_mode"}
    y = paddle.signal.istft(S, window=paddle.to_tensor(w), length=37 if kw.get("center", True)
                            else None, **ikw).numpy()
    span = slice(None) if kw.get("center", True) else slice(0, y.shape[-1])
    np.testing.assert_allclose(y, x[:, span] if kw.get("center", True) else x[:, :y.shape[-1]],
                               atol=1e-10)  # the round trip recovers x (pad_mode aside)
    check_grads(lambda xs: paddle.signal.stft(xs[0], window=xs[1], **kw), [x[:, :20], w],
                order=1)
    Sn = S.numpy()[..., :4]
    check_grads(lambda xs: paddle.signal.istft(xs[0], window=paddle.to_tensor(w), **ikw),
                [Sn], order=1)


def test_stft_of_complex_and_istft_errors():
    z = _r(30, "complex128")
    S = paddle.signal.stft(paddle.to_tensor(z), 8)  # onesided: False for a complex x
    _close(S.numpy(), _np_stft(z, 8, 2, np.ones(8), True, "reflect", False, False), "complex128")
    with pytest.raises(AssertionError, match="onesided should be False"):
        paddle.signal.stft(paddle.to_tensor(z), 8, onesided=True)
    with pytest.raises(AssertionError, match="fft_size should be equal"):
        paddle.signal.istft(paddle.to_tensor(_r((4, 7), "complex128")), 8)
    with pytest.raises(ValueError, match="NOLA"):
        paddle.signal.istft(paddle.to_tensor(_r((5, 7), "complex128")), 8,
                            window=paddle.zeros([8], dtype="float64"))


def test_stft_istft_are_tensor_methods():
    x = paddle.to_tensor(_r(32))
    S = x.stft(8)
    np.testing.assert_array_equal(S.numpy(), paddle.signal.stft(x, 8).numpy())
    np.testing.assert_allclose(S.istft(8, length=32).numpy(), x.numpy(), atol=1e-10)
