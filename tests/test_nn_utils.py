"""paddle.nn.utils: in-place gradient clipping, parameters <-> vector, weight_norm and
spectral_norm re-parameterizations (NumPy references, central differences, Paddle 3.3.1
parameter names and state_dict keys)."""
import numpy as np
import pytest

import eagergraph as paddle
from eagergraph import nn
from eagergraph.nn.utils import (clip_grad_norm_, clip_grad_value_, parameters_to_vector,
                                 vector_to_parameters, weight_norm, remove_weight_norm,
                                 spectral_norm)
from tests.gradcheck import check_grads

rng = np.random.default_rng(0)


def t(a, **kw):
    return paddle.to_tensor(a, **kw)


def f64_layer(ctor):
    paddle.set_default_dtype("float64")
    try:
        return ctor()
    finally:
        paddle.set_default_dtype("float32")


def grads_of(arrays):
    """Leaf tensors whose .grad is 2 * value (the grad of sum(x^2))."""
    xs = [t(np.asarray(a, "float32"), stop_gradient=False) for a in arrays]
    sum((x * x).sum() for x in xs).backward()
    return xs


# ---- clipping ---------------------------------------------------------------------------------
@pytest.mark.parametrize("norm_type", [2, 1, 0, float("inf")])
@pytest.mark.parametrize("max_norm", [5.0, 100.0])
def test_clip_grad_norm(norm_type, max_norm):
    vals = [np.array([3.0, 4.0]), np.array([[1.0, -12.0]])]
    xs = grads_of(vals)
    gs = [2 * v for v in vals]
    flat = np.concatenate([g.ravel() for g in gs])
    if norm_type == float("inf"):
        total = np.abs(flat).max()
    elif norm_type == 0:  # the count of non-zero per-gradient counts
        total = float(np.count_nonzero([np.count_nonzero(g) for g in gs]))
    elif norm_type == 1:
        total = np.abs(flat).sum()
    else:
        total = np.sqrt((flat ** 2).sum())
    out = clip_grad_norm_(xs, max_norm, norm_type=norm_type)
    assert out.shape == [] and out.stop_gradient
    np.testing.assert_allclose(out.numpy(), total, rtol=1e-6)
    coef = min(max_norm / (total + 1e-6), 1.0)
    for x, g in zip(xs, gs):
        np.testing.assert_allclose(x.grad.numpy(), g * coef, rtol=1e-6)


def test_clip_grad_norm_edge_cases():
    assert float(clip_grad_norm_([t([1.0])], 1.0)) == 0.0  # no grads
    (x,) = grads_of([[3.0, 4.0]])
    np.testing.assert_allclose(clip_grad_norm_(x, 1.0).numpy(), 10.0, rtol=1e-6)  # one Tensor
    np.testing.assert_allclose(x.grad.numpy(), [0.6, 0.8], rtol=1e-5)
    with pytest.raises(ValueError, match="norm_type only support"):
        clip_grad_norm_([x], 1.0, norm_type=3)
    (z,) = grads_of([[np.nan]])
    with pytest.raises(RuntimeError, match="is non-finite, so it cannot be clipped"):
        clip_grad_norm_(z, 1.0, error_if_nonfinite=True)


def test_clip_grad_value():
    xs = grads_of([[3.0, -0.25], [[1.0, -12.0]]])
    no_grad = t([1.0], stop_gradient=False)
    assert clip_grad_value_(xs + [no_grad], 1.5) is None
    np.testing.assert_array_equal(xs[0].grad.numpy(), [1.5, -0.5])
    np.testing.assert_array_equal(xs[1].grad.numpy(), [[1.5, -1.5]])
    assert no_grad.grad is None


# ---- parameters <-> vector --------------------------------------------------------------------
def test_parameters_to_vector_and_back():
    lin = nn.Linear(2, 3)
    w, b = lin.weight.numpy().copy(), lin.bias.numpy().copy()
    v = parameters_to_vector(lin.parameters())
    np.testing.assert_array_equal(v.numpy(), np.concatenate([w.ravel(), b]))
    assert not v.stop_gradient and v.shape == [9]
    vector_to_parameters(t(np.arange(12, dtype="float32") * 0.5), lin.parameters())  # longer
    np.testing.assert_array_equal(lin.weight.numpy(), np.arange(6).reshape(2, 3) * 0.5)
    np.testing.assert_array_equal(lin.bias.numpy(), [3.0, 3.5, 4.0])
    assert lin.weight.shape == [2, 3] and not lin.weight.stop_gradient
    with pytest.raises(ValueError, match="should be equal to or larger than"):
        vector_to_parameters(t(np.zeros(5, "float32")), lin.parameters())


# ---- weight_norm ------------------------------------------------------------------------------
def np_norm_except(w, dim):
    if dim == -1:
        return np.sqrt((w ** 2).sum() + 1e-12)
    axes = tuple(i for i in range(w.ndim) if i != dim)
    return np.sqrt((w ** 2).sum(axes) + 1e-12)


@pytest.mark.parametrize("ctor,shape,dim,real_dim", [
    (lambda: nn.Linear(3, 4), (3, 4), 0, 0), (lambda: nn.Linear(3, 4), (3, 4), 1, 1),
    (lambda: nn.Linear(3, 4), (3, 4), None, -1), (lambda: nn.Linear(3, 4), (3, 4), -2, 0),
    (lambda: nn.Conv2D(2, 3, 2), (3, 2, 2, 2), 2, 2),
    (lambda: nn.Conv2D(2, 3, 2), (3, 2, 2, 2), -1, -1)])
def test_weight_norm(ctor, shape, dim, real_dim):
    layer = f64_layer(ctor)
    w0 = rng.standard_normal(shape)
    layer.weight.set_value(w0)
    weight_norm(layer, dim=dim)
    assert list(layer.state_dict()) == ["bias", "weight_v", "weight_g"]
    assert [n for n, _ in layer.named_buffers()] == ["weight"]
    g0 = np_norm_except(w0, real_dim)
    np.testing.assert_allclose(layer.weight_g.numpy(), g0, rtol=1e-12)
    np.testing.assert_array_equal(layer.weight_v.numpy(), w0)
    np.testing.assert_allclose(layer.weight.numpy(), w0, rtol=1e-10)
    # after changing g the pre-hook recomputes weight = g * v / ||v||
    g1 = g0 * 1.5 + 0.1
    with paddle.no_grad():
        layer.weight_g.set_value(g1)
    x = rng.standard_normal((2, 3) if len(shape) == 2 else (1, 2, 3, 3))
    layer(t(x))
    if real_dim == -1:
        ref = g1 * w0 / (np.sqrt((w0 ** 2).sum()) + 1e-12)
    else:
        s = [1] * len(shape)
        s[real_dim] = -1
        norm = np.sqrt((w0 ** 2).sum(tuple(i for i in range(len(shape)) if i != real_dim)))
        ref = g1.reshape(s) * w0 / norm.reshape(s)
    np.testing.assert_allclose(layer.weight.numpy(), ref, rtol=1e-10)
    with pytest.raises(RuntimeError, match="Cannot register two weight_norm hooks"):
        weight_norm(layer, dim=dim)
    remove_weight_norm(layer)
    assert list(layer.state_dict()) == ["bias", "weight"]
    assert isinstance(layer.weight, nn.Parameter)
    np.testing.assert_allclose(layer.weight.numpy(), ref, rtol=1e-10)
    with pytest.raises(ValueError, match="weight_norm of 'weight' not found"):
        remove_weight_norm(layer)


@pytest.mark.parametrize("dim", [0, 1, -1])
def test_weight_norm_grads(dim):
    from eagergraph.nn.utils.weight_norm_hook import _weight_norm
    v = rng.standard_normal((3, 4))
    g = rng.standard_normal(()) if dim == -1 else rng.standard_normal(v.shape[dim])
    check_grads(lambda xs: _weight_norm(xs[0], xs[1], dim), [v, g])


# ---- spectral_norm ----------------------------------------------------------------------------
def np_l2n(a, eps):
    return a / max(np.sqrt((a ** 2).sum()), eps)


@pytest.mark.parametrize("ctor,shape,dim,real_dim", [
    (lambda: nn.Linear(3, 4), (3, 4), None, 1), (lambda: nn.Conv2D(2, 3, 2), (3, 2, 2, 2), None, 0),
    (lambda: nn.Conv2D(2, 3, 2), (3, 2, 2, 2), 2, 2)])
def test_spectral_norm(ctor, shape, dim, real_dim):
    layer = f64_layer(ctor)
    w0 = rng.standard_normal(shape)
    layer.weight.set_value(w0)
    f64_layer(lambda: spectral_norm(layer, n_power_iterations=2, dim=dim, eps=1e-10))
    assert list(layer.state_dict()) == ["bias", "weight_orig", "weight_u", "weight_v"]
    assert [n for n, _ in layer.named_parameters()] == ["bias", "weight_orig"]
    mat = np.moveaxis(w0, real_dim, 0).reshape(w0.shape[real_dim], -1)
    assert layer.weight_u.shape == [mat.shape[0]] and layer.weight_v.shape == [mat.shape[1]]
    u, v = rng.standard_normal(mat.shape[0]), rng.standard_normal(mat.shape[1])
    layer.weight_u.set_value(u)
    layer.weight_v.set_value(v)
    x = t(rng.standard_normal((2, 3) if len(shape) == 2 else (1, 2, 3, 3)))
    layer.train()
    layer(x).sum().backward()
    for _ in range(2):
        v = np_l2n(mat.T @ u, 1e-10)
        u = np_l2n(mat @ v, 1e-10)
    np.testing.assert_allclose(layer.weight_u.numpy(), u, rtol=1e-10)
    np.testing.assert_allclose(layer.weight_v.numpy(), v, rtol=1e-10)
    sigma = u @ mat @ v
    np.testing.assert_allclose(layer.weight.numpy(), w0 / sigma, rtol=1e-10)
    layer.eval()  # no power iteration in eval
    layer(x)
    np.testing.assert_allclose(layer.weight_u.numpy(), u, rtol=1e-12)


def test_spectral_norm_grad_holds_u_v_constant():
    layer = f64_layer(lambda: nn.Linear(3, 4))
    w0 = rng.standard_normal((3, 4))
    layer.weight.set_value(w0)
    f64_layer(lambda: spectral_norm(layer))
    layer.eval()
    u, v = layer.weight_u.numpy(), layer.weight_v.numpy()
    cot = rng.standard_normal((3, 4))
    layer(t(np.zeros((1, 3))))  # the pre-hook sets layer.weight from weight_orig
    (layer.weight * t(cot)).sum().backward()
    mat = w0.T  # dim=1 for Linear
    sigma = u @ mat @ v
    ref = cot / sigma - (cot * w0).sum() / sigma ** 2 * np.outer(u, v).T
    np.testing.assert_allclose(layer.weight_orig.grad.numpy(), ref, rtol=1e-10)


def test_spectral_norm_errors():
    with pytest.raises(ValueError, match="Expected n_power_iterations to be positive"):
        spectral_norm(nn.Linear(2, 2), n_power_iterations=0)
    lin = spectral_norm(nn.Linear(2, 2))
    with pytest.raises(RuntimeError, match="Cannot register two spectral_norm hooks"):
        spectral_norm(lin)
