"""paddle.autograd.PyLayer: apply, the ctx, the GradNodePyLayer, backward's checks, double
backward, retain_graph, saved-tensor hooks and memory (behaviour checked against Paddle 3.3.1)."""
import gc
import weakref

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.autograd.py_layer import (PyLayer, PyLayerContext, Function,
                                          once_differentiable)


def leaf(v, dtype="float64"):
    return paddle.to_tensor(v, dtype=dtype, stop_gradient=False)


class Tanh(PyLayer):
    @staticmethod
    def forward(ctx, x, scale=1.0):
        ctx.seen = (paddle.is_grad_enabled(), x.stop_gradient)
        y = paddle.tanh(x) * scale
        ctx.intermediate_stops = y.stop_gradient
        ctx.save_for_backward(y)
        ctx.scale = scale
        return y

    @staticmethod
    def backward(ctx, dy):
        ctx.bwd_grad_enabled = paddle.is_grad_enabled()
        y, = ctx.saved_tensor()
        return dy * (1 - paddle.square(y / ctx.scale)) * ctx.scale


class Cube(PyLayer):
    """backward is made of differentiable ops and uses a saved input."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x * x

    @staticmethod
    def backward(ctx, dy):
        x, = ctx.saved_tensor()
        return 3.0 * x * x * dy


class Exp(PyLayer):
    """backward uses the saved *output*: second order grads flow back into this node."""

    @staticmethod
    def forward(ctx, x):
        y = paddle.exp(x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, dy):
        y, = ctx.saved_tensor()
        return y * dy


def test_forward_backward_node_and_grad_modes():
    x = leaf([0.5, -1.0])
    y = Tanh.apply(x, scale=3.0)
    assert y.stop_gradient is False
    assert y.grad_fn.name() == "GradNodePyLayer_Tanh"
    y.sum().backward()
    t = np.tanh([0.5, -1.0])
    np.testing.assert_allclose(x.grad.numpy(), 3.0 * (1 - t * t))


def test_forward_runs_without_recording_and_backward_with_create_graph_only():
    ctxs = []

    class Spy(Tanh):
        @staticmethod
        def forward(ctx, x):
            ctxs.append(ctx)
            return Tanh.forward(ctx, x)

    x = leaf([0.5])
    Spy.apply(x).backward()
    ctx = ctxs[0]
    assert ctx.seen == (False, False)          # grad off inside forward, input untouched
    assert ctx.intermediate_stops is True      # ops in forward record nothing
    assert ctx.bwd_grad_enabled is False
    paddle.grad(Spy.apply(x), x, create_graph=True)
    assert ctxs[1].bwd_grad_enabled is True


def test_ctx_type_and_aliases():
    seen = []

    class Probe(PyLayer):
        @staticmethod
        def forward(ctx, x):
            seen.append(ctx)
            return x * 2.0

        @staticmethod
        def backward(ctx, g):
            return g

    Probe.apply(leaf([1.0]))
    ctx = seen[0]
    assert type(ctx).__name__ == "Probe_backward"
    assert isinstance(ctx, PyLayerContext) and not isinstance(ctx, PyLayer)
    assert ctx.name() == "GradNodePyLayer_Probe"
    assert Function is PyLayer
    assert Probe().apply(leaf([2.0])).numpy().tolist() == [4.0]  # apply on an instance


def test_no_node_without_grad():
    x = paddle.to_tensor([0.5, 1.0], dtype="float64")
    y = Tanh.apply(x)
    assert y.stop_gradient and y.grad_fn is None
    with paddle.no_grad():
        y = Tanh.apply(leaf([0.5]))
    assert y.stop_gradient and y.grad_fn is None


def test_non_tensor_arguments_and_outputs():
    class Mix(PyLayer):
        @staticmethod
        def forward(ctx, x, n, tag="t"):
            return x * n, n, tag

        @staticmethod
        def backward(ctx, g):  # one grad: only Tensor outputs get one
            return g * 3.0

    x = leaf([1.0, 2.0])
    out = Mix.apply(x, 3, tag="s")
    assert type(out) is tuple and out[1:] == (3, "s")
    out[0].sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [3.0, 3.0])


def test_several_inputs_outputs_kwargs_and_list_inputs():
    class Lin(PyLayer):
        @staticmethod
        def forward(ctx, xs, w, b=None):
            ctx.save_for_backward(xs, w)
            return [xs[0] * w + b, xs[1] * w]

        @staticmethod
        def backward(ctx, g0, g1):
            (x0, x1), w = ctx.saved_tensor()
            return [g0 * w, g1 * w], g0 * x0 + g1 * x1, g0

    a, c = leaf([1.0, 2.0]), leaf([3.0, 4.0])
    w, b = leaf([5.0, 6.0]), leaf([0.5, 0.5])
    out = Lin.apply([a, c], w, b=b)
    assert type(out) is list and [t.stop_gradient for t in out] == [False, False]
    (out[0] * 2.0 + out[1]).sum().backward()
    np.testing.assert_allclose(a.grad.numpy(), [10.0, 12.0])
    np.testing.assert_allclose(c.grad.numpy(), [5.0, 6.0])
    np.testing.assert_allclose(w.grad.numpy(), [2 * 1 + 3, 2 * 2 + 4])
    np.testing.assert_allclose(b.grad.numpy(), [2.0, 2.0])


def test_saved_tensor_returns_what_was_saved():
    got = {}

    class Save(PyLayer):
        @staticmethod
        def forward(ctx, x):
            got["before"] = ctx.saved_tensor()
            ctx.save_for_backward(x, None, 3, [x, x])
            return x * 2.0

        @staticmethod
        def backward(ctx, g):
            got["after"] = ctx.saved_tensor()
            return g

    x = leaf([1.0])
    Save.apply(x).backward()
    assert got["before"] is None
    s = got["after"]
    assert type(s) is tuple and s[0] is x and s[1] is None and s[2] == 3
    assert type(s[3]) is list and s[3][0] is x


def test_mark_non_differentiable():
    class Two(PyLayer):
        @staticmethod
        def forward(ctx, x):
            a, b = x + x, x * 3.0
            ctx.mark_non_differentiable(a)
            return a, b

        @staticmethod
        def backward(ctx, ga, gb):
            ctx.ga = ga.numpy().copy()
            return gb

    x = leaf([1.0, 2.0])
    a, b = Two.apply(x)
    assert a.stop_gradient is True and b.stop_gradient is False
    (a.sum() + b.sum()).backward()
    np.testing.assert_allclose(x.grad.numpy(), [1.0, 1.0])


@pytest.mark.parametrize("materialize", [True, False])
def test_set_materialize_grads(materialize):
    got = []

    class Two(PyLayer):
        @staticmethod
        def forward(ctx, x):
            ctx.set_materialize_grads(materialize)
            return x * 2.0, x * 3.0

        @staticmethod
        def backward(ctx, g1, g2):
            got.append(g2)
            return g1

    x = leaf([1.0, 2.0])
    Two.apply(x)[0].sum().backward()
    if materialize:
        np.testing.assert_array_equal(got[0].numpy(), [0.0, 0.0])
        assert got[0].dtype == paddle.float64
    else:
        assert got[0] is None
    np.testing.assert_allclose(x.grad.numpy(), [1.0, 1.0])


class Same(PyLayer):
    @staticmethod
    def forward(ctx, x, mark=False):
        if mark:
            ctx.mark_not_inplace(x)
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 5.0


def test_returning_an_input_is_inplace():
    a = leaf([1.0, 2.0])
    x = a * 2.0
    y = Same.apply(x)
    assert y is x and x.inplace_version == 1
    assert x.grad_fn.name() == "GradNodePyLayer_Same"
    y.sum().backward()
    np.testing.assert_allclose(a.grad.numpy(), [10.0, 10.0])


def test_mark_not_inplace_returns_a_new_tensor():
    a = leaf([1.0, 2.0])
    x = a * 2.0
    y = Same.apply(x, True)
    assert y is not x and x.inplace_version == 0
    assert x.grad_fn.name() == "ScaleGradNode" and y.grad_fn.name() == "GradNodePyLayer_Same"
    y.sum().backward()
    np.testing.assert_allclose(a.grad.numpy(), [10.0, 10.0])
    z = Same.apply(a, True)  # a leaf marked not inplace is fine too
    assert z is not a and a.is_leaf


def test_inplace_on_a_leaf_that_needs_grad_raises():
    with pytest.raises(ValueError, match=r"Same : Leaf Var .* can't use inplace strategy"):
        Same.apply(leaf([1.0]))


def _layer(ret):
    class L(PyLayer):
        @staticmethod
        def forward(ctx, *xs):
            return xs[0] * 2.0

        @staticmethod
        def backward(ctx, g):
            return ret(g)
    return L


@pytest.mark.parametrize("ret, second, match", [
    (lambda g: (g, g), None, r"number of outputs of `PyLayer.backward` should be 1, but received 2"),
    (lambda g: g, "grad", r"should not return empty at 1 position"),
    (lambda g: (g, g), "const", r"should return None at 1 position, because it's forward Tensor's "
                                r"stopgradient is true"),
    (lambda g: [g], None, r"only support Tensor or None for backward output, but got list"),
    (lambda g: g.numpy(), None, r"but got numpy.ndarray"),
    (lambda g: 1, None, r"but got int"),
    (lambda g: paddle.ones([2, 2], "float64"), None, r"gradient of shape \[2, 2\] at position 0, "
                                                     r"but the forward input there has shape \[2\]"),
])
def test_backward_return_checks(ret, second, match):
    args = [leaf([1.0, 2.0])]
    if second == "grad":
        args.append(leaf([1.0, 1.0]))
    elif second == "const":
        args.append(paddle.to_tensor([1.0, 1.0], dtype="float64"))
    y = _layer(ret).apply(*args)
    with pytest.raises(ValueError, match=r"\(InvalidArgument\) GradNodePyLayer_L.*" + match):
        y.sum().backward()


def test_backward_may_return_none_or_omit_stop_gradient_inputs():
    x, c = leaf([1.0, 2.0]), paddle.to_tensor([1.0, 1.0], dtype="float64")
    _layer(lambda g: g).apply(x, c).sum().backward()           # omitted: c stops gradient
    _layer(lambda g: (g, None)).apply(x, c).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [2.0, 2.0])
    z = leaf([1.0])
    _layer(lambda g: None).apply(z).sum().backward()           # None: no grad for z
    assert z.grad is None


def test_list_input_needs_a_list_of_grads():
    ret_of = {}

    class Pair(PyLayer):
        @staticmethod
        def forward(ctx, xs):
            return xs[0] + xs[1]

        @staticmethod
        def backward(ctx, g):
            return ret_of["ret"](g)

    for ret, match in [(lambda g: g, "must return a list or tuple of 2 gradients"),
                       (lambda g: [g], "returned 1 gradients at position 0")]:
        ret_of["ret"] = ret
        y = Pair.apply([leaf([1.0]), leaf([2.0])])
        with pytest.raises(ValueError, match=match):
            y.backward()


def test_wrong_dtype_grad_is_cast_to_the_input_dtype():
    x = leaf([1.0, 2.0])
    _layer(lambda g: paddle.ones([2], "float32")).apply(x).sum().backward()
    assert x.grad.dtype == paddle.float64


def test_error_in_user_backward_is_external_oserror():
    def boom(g):
        raise KeyError("boom")

    y = _layer(boom).apply(leaf([1.0]))
    with pytest.raises(OSError, match=r"\(External\) Error in backward of GradNodePyLayer_L: "
                                      r"KeyError: 'boom'") as info:
        y.backward()
    assert isinstance(info.value.__cause__, KeyError)


def test_forward_errors():
    class NoTensor(PyLayer):
        @staticmethod
        def forward(ctx, x):
            return 1, "a"

    with pytest.raises(ValueError, match=r"NoTensor : At least one output of `PyLayer.forward` "
                                         r"is a `Tensor`"):
        NoTensor.apply(leaf([1.0]))

    class NoForward(PyLayer):
        pass

    with pytest.raises(NotImplementedError, match="implement the forward"):
        NoForward.apply(leaf([1.0]))


def test_backward_twice_with_retain_graph():
    # Paddle 3.3.1 segfaults on the second backward
    x = leaf([1.0, 2.0])
    loss = Cube.apply(x).sum()
    loss.backward(retain_graph=True)
    loss.backward()
    np.testing.assert_allclose(x.grad.numpy(), 2 * 3 * np.array([1.0, 4.0]))
    with pytest.raises(SystemError, match="already released"):
        loss.backward()


def test_double_backward_analytic():
    x = leaf([1.0, 2.0])
    g, = paddle.grad(Cube.apply(x).sum(), x, create_graph=True)
    np.testing.assert_allclose(g.numpy(), [3.0, 12.0])
    assert g.stop_gradient is False
    g.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [6.0, 12.0])  # d/dx 3x^2


def test_double_backward_through_saved_output_matches_finite_differences():
    x0 = np.array([0.3, -0.7, 1.1])
    v = np.array([1.0, 2.0, -1.0])

    def first_grad(xv, create_graph=False):
        x = leaf(xv)
        y = Exp.apply(x * x)  # d/dx sum(v * exp(x^2)) = 2 x v exp(x^2)
        g, = paddle.grad((y * paddle.to_tensor(v)).sum(), x, create_graph=create_graph)
        return x, g

    x, g = first_grad(x0, create_graph=True)
    np.testing.assert_allclose(g.numpy(), 2 * x0 * v * np.exp(x0 * x0))
    g.sum().backward()
    eps = 1e-6
    fd = [(first_grad(x0 + eps * e)[1].numpy().sum() - first_grad(x0 - eps * e)[1].numpy().sum())
          / (2 * eps) for e in np.eye(3)]
    np.testing.assert_allclose(x.grad.numpy(), fd, rtol=1e-6)


def test_once_differentiable_backward_records_nothing():
    class Sq(PyLayer):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x

        @staticmethod
        @once_differentiable
        def backward(ctx, g):
            x, = ctx.saved_tensor()
            return 2.0 * x * g

    x = leaf([3.0])
    g, = paddle.grad(Sq.apply(x), x, create_graph=True)
    np.testing.assert_allclose(g.numpy(), [6.0])
    assert g.stop_gradient is True


def test_saved_tensors_hooks_apply_to_saved_tensors():
    log = []

    def pack(t):
        log.append("pack")
        return t.numpy()

    def unpack(a):
        log.append("unpack")
        return paddle.to_tensor(a)

    x = leaf([1.0, 2.0])
    with paddle.autograd.saved_tensors_hooks(pack, unpack):
        y = Exp.apply(x)
    assert log == ["pack"]
    y.sum().backward()
    assert log == ["pack", "unpack"]
    np.testing.assert_allclose(x.grad.numpy(), np.exp([1.0, 2.0]))


def test_saved_tensor_modified_inplace_raises():
    a = leaf([1.0, 2.0])
    x = a * 1.0
    y = Cube.apply(x)       # saves x
    Same.apply(x)           # returns x: an inplace write to x
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.sum().backward()


def test_ctx_and_saved_arrays_are_freed_after_backward():
    ctxs = []

    class Keep(PyLayer):
        @staticmethod
        def forward(ctx, x):
            y = paddle.exp(x)
            h = paddle.tanh(x)
            ctx.save_for_backward(y, h)
            ctx.out = y               # an output held as a plain attribute: a cycle until
            ctxs.append(weakref.ref(ctx))  # the node releases the ctx
            return y

        @staticmethod
        def backward(ctx, g):
            y, h = ctx.saved_tensor()
            return g * y + 0.0 * h

    gc.collect()
    gc.disable()
    try:
        x = leaf(np.ones((16, 16)))
        y = Keep.apply(x)
        loss = y.sum()
        saved = [weakref.ref(t._data) for t in ctxs[0]().saved_tensor()]
        node = weakref.ref(y.grad_fn)
        del y
        assert ctxs[0]() is not None and all(s() is not None for s in saved)
        loss.backward()
        assert ctxs[0]() is None, "the ctx survived backward"
        assert all(s() is None for s in saved), "a saved array survived backward"
        del loss
        assert node() is None, "the node survived: reference cycle"
    finally:
        gc.enable()


def test_retain_graph_keeps_the_ctx_until_the_graph_is_freed():
    ctxs = []

    class Keep(Cube):
        @staticmethod
        def forward(ctx, x):
            ctxs.append(weakref.ref(ctx))
            return Cube.forward(ctx, x)

    gc.collect()
    gc.disable()
    try:
        x = leaf([1.0])
        loss = Keep.apply(x).sum()
        loss.backward(retain_graph=True)
        assert ctxs[0]() is not None
        del loss
        assert ctxs[0]() is None
    finally:
        gc.enable()


def test_unused_graph_is_freed_without_the_cyclic_gc():
    class Marks(PyLayer):
        @staticmethod
        def forward(ctx, x):
            a, b = x * 2.0, x * 3.0
            ctx.mark_non_differentiable(a)
            ctx.mark_not_inplace(x)
            ctx.save_for_backward(a, b)
            return a, b, x

        @staticmethod
        def backward(ctx, ga, gb, gx):
            return gb + gx

    gc.collect()
    gc.disable()
    try:
        x = leaf([1.0])
        a, b, x2 = Marks.apply(x)
        node = weakref.ref(b.grad_fn)
        del a, b, x2
        assert node() is None, "the ctx kept its outputs alive: reference cycle"
    finally:
        gc.enable()
