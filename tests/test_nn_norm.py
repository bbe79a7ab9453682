"""Normalization functionals and layers: NumPy references, running-statistic updates over
several steps, train/eval, first- and second-order gradients against central differences,
reprs and state_dict keys as Paddle 3.3.1 prints them."""
import warnings

import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F
from eagergraph import nn
from tests.gradcheck import check_grads

rng = np.random.default_rng(0)
X4 = rng.standard_normal((3, 4, 2, 3))
X3 = rng.standard_normal((2, 6, 5))
W4, B4 = rng.standard_normal(4), rng.standard_normal(4)
W6, B6 = rng.standard_normal(6), rng.standard_normal(6)


def t(a, **kw):
    return paddle.to_tensor(a, **kw)


def f32(v):
    """A float attribute at Paddle's float32 width (tests/test_attr_width.py)."""
    return float(np.float32(v))


def np_norm(x, axes, eps):
    mean = x.mean(axis=axes, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=axes, keepdims=True)
    return (x - mean) / np.sqrt(var + eps)


def bshape(ndim, c_axis):
    s = [1] * ndim
    s[c_axis] = -1
    return s


# ---- batch_norm -------------------------------------------------------------------------------
@pytest.mark.parametrize("fmt,x", [("NCHW", X4), ("NHWC", X4.transpose(0, 2, 3, 1)),
                                   ("NC", X4[:, :, 0, 0]), ("NLC", X3[:, :4].transpose(0, 2, 1))])
def test_batch_norm_training_values_and_running_update(fmt, x):
    x = np.ascontiguousarray(x)
    c_axis = 1 if fmt[1] == "C" else x.ndim - 1
    axes = tuple(i for i in range(x.ndim) if i != c_axis)
    rm0, rv0 = rng.standard_normal(4), rng.random(4) + 0.5
    rm, rv = t(rm0), t(rv0)
    y = F.batch_norm(t(x), rm, rv, t(W4), t(B4), training=True, momentum=0.8, epsilon=1e-3,
                     data_format=fmt)
    s = bshape(x.ndim, c_axis)
    ref = np_norm(x, axes, f32(1e-3)) * W4.reshape(s) + B4.reshape(s)
    np.testing.assert_allclose(y.numpy(), ref, rtol=1e-10, atol=1e-12)
    # Paddle: running = momentum * running + (1 - momentum) * batch, biased batch variance
    # (momentum and epsilon are float32 attributes in Paddle's kernel)
    m = f32(0.8)
    np.testing.assert_allclose(rm.numpy(), m * rm0 + (1 - m) * x.mean(axes), rtol=1e-12)
    np.testing.assert_allclose(rv.numpy(), m * rv0 + (1 - m) * x.var(axes), rtol=1e-12)


def test_batch_norm_eval_uses_running_stats_and_leaves_them():
    rm0, rv0 = rng.standard_normal(4), rng.random(4) + 0.5
    rm, rv = t(rm0), t(rv0)
    y = F.batch_norm(t(X4), rm, rv, t(W4), t(B4), training=False, epsilon=1e-4)
    s = [1, -1, 1, 1]
    ref = (X4 - rm0.reshape(s)) / np.sqrt(rv0.reshape(s) + f32(1e-4)) * W4.reshape(s) + \
        B4.reshape(s)
    np.testing.assert_allclose(y.numpy(), ref, rtol=1e-10)
    np.testing.assert_array_equal(rm.numpy(), rm0)
    np.testing.assert_array_equal(rv.numpy(), rv0)


def test_batch_norm_use_global_stats_flags():
    rm0, rv0 = rng.standard_normal(4), rng.random(4) + 0.5
    # training with use_global_stats=True: running statistics, no update
    rm, rv = t(rm0), t(rv0)
    y = F.batch_norm(t(X4), rm, rv, training=True, use_global_stats=True)
    s = [1, -1, 1, 1]
    np.testing.assert_allclose(y.numpy(),
                               (X4 - rm0.reshape(s)) / np.sqrt(rv0.reshape(s) + f32(1e-5)),
                               rtol=1e-10)
    np.testing.assert_array_equal(rm.numpy(), rm0)
    # eval with use_global_stats=False: batch statistics, and the running ones update
    rm, rv = t(rm0), t(rv0)
    y = F.batch_norm(t(X4), rm, rv, training=False, use_global_stats=False)
    np.testing.assert_allclose(y.numpy(), np_norm(X4, (0, 2, 3), f32(1e-5)), rtol=1e-9,
                               atol=1e-12)
    m = f32(0.9)
    np.testing.assert_allclose(rm.numpy(), m * rm0 + (1 - m) * X4.mean((0, 2, 3)), rtol=1e-12)


def test_batch_norm_eval_trainable_stats_gradient_uses_running_stats():
    # Paddle's grad kernel in test mode treats the (updated) running statistics as constants
    rm0, rv0 = rng.standard_normal(4), rng.random(4) + 0.5
    rm, rv = t(rm0), t(rv0)
    x = t(X4, stop_gradient=False)
    w = t(W4, stop_gradient=False)
    y = F.batch_norm(x, rm, rv, w, training=False, momentum=0.8, use_global_stats=False)
    gx, gw = paddle.grad(y.sum(), [x, w])
    m, eps = f32(0.8), f32(1e-5)
    new_m = m * rm0 + (1 - m) * X4.mean((0, 2, 3))
    new_v = m * rv0 + (1 - m) * X4.var((0, 2, 3))
    s = [1, -1, 1, 1]
    np.testing.assert_allclose(gx.numpy(), np.broadcast_to((W4 / np.sqrt(new_v + eps)).reshape(s),
                                                          X4.shape), rtol=1e-10)
    np.testing.assert_allclose(gw.numpy(), ((X4 - new_m.reshape(s)) / np.sqrt(new_v.reshape(s)
                                                                              + eps)).sum((0, 2, 3)),
                               rtol=1e-10)


def test_batch_norm_errors():
    with pytest.raises(ValueError, match="data_format must be one of"):
        F.batch_norm(t(X3), t(np.zeros(6)), t(np.ones(6)), data_format="NCX")
    with pytest.raises(AssertionError, match="input dim must be larger than 1"):
        F.batch_norm(t(np.ones(3)), t(np.zeros(3)), t(np.ones(3)))


@pytest.mark.parametrize("training", [True, False])
def test_batch_norm_grads(training):
    rm0, rv0 = rng.standard_normal(4), rng.random(4) + 0.5

    def f(xs):
        x, w, b = xs
        return F.batch_norm(x, t(rm0), t(rv0), w, b, training=training)
    check_grads(f, [X4[:2, :, :1].copy(), W4, B4])


# ---- layer_norm, group_norm, instance_norm ----------------------------------------------------
@pytest.mark.parametrize("ns", [[3], [2, 3], (4, 2, 3)])
def test_layer_norm_values(ns):
    n = int(np.prod(ns))
    w, b = rng.standard_normal(n), rng.standard_normal(n)
    y = F.layer_norm(t(X4), ns, t(w), t(b), 1e-4)
    axes = tuple(range(4 - len(ns), 4))
    ref = np_norm(X4, axes, f32(1e-4)) * w.reshape(ns) + b.reshape(ns)
    np.testing.assert_allclose(y.numpy(), ref, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(F.layer_norm(t(X4), 3, eps=1e-3).numpy(),
                               np_norm(X4, (3,), f32(1e-3)), rtol=1e-10, atol=1e-12)


def test_layer_norm_errors_and_grads():
    with pytest.raises(ValueError, match=r"Given normalized_shape is \[3, 4\], expected input "
                                         r"with shape \[\*, 3, 4\], but got input shape"):
        F.layer_norm(t(X4), [3, 4])
    with pytest.raises(ValueError, match="dimensions of Input\\(Scale\\) must be 1"):
        F.layer_norm(t(X4), [2, 3], weight=t(np.ones((2, 3))))
    check_grads(lambda xs: F.layer_norm(xs[0], [3], xs[1], xs[2]),
                [X4[:2, :2].copy(), rng.standard_normal(3), rng.standard_normal(3)])


@pytest.mark.parametrize("g", [1, 2, 3, 6])
def test_group_norm_values(g):
    y = F.group_norm(t(X3), g, 1e-4, t(W6), t(B6))
    ref = np_norm(X3.reshape(2, g, -1), (2,), 1e-4).reshape(X3.shape)
    ref = ref * W6.reshape(1, -1, 1) + B6.reshape(1, -1, 1)
    np.testing.assert_allclose(y.numpy(), ref, rtol=1e-10, atol=1e-12)
    xl = np.ascontiguousarray(X3.transpose(0, 2, 1))
    yl = F.group_norm(t(xl), g, 1e-4, t(W6), t(B6), data_format="NLC")
    np.testing.assert_allclose(yl.numpy(), ref.transpose(0, 2, 1), rtol=1e-10, atol=1e-12)


def test_group_norm_call_forms_and_errors():
    ref = F.group_norm(t(X4), 2, 1e-3, t(W4), t(B4)).numpy()
    np.testing.assert_array_equal(F.group_norm(t(X4), 2, t(W4), t(B4), 1e-3).numpy(), ref)
    np.testing.assert_array_equal(
        F.group_norm(input=t(X4), num_groups=2, weight=t(W4), bias=t(B4), eps=1e-3).numpy(), ref)
    with pytest.raises(ValueError, match="divisible by num_groups, but got input channel is 6 "
                                         "and num_groups is 4"):
        F.group_norm(t(X3), 4)
    with pytest.raises(ValueError, match="unsupported data layout:NCX"):
        F.group_norm(t(X3), 3, data_format="NCX")


def test_group_norm_grads():
    check_grads(lambda xs: F.group_norm(xs[0], 2, 1e-5, xs[1], xs[2]),
                [X3[:, :4, :3].copy(), W4, B4])
    check_grads(lambda xs: F.group_norm(xs[0], 3, data_format="NLC"),
                [np.ascontiguousarray(X3[:1, :, :2].transpose(0, 2, 1))])


@pytest.mark.parametrize("x", [X4, X3, rng.standard_normal((2, 3, 2, 2, 3))])
def test_instance_norm_values(x):
    c = x.shape[1]
    w, b = rng.standard_normal(c), rng.standard_normal(c)
    y = F.instance_norm(t(x), weight=t(w), bias=t(b), eps=1e-3)
    s = bshape(x.ndim, 1)
    ref = np_norm(x, tuple(range(2, x.ndim)), f32(1e-3)) * w.reshape(s) + b.reshape(s)
    np.testing.assert_allclose(y.numpy(), ref, rtol=1e-10, atol=1e-12)


def test_instance_norm_2d_input_is_zero_and_grads():
    np.testing.assert_array_equal(F.instance_norm(t(X3[:, :, 0].copy())).numpy(), 0.0)
    check_grads(lambda xs: F.instance_norm(xs[0], weight=xs[1], bias=xs[2]),
                [X3[:, :4, :3].copy(), W4, B4])


# ---- local_response_norm, normalize -----------------------------------------------------------
def np_lrn(x, size, alpha, beta, k, c_axis):
    x = np.moveaxis(x, c_axis, 1)
    c = x.shape[1]
    sq = x ** 2
    out = np.empty_like(x)
    for i in range(c):
        lo, hi = max(0, i - size // 2), min(c, i + (size - 1) // 2 + 1)
        div = (k + alpha * sq[:, lo:hi].sum(1) / size) ** f32(beta)  # Paddle's pow: float32
        out[:, i] = x[:, i] / div
    return np.moveaxis(out, 1, c_axis)


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("fmt,x", [("NCL", X3), ("NLC", X3), ("NCHW", X4), ("NHWC", X4),
                                   ("NCDHW", X4[:, :, :, :, None])])
def test_local_response_norm_values(size, fmt, x):
    x = np.ascontiguousarray(x)
    y = F.local_response_norm(t(x), size, alpha=0.3, beta=0.6, k=1.5, data_format=fmt)
    c_axis = x.ndim - 1 if fmt[-1] == "C" else 1
    np.testing.assert_allclose(y.numpy(), np_lrn(x, size, 0.3, 0.6, 1.5, c_axis), rtol=1e-10)


def test_local_response_norm_errors_and_grads():
    with pytest.raises(ValueError, match="Expected 3D or higher dimensionality input"):
        F.local_response_norm(t(X3[:, :, 0].copy()), 3)
    with pytest.raises(ValueError, match="data_format should be in one of"):
        F.local_response_norm(t(X3), 3, data_format="NC")
    check_grads(lambda xs: F.local_response_norm(xs[0], 3, alpha=0.5), [X3[:1].copy()])


@pytest.mark.parametrize("p", [2, 1, 3, 1.5, np.inf, -np.inf])
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_normalize_values(p, axis):
    x = rng.standard_normal((3, 4))
    if p == np.inf:
        norm = np.abs(x).max(axis, keepdims=True)
    elif p == -np.inf:
        norm = np.abs(x).min(axis, keepdims=True)
    else:
        # Paddle's p_norm kernel: float32 p, and 1 / p formed in float32
        norm = (np.abs(x) ** f32(p)).sum(axis, keepdims=True) ** f32(np.float32(1) / np.float32(p))
    np.testing.assert_allclose(F.normalize(t(x), p=p, axis=axis).numpy(),
                               x / np.maximum(norm, 1e-12), rtol=1e-10)


def test_normalize_special_cases():
    x = np.array([[3.0, -4.0, 0.0]])
    np.testing.assert_allclose(F.normalize(t(x), p=0).numpy(), x / 2)  # two non-zeros
    np.testing.assert_allclose(F.normalize(t(x[0]), axis=0).numpy(), x[0] / 5)
    np.testing.assert_allclose(F.normalize(t(x), epsilon=10.0).numpy(), x / 10)
    np.testing.assert_allclose(F.normalize(input=t(x), dim=1, eps=10.0).numpy(), x / 10)
    with pytest.raises(ValueError, match="Attr\\(axis\\) value should be in range"):
        F.normalize(t(x[0]))


def test_normalize_grads():
    x = rng.standard_normal((3, 4))
    for p in (2, 3):
        check_grads(lambda xs, p=p: F.normalize(xs[0], p=p, axis=1), [x])


# ---- layers -----------------------------------------------------------------------------------
REPRS = {
    "BatchNorm1D(3)": "BatchNorm1D(num_features=3, momentum=0.9, epsilon=1e-05, data_format=NCL)",
    "BatchNorm1D(3, data_format='NLC', name='b')":
        "BatchNorm1D(num_features=3, momentum=0.9, epsilon=1e-05, data_format=NLC, name=b)",
    "BatchNorm2D(5, momentum=0.5, epsilon=1e-3)":
        "BatchNorm2D(num_features=5, momentum=0.5, epsilon=0.001)",
    "BatchNorm3D(2)": "BatchNorm3D(num_features=2, momentum=0.9, epsilon=1e-05, "
                      "data_format=NCDHW)",
    "BatchNorm(3)": "BatchNorm()",
    "SyncBatchNorm(3)": "SyncBatchNorm(num_features=3, momentum=0.9, epsilon=1e-05)",
    "LayerNorm([3, 4])": "LayerNorm(normalized_shape=[3, 4], epsilon=1e-05)",
    "LayerNorm(4, eps=1e-3)": "LayerNorm(normalized_shape=[4], epsilon=0.001)",
    "GroupNorm(2, 4)": "GroupNorm(num_groups=2, num_channels=4, epsilon=1e-05)",
    "InstanceNorm2D(3)": "InstanceNorm2D(num_features=3, epsilon=1e-05)",
    "InstanceNorm3D(2, epsilon=1e-3, momentum=0.5)": "InstanceNorm3D(num_features=2, "
                                                     "epsilon=0.001)",
    "LocalResponseNorm(3)": "LocalResponseNorm(size=3, alpha=0.0001, beta=0.75, k=1.0)",
    "LocalResponseNorm(3, data_format='NHWC', name='x')":
        "LocalResponseNorm(size=3, alpha=0.0001, beta=0.75, k=1.0, data_format=NHWC, name=x)",
}


@pytest.mark.parametrize("ctor", sorted(REPRS))
def test_layer_reprs(ctor):
    assert repr(eval("nn." + ctor)) == REPRS[ctor]


STATE_KEYS = {
    "BatchNorm2D(3)": ["weight", "bias", "_mean", "_variance"],
    "BatchNorm3D(2, weight_attr=False, bias_attr=False)": ["_mean", "_variance"],
    "BatchNorm(3)": ["weight", "bias", "_mean", "_variance"],
    "SyncBatchNorm(3, weight_attr=False)": ["bias", "_mean", "_variance", "weight"],
    "LayerNorm(4)": ["weight", "bias"],
    "LayerNorm(4, bias=False)": ["weight"],
    "LayerNorm(4, elementwise_affine=False)": [],
    "GroupNorm(2, 4, affine=False)": [],
    "InstanceNorm1D(3)": ["scale", "bias"],
    "InstanceNorm1D(3, weight_attr=False, bias_attr=False)": [],
    "LocalResponseNorm(3)": [],
}


@pytest.mark.parametrize("ctor", sorted(STATE_KEYS))
def test_layer_state_dict_keys(ctor):
    assert list(eval("nn." + ctor).state_dict()) == STATE_KEYS[ctor]


def test_batch_norm_layer_parameters():
    bn = nn.BatchNorm2D(3, name="foo")
    np.testing.assert_array_equal(bn.weight.numpy(), np.ones(3))
    np.testing.assert_array_equal(bn.bias.numpy(), np.zeros(3))
    np.testing.assert_array_equal(bn._mean.numpy(), np.zeros(3))
    np.testing.assert_array_equal(bn._variance.numpy(), np.ones(3))
    assert (bn._mean.name, bn._variance.name) == ("foo_mean", "foo_variance")
    assert bn._mean.stop_gradient and not bn._mean.trainable
    assert [n for n, _ in bn.named_parameters()] == ["weight", "bias", "_mean", "_variance"]
    assert nn.LayerNorm([2, 3]).weight.shape == [6]
    with pytest.raises(AssertionError, match="must be set to False at the same time"):
        nn.InstanceNorm1D(3, weight_attr=False)


def test_batch_norm_layer_running_stats_over_steps_then_eval():
    bn = nn.BatchNorm2D(4, momentum=0.7)
    mean, var = np.zeros(4), np.ones(4)
    for step in range(4):
        x = (rng.standard_normal((3, 4, 2, 2)) * (step + 1) + step).astype("float32")
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            y = bn(t(x))
        assert any("always track global mean and variance" in str(m.message) for m in w)
        x64 = x.astype(np.float64)
        mean = 0.7 * mean + 0.3 * x64.mean((0, 2, 3))
        var = 0.7 * var + 0.3 * x64.var((0, 2, 3))
        np.testing.assert_allclose(y.numpy(), np_norm(x64, (0, 2, 3), 1e-5), rtol=1e-4,
                                   atol=1e-5)
        np.testing.assert_allclose(bn._mean.numpy(), mean, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(bn._variance.numpy(), var, rtol=1e-5)
    bn.eval()
    x = rng.standard_normal((2, 4, 2, 2)).astype("float32")
    y = bn(t(x))
    s = [1, -1, 1, 1]
    np.testing.assert_allclose(y.numpy(), (x - mean.reshape(s)) / np.sqrt(var.reshape(s) + 1e-5),
                               rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(bn._mean.numpy(), mean, rtol=1e-5, atol=1e-6)  # unchanged


def test_batch_norm_layer_input_checks():
    with pytest.raises(ValueError, match="expected 4D input \\(got 3D input\\)"):
        nn.BatchNorm2D(3)(t(X3[:, :3]))
    with pytest.raises(ValueError, match="expected 2D or 3D input \\(got 4D input\\)"):
        nn.BatchNorm1D(4)(t(X4))
    with pytest.raises(ValueError, match="expected NC , NCL, NLC or None"):
        nn.BatchNorm1D(4, data_format="NHWCX")(t(X4[:, :, 0]))


def test_old_batch_norm_flags():
    x = X4.astype("float32")
    ob = nn.BatchNorm(4, act="relu")
    assert ob.training
    y = ob(t(x))
    np.testing.assert_allclose(y.numpy(), np.maximum(np_norm(x.astype(np.float64), (0, 2, 3),
                                                             1e-5), 0), rtol=1e-4, atol=1e-5)
    ob = nn.BatchNorm(4, is_test=True)
    assert not ob.training
    np.testing.assert_allclose(ob(t(x)).numpy(), x / np.sqrt(1 + 1e-5), rtol=1e-6)
    ob = nn.BatchNorm(4, is_test=True, trainable_statistics=True)
    ob(t(x))
    np.testing.assert_allclose(ob._mean.numpy(), 0.1 * x.astype(np.float64).mean((0, 2, 3)),
                               rtol=1e-5, atol=1e-7)


def test_sync_batch_norm_is_batch_norm_on_one_process():
    sb = nn.SyncBatchNorm(4)
    x = X4.astype("float32")
    np.testing.assert_allclose(sb(t(x)).numpy(), np_norm(x.astype(np.float64), (0, 2, 3), 1e-5),
                               rtol=1e-4, atol=1e-5)
    seq = nn.Sequential(nn.BatchNorm2D(4), nn.Linear(2, 2))
    conv = nn.SyncBatchNorm.convert_sync_batchnorm(seq)
    assert type(conv[0]) is nn.SyncBatchNorm and conv[0]._mean is seq[0]._mean
    assert conv[0].weight is seq[0].weight


def test_norm_layers_forward_match_functionals():
    x = X4.astype("float32")
    ln = nn.LayerNorm([2, 3])
    np.testing.assert_allclose(ln(t(x)).numpy(), np_norm(x.astype(np.float64), (2, 3), 1e-5),
                               rtol=1e-4, atol=1e-5)
    gn = nn.GroupNorm(2, 4)
    np.testing.assert_allclose(gn(t(x)).numpy(), F.group_norm(t(x), 2).numpy())
    inn = nn.InstanceNorm2D(4)
    np.testing.assert_allclose(inn(t(x)).numpy(), np_norm(x.astype(np.float64), (2, 3), 1e-5),
                               rtol=1e-4, atol=1e-5)
    with pytest.raises(ValueError, match="expected 4D input"):
        inn(t(X3))
    lrn = nn.LocalResponseNorm(3, alpha=0.5)
    np.testing.assert_allclose(lrn(t(x)).numpy(), np_lrn(x.astype(np.float64), 3, 0.5, 0.75,
                                                          1.0, 1), rtol=1e-5)


def test_layer_norm_layer_grads_reach_parameters():
    paddle.set_default_dtype("float64")
    try:
        ln = nn.LayerNorm(3)
    finally:
        paddle.set_default_dtype("float32")
    with paddle.no_grad():
        ln.weight.set_value(rng.standard_normal(3))
    x = rng.standard_normal((2, 3))
    y = ln(t(x))
    (y * t(np.arange(6.0).reshape(2, 3))).sum().backward()
    np.testing.assert_allclose(ln.bias.grad.numpy(), np.arange(6.0).reshape(2, 3).sum(0))
    np.testing.assert_allclose(ln.weight.grad.numpy(),
                               (np_norm(x, (1,), 1e-5) * np.arange(6.0).reshape(2, 3)).sum(0),
                               rtol=1e-10)
