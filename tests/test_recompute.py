"""paddle.distributed.fleet.utils.recompute / fleet.recompute.recompute_sequential /
incubate.distributed.fleet.recompute_sequential: activation checkpointing gives the values and
first-order grads of the plain run, bit for bit, with dropout drawing the same masks."""
import warnings

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.distributed.fleet.utils import recompute
from eagergraph.distributed.fleet.recompute import recompute_sequential


def _model(seed=3):
    paddle.seed(seed)
    return paddle.nn.Sequential(
        paddle.nn.Linear(6, 8), paddle.nn.ReLU(), paddle.nn.Dropout(0.5),
        paddle.nn.Linear(8, 8), paddle.nn.Tanh(), paddle.nn.Dropout(0.3),
        paddle.nn.Linear(8, 4))


def _run(call, dtype="float32"):
    """Forward, an unrelated draw between forward and backward, backward; then one more draw to
    see the generator continue where the plain run leaves it."""
    paddle.set_default_dtype(dtype)
    try:
        m = _model()
        paddle.seed(10)
        x = paddle.randn([5, 6])
        x.stop_gradient = False
        y = call(m, x)
        between = paddle.rand([3]).numpy()
        (y * y).sum().backward()
        after = paddle.rand([3]).numpy()
        return dict(y=y.numpy(), dx=x.grad.numpy(), between=between, after=after,
                    dp=[p.grad.numpy() for p in m.parameters()])
    finally:
        paddle.set_default_dtype("float32")


def _same(a, b):
    assert a.keys() == b.keys()
    for k in a:
        va, vb = a[k], b[k]
        if isinstance(va, list):
            assert len(va) == len(vb)
            for p, q in zip(va, vb):
                np.testing.assert_array_equal(p, q)
        else:
            np.testing.assert_array_equal(va, vb)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_recompute_matches_plain_run_with_dropout(dtype):
    plain = _run(lambda m, x: m(x), dtype)
    _same(plain, _run(lambda m, x: recompute(m, x), dtype))
    # a dropout mask was really drawn (some zeros in the hidden layer's grads pattern)
    assert np.any(plain["dx"] != 0)


def test_recompute_of_a_part_and_a_function():
    def call(m, x):
        h = recompute(lambda t: m[2](m[1](m[0](t))), x)
        return m[6](recompute(m[5], m[4](m[3](h))))
    _same(_run(lambda m, x: m(x)), _run(call))


def test_without_preserve_rng_state_the_mask_differs():
    plain = _run(lambda m, x: m(x))
    other = _run(lambda m, x: recompute(m, x, preserve_rng_state=False))
    np.testing.assert_array_equal(plain["y"], other["y"])       # forward is the same run
    assert not np.array_equal(plain["dx"], other["dx"])         # backward drew a new mask


def test_grads_against_numpy():
    rng = np.random.default_rng(0)
    w = rng.standard_normal((4, 3))
    xv = rng.standard_normal((2, 4))
    x = paddle.to_tensor(xv, stop_gradient=False)
    wt = paddle.to_tensor(w, stop_gradient=False)
    y = recompute(lambda a, b: paddle.tanh(a @ b), x, wt)
    y.sum().backward()
    g = 1 - np.tanh(xv @ w) ** 2
    np.testing.assert_allclose(x.grad.numpy(), g @ w.T, rtol=1e-12)
    np.testing.assert_allclose(wt.grad.numpy(), xv.T @ g, rtol=1e-12)


def test_several_outputs_tuple_and_keyword_arguments():
    rng = np.random.default_rng(1)
    av, bv, cv = (rng.standard_normal((3, 3)) for _ in range(3))

    def f(pair, c, scale=1.0, mask=None):
        a, b = pair
        return a * b * scale, paddle.exp(c), mask

    def grads(rc):
        a, b, c = (paddle.to_tensor(v, stop_gradient=False) for v in (av, bv, cv))
        mask = paddle.ones([3])
        out = recompute(f, (a, b), c, scale=2.0, mask=mask) if rc else f((a, b), c, 2.0, mask)
        if rc:   # a passed-through argument comes back as a new Tensor on the same data
            assert out[2] is not mask and mask.stop_gradient and mask.grad_fn is None
            np.testing.assert_array_equal(out[2].numpy(), np.ones(3))
        (out[0].sum() + (out[1] * out[1]).sum()).backward()
        return [t.grad.numpy() for t in (a, b, c)]

    for p, q in zip(grads(False), grads(True)):
        np.testing.assert_array_equal(p, q)
    np.testing.assert_allclose(grads(True)[0], 2 * bv)


def test_recompute_sequential_segments_match_plain():
    plain = _run(lambda m, x: m(x))
    for segments in (1, 2, 3, 7):
        _same(plain, _run(lambda m, x: recompute_sequential({"segments": segments}, m, x)))
    # a list of callables works too
    _same(plain, _run(lambda m, x: recompute_sequential(
        {"segments": 2, "preserve_rng_state": True}, list(m.children()), x)))


def test_public_names():
    assert paddle.distributed.fleet.utils.recompute is recompute
    assert paddle.distributed.fleet.recompute.recompute is recompute
    assert paddle.incubate.distributed.fleet.recompute_sequential is recompute_sequential


def test_errors_and_warning():
    a = paddle.ones([2], dtype="float32")
    a.stop_gradient = False
    b = paddle.ones([2], dtype="float32")
    with pytest.raises(ValueError, match="tensor and non-tensor at same time"):
        recompute(lambda t: t[0] * 2, (a, 1.0))
    with pytest.raises(ValueError, match="holds different stop gradient"):
        recompute(lambda t: t[0] * t[1], (a, b))

    def kw_only(x, *, k=1):
        return x * k
    with pytest.raises(ValueError, match="keyword-only arguments are not supported"):
        recompute(kw_only, a, k=2)
    with pytest.warns(UserWarning, match="None of the inputs to current recompute block"):
        recompute(lambda t: t * 2, b)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with paddle.no_grad():                       # no graph, no warning
            out = recompute(lambda t: t * 2, a)
    assert out.stop_gradient
    np.testing.assert_array_equal(out.numpy(), [2.0, 2.0])


def test_activations_are_not_kept():
    """The graph after a recomputed forward holds one node for the whole block."""
    m = _model()
    x = paddle.randn([5, 6])
    x.stop_gradient = False
    y = recompute(m, x)
    assert type(y.grad_fn).__name__ == "GradNodePyLayer"
    assert len(y.grad_fn.next_functions) == 1
