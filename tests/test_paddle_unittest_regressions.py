"""Regressions found by running Paddle's own dygraph unit tests (tools/run_paddle_unittests.py):
argument forms, modules and errors Paddle 3.3.1 has that eagergraph lacked. Expected values are
NumPy references; the error types and messages are Paddle 3.3.1's."""
import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F


def test_nn_loss_module_holds_every_loss_layer():
    # paddle.nn.loss is paddle.nn.layer.loss, and it has the margin and sequence losses too
    import eagergraph.nn.loss as loss_module
    assert loss_module is paddle.nn.loss is paddle.nn.layer.loss
    for name in ("MSELoss", "SmoothL1Loss", "CrossEntropyLoss", "SoftMarginLoss",
                 "CosineEmbeddingLoss", "TripletMarginLoss", "GaussianNLLLoss", "CTCLoss",
                 "RNNTLoss"):
        assert getattr(paddle.nn.loss, name) is getattr(paddle.nn, name)
    x = np.array([[0.1, 0.8], [0.4, 0.3]])
    label = np.array([[1.0, -1.0], [-1.0, 1.0]])
    out = paddle.nn.loss.SoftMarginLoss()(paddle.to_tensor(x), paddle.to_tensor(label))
    np.testing.assert_allclose(out.numpy(), np.mean(np.log1p(np.exp(-label * x))), rtol=1e-12)
    with pytest.raises(ValueError):
        paddle.nn.loss.SoftMarginLoss(reduction="unsupport reduction")


@pytest.mark.parametrize("name,ndim", [("ZeroPad2D", 4), ("Pad1D", 3), ("Pad2D", 4),
                                       ("Pad3D", 5), ("ZeroPad1D", 3), ("ZeroPad3D", 5),
                                       ("ReflectionPad2D", 4), ("CircularPad1D", 3)])
def test_pad_layers_take_input_keyword(name, ndim):
    x = np.arange(3.0 ** (ndim - 2)).reshape([1, 1] + [3] * (ndim - 2))
    layer = getattr(paddle.nn, name)(1)
    np.testing.assert_array_equal(layer(input=paddle.to_tensor(x)).numpy(),
                                  layer(paddle.to_tensor(x)).numpy())
    with pytest.raises(TypeError):
        layer(paddle.to_tensor(x), input=paddle.to_tensor(x))
    if name == "ZeroPad2D":
        np.testing.assert_array_equal(layer(input=paddle.to_tensor(x)).numpy(),
                                      np.pad(x, [(0, 0), (0, 0), (1, 1), (1, 1)]))


@pytest.mark.parametrize("dtype", ["int16", "int8", "uint8", "bool", "float16"])
def test_cosine_embedding_loss_rejects_label_dtype(dtype):
    a = paddle.to_tensor(np.random.RandomState(0).rand(5, 3))
    label = paddle.to_tensor(np.array([1, -1, 1, 1, -1])).astype(dtype)
    with pytest.raises(ValueError, match="The data type of label Variable must be 'int32', "
                                         "'int64', 'float32', 'float64'"):
        F.cosine_embedding_loss(a, a, label)


@pytest.mark.parametrize("dtype", ["int32", "int64", "float32", "float64"])
def test_cosine_embedding_loss_label_dtypes_accepted(dtype):
    rng = np.random.RandomState(1)
    a, b = rng.rand(5, 3), rng.rand(5, 3)
    lab = np.array([1, -1, 1, 1, -1])
    out = F.cosine_embedding_loss(paddle.to_tensor(a), paddle.to_tensor(b),
                                  paddle.to_tensor(lab).astype(dtype), margin=0.5,
                                  reduction="none")
    cos = (a * b).sum(-1) / np.sqrt(((a * a).sum(-1) + 1e-11) * ((b * b).sum(-1) + 1e-11))
    ref = np.where(lab == 1, 1 - cos, np.maximum(cos - 0.5, 0))
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-12)


def test_outer_with_ndarray_is_multiplys_value_error():
    y = paddle.ones([3])
    with pytest.raises(ValueError, match=r"multiply\(\): argument 'x' \(position 0\) must be "
                                         r"Tensor, but got numpy.ndarray"):
        paddle.outer(np.ones(3), y)
    with pytest.raises(ValueError, match=r"multiply\(\): argument 'y' \(position 1\) must be "
                                         r"Tensor, but got numpy.ndarray"):
        paddle.outer(y, np.ones(3))
    with pytest.raises(ValueError, match=r"argument 'x' \(position 0\)"):
        paddle.outer(np.ones(3), np.ones(3))
    np.testing.assert_array_equal(paddle.outer(y, y).numpy(), np.ones((3, 3)))


@pytest.mark.parametrize("norm_type", [2.0, 3.0, 1.0])
def test_embedding_renorm_in_place_as_paddle(norm_type):
    from eagergraph.nn.functional.input import embedding, embedding_renorm_, one_hot
    assert embedding is F.embedding and one_hot is F.one_hot
    assert embedding_renorm_ is F.embedding_renorm_
    rng = np.random.RandomState(3)
    w_np = (rng.rand(10, 4) * 10).astype(np.float32)
    ids = np.array([[1, 2, 3], [4, 5, 3]])
    ref = w_np.copy()
    for i in np.unique(ids):
        n = np.linalg.norm(ref[i].astype(np.float64), ord=norm_type)
        if n > 5.0:
            ref[i] = ref[i] * (5.0 / (n + 1e-7))
    weight = paddle.to_tensor(w_np)
    out = embedding_renorm_(paddle.to_tensor(ids), weight, 5.0, norm_type)
    assert out is weight and out.stop_gradient
    np.testing.assert_allclose(weight.numpy(), ref, rtol=1e-6)
    np.testing.assert_array_equal(weight.numpy()[[0, 6, 7, 8, 9]], w_np[[0, 6, 7, 8, 9]])


def test_embedding_renorm_bad_ids_raise_value_error():
    from eagergraph.nn.functional.input import embedding_renorm_
    w = paddle.ones([3, 2])
    with pytest.raises(ValueError):
        embedding_renorm_(paddle.to_tensor([0, 5]), w, 1.0)
    with pytest.raises(ValueError):
        embedding_renorm_(paddle.to_tensor([0.5]), w, 1.0)
    np.testing.assert_array_equal(w.numpy(), np.ones((3, 2)))


def test_data_feeder_convert_dtype_gives_paddle_names():
    # Paddle 3.3.1's paddle.base.data_feeder.convert_dtype (strings; bfloat16 is stored as uint16)
    from eagergraph.base.data_feeder import convert_dtype
    assert convert_dtype(paddle.float32) == "float32"
    assert convert_dtype(paddle.bfloat16) == "uint16"
    assert convert_dtype("bfloat16") == "uint16"
    assert convert_dtype(np.float16) == "float16"
    assert convert_dtype(np.dtype("int64")) == "int64"
    assert convert_dtype(bool) == "bool"
    for bad in ("float", float, None, 3):
        with pytest.raises(TypeError, match="dtype must be any of"):
            convert_dtype(bad)


def test_distribution_submodules_where_paddle_has_them():
    from eagergraph.distribution import constraint
    from eagergraph.distribution.gumbel import Gumbel
    from eagergraph.distribution.binomial import Binomial
    D = paddle.distribution
    assert Gumbel is D.Gumbel and Binomial is D.Binomial
    assert D.geometric.Geometric is D.Geometric and D.exponential.Exponential is D.Exponential
    assert D.beta.Beta is D.Beta
    x = paddle.to_tensor([0.2, 0.8, -1.0])
    np.testing.assert_array_equal(constraint.Positive()(x).numpy(), [True, True, False])
    np.testing.assert_array_equal(constraint.Range(0.0, 0.5)(x).numpy(), [True, False, False])
    with pytest.raises(NotImplementedError):
        constraint.Constraint()(x)


def test_bce_with_logits_keeps_the_small_log_term():
    # max(x, 0) - x z + log(1 + exp(-|x|)): at x = 15.94, z = 1 the loss is log1p(exp(-x)),
    # 1.19e-07 in float32, not 0 (softplus(x) - x z rounds it away)
    x = np.array([15.942385, -15.9, 30.0, -30.0, 0.0, 1e-3, -2.5], np.float32)
    z = np.array([1.0, 0.0, 0.5, 1.0, 0.3, 0.7, 0.2], np.float32)
    xt = paddle.to_tensor(x, stop_gradient=False)
    out = F.binary_cross_entropy_with_logits(xt, paddle.to_tensor(z), reduction="none")
    x64, z64 = x.astype(np.float64), z.astype(np.float64)
    exact = np.maximum(x64, 0) - x64 * z64 + np.log1p(np.exp(-np.abs(x64)))
    # log(1 + e) in float32 resolves e only to 2**-24 (as Paddle's kernel does)
    np.testing.assert_allclose(out.numpy(), exact, rtol=1e-6, atol=2.0 ** -24)
    assert out.numpy()[0] > 1e-7 and out.numpy()[1] > 1e-7
    out.sum().backward()
    # d/dx = sigmoid(x) - z, also at x = 0 (Paddle 3.3.1's kernel gives -0.8 there: differences.md)
    np.testing.assert_allclose(xt.grad.numpy(), 1 / (1 + np.exp(-x64)) - z64, rtol=1e-6, atol=1e-7)


def test_bernoulli_at_probability_one_matches_paddle():
    # values Paddle 3.3.1 gives (its unit test test_distribution_bernoulli, probs = 1.0)
    b = paddle.distribution.Bernoulli(paddle.to_tensor([1.0]))
    np.testing.assert_allclose(b.log_prob(paddle.to_tensor([1.0])).numpy(), [-1.1920928e-07],
                               rtol=1e-6)
    np.testing.assert_allclose(b.entropy().numpy(), [2.026558e-06], rtol=1e-5)


def test_pdist_is_top_level():
    from scipy.spatial.distance import pdist as scipy_pdist
    a = np.array([[0.0, 1, 2], [3, 4, 5.5], [1, 1, 1], [-2, 0.5, 3]])
    for p in (2.0, 1.0):
        np.testing.assert_allclose(paddle.pdist(paddle.to_tensor(a), p=p).numpy(),
                                   scipy_pdist(a, "minkowski", p=p), rtol=1e-12)
    # p = 1.5: Paddle's p_norm keeps 1 / p as a float32 attribute
    i, j = np.triu_indices(4, 1)
    ref = (np.abs(a[i] - a[j]) ** 1.5).sum(-1) ** float(np.float32(1) / np.float32(1.5))
    np.testing.assert_allclose(paddle.pdist(paddle.to_tensor(a), p=1.5).numpy(), ref, rtol=1e-12)


def test_multigammaln_and_its_gradient():
    from scipy import special
    x = np.array([2.5, 3.0, 7.1, 10.0])
    xt = paddle.to_tensor(x, stop_gradient=False)
    out = paddle.multigammaln(xt, 3)
    np.testing.assert_allclose(out.numpy(), special.multigammaln(x[:, None], 3).ravel(),
                               rtol=1e-12)
    out.sum().backward()  # d/dx = sum_j digamma(x + (1 - p + j) / 2)
    np.testing.assert_allclose(xt.grad.numpy(),
                               sum(special.digamma(x + (1 - 3 + j) / 2) for j in range(3)),
                               rtol=1e-12)
    y = paddle.to_tensor(np.array([2.5, 3.0], np.float32))
    np.testing.assert_allclose(y.multigammaln(2).numpy(), special.multigammaln([[2.5], [3.0]], 2).ravel(),
                               rtol=1e-6)
    y.multigammaln_(2)
    np.testing.assert_allclose(y.numpy(), special.multigammaln([[2.5], [3.0]], 2).ravel(), rtol=1e-6)
    with pytest.raises(AssertionError, match="greater than or equal to 1"):
        paddle.multigammaln(xt, 0)


def test_multiplex_picks_rows_and_routes_gradients():
    a = np.arange(6.0).reshape(3, 2)
    b = np.arange(6.0, 12).reshape(3, 2)
    at = paddle.to_tensor(a, stop_gradient=False)
    bt = paddle.to_tensor(b, stop_gradient=False)
    idx = np.array([[1], [0], [1]], np.int32)
    out = paddle.multiplex([at, bt], paddle.to_tensor(idx))
    np.testing.assert_array_equal(out.numpy(), np.where(idx == 1, b, a))
    w = np.arange(6.0).reshape(3, 2)
    (out * paddle.to_tensor(w)).sum().backward()
    np.testing.assert_array_equal(at.grad.numpy(), np.where(idx == 0, w, 0))
    np.testing.assert_array_equal(bt.grad.numpy(), np.where(idx == 1, w, 0))
    with pytest.raises(ValueError, match="more than one candidate"):
        paddle.multiplex([at], paddle.to_tensor(idx))


def test_diagonal_scatter_argument_errors_are_assertions():
    # Paddle 3.3.1 asserts these (test_diagonal_scatter.TestDiagonalScatterError)
    x = paddle.zeros([3, 3])
    y = paddle.ones([3])
    for args in ((0, 3, 1), (0, 0, -4), (0, 0, 0)):
        with pytest.raises(AssertionError):
            paddle.diagonal_scatter(x, y, *args)
    with pytest.raises(AssertionError):
        paddle.diagonal_scatter(paddle.zeros([3]), y)
    out = paddle.diagonal_scatter(x, y, 0, -2, -1)
    np.testing.assert_array_equal(out.numpy(), np.eye(3))


def test_incubate_lbfgs_is_the_deprecated_lbfgs():
    from eagergraph.incubate.optimizer import LBFGS, lbfgs, line_search_dygraph
    assert lbfgs.LBFGS is LBFGS and callable(line_search_dygraph._strong_wolfe)
    target = np.array([1.5, -2.0, 0.25])
    w = paddle.create_parameter([3], "float64")
    w.set_value(np.zeros(3))
    with pytest.warns(DeprecationWarning, match="paddle.optimizer.LBFGS"):
        opt = LBFGS(learning_rate=1, max_iter=50, line_search_fn="strong_wolfe", parameters=[w])

    def closure():
        opt.clear_grad()
        loss = ((w - paddle.to_tensor(target)) ** 2).sum()
        loss.backward()
        return loss
    opt.step(closure)
    np.testing.assert_allclose(w.numpy(), target, atol=1e-6)  # the quadratic's minimum


def test_intermediate_layer_getter_returns_named_children_outputs():
    from eagergraph.vision.models._utils import IntermediateLayerGetter
    paddle.seed(0)
    model = paddle.nn.Sequential(("conv", paddle.nn.Conv2D(1, 2, 3)), ("act", paddle.nn.ReLU()),
                                 ("fc", paddle.nn.Linear(2 * 2 * 2, 3)), ("tail", paddle.nn.ReLU()))
    getter = IntermediateLayerGetter(model, {"conv": "c", "fc": "f"})
    assert list(getter.keys()) == ["conv", "act", "fc"]  # stops after the last one asked for
    x = np.random.default_rng(0).standard_normal((2, 1, 4, 4))
    out = getter(paddle.to_tensor(x, dtype="float32"))
    assert list(out) == ["c", "f"]
    w = model.conv.weight.numpy()
    conv = np.stack([[sum(np.sum(x[n, 0, i:i + 3, j:j + 3] * w[o, 0]) for _ in [0])
                      + model.conv.bias.numpy()[o] for i in range(2) for j in range(2)]
                     for n in range(2) for o in range(2)]).reshape(2, 2, 2, 2)
    np.testing.assert_allclose(out["c"].numpy(), conv, rtol=1e-5, atol=1e-6)
    fc = np.maximum(conv, 0).reshape(2, -1) @ model.fc.weight.numpy() + model.fc.bias.numpy()
    np.testing.assert_allclose(out["f"].numpy(), fc, rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError, match="return_layers are not present"):
        IntermediateLayerGetter(model, {"nope": "x"})


def test_einsum_without_operands_asserts_as_paddle():
    # Paddle 3.3.1's einsum (einsum_v2 path) asserts, with this message
    with pytest.raises(AssertionError, match="Required at least one operand in Einsum API, but "
                                             "received 0"):
        paddle.einsum("ijk")


def test_tensor_namespace_fill_constant():
    # paddle.tensor.fill_constant(shape, dtype, value, out=None), as Paddle 3.3.1
    t = paddle.tensor.fill_constant([2, 3], "float32", 1.5)
    assert t.dtype == paddle.float32
    np.testing.assert_array_equal(t.numpy(), np.full((2, 3), 1.5, np.float32))
    np.testing.assert_array_equal(paddle.tensor.fill_constant([2], "int64", 3.7).numpy(), [3, 3])
    out = paddle.zeros([2], "float64")
    assert paddle.tensor.fill_constant([2], "float64", 3.0, out=out) is out
    np.testing.assert_array_equal(out.numpy(), [3.0, 3.0])


def test_gammaincc_gammainc_values_gradients_and_checks():
    from scipy import special
    from tests.gradcheck import check_grads
    x = np.array([0.5, 2.0, 3.0, 7.5])
    y = np.array([0.3, 1.5, 4.0, 6.0])
    np.testing.assert_allclose(paddle.gammaincc(paddle.to_tensor(x), paddle.to_tensor(y)).numpy(),
                               special.gammaincc(x, y), rtol=1e-12)
    np.testing.assert_allclose(paddle.gammainc(paddle.to_tensor(x), paddle.to_tensor(y)).numpy(),
                               special.gammainc(x, y), rtol=1e-12)
    # Q(x, 0) = 1, Q(0, 0) too (Paddle 3.3.1's value)
    np.testing.assert_array_equal(
        paddle.gammaincc(paddle.to_tensor([0.0, 3.0]), paddle.to_tensor([0.0, 0.0])).numpy(), [1, 1])
    # differentiable in y only (Paddle: x gets no gradient); y by finite differences, float64
    check_grads(lambda ts: paddle.gammaincc(paddle.to_tensor(x), ts[0]), [y], order=2)
    check_grads(lambda ts: paddle.gammainc(paddle.to_tensor(x), ts[0]), [y], order=1)
    xt = paddle.to_tensor(x, stop_gradient=False)
    yt = paddle.to_tensor(y, stop_gradient=False)
    paddle.gammaincc(xt, yt).sum().backward()
    assert xt.grad is None
    np.testing.assert_allclose(yt.grad.numpy(),
                               -np.exp(-y) * y ** (x - 1) / special.gamma(x), rtol=1e-12)
    with pytest.raises(ValueError, match="x must be greater than or equal to 0"):
        paddle.gammaincc(paddle.to_tensor([-1.0]), paddle.to_tensor([1.0]))
    with pytest.raises(ValueError, match="y must be greater than or equal to 0"):
        paddle.gammainc(paddle.to_tensor([1.0]), paddle.to_tensor([-1.0]))
    a = paddle.to_tensor(x)
    a.gammainc_(paddle.to_tensor(y))
    np.testing.assert_allclose(a.numpy(), special.gammainc(x, y), rtol=1e-12)


def test_stanh_is_scaled_tanh_with_float32_scales():
    x = np.array([-1.5, 0.2, 3.0])
    a, b = float(np.float32(0.67)), float(np.float32(1.7159))  # Paddle's float attributes
    xt = paddle.to_tensor(x, stop_gradient=False)
    out = paddle.stanh(xt)
    np.testing.assert_allclose(out.numpy(), b * np.tanh(a * x), rtol=1e-15)
    out.sum().backward()
    np.testing.assert_allclose(xt.grad.numpy(), a * b * (1 - np.tanh(a * x) ** 2), rtol=1e-14)
    assert paddle.stanh(paddle.to_tensor([1, 2])).dtype == paddle.float32
    np.testing.assert_allclose(paddle.to_tensor(x).stanh(0.5, 2.0).numpy(), 2 * np.tanh(0.5 * x),
                               rtol=1e-15)


@pytest.mark.parametrize("name", ["stanh", "multigammaln", "pdist", "multiplex"])
def test_composed_apis_have_numerically_checked_gradients(name):
    """These public functions are compositions of op-table ops (no row of their own): their
    gradients, first and second order, against central differences in float64."""
    from .gradcheck import check_grads
    rng = np.random.default_rng(7)
    if name == "stanh":
        check_grads(lambda xs: paddle.stanh(xs[0], 0.5, 1.3), [rng.uniform(-2, 2, (2, 3))])
    elif name == "multigammaln":
        check_grads(lambda xs: paddle.multigammaln(xs[0], 3), [rng.uniform(2.5, 4, (4,))])
    elif name == "pdist":
        check_grads(lambda xs: paddle.pdist(xs[0]), [rng.uniform(-1, 1, (4, 3))])
    else:
        index = paddle.to_tensor(np.array([[1], [0], [1]], np.int32))
        check_grads(lambda xs: paddle.multiplex([xs[0], xs[1]], index),
                    [rng.uniform(-1, 1, (3, 2)), rng.uniform(-1, 1, (3, 2))])


def test_dgc_momentum_optimizer_refused_in_dygraph():
    # Paddle 3.3.1: a plain Exception with this message when built in dygraph
    from eagergraph.distributed.fleet.meta_optimizers import DGCMomentumOptimizer
    with pytest.raises(Exception, match="^In dygraph, don't support DGCMomentumOptimizer.$"):
        DGCMomentumOptimizer(learning_rate=0.0001, momentum=0.9, rampup_step=1000,
                             rampup_begin_step=1252, sparsity=[0.999, 0.999])


def test_unique_name_guard_and_dygraph_guard():
    # names as Paddle 3.3.1 gives them: each guard counts from 0 and checks its own parameter
    # names, so two guarded blocks may both name a parameter 'w' (test_imperative_save_load_v2)
    from eagergraph import base
    un = paddle.utils.unique_name
    for _ in range(2):
        with base.dygraph.guard():
            a = paddle.nn.Linear(2, 2, weight_attr=paddle.ParamAttr(name="w"))
            assert (a.weight.name, paddle.nn.Linear(2, 2).weight.name) == ("w", "linear_1.w_0")
            with pytest.raises(ValueError, match=r"parameter name \[w\] have be been used"):
                paddle.nn.Linear(2, 2, weight_attr=paddle.ParamAttr(name="w"))
    with un.guard("pre_"):
        lin = paddle.nn.Linear(2, 2)
        assert (lin.weight.name, lin.full_name(), un.generate("x")) == \
            ("pre_pre_linear_0.w_0", "pre_linear_0", "pre_x_0")
    with un.guard(b"bb"):
        assert un.generate("x") == "bbx_0"
    old = un.switch()
    assert un.generate("x") == "x_0"
    un.switch(*old)


def test_nn_clip_clip_by_norm():
    from eagergraph.nn.clip import clip_by_norm
    x = np.arange(6.0, dtype="float32").reshape(2, 3)
    got = clip_by_norm(paddle.to_tensor(x), 1.0)
    np.testing.assert_allclose(got.numpy(), x / np.sqrt((x * x).sum()), rtol=1e-6)
    assert got.dtype == paddle.float32
    np.testing.assert_array_equal(clip_by_norm(paddle.to_tensor(x), 100).numpy(), x)
    np.testing.assert_array_equal(clip_by_norm(paddle.zeros([3]), 1.0).numpy(), [0, 0, 0])
    with pytest.raises(RuntimeError, match=r"kernel `clip_by_norm` is not registered.*float32"):
        clip_by_norm(paddle.ones([2], "float64"), 1.0)  # Paddle 3.3.1: float32 only on the CPU
