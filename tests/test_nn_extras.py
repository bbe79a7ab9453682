"""Smaller nn pieces: Dirac/Bilinear initializers and set_global_initializer, F.dropout1d,
F.pdist, F.rms_norm, F.diag_embed, nn.Unfold/Fold and nn.Softmax2D. NumPy references, Paddle's
documented shapes and errors, central-difference gradients for the differentiable ones."""
import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F
from eagergraph.nn import initializer as I
from tests.gradcheck import check_grads

RNG = np.random.default_rng(0)


def T(a, **kw):
    return paddle.to_tensor(a, **kw)


def test_dirac_passes_channels_through_a_convolution():
    for shape, groups in [([4, 2, 3], 1), ([6, 3, 3, 3], 2), ([2, 2, 3, 3], 1),
                          ([4, 3, 3, 3, 3], 1)]:
        w = paddle.create_parameter(shape, "float32", default_initializer=I.Dirac(groups))
        a = w.numpy()
        per = shape[0] // groups
        expect = np.zeros(shape, "float32")
        for g in range(groups):
            for i in range(min(per, shape[1])):
                expect[(g * per + i, i) + tuple(k // 2 for k in shape[2:])] = 1
        np.testing.assert_array_equal(a, expect)
    conv = paddle.nn.Conv2D(3, 3, 3, padding=1, bias_attr=False,
                            weight_attr=paddle.ParamAttr(initializer=I.Dirac()))
    x = RNG.standard_normal((1, 3, 5, 5)).astype("float32")
    np.testing.assert_allclose(conv(T(x)).numpy(), x, rtol=1e-6)


def test_bilinear_kernel_is_separable_and_symmetric():
    w = paddle.create_parameter([2, 2, 4, 4], "float32", default_initializer=I.Bilinear())
    k = w.numpy()[0, 0]
    ramp = np.array([0.25, 0.75, 0.75, 0.25])
    np.testing.assert_allclose(k, np.outer(ramp, ramp))
    assert (w.numpy() == k).all()
    with pytest.raises(ValueError):
        paddle.create_parameter([2, 3, 3], "float32", default_initializer=I.Bilinear())


def test_set_global_initializer():
    I.set_global_initializer(I.Constant(0.5), I.Constant(0.25))
    try:
        lin = paddle.nn.Linear(2, 2)
        assert (lin.weight.numpy() == 0.5).all() and (lin.bias.numpy() == 0.25).all()
        conv = paddle.nn.Conv2D(1, 1, 2, weight_attr=I.Constant(3.0))
        assert (conv.weight.numpy() == 3.0).all() and (conv.bias.numpy() == 0.25).all()
    finally:
        I.set_global_initializer(None)
    assert (paddle.nn.Linear(2, 2).bias.numpy() == 0).all()
    with pytest.raises(TypeError):
        I.set_global_initializer("xavier")
    assert issubclass(I.Constant, I.ConstantInitializer)
    assert issubclass(I.XavierUniform, I.XavierInitializer)


def test_dropout1d():
    paddle.seed(1)
    out = F.dropout1d(paddle.ones([4, 8, 5])).numpy()
    # whole channels are zeroed or scaled by 2
    assert set(np.unique(out)) <= {0.0, 2.0}
    assert (out == out[:, :, :1]).all()
    assert F.dropout1d(paddle.ones([3, 4]), 0.5).shape == [3, 4]
    np.testing.assert_array_equal(F.dropout1d(paddle.ones([3, 4]), training=False).numpy(),
                                  np.ones((3, 4)))
    with pytest.raises(RuntimeError):
        F.dropout1d(paddle.ones([2, 3, 4, 5]))


def test_pdist():
    a = RNG.standard_normal((5, 3))
    i, j = np.triu_indices(5, 1)
    for p in (2.0, 1.0, 3.0, np.inf):
        ref = np.linalg.norm(a[i] - a[j], ord=p, axis=1)
        np.testing.assert_allclose(F.pdist(T(a), p=p).numpy(), ref, rtol=1e-6)
    check_grads(lambda xs: F.pdist(xs[0]), [a])
    assert F.pdist(T(a[:1])).shape == [0]
    with pytest.raises(ValueError):
        F.pdist(T(a[0]))


def test_rms_norm():
    a, w = RNG.standard_normal((2, 3, 4)), RNG.standard_normal(4)
    out, inv = F.rms_norm(T(a), [4], weight=T(w), eps=1e-5)
    ref_inv = 1 / np.sqrt((a ** 2).mean(-1, keepdims=True) + 1e-5)
    np.testing.assert_allclose(out.numpy(), a * ref_inv * w, rtol=1e-10)
    np.testing.assert_allclose(inv.numpy(), ref_inv.reshape(-1), rtol=1e-10)
    out2, _ = F.rms_norm(T(a), [3, 4])
    np.testing.assert_allclose(out2.numpy(), a / np.sqrt((a ** 2).mean((1, 2), keepdims=True)
                                                         + 1e-5), rtol=1e-10)
    check_grads(lambda xs: F.rms_norm(xs[0], 4, weight=xs[1])[0], [a, w])
    with pytest.raises(ValueError):
        F.rms_norm(T(a), [3])


def test_diag_embed_and_fold_layers_and_softmax2d():
    v = RNG.standard_normal((2, 3))
    ref = np.zeros((2, 3, 3))
    ref[:, range(3), range(3)] = v
    np.testing.assert_array_equal(F.diag_embed(T(v)).numpy(), ref)
    x = RNG.standard_normal((1, 2, 4, 4))
    u = paddle.nn.Unfold(kernel_sizes=2, strides=2)
    cols = u(T(x))
    np.testing.assert_array_equal(cols.numpy(), F.unfold(T(x), 2, 2).numpy())
    assert repr(u) == "Unfold(kernel_size=2, dilation=1, padding=0, stride=2)"
    back = paddle.nn.Fold(output_sizes=[4, 4], kernel_sizes=2, strides=2)(cols)
    np.testing.assert_allclose(back.numpy(), x)  # non-overlapping blocks: an exact inverse
    s = RNG.standard_normal((2, 3, 2, 2))
    e = np.exp(s - s.max(1, keepdims=True))
    np.testing.assert_allclose(paddle.nn.Softmax2D()(T(s)).numpy(), e / e.sum(1, keepdims=True))
    with pytest.raises(AssertionError):
        paddle.nn.Softmax2D()(T(s[0, 0]))


def test_torch_style_layer_names_are_the_same_classes():
    nn = paddle.nn
    assert nn.Module is nn.Layer and nn.ModuleList is nn.LayerList
    assert nn.ModuleDict is nn.LayerDict and nn.SiLU is nn.Silu
    assert nn.Conv2d is nn.Conv2D and nn.ZeroPad2d is nn.ZeroPad2D
    assert nn.AdaptiveAvgPool1d is nn.AdaptiveAvgPool1D and nn.ReflectionPad3d is nn.ReflectionPad3D
    assert nn.UpsamplingNearest2d is nn.UpsamplingNearest2D
    assert "Module" in nn.__all__ and "Conv2d" in nn.__all__
