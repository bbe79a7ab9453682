"""Float attributes at Paddle's width (issue 9 item 4).

Paddle keeps most activation attributes as `float` (32-bit): F.hardtanh(x, max=0.1) on a float64
x clamps at float64(float32(0.1)) = 0.10000000149011612, not at 0.1. Which attribute has which
width was read off real Paddle 3.3.1 by tools/attr_width.py (run it with Paddle's interpreter to
see the table); here each row is checked against a NumPy reference at that width, and against
the reference at the other width so the test sees the difference. No Paddle needed.
"""
import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn.functional as F
from eagergraph._generated.eager_utils import parse_float32, parse_scalar_float32, to_float32

V = 0.1
V32 = float(np.float32(V))  # 0.10000000149011612


def f32(v):
    return float(np.float32(v))


def xs(v=V):
    """Points on both sides of v and of float32(v) (so a threshold at either width shows), and
    ordinary values."""
    w, mid = f32(v), (v + f32(v)) / 2
    pts = [v, w, mid, np.nextafter(v, 0), np.nextafter(w, 10), 0.5, 2.0, 0.3, 1e-3]
    return np.array(pts + [-p for p in pts])


def t(a):
    return paddle.to_tensor(a, dtype="float64")


def check(out, ref_fn, width, rtol=1e-14):
    """out matches ref_fn(attr at `width`) and not ref_fn(attr at the other width)."""
    got = out.numpy() if hasattr(out, "numpy") else np.asarray(out)
    assert got.dtype == np.float64
    right = ref_fn(f32 if width == 32 else float)
    wrong = ref_fn(float if width == 32 else f32)
    np.testing.assert_allclose(got, right, rtol=rtol, atol=0)
    assert not np.allclose(got, wrong, rtol=1e-13, atol=0), "the other width gives the same"


# (name, call(x, 0.1), NumPy reference(x, the attribute at a width), Paddle's width[, value])
def _elu(x, a):
    return np.where(x > 0, x, a * np.expm1(x))


def _softplus_beta(x, b):
    return np.where(b * x > 20.0, x, np.log1p(np.exp(b * x)) / b)


def _softplus_thr(x, th):
    return np.where(x > th, x, np.log1p(np.exp(x)))


ROWS = [
    ("hardtanh.min", lambda x, a: F.hardtanh(x, min=a, max=10.0),
     lambda x, a: np.clip(x, a, 10.0), 32),
    ("hardtanh.max", lambda x, a: F.hardtanh(x, min=-10.0, max=a),
     lambda x, a: np.clip(x, -10.0, a), 32),
    ("hardtanh_.max", lambda x, a: F.hardtanh_(x.clone(), -10.0, a),
     lambda x, a: np.clip(x, -10.0, a), 32),
    ("elu.alpha", lambda x, a: F.elu(x, a), _elu, 32),
    ("elu_.alpha", lambda x, a: F.elu_(x.clone(), a), _elu, 32),
    ("celu.alpha", lambda x, a: F.celu(x, a),
     lambda x, a: np.where(x > 0, x, a * np.expm1(x / a)), 32),
    ("selu.alpha", lambda x, a: F.selu(x, 1.5, a),
     lambda x, a: f32(1.5) * np.where(x > 0, x, a * np.expm1(x)), 32),
    ("selu.scale", lambda x, a: F.selu(x, a, 1.5),  # scale 1.1 (selu needs scale > 1)
     lambda x, a: a * np.where(x > 0, x, 1.5 * np.expm1(x)), 32, 1.1),
    ("hardsigmoid.slope", lambda x, a: F.hardsigmoid(x, slope=a),
     lambda x, a: np.clip(a * x + 0.5, 0, 1), 32),
    ("hardsigmoid.offset", lambda x, a: F.hardsigmoid(x, slope=0.25, offset=a),
     lambda x, a: np.clip(0.25 * x + a, 0, 1), 32),
    ("hardshrink.threshold", lambda x, a: F.hardshrink(x, a),
     lambda x, a: np.where(np.abs(x) >= a, x, 0.0), 32),  # Paddle keeps the bounds
    ("softshrink.threshold", lambda x, a: F.softshrink(x, a),
     lambda x, a: np.where(x > a, x - a, np.where(x < -a, x + a, 0.0)), 32),
    ("thresholded_relu.threshold", lambda x, a: F.thresholded_relu(x, a),
     lambda x, a: np.where(x > a, x, 0.0), 32),
    ("thresholded_relu.value", lambda x, a: F.thresholded_relu(x, 0.2, a),
     lambda x, a: np.where(x > f32(0.2), x, a), 32),
    ("rrelu.lower", lambda x, a: F.rrelu(x, a, 0.25, training=False),
     # Paddle's kernel: (lower + upper) / 2 summed in float32
     lambda x, a: np.where(x >= 0, x, x * (f32(a + 0.25) if a == V32 else a + 0.25) / 2), 32),
    ("pow.y", lambda x, a: paddle.pow(paddle.abs(x), a),
     lambda x, a: np.abs(x) ** a, 32),
    ("Tensor.__pow__", lambda x, a: paddle.abs(x) ** a, lambda x, a: np.abs(x) ** a, 32),
    ("addmm.alpha", lambda x, a: paddle.addmm(x.reshape([3, 6]), x.reshape([3, 6]),
                                              paddle.eye(6, dtype="float64"), alpha=a),
     lambda x, a: x.reshape(3, 6) + a * x.reshape(3, 6), 32),
    ("addmm.beta", lambda x, a: paddle.addmm(x.reshape([3, 6]), x.reshape([3, 6]),
                                             paddle.eye(6, dtype="float64"), beta=a),
     lambda x, a: a * x.reshape(3, 6) + x.reshape(3, 6), 32),
    ("diag.padding_value", lambda x, a: paddle.diag(x[:3], padding_value=a),
     lambda x, a: np.diag(x[:3]) + a * (1 - np.eye(3)), 32),
    ("uniform.min", lambda x, a: paddle.uniform([4], "float64", min=a, max=a),
     lambda x, a: np.full(4, a), 32),
    ("F.smooth_l1_loss.delta", lambda x, a: F.smooth_l1_loss(x, x * 0, "none", delta=a),
     lambda x, a: np.where(np.abs(x) <= a, 0.5 * x * x, a * np.abs(x) - 0.5 * a * a), 32),
    ("F.layer_norm.epsilon", lambda x, a: F.layer_norm(x.reshape([3, 6]) * 1e-2, 6, epsilon=a),
     lambda x, a: _norm(x.reshape(3, 6) * 1e-2, 1, a), 32, 1e-4),
    ("F.instance_norm.eps", lambda x, a: F.instance_norm(x.reshape([1, 3, 6]), eps=a),
     lambda x, a: _norm(x.reshape(1, 3, 6), 2, a), 32),
    ("F.batch_norm.epsilon", lambda x, a: F.batch_norm(
        x.reshape([6, 3]), paddle.zeros([3], "float64"), paddle.ones([3], "float64"),
        epsilon=a), lambda x, a: x.reshape(6, 3) / np.sqrt(1 + a), 32),
    # float64 (`double` or a Scalar read as double) in Paddle
    ("leaky_relu.negative_slope", lambda x, a: F.leaky_relu(x, a),
     lambda x, a: np.where(x > 0, x, a * x), 64),
    ("leaky_relu_.negative_slope", lambda x, a: F.leaky_relu_(x.clone(), a),
     lambda x, a: np.where(x > 0, x, a * x), 64),
    ("softplus.beta", lambda x, a: F.softplus(x, beta=a), _softplus_beta, 64),
    ("softplus.threshold", lambda x, a: F.softplus(x, threshold=a), _softplus_thr, 64),
    ("clip.max", lambda x, a: paddle.clip(x, -10.0, a), lambda x, a: np.clip(x, -10.0, a), 64),
    ("Tensor.clip_.min", lambda x, a: x.clone().clip_(a, 10.0),
     lambda x, a: np.clip(x, a, 10.0), 64),
    ("scale.scale", lambda x, a: paddle.scale(x, a), lambda x, a: a * x, 64),
    ("scale.bias", lambda x, a: paddle.scale(x, 1.0, a), lambda x, a: x + a, 64),
    ("logit.eps", lambda x, a: paddle.logit(paddle.abs(x), eps=a),
     lambda x, a: (lambda c: np.log(c / (1 - c)))(np.clip(np.abs(x), a, 1 - a)), 64),
]


def _norm(x, axis, eps):
    c = x - x.mean(axis, keepdims=True)
    return c / np.sqrt((c * c).mean(axis, keepdims=True) + eps)


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_attribute_width(row):
    name, call, ref, width = row[:4]
    v = row[4] if len(row) > 4 else V  # the attribute's value (0.1 unless the row says)
    x = xs()
    out = call(t(x), v)
    check(out, lambda w: ref(x, w(v)), width)


def test_dropout_p_is_float32_as_in_the_kernel():
    """Paddle's dropout kernel forms 1 - p in float32: kept values are x / float32(1 - p) in
    training and x * float32(1 - p) in eval (downscale_in_infer); the axis form (Python in
    Paddle) stays float64."""
    for p in (0.1, 0.3, 0.7):
        q32 = float(np.float32(1.0) - np.float32(p))
        out = F.dropout(paddle.ones([256], "float64"), p).numpy()
        kept = out[out != 0]
        assert kept.size and np.all(kept == 1.0 / q32)
        out = F.dropout(paddle.ones([2, 3], "float64"), p, training=False,
                        mode="downscale_in_infer").numpy()
        assert np.all(out == q32)
        out = F.dropout(paddle.ones([64, 4], "float64"), p, axis=0).numpy()
        kept = out[out != 0]
        assert kept.size and np.all(kept == 1.0 / (1.0 - p))
    assert 1.0 / float(np.float32(0.9)) != 1.0 / 0.9  # the widths differ at p = 0.1


def test_logit_none_eps_is_resolved_in_the_argument_parsing():
    """eps=None is resolved to 0.0 once, in the generated parsing: the kernel and the gradient
    see a float, with the values of eps=0.0 (no clipping)."""
    from eagergraph._generated import ops_api
    x = np.array([0.2, 0.5, 0.9])
    for call in (lambda a: paddle.logit(a), lambda a: ops_api.logit(a, None),
                 lambda a: paddle.logit(a, 0.0)):
        a = t(x)
        a.stop_gradient = False
        out = call(a)
        np.testing.assert_allclose(out.numpy(), np.log(x / (1 - x)), rtol=1e-15)
        (g,) = paddle.grad(out.sum(), a, create_graph=True)
        np.testing.assert_allclose(g.numpy(), 1 / (x * (1 - x)), rtol=1e-14)
        (gg,) = paddle.grad(g.sum(), a)
        np.testing.assert_allclose(gg.numpy(), (2 * x - 1) / (x * (1 - x)) ** 2, rtol=1e-13)
    import inspect
    src = inspect.getsource(ops_api.logit)
    assert "eps = 0.0 if eps is None else" in src


def test_float32_parsers():
    assert parse_float32(0.1, "op", "a", 1) == V32
    assert type(parse_float32(0.1, "op", "a", 1)) is float
    assert parse_float32(np.float64(0.1), "op", "a", 1) == V32
    assert parse_float32(3, "op", "a", 1) == 3.0
    assert parse_float32(t(0.1), "op", "a", 1) == V32
    assert parse_float32(1e300, "op", "a", 1) == np.inf  # float32 overflow, as a C++ cast
    with pytest.raises(TypeError, match=r"op\(\): argument 'a' \(position 1\) must be float"):
        parse_float32("0.1", "op", "a", 1)
    assert parse_scalar_float32(0.1, "op", "a", 1) == V32
    assert parse_scalar_float32(3, "op", "a", 1) == 3 and \
        type(parse_scalar_float32(3, "op", "a", 1)) is int
    assert parse_scalar_float32(1 + 2j, "op", "a", 1) == 1 + 2j
    for v in np.random.default_rng(0).standard_normal(50):  # the cache gives the rounded value
        assert to_float32(float(v)) == float(np.float32(v)) == to_float32(float(v))


def test_spec_attribute_types():
    """codegen: `float` parses through the float32 parser, `double` through the float64 one,
    `Scalar(float)` through the rounding Scalar parser, `=None or <literal>` resolves None."""
    from codegen import spec, emit
    s = spec.parse_op({"op": "demo", "args": "(Tensor x, float a=0.1, double b=0.2, "
                                             "Scalar(float) c=1.0, double d=None or 0.5)",
                       "output": "Tensor(out)", "infer_meta": {"func": "UnchangedInferMeta"}})
    types = {a.name: a.type for a in s.args}
    assert types == {"x": "Tensor", "a": "float", "b": "double", "c": "Scalar(float)",
                     "d": "double"}
    d = s.arg("d")
    assert d.has_default and d.default is None and d.none_value == 0.5
    src = emit.emit_ops_api([s])
    assert 'a = parse_float32(a, "demo", "a", 1)' in src
    assert 'b = parse_float(b, "demo", "b", 2)' in src
    assert 'c = parse_scalar_float32(c, "demo", "c", 3)' in src
    assert 'd = 0.5 if d is None else parse_float(d, "demo", "d", 4)' in src
    assert "def demo(x, a=0.1, b=0.2, c=1.0, d=None, name=None)" in src
    with pytest.raises(spec.SpecError, match="cannot resolve None"):
        spec.parse_op({"op": "demo", "args": "(Tensor x, Tensor y=None or 0.0)",
                       "output": "Tensor(out)", "infer_meta": {"func": "UnchangedInferMeta"}})


def test_label_smooth_and_batch_norm_momentum_as_paddle_kernels():
    """label_smooth: epsilon float32, 1 - epsilon and epsilon / num_classes formed in float32;
    batch_norm: momentum float32 in the running-statistics update."""
    lab = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]])
    e = np.float32(0.1)
    out = F.label_smooth(t(lab), epsilon=0.1).numpy()
    np.testing.assert_array_equal(out, lab * float(np.float32(1) - e) + float(e / np.float32(3)))
    prior = np.array([[0.2, 0.3, 0.5]])
    out = F.label_smooth(t(lab), prior_dist=t(prior), epsilon=0.1).numpy()
    np.testing.assert_array_equal(out, lab * float(np.float32(1) - e) + prior * float(e))
    x = np.random.default_rng(0).standard_normal((6, 3))
    rm, rv = paddle.zeros([3], "float64"), paddle.ones([3], "float64")
    F.batch_norm(t(x), rm, rv, training=True, momentum=0.1)
    m = float(np.float32(0.1))
    np.testing.assert_allclose(rm.numpy(), (1 - m) * x.mean(0), rtol=1e-15)
    np.testing.assert_allclose(rv.numpy(), m + (1 - m) * x.var(0), rtol=1e-15)
