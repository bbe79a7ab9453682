"""paddle.distribution transforms, Independent and TransformedDistribution: forward/inverse
against NumPy, log|det J| against numerical Jacobians, change-of-variables densities against
SciPy, gradients by central differences."""
import numpy as np
import pytest
from scipy import special, stats

import eagergraph as paddle
from tests.gradcheck import check_grads

D = paddle.distribution
RNG = np.random.default_rng(0)
X = np.array([[0.3, -0.7, 1.5], [0.1, 0.2, -2.0]])


def T(a, dtype="float64"):
    return paddle.to_tensor(np.asarray(a), dtype=dtype)


ELEMENTWISE = {  # transform, numpy forward, numpy inverse, x
    "exp": (lambda: D.ExpTransform(), np.exp, np.log, X),
    "sigmoid": (lambda: D.SigmoidTransform(), special.expit, special.logit, X),
    "tanh": (lambda: D.TanhTransform(), np.tanh, np.arctanh, X),
    "affine": (lambda: D.AffineTransform(T([0.0, 1.0, 2.0]), T([1.0, -2.0, 0.5])),
               lambda x: np.array([0.0, 1.0, 2.0]) + np.array([1.0, -2.0, 0.5]) * x,
               lambda y: (y - np.array([0.0, 1.0, 2.0])) / np.array([1.0, -2.0, 0.5]), X),
    "power": (lambda: D.PowerTransform(T([2.5])), lambda x: x ** 2.5, lambda y: y ** 0.4, np.abs(X) + 0.1),
}


@pytest.mark.parametrize("name", sorted(ELEMENTWISE))
def test_elementwise_transforms(name):
    make, f, finv, x = ELEMENTWISE[name]
    t = make()
    y = f(x)
    np.testing.assert_allclose(t.forward(T(x)).numpy(), y, rtol=1e-12)
    np.testing.assert_allclose(t(T(x)).numpy(), y, rtol=1e-12)
    np.testing.assert_allclose(t.inverse(T(y)).numpy(), finv(y), rtol=1e-10)
    h = 1e-6
    dlog = np.log(np.abs((f(x + h) - f(x - h)) / (2 * h)))
    np.testing.assert_allclose(np.broadcast_to(t.forward_log_det_jacobian(T(x)).numpy(), x.shape), dlog, rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(np.broadcast_to(t.inverse_log_det_jacobian(T(y)).numpy(), x.shape), -dlog, rtol=1e-6, atol=1e-8)
    if name != "affine":  # affine: log|scale| does not depend on x, forward is linear
        check_grads(lambda xs: make().forward_log_det_jacobian(xs[0]), [x], order=2)
        check_grads(lambda xs: make().forward(xs[0]), [x], order=2)


def test_abs_softmax_reshape_stack():
    t = D.AbsTransform()
    np.testing.assert_array_equal(t.forward(T(X)).numpy(), np.abs(X))
    neg, pos = t.inverse(T(np.abs(X)))
    np.testing.assert_array_equal(neg.numpy(), -np.abs(X))
    np.testing.assert_array_equal(pos.numpy(), np.abs(X))
    with pytest.raises(NotImplementedError):  # not injective
        t.forward_log_det_jacobian(T(X))
    s = D.SoftmaxTransform()
    np.testing.assert_allclose(s.forward(T(X)).numpy(), special.softmax(X, -1), rtol=1e-12)
    np.testing.assert_allclose(s.inverse(T(special.softmax(X, -1))).numpy(), np.log(special.softmax(X, -1)))
    r = D.ReshapeTransform((3,), (3, 1))
    assert r.forward(T(X)).shape == [2, 3, 1] and r.inverse(T(X[..., None])).shape == [2, 3]
    assert r.forward_shape((2, 3)) == (2, 3, 1) and r.inverse_shape((2, 3, 1)) == (2, 3)
    np.testing.assert_array_equal(r.forward_log_det_jacobian(T(X)).numpy(), np.zeros(2))
    with pytest.raises(ValueError, match="numel"):
        D.ReshapeTransform((3,), (2,))
    st = D.StackTransform([D.ExpTransform(), D.TanhTransform()], axis=1)
    x2 = X[:, :2]
    np.testing.assert_allclose(st.forward(T(x2)).numpy(), np.stack([np.exp(x2[:, 0]), np.tanh(x2[:, 1])], 1))
    with pytest.raises(ValueError, match="equal to the length of transforms"):
        st.forward(T(X))


def _num_jac(f, x, h=1e-6):
    cols = []
    for i in range(x.size):
        e = np.zeros_like(x)
        e[i] = h
        cols.append((f(x + e) - f(x - e)) / (2 * h))
    return np.stack(cols, -1)


def test_stick_breaking_is_a_simplex_bijection_with_its_jacobian():
    t = D.StickBreakingTransform()
    y = t.forward(T(X)).numpy()
    assert y.shape == (2, 4)
    np.testing.assert_allclose(y.sum(-1), 1.0, rtol=1e-12)
    assert np.all(y > 0)
    np.testing.assert_allclose(t.inverse(T(y)).numpy(), X, rtol=1e-8, atol=1e-10)
    for b in range(2):  # log|det d y[:-1] / d x| (the simplex's free coordinates)
        J = _num_jac(lambda v: t.forward(T(v)).numpy()[:-1], X[b])
        want = np.log(abs(np.linalg.det(J)))
        np.testing.assert_allclose(t.forward_log_det_jacobian(T(X)).numpy()[b], want, rtol=1e-6)
    assert t.forward_shape((2, 3)) == (2, 4) and t.inverse_shape((2, 4)) == (2, 3)
    check_grads(lambda xs: D.StickBreakingTransform().forward_log_det_jacobian(xs[0]), [X], order=1)


def test_chain_and_independent_transform():
    c = D.ChainTransform([D.ExpTransform(), D.AffineTransform(T(1.0), T(2.0))])
    np.testing.assert_allclose(c.forward(T(X)).numpy(), 1 + 2 * np.exp(X))
    np.testing.assert_allclose(c.inverse(T(1 + 2 * np.exp(X))).numpy(), X, rtol=1e-12)
    np.testing.assert_allclose(c.forward_log_det_jacobian(T(X)).numpy(), X + np.log(2.0), rtol=1e-12)
    i = D.IndependentTransform(D.ExpTransform(), 1)
    np.testing.assert_allclose(i.forward_log_det_jacobian(T(X)).numpy(), X.sum(-1), rtol=1e-12)
    assert (i._domain.event_rank, i._codomain.event_rank) == (1, 1)
    e = D.ExpTransform()
    assert isinstance(e(D.SigmoidTransform()), D.ChainTransform)
    with pytest.raises(TypeError, match="Tensor"):
        e.forward(1.0)
    with pytest.raises(ValueError, match="grater than zero"):
        D.IndependentTransform(e, 0)


def test_transformed_distribution_densities():
    loc, scale = np.array([0.0, 1.0, -1.0]), np.array([1.0, 2.0, 0.5])
    base = D.Normal(T(loc), T(scale))
    y = np.array([0.3, 0.7, 1.5])
    td = D.TransformedDistribution(base, [D.ExpTransform()])
    np.testing.assert_allclose(td.log_prob(T(y)).numpy(), stats.lognorm(scale, scale=np.exp(loc)).logpdf(y), rtol=1e-10)
    # tanh-squashed Gaussian: log N(atanh y) - log(1 - y^2)
    ys = np.array([0.3, -0.6, 0.1])
    tt = D.TransformedDistribution(base, [D.TanhTransform()])
    want = stats.norm(loc, scale).logpdf(np.arctanh(ys)) - np.log1p(-ys ** 2)
    np.testing.assert_allclose(tt.log_prob(T(ys)).numpy(), want, rtol=1e-8)
    assert D.SigmoidTransform()(base).batch_shape == (3,)
    # stick-breaking: the event becomes the 4-simplex, batch is empty
    sb = D.TransformedDistribution(base, [D.StickBreakingTransform()])
    assert tuple(sb.batch_shape) == () and tuple(sb.event_shape) == (4,)
    paddle.seed(0)
    s = sb.sample([5])
    assert s.shape == [5, 4]
    np.testing.assert_allclose(s.numpy().sum(-1), 1.0, rtol=1e-12)
    check_grads(lambda ps: D.TransformedDistribution(D.Normal(ps[0], ps[1]), [D.TanhTransform()]).log_prob(T(ys)),
                [loc, scale], order=2)
    with pytest.raises(TypeError, match="Sequence"):
        D.TransformedDistribution(base, D.ExpTransform())


def test_transformed_rsample_is_reparameterised():
    loc = T([0.2, -0.3])
    loc.stop_gradient = False
    paddle.seed(1)
    td = D.TransformedDistribution(D.Normal(loc, T([0.1, 0.1])), [D.AffineTransform(T(0.0), T(3.0))])
    s = td.rsample([1000])
    assert s.shape == [1000, 2] and not s.stop_gradient
    s.mean().backward()
    np.testing.assert_allclose(loc.grad.numpy(), [1.5, 1.5], rtol=1e-12)


def test_independent():
    loc, scale = RNG.standard_normal((2, 3)), np.exp(RNG.standard_normal((2, 3)))
    d = D.Independent(D.Normal(T(loc), T(scale)), 1)
    assert tuple(d.batch_shape) == (2,) and tuple(d.event_shape) == (3,)
    np.testing.assert_allclose(d.log_prob(T(X)).numpy(), stats.norm(loc, scale).logpdf(X).sum(-1), rtol=1e-12)
    np.testing.assert_allclose(d.entropy().numpy(), stats.norm(loc, scale).entropy().sum(-1), rtol=1e-12)
    np.testing.assert_allclose(d.mean.numpy(), loc)
    d2 = D.Independent(D.Normal(T(loc), T(scale)), 2)
    assert tuple(d2.batch_shape) == () and d2.log_prob(T(X)).shape == []
    check_grads(lambda ps: D.Independent(D.Normal(ps[0], ps[1]), 1).log_prob(T(X)), [loc, scale], order=2)
    with pytest.raises(ValueError, match="reinterpreted_batch_rank"):
        D.Independent(D.Normal(T(loc), T(scale)), 3)
    with pytest.raises(TypeError, match="Distribution"):
        D.Independent(1.0, 1)
